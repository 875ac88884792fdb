package schema

import (
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// Connected accounts as JSON (DecodeAccounts, and the "accounts" of the options), and
// the checks of a list of accounts, the same for JSON and for an Env built in Go.

// DecodeAccounts decodes a JSON array of connected accounts, {"platform", "accountId"}
// each, with the checks of DecodeEnv's "accounts": both members present and strings; the
// platform one of the ten, exactly spelled (400 unknown_platform); the accountId not empty
// (400 invalid_value); no account listed twice (400 invalid_value at the later one). The
// result is never nil when there is no problem: [] means nothing is connected.
func DecodeAccounts(data []byte) ([]rules.Account, []Problem) {
	d := newDecoder(data, originOptions)
	var accounts []rules.Account
	if d.topArray(data) {
		accounts = d.accounts()
		d.end()
	}
	return accounts, optionProblems(d)
}

// accounts decodes and checks a list of connected accounts (see DecodeAccounts). The
// values are checked by accountProblems, the same checks CheckCreatePost applies to an
// Env built in Go.
func (d *decoder) accounts() []rules.Account {
	if !d.openArray() {
		return nil
	}
	base := d.pointer()
	out := []rules.Account{}
	var at []int // at[k] is the index in the array of out[k]
	var a array
	for d.nextElem(&a) {
		var r accountRead
		if decodeObject(d, accountTable, &r) && !r.bad && r.given == 3 {
			out = append(out, r.acct)
			at = append(at, a.index)
		}
	}
	bad := map[int]bool{}
	for _, e := range accountProblems(out, at, base) {
		d.broken.mark([]byte(e.Path), "", false)
		if d.listing(len(e.Path)) {
			d.problems = append(d.problems, e.Error)
		}
		bad[e.index] = true
	}
	kept := out[:0]
	for k, acct := range out {
		if !bad[k] {
			kept = append(kept, acct)
		}
	}
	return kept
}

// accountTable is the member table of one connected account.
var accountTable = newTable(
	wireMember[accountRead]{name: "platform", required: true, decode: func(d *decoder, r *accountRead) {
		if s, ok := r.value(d, 1); ok {
			r.acct.Platform = rules.Platform(s)
		}
	}},
	wireMember[accountRead]{name: "accountId", required: true, decode: func(d *decoder, r *accountRead) {
		if s, ok := r.value(d, 2); ok {
			r.acct.ID = s
		}
	}},
)

// accountProblem is a problem of account k of a list.
type accountProblem struct {
	*apierror.Error
	index int
}

// accountProblems checks a list of connected accounts: each platform one of the ten,
// exactly spelled (unknown_platform at .../i/platform), each accountId not empty
// (invalid_value at .../i/accountId), no account listed twice (invalid_value at .../i, the
// later one). at[k] is the index of accounts[k] in its JSON array (nil: k itself); base is
// the array's pointer. Every face checks accounts with it, DecodeEnv and DecodeAccounts on
// decoded JSON and CheckCreatePost on an Env built in Go, so a defect has one code and one
// pointer everywhere.
func accountProblems(accounts []rules.Account, at []int, base string) []accountProblem {
	var out []accountProblem
	first := make(map[rules.Account]int, len(accounts))
	for k, a := range accounts {
		i := k
		if at != nil {
			i = at[k]
		}
		p := base + "/" + strconv.Itoa(i)
		bad := false
		if _, err := rules.ParsePlatform(string(a.Platform)); err != nil {
			e := asProblem(err)
			out = append(out, accountProblem{apierror.New(e.Code, p+"/platform", e.Message), k})
			bad = true
		}
		if a.ID == "" {
			out = append(out, accountProblem{apierror.New(apierror.CodeInvalidValue, p+"/accountId", "the accountId is empty"), k})
			bad = true
		}
		if bad {
			continue
		}
		if j, dup := first[a]; dup {
			out = append(out, accountProblem{apierror.New(apierror.CodeInvalidValue, p, "duplicate account: "+string(a.Platform)+" "+
				quoteName(a.ID)+" is already listed at "+base+"/"+strconv.Itoa(j)+"; list each account once"), k})
			continue
		}
		first[a] = i
	}
	return out
}

// accountRead is one account being decoded: given has bit 1 for platform and 2 for
// accountId once read, bad is set when either had a problem.
type accountRead struct {
	acct  rules.Account
	given uint8
	bad   bool
}

// value reads the string value of the member of bit, or reports that it had a problem.
func (r *accountRead) value(d *decoder, bit uint8) (string, bool) {
	r.given |= bit
	var s string
	if !d.str(&s) || d.broken.has(d.pointer()) {
		r.bad = true
		return "", false
	}
	return s, true
}
