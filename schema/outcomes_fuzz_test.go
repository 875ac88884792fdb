package schema

import (
	"encoding/json"
	"testing"

	"github.com/postrules/postrules/rules"
)

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
		for _, e := range problems {
			if e.Code == "" || e.Message == "" || e.In != "outcomes" || (e.Path != "" && e.Path[0] != '/') {
				t.Fatalf("DecodeOutcomes(%q): a problem without code, message, in or pointer: %+v", data, e)
			}
		}
		if len(problems) > 0 {
			return
		}
		var want []rules.Outcome
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
