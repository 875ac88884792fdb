package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// The checks of a decoded create-post document after its shape (shape.go) and publish
// mode (schedule.go), and before its targets' posts go into the verdict (targets.go).
// Each returns what it found as values, or appends it to the findings it is handed; the
// document keeps them when all are done (problems.go). A request passes through them
// once: that every target has something to post (rule no_content), the wire format of
// each target's options (optionformats.go), the rule book's one pass over its view of the
// post (book.go), the media files that could not be fetched, and those whose facts the
// caller gave (media.go).
//
// Rules that relate several fields are plain Go rather than validator struct-level
// functions because each must know which fields the decoder already rejected: a request
// with "publishNow": "yes" has one problem (wrong_type), not a second one claiming that
// neither publishNow nor scheduledFor was given.

// checkPost applies the checks of a create-post shaped document after its shape and
// publish mode, appends what they found to f and returns the book's text verdicts by
// target (runBook). The document's own checks come first: that every target (and thread
// item) has something to post (rule no_content) and the wire format of each target's
// options. Then the rule book's checks of media and options (the shared media of all
// twitter targets are judged once, one problem at /mediaItems however many there are, so
// the cost stays linear in the body), and the media files whose facts the caller gave
// (judgeMedia). The problems are listed in the order the API has always given them
// (no_content of the targets, the book, no_content of thread items and the option
// formats by target, the media), which decides the maxProblems kept. privacy is as for
// runBook.
func checkPost(f *findings, broken *brokenSet, p *CreatePost, env Env, privacy [][]string) []*rules.TargetCheck {
	var small [8]targetAt // most posts have few targets: no allocation for their places
	at := targetsAt(small[:0], broken, p)
	var content, items []foundProblem
	for i := range p.Platforms {
		t := &p.Platforms[i]
		if !at[i].read {
			continue
		}
		if e := checkContent(broken, p, t, at[i].base); e != nil {
			content = append(content, foundProblem{err: e, target: -1})
		}
		opts := at[i].base + "/platformSpecificData"
		if t.Platform == rules.Twitter {
			if t.Twitter != nil {
				items = checkThreadItems(items, broken, t.Twitter, opts)
			}
		} else if !broken.near(opts) {
			for _, e := range formatProblems(t, opts) {
				items = append(items, foundProblem{err: e, target: -1})
			}
		}
	}
	f.problems = append(f.problems, content...)
	texts := runBook(f, broken, p, at, env.Limits, privacy)
	f.problems = append(f.problems, items...)
	judgeMedia(f, broken, p, at, env.Media, env.MediaErrors)
	return texts
}

// targetAt is where a target of "platforms" is: its pointer (/platforms/i), and whether
// the checks read it (the decoder did not reject its value).
type targetAt struct {
	base string
	read bool
}

// targetsAt appends to at where each target of p is, built once for every check that
// asks.
func targetsAt(at []targetAt, broken *brokenSet, p *CreatePost) []targetAt {
	if cap(at)-len(at) < len(p.Platforms) {
		at = make([]targetAt, 0, len(at)+len(p.Platforms))
	}
	for i := range p.Platforms {
		base := "/platforms/" + strconv.Itoa(i)
		at = append(at, targetAt{base: base, read: !broken.has(base)})
	}
	return at
}

// checkContent is rule no_content: every target has something to post. Its text is its
// content override when given (even ""), else the shared content; blank text (only white
// space) is no text. Shared media count for every target. Violation: 400 no_content at
// /platforms/i (base); nil when there is something to post.
func checkContent(broken *brokenSet, p *CreatePost, t *PlatformTarget, base string) *apierror.Error {
	if broken.near("/content") || broken.near(base+"/content") || broken.near("/mediaItems") {
		return nil
	}
	text := p.Content
	if t.Content != nil {
		text = *t.Content
	}
	if strings.TrimSpace(text) != "" || len(p.MediaItems) > 0 {
		return nil
	}
	var msg string
	switch {
	case t.Content != nil:
		msg = "this target's content is empty and the post has no media: there is nothing to post"
	case p.Content != "":
		msg = "the shared content is blank and the post has no media: there is nothing to post"
	default:
		msg = "there is nothing to post: give the shared content, this target's own content, or media"
	}
	return apierror.New(apierror.CodeNoContent, base, msg)
}

// checkThreadItems is rule no_content for the thread items of twitter's
// platformSpecificData at base: each has its non-blank content or media. It returns out
// with what it finds appended.
func checkThreadItems(out []foundProblem, broken *brokenSet, tw *TwitterOptions, base string) []foundProblem {
	clean := broken.clean()
	for k := range tw.ThreadItems {
		it := &tw.ThreadItems[k]
		if clean && len(it.MediaItems) == 0 && strings.TrimSpace(it.Content) != "" {
			continue // nothing of it can be wrong: skip building its pointer
		}
		ip := base + "/threadItems/" + strconv.Itoa(k)
		if broken.has(ip) {
			continue
		}
		if !broken.near(ip+"/content") && !broken.near(ip+"/mediaItems") &&
			strings.TrimSpace(it.Content) == "" && len(it.MediaItems) == 0 {
			e := apierror.New(apierror.CodeNoContent, ip, "thread item "+strconv.Itoa(k)+" has nothing to post: give its content or media")
			out = append(out, foundProblem{err: e, target: -1})
		}
	}
	return out
}
