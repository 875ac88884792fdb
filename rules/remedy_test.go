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
		// Every rule of a kind that has a mechanical remedy declares it, so a new
		// forbidden-character or count rule, on any platform, is offered its fix.
		switch {
		case r.forbid != "" && r.remedy != RemedyRemoveChars:
			bad = "a rule that refuses characters has them removed"
		case r.kind == kindLittleText && r.remedy != RemedyEscape:
			bad = "LinkedIn's little text is escaped"
		case (r.kind == kindHashtags || r.kind == kindMentions || r.kind == kindCashtags) && r.remedy != RemedyDropCounted:
			bad = "the items past a count are removed"
		}
		if bad != "" {
			t.Errorf("%s: remedy %d: %s", r.ID, r.remedy, bad)
		}
	}
}
