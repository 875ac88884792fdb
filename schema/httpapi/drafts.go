package httpapi

import (
	"sync"

	"github.com/postrules/postrules/rules"
)

// DraftStore holds the saved drafts that [PublishDraft] publishes. Its two methods are the
// draft's life of rules.BeginDraftPublish and rules.FinishDraftPublish, made atomic: of
// concurrent Begins of one saved draft, exactly one sees it saved.
type DraftStore interface {
	// Begin returns the stored draft id (its create-post body) and the state it was in,
	// and, when that state is saved, marks it publishing before it returns. An unknown id
	// is rules.DraftDeleted (404 draft_not_found), and so is a published draft.
	Begin(id string) (draft []byte, state rules.DraftState)
	// Finish ends a publish whose Begin saw the draft saved: published deletes the draft,
	// otherwise it is saved again.
	Finish(id string, published bool)
}

// MemoryDrafts is a [DraftStore] in memory, for a sandbox or a test: a published draft is
// gone for the life of the value. The zero value holds no draft. Safe for concurrent use.
type MemoryDrafts struct {
	mu     sync.Mutex
	drafts map[string]*memoryDraft
}

type memoryDraft struct {
	body  []byte
	state rules.DraftState
}

// NewMemoryDrafts holds drafts (id to stored body), each saved. It keeps the slices, which
// the caller must not change afterwards.
func NewMemoryDrafts(drafts map[string][]byte) *MemoryDrafts {
	m := &MemoryDrafts{drafts: make(map[string]*memoryDraft, len(drafts))}
	for id, b := range drafts {
		m.drafts[id] = &memoryDraft{body: b, state: rules.DraftSaved}
	}
	return m
}

// Begin is DraftStore.Begin: rules.BeginDraftPublish under the store's lock.
func (m *MemoryDrafts) Begin(id string) ([]byte, rules.DraftState) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.drafts[id]
	if !ok {
		return nil, rules.DraftDeleted
	}
	before := d.state
	if next, err := rules.BeginDraftPublish(before); err == nil {
		d.state = next
	}
	return d.body, before
}

// Finish is DraftStore.Finish: rules.FinishDraftPublish under the store's lock; a
// published draft is dropped.
func (m *MemoryDrafts) Finish(id string, published bool) {
	m.mu.Lock()
	defer m.mu.Unlock()
	d, ok := m.drafts[id]
	if !ok {
		return
	}
	next, err := rules.FinishDraftPublish(d.state, published)
	switch {
	case err != nil: // not publishing: a Finish without its Begin changes nothing
	case next == rules.DraftDeleted:
		delete(m.drafts, id)
	default:
		d.state = next
	}
}

// State is the state of draft id now: rules.DraftDeleted when there is none.
func (m *MemoryDrafts) State(id string) rules.DraftState {
	m.mu.Lock()
	defer m.mu.Unlock()
	if d, ok := m.drafts[id]; ok {
		return d.state
	}
	return rules.DraftDeleted
}
