package lifecycle

import (
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// TargetState is the final state of one target after a publish attempt.
type TargetState string

// The states a target can end in.
const (
	TargetPublished TargetState = "published"
	TargetFailed    TargetState = "failed"
	// TargetPending is the publish-now timeout fallback: the platform accepted the post but
	// its final state is not known yet. It counts as a success.
	TargetPending TargetState = "pending"
)

// PostStatus is a post's status as the API reports it.
type PostStatus string

// The API's post statuses (the peer's Status enum).
const (
	PostDraft      PostStatus = "draft"
	PostPending    PostStatus = "pending"
	PostScheduled  PostStatus = "scheduled"
	PostPublishing PostStatus = "publishing"
	PostPublished  PostStatus = "published"
	PostFailed     PostStatus = "failed"
	PostPartial    PostStatus = "partial"
)

// Outcome is what happened to one target.
type Outcome struct {
	Platform rules.Platform `json:"platform"`
	State    TargetState    `json:"state"`
	// Error is the platform's human error text when State is failed.
	Error string `json:"error,omitempty"`
	// Code is the machine code of a failure, such as x_post_limit_reached.
	Code apierror.Code `json:"code,omitempty"`
}

// Summary is the post-level answer built from the targets' outcomes.
type Summary struct {
	Status  PostStatus `json:"status"`
	Success bool       `json:"success"`
}

// Aggregate folds per-target outcomes into the post's status (rule 4 of docs/design.md):
//
//	any target pending                  -> pending   (success true)
//	else all published                  -> published (success true)
//	else all failed                     -> failed    (success false)
//	else published and failed mixed     -> partial   (success true)
//
// Success is false only when every target failed. Each outcome stands alone: a twitter
// target failed with x_post_limit_reached fails that target only. The result does not depend
// on the order of the outcomes. An empty list is 400 invalid_request; an unknown state is 400
// invalid_value at "/i/state", and an unknown platform 400 unknown_platform at "/i/platform".
func Aggregate(outcomes []Outcome) (Summary, error) {
	if len(outcomes) == 0 {
		return Summary{}, apierror.New(apierror.CodeInvalidRequest, "", "no outcomes to aggregate: a post has at least one target")
	}
	var published, failed, pending int
	for i, o := range outcomes {
		if !o.Platform.Valid() {
			return Summary{}, apierror.New(apierror.CodeUnknownPlatform, "/"+strconv.Itoa(i)+"/platform",
				"platform "+strictjson.Quote(string(o.Platform))+" is not one of the ten supported platforms")
		}
		switch o.State {
		case TargetPublished:
			published++
		case TargetFailed:
			failed++
		case TargetPending:
			pending++
		default:
			return Summary{}, apierror.New(apierror.CodeInvalidValue, "/"+strconv.Itoa(i)+"/state",
				"state "+strictjson.Quote(string(o.State))+" is not one of published, failed, pending")
		}
	}
	switch {
	case pending > 0:
		return Summary{Status: PostPending, Success: true}, nil
	case failed == 0:
		return Summary{Status: PostPublished, Success: true}, nil
	case published == 0:
		return Summary{Status: PostFailed, Success: false}, nil
	}
	return Summary{Status: PostPartial, Success: true}, nil
}
