package urls

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/postrules/postrules/internal/strictjson"
)

// conformanceDir holds twitter-text 3.1.0's conformance data (see its README.md).
const conformanceDir = "../../xweight/testdata/twitter-text/"

// found is an entity as twitter-text's extractUrlsWithIndices returns it.
type found struct {
	URL     string
	Indices [2]int // UTF-16
}

func (f found) String() string { return fmt.Sprintf("%q%v", f.URL, f.Indices) }

func extractLikeTwitterText(text string) []found {
	out := []found{}
	for _, e := range extract(text) {
		out = append(out, found{
			URL:     text[e.Start:e.Cut] + text[e.Resume:e.Stop],
			Indices: [2]int{strictjson.UTF16Len(text[:e.Start]), strictjson.UTF16Len(text[:e.Stop])},
		})
	}
	return out
}

// TestExtractConformance runs every case of extract.yml's URL groups: "urls" and
// "tco_urls_with_params" compare the URLs, "urls_with_indices" and
// "urls_with_directional_markers" the URLs and their UTF-16 indices.
func TestExtractConformance(t *testing.T) {
	doc := readYAMLFile(t, conformanceDir+"extract.yml")
	tests := doc.Map["tests"]
	if tests == nil {
		t.Fatal("extract.yml: no tests")
	}
	total := 0
	for _, group := range []string{"urls", "tco_urls_with_params", "urls_with_indices", "urls_with_directional_markers"} {
		cases := tests.Map[group]
		if cases == nil || len(cases.List) == 0 {
			t.Fatalf("extract.yml: group %s missing", group)
		}
		withIndices := strings.HasPrefix(group, "urls_with_")
		for _, c := range cases.List {
			total++
			text := c.Map["text"].Str
			got := extractLikeTwitterText(text)
			var want []found
			for _, e := range c.Map["expected"].List {
				if !withIndices {
					want = append(want, found{URL: e.Str})
					continue
				}
				a, err1 := strconv.Atoi(e.Map["indices"].List[0].Str)
				b, err2 := strconv.Atoi(e.Map["indices"].List[1].Str)
				if err1 != nil || err2 != nil {
					t.Fatalf("%s: bad indices", c.Map["description"].Str)
				}
				want = append(want, found{URL: e.Map["url"].Str, Indices: [2]int{a, b}})
			}
			if !withIndices {
				for i := range got {
					got[i].Indices = [2]int{}
				}
			}
			if len(got) == 0 && len(want) == 0 {
				continue
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%s / %s\ntext %+q\ngot  %v\nwant %v", group, c.Map["description"].Str, text, got, want)
			}
		}
	}
	// 89 + 5 + 12 + 2 cases in twitter-text 3.1.0's extract.yml.
	if total != 108 {
		t.Errorf("ran %d URL cases, want 108", total)
	}
}

// TestTLDTableMatchesYAML proves tld_table.go holds exactly tld_lib.yml's TLDs (run
// `go generate` after the YAML changes).
func TestTLDTableMatchesYAML(t *testing.T) {
	doc := readYAMLFile(t, conformanceDir+"tld_lib.yml")
	want := map[string]uint8{}
	for kind, key := range map[uint8]string{1: "generic", 2: "country"} {
		list := doc.Map[key]
		if list == nil || len(list.List) == 0 {
			t.Fatalf("tld_lib.yml: no %s list", key)
		}
		for _, n := range list.List {
			want[canonString(n.Str)] |= kind
		}
	}
	got := map[string]uint8{}
	var walk func(n int, prefix []rune)
	walk = func(n int, prefix []rune) {
		for i := int(tldNodeStart[n]); i < int(tldNodeStart[n+1]); i++ {
			p := append(prefix[:len(prefix):len(prefix)], rune(tldEdgeRune[i]))
			if tldEdgeKind[i] != 0 {
				got[string(p)] = tldEdgeKind[i]
			}
			walk(i+1, p)
		}
	}
	walk(0, nil)
	if !reflect.DeepEqual(got, want) {
		for k, v := range want {
			if got[k] != v {
				t.Errorf("TLD %q: table %d, yaml %d", k, got[k], v)
			}
		}
		for k := range got {
			if _, ok := want[k]; !ok {
				t.Errorf("TLD %q in table, not in yaml", k)
			}
		}
	}
	if len(want) != 1574 {
		t.Errorf("%d TLDs, want 1574", len(want))
	}
}

