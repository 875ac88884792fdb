package schema

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

// verdictInvariants are what every verdict promises, whatever the input.
func verdictInvariants(t *testing.T, v Verdict) {
	t.Helper()
	if v.Problems == nil || v.Targets == nil {
		t.Fatalf("nil Problems or Targets: %+v", v)
	}
	if v.Valid != (len(v.Problems) == 0) || v.Valid != (v.Error == nil) || v.Valid != v.Billable {
		t.Fatalf("Valid %v with %d problems, error %v, billable %v", v.Valid, len(v.Problems), v.Error, v.Billable)
	}
	if v.Valid {
		if v.HTTPStatus != 202 || v.Status == "" {
			t.Fatalf("valid verdict: status %d %q", v.HTTPStatus, v.Status)
		}
		return
	}
	if v.HTTPStatus != v.Problems[0].Code.HTTPStatus() || v.HTTPStatus < 400 || v.HTTPStatus >= 500 {
		t.Fatalf("status %d for first problem %+v", v.HTTPStatus, v.Problems[0])
	}
	for _, p := range v.Problems {
		if p.Code == "" || p.Message == "" || (p.Path != "" && !strings.HasPrefix(p.Path, "/")) {
			t.Fatalf("bad problem %+v", p)
		}
	}
}

// problemKeys are a verdict's problems as "code path". Messages are left out: an empty
// "platforms" re-encodes as absent, which is the same problem (no_targets) in other words.
func problemKeys(v Verdict) []string {
	out := []string{}
	for _, p := range v.Problems {
		out = append(out, string(p.Code)+" "+p.Path)
	}
	return out
}

// seeds are create-post bodies: the typical request, every verdict case's body, and a few
// that reach corners of the decoder.
func seeds() [][]byte {
	out := [][]byte{typicalBody(),
		[]byte(`{"content":"\ud800","platforms":[{"platform":"linkedin","platformSpecificData":{"a":[{"b":"\u00e9"}]}}],"publishNow":true}`),
		[]byte(`{"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":6e1}}}],"content":"q","publishNow":true}`),
	}
	for _, c := range verdictCases() {
		if c.draft != "" {
			out = append(out, []byte(c.draft))
		} else {
			out = append(out, []byte(c.body))
		}
	}
	return out
}

// FuzzDecodeCreatePost: no input panics; every verdict keeps its invariants; and a body the
// decoder accepts re-encodes (json.Marshal of the decoded value) into a body that is
// accepted again, decodes to the same value and gets the same verdict.
func FuzzDecodeCreatePost(f *testing.F) {
	for _, s := range seeds() {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, body []byte) {
		env := Env{Now: now, Accounts: accounts}
		v := CheckCreatePost(body, env)
		verdictInvariants(t, v)
		p, d := decodeCreatePost(body, 0, "")
		if len(d.all()) != 0 {
			return
		}
		again := roundTrip(t, p, func(b []byte) (any, *decoder) { return decodeCreatePost(b, 0, "") })
		v2 := CheckCreatePost(again, env)
		if !reflect.DeepEqual(problemKeys(v), problemKeys(v2)) || v.Valid != v2.Valid {
			t.Fatalf("verdicts differ\n body %q\n  %q\n again %q\n  %q", body, problemKeys(v), again, problemKeys(v2))
		}
	})
}

// FuzzDecodeDraftPublish is FuzzDecodeCreatePost for the draft-publish body and its draft.
func FuzzDecodeDraftPublish(f *testing.F) {
	bodies := []string{`{"publishNow":true}`, `{"scheduledFor":"2026-02-01T08:00:00.5Z","timezone":"Asia/Tokyo"}`,
		`{}`, `{"publishNow":true,"scheduledFor":"x","PublishNow":1}`, `[]`, `{"publishNow":tru`}
	for i, s := range seeds() {
		f.Add(s, []byte(bodies[i%len(bodies)]))
	}
	f.Fuzz(func(t *testing.T, draft, body []byte) {
		env := Env{Now: now, Accounts: accounts}
		v := CheckDraftPublish(draft, body, env)
		verdictInvariants(t, v)
		p, d := decodeDraftPublish(body, 0)
		if len(d.all()) != 0 {
			return
		}
		again := roundTrip(t, p, func(b []byte) (any, *decoder) { return decodeDraftPublish(b, 0) })
		v2 := CheckDraftPublish(draft, again, env)
		if !reflect.DeepEqual(problemKeys(v), problemKeys(v2)) || v.Valid != v2.Valid {
			t.Fatalf("verdicts differ\n body %q\n  %q\n again %q\n  %q", body, problemKeys(v), again, problemKeys(v2))
		}
	})
}

// roundTrip marshals an accepted value, decodes it again, and requires no problems and the
// same value (compared through a second encoding, since raw JSON is compacted once).
func roundTrip(t *testing.T, value any, decode func([]byte) (any, *decoder)) []byte {
	t.Helper()
	out, err := json.Marshal(value)
	if err != nil {
		t.Fatalf("marshal %#v: %v", value, err)
	}
	value2, d := decode(out)
	if len(d.all()) != 0 {
		t.Fatalf("re-encoded body %s rejected: %q", out, found(d.all()))
	}
	out2, err := json.Marshal(value2)
	if err != nil || !bytes.Equal(out, out2) {
		t.Fatalf("re-encoding is not stable:\n %s\n %s (%v)", out, out2, err)
	}
	return out
}
