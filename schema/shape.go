package schema

import (
	"errors"
	"net/url"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"
	_ "time/tzdata"
	"unicode"
	"unicode/utf8" // IANA names must resolve the same on every host, WASM included

	"github.com/go-playground/validator/v10"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/fieldname"
	"github.com/postrules/postrules/schema/internal/wirenames"
)

// The custom validator tags. Each calls a rule of package rules or a shape rule of this
// file; none holds a rule of its own beyond the shape of a value.
const (
	tagScheduledFor = "scheduledfor" // rules.ParseScheduledFor accepts the string
	tagPlatform     = "platform"     // rules.Platform(s).Valid()
	tagTimezone     = "ianazone"     // a loadable IANA zone name other than "Local"
	tagMediaURL     = "mediaurl"     // an absolute http or https URL with a host

	// tagNonBlank is private to the package's own validator: a string with a character
	// that is not white space (validator's "notblank" lives outside its baked-in set).
	tagNonBlank = "nonblank"
)

func nonBlank(s string) bool { return strings.TrimSpace(s) != "" }

// RegisterTags registers this package's custom validation tags into a caller's own
// validator, so request structs of the caller (gin binds with validator v10) can use them:
//
//	scheduledfor  the scheduledFor grammar of rules.ParseScheduledFor
//	platform      one of the ten platforms (rules.Platform.Valid)
//	ianazone      an IANA time zone name that time.LoadLocation knows; "Local" and "" are not
//	mediaurl      an absolute http or https URL with a host, a port (if any) of 1 to 65535,
//	              and no white space, control or invisible character (percent-encode them)
//
// The tags apply to string fields (or fields whose underlying type is string); on any
// other kind they fail rather than panic. Registering replaces earlier tags of these names.
// Like every registration in validator v10, call it before the validator is in use.
func RegisterTags(v *validator.Validate) error {
	if v == nil {
		return errors.New("schema: RegisterTags needs a non-nil *validator.Validate")
	}
	return errors.Join(
		v.RegisterValidation(tagScheduledFor, stringTag(validScheduledFor)),
		v.RegisterValidation(tagPlatform, stringTag(validPlatform)),
		v.RegisterValidation(tagTimezone, stringTag(validTimezone)),
		v.RegisterValidation(tagMediaURL, stringTag(validMediaURL)),
	)
}

func stringTag(valid func(string) bool) validator.Func {
	return func(fl validator.FieldLevel) bool {
		f := fl.Field()
		return f.Kind() == reflect.String && valid(f.String())
	}
}

func validScheduledFor(s string) bool {
	_, err := rules.ParseScheduledFor(s)
	return err == nil
}

func validPlatform(s string) bool { return rules.Platform(s).Valid() }

// validTimezone accepts an IANA zone name: "UTC", "America/New_York", "Etc/GMT+5".
// time.LoadLocation also takes "" (UTC) and "Local" (the host's zone, which differs from
// host to host), so both are refused. Its lookup order is $ZONEINFO, the host's zoneinfo,
// then the tzdata embedded by this package's import of time/tzdata, so a name is known on
// every host, WASM included. A host whose zoneinfo is newer may know names the embedded
// copy does not yet; that is the one way two hosts can disagree. The name's shape is
// checked first (ASCII letters, digits, "_+-", "/"-separated parts starting with a letter)
// so that a file system path or a case-insensitive file system cannot make
// "../../etc/passwd" or "america/new_york" a zone.
func validTimezone(s string) bool {
	if s == "" || s == "Local" || !zoneShaped(s) {
		return false
	}
	_, err := time.LoadLocation(s)
	return err == nil
}

func zoneShaped(s string) bool {
	if len(s) > 64 {
		return false
	}
	start := true
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case start:
			if c < 'A' || c > 'Z' {
				return false
			}
			start = false
		case c == '/':
			start = true
		case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9', c == '_', c == '-', c == '+':
		default:
			return false
		}
	}
	return !start
}

// validMediaURL accepts an absolute http or https URL with a host, e.g.
// "https://cdn.example.com/a.jpg"; see mediaURLProblem for what is refused.
func validMediaURL(s string) bool { return mediaURLProblem(s) == "" }

