package strictjson

import "unicode/utf8"

// AppendString appends s as a JSON string (RFC 8259 §7), byte for byte as encoding/json
// writes it with SetEscapeHTML(false): '"' and '\' are escaped, the control characters
// below U+0020 become \n, \r, \t, \b, \f or \u00XX, U+2028 and U+2029 become \u2028 and
// \u2029 (JSON allows them raw, JavaScript source before ES2019 did not), and each byte
// that is not part of valid UTF-8 becomes \ufffd. JSON.parse and encoding/json read the
// result back as s with those bytes replaced.
//
// It is the one writer of the faces that hand JSON on without encoding/json (a split's
// answer in package rules, the WASM bridge's faults and rule book), so that they agree
// byte for byte with the CLI, which prints through encoding/json. Runs of bytes that need
// nothing are copied whole: a fault is written on every invalid keystroke in a composer,
// and a byte-by-byte append costs about 10 ns a byte in WebAssembly.
func AppendString(b []byte, s string) []byte {
	const hex = "0123456789abcdef"
	b = append(b, '"')
	start := 0 // s[start:i] is copied as it is
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if !mustEscape[c] {
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
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&15])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, `\u202`...)
			b = append(b, hex[r&15])
			i += size
			start = i
			continue
		}
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i++
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// mustEscape marks the ASCII bytes a JSON string cannot hold raw: '"', '\' and the controls
// below U+0020.
var mustEscape = [utf8.RuneSelf]bool{'"': true, '\\': true,
	0x00: true, 0x01: true, 0x02: true, 0x03: true, 0x04: true, 0x05: true, 0x06: true, 0x07: true,
	0x08: true, 0x09: true, 0x0a: true, 0x0b: true, 0x0c: true, 0x0d: true, 0x0e: true, 0x0f: true,
	0x10: true, 0x11: true, 0x12: true, 0x13: true, 0x14: true, 0x15: true, 0x16: true, 0x17: true,
	0x18: true, 0x19: true, 0x1a: true, 0x1b: true, 0x1c: true, 0x1d: true, 0x1e: true, 0x1f: true,
}
