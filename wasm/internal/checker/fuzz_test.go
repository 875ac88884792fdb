package checker

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// FuzzWrapperFault: whatever bytes arrive as a wrapper error (a wrapper bug, or a page
// that found a way to write them), the verdict is invalid, never billable, and only 400
// (a code the wrapper may find) or 500 (anything else): no forged 401, 402, 429 or 502.
func FuzzWrapperFault(f *testing.F) {
	for _, s := range []string{
		`{"code":"body_too_large","message":"big","path":"","in":""}`,
		`{"code":"rate_limited","message":"x","path":""}`,
		`{"code":"wrong_type","message":"x","path":"/a","in":"options"}`,
		`{"code":"wrong_type","message":"x","path":"","in":"draft","x":1}`,
		`{"code":"invalid_string"`, `null`, `[]`, `{}`, `{"code":"wrong_type"} {}`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, ok := WrapperFault(s)
		if s == "" {
			if ok {
				t.Fatal("an empty wrapper error must let the check run")
			}
			return
		}
		if !ok || v.Valid || v.Billable || v.Error == nil || len(v.Problems) == 0 {
			t.Fatalf("%q: %+v", s, v)
		}
		if v.HTTPStatus != 400 && v.HTTPStatus != 500 {
			t.Fatalf("%q: status %d", s, v.HTTPStatus)
		}
		if v.HTTPStatus == 400 && !wrapperCodes[v.Error.Code] {
			t.Fatalf("%q: a 400 with code %s", s, v.Error.Code)
		}
		if _, err := Marshal(v); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzAggregate: any outcomes text gets a summary or the API's error body with a code,
// never a panic, and a summary only for a JSON array (what DecodeOutcomes accepts).
func FuzzAggregate(f *testing.F) {
	for _, s := range []string{
		`[{"platform":"twitter","state":"published"}]`,
		`[{"platform":"twitter","state":"failed","state":"published"}]`,
		`[{"platform":"twitter","state":"published"}`, `[]`, `{}`, `[1]`, "[\"\xff\"]",
		`[{"platform":"twitter","state":"published","\udc00":"x"}]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, ok := Aggregate(s)
		switch r := a.(type) {
		case schema.StatusAnswer:
			if !ok || !strings.HasPrefix(strings.TrimLeft(s, " \t\r\n"), "[") {
				t.Fatalf("%q: a summary %+v (ok %v)", s, r, ok)
			}
		case schema.ErrorBody:
			if ok || r.Code == "" || r.Error == "" || apierror.New(r.Code, "", "").HTTPStatus != 400 {
				t.Fatalf("%q: %+v", s, r)
			}
		default:
			t.Fatalf("%q: answer of type %T", s, a)
		}
		if _, err := MarshalStatus(a); err != nil {
			t.Fatal(err)
		}
	})
}
