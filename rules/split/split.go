// Package split turns a text too long for one post into the posts of a thread, each of
// which fits a rules.Limit, split where a reader would (docs/split.md): the thread
// splitter of every face (Go, `validate split`, the WASM split()).
package split

import (
	"math"
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"

	"github.com/postrules/postrules/internal/strictjson"
)

// Numbering is how [thread] labels the posts of a thread of n posts.
type Numbering string

// The numbering styles. The empty Numbering means NumberingNone.
const (
	NumberingNone   Numbering = "none"   // no label
	NumberingSuffix Numbering = "suffix" // "text 2/5": a space and i/n after the text
	NumberingPrefix Numbering = "prefix" // "2/5 text": i/n and a space before the text
)

// Options adjust [thread]. The zero value splits without numbering.
type Options struct {
	// Numbering labels every post of a thread of two or more posts; the label is part of
	// the post and counts in its length. A text that comes back as one post is never
	// labelled ("1/1" says nothing, and a labelled post would not split back to itself).
	Numbering Numbering
}

// Post is one post of a split thread: its text and its length measured by the
// limit's counter (the numbering label included).
type Post struct {
	Text   string `json:"text"`
	Length int    `json:"length"`
}

// Answer is the whole answer of a split, the shape every face (Go, the CLI's
// --format json, WASM) returns, so that they agree byte for byte: write it with
// [Answer.AppendJSON].
type Answer struct {
	Posts   []Post `json:"posts"`
	Cap     int    `json:"cap"`
	Counter string `json:"counter"`
}

// Split splits text as [thread] does and returns the answer with the limit it was
// split against, ready for [Answer.AppendJSON].
func Split(text string, lim rules.Limit, opts Options) (Answer, error) {
	posts, err := thread(text, lim, opts)
	if err != nil {
		return Answer{}, err
	}
	return Answer{Posts: posts, Cap: lim.Cap, Counter: lim.Counter.Name()}, nil
}

