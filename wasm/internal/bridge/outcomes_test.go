package bridge

import (
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

func TestDecodeOutcomes(t *testing.T) {
	rec := func(fields ...string) []byte {
		var b []byte
		for _, f := range fields {
			n := len(f)
			b = append(b, byte(n), byte(n>>8), byte(n>>16), byte(n>>24))
			b = append(b, f...)
		}
		return b
	}
	got, ok := DecodeOutcomes(rec("twitter", "published", "", "", "linkedin", "failed", "token expired", "platform_error"))
	if !ok || len(got) != 2 {
		t.Fatalf("got %v, %v", got, ok)
	}
	want := lifecycle.Outcome{Platform: rules.LinkedIn, State: lifecycle.TargetFailed, Error: "token expired", Code: apierror.CodePlatformError}
	if got[1] != want {
		t.Errorf("got %+v, want %+v", got[1], want)
	}
	if got, ok := DecodeOutcomes(nil); !ok || got != nil {
		t.Errorf("empty: got %v, %v", got, ok)
	}
	for _, bad := range [][]byte{
		rec("twitter", "published", ""),       // three fields of four
		rec("twitter")[:5],                    // cut inside a field
		{0xff, 0xff, 0xff, 0xff, 'a'},         // a length past the end
		append(rec("a", "b", "c", "d"), 1, 0), // a cut length
	} {
		if got, ok := DecodeOutcomes(bad); ok {
			t.Errorf("DecodeOutcomes(%q) = %v, true; want false", bad, got)
		}
	}
}

func TestAggregate(t *testing.T) {
	s, f := Aggregate([]lifecycle.Outcome{{Platform: rules.Twitter, State: lifecycle.TargetPublished}, {Platform: rules.LinkedIn, State: lifecycle.TargetFailed}})
	if f != nil || s.Status != lifecycle.PostPartial || !s.Success {
		t.Errorf("got %+v, %+v", s, f)
	}
	if _, f := Aggregate(nil); f == nil || f.Code != apierror.CodeInvalidRequest {
		t.Errorf("empty: got %+v", f)
	}
}
