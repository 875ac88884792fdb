package schema

import (
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// noise is n unknown top-level members: n problems listed before anything else, enough to
// fill the listing (maxProblems) so that what follows is found past the cap.
func noise(n int) string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(`"x` + strconv.Itoa(i) + `":1,`)
	}
	return b.String()
}

func codes(v Verdict) map[apierror.Code]int {
	m := map[apierror.Code]int{}
	for _, p := range v.Problems {
		m[p.Code]++
	}
	return m
}

// After 99-100 problems the decoder stopped marking rejected values, so a target
// whose accountId was rejected (a wrong-case name, a number) was resolved as if it had none
// and got a false 409 ambiguous_account. Which values are rejected must not depend on how
// many problems are listed.
func TestProblemCapDoesNotChangeWhatWasRejected(t *testing.T) {
	twoTwitter := []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}
	for _, tc := range []struct{ name, target string }{
		{"a name in the wrong case", `{"platform":"twitter","AccountId":"a"}`},
		{"a number for accountId", `{"platform":"twitter","accountId":5}`},
		{"a misspelt name", `{"platform":"twitter","acountId":"a"}`},
	} {
		for _, n := range []int{0, 99, 100, 150} {
			t.Run(tc.name+"/"+strconv.Itoa(n)+" problems before", func(t *testing.T) {
				body := `{` + noise(n) + `"content":"hi","publishNow":true,"platforms":[` + tc.target + `]}`
				v := CheckCreatePost([]byte(body), Env{Accounts: twoTwitter, MaxTargets: -1})
				if c := codes(v); c[apierror.CodeAmbiguousAccount] > 0 || c[apierror.CodeNoConnectedAccount] > 0 {
					t.Fatalf("resolution ran on a rejected accountId: %+v", v.Problems)
				}
				if !v.ResolutionSkipped || v.HTTPStatus != 400 {
					t.Fatalf("status %d, resolution skipped %v; want 400 with resolution skipped", v.HTTPStatus, v.ResolutionSkipped)
				}
				if len(v.Problems) > maxProblems {
					t.Fatalf("%d problems listed, more than the cap %d", len(v.Problems), maxProblems)
				}
			})
		}
	}
}

// The other half of the cap: resolution problems of several statuses. 150 409s followed by
// one 404 must answer 404 (the precedence), not 409 because the 404 fell past the cap.
func TestProblemCapDoesNotChangeTheStatus(t *testing.T) {
	accts := []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}
	var targets []string
	for i := 0; i < 150; i++ {
		targets = append(targets, `{"platform":"twitter"}`) // 409 ambiguous each
	}
	targets = append(targets, `{"platform":"bluesky"}`) // 404 no_connected_account
	body := `{"content":"hi","publishNow":true,"platforms":[` + strings.Join(targets, ",") + `]}`
	v := CheckCreatePost([]byte(body), Env{Accounts: accts, MaxTargets: -1})
	if v.HTTPStatus != 404 || v.Error == nil || v.Error.Code != apierror.CodeNoConnectedAccount {
		t.Fatalf("status %d (%+v), want 404 no_connected_account", v.HTTPStatus, v.Error)
	}
	if len(v.Problems) > maxProblems {
		t.Fatalf("%d problems listed, more than the cap %d", len(v.Problems), maxProblems)
	}
}

// Marks are also kept under names far longer than any pointer a check asks about: the
// rejected values inside a long-named object of another platform's platformSpecificData
// still make that data "broken near", whatever the name's length.
func TestBrokenSetLongPointers(t *testing.T) {
	var s brokenSet
	long := strings.Repeat("k", 300)
	ptr := []byte("/platforms/0/platformSpecificData/" + long)
	s.mark(ptr, "a", true)
	for _, q := range []string{"/platforms/0/platformSpecificData", "/platforms/0", "/platforms", ""} {
		if !s.under(q) {
			t.Errorf("under(%q) = false; a rejected value lies inside it", q)
		}
		if q != "" && s.has(q) {
			t.Errorf("has(%q) = true; only a value inside it was rejected", q)
		}
	}
	if !s.has(string(ptr) + "/a/b") {
		t.Errorf("a query inside the long rejected value must be answered broken (conservatively)")
	}
	if s.under("/platforms/1") || s.has("/platforms/1/content") {
		t.Errorf("another target is not broken")
	}
	s.mark([]byte("/platforms/2"), "accountId", true)
	if !s.has("/platforms/2/accountId") || !s.has("/platforms/2/accountId/x") || s.has("/platforms/2") || !s.under("/platforms/2") {
		t.Errorf("exact marks: has/under wrong for /platforms/2/accountId")
	}
	if s.has("/platforms/2/accountIdx") {
		t.Errorf("a sibling whose name starts the same is not broken")
	}
}

