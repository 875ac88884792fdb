package schema

import (
	"encoding/json"
	"math"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/fieldname"
)

// Limits of the strict decoder.
const (
	// DefaultMaxBodyBytes is the largest body accepted when Env.MaxBodyBytes is 0: 1 MiB.
	// A larger body is one 400 body_too_large problem and is not scanned at all.
	DefaultMaxBodyBytes = 1 << 20
	// MaxDepth is how deeply objects and arrays may nest, the top-level object being level 1.
	// The deepest value the API defines (a thread item's media item) is at level 8; the
	// rest is room for the other platforms' platformSpecificData. Deeper is 400 too_deep.
	MaxDepth = 32
	// DefaultMaxTargets is how many targets ("platforms" entries) a request may have when
	// Env.MaxTargets is 0: ten platforms with a few accounts each, and far more than any
	// composer sends. Past it the request is 400 too_many_targets; the targets beyond it
	// are skipped, syntax only, so a body of 40,000 targets costs what a body of 100 does
	// plus one scan. (The cost of checking stays linear without the bound too: see
	// docs/contract.md, "Cost".)
	DefaultMaxTargets = 100
)

// maxProblems bounds the 400 problems one verdict lists, so a hostile 1 MiB body of
// unknown fields costs a bounded answer. The first ones found are kept.
const maxProblems = 100

// maxPointerBytes bounds the total size of the pointers of one document's listed problems:
// 100 problems under a 512 KB member name would otherwise list 50 MB of pointers.
const maxPointerBytes = 64 << 10

// fields is the member table of one JSON object type. Tables are package-level values that
// are never written: read-only data, not state.
type fields struct {
	names    []string
	required uint32 // bit i set: names[i] must be present (400 missing_field)
}

// The member tables of the wire types (types.go), in the order the types list them.
var (
	createPostTable = newTable(
		wireMember[CreatePost]{name: "content", decode: func(d *decoder, p *CreatePost) { d.str(&p.Content) }},
		wireMember[CreatePost]{name: "mediaItems", decode: func(d *decoder, p *CreatePost) { p.MediaItems = d.mediaItems() }},
		wireMember[CreatePost]{name: "platforms", decode: func(d *decoder, p *CreatePost) { p.Platforms = d.targets() }},
		wireMember[CreatePost]{name: "publishNow", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.boolean(&p.PublishNow)
			}
		}},
		wireMember[CreatePost]{name: "scheduledFor", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.optStr(&p.ScheduledFor)
			}
		}},
		wireMember[CreatePost]{name: "timezone", decode: func(d *decoder, p *CreatePost) {
			if !d.skipDraftPublishField() {
				d.optStr(&p.Timezone)
			}
		}},
	)
	mediaItemTable = newTable(
		wireMember[MediaItem]{name: "type", required: true, decode: func(d *decoder, m *MediaItem) { d.str(&m.Type) }},
		wireMember[MediaItem]{name: "url", required: true, decode: func(d *decoder, m *MediaItem) { d.str(&m.URL) }},
		wireMember[MediaItem]{name: "thumbnail", decode: func(d *decoder, m *MediaItem) { d.optStr(&m.Thumbnail) }},
	)
	twitterTable = newTable(
		wireMember[TwitterOptions]{name: "communityId", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.CommunityID) }},
		wireMember[TwitterOptions]{name: "shareWithFollowers", decode: func(d *decoder, t *TwitterOptions) { d.boolean(&t.ShareWithFollowers) }},
		wireMember[TwitterOptions]{name: "replyToTweetId", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.ReplyToTweetID) }},
		wireMember[TwitterOptions]{name: "replySettings", decode: func(d *decoder, t *TwitterOptions) { d.optStr(&t.ReplySettings) }},
		wireMember[TwitterOptions]{name: "threadItems", decode: func(d *decoder, t *TwitterOptions) { t.ThreadItems = d.threadItems() }},
		wireMember[TwitterOptions]{name: "poll", decode: func(d *decoder, t *TwitterOptions) {
			t.Poll = new(Poll)
			if !decodeObject(d, pollTable, t.Poll) {
				t.Poll = nil
			}
		}},
	)
	threadItemTable = newTable(
		wireMember[ThreadItem]{name: "content", decode: func(d *decoder, it *ThreadItem) { d.str(&it.Content) }},
		wireMember[ThreadItem]{name: "mediaItems", decode: func(d *decoder, it *ThreadItem) { it.MediaItems = d.mediaItems() }},
	)
	pollTable = newTable(
		wireMember[Poll]{name: "options", required: true, decode: func(d *decoder, p *Poll) { p.Options = d.stringArray() }},
		wireMember[Poll]{name: "durationMinutes", required: true, decode: func(d *decoder, p *Poll) {
			var n int
			d.integer(&n)
			p.DurationMinutes = Minutes(n)
		}},
	)
	targetTable = newTable(
		wireMember[PlatformTarget]{name: "platform", required: true, decode: func(d *decoder, t *PlatformTarget) {
			var s string
			d.str(&s)
			t.Platform = rules.Platform(s)
		}},
		wireMember[PlatformTarget]{name: "accountId", decode: func(d *decoder, t *PlatformTarget) { d.optStr(&t.AccountID) }},
		wireMember[PlatformTarget]{name: "content", decode: func(d *decoder, t *PlatformTarget) { d.optStr(&t.Content) }},
		wireMember[PlatformTarget]{name: "platformSpecificData", decode: func(d *decoder, t *PlatformTarget) {
			if !d.is(d.sc.Peek(), strictjson.Object, "an object") {
				return
			}
			d.psd, d.hasPSD = d.sc.Mark(), true
			d.skipLocated()
		}},
	)
	draftPublishTable = newTable(
		wireMember[DraftPublish]{name: "publishNow", decode: func(d *decoder, p *DraftPublish) { d.boolean(&p.PublishNow) }},
		wireMember[DraftPublish]{name: "scheduledFor", decode: func(d *decoder, p *DraftPublish) { d.optStr(&p.ScheduledFor) }},
		wireMember[DraftPublish]{name: "timezone", decode: func(d *decoder, p *DraftPublish) { d.optStr(&p.Timezone) }},
	)
)

