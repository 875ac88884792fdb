package bridge

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestParseScheduledFor(t *testing.T) {
	if utc, f := ParseScheduledFor("2030-01-02T03:04Z", "", false); f != nil || utc != "2030-01-02T03:04:00Z" {
		t.Errorf("got %q, %+v", utc, f)
	}
	if _, f := ParseScheduledFor("2030-02-30T03:04Z", "", false); f == nil || f.Code != apierror.CodeInvalidScheduledFor || f.Offset != 8 {
		t.Errorf("got %+v", f)
	}
	if _, f := ParseScheduledFor("2020-01-01T00:00Z", "2026-01-01T00:00Z", true); f == nil || f.Code != apierror.CodeScheduledInPast {
		t.Errorf("past: got %+v", f)
	}
	if _, f := ParseScheduledFor("2030-01-01T00:00Z", "", true); f == nil || f.Code != apierror.CodeInvalidScheduledFor || f.Offset != -1 ||
		!strings.HasPrefix(f.Message, "option now: ") {
		t.Errorf("empty now: got %+v", f)
	}
	if utc, f := ParseScheduledFor("2030-01-01T00:00Z", "2026-01-01T00:00Z", true); f != nil || utc != "2030-01-01T00:00:00Z" {
		t.Errorf("future: got %q, %+v", utc, f)
	}
}
