package rules

import (
	"strconv"

	"github.com/postrules/postrules/rules/apierror"
)

// Plan is the caller's subscription and its usage. The zero value is an active subscription
// with no limits, so a caller that does not sell plans can ignore it.
type Plan struct {
	// SubscriptionInactive makes every request 402 subscription_inactive.
	SubscriptionInactive bool
	// SubscribeURL is where the 402 answer sends the user.
	SubscribeURL string
	// PostLimit is the number of posts the plan allows in its period; 0 means unlimited.
	PostLimit int
	// PostsUsed is how many of them are used. At the limit, the next post is refused.
	PostsUsed int
	// AccountLimit is the number of connected accounts the plan allows; 0 means unlimited.
	AccountLimit int
	// ConnectedAccounts is how many are connected now.
	ConnectedAccounts int
}

// CheckPlan decides whether the plan lets a request through: 402 subscription_inactive
// (with SubscribeURL) when the subscription is not active; 403 plan_limit_reached when usage
// is at the post limit; 403 account_limit_reached when more accounts are connected than the
// plan allows (a downgrade can leave a user there). The 403 errors carry Limit, Used and
// Connected. The subscription is checked first: an inactive plan has no usage to speak of.
func CheckPlan(p Plan) error {
	if p.SubscriptionInactive {
		e := apierror.New(apierror.CodeSubscriptionInactive, "", "the subscription is not active; subscribe to publish posts")
		e.SubscribeURL = p.SubscribeURL
		return e
	}
	if p.PostLimit > 0 && p.PostsUsed >= p.PostLimit {
		e := apierror.New(apierror.CodePlanLimitReached, "", "the plan allows "+strconv.Itoa(p.PostLimit)+" posts and "+strconv.Itoa(p.PostsUsed)+" are used")
		e.PlanLimit, e.PlanUsed, e.PlanConnected = p.PostLimit, p.PostsUsed, p.ConnectedAccounts
		return e
	}
	if p.AccountLimit > 0 && p.ConnectedAccounts > p.AccountLimit {
		e := apierror.New(apierror.CodeAccountLimitReached, "", "the plan allows "+strconv.Itoa(p.AccountLimit)+" connected accounts and "+strconv.Itoa(p.ConnectedAccounts)+" are connected")
		e.PlanLimit, e.PlanUsed, e.PlanConnected = p.AccountLimit, p.PostsUsed, p.ConnectedAccounts
		return e
	}
	return nil
}
