package rules

import "testing"

func TestAggregateTable(t *testing.T) {
	pub := func(p Platform) Outcome { return Outcome{Platform: p, State: TargetPublished} }
	fail := func(p Platform, c Code) Outcome {
		return Outcome{Platform: p, State: TargetFailed, Error: "failed", Code: c}
	}
	pend := func(p Platform) Outcome { return Outcome{Platform: p, State: TargetPending} }
	tests := []struct {
		name     string
		outcomes []Outcome
		want     Summary
	}{
		{"one published", []Outcome{pub(Twitter)}, Summary{PostPublished, true}},
		{"all published", []Outcome{pub(Twitter), pub(LinkedIn)}, Summary{PostPublished, true}},
		{"one failed: success false only when all failed", []Outcome{fail(Twitter, "")}, Summary{PostFailed, false}},
		{"all failed", []Outcome{fail(Twitter, CodeXPostLimitReached), fail(Bluesky, CodePlatformError)}, Summary{PostFailed, false}},
		{"mixed is partial and still a success", []Outcome{pub(LinkedIn), fail(Twitter, CodeXPostLimitReached)}, Summary{PostPartial, true}},
		{"x_post_limit_reached fails twitter only", []Outcome{fail(Twitter, CodeXPostLimitReached), pub(Threads), pub(Bluesky)}, Summary{PostPartial, true}},
		{"pending wins over published", []Outcome{pub(Twitter), pend(Facebook)}, Summary{PostPending, true}},
		{"pending wins over failed: the fallback reports success", []Outcome{fail(Twitter, ""), pend(Facebook)}, Summary{PostPending, true}},
		{"all pending", []Outcome{pend(YouTube)}, Summary{PostPending, true}},
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
		code     Code
		path     string
	}{
		{"empty input has no status", nil, CodeInvalidRequest, ""},
		{"unknown state", []Outcome{{Platform: Twitter, State: TargetPublished}, {Platform: Twitter, State: "done"}}, CodeInvalidValue, "/1/state"},
		{"state is case-sensitive", []Outcome{{Platform: Twitter, State: "Published"}}, CodeInvalidValue, "/0/state"},
		{"unknown platform", []Outcome{{Platform: "orkut", State: TargetPublished}}, CodeUnknownPlatform, "/0/platform"},
	}
	for _, tt := range tests {
		_, err := Aggregate(tt.outcomes)
		e := AsError(err)
		if e == nil || e.Code != tt.code || e.Path != tt.path || e.HTTPStatus != 400 {
			t.Errorf("%s: err = %v, want %s at %q", tt.name, err, tt.code, tt.path)
		}
	}
}
