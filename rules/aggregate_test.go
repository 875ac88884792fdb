package rules

import "testing"

func TestAggregateTable(t *testing.T) {
	pub := func(p Platform) Outcome { return Outcome{Platform: p, State: StatePublished} }
	fail := func(p Platform, c Code) Outcome {
		return Outcome{Platform: p, State: StateFailed, Error: "failed", Code: c}
	}
	pend := func(p Platform) Outcome { return Outcome{Platform: p, State: StatePending} }
	tests := []struct {
		name     string
		outcomes []Outcome
		want     Summary
	}{
		{"one published", []Outcome{pub(Twitter)}, Summary{StatusPublished, true}},
		{"all published", []Outcome{pub(Twitter), pub(LinkedIn)}, Summary{StatusPublished, true}},
		{"one failed: success false only when all failed", []Outcome{fail(Twitter, "")}, Summary{StatusFailed, false}},
		{"all failed", []Outcome{fail(Twitter, CodeXPostLimitReached), fail(Bluesky, CodePlatformError)}, Summary{StatusFailed, false}},
		{"mixed is partial and still a success", []Outcome{pub(LinkedIn), fail(Twitter, CodeXPostLimitReached)}, Summary{StatusPartial, true}},
		{"x_post_limit_reached fails twitter only", []Outcome{fail(Twitter, CodeXPostLimitReached), pub(Threads), pub(Bluesky)}, Summary{StatusPartial, true}},
		{"pending wins over published", []Outcome{pub(Twitter), pend(Facebook)}, Summary{StatusPending, true}},
		{"pending wins over failed: the fallback reports success", []Outcome{fail(Twitter, ""), pend(Facebook)}, Summary{StatusPending, true}},
		{"all pending", []Outcome{pend(YouTube)}, Summary{StatusPending, true}},
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
		{"unknown state", []Outcome{{Platform: Twitter, State: StatePublished}, {Platform: Twitter, State: "done"}}, CodeInvalidValue, "/1/state"},
		{"state is case-sensitive", []Outcome{{Platform: Twitter, State: "Published"}}, CodeInvalidValue, "/0/state"},
		{"unknown platform", []Outcome{{Platform: "orkut", State: StatePublished}}, CodeUnknownPlatform, "/0/platform"},
	}
	for _, tt := range tests {
		_, err := Aggregate(tt.outcomes)
		e := AsError(err)
		if e == nil || e.Code != tt.code || e.Path != tt.path || e.Status != 400 {
			t.Errorf("%s: err = %v, want %s at %q", tt.name, err, tt.code, tt.path)
		}
	}
}