// skipDraftPublishField skips the value of publishNow, scheduledFor or timezone in a stored
// draft and reports whether it did: they are replaced by the publish body's, so their values
// are not read, and no value there is wrong (their names are still checked like every name).
func (d *decoder) skipDraftPublishField() bool {
	if d.origin != originDraft {
		return false
	}
	d.sc.Skip()
	return true
}

// decoder decodes one JSON document strictly into the wire types. It reads the body once
// with a hand-written scanner (package strictjson; its doc says why not encoding/json),
// dispatches members by exact name, and records every problem with its JSON pointer. A
// problem that stops scanning (malformed JSON, nesting too deep) is fatal: the document
// then has exactly that one problem. Any other problem (unknown, duplicate, case-mismatched
// or missing names, wrong types, bad strings) is recorded and decoding goes on, so a body
// gets all of them at once.
type decoder struct {
	sc strictjson.Scanner
	// ptr is the JSON pointer of the value being read, kept up to date by push and pop;
	// ends[k] is its length with k+1 steps, so pop is a truncation.
	ptr      []byte
	ends     []int
	problems []*apierror.Error
	// broken holds the pointers of values the decoder rejected, could not read, or that a
	// rejected name was meant for ("Content" breaks /content). Later checks say nothing
	// about them, so one mistake gives one problem, not a cascade. Every rejected value is
	// marked, however many problems are listed: what later checks do must not depend on
	// the listing's cap.
	broken brokenSet
	// listedBytes is the size of the listed problems' pointers (see listing).
	listedBytes int
	// built counts the bytes of the listed problems' pointers and messages, for the cost
	// fuzz test (FuzzCheckCost).
	built int
	fatal *apierror.Error
	// maxTargets bounds the targets decoded (Env.MaxTargets); 0 outside a create-post body.
	maxTargets int
	// failPath is the pointer of the innermost value being read when scanning failed.
	failPath string
	failSet  bool
	origin   origin
	// psd locates the platformSpecificData of the target being decoded, when hasPSD: it is
	// decoded once the target's other members are read (see target).
	psd    strictjson.Mark
	hasPSD bool
}

// origin is the document a decoder reads: the request body or a stored draft.
type origin uint8

const (
	originBody  origin = iota // the request body
	originDraft               // the stored draft of a draft publish
)

// in is Problem.In for the document: "draft" for a stored draft, "" for the request body.
func (o origin) in() string {
	switch o {
	case originDraft:
		return "draft"
	case originOptions:
		return inOptions
	case originOutcomes:
		return inOutcomes
	}
	return ""
}

// noun names the document in messages: "the body" of a request (or its stored draft),
// "the document" of options or outcomes.
func (o origin) noun() string {
	if o == originOptions || o == originOutcomes {
		return "the document"
	}
	return "the body"
}

func newDecoder(body []byte, o origin) *decoder {
	return &decoder{sc: strictjson.New(body, MaxDepth), origin: o,
		ptr: make([]byte, 0, 64), ends: make([]int, 0, 8)}
}

// decodeCreatePost decodes a create-post body (or, with originDraft, a stored draft, whose
// publishNow, scheduledFor and timezone are not read: see CheckDraftPublish). The result
// is never nil.
func decodeCreatePost(body []byte, maxBytes int, o origin) (*CreatePost, *decoder) {
	return decodeCreatePostLimited(body, maxBytes, 0, o)
}

