package schema

import (
	"bytes"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/postrules/postrules/rules"
)

// measuring wraps a counter and counts the bytes handed to it.
type measuring struct {
	rules.Counter
	bytes *atomic.Int64
}

func (m measuring) Measure(text string, cap int) (rules.Measurement, error) {
	m.bytes.Add(int64(len(text)))
	return m.Counter.Measure(text, cap)
}

// checkWork checks body as CheckCreatePost does, with every platform's counter counting
// the bytes it is handed, and returns the check's work in three parts: bytes handed to
// counters, bytes of pointers hashed by the broken set, bytes of problems built.
func checkWork(body []byte, env Env) (v Verdict, measured, hashed, built int) {
	n := new(atomic.Int64)
	lim := env.Limits
	for _, p := range rules.Platforms() {
		l := lim.For(p)
		lim = lim.With(p, rules.Limit{Cap: l.Cap, Counter: measuring{l.Counter, n}})
	}
	env.Limits = lim
	v, c := checkCreatePost(body, env)
	for _, d := range c.docs {
		hashed += d.dec.broken.hashed
		built += d.dec.built
	}
	return v, int(n.Load()), hashed, built
}

// Bounds on a check's work, per byte of body: the shared content is measured once per
// platform (10), and every other text once; the broken set hashes a few short pointers per
// value; the listed problems are at most maxProblems, with pointers of at most
// maxPointerBytes in all.
const (
	measuredPerByte = 10
	hashedPerByte   = 256
	builtPerByte    = 4
	builtFixed      = maxPointerBytes + maxProblems*1024
)

// costBounds fails t when the check of body worked more than the bounds allow.
func costBounds(t *testing.T, body []byte, env Env) {
	t.Helper()
	_, measured, hashed, built := checkWork(body, env)
	n := len(body)
	if measured > measuredPerByte*n {
		t.Fatalf("%d bytes measured for a %d-byte body (bound %d per byte): %.300q", measured, n, measuredPerByte, body)
	}
	if hashed > hashedPerByte*n+4096 {
		t.Fatalf("%d bytes hashed for a %d-byte body (bound %d per byte): %.300q", hashed, n, hashedPerByte, body)
	}
	if built > builtPerByte*n+builtFixed {
		t.Fatalf("%d bytes of problems built for a %d-byte body: %.300q", built, n, body)
	}
}

// repeated is prefix, unit repeated count times (joined by sep), then suffix, cut at 64 KiB:
// the shape of every body that made the check quadratic (one content, many targets; one
// long name, many problems under it).
func repeated(prefix, unit, sep, suffix string, count uint16) []byte {
	var b bytes.Buffer
	b.WriteString(prefix)
	for i := 0; i < int(count) && b.Len() < 64<<10; i++ {
		if i > 0 {
			b.WriteString(sep)
		}
		b.WriteString(unit)
	}
	b.WriteString(suffix)
	return b.Bytes()
}

// FuzzCheckCost hunts for bodies whose check costs more than a constant times their size.
// A body is a prefix, a unit repeated up to 65,535 times, and a suffix (the fuzzer
// chooses all four), so that what a hostile body repeats, the fuzzer can repeat too.
func FuzzCheckCost(f *testing.F) {
	twoTwitter := []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}
	long := strings.Repeat("x", 3000)
	f.Add(`{"publishNow":true,"content":"`+long+`","platforms":[`, `{"platform":"tiktok"}`, ",", `]}`, uint16(500))
	f.Add(`{"publishNow":true,"content":"hi","platforms":[`, `{"platform":"twitter","AccountId":"a"}`, ",", `]}`, uint16(300))
	f.Add(`{"publishNow":true,"platforms":[{"platform":"linkedin","platformSpecificData":{"`+long+`":{`, `"a":1`, ",", `}}}]}`, uint16(900))
	f.Add(`{"publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[`, `{"content":"`+long[:300]+`"}`, ",", `]}}]}`, uint16(200))
	f.Add(`{`, `"Contnt":1`, ",", `}`, uint16(2000))
	f.Fuzz(func(t *testing.T, prefix, unit, sep, suffix string, count uint16) {
		body := repeated(prefix, unit, sep, suffix, count)
		costBounds(t, body, Env{Accounts: twoTwitter, MaxTargets: -1}) // the bound must hold without the target cap
		costBounds(t, body, Env{Accounts: twoTwitter})
	})
}

// Every worst-case body stays within the bounds. (What a counter does with the text it is
// handed is the counter's own cost, bounded in rules and rules/xweight; here only what
// schema hands it is counted, so the kind of content does not matter.)
func TestCheckCostOfHostileShapes(t *testing.T) {
	for _, wc := range worstCases() {
		t.Run(wc.name, func(t *testing.T) {
			costBounds(t, wc.body, wc.env)
		})
	}
}
