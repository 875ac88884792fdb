package rules

import "testing"

// TestRemedyDeclarations: a rule's declared remedy fits what the rule measures, so that
// package schema/fix, which trusts the declaration, never acts on a rule it cannot mend:
// each case names the declaration it guards against.
func TestRemedyDeclarations(t *testing.T) {
	for _, r := range book {
		bad := ""
		switch r.remedy {
		case RemedyThread:
			if r.kind != kindLength || r.Platform != Twitter {
				bad = "a thread is a twitter post's remedy (threadItems), for its length"
			}
		case RemedyShorten:
			if _, counts := bookCounter(r.Unit); !counts && r.kind != kindLinks {
				bad = "shortening mends a length in a counter's unit (or a count of links)"
			}
		case RemedyEscape:
			if r.kind != kindLittleText {
				bad = "escaping mends LinkedIn's little text only"
			}
		case RemedyRemoveChars:
			if r.forbid == "" {
				bad = "removing characters needs the set the rule refuses"
			}
		case RemedyKeepFirst:
			if r.option == "" || r.each || r.Limit <= 0 {
				bad = "keeping the first entries needs a list member and its count"
			}
		case RemedyDropCounted:
			if r.kind != kindHashtags && r.kind != kindMentions && r.kind != kindCashtags {
				bad = "dropping counted items needs a hashtag, mention or cashtag rule"
			}
		}
		if bad != "" {
			t.Errorf("%s: remedy %d: %s", r.ID, r.remedy, bad)
		}
	}
}