// decodeCreatePostLimited is decodeCreatePost with a bound on the number of targets:
// maxTargets 0 means DefaultMaxTargets, below 0 no bound (Env.MaxTargets).
func decodeCreatePostLimited(body []byte, maxBytes, maxTargets int, o origin) (*CreatePost, *decoder) {
	p := new(CreatePost)
	d := newDecoder(body, o)
	switch {
	case maxTargets == 0:
		d.maxTargets = DefaultMaxTargets
	case maxTargets < 0:
		d.maxTargets = math.MaxInt
	default:
		d.maxTargets = maxTargets
	}
	if d.top(body, maxBytes) {
		d.createPost(p)
		d.end()
	}
	return p, d
}

// decodeDraftPublish decodes a draft-publish body. The result is never nil.
func decodeDraftPublish(body []byte, maxBytes int) (*DraftPublish, *decoder) {
	p := new(DraftPublish)
	d := newDecoder(body, originBody)
	if d.top(body, maxBytes) {
		d.draftPublish(p)
		d.end()
	}
	return p, d
}

// top checks what comes before member-by-member decoding: size, emptiness, and that the
// top level is an object. It reports false when decoding must not start.
func (d *decoder) top(body []byte, maxBytes int) bool {
	return d.topOf(body, maxBytes, strictjson.Object, "a JSON object")
}

// topArray is top for a document that must be an array.
func (d *decoder) topArray(body []byte) bool {
	return d.topOf(body, DefaultMaxBodyBytes, strictjson.Array, "a JSON array")
}

// topOf is top for a document whose top level must be of kind want (named for messages).
func (d *decoder) topOf(body []byte, maxBytes int, want strictjson.Kind, wantName string) bool {
	noun := d.origin.noun()
	if maxBytes <= 0 {
		maxBytes = DefaultMaxBodyBytes
	}
	if len(body) > maxBytes {
		d.fatal = apierror.New(apierror.CodeBodyTooLarge, "", noun+" is "+strconv.Itoa(len(body))+
			" bytes; the limit is "+strconv.Itoa(maxBytes)+" bytes")
		return false
	}
	if blank(body) {
		d.fatal = apierror.New(apierror.CodeMalformedJSON, "", noun+" is empty; expected "+wantName)
		return false
	}
	switch k := d.sc.Peek(); k {
	case want:
		return true
	case strictjson.Invalid:
	default:
		d.sc.Skip()
		d.sc.End()
		if d.sc.Err() == nil {
			d.fatal = apierror.New(apierror.CodeInvalidBody, "", noun+" is "+k.String()+"; expected "+wantName)
		}
	}
	d.end()
	return false
}

// blank reports whether b is only JSON white space.
func blank(b []byte) bool {
	for _, c := range b {
		if c != ' ' && c != '\t' && c != '\r' && c != '\n' {
			return false
		}
	}
	return true
}

// end checks that nothing follows the top-level value and turns a scanning failure into the
// document's one fatal problem.
func (d *decoder) end() {
	d.sc.End()
	e := d.sc.Err()
	if e == nil || d.fatal != nil {
		return
	}
	path := d.failPath
	if !d.failSet {
		path = d.pointer()
	}
	code := apierror.CodeMalformedJSON
	if e.TooDeep {
		code = apierror.CodeTooDeep
	}
	d.fatal = apierror.New(code, path, e.Describe(MaxDepth))
	d.fatal.Offset = e.Offset
}

// failed reports whether scanning stopped.
func (d *decoder) failed() bool { return d.sc.Err() != nil }

// all returns the decoder's problems: the fatal one alone, or the others.
func (d *decoder) all() []*apierror.Error {
	if d.fatal != nil {
		return []*apierror.Error{d.fatal}
	}
	return d.problems
}

func (d *decoder) push(name string) {
	d.ptr = appendPointerName(d.ptr, name)
	d.ends = append(d.ends, len(d.ptr))
}

func (d *decoder) pushIndex(i int) {
	d.ptr = append(d.ptr, '/')
	d.ptr = strconv.AppendInt(d.ptr, int64(i), 10)
	d.ends = append(d.ends, len(d.ptr))
}

func (d *decoder) pop() {
	if !d.failSet && d.failed() {
		d.failPath, d.failSet = d.pointer(), true
	}
	d.ends = d.ends[:len(d.ends)-1]
	n := 0
	if len(d.ends) > 0 {
		n = d.ends[len(d.ends)-1]
	}
	d.ptr = d.ptr[:n]
}

// pointer is the JSON pointer (RFC 6901) of the current value.
func (d *decoder) pointer() string { return string(d.ptr) }

// pointerTo is the pointer of the current object's member name.
func (d *decoder) pointerTo(name string) string {
	b := make([]byte, 0, len(d.ptr)+1+len(name)+strings.Count(name, "~")+strings.Count(name, "/"))
	return string(appendPointerName(append(b, d.ptr...), name))
}

