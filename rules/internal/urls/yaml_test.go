package urls

import (
	"fmt"
	"os"
	"strconv"
	"strings"
	"testing"
)

// The conformance files are YAML and this module takes no YAML library, so this is a
// reader for exactly the shapes extract.yml's URL groups and tld_lib.yml use: block
// mappings and sequences by indentation, double- or single-quoted or plain scalars, and
// flow sequences of scalars ("[a, b]"). Anything else is an error, not a guess.

// yamlNode is a parsed value: a scalar (Str), a sequence (List) or a mapping (Map, Keys
// in file order).
type yamlNode struct {
	Str  string
	List []*yamlNode
	Map  map[string]*yamlNode
	Keys []string
}

type yamlLine struct {
	indent int
	text   string // without indentation and comments
	num    int
}

func readYAMLFile(t *testing.T, path string) *yamlNode {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("conformance data missing: %v", err)
	}
	n, err := parseYAML(string(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return n
}

func parseYAML(src string) (*yamlNode, error) {
	var lines []yamlLine
	for i, raw := range strings.Split(src, "\n") {
		raw = strings.TrimRight(raw, "\r")
		trimmed := strings.TrimLeft(raw, " ")
		if trimmed == "" || trimmed[0] == '#' || trimmed == "---" {
			continue
		}
		lines = append(lines, yamlLine{indent: len(raw) - len(trimmed), text: stripComment(trimmed), num: i + 1})
	}
	p := &yamlParser{lines: lines}
	n, err := p.block(0)
	if err != nil {
		return nil, err
	}
	if p.pos != len(lines) {
		return nil, fmt.Errorf("line %d: unexpected %q", lines[p.pos].num, lines[p.pos].text)
	}
	return n, nil
}

// stripComment drops a " #" comment outside quotes.
func stripComment(s string) string {
	inDouble, inSingle := false, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && inDouble:
			i++
		case c == '"' && !inSingle:
			inDouble = !inDouble
		case c == '\'' && !inDouble:
			inSingle = !inSingle
		case c == '#' && !inDouble && !inSingle && i > 0 && s[i-1] == ' ':
			return strings.TrimRight(s[:i], " ")
		}
	}
	return s
}

type yamlParser struct {
	lines []yamlLine
	pos   int
}

// block parses the block that starts at the current line with the given indentation.
func (p *yamlParser) block(indent int) (*yamlNode, error) {
	if p.pos >= len(p.lines) {
		return &yamlNode{}, nil
	}
	if strings.HasPrefix(p.lines[p.pos].text, "- ") || p.lines[p.pos].text == "-" {
		return p.sequence(p.lines[p.pos].indent)
	}
	return p.mapping(p.lines[p.pos].indent)
}

func (p *yamlParser) sequence(indent int) (*yamlNode, error) {
	n := &yamlNode{}
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent && strings.HasPrefix(p.lines[p.pos].text+" ", "- ") {
		l := p.lines[p.pos]
		rest := strings.TrimPrefix(strings.TrimPrefix(l.text, "-"), " ")
		if rest == "" {
			p.pos++
			item, err := p.block(indent + 1)
			if err != nil {
				return nil, err
			}
			n.List = append(n.List, item)
			continue
		}
		if key, _, ok := splitKey(rest); ok && key != "" {
			// "- key: value" starts a mapping indented past the dash.
			p.lines[p.pos] = yamlLine{indent: indent + 2, text: rest, num: l.num}
			item, err := p.mapping(indent + 2)
			if err != nil {
				return nil, err
			}
			n.List = append(n.List, item)
			continue
		}
		v, err := scalarOrFlow(rest, l.num)
		if err != nil {
			return nil, err
		}
		n.List = append(n.List, v)
		p.pos++
	}
	return n, nil
}

func (p *yamlParser) mapping(indent int) (*yamlNode, error) {
	n := &yamlNode{Map: map[string]*yamlNode{}}
	for p.pos < len(p.lines) && p.lines[p.pos].indent == indent {
		l := p.lines[p.pos]
		key, value, ok := splitKey(l.text)
		if !ok {
			return nil, fmt.Errorf("line %d: want \"key: value\", got %q", l.num, l.text)
		}
		if _, dup := n.Map[key]; dup {
			return nil, fmt.Errorf("line %d: duplicate key %q", l.num, key)
		}
		p.pos++
		var v *yamlNode
		var err error
		if value == "" {
			if p.pos < len(p.lines) && (p.lines[p.pos].indent > indent ||
				(p.lines[p.pos].indent == indent && strings.HasPrefix(p.lines[p.pos].text, "- "))) {
				v, err = p.block(p.lines[p.pos].indent)
			} else {
				v = &yamlNode{} // an empty value (null)
			}
		} else {
			v, err = scalarOrFlow(value, l.num)
		}
		if err != nil {
			return nil, err
		}
		n.Map[key] = v
		n.Keys = append(n.Keys, key)
	}
	if p.pos < len(p.lines) && p.lines[p.pos].indent > indent {
		return nil, fmt.Errorf("line %d: unexpected indentation", p.lines[p.pos].num)
	}
	return n, nil
}

