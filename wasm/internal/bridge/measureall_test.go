package bridge

import (
	"encoding/json"
	"strings"
	"testing"
	"unsafe"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
)

// decodeRecords turns MeasureAll's records back into measurements, naming rules and
// counters from the table the wrapper reads.
func decodeRecords(t *testing.T, recs []int32) []rules.Measurement {
	t.Helper()
	var table struct{ Rules, Counters []string }
	if err := json.Unmarshal(MeasureAllTableJSON(), &table); err != nil {
		t.Fatal(err)
	}
	if len(recs)%recordSize != 0 {
		t.Fatalf("%d int32 is not a whole number of records", len(recs))
	}
	var out []rules.Measurement
	for i := 0; i < len(recs); i += recordSize {
		r := recs[i : i+recordSize]
		out = append(out, rules.Measurement{
			Rule: table.Rules[r[recordRule]], Counter: table.Counters[r[recordCounter]],
			Length: int(r[recordLength]), Cap: int(r[recordCap]), OverflowAt: int(r[recordOverflowAt]),
			Exact: r[recordFlags]&flagExact != 0, Warning: r[recordFlags]&flagWarning != 0,
		})
	}
	return out
}

// MeasureAll's records are rules.Limits.MeasureAll's measurements, with the overflow
// offset converted to UTF-16 by the slow reference, for any text and platform selection.
func TestMeasureAllProperty(t *testing.T) {
	all := rules.Platforms()
	props := gopter.NewProperties(gopter.DefaultTestParameters())
	props.Property("records == Limits.MeasureAll, offsets in UTF-16", prop.ForAll(
		func(text string, picks []int) bool {
			var ps []rules.Platform
			var names []string
			for _, k := range picks {
				p := all[k%len(all)]
				names = append(names, string(p))
				dup := false
				for _, q := range ps {
					dup = dup || q == p
				}
				if !dup {
					ps = append(ps, p)
				}
			}
			if len(ps) == 0 {
				ps = all
			}
			limits := rules.Limits{}.WithCounter(xweighted)
			want, err := limits.MeasureAll(nil, ps, text)
			recs, _, f := MeasureAll(nil, text, strings.Join(names, ","), false)
			if err != nil || f != nil {
				return err != nil && f != nil && f.Code == apierror.As(err).Code && f.Path == "text"
			}
			got := decodeRecords(t, recs)
			if len(got) != len(want) {
				return false
			}
			for i := range want {
				w := want[i]
				if w.OverflowAt >= 0 {
					w.OverflowAt = utf16Reference(text, w.OverflowAt)
				}
				if got[i] != w {
					t.Logf("%d: got %+v want %+v", i, got[i], w)
					return false
				}
			}
			return true
		},
		gen.OneGenOf(gen.AnyString(), gen.RegexMatch(`(\PC|https://x\.co/a|#tag|@me|\$AB|<|>| ){0,400}`)),
		gen.SliceOf(gen.IntRange(0, 100)),
	))
	props.TestingRun(t)
}

func TestMeasureAllFaults(t *testing.T) {
	if _, _, f := MeasureAll(nil, "x", "twitter,Bluesky", false); f == nil || f.Code != apierror.CodeUnknownPlatform || f.Path != "platforms/1" {
		t.Errorf("unknown platform: %+v", f)
	}
	if _, _, f := MeasureAll(nil, "😀\xff", "bluesky", false); f == nil || f.Code != apierror.CodeInvalidUTF8 || f.Path != "text" || f.Offset != 2 {
		t.Errorf("invalid UTF-8: %+v", f)
	}
	// A fault does not leave a wrong selection behind.
	recs, _, f := MeasureAll(nil, "x", "bluesky", false)
	if f != nil || len(decodeRecords(t, recs)) == 0 || !strings.HasPrefix(decodeRecords(t, recs)[0].Rule, "bluesky.") {
		t.Errorf("after faults: %v %+v", recs, f)
	}
}

// The composer's call per keystroke: with the same selection and a buffer of enough
// capacity, nothing is allocated.
func TestMeasureAllAllocs(t *testing.T) {
	text := strings.Repeat("Launch día 🚀 漢字 https://example.com #go @me ", 7)
	list := "twitter,instagram,youtube,tiktok,pinterest,linkedin,bluesky,facebook,threads,googlebusiness"
	buf, _, f := MeasureAll(nil, text, list, false)
	if f != nil {
		t.Fatal(f.Message)
	}
	if n := testing.AllocsPerRun(50, func() { buf, _, _ = MeasureAll(buf[:0], text, list, false) }); n != 0 {
		t.Errorf("%v allocations per call, want 0", n)
	}
}

// FuzzMeasureAllSplit: for any text, platform list and split options nothing panics,
// every answer is a fault with a code or well-formed output.
func FuzzMeasureAllSplit(f *testing.F) {
	f.Add("hello world. again", "twitter,bluesky", "suffix", 20.0)
	f.Add("😀\xff", "", "", 1.0)
	f.Add("a", ",,", "prefix", 0.5)
	f.Fuzz(func(t *testing.T, text, list, numbering string, capValue float64) {
		recs, _, fa := MeasureAll(nil, text, list, false)
		if fa == nil && len(recs)%recordSize != 0 {
			t.Fatalf("%d int32", len(recs))
		}
		if fa != nil && fa.Code == "" {
			t.Fatal("fault without a code")
		}
		if capValue > 0 && capValue < 8 {
			capValue = 8 // keeps each split short; larger caps are where the fuzzer goes anyway
		}
		b, fs := Split(text, SplitOptions{MeasureOptions{Cap: capValue, HasCap: true}, numbering})
		if fs == nil {
			var a split.Answer
			if err := json.Unmarshal(b, &a); err != nil || len(a.Posts) == 0 {
				t.Fatalf("split answer %q: %v", b, err)
			}
			for _, p := range a.Posts {
				if p.Length > a.Cap {
					t.Fatalf("post of %d over cap %d", p.Length, a.Cap)
				}
			}
		} else if fs.Code == "" {
			t.Fatal("fault without a code")
		}
	})
}