// appendPointerName appends "/name" with RFC 6901's escapes: "~" is "~0", "/" is "~1".
func appendPointerName(b []byte, name string) []byte {
	b = append(b, '/')
	for i := 0; i < len(name); i++ {
		switch name[i] {
		case '~':
			b = append(b, "~0"...)
		case '/':
			b = append(b, "~1"...)
		default:
			b = append(b, name[i])
		}
	}
	return b
}

// listing reports whether one more problem, whose pointer is about size bytes, is listed:
// at most maxProblems of them, and their pointers at most maxPointerBytes together (the
// first problem is always listed). Past that, problems are still marked, not listed.
func (d *decoder) listing(size int) bool {
	if len(d.problems) >= maxProblems || len(d.problems) > 0 && d.listedBytes+size > maxPointerBytes {
		return false
	}
	d.listedBytes += size
	return true
}

// reject marks the current value (or, when member is true, the current object's member
// name) broken, and reports whether its problem is to be listed; the caller then builds the
// message and calls list. Messages and pointers are built only for listed problems, so a
// hostile body of 100,000 problems under a 500 KB name costs 100 pointers, not 100,000.
func (d *decoder) reject(name string, member bool) bool {
	d.broken.mark(d.ptr, name, member)
	size := len(d.ptr)
	if member {
		size += 1 + len(name)
	}
	return d.listing(size)
}

// list records a problem that reject said is listed.
func (d *decoder) list(code apierror.Code, name string, member bool, msg string) {
	path := d.pointer()
	if member {
		path = d.pointerTo(name)
	}
	d.built += len(path) + len(msg)
	d.problems = append(d.problems, apierror.New(code, path, msg))
}

// reportHere rejects the current value with a problem.
func (d *decoder) reportHere(code apierror.Code, msg string) {
	if d.reject("", false) {
		d.list(code, "", false, msg)
	}
}

// is reports whether k, the kind of the current value (d.sc.Peek()), is want; when it is
// not, it reports wrong_type (expected what) and skips the value. (Peek is the caller's
// so that is stays small enough to inline.)
func (d *decoder) is(k, want strictjson.Kind, what string) bool {
	if k != want {
		d.wrongType(what, k)
		return false
	}
	return true
}

// wrongType reports that the current value is of kind got where want was expected, and
// skips it. Nothing is reported when got is Invalid: the scanner has failed already.
func (d *decoder) wrongType(want string, got strictjson.Kind) {
	if got == strictjson.Invalid {
		return
	}
	if d.reject("", false) {
		d.list(apierror.CodeWrongType, "", false, "expected "+want+", found "+got.String())
	}
	d.sc.Skip()
}

// stringIssue reports a bad string: the current value's, or when member is true, the
// current object's member name.
func (d *decoder) stringIssue(name string, member bool, is strictjson.Issue) {
	if is.Kind == strictjson.NoIssue || !d.reject(name, member) {
		return
	}
	switch is.Kind {
	case strictjson.InvalidUTF8:
		d.list(apierror.CodeInvalidUTF8, name, member, "the string is not valid UTF-8 (bad byte at byte "+strconv.Itoa(is.Offset)+" of "+d.origin.noun()+")")
	case strictjson.LoneSurrogate:
		d.list(apierror.CodeInvalidString, name, member, d.sc.LoneSurrogateMessage(is.Offset, " of "+d.origin.noun()))
	}
}

// key reads the key of an object member whose names are free (limits, raw data), reports a
// bad string in it, and returns it decoded; clean is false when it had such an issue, ok
// false when scanning failed.
func (d *decoder) key() (name string, clean, ok bool) {
	k, issue := d.sc.Key()
	if d.failed() {
		return "", false, false
	}
	name = string(k)
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue(name, true, issue)
		return name, false, true
	}
	return name, true, true
}

// duplicate reports the current object's member name as given twice.
func (d *decoder) duplicate(name string) {
	if d.reject(name, true) {
		d.list(apierror.CodeDuplicateField, name, true, quoteName(name)+" is given more than once in this object; give each name once")
	}
}

// object is the state of one object being decoded with a member table.
type object struct {
	f      *fields
	it     strictjson.Iter
	seen   uint32
	meant  uint32 // names that a rejected name was meant for: not also "missing"
	pushed bool
	field  int // index in f.names of the member whose value is next
}

