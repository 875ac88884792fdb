package httpapi_test

import (
	"context"
	"database/sql"
	"errors"
	"net/http"

	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema/httpapi"
)

// sqlDrafts is a DraftStore on database/sql, for any driver, over one table:
//
//	CREATE TABLE drafts (id TEXT PRIMARY KEY, body BLOB NOT NULL, state TEXT NOT NULL)
//
// state is lifecycle's "saved" or "publishing". Begin claims a draft with one conditional
// UPDATE, which the database runs atomically: of concurrent Begins, in one process or in
// many, exactly one changes the row, so exactly one sees the draft saved. The placeholders
// are PostgreSQL's ($1); MySQL and SQLite take ?.
type sqlDrafts struct{ db *sql.DB }

func (s sqlDrafts) Begin(ctx context.Context, id string) ([]byte, lifecycle.DraftState, error) {
	res, err := s.db.ExecContext(ctx, `UPDATE drafts SET state = 'publishing' WHERE id = $1 AND state = 'saved'`, id)
	if err != nil {
		return nil, "", err
	}
	claimed, err := res.RowsAffected()
	if err != nil {
		return nil, "", err
	}
	var body []byte
	var state string
	err = s.db.QueryRowContext(ctx, `SELECT body, state FROM drafts WHERE id = $1`, id).Scan(&body, &state)
	switch {
	case errors.Is(err, sql.ErrNoRows): // unknown, or published meanwhile
		return nil, lifecycle.DraftDeleted, nil
	case err != nil:
		if claimed == 1 { // the claim stands; let go of it so the draft is not stuck
			s.Finish(context.WithoutCancel(ctx), id, false)
		}
		return nil, "", err
	case claimed == 1:
		return body, lifecycle.DraftSaved, nil // the state before this Begin
	}
	return body, lifecycle.DraftState(state), nil
}

func (s sqlDrafts) Finish(ctx context.Context, id string, published bool) error {
	q := `UPDATE drafts SET state = 'saved' WHERE id = $1 AND state = 'publishing'`
	if published {
		q = `DELETE FROM drafts WHERE id = $1 AND state = 'publishing'`
	}
	_, err := s.db.ExecContext(ctx, q, id)
	return err
}

// A DraftStore a database holds: the drafts of every replica of a server live in one
// table, and each is published once. (sql.Open needs the driver's import, e.g.
// github.com/jackc/pgx/v5/stdlib for "pgx"; this example compiles without one and is not
// run.)
func Example_sqlDraftStore() {
	db, err := sql.Open("pgx", "postgres://localhost/postrules")
	if err != nil {
		panic(err)
	}
	var store httpapi.DraftStore = sqlDrafts{db: db}
	mux := http.NewServeMux()
	mux.Handle("POST /api/v2/drafts/{draftId}/publish", httpapi.PublishDraft(exampleOptions(), store,
		func(w http.ResponseWriter, r *http.Request, req httpapi.Request) {
			httpapi.WriteAccepted(w, req.Verdict, "post_"+req.DraftID)
		}))
	http.ListenAndServe("localhost:8080", mux)
}
