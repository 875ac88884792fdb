package generate

import (
	"strings"
	"time"
)

// ScheduledFor is a drawn scheduledFor string: valid, or broken at byte Offset.
type ScheduledFor struct {
	Value string
	// Offset is the byte where the grammar breaks, -1 for a valid value.
	Offset int
}

// writeScheduled writes t in the scheduledFor grammar with its drawn optional parts:
// seconds or not (only when they are zero may they be left out), and 0 to 12 fraction
// digits (digits past nanoseconds are truncated by the grammar, so any digit goes there).
func writeScheduled(d *draws, t time.Time) string {
	var b strings.Builder
	b.WriteString(t.Format("2006-01-02T15:04"))
	if t.Second() != 0 || t.Nanosecond() != 0 || d.flag() {
		b.WriteString(t.Format(":05"))
		if n := d.intn(13); n > 0 || t.Nanosecond() != 0 {
			frac := t.Format(".000000000")[1:]
			b.WriteByte('.')
			if n < 9 && t.Nanosecond() != 0 {
				n = 9
			}
			for i := 0; i < n; i++ {
				if i < 9 {
					b.WriteByte(frac[i])
				} else {
					b.WriteByte(byte('0' + d.intn(10)))
				}
			}
		}
	}
	b.WriteByte('Z')
	return b.String()
}

// validScheduled is a scheduledFor strictly after clock: from a second to about ten
// years later, written with drawn optional parts.
func validScheduled(d *draws, clock time.Time) string {
	var after time.Duration
	switch d.intn(3) {
	case 0:
		after = time.Duration(1+d.intn(3600)) * time.Second
	case 1:
		after = time.Duration(1+d.intn(60*24*365)) * time.Minute
	default:
		after = time.Duration(1+d.intn(3650)) * 24 * time.Hour
	}
	return writeScheduled(d, clock.Truncate(time.Second).Add(after))
}

// pastScheduled is a scheduledFor at or before clock (the book wants it strictly after).
func pastScheduled(d *draws, clock time.Time) string {
	if d.intn(3) == 0 {
		return writeScheduled(d, clock.Truncate(time.Second))
	}
	back := time.Duration(1+d.intn(60*24*365*30)) * time.Minute
	return writeScheduled(d, clock.Truncate(time.Second).Add(-back))
}

// brokenScheduled is a scheduledFor that breaks the grammar at a drawn byte: the byte is
// replaced by one its place never takes (a letter for a digit, "/" for a separator,
// lowercase for T or Z, a space, a non-ASCII byte), or the value ends there, or an offset
// or a newline follows the Z. Its Offset is where the grammar breaks.
func brokenScheduled(d *draws, clock time.Time) ScheduledFor {
	s := validScheduled(d, clock)
	switch d.intn(4) {
	case 0: // cut short: the grammar expected more at the cut
		i := d.intn(len(s))
		return ScheduledFor{s[:i], i}
	case 1: // something after the Z
		tail := pick(d, []string{"\n", " ", "+00:00", "Z", "0"})
		return ScheduledFor{s + tail, len(s)}
	}
	i := d.intn(len(s))
	c := s[i]
	var r string
	switch {
	case c >= '0' && c <= '9':
		r = pick(d, []string{"x", " ", "٣", "/"})
	case c == 'T':
		r = pick(d, []string{"t", " ", "_"})
	case c == 'Z':
		r = pick(d, []string{"z", "+", " "})
	default: // - : .
		r = pick(d, []string{"/", " ", "x"})
	}
	if c == '.' && r == "x" {
		r = "/"
	}
	return ScheduledFor{s[:i] + r + s[i+1:], i}
}

// timeMinutes is n minutes.
func timeMinutes(n int) time.Duration { return time.Duration(n) * time.Minute }