// next moves to the next member the table defines and has not seen yet, and returns true
// with o.field set; the caller then decodes its value. Unknown, case-mismatched, duplicate
// and badly encoded names are reported and their values skipped. At the end of the object
// it reports the required members that were absent and returns false.
func (d *decoder) next(o *object) bool {
	if o.pushed {
		d.pop()
		o.pushed = false
	}
	for d.sc.NextMember(&o.it) {
		key, issue := d.sc.Key()
		if d.failed() {
			return false
		}
		idx := -1
		if issue.Kind == strictjson.NoIssue {
			for i, n := range o.f.names {
				if string(key) == n {
					idx = i
					break
				}
			}
		}
		if idx < 0 {
			name := string(key)
			if meant := d.unknown(o.f, name, issue); meant >= 0 && o.meant&(1<<meant) == 0 {
				// The user did try to give that member, so it is not also reported missing or
				// conflicting. Once per object: a body of 100,000 "Contnt" marks it once.
				o.meant |= 1 << meant
				d.broken.mark(d.ptr, o.f.names[meant], true)
			}
			d.skipMember(name)
			continue
		}
		name := o.f.names[idx]
		bit := uint32(1) << idx
		if o.seen&bit != 0 {
			d.duplicate(name)
			d.skipMember(name)
			continue
		}
		o.seen |= bit
		d.push(name)
		o.pushed, o.field = true, idx
		return true
	}
	if !d.failed() {
		for i, n := range o.f.names {
			if o.f.required&(1<<i) != 0 && (o.seen|o.meant)&(1<<i) == 0 {
				if d.reject(n, true) {
					d.list(apierror.CodeMissingField, n, true, "the required field "+strconv.Quote(n)+" is missing")
				}
			}
		}
	}
	return false
}

// skipMember skips the value of a member that is not decoded, with the member on the path
// so that a syntax error inside it is located there.
func (d *decoder) skipMember(name string) {
	d.push(name)
	d.sc.Skip()
	d.pop()
}

// unknown reports a member name the table does not define: a name in the wrong case, a
// close name ("did you mean"), a name that is not UTF-8, or a plain unknown name. When the
// name was meant for a defined one, it returns that one's index (else -1), for the caller
// to mark broken.
func (d *decoder) unknown(f *fields, key string, issue strictjson.Issue) int {
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue(key, true, issue)
		return -1
	}
	m := fieldname.Lookup(key, f.names)
	listed := d.reject(key, true)
	switch {
	case !listed:
	case m.CaseOnly:
		d.list(apierror.CodeFieldCaseMismatch, key, true, "field names are case-sensitive: "+strconv.Quote(key)+
			" is not a field, did you mean "+strconv.Quote(m.Name)+"?")
	case m.Name != "":
		d.list(apierror.CodeUnknownField, key, true, "unknown field "+quoteName(key)+"; did you mean "+strconv.Quote(m.Name)+"?")
	default:
		d.list(apierror.CodeUnknownField, key, true, "unknown field "+quoteName(key)+"; the fields here are "+strings.Join(f.names, ", "))
	}
	if m.Name == "" {
		return -1
	}
	for i, n := range f.names {
		if n == m.Name {
			return i
		}
	}
	return -1
}

// quoteName quotes a name for a message: strictjson.Quote, cut so that a 1 MiB key does not
// make a 1 MiB message.
func quoteName(s string) string { return strictjson.Quote(s) }

// array is the state of one array being decoded.
type array struct {
	it     strictjson.Iter
	pushed bool
	index  int
}

func (d *decoder) openArray() bool {
	if !d.is(d.sc.Peek(), strictjson.Array, "an array") {
		return false
	}
	d.sc.BeginArray()
	return true
}

func (d *decoder) nextElem(a *array) bool {
	if a.pushed {
		d.pop()
		a.pushed = false
	}
	if !d.sc.NextElement(&a.it) {
		return false
	}
	a.index = a.it.Count() - 1
	d.pushIndex(a.index)
	a.pushed = true
	return true
}

// str decodes a string value into dst; it reports whether dst was set.
func (d *decoder) str(dst *string) bool {
	if !d.is(d.sc.Peek(), strictjson.String, "a string") {
		return false
	}
	s, issue := d.sc.String()
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue("", false, issue)
	}
	*dst = s
	return !d.failed()
}

func (d *decoder) optStr(dst **string) {
	var s string
	if d.str(&s) {
		*dst = &s
	}
}

// boolean decodes a boolean into dst; it reports whether dst was set.
func (d *decoder) boolean(dst *bool) bool {
	if !d.is(d.sc.Peek(), strictjson.Bool, "a boolean (true or false)") {
		return false
	}
	*dst = d.sc.Bool()
	return true
}

// integer decodes a whole number, read by parseWhole: 60, 60.0 and 6e1 are all sixty (JSON
// has one number type; the peer's schema says "number"); 60.5 is wrong_type. Magnitudes
// from 10^9 up are read as ±10^9 (see Minutes). It reports whether *dst was set.
func (d *decoder) integer(dst *int) bool {
	if !d.is(d.sc.Peek(), strictjson.Number, "a whole number") {
		return false
	}
	lit := d.sc.Number()
	if d.failed() {
		return false
	}
	n, kind := parseWhole(lit)
	if kind != numWhole {
		d.reportHere(apierror.CodeWrongType, "expected a whole number, found "+cutLiteral(lit))
		return false
	}
	*dst = n
	return true
}

// numKind is what parseWhole found.
type numKind uint8