// splitKey splits "key: value" where key is a plain word.
func splitKey(s string) (key, value string, ok bool) {
	i := strings.Index(s, ":")
	if i <= 0 || (i+1 < len(s) && s[i+1] != ' ') {
		return "", "", false
	}
	key = s[:i]
	for _, c := range key {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return "", "", false
		}
	}
	return key, strings.TrimSpace(s[i+1:]), true
}

func scalarOrFlow(s string, num int) (*yamlNode, error) {
	if strings.HasPrefix(s, "[") {
		if !strings.HasSuffix(s, "]") {
			return nil, fmt.Errorf("line %d: multi-line flow sequences are not supported", num)
		}
		n := &yamlNode{List: []*yamlNode{}}
		rest := strings.TrimSpace(s[1 : len(s)-1])
		for rest != "" {
			v, n2, err := scalarPrefix(rest, num)
			if err != nil {
				return nil, err
			}
			n.List = append(n.List, &yamlNode{Str: v})
			rest = strings.TrimSpace(rest[n2:])
			if rest != "" {
				if rest[0] != ',' {
					return nil, fmt.Errorf("line %d: want ',' in %q", num, s)
				}
				rest = strings.TrimSpace(rest[1:])
			}
		}
		return n, nil
	}
	v, n, err := scalarPrefix(s, num)
	if err != nil {
		return nil, err
	}
	if n != len(s) {
		return nil, fmt.Errorf("line %d: trailing text after scalar in %q", num, s)
	}
	return &yamlNode{Str: v}, nil
}

// scalarPrefix reads one scalar at the start of s and returns it and its length in s.
func scalarPrefix(s string, num int) (string, int, error) {
	switch s[0] {
	case '"':
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			c := s[i]
			if c == '"' {
				return b.String(), i + 1, nil
			}
			if c != '\\' {
				b.WriteByte(c)
				continue
			}
			i++
			if i >= len(s) {
				break
			}
			switch e := s[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case '0':
				b.WriteByte(0)
			case '"', '\\', '/', ' ':
				b.WriteByte(e)
			case 'x', 'u', 'U':
				width := map[byte]int{'x': 2, 'u': 4, 'U': 8}[e]
				if i+width >= len(s) {
					return "", 0, fmt.Errorf("line %d: short escape", num)
				}
				v, err := strconv.ParseUint(s[i+1:i+1+width], 16, 32)
				if err != nil {
					return "", 0, fmt.Errorf("line %d: bad escape: %v", num, err)
				}
				b.WriteRune(rune(v))
				i += width
			default:
				return "", 0, fmt.Errorf("line %d: unsupported escape \\%c", num, e)
			}
		}
		return "", 0, fmt.Errorf("line %d: unterminated string", num)
	case '\'':
		var b strings.Builder
		for i := 1; i < len(s); i++ {
			if s[i] == '\'' {
				if i+1 < len(s) && s[i+1] == '\'' {
					b.WriteByte('\'')
					i++
					continue
				}
				return b.String(), i + 1, nil
			}
			b.WriteByte(s[i])
		}
		return "", 0, fmt.Errorf("line %d: unterminated string", num)
	}
	// A plain scalar runs to the end, or to ", " / "]" inside a flow sequence.
	end := len(s)
	if i := strings.IndexAny(s, ",]"); i >= 0 {
		end = i
	}
	return strings.TrimSpace(s[:end]), end, nil
}

func TestYAMLReader(t *testing.T) {
	src := `---
tests:
  group:
    - description: "a \"quoted\" \U0001F600 \u00e9\n"  # comment
      text: 'it''s'
      expected: ["x", 'y', z]
    - description: plain words
      expected:
        - url: "u"
          indices: [5, 22]
      empty:
list:
- 'no'
- off
`
	n, err := parseYAML(src)
	if err != nil {
		t.Fatal(err)
	}
	g := n.Map["tests"].Map["group"].List
	if len(g) != 2 {
		t.Fatalf("got %d items", len(g))
	}
	if got := g[0].Map["description"].Str; got != "a \"quoted\" 😀 é\n" {
		t.Errorf("description = %q", got)
	}
	if got := g[0].Map["text"].Str; got != "it's" {
		t.Errorf("text = %q", got)
	}
	if e := g[0].Map["expected"].List; len(e) != 3 || e[0].Str != "x" || e[1].Str != "y" || e[2].Str != "z" {
		t.Errorf("expected = %+v", e)
	}
	if e := g[1].Map["expected"].List; len(e) != 1 || e[0].Map["url"].Str != "u" || e[0].Map["indices"].List[1].Str != "22" {
		t.Errorf("expected = %+v", e)
	}
	if l := n.Map["list"].List; len(l) != 2 || l[0].Str != "no" || l[1].Str != "off" {
		t.Errorf("list = %+v", l)
	}
	for _, bad := range []string{"a: [1,\n", "a: \"x\n", "a: \"\\q\"\n", "a: 1\na: 2\n", "a:\n    b: 1\n  c: 2\n"} {
		if _, err := parseYAML(bad); err == nil {
			t.Errorf("parseYAML(%q) = nil error", bad)
		}
	}
}
