package schema_test

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/postrules/postrules/schema"
)

func TestReportKeys(t *testing.T) {
	// The Report's keys are the CLI's contract (issue 4): exactly these, in this order,
	// with httpStatus only on an invalid verdict.
	now := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	valid := schema.CheckCreatePost([]byte(`{"content":"hi","platforms":[{"platform":"twitter"}],"publishNow":true}`), schema.Env{Now: now})
	invalid := schema.CheckCreatePost([]byte(`{"content":"hi","platforms":[{"platform":"twitter"}]}`), schema.Env{Now: now})
	for _, tc := range []struct {
		v    schema.Verdict
		want string
	}{
		{valid, `{"valid":true,"error":null,"problems":[],"billable":true,"targets":[{"platform":"twitter","accountId":"","posts":[{"path":"/content","length":2,"cap":280,"rule":"twitter.text.max_weighted"}]}]}`},
		{invalid, `{"valid":false,"httpStatus":400,"error":{`},
	} {
		b, err := json.Marshal(tc.v.Report())
		if err != nil || !strings.HasPrefix(string(b), tc.want) {
			t.Errorf("Report JSON = %s, %v; want prefix %s", b, err, tc.want)
		}
	}
	r := invalid.Report()
	if len(r.Problems) != 1 || r.Problems[0].Code != "publish_mode_conflict" || r.Problems[0].Path != "/publishNow" {
		t.Fatalf("problems = %+v", r.Problems)
	}
}

func ExampleVerdict_Report() {
	v := schema.CheckCreatePost([]byte(`{"content":"hello","platforms":[{"platform":"bluesky"}],"publishNow":true}`), schema.Env{})
	b, _ := json.Marshal(v.Report())
	fmt.Println(string(b))
	// Output: {"valid":true,"error":null,"problems":[],"billable":true,"targets":[{"platform":"bluesky","accountId":"","posts":[{"path":"/content","length":5,"cap":300,"rule":"bluesky.text.max_graphemes"}]}]}
}