const (
	numSyntax   numKind = iota // not an RFC 8259 number
	numWhole                   // a whole number
	numFraction                // a number with a non-zero fractional part
)

// wholeClamp bounds the magnitude parseWhole returns.
const wholeClamp = 1_000_000_000

// parseWhole reads an RFC 8259 number literal, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?,
// exactly: its value is whole when, once the digits' trailing zeros are moved into the
// exponent, the exponent is not negative ("600e-1" is 60; "5.0000000000000000001" is not
// whole, though float64 would round it to 5). Whole values of magnitude 10^9 or more are
// clamped to ±10^9, so no literal overflows. No allocation, no floating point.
func parseWhole(lit []byte) (int, numKind) {
	i, neg := 0, false
	if i < len(lit) && lit[i] == '-' {
		i, neg = i+1, true
	}
	intStart := i
	for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
		i++
	}
	intEnd := i
	if intEnd == intStart || (lit[intStart] == '0' && intEnd-intStart > 1) {
		return 0, numSyntax
	}
	fracStart, fracEnd := i, i
	if i < len(lit) && lit[i] == '.' {
		i++
		fracStart = i
		for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
			i++
		}
		fracEnd = i
		if fracEnd == fracStart {
			return 0, numSyntax
		}
	}
	exp := 0
	if i < len(lit) && (lit[i] == 'e' || lit[i] == 'E') {
		i++
		expNeg := false
		if i < len(lit) && (lit[i] == '+' || lit[i] == '-') {
			expNeg = lit[i] == '-'
			i++
		}
		expStart := i
		for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
			if exp < 1<<40 { // saturate: far beyond any body's digit count
				exp = exp*10 + int(lit[i]-'0')
			}
			i++
		}
		if i == expStart {
			return 0, numSyntax
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(lit) {
		return 0, numSyntax
	}
	// The digits are lit[intStart:intEnd] followed by lit[fracStart:fracEnd]; digit j of
	// that sequence is at(j).
	nInt, nAll := intEnd-intStart, intEnd-intStart+fracEnd-fracStart
	at := func(j int) byte {
		if j < nInt {
			return lit[intStart+j]
		}
		return lit[fracStart+j-nInt]
	}
	first, last := 0, nAll-1
	for first < nAll && at(first) == '0' {
		first++
	}
	if first == nAll {
		return 0, numWhole // zero, however written
	}
	for at(last) == '0' {
		last--
	}
	// value = digits[first..last] * 10^scale
	scale := exp - (fracEnd - fracStart) + (nAll - 1 - last)
	if scale < 0 {
		return 0, numFraction
	}
	n := wholeClamp
	if last-first+1+scale <= 10 { // at most 10 digits: fits an int64 before clamping
		v := int64(0)
		for j := first; j <= last; j++ {
			v = v*10 + int64(at(j)-'0')
		}
		for ; scale > 0; scale-- {
			v *= 10
		}
		n = int(min(v, wholeClamp))
	}
	if neg {
		n = -n
	}
	return n, numWhole
}

// cutLiteral renders a number literal for a message, cut so that a 1 MiB literal does not
// make a 1 MiB message.
func cutLiteral(lit []byte) string {
	const max = 64
	if len(lit) > max {
		return string(lit[:max]) + "..."
	}
	return string(lit)
}

// jsonKind names the kind of the JSON value b, by its first byte, for a message; a
// number is named with its literal, since it is there because it is not a whole one.
func jsonKind(b []byte) string {
	if len(b) == 0 {
		return "no value"
	}
	if k := strictjson.KindOf(b[0]); k != strictjson.Number && k != strictjson.Invalid {
		return k.String()
	}
	return "an invalid number " + strconv.Quote(cutLiteral(b))
}

func (d *decoder) createPost(p *CreatePost) { decodeObject(d, createPostTable, p) }

func (d *decoder) draftPublish(p *DraftPublish) { decodeObject(d, draftPublishTable, p) }

// mediaItems decodes an array of media items. An empty array decodes to an empty, non-nil
// slice; it re-encodes as absent, which means the same.
func (d *decoder) mediaItems() []MediaItem {
	if !d.openArray() {
		return nil
	}
	items := []MediaItem{}
	var a array
	for d.nextElem(&a) {
		items = append(items, MediaItem{})
		d.mediaItem(&items[len(items)-1])
	}
	return items
}

func (d *decoder) mediaItem(m *MediaItem) { decodeObject(d, mediaItemTable, m) }

func (d *decoder) targets() []PlatformTarget {
	if !d.openArray() {
		return nil
	}
	ts := []PlatformTarget{}
	var a array
	over := 0 // targets past d.maxTargets: skipped, syntax only
	for d.nextElem(&a) {
		if len(ts) >= d.maxTargets {
			over++
			d.skipLocated()
			continue
		}
		ts = append(ts, PlatformTarget{})
		d.target(&ts[len(ts)-1])
	}
	if over > 0 && !d.failed() {
		d.reportHere(apierror.CodeTooManyTargets, "platforms has "+strconv.Itoa(len(ts)+over)+
			" targets; a request may have at most "+strconv.Itoa(d.maxTargets))
	}
	return ts
}

