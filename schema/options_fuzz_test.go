package schema

import (
	"encoding/json"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/lifecycle"
)

// requireLocated fails unless each problem that fn gave for data has a code, a message,
// in as its document, and a JSON pointer (or no path).
func requireLocated(t *testing.T, fn, data, in string, problems []Problem) {
	t.Helper()
	for _, e := range problems {
		if e.Code == "" || e.Message == "" || e.In != in || (e.Path != "" && e.Path[0] != '/') {
			t.Fatalf("%s(%q): a problem without code, message, in %q or pointer: %+v", fn, data, in, e)
		}
	}
}

// FuzzDecodeOutcomes checks DecodeOutcomes against encoding/json: whatever it
// accepts, encoding/json decodes to the same outcomes with exactly the same member names;
// whatever it rejects carries a code and a JSON pointer.
func FuzzDecodeOutcomes(f *testing.F) {
	for _, s := range []string{
		`[{"platform":"twitter","state":"published"}]`, `[]`, `[{"State":"x"}]`, `[1]`, `{}`, `[{"platform":"a","state":"b","error":"c","code":"d"}]`,
		`[{"platform":"twitter","state":"failed","state":"published"}]`, `[{"platform":null,"state":"x"}]`, `[`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		got, problems := DecodeOutcomes([]byte(data))
		requireLocated(t, "DecodeOutcomes", data, "outcomes", problems)
		if len(problems) > 0 {
			return
		}
		var want []lifecycle.Outcome
		if err := json.Unmarshal([]byte(data), &want); err != nil {
			t.Fatalf("DecodeOutcomes(%q) accepted what encoding/json rejects: %v", data, err)
		}
		if len(got) != len(want) {
			t.Fatalf("DecodeOutcomes(%q) = %v, encoding/json %v", data, got, want)
		}
		for i := range got {
			if got[i] != want[i] {
				t.Fatalf("DecodeOutcomes(%q)[%d] = %+v, encoding/json %+v", data, i, got[i], want[i])
			}
		}
		var exact []map[string]json.RawMessage
		json.Unmarshal([]byte(data), &exact)
		for _, m := range exact {
			for k := range m {
				switch k {
				case "platform", "state", "error", "code":
				default:
					t.Fatalf("DecodeOutcomes(%q) accepted member %q", data, k)
				}
			}
			if _, ok := m["platform"]; !ok {
				t.Fatalf("DecodeOutcomes(%q) accepted an outcome without platform", data)
			}
		}
	})
}

// FuzzDecodeAccounts checks DecodeAccounts, which reads the CLI's --accounts file, against
// encoding/json: whatever it accepts, encoding/json decodes to the same accounts, each with
// exactly the two members, a platform of the ten, a non-empty id, and none listed twice;
// whatever it rejects carries a code, a message and a pointer into the document.
func FuzzDecodeAccounts(f *testing.F) {
	for _, s := range []string{
		`[{"platform":"twitter","accountId":"tw-1"}]`, `[]`, `[{"Platform":"twitter","accountId":"a"}]`, `{}`, `nope`,
		`[{"platform":"twitter","accountId":"a"},{"platform":"twitter","accountId":"a"}]`, `[{"platform":"twiter","accountId":""}]`,
		`[{"platform":"twitter","accountId":"\ud800"}]`, `[{"platform":"twitter"}]`, `[{"platform":"twitter","accountId":"a","x":1}]`,
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data string) {
		got, problems := DecodeAccounts([]byte(data))
		requireLocated(t, "DecodeAccounts", data, "options", problems)
		if len(problems) > 0 {
			return
		}
		if got == nil {
			t.Fatalf("DecodeAccounts(%q) = nil without a problem; [] means none connected", data)
		}
		var exact []map[string]string
		if err := json.Unmarshal([]byte(data), &exact); err != nil || len(exact) != len(got) {
			t.Fatalf("DecodeAccounts(%q) = %v; encoding/json: %v, %d records", data, got, err, len(exact))
		}
		seen := map[rules.Account]bool{}
		for i, m := range exact {
			want := rules.Account{Platform: rules.Platform(m["platform"]), ID: m["accountId"]}
			if len(m) != 2 || got[i] != want {
				t.Fatalf("DecodeAccounts(%q)[%d] = %+v, encoding/json %v", data, i, got[i], m)
			}
			if _, err := rules.ParsePlatform(string(want.Platform)); err != nil || want.ID == "" || seen[want] {
				t.Fatalf("DecodeAccounts(%q) accepted account %d %+v: bad platform, empty id or listed twice", data, i, want)
			}
			seen[want] = true
		}
	})
}
