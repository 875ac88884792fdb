package rules

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/postrules/postrules/rules/apierror"
)

// targetText is the text one target of a request publishes: the posts of rule T1.
type targetText struct {
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
	// Photo: the target publishes a photo post (images and no video), whose text the
	// platform's photoTextRules measure instead of its textRules.
	Photo bool
}

// PostCheck is the measurement of one post of a target, located by its JSON pointer:
// "/content", "/platforms/2/content" or
// "/platforms/2/platformSpecificData/threadItems/4/content". The embedded Measurement is
// the one that decides: the first error rule the post breaks, else the platform's
// primary rule. Units has every text rule checked, in the book's order.
type PostCheck struct {
	Path string
	Measurement
	// Units are the measurements of every text rule of the platform that is on
	// (Limits.appendMeasurements), warnings included; a rule is broken exactly when its
	// Measurement does not Fit.
	Units []Measurement
}

// TargetCheck is the whole text verdict of one target: every post measured, the errors
// that block it and the warnings that only inform.
type TargetCheck struct {
	Posts    []PostCheck
	Errors   []*apierror.Error
	Warnings []*apierror.Error
}

// checkTarget is one target of [Limits.CheckPost]'s text pass; memo, when not nil,
// measures the shared content at most once per platform. Beyond the result slices and
// the problems themselves, it allocates one string holding every post's pointer and one
// array holding every post's Units.
func (l Limits) checkTarget(t targetText, memo *sharedMemo) TargetCheck {
	if !t.Platform.Valid() {
		_, err := ParsePlatform(string(t.Platform))
		return TargetCheck{Errors: []*apierror.Error{apierror.As(err).WithPath(targetPrefix(t.Index) + "/platform")}}
	}
	paths := newThreadPaths(t.Index, t.Override != nil, len(t.ThreadItems))
	n := 1 + len(t.ThreadItems)
	list := textRules[t.Platform.index()]
	if t.Photo {
		list = photoTextRules[t.Platform.index()]
	}
	rulesN := len(list)
	units := make([]Measurement, 0, n*rulesN)
	c := TargetCheck{Posts: make([]PostCheck, n)}
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
		var post PostCheck
		var err error
		if k == 0 && t.Override == nil && memo != nil {
			post.Units, err = memo.measure(l, t.Platform, t.Photo)
		} else {
			start := len(units)
			var cache unitCache
			units, err = l.appendRuleMeasurements(units, t.Platform.index(), list, text, &cache)
			post.Units = units[start:len(units):len(units)]
		}
		post.Path = path
		checked := post.Units
		if err != nil {
			// The rule that met the bad byte is last; its Measurement never Fits.
			checked = post.Units[:len(post.Units)-1]
			post.Measurement = post.Units[len(post.Units)-1]
		} else {
			post.Measurement = decisive(post.Units, l.For(t.Platform))
		}
		c.Posts[k] = post
		if err != nil {
			e := postError(err, path, postName(k, n))
			e.Rule = post.Measurement.Rule
			c.Errors = append(c.Errors, e)
		}
		for _, m := range checked {
			if m.Fits() {
				continue
			}
			e := ruleError(t.Platform, m, text, path, postName(k, n))
			if m.Warning {
				c.Warnings = append(c.Warnings, e)
			} else {
				c.Errors = append(c.Errors, e)
			}
		}
	}
	return c
}

// decisive is the measurement that decides a post: the first error rule it breaks, else
// its first length measurement that is no warning, or an empty one of the primary
// counter when every length rule is off.
func decisive(units []Measurement, lim Limit) Measurement {
	for _, m := range units {
		if !m.Warning && !m.Fits() {
			return m
		}
	}
	for _, m := range units {
		if !m.Warning && m.Counter != charsName && m.Counter != linksName && m.Counter != hashtagsName && m.Counter != mentionsName && m.Counter != cashtagsName {
			return m
		}
	}
	return Measurement{Counter: lim.Counter.Name(), Exact: true, OverflowAt: -1}
}