// mediaURLProblem says why s is not a media URL (the end of a message that starts with the
// URL), or "" when it is one. Refused: relative references, other schemes (ftp:, data:,
// javascript:), "http:host" without "//", a port outside 1 to 65535 (RFC 6335's port
// range; 0 is reserved and not connectable), text that is not UTF-8, and characters that
// a reader cannot see or that a fetcher would have to guess how to encode: ASCII spaces
// and controls, Unicode white space and line or paragraph separators (U+00A0, U+2028,
// U+3000, ...), C1 controls (U+0080-U+009F), and the invisible format characters used to
// disguise a URL (U+200B zero width space, U+2060 word joiner, U+FEFF, and the bidi
// controls that RFC 3987 section 4.1 forbids in IRIs: U+061C, U+200E, U+200F,
// U+202A-U+202E, U+2066-U+2069). Each must be percent-encoded. Other non-ASCII letters
// (an IRI such as "https://例え.jp/画像.png") are accepted, as browsers accept them.
func mediaURLProblem(s string) string {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c <= ' ' || c == 0x7f {
				if c == ' ' {
					return " has a space at byte " + strconv.Itoa(i) + " of the URL; percent-encode it (%20)"
				}
				return " has the control character " + runeName(rune(c)) + " at byte " + strconv.Itoa(i) + " of the URL; percent-encode it (" + percentEncoded(string(c)) + ")"
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			return " is not valid UTF-8 (bad byte at byte " + strconv.Itoa(i) + " of the URL)"
		}
		if invisibleInURL(r) {
			return " has " + runeName(r) + " at byte " + strconv.Itoa(i) + " of the URL, which is invisible or white space; percent-encode it (" + percentEncoded(s[i:i+size]) + ")"
		}
		i += size
	}
	u, err := url.Parse(s)
	if err != nil || u.Opaque != "" || u.Hostname() == "" || (u.Scheme != "http" && u.Scheme != "https") { // Parse lowercases the scheme
		return " is not an absolute http or https URL"
	}
	if p := u.Port(); p != "" {
		if n, err := strconv.Atoi(p); err != nil || n < 1 || n > 65535 {
			return " has port " + quoteName(p) + "; a port is 1 to 65535"
		}
	}
	return ""
}

// invisibleInURL reports the non-ASCII characters mediaURLProblem refuses.
func invisibleInURL(r rune) bool {
	switch {
	case unicode.IsSpace(r), unicode.In(r, unicode.Z), unicode.IsControl(r):
		return true
	case r == 0x061C, r == 0x200B, r == 0x200E, r == 0x200F, r >= 0x202A && r <= 0x202E,
		r == 0x2060, r >= 0x2066 && r <= 0x2069, r == 0xFEFF:
		return true
	}
	return false
}

// runeName is "U+00A0".
func runeName(r rune) string {
	h := strconv.FormatInt(int64(r), 16)
	for len(h) < 4 {
		h = "0" + h
	}
	return "U+" + strings.ToUpper(h)
}

// percentEncoded is the RFC 3986 percent-encoding of every byte of s: "%C2%A0".
func percentEncoded(s string) string {
	const hex = "0123456789ABCDEF"
	b := make([]byte, 0, 3*len(s))
	for i := 0; i < len(s); i++ {
		b = append(b, '%', hex[s[i]>>4], hex[s[i]&15])
	}
	return string(b)
}

// shapes is the package's one validator, built on first use and read-only after: validator
// v10 caches struct metadata internally and is safe for concurrent use.
var shapes = sync.OnceValue(func() *validator.Validate {
	v := validator.New(validator.WithRequiredStructEnabled())
	v.RegisterTagNameFunc(func(f reflect.StructField) string {
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			return ""
		}
		return name
	})
	// The request's scheduledFor is parsed once, by the check that needs its instant
	// (check.when), which also reports invalid_scheduled_for; here its tag passes.
	// A caller's validator (RegisterTags) keeps the real check.
	err := errors.Join(RegisterTags(v), v.RegisterValidation(tagNonBlank, stringTag(nonBlank)),
		v.RegisterValidation(tagScheduledFor, func(validator.FieldLevel) bool { return true }))
	if err != nil {
		// Unreachable: the tags are constants that RegisterValidation accepts (tested).
		panic(err)
	}
	return v
})

// checkShape runs the field rules of the validate tags over a decoded value and returns
// one problem per failed rule, with JSON pointer paths and this package's codes.
func checkShape(value any) []*apierror.Error {
	err := shapes().Struct(value)
	if err == nil {
		return nil
	}
	var fes validator.ValidationErrors
	if !errors.As(err, &fes) {
		// InvalidValidationError: a programming error (a nil pointer passed in). Say so
		// rather than pass.
		return []*apierror.Error{apierror.New(apierror.CodeInvalidRequest, "", "the request could not be checked: "+err.Error())}
	}
	out := make([]*apierror.Error, 0, len(fes))
	for _, fe := range fes {
		e := translate(fe)
		out = append(out, e)
	}
	return out
}

