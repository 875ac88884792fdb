package emoji

import (
	"bufio"
	"os"
	"strconv"
	"strings"
	"testing"
)

// loadSequences parses the data files independently of gen.go and returns every
// multi-code-point sequence with its kind.
func loadSequences(t *testing.T) map[string]Kind {
	t.Helper()
	want := map[string]Kind{}
	read := func(path string, kind Kind) int {
		f, err := os.Open(path)
		if err != nil {
			t.Fatalf("open %s: %v", path, err)
		}
		defer f.Close()
		n := 0
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			line := sc.Text()
			if i := strings.IndexByte(line, '#'); i >= 0 {
				line = line[:i]
			}
			field := strings.TrimSpace(strings.SplitN(line, ";", 2)[0])
			if field == "" || strings.Contains(field, "..") {
				continue
			}
			var b strings.Builder
			cps := strings.Fields(field)
			for _, h := range cps {
				v, err := strconv.ParseUint(h, 16, 32)
				if err != nil {
					t.Fatalf("%s: bad code point %q", path, h)
				}
				b.WriteRune(rune(v))
			}
			if len(cps) < 2 {
				continue
			}
			want[b.String()] |= kind
			n++
		}
		if err := sc.Err(); err != nil {
			t.Fatal(err)
		}
		return n
	}
	rgi := read("testdata/emoji-sequences.txt", RGI) + read("testdata/emoji-zwj-sequences.txt", RGI)
	// Unicode Emoji 15.0 has 2485 RGI sequences of two or more code points
	// (1350 ZWJ, 655 modifier, 258 flag, 207 presentation, 12 keycap, 3 tag).
	if rgi != 2485 {
		t.Fatalf("read %d multi-code-point RGI sequences, want 2485: wrong data files?", rgi)
	}
	if tw := read("testdata/twemoji-parser-11.0.2.txt", Twemoji11); tw != 1915 {
		t.Fatalf("read %d twemoji-parser sequences, want 1915", tw)
	}
	return want
}

// sequences calls fn with every sequence the table holds and its kind, for the tests that
// check the table and the filters against every sequence (it allocates).
func sequences(fn func(seq []rune, kind Kind)) {
	var walk func(n int, prefix []rune)
	walk = func(n int, prefix []rune) {
		for i := int(nodeStart[n]); i < int(nodeStart[n+1]); i++ {
			p := append(prefix[:len(prefix):len(prefix)], rune(edges[i]>>2))
			if kind := Kind(edges[i] & 3); kind != 0 {
				fn(p, kind)
			}
			walk(i+1, p)
		}
	}
	walk(0, nil)
}

// TestTableMatchesData proves the generated trie holds exactly the sequences of the data
// files, with the right kinds (run `go generate` after changing testdata).
func TestTableMatchesData(t *testing.T) {
	want := loadSequences(t)
	got := map[string]Kind{}
	sequences(func(seq []rune, kind Kind) { got[string(seq)] = kind })
	for s, k := range want {
		if got[s] != k {
			t.Errorf("%+q: table kind %d, data kind %d", s, got[s], k)
		}
	}
	for s := range got {
		if _, ok := want[s]; !ok {
			t.Errorf("%+q: in table, not in data", s)
		}
	}
}

// TestMatchWholeSequences checks that Match finds every sequence whole, alone and
// followed by other text, which also proves the first-code-point filter lets all of
// them through.
func TestMatchWholeSequences(t *testing.T) {
	for s, k := range loadSequences(t) {
		for _, tail := range []string{"", "x", " 漢", "\u200d"} {
			n, kind := Match(s+tail, All)
			if n != len(s) || kind != k {
				t.Fatalf("Match(%+q) = %d, %d; want %d, %d", s+tail, n, kind, len(s), k)
			}
		}
	}
}

func TestMatch(t *testing.T) {
	tests := []struct {
		in   string
		want string // the matched prefix
		kind Kind
		why  string
	}{
		{"", "", 0, "empty"},
		{"a", "", 0, "one byte"},
		{"hello", "", 0, "plain text"},
		{"😀", "", 0, "a single code point is never a sequence"},
		{"😀\ufe0f", "", 0, "U+1F600 has no variation sequence"},
		{"🇺🇸", "🇺🇸", RGI | Twemoji11, "flag"},
		{"🇦🇦", "", 0, "two regional indicators that are no flag"},
		{"🇺🇸🇦", "🇺🇸", RGI | Twemoji11, "a flag, then a lone regional indicator"},
		{"1⃣", "1⃣", Twemoji11, "unqualified keycap: twemoji-parser 11 knows it, RGI needs U+FE0F"},
		{"1️⃣x", "1️⃣", RGI | Twemoji11, "fully-qualified keycap"},
		{"12", "", 0, "digits"},
		{"©️", "©️", RGI | Twemoji11, "copyright sign with U+FE0F"},
		{"©", "", 0, "copyright sign alone is text"},
		{"👨‍👩‍👧‍👦", "👨‍👩‍👧‍👦", RGI | Twemoji11, "family ZWJ sequence, longest match"},
		{"👨‍👩‍👧‍", "👨‍👩‍👧", RGI | Twemoji11, "ZWJ sequence cut short: the longest complete one"},
		{"👨‍👩‍", "", 0, "man ZWJ woman is no sequence"},
		{"🧑‍💻", "🧑‍💻", RGI, "Emoji 12 ZWJ sequence twemoji-parser 11 did not know"},
		{"🐱‍🐶", "", 0, "a ZWJ sequence no one recommends"},
		{"👍🏽", "👍🏽", RGI | Twemoji11, "modifier sequence"},
		{"🏴󠁧󠁢󠁳󠁣󠁴󠁿", "🏴󠁧󠁢󠁳󠁣󠁴󠁿", RGI | Twemoji11, "tag sequence (Scotland)"},
		{"🏴󠁵󠁳󠁴󠁸󠁿", "", 0, "tag sequence that is not RGI"},
		{"漢字", "", 0, "CJK is rejected by the gap filter"},
	}
	for _, tt := range tests {
		n, kind := Match(tt.in, All)
		if n != len(tt.want) || kind != tt.kind {
			t.Errorf("%s: Match(%+q) = %d, %d; want %d (%+q), %d", tt.why, tt.in, n, kind, len(tt.want), tt.want, tt.kind)
		}
	}
}