// AppendJSON appends a's JSON, {"posts":[{"text":...,"length":N}],"cap":N,"counter":...},
// to b. It is the one place that JSON is written, so the CLI and WASM cannot drift apart:
// strings are escaped as encoding/json does with SetEscapeHTML(false) (", \, control
// characters, U+2028 and U+2029), and there is no trailing newline. (rules stays free of
// encoding/json; a test compares the two.)
func (a Answer) AppendJSON(b []byte) []byte {
	b = append(b, `{"posts":[`...)
	for i, p := range a.Posts {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"text":`...)
		b = strictjson.AppendString(b, p.Text)
		b = append(b, `,"length":`...)
		b = strconv.AppendInt(b, int64(p.Length), 10)
		b = append(b, '}')
	}
	b = append(b, `],"cap":`...)
	b = strconv.AppendInt(b, int64(a.Cap), 10)
	b = append(b, `,"counter":`...)
	b = strictjson.AppendString(b, a.Counter)
	return append(b, '}')
}

// thread turns text into the posts of a thread, each of which fits lim (measured by
// lim.Counter, as [rules.Limits.CheckPost] measures them), split where a reader would:
//
//   - four line breaks in a row (three empty lines) always end a post and are dropped;
//   - otherwise at the last paragraph break (an empty line) in reach, else at the last
//     sentence end, else at the last clause mark (, ; : — – and 、 ， ； ： and the
//     Arabic ، ؛), else between words, and only as a last resort between two grapheme
//     clusters (a word longer than the post, or text without spaces such as Japanese,
//     which also splits after 。 ！ ？ 、 ， ； ：);
//   - never inside a grapheme cluster, and never inside a URL, @mention, #hashtag or
//     $cashtag unless it alone is longer than the cap;
//   - balanced: no post but the last is shorter than a third of the cap unless a paragraph
//     or explicit break (or a URL, mention or tag that must not be cut) ends it, and the
//     thread has at most one post more than filling each post greedily word by word.
//
// Every post is trimmed of surrounding white space and none is empty. A text that fits
// and has no explicit break comes back as one post, unnumbered. Numbering (see
// [Options]) counts in each post's length.
//
// Errors are *[apierror.Error] values with the codes `validate length` reports: invalid_utf8 (with
// Offset) and, from the x-weighted counter, invalid_character; invalid_value for a cap
// below 1, a nil counter or an unknown numbering; no_content for a text that is empty or
// white space only; post_too_long when one grapheme cluster alone (with its label) is
// over the cap, so that no split can fit; body_too_large for a text over 2 GiB or longer
// than [MaxPosts] full posts ([Bound], checked first).
//
// Cost: O(len(text)) plus a few measurements of each post by lim.Counter (see
// docs/split.md for the benchmark against measuring the text once).
func thread(text string, lim rules.Limit, opts Options) ([]Post, error) {
	if lim.Counter == nil {
		return nil, apierror.New(apierror.CodeInvalidValue, "", "the limit has no counter")
	}
	if lim.Cap < 1 {
		return nil, apierror.New(apierror.CodeInvalidValue, "", "the cap must be at least 1, not "+strconv.Itoa(lim.Cap))
	}
	switch opts.Numbering {
	case "", NumberingNone, NumberingSuffix, NumberingPrefix:
	default:
		return nil, apierror.New(apierror.CodeInvalidValue, "", "numbering must be none, suffix or prefix, not "+strictjson.Quote(string(opts.Numbering)))
	}
	if len(text) > math.MaxInt32 {
		return nil, apierror.New(apierror.CodeBodyTooLarge, "", "a text over 2 GiB is not split")
	}
	if err := Bound(text, lim); err != nil {
		return nil, err
	}
	if bad := strictjson.FirstInvalidUTF8String(text); bad >= 0 {
		// Let the counter word the error, so that the answer is the one `validate length`
		// gives; it reads the text up to the bad byte only.
		end := bad + 1
		_, err := lim.Counter.Measure(text[:end], lim.Cap)
		if e := apierror.As(err); e != nil && e.Code == apierror.CodeInvalidUTF8 {
			return nil, e
		}
		e := apierror.New(apierror.CodeInvalidUTF8, "", "text is not valid UTF-8: byte 0x"+
			strconv.FormatUint(uint64(text[bad]), 16)+" at offset "+strconv.Itoa(bad))
		e.Offset = bad
		return nil, e
	}
	sp := newSplitter(text, lim)
	if sp.cs >= sp.ce {
		return nil, apierror.New(apierror.CodeNoContent, "", "the text is empty or only white space")
	}
	body := text[sp.cs:sp.ce]
	m, err := lim.Counter.Measure(body, lim.Cap)
	if err != nil {
		return nil, err
	}
	if m.Fits() && !sp.hasExplicit {
		return []Post{{Text: body, Length: m.Length}}, nil
	}
	numbered := opts.Numbering == NumberingSuffix || opts.Numbering == NumberingPrefix
	sp.prefix = opts.Numbering == NumberingPrefix
	// The label "i/n" is as wide as n is; posts are split with room for the widest label
	// of digits(n) digits. Termination: digits only grows (the loop reruns only when the
	// thread has more digits than reserved, and then reserves exactly those), and it can
	// never exceed the digits of len(text), since every post holds at least one byte of
	// the text. So there are at most digits(len(text)) passes; in practice one or two
	// (digits starts at those of a lower bound of the count, so it is reached at once
	// unless the count crosses a power of ten above the bound).
	digits := 1
	if numbered && lim.Cap > 4 {
		// Start from a lower bound of the count, so that a long text takes one pass, not
		// two: no post holds more than the cap less a label (" 9/9" at the least).
		if !m.Exact { // the counter stopped early: one full count costs less than a pass
			if full, err := lim.Counter.Measure(body, len(body)); err == nil {
				m = full
			}
		}
		if n0 := m.Length / (lim.Cap - 4); n0 >= 10 {
			digits = len(strconv.Itoa(n0))
		}
	}
	for {
		var ends []splitSpan
		if numbered {
			ends, err = sp.split(digits)
		} else {
			ends, err = sp.split(0)
		}
		if err != nil {
			return nil, err
		}
		if numbered && len(ends) > 1 && len(strconv.Itoa(len(ends))) > digits {
			digits = len(strconv.Itoa(len(ends)))
			continue
		}
		return sp.posts(ends, numbered && len(ends) > 1)
	}
}

// MaxPosts bounds the work of a split: a text longer than MaxPosts full posts
// (MaxPosts * cap units of the limit's counter) is refused with body_too_large
// instead of being split. No platform documents how long a thread may be (X and Bluesky
// take one post per call, and a thread is as long as the client keeps replying); 100 is
// this project's bound, as 100 is its default bound on a request's targets, and a
// thread of 100 posts is already more than a reader follows.
const MaxPosts = 100

// Bound is the first check of [thread]: nil, or the body_too_large *[apierror.Error] of
// a text longer than [MaxPosts] full posts of lim, with Offset at the byte where
// unit MaxPosts*cap+1 begins. It measures with lim.Counter, which stops early, so it
// costs O(MaxPosts * cap) whatever the text's length, and a text over the bound has
// every longer text that starts with it over the bound too: a caller holding a huge text
// can ask it of a prefix. Its message names no length for the same reason. An error of
// the counter (invalid UTF-8) is left to thread's own checks: Bound returns nil.
func Bound(text string, lim rules.Limit) error {
	if lim.Counter == nil || lim.Cap < 1 || lim.Cap > math.MaxInt32/MaxPosts {
		return nil
	}
	bound := MaxPosts * lim.Cap
	m, err := lim.Counter.Measure(text, bound)
	if err != nil || m.Fits() {
		return nil
	}
	e := apierror.New(apierror.CodeBodyTooLarge, "", "the text is longer than "+strconv.Itoa(MaxPosts)+" posts of "+
		strconv.Itoa(lim.Cap)+" "+rules.UnitName(lim.Counter.Name())+" ("+strconv.Itoa(bound)+"): it is not split; the text from byte "+
		strconv.Itoa(m.OverflowAt)+" is past that")
	e.Offset = m.OverflowAt
	return e
}
