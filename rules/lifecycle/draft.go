package lifecycle

import (
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// DraftState is where a saved draft is in its life. The zero value is DraftSaved.
type DraftState string

// The states of a draft.
const (
	DraftSaved      DraftState = "saved"
	DraftPublishing DraftState = "publishing"
	// DraftDeleted is where a draft ends once it is published: the post replaces it.
	DraftDeleted DraftState = "deleted"
)

// BeginDraftPublish starts publishing a draft: a saved draft becomes publishing. A draft that
// is already publishing is 409 draft_already_publishing, so a double click or a retried
// request cannot publish it twice; a deleted (already published) draft is 404 draft_not_found.
func BeginDraftPublish(s DraftState) (DraftState, error) {
	switch s {
	case DraftSaved, "":
		return DraftPublishing, nil
	case DraftPublishing:
		return s, apierror.New(apierror.CodeDraftAlreadyPublishing, "", "this draft is already being published")
	case DraftDeleted:
		return s, apierror.New(apierror.CodeDraftNotFound, "", "this draft no longer exists; it was published")
	}
	return s, apierror.New(apierror.CodeInvalidValue, "", "draft state "+strictjson.Quote(string(s))+" is not one of saved, publishing, deleted")
}

// FinishDraftPublish ends a publish that BeginDraftPublish started: a successful publish
// deletes the draft (the post now stands for it); a failed one returns it to saved so the
// user can fix it and try again. Only a publishing draft can finish; any other state is a
// caller's bookkeeping error, reported as 400 invalid_value.
func FinishDraftPublish(s DraftState, published bool) (DraftState, error) {
	if s != DraftPublishing {
		return s, apierror.New(apierror.CodeInvalidValue, "", "draft state "+strictjson.Quote(string(s))+" is not publishing; only a publishing draft can finish")
	}
	if published {
		return DraftDeleted, nil
	}
	return DraftSaved, nil
}