func canonString(s string) string {
	var b strings.Builder
	for _, r := range s {
		b.WriteRune(canon(r))
	}
	return b.String()
}

// TestTLDLongestFirst backs tldAt's choice of the longest TLD: whenever one TLD is a
// prefix of another and both can pass the look-ahead (the longer one goes on with a
// character that is not [0-9a-zA-Z@+-]), the alternation (generic list, then country
// list) holds the longer one first.
func TestTLDLongestFirst(t *testing.T) {
	doc := readYAMLFile(t, conformanceDir+"tld_lib.yml")
	var order []string
	for _, key := range []string{"generic", "country"} {
		for _, n := range doc.Map[key].List {
			order = append(order, canonString(n.Str))
		}
	}
	pos := map[string]int{}
	for i, s := range order {
		if _, ok := pos[s]; !ok {
			pos[s] = i
		}
	}
	pairs := 0
	for _, long := range order {
		for _, short := range order {
			if len(short) >= len(long) || !strings.HasPrefix(long, short) {
				continue
			}
			next := []rune(long[len(short):])[0]
			if !isTLDBoundary(next) {
				continue // the shorter one fails the look-ahead here
			}
			pairs++
			if pos[long] > pos[short] {
				t.Errorf("%q comes after its prefix %q", long, short)
			}
		}
	}
	if pairs == 0 {
		t.Error("no such pair found; the test checks nothing (嘉里 / 嘉里大酒店 should be one)")
	}
}

func TestTLDAt(t *testing.T) {
	tests := []struct {
		text string
		want int // -1: none
		why  string
	}{
		{"com", 3, "gTLD at the end"},
		{"com/x", 3, "gTLD before a path"},
		{"COM", 3, "case-insensitive"},
		{"comx", -1, "look-ahead: a letter follows"},
		{"com-x", -1, "look-ahead: '-' follows"},
		{"com@x", -1, "look-ahead: '@' follows"},
		{"comé", 3, "look-ahead: a non-ASCII letter is fine"},
		{"co", 2, "ccTLD"},
		{"jp.", 2, "ccTLD before a dot"},
		{"xn--p1ai", 8, "punycode TLD"},
		{"XN--P1AIx", 9, "punycode TLD takes [-0-9a-z]+, no look-ahead"},
		{"xn--", -1, "punycode needs a character after xn--"},
		{"嘉里大酒店", len("嘉里大酒店"), "longest TLD"},
		{"嘉里x", -1, "ASCII letter after a CJK TLD"},
		{"嘉里大", len("嘉里"), "CJK TLD followed by a non-ASCII character"},
		{"рф", len("рф"), "Cyrillic ccTLD"},
		{"РФ", len("РФ"), "Cyrillic ccTLD, upper case"},
		{"", -1, "empty"},
	}
	for _, tt := range tests {
		if got := tldAt(tt.text, 0, len(tt.text)); got != tt.want {
			t.Errorf("%s: tldAt(%q) = %d, want %d", tt.why, tt.text, got, tt.want)
		}
	}
}

