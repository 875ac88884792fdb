// Package httpapi is the front half of the publishing API's two endpoints for net/http
// servers: POST /api/v2/posts ([CreatePost]) and POST /api/v2/drafts/{draftId}/publish
// ([PublishDraft]).
//
// Every Go server that embeds [schema.CheckCreatePost] writes the same lines around it;
// these handlers are those lines, once. In order, a handler
//
//   - answers 405 method_not_allowed (with Allow: POST) to any method but POST;
//   - reads the API key of "Authorization: Bearer <key>" (RFC 6750 section 2.1) with
//     [ParseBearer] and hands it to the caller's [Options.Authorize], the key's own
//     check, which returns the request's [schema.Env] (connected accounts, plan, limits);
//     401 unauthorized, with WWW-Authenticate: Bearer (RFC 6750 section 3), when it is
//     missing, malformed or refused;
//   - answers 415 unsupported_media_type to a Content-Type other than application/json
//     (RFC 9110 section 15.5.16); no Content-Type is taken as JSON;
//   - reads the body under Env.MaxBodyBytes (schema.DefaultMaxBodyBytes, 1 MiB, when 0):
//     a Content-Length over it is refused before a byte is read, and a body without one
//     is read up to one byte past the limit, never whole; both answer 400 body_too_large
//     as [schema.CheckCreatePost] does for a body of that size;
//   - runs the check once ([schema.CheckCreatePost] or [schema.CheckDraftPublish]) and,
//     when it refuses, writes Verdict.Error with Verdict.HTTPStatus as they are;
//   - when it accepts, calls the caller's [Accepted] handler with the key, the Env and the
//     verdict (Verdict.Post is the decoded request), which publishes and answers.
//
// Nothing here parses a message or reshapes a verdict: every refusal is a
// [schema.Verdict], those found before a check could run built by [schema.Refuse], so
// the body is always the API's error body (docs/contract.md). A draft is published
// exactly once through a [DraftStore]; [MemoryDrafts] is one in memory.
//
// The handlers hold no global state and are safe for concurrent use.
package httpapi

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"mime"
	"net/http"
	"strconv"
	"time"

	"github.com/postrules/postrules/internal/statuswriter"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/lifecycle"
	"github.com/postrules/postrules/schema"
)

// Options are what a handler needs from its server.
type Options struct {
	// Authorize is the API key's own check: key is the token of the Authorization: Bearer
	// header, already well formed. It returns the environment of the key's user (its
	// connected accounts, plan and limits), or an error to refuse the request: a
	// *apierror.Error (normally 401 unauthorized) answers with its code and message, any
	// other error 500 internal_error (its text is not sent). Plans are not refused here:
	// return them in Env.Plan, and the rule book answers 402 and 403 with their extras in
	// its precedence. nil accepts every well-formed key with the zero Env (target
	// resolution skipped).
	Authorize func(r *http.Request, key string) (schema.Env, error)
	// Now is the clock, used when Authorize leaves Env.Now zero; nil is time.Now.
	Now func() time.Time
	// DraftID reads the draft's id from the request for PublishDraft; nil is
	// r.PathValue("draftId"), which http.ServeMux fills from a pattern such as
	// "POST /api/v2/drafts/{draftId}/publish". A router with its own parameters passes
	// its reader (chi.URLParam).
	DraftID func(r *http.Request) string
	// Logger receives what a client is not told: a DraftStore's failures (answered 503
	// service_unavailable without their text). nil is slog.Default().
	Logger *slog.Logger
	// OnVerdict, when set, sees every verdict a handler answers with or hands on, refusals
	// included, before it is written (for metrics and logs). It must not keep v.
	OnVerdict func(r *http.Request, v schema.Verdict)
	// FetchMedia, when set, reads the media URLs of the request (or of the stored draft)
	// before the check, so that their files are judged by each platform's media rules and
	// a URL that cannot be read is a problem at its item's /url (see fetch.go); nil
	// judges only the facts Authorize gives in Env.Media.
	FetchMedia MediaFetcher
}