func TestMatchMask(t *testing.T) {
	// 🧑‍💻 is RGI only: with the twemoji-parser mask nothing matches.
	if n, _ := Match("🧑‍💻", Twemoji11); n != 0 {
		t.Errorf("Match(🧑‍💻, Twemoji11) = %d, want 0", n)
	}
	// 1⃣ is twemoji-parser only.
	if n, _ := Match("1⃣", RGI); n != 0 {
		t.Errorf("Match(1⃣, RGI) = %d, want 0", n)
	}
	// 👁️‍🗨️ is RGI; twemoji-parser 11 knew only 👁‍🗨, and 👁️ alone is RGI too.
	if n, k := Match("👁️‍🗨️", Twemoji11); n != len("👁️") || k&Twemoji11 == 0 {
		t.Errorf("Match(👁️‍🗨️, Twemoji11) = %d, %d, want %d", n, k, len("👁️"))
	}
}

// TestMaxBytes: MaxBytes is the longest sequence of the table, so that a caller may rely on
// Match reading no more (xweight's early exit counts tokens that start MaxBytes before a
// cut as final).
func TestMaxBytes(t *testing.T) {
	longest, which := 0, ""
	sequences(func(seq []rune, _ Kind) {
		if s := string(seq); len(s) > longest {
			longest, which = len(s), s
		}
	})
	if longest != MaxBytes {
		t.Errorf("the longest sequence is %+q, %d bytes; MaxBytes is %d", which, longest, MaxBytes)
	}
	// Bytes after the longest sequence do not change its match.
	if n, _ := Match(which+"\u200d👨", All); n != len(which) {
		t.Errorf("Match(%+q + ZWJ + man) = %d, want %d", which, n, len(which))
	}
}

func FuzzMatch(f *testing.F) {
	for _, s := range []string{"👨‍👩‍👧‍👦", "1⃣", "🇺🇸🇦", "a😀", "\xf0\x9f"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		n, kind := Match(s, All)
		if n < 0 || n > len(s) {
			t.Fatalf("Match(%+q) = %d out of range", s, n)
		}
		if (n == 0) != (kind == 0) {
			t.Fatalf("Match(%+q) = %d, %d: length and kind disagree", s, n, kind)
		}
		if n > 0 {
			// The slow reference: the longest prefix that is a whole sequence.
			seqs := map[string]bool{}
			sequences(func(seq []rune, _ Kind) {
				if strings.HasPrefix(s, string(seq)) {
					seqs[string(seq)] = true
				}
			})
			longest := 0
			for q := range seqs {
				if len(q) > longest {
					longest = len(q)
				}
			}
			if longest != n {
				t.Fatalf("Match(%+q) = %d; the longest sequence prefix is %d bytes", s, n, longest)
			}
		}
	})
}

func BenchmarkMatchCJK(b *testing.B) {
	s := strings.Repeat("故人西辞黄鹤楼", 20)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		for j := 0; j < len(s); j += 3 {
			Match(s[j:], All)
		}
	}
}

// TestEverySequencePassesTheByteFilters: a scan that looks for sequences (xweight's
// emojiCursor) tests the bytes of each position with Skip, then PairMayStart, then
// MayStart, and calls Match only where all three let it through; so they must let the
// first bytes of every sequence of the table through.
func TestEverySequencePassesTheByteFilters(t *testing.T) {
	count := 0
	sequences(func(seq []rune, _ Kind) {
		count++
		s := string(seq)
		var b1, b2 byte // 0 past the end of the text, as the filters take it
		if len(s) > 1 {
			b1 = s[1]
		}
		if len(s) > 2 {
			b2 = s[2]
		}
		if Skip[s[0]] != 0 || !PairMayStart(s[0], b1) || !MayStart(s[0], b1, b2) {
			t.Errorf("%+q: Skip %d, PairMayStart %v, MayStart %v; the scan would pass it by",
				s, Skip[s[0]], PairMayStart(s[0], b1), MayStart(s[0], b1, b2))
		}
	})
	if count < 2500 {
		t.Fatalf("only %d sequences", count)
	}
}

// PairMayStart(b0, b1) must hold exactly when MayStart(b0, b1, b2) holds for some b2:
// the scan of package xweight skips a character on PairMayStart alone.
func TestPairMayStartIsMayStartsFirstHalf(t *testing.T) {
	for b0 := 0; b0 < 256; b0++ {
		for b1 := 0; b1 < 256; b1++ {
			some := false
			for b2 := 0; b2 < 256 && !some; b2++ {
				some = MayStart(byte(b0), byte(b1), byte(b2))
			}
			if got := PairMayStart(byte(b0), byte(b1)); got != some {
				t.Fatalf("PairMayStart(%#x, %#x) = %v; MayStart holds for some third byte: %v", b0, b1, got, some)
			}
		}
	}
}
