package fix_test

import (
	"reflect"
	"strings"
	"testing"

	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/fix"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// problemAt is the problem or warning of v at path, or nil.
func problemAt(v schema.Verdict, path string) *schema.Problem {
	for _, ps := range [][]schema.Problem{v.Problems, v.Warnings} {
		for i := range ps {
			if ps[i].Path == path {
				return &ps[i]
			}
		}
	}
	return nil
}

// optionBody is a post to one target of platform with platformSpecificData psd (JSON).
func optionBody(platform, psd string) string {
	return `{"content":"a","platforms":[{"platform":"` + platform + `","platformSpecificData":` + psd +
		`}],"mediaItems":[{"type":"video","url":"https://e.com/v.mp4"}],"publishNow":true}`
}

func TestOptionFixes(t *testing.T) {
	const at = "/platforms/0/platformSpecificData/"
	tests := []struct {
		why, platform, psd, member string
		desc, want                 string // want: the member's value after the fix; "" for no fix
	}{
		{"a number under the least allowed becomes the least", "tiktok", `{"videoCoverTimestampMs":-1500}`, "videoCoverTimestampMs",
			"Set videoCoverTimestampMs to 0, the least it may be", `"videoCoverTimestampMs":0`},
		{"a number over the most allowed becomes the most", "instagram", `{"thumbOffset":1e12}`, "thumbOffset",
			"Set thumbOffset to 999999999, the most it may be", `"thumbOffset":999999999`},
		{"a number no float64 holds is read as written", "tiktok", `{"photoCoverIndex":1e400}`, "photoCoverIndex",
			"Set photoCoverIndex to 999999999, the most it may be", `"photoCoverIndex":999999999`},
		{"a fraction is as near one whole number as the next: no fix", "tiktok", `{"photoCoverIndex":2.5}`, "photoCoverIndex", "", ""},
		{"an enum value in the wrong case has no single replacement in the book's terms: no fix", "linkedin", `{"visibility":"public"}`, "visibility", "", ""},
		{"ALERT: three topic types could replace it, none nearer: no fix", "googlebusiness", `{"topicType":"ALERT"}`, "topicType", "", ""},
		{"deprecated GET_OFFER: an OFFER post or any other call to action could replace it: no fix", "googlebusiness",
			`{"callToActionType":"GET_OFFER","callToActionUrl":"https://e.com/o"}`, "callToActionType", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.why, func(t *testing.T) {
			body := optionBody(tt.platform, tt.psd)
			v := schema.CheckCreatePost([]byte(body), schema.Env{Now: now})
			p := problemAt(v, at+tt.member)
			if p == nil {
				t.Fatalf("no problem at %s: %+v", tt.member, v.Problems)
			}
			if tt.want == "" {
				if p.Fix != nil {
					t.Fatalf("fix %+v, want none", p.Fix)
				}
				return
			}
			if p.Fix == nil || p.Fix.Description != tt.desc {
				t.Fatalf("fix %+v, want %q", p.Fix, tt.desc)
			}
			out, err := fix.Apply([]byte(body), p.Fix.Patch)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(string(out), tt.want) {
				t.Errorf("patched %s lacks %s", out, tt.want)
			}
			if q := problemAt(schema.CheckCreatePost(out, schema.Env{Now: now}), at+tt.member); q != nil {
				t.Errorf("a problem remains: %+v", q)
			}
		})
	}
}

// TestWholeBounds: every number-valued option is a whole one (wire:"whole"), and schema
// takes exactly 0 to 999,999,999 of each: the range the option fix's nearest values
// come from.
func TestWholeBounds(t *testing.T) {
	plats, err := optionspec.Platforms(reflect.TypeFor[schema.PlatformTarget]())
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, pl := range plats {
		for i := range pl.Options.NumField() {
			f := pl.Options.Field(i)
			k := f.Type.Kind()
			if k == reflect.Pointer || k == reflect.Slice {
				k = f.Type.Elem().Kind()
			}
			if k < reflect.Int || k > reflect.Complex128 {
				continue // not a number
			}
			n++
			m, err := optionspec.Field(pl.Options, i)
			if err != nil || m.Check != optionspec.Whole0 {
				t.Errorf("%s %s is a number without wire:\"whole\" (%v): the option fix would not know its range", pl.Name, f.Name, err)
				continue
			}
			path := "/platforms/0/platformSpecificData/" + m.Name
			for _, c := range []struct {
				lit string
				ok  bool
			}{{"0", true}, {"999999999", true}, {"-1", false}, {"1000000000", false}} {
				v := schema.CheckCreatePost([]byte(optionBody(pl.Name, `{"`+m.Name+`":`+c.lit+`}`)), schema.Env{Now: now})
				if p := problemAt(v, path); (p == nil) != c.ok {
					t.Errorf("%s %s = %s: problem %+v, want ok %v", pl.Name, m.Name, c.lit, p, c.ok)
				}
			}
		}
	}
	if n < 3 {
		t.Errorf("%d whole options: the book has 3", n)
	}
}
