package generate

import (
	"encoding/json"
	"fmt"
	"time"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// The two endpoints a case is a request to.
const (
	EndpointCreatePost   = "create-post"   // POST /api/v2/posts: Body is the request
	EndpointDraftPublish = "draft-publish" // POST /api/v2/drafts/{id}/publish: Body, with Draft stored
)

// Case is one generated request with everything its verdict depends on and the verdict
// the book promises for it.
type Case struct {
	// Generator names the generator that built the case (an entry of Expectations).
	Generator string
	// Endpoint is EndpointCreatePost or EndpointDraftPublish.
	Endpoint string
	// Body is the request body. It is not always JSON: a malformed_json or invalid_utf8
	// case holds exactly the bytes that break.
	Body []byte
	// Draft is the stored draft of a draft publish (create-post shape); nil otherwise.
	Draft []byte
	// Now is the caller's clock.
	Now time.Time
	// Accounts are the connected accounts; nil skips target resolution.
	Accounts []rules.Account
	// DraftState is the stored draft's state ("" for a create).
	DraftState lifecycle.DraftState
	// TikTokPrivacyLevels are the privacy levels TikTok allows per account, when set.
	TikTokPrivacyLevels map[string][]string
	// Media are the facts of the body's media files by URL; nil judges none.
	Media map[string]media.Facts
	// MediaErrors are the media files whose facts could not be had, by URL (the
	// fetcher's failures, Env.MediaErrors); nil when none failed.
	MediaErrors map[string]*apierror.Error
	// Plan is the caller's subscription; the zero value is active and unlimited.
	Plan rules.Plan
	// Expect is what the book answers.
	Expect Expect
	// Choices are the decisions the case was built from: the same builder given them
	// builds the same case.
	Choices Choices
}

// Expect is the answer a case promises: valid, or refused with HTTPStatus, where one of
// the problems has Code, Rule and Path (in the document In names: "" the body, "draft"
// the stored draft) and every problem has Code. A valid promise with a Rule is a
// warning's: the request is accepted and one of its warnings has Code, Rule and Path.
type Expect struct {
	Valid      bool          `json:"valid"`
	HTTPStatus int           `json:"httpStatus"`
	Code       apierror.Code `json:"code,omitempty"`
	Rule       string        `json:"rule,omitempty"`
	Path       string        `json:"path,omitempty"`
	In         string        `json:"in,omitempty"`
}

// Env is the schema.Env the case is checked with.
func (c *Case) Env() schema.Env {
	return schema.Env{Now: c.Now, Accounts: c.Accounts, DraftState: c.DraftState,
		TikTokPrivacyLevels: c.TikTokPrivacyLevels, Media: c.Media, MediaErrors: c.MediaErrors, Plan: c.Plan}
}

// Check is the book's verdict on the case.
func (c *Case) Check() schema.Verdict {
	if c.Endpoint == EndpointDraftPublish {
		return schema.CheckDraftPublish(c.Draft, c.Body, c.Env())
	}
	return schema.CheckCreatePost(c.Body, c.Env())
}

// Keeps reports, as an error that says how, when v breaks the case's promise; nil when it
// keeps it. A valid promise is kept by a valid verdict (warnings allowed). A refusal is
// kept when the verdict is invalid with the promised status, every problem has the
// promised code, and one of them has the promised path, rule and document.
func (c *Case) Keeps(v schema.Verdict) error {
	e := c.Expect
	if e.Valid {
		if !v.Valid {
			return fmt.Errorf("%s: promised valid, got %d with %s", c.Generator, v.HTTPStatus, problemList(v.Problems))
		}
		if e.Rule == "" {
			return nil
		}
		for _, w := range v.Warnings {
			if w.Code == e.Code && w.Rule == e.Rule && w.Path == e.Path && w.In == e.In {
				return nil
			}
		}
		return fmt.Errorf("%s: promised the warning %s %s at %q, got %s", c.Generator, e.Code, e.Rule, e.Path, problemList(v.Warnings))
	}
	if v.Valid {
		return fmt.Errorf("%s: promised %s at %q, got valid", c.Generator, e.Code, e.Path)
	}
	if v.HTTPStatus != e.HTTPStatus {
		return fmt.Errorf("%s: promised status %d (%s), got %d with %s", c.Generator, e.HTTPStatus, e.Code, v.HTTPStatus, problemList(v.Problems))
	}
	if e.Code == apierror.CodeValidationFailed { // several problems, the summary's code
		if v.Error == nil || v.Error.Code != e.Code || len(v.Problems) < 2 {
			return fmt.Errorf("%s: promised several 400 problems, got %s", c.Generator, problemList(v.Problems))
		}
		return nil
	}
	found := false
	for _, p := range v.Problems {
		if p.Code != e.Code {
			return fmt.Errorf("%s: promised only %s, got %s", c.Generator, e.Code, problemList(v.Problems))
		}
		found = found || p.Path == e.Path && p.Rule == e.Rule && p.In == e.In
	}
	if !found {
		return fmt.Errorf("%s: promised %s rule %q at %q (in %q), got %s", c.Generator, e.Code, e.Rule, e.Path, e.In, problemList(v.Problems))
	}
	return nil
}

func problemList(ps []schema.Problem) string {
	b, _ := json.Marshal(ps)
	return string(b)
}
