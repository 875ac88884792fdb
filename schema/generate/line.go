package generate

import (
	"encoding/base64"
	"encoding/json"
	"sort"
	"unicode/utf8"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/schema"
)

// Line is a case as one JSON line for another language (validate gen): the request's
// exact bytes, the answer the book gives, and the environment to replay it with.
type Line struct {
	Generator string `json:"generator"`
	Endpoint  string `json:"endpoint"`
	// Body is the request body's exact bytes as a string; BodyBase64 instead when they
	// are not UTF-8 (an invalid_utf8 case). A replayer sends these bytes, not a
	// re-encoding of their parse (duplicate names and lone surrogates must survive).
	Body       string `json:"body,omitempty"`
	BodyBase64 string `json:"bodyBase64,omitempty"`
	// Draft is the stored draft's exact bytes (draft-publish only).
	Draft string `json:"draft,omitempty"`
	// Valid, HTTPStatus, Code, Rule, Path, In: the answer (schema.Verdict: valid, its
	// status; for a refusal, every problem has Code and one has Rule and Path in In).
	Valid      bool   `json:"valid"`
	HTTPStatus int    `json:"httpStatus"`
	Code       string `json:"code,omitempty"`
	Rule       string `json:"rule,omitempty"`
	Path       string `json:"path,omitempty"`
	In         string `json:"in,omitempty"`
	// Env is the environment as options JSON (schema.DecodeEnv reads it; so do the WASM
	// module and validate serve's options): now, accounts, draftState, plan,
	// tiktokPrivacyLevels.
	Env json.RawMessage `json:"env"`
	// Media are the facts of the body's media files by URL (validate media's "facts").
	Media map[string]media.Facts `json:"media,omitempty"`
	// MediaErrors are the media files whose facts could not be had, by URL, as the
	// fetcher's error (code and message): a test plays them by making the URL fail so,
	// or, for a probe code, by serving a file the probe does not take.
	MediaErrors map[string]MediaError `json:"mediaErrors,omitempty"`
	// Seed and Index reproduce the line: the Index-th case of its seed.
	Seed  int64 `json:"seed"`
	Index int   `json:"index"`
}

// MediaError is a media file's failure in a Line: its code (one of the five fetch
// codes, or one of the four probe codes of a file that is not media) and message.
type MediaError struct {
	Code    string `json:"code"`
	Message string `json:"message"`
}

// envJSON is the case's Env as options JSON, members in a stable order.
func (c *Case) envJSON() json.RawMessage {
	o := obj{{"now", rules.FormatScheduledFor(c.Now)}}
	if c.Accounts != nil {
		as := make([]obj, len(c.Accounts))
		for i, a := range c.Accounts {
			as[i] = obj{{"platform", string(a.Platform)}, {"accountId", a.ID}}
		}
		o.set("accounts", as)
	}
	if c.DraftState != "" || c.Endpoint == EndpointDraftPublish {
		st := c.DraftState
		if st == "" {
			st = lifecycle.DraftSaved
		}
		o.set("draftState", string(st))
	}
	if len(c.TikTokPrivacyLevels) > 0 {
		ids := make([]string, 0, len(c.TikTokPrivacyLevels))
		for id := range c.TikTokPrivacyLevels {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		lv := obj{}
		for _, id := range ids {
			lv.set(id, c.TikTokPrivacyLevels[id])
		}
		o.set("tiktokPrivacyLevels", lv)
	}
	if c.Plan != (rules.Plan{}) {
		p := obj{}
		if c.Plan.SubscriptionInactive {
			p.set("subscriptionInactive", true)
		}
		if c.Plan.SubscribeURL != "" {
			p.set("subscribeUrl", c.Plan.SubscribeURL)
		}
		for _, n := range []struct {
			name string
			v    int
		}{{"postLimit", c.Plan.PostLimit}, {"postsUsed", c.Plan.PostsUsed}, {"accountLimit", c.Plan.AccountLimit}, {"connectedAccounts", c.Plan.ConnectedAccounts}} {
			if n.v != 0 {
				p.set(n.name, n.v)
			}
		}
		o.set("plan", p)
	}
	return bytesOf(o)
}

// Line is c as a JSON line with the answer of verdict v (c.Check(), which keeps the
// promise: the caller checks with Keeps). seed and index say where it was drawn.
func (c *Case) Line(v schema.Verdict, seed int64, index int) Line {
	l := Line{Generator: c.Generator, Endpoint: c.Endpoint, Draft: string(c.Draft),
		Valid: v.Valid, HTTPStatus: v.HTTPStatus, Code: string(c.Expect.Code), Rule: c.Expect.Rule, Path: c.Expect.Path, In: c.Expect.In,
		Env: c.envJSON(), Media: c.Media, Seed: seed, Index: index}
	for url, e := range c.MediaErrors {
		if l.MediaErrors == nil {
			l.MediaErrors = map[string]MediaError{}
		}
		l.MediaErrors[url] = MediaError{Code: string(e.Code), Message: e.Message}
	}
	if utf8.Valid(c.Body) {
		l.Body = string(c.Body)
	} else {
		l.BodyBase64 = base64.StdEncoding.EncodeToString(c.Body)
	}
	return l
}
