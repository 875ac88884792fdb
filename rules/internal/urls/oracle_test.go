package urls

import (
	"encoding/json"
	"os"
	"reflect"
	"testing"
)

// TestAgainstTwitterText compares the scanner with twitter-text 3.1.0's own
// extractUrlsWithIndices on 4000 generated texts full of near-URLs (protocols, dots,
// TLDs in many scripts, paths, parentheses, queries, astral characters, directional
// marks). The expected answers were produced by twitter-text itself; see
// ../../xweight/testdata/oracle/README.md.
func TestAgainstTwitterText(t *testing.T) {
	cases, withURL := compareOracle(t, "urls.json")
	if cases != 4000 {
		t.Fatalf("%d cases, want 4000", cases)
	}
	if withURL < 1000 {
		t.Errorf("only %d texts hold a URL: the corpus does not exercise the scanner", withURL)
	}
}

// TestCaseFoldAgainstTwitterText compares with twitter-text 3.1.0 on texts that put every
// cased BMP character (one whose canonical form under ECMAScript's case-insensitive
// matching is shared with another character) into a domain without protocol, a label, a
// path, a path's end and a query, and every non-ASCII TLD spelt with other characters of
// the same canonical forms (../../xweight/testdata/oracle/gen_casefold.js). twitter-text's regular
// expressions carry the i flag without u, so these match where the classes do not list
// them (issue: U+0399 in "ΚΑΙ.gr" makes the URL "Ι.gr").
func TestCaseFoldAgainstTwitterText(t *testing.T) {
	cases, withURL := compareOracle(t, "casefold.json")
	if cases < 2400 || withURL < cases/2 {
		t.Errorf("%d cases, %d with a URL: the corpus is not the one gen_casefold.js writes", cases, withURL)
	}
}

func compareOracle(t *testing.T, name string) (cases, withURL int) {
	t.Helper()
	data, err := os.ReadFile("../../xweight/testdata/oracle/" + name)
	if err != nil {
		t.Fatalf("oracle corpus missing: %v", err)
	}
	var corpus struct {
		Source string
		Cases  []struct {
			Text string
			URLs [][3]json.RawMessage
		}
	}
	if err := json.Unmarshal(data, &corpus); err != nil {
		t.Fatal(err)
	}
	failures := 0
	for _, c := range corpus.Cases {
		want := []found{}
		for _, u := range c.URLs {
			var f found
			if json.Unmarshal(u[0], &f.URL) != nil || json.Unmarshal(u[1], &f.Indices[0]) != nil || json.Unmarshal(u[2], &f.Indices[1]) != nil {
				t.Fatalf("bad case %q", c.Text)
			}
			want = append(want, f)
		}
		if len(want) > 0 {
			withURL++
		}
		if got := extractLikeTwitterText(c.Text); !reflect.DeepEqual(got, want) {
			failures++
			if failures <= 20 {
				t.Errorf("text %+q\ngot  %v\nwant %v", c.Text, got, want)
			}
		}
	}
	if failures > 0 {
		t.Errorf("%d of %d texts differ from %s", failures, len(corpus.Cases), corpus.Source)
	}
	return len(corpus.Cases), withURL
}
