package fix

import (
	"strings"
	"testing"
)

// FuzzParsePointer: parsePointer never panics, and what it accepts round-trips: the
// tokens escaped again (RFC 6901: ~ as ~0, / as ~1) and joined give the pointer back.
func FuzzParsePointer(f *testing.F) {
	for _, s := range []string{"", "/", "/content", "/platforms/0/platformSpecificData/threadItems/12/content",
		"/a~1b/c~0d", "/~", "/~2", "a/b", "//", "/é/~01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, p string) {
		tokens, ok := parsePointer(p)
		if !ok {
			if p != "" && p[0] == '/' && !strings.Contains(p, "~") {
				t.Fatalf("%q refused", p)
			}
			return
		}
		var b strings.Builder
		for _, tk := range tokens {
			b.WriteByte('/')
			b.WriteString(strings.ReplaceAll(strings.ReplaceAll(tk, "~", "~0"), "/", "~1"))
		}
		if b.String() != p {
			t.Fatalf("%q gave %q, which joins back to %q", p, tokens, b.String())
		}
	})
}
