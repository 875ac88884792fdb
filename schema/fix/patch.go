package fix

import (
	"encoding/json"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/split"
)

// The patches: where a new text goes (the pointer's own value, or, for the shared
// content, overrides on the targets of the rule's platform only), and a thread's new
// items.

// setText is the patch that makes the text at path next. The shared /content is posted
// by every target without its own content: it is replaced only when all of those are of
// platform; otherwise those of platform get next as their own content, and the others
// keep the shared text as it was.
func setText(root map[string]any, path string, platform rules.Platform, next string) []Op {
	if path != "/content" {
		return []Op{{Op: "replace", Path: path, Value: str(next)}}
	}
	users, mine := sharedUsers(root, platform)
	if len(users) == len(mine) {
		return []Op{{Op: "replace", Path: path, Value: str(next)}}
	}
	ops := make([]Op, 0, len(mine))
	for _, i := range mine {
		ops = append(ops, Op{Op: "add", Path: "/platforms/" + strconv.Itoa(i) + "/content", Value: str(next)})
	}
	return ops
}

// sharedUsers are the indexes of the targets that post the shared content, and those of
// them whose platform is platform.
func sharedUsers(root map[string]any, platform rules.Platform) (users, mine []int) {
	ts, _ := root["platforms"].([]any)
	for i, t := range ts {
		m, ok := t.(map[string]any)
		if !ok {
			continue
		}
		if _, own := m["content"]; own {
			continue
		}
		users = append(users, i)
		if m["platform"] == string(platform) {
			mine = append(mine, i)
		}
	}
	return users, mine
}

// thread is the fix of a post over its cap on a platform with threads (twitter): the
// post becomes the first part of its split (package split) and the other parts become
// thread items right after it.
func thread(root map[string]any, p Problem, text string, platform rules.Platform, lim rules.Limit) *Fix {
	ans, err := split.Split(text, lim, split.Options{})
	if err != nil || len(ans.Posts) < 2 {
		return nil
	}
	parts := make([]string, len(ans.Posts))
	for i, q := range ans.Posts {
		parts[i] = q.Text
	}
	fix := &Fix{Rule: p.Rule, Description: "Split into a thread of " + strconv.Itoa(len(parts)) + " posts"}
	tokens, ok := parsePointer(p.Path)
	if !ok {
		return nil
	}
	switch {
	case len(tokens) == 6 && tokens[0] == "platforms" && tokens[2] == "platformSpecificData" && tokens[3] == "threadItems" && tokens[5] == "content":
		n, err := strconv.Atoi(tokens[4])
		if err != nil {
			return nil
		}
		fix.Patch = append(fix.Patch, Op{Op: "replace", Path: p.Path, Value: str(parts[0])})
		items := "/platforms/" + tokens[1] + "/platformSpecificData/threadItems/"
		for k, s := range parts[1:] {
			fix.Patch = append(fix.Patch, Op{Op: "add", Path: items + strconv.Itoa(n+1+k), Value: item(s)})
		}
	case len(tokens) == 3 && tokens[0] == "platforms" && tokens[2] == "content":
		i, err := strconv.Atoi(tokens[1])
		if err != nil {
			return nil
		}
		fix.Patch = append(fix.Patch, Op{Op: "replace", Path: p.Path, Value: str(parts[0])})
		fix.Patch = appendItems(fix.Patch, root, i, parts[1:])
	case p.Path == "/content":
		_, mine := sharedUsers(root, platform)
		if len(mine) == 0 {
			return nil
		}
		fix.Patch = setText(root, p.Path, platform, parts[0])
		for _, i := range mine {
			fix.Patch = appendItems(fix.Patch, root, i, parts[1:])
		}
	default:
		return nil
	}
	return fix
}

// appendItems appends the ops that put rest at the start of target i's thread items,
// creating platformSpecificData or threadItems when the target has none.
func appendItems(ops []Op, root map[string]any, i int, rest []string) []Op {
	ts, _ := root["platforms"].([]any)
	t, _ := ts[i].(map[string]any)
	base := "/platforms/" + strconv.Itoa(i) + "/platformSpecificData"
	psd, ok := t["platformSpecificData"].(map[string]any)
	if !ok {
		return append(ops, Op{Op: "add", Path: base, Value: json.RawMessage(`{"threadItems":` + string(items(rest)) + `}`)})
	}
	if _, ok := psd["threadItems"].([]any); !ok {
		return append(ops, Op{Op: "add", Path: base + "/threadItems", Value: items(rest)})
	}
	for k, s := range rest {
		ops = append(ops, Op{Op: "add", Path: base + "/threadItems/" + strconv.Itoa(k), Value: item(s)})
	}
	return ops
}

func item(s string) json.RawMessage { return json.RawMessage(`{"content":` + string(str(s)) + `}`) }

func items(ss []string) json.RawMessage {
	var b strings.Builder
	b.WriteByte('[')
	for k, s := range ss {
		if k > 0 {
			b.WriteByte(',')
		}
		b.Write(item(s))
	}
	b.WriteByte(']')
	return json.RawMessage(b.String())
}

// str is s as JSON text, without HTML escaping (the body's own text stays as readable as
// it was).
func str(s string) json.RawMessage {
	var b strings.Builder
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	_ = e.Encode(s) // a string always encodes
	return json.RawMessage(strings.TrimSuffix(b.String(), "\n"))
}

// stringAt is the string value at pointer in root.
func stringAt(root map[string]any, pointer string) (string, bool) {
	s, ok := valueAt(root, pointer).(string)
	return s, ok
}

// valueAt is the value at pointer in root; nil when there is none.
func valueAt(root map[string]any, pointer string) any {
	tokens, ok := parsePointer(pointer)
	if !ok {
		return nil
	}
	var v any = root
	for _, t := range tokens {
		switch c := v.(type) {
		case map[string]any:
			v = c[t]
		case []any:
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n >= len(c) || (len(t) > 1 && t[0] == '0') {
				return nil
			}
			v = c[n]
		default:
			return nil
		}
	}
	return v
}

// parsePointer splits a JSON pointer (RFC 6901) into its unescaped reference tokens;
// false when it is not one ("" is the whole document: no tokens).
func parsePointer(p string) ([]string, bool) {
	if p == "" {
		return nil, true
	}
	if p[0] != '/' {
		return nil, false
	}
	var out []string
	start := 1
	for i := 1; i <= len(p); i++ {
		if i < len(p) && p[i] != '/' {
			continue
		}
		t := p[start:i]
		if strings.IndexByte(t, '~') >= 0 {
			var b strings.Builder
			for j := 0; j < len(t); j++ {
				if t[j] != '~' {
					b.WriteByte(t[j])
					continue
				}
				if j+1 == len(t) || (t[j+1] != '0' && t[j+1] != '1') {
					return nil, false
				}
				if t[j+1] == '0' {
					b.WriteByte('~')
				} else {
					b.WriteByte('/')
				}
				j++
			}
			t = b.String()
		}
		out = append(out, t)
		start = i + 1
	}
	return out, true
}
