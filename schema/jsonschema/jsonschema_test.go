package jsonschema

import (
	"bufio"
	"bytes"
	"encoding/json"
	"math/rand"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"regexp/syntax"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"

	"github.com/postrules/postrules/internal/ruleform"

	jsv "github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
)

// compiled compiles the named document with santhosh-tekuri/jsonschema (a stock JSON
// Schema 2020-12 validator); for the OpenAPI document, ptr names the schema inside it.
func compiled(t testing.TB, name, ptr string) *jsv.Schema {
	t.Helper()
	b, err := Document(name)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsv.UnmarshalJSON(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s is not JSON: %v", name, err)
	}
	c := jsv.NewCompiler()
	url := "https://postrules.invalid/" + name + ".json"
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile(url + ptr)
	if err != nil {
		t.Fatalf("%s%s does not compile: %v", name, ptr, err)
	}
	return s
}

// TestDocumentsGolden is the drift guard: a change of the wire types, tags or facts that
// changes a document fails here until the golden copy is refreshed (go test ./schema/jsonschema
// -update) in the same commit.
func TestDocumentsGolden(t *testing.T) {
	for _, name := range DocumentNames() {
		got, err := Document(name)
		if err != nil {
			t.Fatal(err)
		}
		if !json.Valid(got) {
			t.Fatalf("%s is not JSON", name)
		}
		checkGolden(t, filepath.Join("testdata", "jsonschema", name+".json"), got)
	}
}

// TestDocumentErrors: an unknown name is an error, and callers get their own copy.
func TestDocumentErrors(t *testing.T) {
	if _, err := Document("nope"); err == nil || !strings.Contains(err.Error(), "create-post") {
		t.Fatalf("unknown name: %v", err)
	}
	a, _ := Document(DocCreatePost)
	a[0] = 'X'
	if b, _ := Document(DocCreatePost); b[0] != '{' {
		t.Fatal("Document returned shared bytes")
	}
}

// TestDocumentsCompile: each document, and each schema of the OpenAPI document, is a valid
// JSON Schema 2020-12 for a stock validator (which checks it against the meta-schema).
func TestDocumentsCompile(t *testing.T) {
	for _, name := range DocumentNames()[:4] {
		compiled(t, name, "")
	}
	for _, def := range []string{"CreatePost", "DraftPublish", "DraftPublishResult", "ErrorBody"} {
		compiled(t, DocOpenAPI, "#/components/schemas/"+def)
	}
}

// TestExtensionKeywordsDocumented: every x-postrules-* keyword the documents use is
// documented in docs/schema.md, so a reader of a document can look it up (the Node suite
// declares exactly the documented ones to ajv).
func TestExtensionKeywordsDocumented(t *testing.T) {
	docs, err := os.ReadFile(filepath.Join("..", "..", "docs", "schema.md"))
	if err != nil {
		t.Fatal(err)
	}
	re := regexp.MustCompile(`"(x-postrules-[A-Za-z]+)"`)
	for _, name := range DocumentNames() {
		b, _ := Document(name)
		for _, m := range re.FindAllSubmatch(b, -1) {
			if !bytes.Contains(docs, []byte("`"+string(m[1])+"`")) {
				t.Errorf("%s uses %s, which docs/schema.md does not document", name, m[1])
			}
		}
	}
}

