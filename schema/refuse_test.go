package schema_test

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema"
)

// Refuse answers options problems exactly as CheckCreatePost answers the same defect in
// an Env built in Go: one options model, one answer, whichever way the options came.
func TestRefuseIsTheEnvsAnswer(t *testing.T) {
	body := []byte(`{"content":"hi","platforms":[{"platform":"twitter"}],"publishNow":true}`)
	for _, tc := range []struct {
		options  string
		accounts []rules.Account
		why      string
	}{
		{`{"accounts":[{"platform":"twitter","accountId":""}]}`, []rules.Account{{Platform: rules.Twitter}}, "an empty accountId"},
		{`{"accounts":[{"platform":"twiter","accountId":"a"}]}`, []rules.Account{{Platform: "twiter", ID: "a"}}, "a misspelt platform"},
		{`{"accounts":[{"platform":"bluesky","accountId":"a"},{"platform":"bluesky","accountId":"a"}]}`,
			[]rules.Account{{Platform: rules.Bluesky, ID: "a"}, {Platform: rules.Bluesky, ID: "a"}}, "an account twice"},
		{`{"accounts":[{"platform":"","accountId":""},{"platform":"x","accountId":"b"}]}`,
			[]rules.Account{{}, {Platform: "x", ID: "b"}}, "several problems: the error body lists them all"},
	} {
		_, ps := schema.DecodeEnv([]byte(tc.options))
		got, _ := json.Marshal(schema.Refuse(ps))
		want, _ := json.Marshal(schema.CheckCreatePost(body, schema.Env{Accounts: tc.accounts}))
		if len(ps) == 0 || string(got) != string(want) {
			t.Errorf("%s:\n Refuse %s\n    Env %s", tc.why, got, want)
		}
	}
}

// No problem to refuse with is the caller's bug: a 500, never a valid verdict.
func TestRefuseNothing(t *testing.T) {
	v := schema.Refuse(nil)
	if v.Valid || v.HTTPStatus != 500 || v.Error == nil || v.Error.Code != apierror.CodeInternal || v.Billable {
		t.Errorf("got %+v", v)
	}
}

// Problems of different statuses are ordered by the verdict's precedence (400 before
// 404, a 5xx before all), and the error body is the first status's.
func TestRefusePrecedence(t *testing.T) {
	v := schema.Refuse([]schema.Problem{
		{Code: apierror.CodeNoConnectedAccount, Message: "none"},
		{Code: apierror.CodeWrongType, Path: "/now", Message: "not a string", In: "options"},
	})
	if v.HTTPStatus != 400 || v.Problems[0].Code != apierror.CodeWrongType || v.Error.In != "options" || v.Error.Path != "/now" {
		t.Errorf("got %+v", v)
	}
	v = schema.Refuse([]schema.Problem{{Code: apierror.CodeWrongType, Path: "/now"}, {Code: apierror.CodeInternal, Message: "bug"}})
	if v.HTTPStatus != 500 || v.Problems[0].Code != apierror.CodeInternal {
		t.Errorf("got %+v", v)
	}
}

func ExampleRefuse() {
	_, problems := schema.DecodeEnv([]byte(`{"accounts":[{"platform":"TWITTER","accountId":"tw-1"}]}`))
	v := schema.Refuse(problems)
	fmt.Println(v.HTTPStatus, v.Error.Code, v.Problems[0].In, v.Problems[0].Path)
	// Output: 400 unknown_platform options /accounts/0/platform
}
