package rules

import (
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
	"github.com/postrules/postrules/rules/apierror"
)

// naiveResolve is the plain reading of rule 3 of docs/design.md, one scan of the connected list per
// target: O(targets x accounts^2), far too slow for a server, but easy to check by eye. The
// indexed ResolveTargets must agree with it on every input.
func naiveResolve(targets []Target, connected []Account) ([]Account, []*apierror.Error) {
	result := make([]Account, len(targets))
	var problems []*apierror.Error
	firstUse := map[Account]int{}
	for i, t := range targets {
		base := "/platforms/" + strconv.Itoa(i)
		if !t.Platform.Valid() {
			problems = append(problems, apierror.New(apierror.CodeUnknownPlatform, base+"/platform",
				"platform "+quote(string(t.Platform))+" is not one of the ten supported platforms"))
			continue
		}
		var acct Account
		var err *apierror.Error
		path := base + "/platform"
		if t.AccountID != "" {
			path = base + "/accountId"
			var other Platform
			found := false
			for _, a := range connected {
				if a.ID != t.AccountID {
					continue
				}
				if a.Platform == t.Platform {
					acct, found = a, true
					break
				}
				other = a.Platform
			}
			switch {
			case found:
			case other != "":
				err = apierror.New(apierror.CodeAccountPlatformMismatch, path, "account "+quote(t.AccountID)+" is a "+string(other)+" account, not a "+string(t.Platform)+" account")
			default:
				err = apierror.New(apierror.CodeAccountNotFound, path, "no connected "+string(t.Platform)+" account has id "+quote(t.AccountID))
			}
		} else {
			var ids []string
			for _, a := range connected {
				dup := false
				for _, id := range ids {
					dup = dup || id == a.ID
				}
				if a.Platform == t.Platform && !dup {
					ids = append(ids, a.ID)
				}
			}
			switch len(ids) {
			case 0:
				err = apierror.New(apierror.CodeNoConnectedAccount, path, "no "+string(t.Platform)+" account is connected; connect one or name an accountId")
			case 1:
				acct = Account{t.Platform, ids[0]}
			default:
				q := make([]string, len(ids))
				for k, id := range ids {
					q[k] = quote(id)
				}
				err = apierror.New(apierror.CodeAmbiguousAccount, path, strconv.Itoa(len(ids))+" "+string(t.Platform)+" accounts are connected; name one with accountId: "+strings.Join(q, ", "))
			}
		}
		if err != nil {
			problems = append(problems, err)
			continue
		}
		if j, dup := firstUse[acct]; dup {
			problems = append(problems, apierror.New(apierror.CodeDuplicateTarget, path,
				"targets "+strconv.Itoa(j)+" and "+strconv.Itoa(i)+" both publish to "+string(acct.Platform)+" account "+quote(acct.ID)))
			continue
		}
		firstUse[acct] = i
		result[i] = acct
	}
	return result, problems
}

// A few platforms (one of them not a platform at all) and a few ids, so that random lists
// collide often: the same id on two platforms, an account listed twice, ambiguity.
func genSmallPlatform() gopter.Gen {
	return gen.OneConstOf(Twitter, Bluesky, LinkedIn, Platform("twiter"), Platform(""))
}

func genSmallID() gopter.Gen { return gen.OneConstOf("", "a", "b", "c") }

func TestResolveTargetsMatchesTheNaiveReading(t *testing.T) {
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = 2000
	properties := gopter.NewProperties(params)
	genAccount := gopter.CombineGens(genSmallPlatform(), genSmallID()).Map(func(v []interface{}) Account {
		return Account{v[0].(Platform), v[1].(string)}
	})
	genTarget := gopter.CombineGens(genSmallPlatform(), genSmallID()).Map(func(v []interface{}) Target {
		return Target{v[0].(Platform), v[1].(string)}
	})
	properties.Property("indexed resolution gives the naive answer, problem for problem", prop.ForAll(
		func(targets []Target, connected []Account) bool {
			got, gotErrs := ResolveTargets(targets, connected)
			want, wantErrs := naiveResolve(targets, connected)
			return reflect.DeepEqual(got, want) && reflect.DeepEqual(gotErrs, wantErrs)
		},
		gen.SliceOf(genTarget), gen.SliceOf(genAccount),
	))
	properties.TestingRun(t)
}