// TestLabelASCIILength checks the punycode lengths against known encodings (RFC 3492
// section 7.1 samples and twitter-text's own CJK cases).
func TestLabelASCIILength(t *testing.T) {
	tests := []struct {
		label string
		want  string // punycode.toASCII(label)
	}{
		{"example", "example"},
		{"bücher", "xn--bcher-kva"},
		{"ああ", "xn--l8ja"},
		{"他们为什么不说中文", "xn--ihqwcrb4cv8a8dqg056pqjye"},
		{"Pročprostěnemluvíčesky", "xn--Proprostnemluvesky-uyb24dma41a"},
		{"3年B組金八先生", "xn--3B-ww4c5e180e575a65lsy2b"},
		{"日本。例え", "xn--wgv71a.xn--r8jz45g"},
		// punycode.js 1.4.1 (twitter-text 3.1.0's dependency) encodes a part holding a
		// control character or DEL; Node's built-in punycode module would not.
		{"a\x7f", "xn--a\x7f-"},
		// twitter-text's "Allow > 140 CJK characters" case: 52 kana, 63 in punycode.
		{strings.Repeat("あいうえおかきくけこ", 5) + "あい", "xn--l8jaaaaajbbbbbqccccydddd4aeeeeiffff6bgggg2chhhh8ciiii4djjjj"},
	}
	for _, tt := range tests {
		if got := labelASCIILength(tt.label, 0, 1000); got != len(tt.want) {
			t.Errorf("labelASCIILength(%q) = %d, want %d (%s)", tt.label, got, len(tt.want), tt.want)
		}
	}
	// Too long: the count stops past max but stays > max.
	long := strings.Repeat("あ", 100)
	if got := labelASCIILength(long, 0, 63); got <= 63 {
		t.Errorf("labelASCIILength(100 × あ) = %d, want > 63", got)
	}
}

func TestScannerCases(t *testing.T) {
	tests := []struct {
		text string
		want []string
		why  string
	}{
		{"", nil, "empty"},
		{"no dots here http", nil, "no '.' at all"},
		{"example.com", []string{"example.com"}, "protocol-less at the start (the ^ alternative)"},
		{"Hi http://test.co", []string{"http://test.co"}, "protocol"},
		{" -example.com", nil, "protocol-less URL after '-'"},
		{"x-example.com", []string{"x-example.com"}, "'x' is no preceding character, but the text start is"},
		{"x/example.com", nil, "protocol-less URL after '/'"},
		{"x http://a.com/b", []string{"http://a.com/b"}, "path"},
		{"a.com/a.(b)", []string{"a.com/a"}, "a path ends at its last ending character, not after a later group"},
		{"a.com/foo_(bar)", []string{"a.com/foo_(bar)"}, "balanced parentheses"},
		{"a.com/x?q=1&b=.", []string{"a.com/x?q=1&b="}, "query ends with an ending character"},
		{"a.com?q=1", []string{"a.com"}, "without a path, a protocol-less URL is only its domain"},
		{"http://a.com:8080/x", []string{"http://a.com:8080/x"}, "port"},
		{"日本語example.com", []string{"example.com"}, "only the ASCII part of a protocol-less domain"},
		{"😀example.com", []string{"example.com"}, "after an astral character"},
		{"www.twitter.com/jack xx", []string{"www.twitter.com/jack"}, "subdomains"},
		{"a_b.example.com", []string{"b.example.com"}, "'_' is fine in subdomains, not in the ASCII match"},
		{"https://t.co/abc/def", []string{"https://t.co/abc"}, "t.co: no path after the slug"},
		{"https://t.co/" + strings.Repeat("a", 41), nil, "t.co slug over 40"},
		{"john.doe.gov@mail.com", nil, "TLD followed by '@'"},
		{"@example.com", nil, "'@' is no preceding character"},
		{"http://" + strings.Repeat("a", 64) + ".com", nil, "a label over 63"},
		{"http://" + strings.Repeat("a", 63) + ".com", []string{"http://" + strings.Repeat("a", 63) + ".com"}, "a label of 63"},
	}
	for _, tt := range tests {
		var got []string
		for _, f := range extractLikeTwitterText(tt.text) {
			got = append(got, f.URL)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: %q: got %q, want %q", tt.why, tt.text, got, tt.want)
		}
	}
}

