package bridge

import "github.com/postrules/postrules/internal/timestamp"

// ParseScheduledFor checks s by the scheduledFor grammar and, when hasNow is set, also
// that it lies after now, itself read by the same grammar (as `validate time --now`
// does). It returns the normalized UTC form of s. It reads the grammar through
// internal/timestamp, as rules.ParseScheduledFor does, not through rules: the counter
// module is built without package time (the tag postrules_notime).
func ParseScheduledFor(s, now string, hasNow bool) (string, *Fault) {
	t, err := timestamp.Parse(s)
	if err != nil {
		return "", FaultOf(err, s)
	}
	var buf [len("2006-01-02T15:04:05.999999999Z")]byte
	canonical := timestamp.AppendUTC(buf[:0], t)
	if hasNow {
		clock, err := timestamp.Parse(now)
		if err != nil {
			f := FaultOf(err.WithPath("now"), now)
			f.Message = "option now: " + f.Message
			f.Offset = -1 // an offset would point into now, where the page looks for one in s
			return "", f
		}
		if !t.After(clock) {
			return "", FaultOf(timestamp.PastError(string(canonical), string(timestamp.AppendUTC(nil, clock)), t == clock), s)
		}
	}
	return string(canonical), nil
}
