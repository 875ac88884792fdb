package rules

import (
	"strings"
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestResolveTargets(t *testing.T) {
	connected := []Account{
		{Twitter, "tw-1"}, {Twitter, "tw-2"},
		{LinkedIn, "li-1"},
		{Bluesky, "bs-1"},
	}
	type want struct {
		code apierror.Code
		path string
	}
	tests := []struct {
		name     string
		targets  []Target
		accounts []Account // resolved, zero where failed
		problems []want
	}{
		{
			name:     "a named connected account of the same platform resolves to itself",
			targets:  []Target{{Twitter, "tw-2"}},
			accounts: []Account{{Twitter, "tw-2"}},
		},
		{
			name:     "no accountId resolves to the platform's single account",
			targets:  []Target{{LinkedIn, ""}, {Bluesky, ""}},
			accounts: []Account{{LinkedIn, "li-1"}, {Bluesky, "bs-1"}},
		},
		{
			name:     "an unknown id is 404 at its accountId",
			targets:  []Target{{Twitter, "tw-9"}},
			accounts: []Account{{}},
			problems: []want{{apierror.CodeAccountNotFound, "/platforms/0/accountId"}},
		},
		{
			name:     "an id of another platform is 400 mismatch, not 404",
			targets:  []Target{{LinkedIn, "tw-1"}},
			accounts: []Account{{}},
			problems: []want{{apierror.CodeAccountPlatformMismatch, "/platforms/0/accountId"}},
		},
		{
			name:     "no account of the platform is 404",
			targets:  []Target{{Threads, ""}},
			accounts: []Account{{}},
			problems: []want{{apierror.CodeNoConnectedAccount, "/platforms/0/platform"}},
		},
		{
			name:     "two accounts of the platform without accountId is 409",
			targets:  []Target{{LinkedIn, ""}, {Twitter, ""}},
			accounts: []Account{{LinkedIn, "li-1"}, {}},
			problems: []want{{apierror.CodeAmbiguousAccount, "/platforms/1/platform"}},
		},
		{
			name:     "two targets on one account: the later one is the duplicate",
			targets:  []Target{{Bluesky, ""}, {Bluesky, "bs-1"}},
			accounts: []Account{{Bluesky, "bs-1"}, {}},
			problems: []want{{apierror.CodeDuplicateTarget, "/platforms/1/accountId"}},
		},
		{
			name:     "two named accounts of one platform are two targets, not a duplicate",
			targets:  []Target{{Twitter, "tw-1"}, {Twitter, "tw-2"}},
			accounts: []Account{{Twitter, "tw-1"}, {Twitter, "tw-2"}},
		},
		{
			name:     "every failing target is reported, in order",
			targets:  []Target{{Twitter, ""}, {Facebook, ""}, {Pinterest, "nope"}, {"myspace", ""}},
			accounts: []Account{{}, {}, {}, {}},
			problems: []want{
				{apierror.CodeAmbiguousAccount, "/platforms/0/platform"},
				{apierror.CodeNoConnectedAccount, "/platforms/1/platform"},
				{apierror.CodeAccountNotFound, "/platforms/2/accountId"},
				{apierror.CodeUnknownPlatform, "/platforms/3/platform"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, problems := ResolveTargets(tt.targets, connected)
			if len(got) != len(tt.accounts) {
				t.Fatalf("got %d accounts, want %d", len(got), len(tt.accounts))
			}
			for i := range got {
				if got[i] != tt.accounts[i] {
					t.Errorf("target %d resolved to %+v, want %+v", i, got[i], tt.accounts[i])
				}
			}
			if len(problems) != len(tt.problems) {
				t.Fatalf("problems = %v, want %v", problems, tt.problems)
			}
			for i, p := range problems {
				if p.Code != tt.problems[i].code || p.Path != tt.problems[i].path {
					t.Errorf("problem %d = %s at %s, want %s at %s", i, p.Code, p.Path, tt.problems[i].code, tt.problems[i].path)
				}
				if p.HTTPStatus != p.Code.HTTPStatus() {
					t.Errorf("problem %d status %d does not follow its code", i, p.HTTPStatus)
				}
			}
		})
	}
}

func TestAmbiguousAccountListsCandidates(t *testing.T) {
	_, problems := ResolveTargets([]Target{{Twitter, ""}},
		[]Account{{Twitter, "brand"}, {LinkedIn, "elsewhere"}, {Twitter, "founder"}})
	if len(problems) != 1 || problems[0].HTTPStatus != 409 {
		t.Fatalf("problems = %v", problems)
	}
	msg := problems[0].Message
	if !strings.Contains(msg, `"brand"`) || !strings.Contains(msg, `"founder"`) || strings.Contains(msg, "elsewhere") {
		t.Fatalf("message must list exactly the twitter candidates: %s", msg)
	}
}

func TestResolveWithNothingConnected(t *testing.T) {
	got, problems := ResolveTargets([]Target{{Twitter, ""}, {Twitter, "a"}}, nil)
	if len(got) != 2 || len(problems) != 2 || problems[0].Code != apierror.CodeNoConnectedAccount || problems[1].Code != apierror.CodeAccountNotFound {
		t.Fatalf("got %v, %v", got, problems)
	}
}

func TestResolveCountsAnAccountListedTwiceOnce(t *testing.T) {
	// A caller's account list may repeat an entry (two integrations of one account); it is
	// still the platform's single account, not an ambiguity between "a" and "a".
	got, problems := ResolveTargets([]Target{{Twitter, ""}}, []Account{{Twitter, "a"}, {Twitter, "a"}})
	if len(problems) != 0 || got[0] != (Account{Twitter, "a"}) {
		t.Fatalf("got %v, %v", got, problems)
	}
}
