package rules

import (
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestCheckPlan(t *testing.T) {
	tests := []struct {
		name string
		plan Plan
		code apierror.Code // "" = allowed
	}{
		{"zero plan: active, unlimited", Plan{}, ""},
		{"under the post limit", Plan{PostLimit: 10, PostsUsed: 9}, ""},
		{"at the post limit: the next post is refused", Plan{PostLimit: 10, PostsUsed: 10}, apierror.CodePlanLimitReached},
		{"over the post limit", Plan{PostLimit: 10, PostsUsed: 12}, apierror.CodePlanLimitReached},
		{"as many accounts as allowed", Plan{AccountLimit: 3, ConnectedAccounts: 3}, ""},
		{"more accounts than allowed (after a downgrade)", Plan{AccountLimit: 3, ConnectedAccounts: 4}, apierror.CodeAccountLimitReached},
		{"inactive subscription outranks usage", Plan{SubscriptionInactive: true, PostLimit: 1, PostsUsed: 5}, apierror.CodeSubscriptionInactive},
	}
	for _, tt := range tests {
		err := CheckPlan(tt.plan)
		if tt.code == "" {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		e := apierror.As(err)
		if e == nil || e.Code != tt.code || e.HTTPStatus != tt.code.HTTPStatus() {
			t.Errorf("%s: err = %v, want %s", tt.name, err, tt.code)
		}
	}
}

func TestCheckPlanExtras(t *testing.T) {
	e := apierror.As(CheckPlan(Plan{SubscriptionInactive: true, SubscribeURL: "https://example.com/subscribe"}))
	if e.HTTPStatus != 402 || e.SubscribeURL != "https://example.com/subscribe" {
		t.Fatalf("402 must carry subscribeUrl: %+v", e)
	}
	e = apierror.As(CheckPlan(Plan{PostLimit: 100, PostsUsed: 100, ConnectedAccounts: 2}))
	if e.HTTPStatus != 403 || e.PlanLimit != 100 || e.PlanUsed != 100 || e.PlanConnected != 2 {
		t.Fatalf("403 must carry limit/used/connected: %+v", e)
	}
	e = apierror.As(CheckPlan(Plan{AccountLimit: 2, ConnectedAccounts: 5, PostsUsed: 7}))
	if e.HTTPStatus != 403 || e.PlanLimit != 2 || e.PlanUsed != 7 || e.PlanConnected != 5 {
		t.Fatalf("403 must carry limit/used/connected: %+v", e)
	}
}