// TestPlatformOptionsTable: the table lists every platform of the rule book once, in its
// order, so a platform cannot be left out of the per-platform if/then.
func TestPlatformOptionsTable(t *testing.T) {
	ps := rules.Platforms()
	platformOptions := platformOptions()
	if len(platformOptions) != len(ps) {
		t.Fatalf("platformOptions has %d platforms, the rule book %d", len(platformOptions), len(ps))
	}
	// The decoder's destination of each platform's options is a *T field of PlatformTarget.
	decoded := map[reflect.Type]bool{}
	tt := reflect.TypeOf(schema.PlatformTarget{})
	for i := 0; i < tt.NumField(); i++ {
		if f := tt.Field(i); f.Type.Kind() == reflect.Pointer && f.Type.Elem().Kind() == reflect.Struct {
			decoded[f.Type.Elem()] = true
		}
	}
	for i, p := range ps {
		if platformOptions[i].platform != p {
			t.Errorf("platformOptions[%d] is %s, want %s", i, platformOptions[i].platform, p)
		}
		if o := platformOptions[i].options; o == nil || !decoded[o] {
			t.Errorf("platformOptions[%d] (%s) is %v, not a typed options field of PlatformTarget", i, p, o)
		}
	}
}

// TestPlatformFactsNameFields: every key of the option tables names a json field of an
// options type, so a misspelt key cannot leave a rule out of the schema silently.
func TestPlatformFactsNameFields(t *testing.T) {
	fields := map[string]bool{}
	types := []reflect.Type{reflect.TypeOf(schema.Poll{})}
	for _, po := range platformOptions() {
		types = append(types, po.options)
	}
	for _, ty := range types {
		for i := 0; i < ty.NumField(); i++ {
			name, _, _ := strings.Cut(ty.Field(i).Tag.Get("json"), ",")
			fields[ty.Name()+"."+name] = true
		}
	}
	var keys []string
	for k := range optionFacts() {
		keys = append(keys, k)
	}
	for k := range optionRules() {
		keys = append(keys, k)
	}
	for _, k := range keys {
		if !fields[k] {
			t.Errorf("%s is not a field of an options type", k)
		}
	}
	for k := range optionTypeFacts() {
		if _, ok := optionTypeDocs()[k]; !ok {
			t.Errorf("%s has facts but is not an options type", k)
		}
	}
}

