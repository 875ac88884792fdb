package httpapi

import (
	"context"
	"sync"

	"github.com/postrules/postrules/rules/lifecycle"
)

// DraftStore holds the saved drafts that [PublishDraft] publishes. Its two methods are the
// draft's life of lifecycle.BeginDraftPublish and lifecycle.FinishDraftPublish, made atomic: of
// concurrent Begins of one saved draft, exactly one sees it saved, in this process or in
// any other sharing the store. A store kept in a database takes the request's context (a
// Begin for a client that left is cancelled) and reports its failures: a Begin that returns
// an error answers 503 service_unavailable, and the error is logged, never sent.
type DraftStore interface {
	// Begin returns the stored draft id (its create-post body) and the state it was in,
	// and, when that state is saved, marks it publishing before it returns. An unknown id
	// is lifecycle.DraftDeleted (404 draft_not_found), and so is a published draft. An
	// error means the store could not answer; the draft must then be left as it was.
	Begin(ctx context.Context, id string) (draft []byte, state lifecycle.DraftState, err error)
	// Finish ends a publish whose Begin saw the draft saved: published deletes the draft,
	// otherwise it is saved again. Its context is not cancelled with the request, so that
	// a draft is let go of even when the client has left.
	Finish(ctx context.Context, id string, published bool) error
}

// MemoryDrafts is a [DraftStore] in memory, for a sandbox or a test: a published draft is
// gone for the life of the value. The zero value holds no draft. Safe for concurrent use;
// its methods never fail.
type MemoryDrafts struct {
	mu     sync.Mutex
	drafts map[string]*memoryDraft
}

type memoryDraft struct {
	body  []byte
	state lifecycle.DraftState
}

// NewMemoryDrafts holds drafts (id to stored body), each saved. It keeps the slices, which
// the caller must not change afterwards.
func NewMemoryDrafts(drafts map[string][]byte) *MemoryDrafts {
	m := &MemoryDrafts{drafts: make(map[string]*memoryDraft, len(drafts))}
	for id, b := range drafts {
		m.drafts[id] = &memoryDraft{body: b, state: lifecycle.DraftSaved}
	}
	return m
}

// Begin is DraftStore.Begin: lifecycle.BeginDraftPublish under the store's lock. It
// answers even for a cancelled context: it does no I/O, so nothing would be saved by
// stopping.
func (m *MemoryDrafts) Begin(_ context.Context, id string) ([]byte, lifecycle.DraftState, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.drafts[id]
	if !ok {
		return nil, lifecycle.DraftDeleted, nil
	}
	before := d.state
	if next, err := lifecycle.BeginDraftPublish(before); err == nil {
		d.state = next
	}
	return d.body, before, nil
}

// Finish is DraftStore.Finish: lifecycle.FinishDraftPublish under the store's lock; a
// published draft is dropped.
func (m *MemoryDrafts) Finish(_ context.Context, id string, published bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.drafts[id]
	if !ok {
		return nil
	}
	next, err := lifecycle.FinishDraftPublish(d.state, published)
	switch {
	case err != nil: // not publishing: a Finish without its Begin changes nothing
	case next == lifecycle.DraftDeleted:
		delete(m.drafts, id)
	default:
		d.state = next
	}
	return nil
}

// State is the state of draft id now: lifecycle.DraftDeleted when there is none.
func (m *MemoryDrafts) State(id string) lifecycle.DraftState {
	m.mu.Lock()
	defer m.mu.Unlock()
	if d, ok := m.drafts[id]; ok {
		return d.state
	}
	return lifecycle.DraftDeleted
}
