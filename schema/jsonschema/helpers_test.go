package jsonschema

import (
	"flag"
	"strings"
	"testing"
	"time"

	"github.com/go-playground/validator/v10"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/internal/golden"
)

var update = flag.Bool("update", false, "rewrite the golden files under testdata (jsonschema, node)")

// checkGolden compares got with the golden file at path, or with -update writes it there.
func checkGolden(t *testing.T, path string, got []byte) {
	t.Helper()
	golden.Check(t, path, got, *update, "schema/jsonschema")
}

// The clock and connected accounts of the verdicts the documents are compared with.
var (
	now      = time.Date(2026, 1, 10, 12, 0, 0, 0, time.UTC)
	accounts = []rules.Account{
		{Platform: rules.Twitter, ID: "tw-main"},
		{Platform: rules.LinkedIn, ID: "li-1"},
		{Platform: rules.Bluesky, ID: "bs-1"},
		{Platform: rules.Facebook, ID: "fb-1"},
		{Platform: rules.Facebook, ID: "fb-2"},
	}
)

// tags is a validator with schema's tags (schema.RegisterTags): the patterns the
// documents state are compared with the checks the tags run.
var tags = func() *validator.Validate {
	v := validator.New()
	if err := schema.RegisterTags(v); err != nil {
		panic(err)
	}
	return v
}()

func validMediaURL(s string) bool { return tags.Var(s, tagMediaURL) == nil }
func validTimezone(s string) bool { return tags.Var(s, tagTimezone) == nil }

// nonBlank is schema's private "nonblank" tag: a character that is not white space.
func nonBlank(s string) bool { return strings.TrimSpace(s) != "" }

// invisibleInURL: r, beyond ASCII, makes a media URL refused wherever it stands.
func invisibleInURL(r rune) bool {
	return r >= 0x80 && !validMediaURL("https://media.example/a"+string(r)+"b")
}