// translate turns one validator error into this package's problem. The code and message
// come from this table, keyed by Go field name and tag, never from validator's text.
func translate(fe validator.FieldError) *apierror.Error {
	path := namespacePointer(fe.Namespace())
	field := fe.StructField()
	if i := strings.IndexByte(field, '['); i >= 0 {
		field = field[:i] // "Options[2]": an element of Options
	}
	val, _ := fe.Value().(string)
	if s, ok := fe.Value().(rules.Platform); ok {
		val = string(s)
	}
	code, msg := translation(field, fe.Tag(), fe.Param(), val)
	return apierror.New(code, path, msg)
}

// translation is the table of translate. Every (field, tag) pair of the wire types'
// validate tags has a row (a test walks the types to make sure).
func translation(field, tag, param, val string) (apierror.Code, string) {
	switch field + "/" + tag {
	case "Platforms/required":
		return apierror.CodeNoTargets, "platforms is missing: give at least one target"
	case "Platforms/min":
		return apierror.CodeNoTargets, "platforms is empty: give at least one target"
	case "Platform/platform":
		if val == "" {
			return apierror.CodeUnknownPlatform, "platform is empty; give one of " + platformList()
		}
		if _, err := rules.ParsePlatform(val); err != nil {
			msg := apierror.As(err).Message
			if m := fieldname.Lookup(val, wirenames.Platforms()); m.Name != "" {
				msg += "; did you mean " + strconv.Quote(m.Name) + "?"
			}
			return apierror.CodeUnknownPlatform, msg
		}
	case "AccountID/min":
		return apierror.CodeInvalidValue, "accountId is empty; name a connected account, or leave accountId out to use the platform's only connected account"
	case "Timezone/ianazone":
		switch val {
		case "":
			return apierror.CodeInvalidTimezone, "timezone is empty; give an IANA time zone name such as \"America/New_York\", or leave it out for UTC"
		case "Local":
			return apierror.CodeInvalidTimezone, "timezone \"Local\" means the server's own zone; give an IANA time zone name such as \"America/New_York\""
		}
		return apierror.CodeInvalidTimezone, "timezone " + quoteName(val) + " is not an IANA time zone name (such as \"America/New_York\" or \"UTC\")"
	case "Type/oneof":
		return apierror.CodeInvalidMedia, "media type " + quoteName(val) + " is not one of image, video, gif, document"
	case "URL/mediaurl", "Thumbnail/mediaurl":
		why := mediaURLProblem(val)
		if why == "" {
			why = " is not an absolute http or https URL"
		}
		if field == "URL" {
			return apierror.CodeInvalidMedia, "media url " + quoteName(val) + why
		}
		return apierror.CodeInvalidMedia, "thumbnail " + quoteName(val) + why
	case "Options/min", "Options/max":
		return apierror.CodeInvalidPoll, "a poll has 2 to 4 options"
	case "Options/nonblank":
		return apierror.CodeInvalidPoll, "a poll option must not be empty"
	case "DurationMinutes/min", "DurationMinutes/max":
		return apierror.CodeInvalidPoll, "poll durationMinutes must be between 5 and 10080 (7 days)"
	case "ReplySettings/oneof":
		return apierror.CodeInvalidValue, "replySettings " + quoteName(val) + " is not one of following, mentionedUsers, subscribers, verified"
	case "CommunityID/required_if":
		return apierror.CodeMissingField, "shareWithFollowers shares a community post with your followers: it needs communityId"
	case "CommunityID/min":
		return apierror.CodeInvalidValue, "communityId is empty; name the community, or leave communityId out"
	case "ReplyToTweetID/min":
		return apierror.CodeInvalidValue, "replyToTweetId is empty; name the post to reply to, or leave replyToTweetId out"
	}
	return apierror.CodeInvalidValue, "the value is not allowed here (rule " + strconv.Quote(tag+paramSuffix(param)) + ")"
}

func paramSuffix(p string) string {
	if p == "" {
		return ""
	}
	return "=" + p
}

func platformList() string { return strings.Join(wirenames.Platforms(), ", ") }

// namespacePointer turns validator's namespace with JSON names,
// "CreatePost.platforms[0].platformSpecificData.poll.options[2]", into the JSON pointer
// "/platforms/0/platformSpecificData/poll/options/2". The wire types' JSON names contain
// none of ".[]~/", so no escaping is needed.
func namespacePointer(ns string) string {
	_, rest, ok := strings.Cut(ns, ".")
	if !ok {
		return ""
	}
	b := make([]byte, 0, len(rest)+1)
	b = append(b, '/')
	for i := 0; i < len(rest); i++ {
		switch c := rest[i]; c {
		case '.', '[':
			b = append(b, '/')
		case ']':
		default:
			b = append(b, c)
		}
	}
	return string(b)
}