// BenchmarkMeasureAll compares the bridge's records with the bare rules call they wrap
// (the difference is the record writing and the UTF-16 offsets), for ten platforms, on
// the three texts of wasm/bench/speed-cases.mjs. Run it in WebAssembly too: GOOS=js
// GOARCH=wasm go test -bench MeasureAll (with Go's go_js_wasm_exec on PATH).
func BenchmarkMeasureAll(b *testing.B) {
	list := "twitter,instagram,youtube,tiktok,pinterest,linkedin,bluesky,facebook,threads,googlebusiness"
	for _, tc := range []struct{ name, text string }{{"ascii280", ascii280}, {"mixed280", mixed280}, {"cjk280", cjk280}} {
		text := tc.text
		b.Run("bridge/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			var buf []int32
			for i := 0; i < b.N; i++ {
				buf, _, _ = MeasureAll(buf[:0], text, list, false)
			}
		})
		b.Run("rules/"+tc.name, func(b *testing.B) {
			b.ReportAllocs()
			limits := rules.Limits{}.WithCounter(xweighted)
			ps := rules.Platforms()
			var dst []rules.Measurement
			for i := 0; i < b.N; i++ {
				dst, _ = limits.MeasureAll(dst[:0], ps, text)
			}
		})
	}
}

// In the module, text and list alias the input area, which the next call overwrites;
// the selection MeasureAll keeps between calls must not (the demo found this: after a
// longer text, the kept platform names read as letters of the text).
func TestMeasureAllKeepsNoAlias(t *testing.T) {
	area := make([]byte, 64)
	call := func(text, list string) *Fault {
		n := copy(area, text)
		copy(area[n:], list)
		_, _, f := MeasureAll(nil, unsafe.String(&area[0], n), unsafe.String(&area[n], len(list)), false)
		return f
	}
	if f := call("abc", "twitter,bluesky"); f != nil {
		t.Fatal(f.Message)
	}
	if f := call("abcdefghijklmnopqrstuvwxyz", "twitter,bluesky"); f != nil {
		t.Fatalf("second call: %s", f.Message)
	}
}

// TestMeasureAllStartOfLongText: the start of a long paste (more) gives the records of the
// whole paste once it holds every platform's deciding prefix (Facebook's needs 64 KiB of
// English), no record and done false before, and allocates nothing once warm.
func TestMeasureAllStartOfLongText(t *testing.T) {
	if measureAllPrefix == nil {
		t.Fatal("package rules gave no measureAll of a prefix (internal/longtext)")
	}
	const piece = "Launch day! #launch @team $ACME see https://example.com/a <b> and more words here. "
	for _, c := range []struct {
		text string
		list string
		// decides is the shortest start of those tried that decides every platform.
		decides int
	}{
		{strings.Repeat(piece, 5_000_000/len(piece)+1), "", 1 << 16},
		{strings.Repeat(piece, 5_000_000/len(piece)+1), "twitter,bluesky", 1 << 10},
		{strings.Repeat("今日は新製品の発表日です。#発表 https://example.jp/x ", 100_000), "", 1 << 18},
	} {
		whole, done, f := MeasureAll(nil, c.text, c.list, false)
		if f != nil || !done {
			t.Fatalf("whole: %v, done %v", f, done)
		}
		for _, k := range []int{1 << 10, 1 << 12, 1 << 14, 1 << 16, 1 << 18, 1 << 20} {
			for c.text[k]&0xC0 == 0x80 {
				k++
			}
			recs, done, f := MeasureAll(nil, c.text[:k], c.list, true)
			if f != nil {
				t.Fatal(f)
			}
			if done != (k >= c.decides) {
				t.Fatalf("%q: start of %d bytes: done %v, want it from %d", c.list, k, done, c.decides)
			}
			if !done {
				if len(recs) != 0 {
					t.Fatalf("start of %d bytes: undecided, with %d records", k, len(recs))
				}
				continue
			}
			if len(recs) != len(whole) {
				t.Fatalf("start of %d bytes: %d records, the whole text %d", k, len(recs), len(whole))
			}
			for i := range recs {
				if recs[i] != whole[i] {
					t.Fatalf("start of %d bytes: record %d differs: %v, want %v", k, i/recordSize, decodeRecords(t, recs[i/recordSize*recordSize:][:recordSize]), decodeRecords(t, whole[i/recordSize*recordSize:][:recordSize]))
				}
			}
		}
	}
	text := strings.Repeat(piece, 5_000_000/len(piece)+1)[:1<<16]
	buf, _, _ := MeasureAll(nil, text, "", true)
	if n := testing.AllocsPerRun(20, func() { buf, _, _ = MeasureAll(buf[:0], text, "", true) }); n != 0 {
		t.Fatalf("%v allocations per call", n)
	}
}