// Request is an accepted request, as a handler hands it to the caller's [Accepted].
type Request struct {
	// Key is the API key of the Authorization header.
	Key string
	// DraftID is the draft's id; "" for a create.
	DraftID string
	// Env is the environment the verdict was reached in.
	Env schema.Env
	// Verdict is the accepting verdict; Verdict.Post is the post to publish.
	Verdict schema.Verdict
}

// Accepted publishes an accepted request and answers it, e.g. with [WriteAccepted]. For
// a draft publish, an answer with a 2xx status (or none written) counts as published and
// the draft is gone; any other status returns it to saved.
type Accepted func(w http.ResponseWriter, r *http.Request, req Request)

// CreatePost is the handler of POST /api/v2/posts: it checks the request with
// [schema.CheckCreatePost] and answers a refusal itself, or hands an accepted request to
// next. See the package documentation for the order of the checks.
func CreatePost(o Options, next Accepted) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key, env, body, ok := o.front(w, r)
		if !ok {
			return
		}
		env = o.withMedia(r, body, env)
		v := schema.CheckCreatePost(body, env)
		if !o.answer(w, r, v) {
			return
		}
		next(w, r, Request{Key: key, Env: env, Verdict: v})
	})
}

// PublishDraft is the handler of POST /api/v2/drafts/{draftId}/publish: it takes the
// stored draft from drafts (marking it publishing, so that a concurrent publish of the
// same draft answers 409 draft_already_publishing and a later one 404 draft_not_found,
// both from the rule book), checks the request with [schema.CheckDraftPublish], and
// answers a refusal itself or hands an accepted request to next. The draft is published
// exactly once: when next answers 2xx; otherwise it goes back to saved.
func PublishDraft(o Options, drafts DraftStore, next Accepted) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !o.preamble(w, r) {
			return
		}
		key, env, ok := o.authorize(w, r)
		if !ok {
			return
		}
		id := r.PathValue("draftId")
		if o.DraftID != nil {
			id = o.DraftID(r)
		}
		draft, state, err := drafts.Begin(r.Context(), id)
		if err != nil {
			o.logger().Error("draft store: begin", "draftId", id, "err", err.Error())
			o.refuse(w, r, apierror.CodeServiceUnavailable, "the drafts could not be read; try again later")
			return
		}
		published := false
		if state == lifecycle.DraftSaved || state == "" {
			// This request holds the draft; whatever happens next, it lets go of it, even
			// when the client has gone (the request's context is then cancelled).
			ctx := context.WithoutCancel(r.Context())
			defer func() {
				if err := drafts.Finish(ctx, id, published); err != nil {
					o.logger().Error("draft store: finish", "draftId", id, "published", published, "err", err.Error())
				}
			}()
		}
		env.DraftState = state
		var v schema.Verdict
		if st := state; st != lifecycle.DraftSaved && st != "" && st != lifecycle.DraftPublishing {
			// A deleted draft (or a state the store should not have) answers alone, whatever
			// the body: the rule book reads neither the body nor the draft.
			v = schema.CheckDraftPublish(nil, nil, env)
		} else if body, ok := o.body(w, r, env); !ok {
			return
		} else {
			env = o.withMedia(r, draft, env)
			v = schema.CheckDraftPublish(draft, body, env)
		}
		if !o.answer(w, r, v) {
			return
		}
		sw := &statuswriter.Writer{ResponseWriter: w}
		next(sw, r, Request{Key: key, DraftID: id, Env: env, Verdict: v})
		published = sw.Status == 0 || sw.Status/100 == 2
	})
}

// logger is Options.Logger, or slog's default.
func (o Options) logger() *slog.Logger {
	if o.Logger != nil {
		return o.Logger
	}
	return slog.Default()
}

// front runs what comes before a create's check: method, key, content type, body.
func (o Options) front(w http.ResponseWriter, r *http.Request) (string, schema.Env, []byte, bool) {
	if !o.preamble(w, r) {
		return "", schema.Env{}, nil, false
	}
	key, env, ok := o.authorize(w, r)
	if !ok {
		return "", schema.Env{}, nil, false
	}
	body, ok := o.body(w, r, env)
	return key, env, body, ok
}

