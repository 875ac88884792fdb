package rules

import (
	"strconv"
	"strings"
)

// Account is a connected account: the platform it belongs to and its id.
type Account struct {
	Platform Platform `json:"platform"`
	ID       string   `json:"accountId"`
}

// Target is one entry of a request's "platforms" array as far as resolution is concerned:
// the platform, and the accountId when the caller named one ("" when absent).
type Target struct {
	Platform  Platform
	AccountID string
}

// ResolveTargets decides which connected account each target publishes to (DESIGN.md rule 3).
//
// A target that names an accountId must name a connected account (404 account_not_found) of
// its own platform (400 account_platform_mismatch). A target without one goes to its
// platform's only connected account: none is 404 no_connected_account, several is 409
// ambiguous_account, whose message lists the candidate ids so the caller can pick one. Two
// targets that end on the same account are 400 duplicate_target (the later one is reported),
// because the API would publish the same post twice.
//
// result[i] is target i's account, the zero Account where target i failed. Every problem is
// reported, in target order; the paths are "/platforms/i/accountId" when an id was given and
// "/platforms/i/platform" when it was not. A target with an unknown platform gets 400
// unknown_platform. An empty connected list is valid input: every target then fails.
func ResolveTargets(targets []Target, connected []Account) ([]Account, []*Error) {
	result := make([]Account, len(targets))
	var problems []*Error
	firstUse := make(map[Account]int, len(targets))
	for i, t := range targets {
		base := "/platforms/" + strconv.Itoa(i)
		if !t.Platform.Valid() {
			problems = append(problems, NewError(CodeUnknownPlatform, base+"/platform",
				"platform "+quote(string(t.Platform))+" is not one of the ten supported platforms"))
			continue
		}
		var acct Account
		var err *Error
		if t.AccountID != "" {
			acct, err = resolveNamed(t, connected, base+"/accountId")
		} else {
			acct, err = resolveSingle(t.Platform, connected, base+"/platform")
		}
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if j, dup := firstUse[acct]; dup {
			path := base + "/platform"
			if t.AccountID != "" {
				path = base + "/accountId"
			}
			problems = append(problems, NewError(CodeDuplicateTarget, path,
				"targets "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" both publish to "+string(acct.Platform)+" account "+quote(acct.ID)))
			continue
		}
		firstUse[acct] = i
		result[i] = acct
	}
	return result, problems
}

func resolveNamed(t Target, connected []Account, path string) (Account, *Error) {
	var otherPlatform Platform
	for _, a := range connected {
		if a.ID != t.AccountID {
			continue
		}
		if a.Platform == t.Platform {
			return a, nil
		}
		otherPlatform = a.Platform
	}
	if otherPlatform != "" {
		return Account{}, NewError(CodeAccountPlatformMismatch, path,
			"account "+quote(t.AccountID)+" is a "+string(otherPlatform)+" account, not a "+string(t.Platform)+" account")
	}
	return Account{}, NewError(CodeAccountNotFound, path,
		"no connected "+string(t.Platform)+" account has id "+quote(t.AccountID))
}

func resolveSingle(p Platform, connected []Account, path string) (Account, *Error) {
	var found []string
	var only Account
	for _, a := range connected {
		if a.Platform != p || containsString(found, a.ID) {
			continue // an account listed twice is still one account
		}
		if len(found) == 0 {
			only = a
		}
		found = append(found, a.ID)
	}
	switch len(found) {
	case 0:
		return Account{}, NewError(CodeNoConnectedAccount, path,
			"no "+string(p)+" account is connected; connect one or name an accountId")
	case 1:
		return only, nil
	}
	quoted := make([]string, len(found))
	for i, id := range found {
		quoted[i] = quote(id)
	}
	return Account{}, NewError(CodeAmbiguousAccount, path,
		strconv.Itoa(len(found))+" "+string(p)+" accounts are connected; name one with accountId: "+strings.Join(quoted, ", "))
}

func containsString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