// ruleError is the problem of a post whose measurement m does not fit its rule.
func ruleError(p Platform, m Measurement, text, path, name string) *apierror.Error {
	var e *apierror.Error
	switch m.Counter {
	case charsName:
		e = apierror.New(apierror.CodeInvalidCharacter, path, name+" contains "+quote(text[m.OverflowAt:m.OverflowAt+1])+" at byte "+
			strconv.Itoa(m.OverflowAt)+" ("+strconv.Itoa(m.Length)+" in all)")
		if !m.Warning {
			r, _ := RuleByID(m.Rule)
			e.Message += "; " + string(p) + " refuses " + listChars(r.forbid) + " here"
		}
	case linksName, hashtagsName, mentionsName, cashtagsName:
		e = apierror.New(apierror.CodeInvalidValue, path, name+" has "+lengthText(m)+" "+m.Counter+"; "+
			string(p)+" allows at most "+strconv.Itoa(m.Cap)+" (the first one too many begins at byte "+strconv.Itoa(m.OverflowAt)+")")
	case xWeightedName:
		if m.Exact && m.Length <= m.Cap {
			// Within the cap, yet not fitting: a character X refuses (see measureText).
			r, _ := utf8.DecodeRuneInString(text[m.OverflowAt:])
			e = apierror.New(apierror.CodeInvalidCharacter, path, "X refuses "+name+": it holds U+"+
				strings.ToUpper(strconv.FormatInt(int64(r), 16))+" at byte "+strconv.Itoa(m.OverflowAt))
			break
		}
		// In the user's terms: X's own count, as X's composer shows it.
		e = apierror.New(apierror.CodePostTooLong, path, "X counts "+name+" as "+lengthText(m)+" of "+strconv.Itoa(m.Cap)+
			" (its weighted length; overflow begins at byte "+strconv.Itoa(m.OverflowAt)+")")
	default:
		e = apierror.New(apierror.CodePostTooLong, path, name+" is "+lengthText(m)+" "+
			unitName(m.Counter)+"; the cap for "+string(p)+" is "+
			strconv.Itoa(m.Cap)+" (overflow begins at byte "+strconv.Itoa(m.OverflowAt)+")")
	}
	if m.Warning {
		r, _ := RuleByID(m.Rule)
		e.Message = "warning: " + e.Message + ": " + r.What
	}
	e.Offset = m.OverflowAt
	e.Rule = m.Rule
	return e
}

// postName names post k of n in a message.
func postName(k, n int) string {
	if n == 1 {
		return "the post"
	}
	return "post " + strconv.Itoa(k+1) + " of the thread"
}

// postError locates a counter's error at path. A counter is documented to return *apierror.Error;
// any other error still fails the post (invalid_value), it never passes silently.
func postError(err error, path, name string) *apierror.Error {
	e := apierror.As(err)
	if e == nil {
		return apierror.New(apierror.CodeInvalidValue, path, name+": "+err.Error())
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

// listChars is "< and >", "a, b and c": the characters of set for a message.
func listChars(set string) string {
	switch len(set) {
	case 0:
		return ""
	case 1:
		return set
	}
	return strings.Join(strings.Split(set[:len(set)-1], ""), ", ") + " and " + set[len(set)-1:]
}

// sharedMemo holds the shared content's measurements per platform, once taken. The
// targets that post it share the one Units slice, which nobody writes to.
type sharedMemo struct {
	text  string
	done  [2][numPlatforms]bool // [1]: as a photo post's text
	units [2][numPlatforms][]Measurement
	err   [2][numPlatforms]error
}

// measure is the shared content measured by every text rule of p that l has on, as a
// photo post's text when photo is true (photoTextRules).
func (s *sharedMemo) measure(l Limits, p Platform, photo bool) ([]Measurement, error) {
	i, k, list := p.index(), 0, textRules[p.index()]
	if photo {
		k, list = 1, photoTextRules[i]
	}
	if !s.done[k][i] {
		var cache unitCache
		u, err := l.appendRuleMeasurements(nil, i, list, s.text, &cache)
		s.units[k][i], s.err[k][i] = u[:len(u):len(u)], err
		s.done[k][i] = true
	}
	return s.units[k][i], s.err[k][i]
}