// Property: how many problems come before a target does not change what is decided about
// it. For a random number of unknown top-level members (the noise that fills the listing)
// and a random target (with or without a defect), whether resolution ran and whether a
// resolution problem is listed are those of the body without noise, past the cap or not;
// the noise only makes the answer a 400.
func TestProblemCapProperty(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 300
	properties := gopter.NewProperties(params)
	accts := []rules.Account{{Platform: rules.Twitter, ID: "a"}, {Platform: rules.Twitter, ID: "b"}}
	targets := []string{
		`{"platform":"twitter","AccountId":"a"}`, `{"platform":"twitter","accountId":5}`,
		`{"platform":"twitter","accountID":"a"}`, `{"platform":"twitter"}`, `{"platform":"Twitter"}`,
		`{"platform":"twitter","accountId":"a"}`, `{"platform":"twitter","accountId":"zz"}`,
	}
	resolutionCodes := func(v Verdict) bool {
		for _, p := range v.Problems {
			switch p.Code {
			case apierror.CodeAmbiguousAccount, apierror.CodeNoConnectedAccount, apierror.CodeAccountNotFound:
				return true
			}
		}
		return false
	}
	properties.Property("the listing's cap decides nothing", prop.ForAll(
		func(n, ti int) bool {
			target := targets[ti]
			quiet := CheckCreatePost([]byte(`{"content":"hi","publishNow":true,"platforms":[`+target+`]}`), Env{Accounts: accts})
			noisy := CheckCreatePost([]byte(`{`+noise(n)+`"content":"hi","publishNow":true,"platforms":[`+target+`]}`), Env{Accounts: accts})
			return noisy.ResolutionSkipped == quiet.ResolutionSkipped &&
				resolutionCodes(noisy) == resolutionCodes(quiet) &&
				(n == 0 || noisy.HTTPStatus == 400)
		},
		gen.IntRange(0, 250), gen.IntRange(0, len(targets)-1),
	))
	properties.TestingRun(t)
}

// More targets than Env.MaxTargets is one 400 too_many_targets at /platforms, and the
// targets past the bound are not decoded: the verdict has exactly the bound's number of
// targets, so a body of thousands costs what a body of a hundred does, plus one scan.
func TestTooManyTargets(t *testing.T) {
	body := func(n int) []byte {
		ts := make([]string, n)
		for i := range ts {
			ts[i] = `{"platform":"bluesky"}`
		}
		return []byte(`{"content":"hi","publishNow":true,"platforms":[` + strings.Join(ts, ",") + `]}`)
	}
	for _, c := range []struct {
		why     string
		n, max  int
		targets int
		code    apierror.Code // "" for valid
	}{
		{"the default bound itself is accepted", DefaultMaxTargets, 0, DefaultMaxTargets, ""},
		{"one past the default bound", DefaultMaxTargets + 1, 0, DefaultMaxTargets, apierror.CodeTooManyTargets},
		{"thousands past it: only the bound's worth is decoded", 5000, 0, DefaultMaxTargets, apierror.CodeTooManyTargets},
		{"a caller's own bound", 3, 2, 2, apierror.CodeTooManyTargets},
		{"no bound", 500, -1, 500, ""},
	} {
		v := CheckCreatePost(body(c.n), Env{MaxTargets: c.max})
		if len(v.Targets) != c.targets {
			t.Errorf("%s: %d targets in the verdict, want %d", c.why, len(v.Targets), c.targets)
		}
		if c.code == "" {
			if !v.Valid {
				t.Errorf("%s: refused: %+v", c.why, v.Problems)
			}
			continue
		}
		if v.Valid || v.HTTPStatus != 400 || len(v.Problems) != 1 || v.Problems[0].Code != c.code || v.Problems[0].Path != "/platforms" {
			t.Errorf("%s: %d %+v, want one 400 %s at /platforms", c.why, v.HTTPStatus, v.Problems, c.code)
		}
	}
}
