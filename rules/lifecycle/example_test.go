package lifecycle_test

import (
	"fmt"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
)

func ExampleAggregate() {
	s, _ := lifecycle.Aggregate([]lifecycle.Outcome{
		{Platform: rules.LinkedIn, State: lifecycle.TargetPublished},
		{Platform: rules.Twitter, State: lifecycle.TargetFailed, Code: apierror.CodeXPostLimitReached, Error: "daily limit"},
	})
	fmt.Println(s.Status, s.Success)
	// Output: partial true
}

func ExampleBeginDraftPublish() {
	state, _ := lifecycle.BeginDraftPublish(lifecycle.DraftSaved)
	fmt.Println(state)
	_, err := lifecycle.BeginDraftPublish(state) // a second click while the first is publishing
	fmt.Println(apierror.As(err).HTTPStatus, apierror.As(err).Code)
	state, _ = lifecycle.FinishDraftPublish(state, true)
	fmt.Println(state)
	// Output:
	// publishing
	// 409 draft_already_publishing
	// deleted
}

func ExampleFinishDraftPublish() {
	state, _ := lifecycle.BeginDraftPublish(lifecycle.DraftSaved)
	state, _ = lifecycle.FinishDraftPublish(state, false) // the platforms refused it
	fmt.Println(state)                                    // kept, so the user can fix it
	// Output: saved
}