// preamble answers a method other than POST: 405, before the key is read.
func (o Options) preamble(w http.ResponseWriter, r *http.Request) bool {
	if r.Method != http.MethodPost {
		// RFC 9110 section 15.5.6: a 405 answer carries Allow with the methods the
		// resource answers.
		w.Header().Set("Allow", http.MethodPost)
		o.refuse(w, r, apierror.CodeMethodNotAllowed, r.Method+" is not allowed here; use POST")
		return false
	}
	return true
}

// authorize reads the bearer key, asks Options.Authorize about it, fills the clock, and
// then checks the content type, which only an authorized caller is told about.
func (o Options) authorize(w http.ResponseWriter, r *http.Request) (string, schema.Env, bool) {
	key, err := ParseBearer(r.Header.Get("Authorization"))
	var env schema.Env
	if err == nil && o.Authorize != nil {
		env, err = o.Authorize(r, key)
	}
	if err != nil {
		o.refuseKey(w, r, err)
		return "", env, false
	}
	if env.Now.IsZero() {
		now := time.Now
		if o.Now != nil {
			now = o.Now
		}
		env.Now = now()
	}
	if ct := r.Header.Get("Content-Type"); ct != "" && !isJSON(ct) {
		o.refuse(w, r, apierror.CodeUnsupportedMediaType, "Content-Type "+strconv.Quote(ct)+" is not supported; send application/json (UTF-8)")
		return "", env, false
	}
	return key, env, true
}

// refuseKey answers a key that is missing, malformed or refused by Options.Authorize.
func (o Options) refuseKey(w http.ResponseWriter, r *http.Request, err error) {
	var re *apierror.Error
	if !errors.As(err, &re) {
		o.refuse(w, r, apierror.CodeInternal, "the API key could not be checked; this is the server's fault, not the request's")
		return
	}
	if re.Code == apierror.CodeUnauthorized {
		// RFC 6750 section 3: a 401 names the scheme the resource wants.
		w.Header().Set("WWW-Authenticate", "Bearer")
	}
	o.write(w, r, schema.Refuse([]schema.Problem{{Path: re.Path, Code: re.Code, Message: re.Message, Rule: re.Rule}}))
}

// isJSON reports whether a Content-Type value is application/json, in UTF-8 when it
// names a charset (RFC 8259 section 8.1: JSON between systems is UTF-8).
func isJSON(ct string) bool {
	mt, params, err := mime.ParseMediaType(ct)
	cs, hasCharset := params["charset"]
	return err == nil && mt == "application/json" && (!hasCharset || equalFold(cs, "utf-8"))
}

// equalFold is ASCII case-insensitive equality (charset names are ASCII).
func equalFold(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		x, y := a[i]|0x20, b[i]|0x20
		if x != y {
			return false
		}
	}
	return true
}

// body reads the request body under env's size limit, never more than one byte past it.
func (o Options) body(w http.ResponseWriter, r *http.Request, env schema.Env) ([]byte, bool) {
	limit := env.MaxBodyBytes
	if limit <= 0 {
		limit = schema.DefaultMaxBodyBytes
	}
	if r.ContentLength > int64(limit) {
		// Refused from its length alone: the server closes the connection rather than
		// read a body nobody wants.
		o.refuse(w, r, apierror.CodeBodyTooLarge, tooLarge(strconv.FormatInt(r.ContentLength, 10), limit))
		return nil, false
	}
	body, err := io.ReadAll(io.LimitReader(r.Body, int64(limit)+1))
	if err != nil {
		o.refuse(w, r, apierror.CodeInvalidRequest, "the body could not be read: "+err.Error())
		return nil, false
	}
	if len(body) > limit {
		o.refuse(w, r, apierror.CodeBodyTooLarge, tooLarge("more than "+strconv.Itoa(limit), limit))
		return nil, false
	}
	return body, true
}

// tooLarge is schema's message for a body over the limit (a test holds the two equal).
func tooLarge(size string, limit int) string {
	return "the body is " + size + " bytes; the limit is " + strconv.Itoa(limit) + " bytes"
}

