package schema

import (
	"bytes"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

// verdictInvariants are what every verdict promises, whatever the input; ok is the
// success status of the endpoint checked (202 create post, 200 draft publish).
func verdictInvariants(t *testing.T, v Verdict, ok int) {
	t.Helper()
	if v.Problems == nil || v.Targets == nil {
		t.Fatalf("nil Problems or Targets: %+v", v)
	}
	if v.Valid != (len(v.Problems) == 0) || v.Valid != (v.Error == nil) || v.Valid != v.Billable {
		t.Fatalf("Valid %v with %d problems, error %v, billable %v", v.Valid, len(v.Problems), v.Error, v.Billable)
	}
	if v.Valid {
		if v.HTTPStatus != ok || v.Status == "" {
			t.Fatalf("valid verdict: status %d %q", v.HTTPStatus, v.Status)
		}
		return
	}
	if v.HTTPStatus != v.Problems[0].Code.HTTPStatus() || v.HTTPStatus < 400 || v.HTTPStatus >= 500 {
		t.Fatalf("status %d for first problem %+v", v.HTTPStatus, v.Problems[0])
	}
	for _, p := range v.Problems {
		if p.Code == "" || p.Message == "" || (p.Path != "" && !strings.HasPrefix(p.Path, "/")) ||
			(p.In != "" && p.In != "draft" && p.In != "options") || strings.HasPrefix(p.Message, "draft: ") {
			t.Fatalf("bad problem %+v", p)
		}
		// What a problem applies to is data: a length problem carries its measurement,
		// and a target is one of the verdict's.
		if (p.Code == apierror.CodePostTooLong) != (p.Length != nil && !p.Length.Fits) && p.Code == apierror.CodePostTooLong {
			t.Fatalf("post_too_long without its measurement: %+v", p)
		}
		if p.Target != nil && (p.Target.Index < 0 || p.Target.Index >= len(v.Targets) ||
			v.Targets[p.Target.Index].Platform != p.Target.Platform || v.Targets[p.Target.Index].AccountID != p.Target.AccountID) {
			t.Fatalf("problem names a target the verdict does not have: %+v", p)
		}
	}
	// The error body: one problem is described with its location, several are listed.
	switch n := len(v.Error.Problems); {
	case n == 0:
		if p := v.Problems[0]; v.Error.Path != p.Path || v.Error.In != p.In || v.Error.Code != p.Code {
			t.Fatalf("error body %+v for its one problem %+v", v.Error, p)
		}
	case n == 1:
		t.Fatalf("one problem listed in problems: %+v", v.Error)
	case v.Error.Path != "" || v.Error.In != "":
		t.Fatalf("several problems with one path: %+v", v.Error)
	}
}

// sameAsStd requires that plain json.Unmarshal of body into the exported type of want
// succeeds and gives want: a server that decodes the body itself gets the same values.
func sameAsStd(t *testing.T, body []byte, want any) {
	t.Helper()
	got := reflect.New(reflect.TypeOf(want).Elem())
	if err := json.Unmarshal(body, got.Interface()); err != nil {
		t.Fatalf("the checked body %q does not decode with json.Unmarshal: %v", body, err)
	}
	if !reflect.DeepEqual(got.Interface(), want) {
		g, _ := json.Marshal(got.Interface())
		w, _ := json.Marshal(want)
		t.Fatalf("json.Unmarshal of %q gives\n %s\nthe strict decoder\n %s", body, g, w)
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
		[]byte(`{"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":60.0}}}],"content":"q","publishNow":true}`),
		[]byte(`{"platforms":[{"platform":"twitter","platformSpecificData":{"poll":{"options":["a","b"],"durationMinutes":05}}}],"content":"q","publishNow":true}`),
		[]byte(`{"content":"x","publishNow":true,"platforms":[{"platform":"twitter"}],"mediaItems":[{"type":"image","url":"https://a.com:99999/x"}]}`),
		[]byte(`{"content":"x","publishNow":true,"platforms":[{"platform":"twitter"}],"mediaItems":[{"type":"image","url":"https://a.com/\u00a0"}]}`),
	}
	// The rule book's fixtures (testdata/platforms): every platform's options and media.
	files, _ := filepath.Glob("testdata/platforms/*.json")
	for _, f := range files {
		var fx platformFixture
		if b, err := os.ReadFile(f); err == nil && json.Unmarshal(b, &fx) == nil {
			for _, c := range fx.Cases {
				if len(c.Body) < 4096 {
					out = append(out, c.Body)
				}
			}
		}
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
		verdictInvariants(t, v, 202)
		p, d := decodeCreatePost(body, 0, originBody)
		if (len(d.all()) == 0) != (v.Post != nil) {
			t.Fatalf("decoder problems %q, verdict post %v", found(d.all()), v.Post)
		}
		if len(d.all()) != 0 {
			return
		}
		// Every body the strict decoder reads in full (every accepted body among them)
		// decodes with plain json.Unmarshal into the exported types to the same values.
		sameAsStd(t, body, v.Post)
		again := roundTrip(t, p, func(b []byte) (any, *decoder) { return decodeCreatePost(b, 0, originBody) })
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
		verdictInvariants(t, v, 200)
		p, d := decodeDraftPublish(body, 0)
		if len(d.all()) != 0 {
			if v.Post != nil {
				t.Fatalf("a post for a body with problems %q", found(d.all()))
			}
			return
		}
		sameAsStd(t, body, p)
		if v.Valid && v.Post == nil {
			t.Fatal("valid without a post")
		}
		if v.Post != nil {
			// The post to publish: the draft, with the body's schedule.
			if v.Post.PublishNow != p.PublishNow || !reflect.DeepEqual(v.Post.ScheduledFor, p.ScheduledFor) || !reflect.DeepEqual(v.Post.Timezone, p.Timezone) {
				t.Fatalf("post schedule %+v, body %+v", v.Post, p)
			}
			out, err := json.Marshal(v.Post)
			if err != nil {
				t.Fatal(err)
			}
			q, dq := decodeCreatePost(out, 0, originBody)
			if len(dq.all()) != 0 {
				t.Fatalf("the post to publish %s does not decode: %q", out, found(dq.all()))
			}
			if again, _ := json.Marshal(q); !bytes.Equal(out, again) {
				t.Fatalf("the post to publish re-encodes differently:\n %s\n %s", out, again)
			}
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

// FuzzParseWhole compares the hand-written whole-number reader with a slow exact reference:
// encoding/json's grammar (json.Valid) for the syntax, math/big's exact rationals for the
// value. Literals with huge exponents are left to the unit test (big.Rat would expand them).
func FuzzParseWhole(f *testing.F) {
	for _, s := range []string{"5", "60.0", "6e1", "600e-1", "-0", "0.5", "1e400", "99999999999999999999", "5.0000000000000000001",
		"01", "1.", "-", "1e+9", "999999999.0", "1000000000", "-1000000001", "0.000e5", "12.5e1", "125e-1"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, lit []byte) {
		n, kind := parseWhole(lit)
		isNumber := len(lit) > 0 && (lit[0] == '-' || lit[0] >= '0' && lit[0] <= '9') && json.Valid(lit) && len(bytes.TrimSpace(lit)) == len(lit)
		if isNumber != (kind != numSyntax) {
			t.Fatalf("%q: kind %d, json.Valid says number %v", lit, kind, isNumber)
		}
		if kind == numSyntax {
			if n != 0 {
				t.Fatalf("%q: syntax failure with value %d", lit, n)
			}
			return
		}
		if i := bytes.IndexAny(lit, "eE"); i >= 0 {
			if e, err := strconv.Atoi(string(lit[i+1:])); err != nil || e > 400 || e < -400 {
				return
			}
		}
		r, ok := new(big.Rat).SetString(string(lit))
		if !ok {
			t.Fatalf("%q: big.Rat cannot read it", lit)
		}
		if r.IsInt() != (kind == numWhole) {
			t.Fatalf("%q: whole %v, big.Rat says %v", lit, kind == numWhole, r.IsInt())
		}
		if kind != numWhole {
			return
		}
		want := r.Num()
		clamp := big.NewInt(wholeClamp)
		if want.CmpAbs(clamp) > 0 {
			want = new(big.Int).Set(clamp)
			if r.Sign() < 0 {
				want.Neg(want)
			}
		}
		if int64(n) != want.Int64() {
			t.Fatalf("%q: %d, want %s", lit, n, want)
		}
	})
}
