package schema

import (
	"math"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// The strict decoder: its state, its entry points for each document, the JSON pointer
// of the current value, and how it records a problem. Objects' members are read in
// members.go, values in values.go, the request's types in request.go.

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
