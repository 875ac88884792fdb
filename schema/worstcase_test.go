package schema

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/xweight"
)

// worstSize is the size every worst-case body is grown to: the default body limit.
const worstSize = DefaultMaxBodyBytes

// worstCase is one adversarial body of at most worstSize bytes and the environment it is
// checked in.
type worstCase struct {
	name string
	// why the shape is hostile, and what keeps it linear now.
	why  string
	body []byte
	env  Env
}

// fillTargets is a create-post body: content, then as many copies of target as fit in
// worstSize (target may use %d for its index).
func fillTargets(content string, target func(i int) string, extra string) []byte {
	var b strings.Builder
	b.Grow(worstSize)
	b.WriteString(`{"publishNow":true,` + extra + `"content":"` + content + `","platforms":[`)
	for i := 0; ; i++ {
		t := target(i)
		if b.Len()+len(t)+3 > worstSize {
			break
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(t)
	}
	b.WriteString("]}")
	return []byte(b.String())
}

func repeatTo(unit string, bytes int) string { return strings.Repeat(unit, bytes/len(unit)) }

func worstCases() []worstCase {
	const half = 512 << 10
	constant := func(s string) func(int) string { return func(int) string { return s } }
	xw := rules.DefaultLimits().With(rules.Twitter, rules.Limit{Counter: xweight.Default()})
	var thousand []rules.Account
	for i := 0; i < 1000; i++ {
		thousand = append(thousand, rules.Account{Platform: rules.Twitter, ID: "tw-" + strconv.Itoa(i)})
	}
	twoTwitter := []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}
	longName := strings.Repeat("k", half)
	return []worstCase{
		{
			name: "one-cluster-tiktok",
			why:  "512 KB of one grapheme cluster (U+0600 repeated) shared by ~23,800 tiktok targets: measured once per platform",
			body: fillTargets(repeatTo("\u0600", half), constant(`{"platform":"tiktok"}`), ""),
		},
		{
			name: "combining-xweighted-twitter",
			why:  "512 KB of e+U+0301 counted x-weighted, shared by ~22,700 twitter targets",
			body: fillTargets(repeatTo("e\u0301", half), constant(`{"platform":"twitter"}`), ""),
			env:  Env{Limits: xw},
		},
		{
			name: "hangul-facebook",
			why:  "512 KB of Hangul LV+T under facebook's 63,206 cap (counted exactly) x ~21,800 targets",
			body: fillTargets(repeatTo("\uAC00\u11A8", half), constant(`{"platform":"facebook"}`), ""),
		},
		{
			name: "cjk-facebook",
			why:  "512 KB of CJK on facebook x ~21,800 targets",
			body: fillTargets(repeatTo("\u4E2D", half), constant(`{"platform":"facebook"}`), ""),
		},
		{
			name: "many-targets-1000-accounts",
			why:  "~45,600 twitter targets against 1,000 connected twitter accounts: one candidate list, not one per target",
			body: fillTargets("hi", constant(`{"platform":"twitter"}`), ""),
			env:  Env{Accounts: thousand},
		},
		{
			name: "rejected-accountIds",
			why:  "~26,000 targets whose AccountId (wrong case) is rejected, far past the problem cap: O(1) marks",
			body: fillTargets("hi", constant(`{"platform":"twitter","AccountId":"a"}`), ""),
			env:  Env{Accounts: twoTwitter},
		},
		{
			name: "overrides-over-cap",
			why:  "~8,000 targets, each with its own 120-byte override over a tiny cap: one measurement per override",
			body: fillTargets("hi", func(i int) string {
				return `{"platform":"bluesky","content":"` + strings.Repeat("x", 120) + `"}`
			}, ""),
			env: Env{Limits: rules.DefaultLimits().With(rules.Bluesky, rules.Limit{Cap: 5})},
		},
		{
			name: "duplicates-under-long-name",
			why:  "a 512 KB member name with ~87,000 duplicate members under it: pointers built only for listed problems",
			body: []byte(`{"publishNow":true,"content":"hi","platforms":[{"platform":"linkedin","platformSpecificData":{"` +
				longName + `":{` + strings.TrimSuffix(repeatTo(`"a":1,`, half-200), ",") + `}}}]}`),
		},
		{
			name: "unknown-fields",
			why:  "~95,000 unknown members of one object: each suggests a name, bounded by the names' length",
			body: []byte(`{"publishNow":true,"content":"hi","platforms":[{"platform":"twitter"}],` +
				strings.TrimSuffix(repeatTo(`"Contnt":1,`, worstSize-100), ",") + `}`),
		},
		{
			name: "thread-items",
			why:  "one twitter target with ~50,000 thread items over the cap",
			body: []byte(`{"publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[` +
				strings.TrimSuffix(repeatTo(`{"content":"`+strings.Repeat("y", 5)+`"},`, worstSize-100), ",") + `]}}]}`),
			env: Env{Limits: rules.DefaultLimits().With(rules.Twitter, rules.Limit{Cap: 2})},
		},
	}
}

func TestWorstCasesAreAtMostTheBodyLimit(t *testing.T) {
	for _, wc := range worstCases() {
		if len(wc.body) > worstSize || len(wc.body) < worstSize*9/10 {
			t.Errorf("%s: %d bytes, want about %d", wc.name, len(wc.body), worstSize)
		}
		var v any
		if err := json.Unmarshal(wc.body, &v); err != nil {
			t.Errorf("%s: not JSON: %v", wc.name, err)
		}
	}
}

// BenchmarkWorstCase checks each adversarial body of docs/performance.md's table (and the worse ones
// found since) and, in the same run, json.Unmarshal of the same body into any: the goal is
// every check within 5x that unmarshal and 8 B allocated per body byte.
//
//	go test ./schema -run '^$' -bench WorstCase -benchmem -benchtime 200ms
func BenchmarkWorstCase(b *testing.B) {
	for _, wc := range worstCases() {
		b.Run(wc.name+"/check", func(b *testing.B) {
			b.SetBytes(int64(len(wc.body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckCreatePost(wc.body, wc.env)
			}
		})
		// The same body with no bound on the number of targets: the cost is still
		// linear, only its constant is larger (the bound is a product decision, not what
		// keeps the check linear).
		unbounded := wc.env
		unbounded.MaxTargets = -1
		b.Run(wc.name+"/check-unbounded", func(b *testing.B) {
			b.SetBytes(int64(len(wc.body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckCreatePost(wc.body, unbounded)
			}
		})
		b.Run(wc.name+"/json.Unmarshal", func(b *testing.B) {
			b.SetBytes(int64(len(wc.body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				var v any
				if err := json.Unmarshal(wc.body, &v); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
