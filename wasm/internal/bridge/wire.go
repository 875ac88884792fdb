package bridge

import (
	"strconv"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
)

// AppendJSON appends f as the JSON object the page receives:
//
//	{"error":"Bad Request","code":"...","message":"...","path":"...","offset":N|null}
func (f *Fault) AppendJSON(b []byte) []byte {
	b = append(b, `{"error":`...)
	b = appendJSONString(b, f.Error)
	b = append(b, `,"code":`...)
	b = appendJSONString(b, string(f.Code))
	b = append(b, `,"message":`...)
	b = appendJSONString(b, f.Message)
	b = append(b, `,"path":`...)
	b = appendJSONString(b, f.Path)
	b = append(b, `,"offset":`...)
	if f.Offset < 0 {
		b = append(b, "null"...)
	} else {
		b = strconv.AppendInt(b, int64(f.Offset), 10)
	}
	return append(b, '}')
}

// appendJSONString appends s as a JSON string (RFC 8259 §7) that JSON.parse reads back
// as s: '"', '\', the control characters below U+0020, U+2028 and U+2029 are escaped, and each byte that
// is not part of valid UTF-8 becomes U+FFFD, as encoding/json does. Runs of bytes that
// need nothing are copied whole: a fault's message is written on every invalid keystroke
// in a scheduledFor field, and a byte-by-byte append costs about 10 ns a byte in
// WebAssembly.
func appendJSONString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0 // s[start:i] is copied as it is
	for i := 0; i < len(s); {
		c := s[i]
		if c >= utf8.RuneSelf {
			r, size := utf8.DecodeRuneInString(s[i:])
			if r == '\u2028' || r == '\u2029' {
				// As encoding/json: JSON allows them raw, but JavaScript source before
				// ES2019 did not, and the rule book's JSON must match `validate rules`.
				b = append(b, s[start:i]...)
				b = append(b, `\u202`...)
				b = append(b, hex[r&15])
				i += size
				start = i
				continue
			}
			if r != utf8.RuneError || size != 1 {
				i += size
				continue
			}
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...) // escaped, as encoding/json writes it
			i++
			start = i
			continue
		}
		if c >= 0x20 && c != '"' && c != '\\' {
			i++
			continue
		}
		b = append(b, s[start:i]...)
		switch c {
		case '"', '\\':
			b = append(b, '\\', c)
		case '\n':
			b = append(b, '\\', 'n')
		case '\r':
			b = append(b, '\\', 'r')
		case '\t':
			b = append(b, '\\', 't')
		default:
			b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
		}
		i++
		start = i
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// DecodeOutcomes reads the outcomes postrules.mjs writes for aggregate: for each outcome
// its platform, state, error and code, each a little-endian uint32 byte length followed
// by that many bytes of UTF-8. The page's values were checked for shape on the JavaScript
// side (an array of objects with string members), so a malformed record is a bug of the
// wrapper, reported as false.
func DecodeOutcomes(b []byte) ([]rules.Outcome, bool) {
	var out []rules.Outcome
	var fields [4]string
	for len(b) > 0 {
		for i := range fields {
			if len(b) < 4 {
				return nil, false
			}
			n := uint64(b[0]) | uint64(b[1])<<8 | uint64(b[2])<<16 | uint64(b[3])<<24
			b = b[4:]
			if n > uint64(len(b)) {
				return nil, false
			}
			fields[i] = string(b[:n])
			b = b[n:]
		}
		out = append(out, rules.Outcome{
			Platform: rules.Platform(fields[0]), State: rules.TargetState(fields[1]),
			Error: fields[2], Code: rules.Code(fields[3]),
		})
	}
	return out, true
}