// target decodes one target. platformSpecificData may come before "platform", and its
// shape depends on the platform, so it is first only checked for syntax and decoded once
// the whole target has been read: typed for each of the ten platforms (the nine besides
// twitter also keep it as sent, in Options), and kept raw (after checking its strings and
// names) for a target whose platform is unknown or missing.
func (d *decoder) target(t *PlatformTarget) {
	d.hasPSD = false
	if !decodeObject(d, targetTable, t) || !d.hasPSD || d.failed() {
		return
	}
	after := d.sc.Mark()
	d.sc.Rewind(d.psd)
	d.push("platformSpecificData")
	if t.Platform == rules.Twitter {
		t.Twitter = new(TwitterOptions)
		d.twitter(t.Twitter)
	} else {
		start := d.sc.Pos()
		if !d.platformOptions(t) { // typed for the nine (platforms.go), raw otherwise
			d.raw()
		}
		t.Options = append(json.RawMessage(nil), d.sc.Bytes(start, d.sc.Pos())...)
	}
	d.pop()
	d.sc.Rewind(after)
}

// skipLocated skips a value, checking its syntax only. When the syntax is wrong, the value
// is walked again with every member name and index on the path, so that the error is
// located at the innermost value being read, as everywhere else in the document
// (".../poll/durationMinutes" for "durationMinutes": 05). Input that nests too deep stays
// located at the value itself. A valid value is skipped once, at Skip's cost.
func (d *decoder) skipLocated() {
	probe := d.sc // Scanner is a value; Skip never writes its scratch buffer
	probe.Skip()
	if e := probe.Err(); e == nil || e.TooDeep {
		d.sc = probe
		return
	}
	d.walk()
}

// walk reads a value with its members and elements on the path, reporting nothing: a
// scanning failure inside it is located by pop.
func (d *decoder) walk() {
	switch d.sc.Peek() {
	case strictjson.Object:
		d.sc.BeginObject()
		var it strictjson.Iter
		for d.sc.NextMember(&it) {
			key, _ := d.sc.Key()
			if d.failed() {
				return
			}
			d.push(string(key))
			d.walk()
			d.pop()
		}
	case strictjson.Array:
		d.sc.BeginArray()
		var a array
		for d.nextElem(&a) {
			d.walk()
		}
	default:
		d.sc.Skip()
	}
}

// raw walks a value that is passed through as JSON (another platform's
// platformSpecificData): its syntax was checked already; here its strings must be valid
// and no object may give a name twice, since whoever reads it later would have to guess
// which value counts.
func (d *decoder) raw() {
	switch k := d.sc.Peek(); k {
	case strictjson.Object:
		d.sc.BeginObject()
		var it strictjson.Iter
		var seen map[string]bool
		var first []string // small objects: a linear scan, no map
		for d.sc.NextMember(&it) {
			name, _, ok := d.key()
			if !ok {
				return
			}
			dup := false
			if seen != nil {
				dup = seen[name]
				seen[name] = true
			} else {
				for _, f := range first {
					dup = dup || f == name
				}
				first = append(first, name)
				if len(first) > 16 {
					seen = make(map[string]bool, 32)
					for _, f := range first {
						seen[f] = true
					}
				}
			}
			if dup {
				d.duplicate(name)
			}
			d.push(name)
			d.raw()
			d.pop()
		}
	case strictjson.Array:
		d.sc.BeginArray()
		var a array
		for d.nextElem(&a) {
			d.raw()
		}
	case strictjson.String:
		if is := d.sc.CheckString(); is.Kind != strictjson.NoIssue {
			d.stringIssue("", false, is)
		}
	default:
		d.sc.Skip()
	}
}

func (d *decoder) twitter(t *TwitterOptions) { decodeObject(d, twitterTable, t) }

func (d *decoder) threadItems() []ThreadItem {
	if !d.openArray() {
		return nil
	}
	items := []ThreadItem{}
	var a array
	for d.nextElem(&a) {
		items = append(items, ThreadItem{})
		decodeObject(d, threadItemTable, &items[len(items)-1])
	}
	return items
}

// markMax bounds the pointers a brokenSet stores exactly. The pointers later checks ask
// about are the wire types' own (the longest, a thread item's media thumbnail under a
// six-digit target and item index, is under 100 bytes); a rejected value deeper or under a
// longer name is remembered by its longest ancestor within markMax, so that marking costs
// O(markMax) whatever the names, and a 500 KB member name cannot make each mark cost 500 KB.
const markMax = 128

