package lifecycle

import (
	"testing"

	"github.com/postrules/postrules/rules/apierror"
)

func TestDraftPublishTransitions(t *testing.T) {
	s, err := BeginDraftPublish(DraftSaved)
	if err != nil || s != DraftPublishing {
		t.Fatalf("saved -> %q, %v; want publishing", s, err)
	}
	if s, err := BeginDraftPublish(""); err != nil || s != DraftPublishing {
		t.Fatalf("the zero state is saved: -> %q, %v", s, err)
	}
	// A second publish while the first is under way must not go through.
	_, err = BeginDraftPublish(DraftPublishing)
	if e := apierror.As(err); e == nil || e.Code != apierror.CodeDraftAlreadyPublishing || e.HTTPStatus != 409 {
		t.Fatalf("publishing twice: %v", err)
	}
	done, err := FinishDraftPublish(DraftPublishing, true)
	if err != nil || done != DraftDeleted {
		t.Fatalf("a successful publish deletes the draft: %q, %v", done, err)
	}
	_, err = BeginDraftPublish(done)
	if e := apierror.As(err); e == nil || e.Code != apierror.CodeDraftNotFound || e.HTTPStatus != 404 {
		t.Fatalf("publishing a deleted draft: %v", err)
	}
	back, err := FinishDraftPublish(DraftPublishing, false)
	if err != nil || back != DraftSaved {
		t.Fatalf("a failed publish keeps the draft: %q, %v", back, err)
	}
	if _, err := FinishDraftPublish(DraftSaved, true); apierror.As(err) == nil {
		t.Fatal("finishing a publish that never began must fail")
	}
	if _, err := BeginDraftPublish("archived"); apierror.As(err) == nil || apierror.As(err).Code != apierror.CodeInvalidValue {
		t.Fatalf("unknown state: %v", err)
	}
}
