package lifecycle

import (
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

func TestAggregateTable(t *testing.T) {
	pub := func(p rules.Platform) Outcome { return Outcome{Platform: p, State: TargetPublished} }
	fail := func(p rules.Platform, c apierror.Code) Outcome {
		return Outcome{Platform: p, State: TargetFailed, Error: "failed", Code: c}
	}
	pend := func(p rules.Platform) Outcome { return Outcome{Platform: p, State: TargetPending} }
	tests := []struct {
		name     string
		outcomes []Outcome
		want     Summary
	}{
		{"one published", []Outcome{pub(rules.Twitter)}, Summary{PostPublished, true}},
		{"all published", []Outcome{pub(rules.Twitter), pub(rules.LinkedIn)}, Summary{PostPublished, true}},
		{"one failed: success false only when all failed", []Outcome{fail(rules.Twitter, "")}, Summary{PostFailed, false}},
		{"all failed", []Outcome{fail(rules.Twitter, apierror.CodeXPostLimitReached), fail(rules.Bluesky, apierror.CodePlatformError)}, Summary{PostFailed, false}},
		{"mixed is partial and still a success", []Outcome{pub(rules.LinkedIn), fail(rules.Twitter, apierror.CodeXPostLimitReached)}, Summary{PostPartial, true}},
		{"x_post_limit_reached fails twitter only", []Outcome{fail(rules.Twitter, apierror.CodeXPostLimitReached), pub(rules.Threads), pub(rules.Bluesky)}, Summary{PostPartial, true}},
		{"pending wins over published", []Outcome{pub(rules.Twitter), pend(rules.Facebook)}, Summary{PostPending, true}},
		{"pending wins over failed: the fallback reports success", []Outcome{fail(rules.Twitter, ""), pend(rules.Facebook)}, Summary{PostPending, true}},
		{"all pending", []Outcome{pend(rules.YouTube)}, Summary{PostPending, true}},
	}
	for _, tt := range tests {
		got, err := Aggregate(tt.outcomes)
		if err != nil || got != tt.want {
			t.Errorf("%s: Aggregate = %+v, %v; want %+v", tt.name, got, err, tt.want)
		}
	}
}

func TestAggregateRejectsBadInput(t *testing.T) {
	tests := []struct {
		name     string
		outcomes []Outcome
		code     apierror.Code
		path     string
	}{
		{"empty input has no status", nil, apierror.CodeInvalidRequest, ""},
		{"unknown state", []Outcome{{Platform: rules.Twitter, State: TargetPublished}, {Platform: rules.Twitter, State: "done"}}, apierror.CodeInvalidValue, "/1/state"},
		{"state is case-sensitive", []Outcome{{Platform: rules.Twitter, State: "Published"}}, apierror.CodeInvalidValue, "/0/state"},
		{"unknown platform", []Outcome{{Platform: "orkut", State: TargetPublished}}, apierror.CodeUnknownPlatform, "/0/platform"},
	}
	for _, tt := range tests {
		_, err := Aggregate(tt.outcomes)
		e := apierror.As(err)
		if e == nil || e.Code != tt.code || e.Path != tt.path || e.HTTPStatus != 400 {
			t.Errorf("%s: err = %v, want %s at %q", tt.name, err, tt.code, tt.path)
		}
	}
}