// brokenSet is the set of values the decoder rejected, asked about by pointer: O(1) to mark
// (amortized: each distinct ancestor is stored once) and O(depth) to ask, with queries of
// at most markMax bytes.
type brokenSet struct {
	// m maps a pointer of at most markMax bytes to what is known about it.
	m map[string]brokenBits
	// atDepth[k] counts the rejected values k steps deep (the last entry: that deep or
	// deeper), so that has probes only the depths where something was rejected.
	atDepth [MaxDepth + 2]int
	scratch []byte
	// hashed counts the bytes of the pointers looked up or stored: the set's work, read by
	// the cost fuzz test (FuzzCheckCost).
	hashed int
}

// depth is how many steps the pointer b has.
func depth(b []byte) int {
	n := 0
	for _, c := range b {
		if c == '/' {
			n++
		}
	}
	return min(n, MaxDepth+1)
}

// brokenBits says what a brokenSet knows of one pointer.
type brokenBits uint8

const (
	// brokenAtIt: the value at this pointer was rejected.
	brokenAtIt brokenBits = 1 << iota
	// brokenInside: a value strictly inside it was rejected.
	brokenInside
	// brokenLong: a value inside it whose pointer is longer than markMax was rejected, and
	// this is that value's longest ancestor within markMax.
	brokenLong
)

// set adds bits to key's entry and reports whether they were all there already.
func (s *brokenSet) set(key []byte, bits brokenBits) bool {
	s.hashed += len(key)
	old := s.m[string(key)]
	if old&bits == bits {
		return true
	}
	s.m[string(key)] = old | bits
	return false
}

// mark records that the value at ptr (or, when member is true, at ptr's member name) was
// rejected.
func (s *brokenSet) mark(ptr []byte, name string, member bool) {
	if s.m == nil {
		s.m = map[string]brokenBits{}
	}
	b := ptr
	if member {
		if len(ptr)+1+len(name) > markMax {
			s.markLong(ptr, len(ptr))
			return
		}
		s.scratch = appendPointerName(append(s.scratch[:0], ptr...), name)
		b = s.scratch
	}
	if len(b) > markMax {
		s.markLong(b, lastSlashWithin(b, markMax))
		return
	}
	if !s.set(b, brokenAtIt) {
		s.atDepth[depth(b)]++
	}
	s.ancestors(b, lastSlashWithin(b, len(b)-1))
}

// markLong records a rejected value whose pointer b is longer than markMax, by the ancestor
// b[:end] (end <= markMax).
func (s *brokenSet) markLong(b []byte, end int) {
	if end > markMax {
		end = lastSlashWithin(b, markMax)
	}
	s.set(b[:end], brokenLong)
	s.ancestors(b, end)
}

// ancestors marks b[:end] and its ancestors as having something broken inside, deepest
// first, stopping at the first one marked already (its ancestors are too).
func (s *brokenSet) ancestors(b []byte, end int) {
	for end >= 0 {
		if s.set(b[:end], brokenInside) || end == 0 {
			return
		}
		end = lastSlashWithin(b, end-1)
	}
}

// lastSlashWithin is the index of the last '/' in b[:limit+1] (so b[:i] is an ancestor of
// b within limit bytes), or 0 ("" is the root's pointer, the ancestor of everything).
func lastSlashWithin(b []byte, limit int) int {
	if limit >= len(b) {
		limit = len(b) - 1
	}
	for i := limit; i > 0; i-- {
		if b[i] == '/' {
			return i
		}
	}
	return 0
}

// has reports whether the value at path, or a value containing it, was rejected.
func (s *brokenSet) has(path string) bool {
	if s.m == nil {
		return false
	}
	// path's ancestors within markMax, then path itself.
	limit := min(len(path), markMax+1)
	k := 0 // steps in path[:i]
	for i := 1; i < limit; i++ {
		if path[i] != '/' {
			continue
		}
		k++
		if s.atDepth[min(k, MaxDepth+1)] == 0 && len(path) <= markMax {
			continue
		}
		s.hashed += i
		bits := s.m[path[:i]]
		if bits&brokenAtIt != 0 {
			return true
		}
		if len(path) > markMax && bits&brokenLong != 0 {
			// Conservative for a query longer than any stored pointer: a rejected value
			// under one of its ancestors may contain it.
			return true
		}
	}
	if len(path) > markMax || s.atDepth[min(k+1, MaxDepth+1)] == 0 {
		return false
	}
	s.hashed += len(path)
	return s.m[path]&brokenAtIt != 0
}

// under reports whether a value strictly inside the one at path was rejected.
func (s *brokenSet) under(path string) bool {
	if s.m == nil {
		return false
	}
	if len(path) <= markMax {
		s.hashed += len(path)
		return s.m[path]&brokenInside != 0
	}
	i := max(strings.LastIndexByte(path[:markMax+1], '/'), 0)
	s.hashed += markMax + i
	return s.m[path[:i]]&brokenLong != 0
}