// TestEveryRuleInDocument: every rule of the book is named in the create-post document
// (an x-postrules-* keyword, a conditional's x-postrules-rules, or a description), so a
// reader of the contract finds each rule's id there and a new rule is not forgotten.
func TestEveryRuleInDocument(t *testing.T) {
	doc, err := Document(DocCreatePost)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range rules.TextRules() {
		if !bytes.Contains(doc, []byte(r.ID)) {
			t.Errorf("rule %s is not named in the create-post document", r.ID)
		}
	}
	// Every error rule whose declared form (ruleform.SchemaOf) says a schema can state it,
	// in full or in part, is named where standard keywords state it: in the
	// x-postrules-rules of a conditional or a field, or beside the maxLength (floor) or
	// pattern (forbidden characters) of a field. So a new rule of the book cannot leave the
	// schema behind silently.
	var v any
	if err := json.Unmarshal(doc, &v); err != nil {
		t.Fatal(err)
	}
	stated := map[string]bool{}
	var walk func(any)
	walk = func(v any) {
		switch x := v.(type) {
		case map[string]any:
			for _, id := range anySlice(x[xRules]) {
				stated[id.(string)] = true
			}
			if _, ok := x["maxLength"]; ok {
				for _, e := range anySlice(x[xMaxLength]) {
					stated[e.(map[string]any)["rule"].(string)] = true
				}
			}
			if _, ok := x["pattern"]; ok {
				for _, e := range anySlice(x[xForbidden]) {
					stated[e.(map[string]any)["rule"].(string)] = true
				}
			}
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	walk(v)
	for _, r := range rules.TextRules() {
		if r.Severity == rules.SeverityError && ruleform.SchemaOf(r.ID) != ruleform.None && !stated[r.ID] {
			t.Errorf("rule %s (form %s) is not stated with a standard keyword in the create-post document", r.ID, ruleform.SchemaOf(r.ID))
		}
	}
}

// anySlice is v as a JSON array, or nil.
func anySlice(v any) []any {
	s, _ := v.([]any)
	return s
}

// TestForbiddenChars: the characters x-postrules-forbidden lists are the ones the rule
// refuses (asked of the rule itself), and the rule has some.
func TestForbiddenChars(t *testing.T) {
	if got := forbiddenChars("youtube.title.chars"); got != "<>" {
		t.Errorf("youtube.title.chars forbids %q, want \"<>\" (YouTube: no < or > in a title)", got)
	}
	if got := regexpClassEscape(`a]^-\`); got != `a\]\^\-\\` {
		t.Errorf("regexpClassEscape = %q", got)
	}
}

// TestUnknownTagIsAnError: a validate tag the generator cannot translate stops generation
// with an error naming it, rather than leaving the rule out of the schema silently.
func TestUnknownTagIsAnError(t *testing.T) {
	type withNewRule struct {
		Name string `json:"name" validate:"startswith=a"`
	}
	g := newGenerator("#/$defs/")
	g.ref(reflect.TypeOf(withNewRule{}))
	if g.err == nil || !strings.Contains(g.err.Error(), "startswith") {
		t.Fatalf("err = %v", g.err)
	}
}

// scheduledCase is one line of testdata/scheduledfor/scheduledfor-cases.jsonl.
type scheduledCase struct {
	Input string `json:"input"`
	Valid bool   `json:"valid"`
	Why   string `json:"why"`
}

// TestScheduledForPatternCorpus runs the pattern over the scanner's corpus (JSON Schema
// Test Suite date/time cases mapped to our grammar, see testdata/scheduledfor/README.md):
// the pattern, the Go scanner and the corpus's verdict agree on every case.
func TestScheduledForPatternCorpus(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "scheduledfor", "scheduledfor-cases.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	re := regexp.MustCompile(scheduledForPattern)
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		var c scheduledCase
		if err := json.Unmarshal(sc.Bytes(), &c); err != nil {
			t.Fatal(err)
		}
		n++
		_, perr := rules.ParseScheduledFor(c.Input)
		if got := re.MatchString(c.Input); got != c.Valid || (perr == nil) != c.Valid {
			t.Errorf("%q: pattern %v, scanner %v, corpus %v (%s)", c.Input, got, perr == nil, c.Valid, c.Why)
		}
	}
	if n < 200 {
		t.Fatalf("only %d cases read", n)
	}
}

// TestScheduledForPatternLeapDays: every 29 February of years 0000-9999 (the pattern's
// leap-year alternation against the scanner's arithmetic), and every month end of a
// leap and a common year of each century.
func TestScheduledForPatternLeapDays(t *testing.T) {
	re := regexp.MustCompile(scheduledForPattern)
	for y := 0; y <= 9999; y++ {
		dates := []string{"02-29"}
		if y%100 == 0 || y%100 == 4 || y%100 == 1 {
			dates = append(dates, "02-28", "02-30", "04-30", "04-31", "06-31", "09-31", "11-31", "12-31", "01-32", "00-10", "13-01", "05-00")
		}
		for _, md := range dates {
			s := pad4(y) + "-" + md + "T00:00Z"
			_, err := rules.ParseScheduledFor(s)
			if re.MatchString(s) != (err == nil) {
				t.Fatalf("%s: pattern %v, scanner %v", s, re.MatchString(s), err)
			}
		}
	}
}

func pad4(y int) string {
	s := "000" + strconv.Itoa(y)
	return s[len(s)-4:]
}

// FuzzScheduledForPattern: the pattern and the scanner agree on any string.
func FuzzScheduledForPattern(f *testing.F) {
	for _, s := range []string{"2024-02-29T10:00Z", "2023-02-29T10:00:00Z", "2026-01-02T03:04:05.123456789123Z", "2026-01-02T03:04.5Z", "2026-01-02T03:04:60Z", "2026-01-02t03:04Z", "2026-01-02T03:04Z\n"} {
		f.Add(s)
	}
	re := regexp.MustCompile(scheduledForPattern)
	f.Fuzz(func(t *testing.T, s string) {
		_, err := rules.ParseScheduledFor(s)
		if re.MatchString(s) != (err == nil) {
			t.Fatalf("%q: pattern %v, scanner %v", s, re.MatchString(s), err)
		}
	})
}

// TestNonBlankPattern: the class is exactly strings.TrimSpace's white space, for every
// code point (\s would differ by dialect: ECMA-262's includes U+FEFF). The class as Go's
// regexp parser reads it is compared for all 1.1 million code points (cheap, even under
// -race); the compiled matcher for the first 0x3100, which hold every white space.
func TestNonBlankPattern(t *testing.T) {
	parsed, err := syntax.Parse(nonBlankPattern(), syntax.Perl)
	if err != nil || parsed.Op != syntax.OpCharClass {
		t.Fatalf("not one character class: %v %v", parsed, err)
	}
	inClass := func(r rune) bool {
		for i := 0; i+1 < len(parsed.Rune); i += 2 {
			if r >= parsed.Rune[i] && r <= parsed.Rune[i+1] {
				return true
			}
		}
		return false
	}
	re := regexp.MustCompile(nonBlankPattern())
	for r := rune(0); r <= unicode.MaxRune; r++ {
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		s := string(r)
		if inClass(r) != nonBlank(s) || (r < 0x3100 && re.MatchString(s) != nonBlank(s)) {
			t.Fatalf("U+%04X: class %v, pattern %v, nonBlank %v", r, inClass(r), re.MatchString(s), nonBlank(s))
		}
	}
}

// TestURLRefusedClass: the class holds exactly the characters mediaURLProblem refuses in
// a URL on sight, for every code point (as Go's regexp parser reads the class).
func TestURLRefusedClass(t *testing.T) {
	parsed, err := syntax.Parse("["+urlRefusedClass()+"]", syntax.Perl)
	if err != nil || parsed.Op != syntax.OpCharClass {
		t.Fatalf("not one character class: %v %v", parsed, err)
	}
	for r := rune(0); r <= unicode.MaxRune; r++ {
		in := false
		for i := 0; i+1 < len(parsed.Rune); i += 2 {
			if r >= parsed.Rune[i] && r <= parsed.Rune[i+1] {
				in = true
			}
		}
		refused := r <= ' ' || r == 0x7f || invisibleInURL(r)
		if r >= 0xD800 && r <= 0xDFFF {
			continue
		}
		if in != refused {
			t.Fatalf("U+%04X: in the class %v, refused by the rule %v", r, in, refused)
		}
	}
}

// TestLoosePatterns: the zone and media URL patterns never refuse what the rule accepts
// (they may accept more: x-postrules-timezone and x-postrules-mediaUrl say the rest).
func TestLoosePatterns(t *testing.T) {
	zone, media := regexp.MustCompile(zonePattern), regexp.MustCompile(mediaURLPattern())
	refused := regexp.MustCompile(mediaURLRefused())
	r := rand.New(rand.NewSource(15))
	alpha := "aAzZ0965f_+-/. :é?#@[]%"
	for i := 0; i < 30000; i++ {
		b := make([]byte, r.Intn(12))
		for j := range b {
			b[j] = alpha[r.Intn(len(alpha))]
		}
		s := string(b)
		if validTimezone(s) && !zone.MatchString(s) {
			t.Fatalf("zone %q: valid but the pattern refuses it", s)
		}
		for _, u := range []string{"http://" + s, "HTTPS://" + s, "http:" + s, "https://x" + s} {
			if validMediaURL(u) && !media.MatchString(u) {
				t.Fatalf("url %q: valid but the pattern refuses it", u)
			}
			if validMediaURL(u) && refused.MatchString(u) {
				t.Fatalf("url %q: valid but the refused-URL pattern matches it", u)
			}
		}
	}
	// The ports and hosts the refused-URL pattern is there for, and their valid neighbours.
	for _, c := range []struct {
		url   string
		valid bool
	}{
		{"https://x.example:0/a", false}, {"https://x.example:000", false}, {"https://x.example:65536/", false},
		{"https://x.example:99999?q", false}, {"https://x.example:1234567#f", false}, {"https://u:p@x.example:0/", false},
		{"https://[::1]:0/", false}, {"https://:80/", false}, {"https://u@/a", false}, {"https://u@:1/a", false},
		{"https://x.example:1/", true}, {"https://x.example:65535/", true}, {"https://x.example:080/", true},
		{"https://x.example/a%zz", false}, {"https://x.example/a%2", false}, {"https://x.example/#%g1", false}, {"https://a%zz/", false},
		{"https://x.example/?q=%zz", true}, {"https://x.example/%41%2f", true}, {"https://x.example/a?b#c%20", true},
		{"https://x.example:/a", true}, {"https://u:0@x.example/", true}, {"https://[::0]/", true}, {"https://x.example/a:0", true},
	} {
		if validMediaURL(c.url) != c.valid || refused.MatchString(c.url) == c.valid {
			t.Errorf("%q: valid %v, refused-URL pattern matches %v; want valid %v", c.url, validMediaURL(c.url), refused.MatchString(c.url), c.valid)
		}
	}
	for _, z := range []string{"UTC", "America/New_York", "Etc/GMT+5", "America/Argentina/Buenos_Aires", "Europe/Berlin"} {
		if !validTimezone(z) || !zone.MatchString(z) {
			t.Errorf("zone %q", z)
		}
	}
}

// TestOpenAPICodes: the draft-publish operation answers every code of the rule book's
// table under its own HTTP status, the create operation every code but the draft ones, and
// 402/403 carry their extras.
func TestOpenAPICodes(t *testing.T) {
	b, _ := Document(DocOpenAPI)
	var d struct {
		Paths map[string]map[string]struct {
			Responses map[string]struct {
				Ref string `json:"$ref"`
			} `json:"responses"`
		} `json:"paths"`
		Components struct {
			Responses map[string]struct {
				Codes   []string `json:"x-postrules-codes"`
				Content map[string]struct {
					Schema struct {
						AllOf []struct {
							Required []string `json:"required"`
						} `json:"allOf"`
					} `json:"schema"`
				} `json:"content"`
			} `json:"responses"`
		} `json:"components"`
	}
	if err := json.Unmarshal(b, &d); err != nil {
		t.Fatal(err)
	}
	for path, draft := range map[string]bool{"/api/v2/posts": false, "/api/v2/drafts/{draftId}/publish": true} {
		got := map[string]bool{}
		for status, r := range d.Paths[path]["post"].Responses {
			if status == "202" || status == "200" {
				if want := map[bool]string{false: "202", true: "200"}[draft]; status != want {
					t.Errorf("%s answers success with %s, want %s", path, status, want)
				}
				continue
			}
			resp := d.Components.Responses[strings.TrimPrefix(r.Ref, "#/components/responses/")]
			for _, c := range resp.Codes {
				if strconv.Itoa(apierror.Code(c).HTTPStatus()) != status {
					t.Errorf("%s %s lists %s, whose status is %d", path, status, c, apierror.Code(c).HTTPStatus())
				}
				got[c] = true
			}
			required := resp.Content["application/json"].Schema.AllOf[1].Required
			if (status == "403") != (len(required) == 3) {
				t.Errorf("%s %s requires %v", path, status, required)
			}
		}
		for _, c := range apierror.Codes() {
			want := draft || (c != apierror.CodeDraftNotFound && c != apierror.CodeDraftAlreadyPublishing)
			if got[string(c)] != want {
				t.Errorf("%s: code %s listed %v, want %v", path, c, got[string(c)], want)
			}
		}
	}
}

// TestDocumentConcurrent: the first calls may race to build the documents; every caller
// gets the same bytes (go test -race checks the once).
func TestDocumentConcurrent(t *testing.T) {
	want, _ := Document(DocOpenAPI)
	done := make(chan []byte)
	for i := 0; i < 8; i++ {
		go func() {
			b, _ := Document(DocOpenAPI)
			done <- b
		}()
	}
	for i := 0; i < 8; i++ {
		if b := <-done; !bytes.Equal(b, want) {
			t.Fatal("a concurrent caller got other bytes")
		}
	}
}

// TestTagTranslations: the validate tags a platform's options type may use become the
// keywords they mean, so typing a platform is its platform tag on schema.PlatformTarget.
func TestTagTranslations(t *testing.T) {
	type opts struct {
		Title    string            `json:"title" validate:"gte=1,lte=100"`
		Tags     []string          `json:"tags,omitempty" validate:"omitempty,lt=31,unique,dive,len=3"`
		Privacy  string            `json:"privacy,omitempty" validate:"omitempty,oneof=public private"`
		Count    uint              `json:"count,omitempty" validate:"gt=0"`
		Ratio    float64           `json:"ratio,omitempty" validate:"max=1"`
		Extra    map[string]string `json:"extra,omitempty"`
		Internal string            `json:"-"`
	}
	g := newGenerator("#/$defs/")
	g.ref(reflect.TypeOf(opts{}))
	if g.err != nil {
		t.Fatal(g.err)
	}
	got := string(marshalOrdered(g.defs))
	for _, want := range []string{
		`"minLength": 1`, `"maxLength": 100`, `"maxItems": 30`, `"uniqueItems": true`,
		`"minLength": 3,`, `"maxLength": 3`, `"enum": ["public", "private"]`, `"minimum": 1`, `"maximum": 1`,
		`"additionalProperties": {`, `"required": ["title"]`,
	} {
		if !strings.Contains(got, want) {
			t.Errorf("no %s in\n%s", want, got)
		}
	}
	if strings.Contains(got, "Internal") {
		t.Error(`a json:"-" field is in the schema`)
	}
}

// BenchmarkDocument is a call after the first: a copy of the built bytes. Compare
// BenchmarkBuildDocuments, what every call would cost without the once.
func BenchmarkDocument(b *testing.B) {
	if _, err := Document(DocOpenAPI); err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Document(DocOpenAPI); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkBuildDocuments generates all five documents from the types.
func BenchmarkBuildDocuments(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := buildDocuments(); err != nil {
			b.Fatal(err)
		}
	}
}

// TestDraftPublishResultSchema: answers built from the wire type validate, with every
// status and a scheduledFor normalized by rules.FormatScheduledFor (any instant from year
// 0000 to 9999); a status outside rules' list does not.
func TestDraftPublishResultSchema(t *testing.T) {
	s := compiled(t, DocDraftPublishResult, "")
	r := rand.New(rand.NewSource(3))
	valid := func(v schema.DraftPublishResult) error {
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatal(err)
		}
		inst, err := jsv.UnmarshalJSON(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return s.Validate(inst)
	}
	for i := 0; i < 700; i++ {
		st := statuses()[i%len(statuses())]
		when := time.Unix(r.Int63n(253402300800+62167219200)-62167219200, r.Int63n(1e9)).UTC()
		v := schema.DraftPublishResult{Success: i%2 == 0, Status: lifecycle.PostStatus(st), ScheduledFor: rules.FormatScheduledFor(when), PostID: "p1",
			Platforms: []schema.PlatformResult{{Platform: rules.Twitter, Success: true, PlatformPostURL: "https://x.com/p/1"}, {Platform: rules.Bluesky, Error: "token expired"}}}
		if err := valid(v); err != nil {
			t.Errorf("%+v: %v", v, err)
		}
	}
	if err := valid(schema.DraftPublishResult{Status: "done", PostID: "p", Platforms: []schema.PlatformResult{}}); err == nil {
		t.Error(`status "done" accepted`)
	}
}
