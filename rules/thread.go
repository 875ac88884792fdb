package rules

import (
	"strconv"
	"strings"
)

// TargetText is the text one target of a request publishes: the posts of rule T1.
type TargetText struct {
	// Index is the target's position in the request's "platforms" array; it only builds
	// JSON pointers and should be >= 0.
	Index int
	// Platform is the target's platform; its cap and counter apply to every post.
	Platform Platform
	// Shared is the request's top-level "content".
	Shared string
	// Override is the target's own "content"; nil when absent. A non-nil empty string is
	// an override too (the target posts "" instead of the shared content).
	Override *string
	// ThreadItems are platformSpecificData.threadItems[].content, in order.
	ThreadItems []string
}

// PostLength is the measurement of one post of a target, located by its JSON pointer:
// "/content", "/platforms/2/content" or
// "/platforms/2/platformSpecificData/threadItems/4/content".
type PostLength struct {
	Path string
	Measurement
}

// CheckTarget applies rule T1 to one target. Its posts are the target's content override
// (Path /platforms/{Index}/content), or the shared content (Path /content) when there is
// no override, followed by each thread item k (Path
// /platforms/{Index}/platformSpecificData/threadItems/{k}/content). Every post is measured
// against the same cap with the same counter, the target platform's ([Limits.For]).
//
// It returns one PostLength per post, in that order, and one *[Error] per post that fails,
// in the same order; all posts are checked, so every violation is reported:
//   - a post over the cap: 400 post_too_long, Path the post's pointer, Offset the byte
//     offset where the overflow begins, and a message such as "post 3 of the thread is 312
//     graphemes; the cap for twitter is 280 (overflow begins at byte 840)" ("more than N"
//     when the counter stopped early);
//   - a post that is not valid UTF-8 where the counter reads it: 400 invalid_utf8, Path the
//     post's pointer, Offset the first bad byte; its PostLength is the counter's partial
//     measurement, which never Fits.
//
// A Platform outside the ten is a single 400 unknown_platform error at
// /platforms/{Index}/platform, and no posts. Beyond the two result slices and the errors
// themselves, CheckTarget allocates one string holding every post's pointer.
func (l Limits) CheckTarget(t TargetText) ([]PostLength, []*Error) {
	return l.checkTarget(t, nil, nil)
}

// checkTarget is CheckTarget; memo, when not nil, measures the shared content at most once
// per platform (see CheckTargets), and out, when it has room for the target's posts, is
// where they are written.
func (l Limits) checkTarget(t TargetText, memo *sharedMemo, out []PostLength) ([]PostLength, []*Error) {
	if !t.Platform.Valid() {
		_, err := ParsePlatform(string(t.Platform))
		return nil, []*Error{AsError(err).WithPath(targetPrefix(t.Index) + "/platform")}
	}
	lim := l.For(t.Platform)
	paths := newThreadPaths(t.Index, t.Override != nil, len(t.ThreadItems))
	n := 1 + len(t.ThreadItems)
	if cap(out) < n {
		out = make([]PostLength, n)
	}
	out = out[:n:n]
	var errs []*Error
	for k := 0; k < n; k++ {
		var text string
		switch {
		case k > 0:
			text = t.ThreadItems[k-1]
		case t.Override != nil:
			text = *t.Override
		default:
			text = t.Shared
		}
		path := paths.next()
		var m Measurement
		var err error
		if k == 0 && t.Override == nil && memo != nil {
			m, err = memo.measure(t.Platform, lim)
		} else {
			m, err = lim.Counter.Measure(text, lim.Cap)
		}
		out[k] = PostLength{Path: path, Measurement: m}
		switch {
		case err != nil:
			errs = append(errs, postError(err, path, postName(k, n)))
		case !m.Fits():
			e := NewError(CodePostTooLong, path, postName(k, n)+" is "+lengthText(m)+" "+
				unitName(m.Counter)+"; the cap for "+string(t.Platform)+" is "+
				strconv.Itoa(m.Cap)+" (overflow begins at byte "+strconv.Itoa(m.OverflowAt)+")")
			e.Offset = m.OverflowAt
			errs = append(errs, e)
		}
	}
	return out, errs
}

// postName names post k of n in a message.
func postName(k, n int) string {
	if n == 1 {
		return "the post"
	}
	return "post " + strconv.Itoa(k+1) + " of the thread"
}

// postError locates a counter's error at path. A counter is documented to return *Error;
// any other error still fails the post (invalid_value), it never passes silently.
func postError(err error, path, name string) *Error {
	e := AsError(err)
	if e == nil {
		return NewError(CodeInvalidValue, path, name+": "+err.Error())
	}
	c := *e
	c.Path = path
	c.Message = name + ": " + e.Message
	return &c
}

// targetPrefix is the JSON pointer of the target at index i.
func targetPrefix(i int) string { return platformsPrefix + strconv.Itoa(i) }

// threadPaths hands out the JSON pointers of a target's posts in order, all sliced from
// one string built up front, so that measuring a thread allocates one string, not one per
// post.
type threadPaths struct {
	all   string
	first int // length of the first post's pointer
	item  int // length of "/platforms/{Index}/platformSpecificData/threadItems/"
	pos   int // where the next pointer starts in all
	k     int // pointers handed out so far
}

const (
	platformsPrefix  = "/platforms/"
	threadItemsInfix = "/platformSpecificData/threadItems/"
	contentSuffix    = "/content"
)

func newThreadPaths(index int, override bool, items int) threadPaths {
	if !override && items == 0 {
		return threadPaths{all: contentSuffix, first: len(contentSuffix)} // a constant: no allocation
	}
	var idxBuf, kBuf [20]byte
	idx := strconv.AppendInt(idxBuf[:0], int64(index), 10)
	p := threadPaths{first: len(contentSuffix), item: len(platformsPrefix) + len(idx) + len(threadItemsInfix)}
	if override {
		p.first += len(platformsPrefix) + len(idx)
	}
	size := p.first
	for k := 0; k < items; k++ {
		size += p.item + decimalLen(k) + len(contentSuffix)
	}
	var b strings.Builder
	b.Grow(size)
	if override {
		b.WriteString(platformsPrefix)
		b.Write(idx)
	}
	b.WriteString(contentSuffix)
	for k := 0; k < items; k++ {
		b.WriteString(platformsPrefix)
		b.Write(idx)
		b.WriteString(threadItemsInfix)
		b.Write(strconv.AppendInt(kBuf[:0], int64(k), 10))
		b.WriteString(contentSuffix)
	}
	p.all = b.String()
	return p
}

// next returns the pointer of the next post: the first post's, then thread item 0's, ...
func (p *threadPaths) next() string {
	size := p.first
	if p.k > 0 {
		size = p.item + decimalLen(p.k-1) + len(contentSuffix)
	}
	s := p.all[p.pos : p.pos+size]
	p.pos += size
	p.k++
	return s
}

// decimalLen is the number of decimal digits of k >= 0.
func decimalLen(k int) int {
	n := 1
	for k >= 10 {
		k /= 10
		n++
	}
	return n
}