// refuse answers one problem found before a check could run, as schema.Refuse builds it.
func (o Options) refuse(w http.ResponseWriter, r *http.Request, code apierror.Code, message string) {
	o.write(w, r, schema.Refuse([]schema.Problem{{Code: code, Message: message}}))
}

// answer writes v when it refuses and reports whether it accepts.
func (o Options) answer(w http.ResponseWriter, r *http.Request, v schema.Verdict) bool {
	if !v.Valid {
		o.write(w, r, v)
		return false
	}
	if o.OnVerdict != nil {
		o.OnVerdict(r, v)
	}
	return true
}

// write tells OnVerdict about a refusal and writes it.
func (o Options) write(w http.ResponseWriter, r *http.Request, v schema.Verdict) {
	if o.OnVerdict != nil {
		o.OnVerdict(r, v)
	}
	WriteError(w, v)
}

// WriteError writes a refusing verdict as the API answers it: v.HTTPStatus and v.Error
// as JSON (encoding/json without HTML escaping, the bytes of the "error" member of
// `validate post --format json`), followed by a newline. A valid verdict has no error
// body; writing one is a caller's bug, answered 500 internal_error.
func WriteError(w http.ResponseWriter, v schema.Verdict) {
	if v.Valid || v.Error == nil {
		v = schema.Refuse([]schema.Problem{{Code: apierror.CodeInternal, Message: "httpapi.WriteError: the verdict has no error; this is the server's fault, not the request's"}})
	}
	writeJSON(w, v.HTTPStatus, v.Error)
}

// AcceptedBody builds the success body of an accepted verdict: the API's success answer of
// both endpoints (202 for a created post, 200 for a published draft) (schema.DraftPublishResult, as the exported OpenAPI document describes it),
// with success true, the verdict's status and scheduledFor, postID, and one successful
// result per target. It reports false for a verdict that does not accept.
func AcceptedBody(v schema.Verdict, postID string) (schema.DraftPublishResult, bool) {
	if !v.Valid {
		return schema.DraftPublishResult{}, false
	}
	res := schema.DraftPublishResult{Success: true, Status: v.Status, ScheduledFor: v.ScheduledFor, PostID: postID,
		Platforms: make([]schema.PlatformResult, len(v.Targets))}
	for i, t := range v.Targets {
		res.Platforms[i] = schema.PlatformResult{Platform: rules.Platform(t.Platform), Success: true}
	}
	return res, true
}

// WriteAccepted writes the success answer of an accepted verdict: v.HTTPStatus (202 for a
// created post, 200 for a published draft) and
// [AcceptedBody] as JSON. A verdict that does not accept is written as [WriteError] does.
func WriteAccepted(w http.ResponseWriter, v schema.Verdict, postID string) {
	res, ok := AcceptedBody(v, postID)
	if !ok {
		WriteError(w, v)
		return
	}
	writeJSON(w, v.HTTPStatus, res)
}

// BookHeader is the header every answer of the handlers carries: rules.BookVersion, the
// rule book that judged the request, which the API's bodies have no member for.
const BookHeader = "X-Postrules-Book"

// writeJSON writes status and body as JSON the way the CLI does (no HTML escaping).
func writeJSON(w http.ResponseWriter, status int, body any) {
	h := w.Header()
	h.Set(BookHeader, rules.BookVersion)
	h.Set("Content-Type", "application/json")
	h.Set("X-Content-Type-Options", "nosniff")
	b, err := marshal(body)
	if err != nil { // the wire types always marshal; a failure is a bug, still answered
		status, b = http.StatusInternalServerError, []byte(`{"error":"Internal Server Error","code":"internal_error","message":"the answer could not be encoded"}`+"\n")
	}
	h.Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	w.Write(b)
}

// marshal is encoding/json with HTML escaping off and its trailing newline.
func marshal(v any) ([]byte, error) {
	var b bytesBuffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return []byte(b), err
}

// bytesBuffer is the smallest io.Writer over a byte slice.
type bytesBuffer []byte

func (b *bytesBuffer) Write(p []byte) (int, error) { *b = append(*b, p...); return len(p), nil }
