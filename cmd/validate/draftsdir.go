package main

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/postrules/postrules/rules/lifecycle"
)

// Subdirectories of a --drafts DIR. A saved draft is DIR/{id}.json; a draft being
// published has been renamed into claimedDir, and a published one into publishedDir.
const (
	claimedDir   = "claimed"
	publishedDir = "published"
)

// dirDrafts is validate serve's httpapi.DraftStore over a directory that several
// processes may share. A draft is claimed by renaming DIR/{id}.json into DIR/claimed/:
// rename(2) is atomic within one file system, so of concurrent claims, in any number of
// processes, exactly one succeeds and the others find no file. Finish renames the claimed
// file on, into DIR/published/ (published) or back to DIR/{id}.json (saved again). A
// process killed between the two leaves the draft in claimed/, answered 409
// draft_already_publishing until an operator moves it back.
type dirDrafts struct{ dir string }

// newDirDrafts makes the two subdirectories of dir (which must exist) if they are missing.
func newDirDrafts(dir string) (*dirDrafts, error) {
	if _, err := os.ReadDir(dir); err != nil {
		return nil, err
	}
	for _, sub := range []string{claimedDir, publishedDir} {
		if err := os.Mkdir(filepath.Join(dir, sub), 0o755); err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, err
		}
	}
	return &dirDrafts{dir: dir}, nil
}

// draftFileName is id's file name, or "" for an id that is not a plain file name (a path
// separator, a leading dot, a NUL byte or none at all): such a draft cannot exist.
func draftFileName(id string) string {
	if id == "" || id[0] == '.' || len(id) > 200 {
		return ""
	}
	for i := 0; i < len(id); i++ {
		if c := id[i]; c == '/' || c == '\\' || c == 0 {
			return ""
		}
	}
	return id + ".json"
}

// Begin is httpapi.DraftStore.Begin: it claims DIR/{id}.json by renaming it.
func (d *dirDrafts) Begin(ctx context.Context, id string) ([]byte, lifecycle.DraftState, error) {
	name := draftFileName(id)
	if name == "" {
		return nil, lifecycle.DraftDeleted, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, "", err
	}
	saved, claimed := filepath.Join(d.dir, name), filepath.Join(d.dir, claimedDir, name)
	// The rule book judges a draft being published like a saved one (its 400s come before
	// the 409), so a Begin that finds it claimed reads it too. The claim can move on
	// between the failed rename and the read (published, or given back); then the draft
	// is looked at again, a bounded number of times.
	for range beginTries {
		err := os.Rename(saved, claimed)
		if err == nil {
			body, err := os.ReadFile(claimed)
			if err != nil { // the claim stands: give the draft back before failing
				os.Rename(claimed, saved)
				return nil, "", err
			}
			return body, lifecycle.DraftSaved, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
		body, err := os.ReadFile(claimed)
		if err == nil {
			return body, lifecycle.DraftPublishing, nil
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, "", err
		}
		// Neither saved nor claimed: published, never there, or given back just now.
		if _, err := os.Stat(saved); errors.Is(err, fs.ErrNotExist) {
			return nil, lifecycle.DraftDeleted, nil
		}
	}
	return nil, "", errors.New("draft " + id + " kept moving between saved and claimed; try again")
}

// beginTries bounds how often Begin looks at a draft that another process moves as it
// looks: each further try needs that process to finish a whole publish meanwhile.
const beginTries = 4

// Finish is httpapi.DraftStore.Finish: the claimed file moves to published/ or back.
func (d *dirDrafts) Finish(_ context.Context, id string, published bool) error {
	name := draftFileName(id)
	if name == "" {
		return nil
	}
	to := filepath.Join(d.dir, name)
	if published {
		to = filepath.Join(d.dir, publishedDir, name)
	}
	return os.Rename(filepath.Join(d.dir, claimedDir, name), to)
}
