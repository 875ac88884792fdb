package httpapi

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestParseBearer(t *testing.T) {
	tests := []struct {
		header string
		key    string // "" = 401
		why    string
	}{
		{"Bearer pk_live_123", "pk_live_123", "the canonical form"},
		{"bearer pk_live_123", "pk_live_123", "the scheme is case-insensitive"},
		{"BEARER abc.def-ghi_~+/=", "abc.def-ghi_~+/=", "b64token characters"},
		{"Bearer   spaced", "spaced", "several spaces after the scheme are allowed"},
		{"", "", "no header"},
		{"Bearer", "", "no key"},
		{"Bearer ", "", "empty key"},
		{"Bearer    ", "", "only spaces"},
		{"Bearerabc", "", "no space between scheme and key"},
		{"Basic dXNlcjpwYXNz", "", "another scheme"},
		{"Bearer a b", "", "two tokens"},
		{"Bearer key ", "", "trailing space"},
		{"Bearer\tkey", "", "a tab is not the separator"},
		{" Bearer key", "", "leading space"},
		{"Bearer k\u00e9y", "", "non-ASCII key"},
		{"Bearer key\n", "", "header injection"},
		{"Token key", "", "short scheme"},
	}
	for _, tt := range tests {
		key, err := ParseBearer(tt.header)
		if tt.key != "" {
			if err != nil || key != tt.key {
				t.Errorf("%s: ParseBearer(%q) = %q, %v", tt.why, tt.header, key, err)
			}
			continue
		}
		e := apierror.As(err)
		if e == nil || e.Code != apierror.CodeUnauthorized || e.HTTPStatus != 401 || key != "" {
			t.Errorf("%s: ParseBearer(%q) = %q, %v; want 401", tt.why, tt.header, key, err)
		}
	}
}

func TestParseBearerNeverEchoesTheKey(t *testing.T) {
	_, err := ParseBearer("Bearer secret-key with-space")
	if err == nil || strings.Contains(err.Error(), "secret") {
		t.Fatalf("error leaks the key: %v", err)
	}
}

func FuzzParseBearer(f *testing.F) {
	for _, s := range []string{"Bearer abc", "bearer  x", "Basic x", "", "Bearer", "BEARER \x00"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, header string) {
		key, err := ParseBearer(header)
		if err != nil {
			if e := apierror.As(err); e == nil || e.Code != apierror.CodeUnauthorized || key != "" {
				t.Fatalf("ParseBearer(%q) = %q, %v", header, key, err)
			}
			return
		}
		// Reference: scheme, spaces, one token of visible ASCII.
		fields := strings.SplitN(header, " ", 2)
		if len(fields) != 2 || !strings.EqualFold(fields[0], "bearer") {
			t.Fatalf("accepted %q without a Bearer scheme", header)
		}
		if key != strings.TrimLeft(fields[1], " ") || key == "" {
			t.Fatalf("ParseBearer(%q) key %q", header, key)
		}
		for _, c := range []byte(key) {
			if c <= ' ' || c >= 0x7f {
				t.Fatalf("accepted key %q with byte %#x", key, c)
			}
		}
	})
}