// hostileShapes are inputs that would make a scanner without the run and chain caches
// quadratic: long runs of labels and dots, a TLD after every dot, long paths of groups.
func hostileShapes(n int) map[string]string {
	rep := func(unit string) string { return strings.Repeat(unit, n/len(unit)+1) }
	return map[string]string{
		"dots":        rep("a.") + "com",
		"cjk-dots":    rep("日.") + "example.com",
		"cjk-run":     rep("漢") + ".com",
		"hyphens":     rep("a-") + ".com",
		"tld-dots":    rep("co."),
		"groups":      "http://a.com/" + rep("(a)"),
		"urls":        rep(" a.com"),
		"query":       "http://a.com/?" + rep("a!"),
		"ascii-chain": "日本" + rep("a.b") + ".com",
	}
}

// scanSteps is the work of a full scan of text, in Scanner.steps.
func scanSteps(text string, naive bool) int {
	var s Scanner
	s.Init(text)
	s.naive = naive
	for _, ok := s.Next(); ok; _, ok = s.Next() {
	}
	return s.steps
}

// TestLongInputsAreLinear: on every hostile shape, a scan's work (tries of the expression
// and bytes walked, counted by the scanner) is at most a small constant per byte, the
// same at 16 KiB and 256 KiB. It counts work, not time. The slow reference, without the
// caches, shows that the count sees quadratic work where there is some.
func TestLongInputsAreLinear(t *testing.T) {
	small, large := hostileShapes(16<<10), hostileShapes(256<<10)
	for name := range small {
		rs := float64(scanSteps(small[name], false)) / float64(len(small[name]))
		rl := float64(scanSteps(large[name], false)) / float64(len(large[name]))
		t.Logf("%-12s %.2f steps/byte at 16 KiB, %.2f at 256 KiB", name, rs, rl)
		if rl > 16 || rl > 1.25*rs+0.5 {
			t.Errorf("%s: %.2f steps per byte at 16 KiB, %.2f at 256 KiB", name, rs, rl)
		}
	}
	// Without the caches, a run of "a-" labels is walked again from every start: 16x the
	// text costs far more than 16x the work.
	a, b := hostileShapes(1 << 10)["hyphens"], hostileShapes(16 << 10)["hyphens"]
	na, nb := float64(scanSteps(a, true))/float64(len(a)), float64(scanSteps(b, true))/float64(len(b))
	if nb < 8*na {
		t.Errorf("the naive scan does %.1f steps per byte at 1 KiB and %.1f at 16 KiB: the count does not see its quadratic work", na, nb)
	}
}

// extractNaive is extract with the slow reference: every position tried, no caches.
func extractNaive(text string) []Entity { return scanAll(text, true) }

// FuzzExtract compares the scanner with its slow reference (every position tried, no
// caches) and checks the entities' shape.
func FuzzExtract(f *testing.F) {
	for _, s := range []string{"example.com", "Hi http://test.co", "日本語example.com/x?y=1",
		"😀-a.com", "a.b.c.d.e.com", "http://a.com/(a)(b)", "x https://t.co/abc?d=1 t.co/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		if !utf8.ValidString(text) {
			return // the counter hands the scanner valid UTF-8 only
		}
		got := extract(text)
		if want := extractNaive(text); !reflect.DeepEqual(got, want) {
			t.Fatalf("%+q: scanner %v, reference %v", text, got, want)
		}
		prev := 0
		for _, e := range got {
			if e.Start < prev || e.End <= e.Start || e.End > len(text) || !utf8.RuneStart(text[e.Start]) ||
				(e.End < len(text) && !utf8.RuneStart(text[e.End])) {
				t.Fatalf("%+q: bad entity %+v after %d", text, e, prev)
			}
			prev = e.End
		}
	})
}

// extract returns every entity of text, as a caller of Scanner finds them one by one.
func extract(text string) []Entity { return scanAll(text, false) }

// scanAll collects the entities a Scanner finds in text, naive or not.
func scanAll(text string, naive bool) []Entity {
	var s Scanner
	s.Init(text)
	s.naive = naive
	var out []Entity
	for {
		e, ok := s.Next()
		if !ok {
			return out
		}
		out = append(out, e)
	}
}
