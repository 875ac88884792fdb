package fix_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/fix"
)

// propPieces make texts with what fixes act on: words, sentence ends, LinkedIn's
// reserved characters, YouTube's < and >, hashtags, mentions and cashtags (past their
// counts when repeated), wide characters and emoji.
var propPieces = []string{"word ", "longerword ", "end. ", "(x) ", "#tag ", "a_b ", "<b> ", "日本語 ", "👩‍👩‍👧 ", "\n", "é", "x",
	"@bob ", "$AAPL ", "#", "\t"}

// propLangs are list entries, some past a list's count.
var propLangs = []string{"en", "de", "fr", "es", "it", "ja"}

// propTimes are scheduled times the grammar refuses, with and without a canonical form.
var propTimes = []string{"2030-01-15T11:30+02:00", "2030-01-15t09:30z", "2030-01-15T09:30:00.5-05:00", "2030-01-15T09:30"}

// propWhole are whole-number option values, in and out of the wire's range.
var propWhole = []json.Number{"-5", "0", "1e12", "12", "999999999", "1000000000"}

var propPlatforms = []string{"twitter", "linkedin", "bluesky", "threads", "instagram", "pinterest", "youtube", "facebook"}

type located struct{ rule, code, path string }

func errorsOf(v schema.Verdict) map[located]bool {
	m := map[located]bool{}
	for _, p := range v.Problems {
		m[located{p.Rule, string(p.Code), p.Path}] = true
	}
	return m
}

// TestFixProperties: applying any offered fix removes its problem (or warning) and adds
// no error the body did not have.
func TestFixProperties(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	// offered counts the fixes offered and applied, by rule, so the test fails when the
	// generator stops reaching a remedy.
	offered := map[string]int{}
	properties.Property("a fix removes its problem and adds no error", prop.ForAll(
		func(pieces []int, reps int, plats []int, override bool, offset bool) bool {
			var b strings.Builder
			for i := 0; i < reps; i++ {
				for _, k := range pieces {
					b.WriteString(propPieces[k])
				}
			}
			text := b.String()
			body := map[string]any{"content": text, "publishNow": true}
			var targets []any
			for k, p := range plats {
				tg := map[string]any{"platform": propPlatforms[p]}
				switch propPlatforms[p] {
				case "youtube", "pinterest":
					// The title is the text's first pieces: over its cap, with < and >, or
					// neither.
					title := text
					if reps%3 == 0 {
						title = "t"
					}
					psd := map[string]any{"title": title}
					if propPlatforms[p] == "pinterest" {
						psd["boardId"] = "1" // youtube refuses the member: its options would go unread
					}
					tg["platformSpecificData"] = psd
				case "bluesky":
					tg["platformSpecificData"] = map[string]any{"langs": propLangs[:reps%len(propLangs)]}
				case "instagram":
					tg["platformSpecificData"] = map[string]any{"collaborators": propLangs[:reps%len(propLangs)],
						"thumbOffset": propWhole[reps%len(propWhole)]}
				}
				if override && k == 0 {
					tg["content"] = text + " tail"
				}
				targets = append(targets, tg)
			}
			body["platforms"] = targets
			if offset {
				delete(body, "publishNow")
				body["scheduledFor"] = propTimes[reps%len(propTimes)]
			}
			raw, _ := json.Marshal(body)
			v := schema.CheckCreatePost(raw, schema.Env{Now: now})
			before := errorsOf(v)
			for _, p := range append(append([]schema.Problem{}, v.Problems...), v.Warnings...) {
				if p.Fix == nil {
					continue
				}
				if p.Fix.Rule != "" {
					offered[p.Fix.Rule]++
				} else {
					offered[p.Path[strings.LastIndexByte(p.Path, '/')+1:]]++
				}
				out, err := fix.Apply(raw, p.Fix.Patch)
				if err != nil {
					t.Logf("%s: patch does not apply: %v", p.Rule, err)
					return false
				}
				after := schema.CheckCreatePost(out, schema.Env{Now: now})
				// A post reports the first rule it breaks, and a text far over one cap is
				// not read to its end; with this one fixed, what was behind it may show.
				// Those were there before: the body checked without this rule, and a
				// forbidden character in a text the fix only cut (a prefix holds no
				// character the whole did not).
				masked := map[located]bool{}
				if p.Rule != "" {
					masked = errorsOf(schema.CheckCreatePost(raw, schema.Env{Now: now, Limits: rules.DefaultLimits().Disable(p.Rule)}))
				}
				for _, q := range append(append([]schema.Problem{}, after.Problems...), after.Warnings...) {
					if q.Rule == p.Rule && q.Code == p.Code && q.Path == p.Path {
						t.Logf("%s at %s remains after %q:\n%.300s", p.Rule, p.Path, p.Fix.Description, out)
						return false
					}
				}
				for l := range errorsOf(after) {
					if !before[l] && !masked[l] && !moved(p.Fix, l, before) && !split(p, l, before, masked) &&
						!(l.code == "invalid_character" && touched(p.Fix, l.path)) {
						t.Logf("%q added %+v:\n%.300s", p.Fix.Description, l, out)
						return false
					}
				}
			}
			return true
		},
		gen.SliceOfN(40, gen.IntRange(0, len(propPieces)-1)),
		gen.IntRange(1, 30),
		gen.SliceOfN(2, gen.IntRange(0, len(propPlatforms)-1)),
		gen.Bool(),
		gen.Bool(),
	))
	properties.TestingRun(t)
	for _, rule := range []string{"twitter.text.max", "linkedin.text.reserved", "youtube.description.chars", "bluesky.text.max_graphemes",
		"bluesky.langs.max", "instagram.collaborators.max", "instagram.hashtags.max", "instagram.hashtags.recommended",
		"instagram.mentions.max", "twitter.cashtag.max", "scheduledFor", "thumbOffset", "youtube.title.max", "youtube.title.chars",
		"pinterest.title.max"} {
		if offered[rule] == 0 {
			t.Errorf("no fix of %q was offered: the generator does not reach it (offered: %v)", rule, offered)
		}
	}
}

// touched says whether f's patch writes the value at path.
func touched(f *fix.Fix, path string) bool {
	for _, op := range f.Patch {
		if op.Path == path || (path == "/content" && strings.HasSuffix(op.Path, "/content")) {
			return true
		}
	}
	return false
}

// moved says whether l is an error of the shared content that the fix moved, unchanged,
// to a target's own content (a new override, for that target's platform only).
func moved(f *fix.Fix, l located, before map[located]bool) bool {
	for _, op := range f.Patch {
		if op.Op == "add" && op.Path == l.path && strings.HasSuffix(op.Path, "/content") {
			return before[located{l.rule, l.code, "/content"}]
		}
	}
	return false
}

// split says whether l is an error of a thread item that the fix added, splitting the
// text at p's path, and the text had that error before: each part holds a share of the
// whole's hashtags or cashtags, so a part past a count was a whole past it.
func split(p schema.Problem, l located, before, masked map[located]bool) bool {
	was := located{l.rule, l.code, p.Path}
	if !before[was] && !masked[was] {
		return false
	}
	for _, op := range p.Fix.Patch {
		if op.Op == "add" && strings.Contains(l.path, "/threadItems/") && strings.HasPrefix(l.path, op.Path) {
			return true
		}
	}
	return false
}
