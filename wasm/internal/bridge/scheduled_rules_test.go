//go:build !postrules_notime

package bridge

import (
	"reflect"
	"testing"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// viaRules is parseScheduledFor through rules' time.Time face, as the bridge did before it
// read internal/timestamp directly (to keep package time out of the counter module): the
// reference the bridge must keep agreeing with, byte for byte.
func viaRules(s, now string, hasNow bool) (string, *Fault) {
	t, err := rules.ParseScheduledFor(s)
	if err != nil {
		return "", FaultOf(err, s)
	}
	if hasNow {
		clock, err := rules.ParseScheduledFor(now)
		if err != nil {
			f := FaultOf(apierror.As(err).WithPath("now"), now)
			f.Message = "option now: " + f.Message
			f.Offset = -1
			return "", f
		}
		if err := rules.CheckScheduledAfter(t, clock); err != nil {
			return "", FaultOf(err, s)
		}
	}
	return rules.FormatScheduledFor(t), nil
}

func FuzzParseScheduledForAgreesWithRules(f *testing.F) {
	for _, c := range []struct{ s, now string }{
		{"2030-01-02T03:04Z", ""},
		{"2030-01-02T03:04:05.120Z", "2030-01-02T03:04:05.12Z"}, // equal instants, other spellings
		{"2030-01-02T03:04:05.000000001Z", "2030-01-02T03:04:05Z"},
		{"0000-02-29T00:00Z", "9999-12-31T23:59:59.999999999999Z"},
		{"2023-02-29T10:00Z", "2020-01-01T00:00Z"},
		{"2026-01-02t03:04z", "2026-01-02T03:04+00:00"},
		{"😀", "2026-13-01T00:00Z"},
		{"", ""},
	} {
		f.Add(c.s, c.now, true)
		f.Add(c.s, c.now, false)
	}
	f.Fuzz(func(t *testing.T, s, now string, hasNow bool) {
		got, gotFault := ParseScheduledFor(s, now, hasNow)
		want, wantFault := viaRules(s, now, hasNow)
		if got != want || !reflect.DeepEqual(gotFault, wantFault) {
			t.Fatalf("ParseScheduledFor(%q, %q, %v) = %q, %+v; through rules %q, %+v", s, now, hasNow, got, gotFault, want, wantFault)
		}
	})
}

// BenchmarkParseScheduledFor is the Go side of a keystroke in a scheduledFor field: the
// value checked and, when invalid, its fault written as the JSON the page decodes, next
// to the rule through rules (rules.ParseScheduledFor) and to time.Parse of the same value.
//
//	GOOS=js GOARCH=wasm go test -exec="$(go env GOROOT)/lib/wasm/go_js_wasm_exec" -run '^$' -bench ParseScheduledFor -benchtime=200ms ./wasm/internal/bridge
func BenchmarkParseScheduledFor(b *testing.B) {
	for _, tc := range []struct{ name, value string }{
		{"valid", "2030-01-02T03:04:05.5Z"},
		{"invalid", "2030-02-30T03:04Z"},
	} {
		b.Run("bridge+json/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []byte
			for i := 0; i < b.N; i++ {
				if _, f := ParseScheduledFor(tc.value, "", false); f != nil {
					buf = f.AppendJSON(buf[:0])
				}
			}
		})
		b.Run("rules/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				rules.ParseScheduledFor(tc.value)
			}
		})
		b.Run("time.Parse/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				time.Parse(time.RFC3339Nano, tc.value)
			}
		})
	}
}
