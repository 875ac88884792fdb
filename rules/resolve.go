package rules

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules/apierror"
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

// ResolveTargets decides which connected account each target publishes to (rule 3 of docs/design.md).
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
//
// Cost: O(len(targets) + len(connected)) time and memory, plus the ids' bytes. The
// connected accounts are indexed once (by platform, and by id); each platform's
// ambiguous_account message, which lists every candidate, is built once and shared by all
// of that platform's targets, so 45,000 targets against 1,000 accounts build one list, not
// 45,000.
func ResolveTargets(targets []Target, connected []Account) ([]Account, []*apierror.Error) {
	result := make([]Account, len(targets))
	var problems []*apierror.Error
	ix := indexAccounts(connected)
	firstUse := make(map[Account]int, len(targets))
	for i, t := range targets {
		base := "/platforms/" + strconv.Itoa(i)
		if !t.Platform.Valid() {
			problems = append(problems, apierror.New(apierror.CodeUnknownPlatform, base+"/platform",
				"platform "+quote(string(t.Platform))+" is not one of the ten supported platforms"))
			continue
		}
		var acct Account
		var err *apierror.Error
		if t.AccountID != "" {
			acct, err = ix.named(t, base+"/accountId")
		} else {
			acct, err = ix.single(t.Platform, base+"/platform")
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
			problems = append(problems, apierror.New(apierror.CodeDuplicateTarget, path,
				"targets "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" both publish to "+string(acct.Platform)+" account "+quote(acct.ID)))
			continue
		}
		firstUse[acct] = i
		result[i] = acct
	}
	return result, problems
}

// accountIndex is the connected accounts, indexed once per ResolveTargets call.
type accountIndex struct {
	// byID is, for each account id, the platforms it is connected on.
	byID map[string]idPlatforms
	// byPlatform is, per platform (Platform.index), its distinct ids in the order given.
	byPlatform [numPlatforms][]string
	// ambiguous is, per platform, the message of its ambiguous_account problem, built on
	// first use.
	ambiguous [numPlatforms]string
}

// idPlatforms is where one account id is connected: a set of platforms, plus the last
// platform listed and the last one listed that differs from it, so that "the last other
// platform" of an account_platform_mismatch message is the one a scan of the list would
// have found.
type idPlatforms struct {
	mask       uint16
	last, prev Platform
}

func indexAccounts(connected []Account) *accountIndex {
	ix := &accountIndex{byID: make(map[string]idPlatforms, len(connected))}
	for _, a := range connected {
		pi := a.Platform.index()
		e, seen := ix.byID[a.ID]
		if pi >= 0 && e.mask&(1<<pi) == 0 {
			// an account listed twice is still one account
			ix.byPlatform[pi] = append(ix.byPlatform[pi], a.ID)
		}
		if pi >= 0 {
			e.mask |= 1 << pi
		}
		if !seen || a.Platform != e.last {
			e.prev, e.last = e.last, a.Platform
		}
		ix.byID[a.ID] = e
	}
	return ix
}

// named resolves a target that names its account.
func (ix *accountIndex) named(t Target, path string) (Account, *apierror.Error) {
	e, ok := ix.byID[t.AccountID]
	if pi := t.Platform.index(); ok && pi >= 0 && e.mask&(1<<pi) != 0 {
		return Account{Platform: t.Platform, ID: t.AccountID}, nil
	}
	other := e.last
	if other == t.Platform {
		other = e.prev
	}
	if ok && other != "" {
		return Account{}, apierror.New(apierror.CodeAccountPlatformMismatch, path,
			"account "+quote(t.AccountID)+" is a "+string(other)+" account, not a "+string(t.Platform)+" account")
	}
	return Account{}, apierror.New(apierror.CodeAccountNotFound, path,
		"no connected "+string(t.Platform)+" account has id "+quote(t.AccountID))
}

// single resolves a target without accountId to its platform's only account.
func (ix *accountIndex) single(p Platform, path string) (Account, *apierror.Error) {
	pi := p.index()
	ids := ix.byPlatform[pi]
	switch len(ids) {
	case 0:
		return Account{}, apierror.New(apierror.CodeNoConnectedAccount, path,
			"no "+string(p)+" account is connected; connect one or name an accountId")
	case 1:
		return Account{Platform: p, ID: ids[0]}, nil
	}
	if ix.ambiguous[pi] == "" {
		var b strings.Builder
		b.WriteString(strconv.Itoa(len(ids)) + " " + string(p) + " accounts are connected; name one with accountId: ")
		for i, id := range ids {
			if i > 0 {
				b.WriteString(", ")
			}
			b.WriteString(quote(id))
		}
		ix.ambiguous[pi] = b.String()
	}
	return Account{}, apierror.New(apierror.CodeAmbiguousAccount, path, ix.ambiguous[pi])
}
