package schema

import (
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// When a post is published: the publish-mode rule (publishNow or scheduledFor) and the
// scheduled time, judged in one call into package rules.

// checkPublishMode is the publish-mode rule: exactly one of publishNow true or scheduledFor.
// Both, or neither, is 400 publish_mode_conflict at /publishNow. publishNow false with
// scheduledFor is a scheduled post; publishNow false alone is "neither". On draft publish
// the message uses the peer's words: publishNow is required when scheduledFor is omitted.
// broken is what the decoder rejected; nil when the mode is right.
func checkPublishMode(broken *brokenSet, publishNow bool, scheduledFor *string, draftPublish bool) *apierror.Error {
	if broken.near("/publishNow") || broken.near("/scheduledFor") {
		return nil
	}
	var msg string
	switch {
	case publishNow && scheduledFor != nil:
		msg = "publishNow is true and scheduledFor is given: give one, publishNow true to publish now or scheduledFor to schedule"
	case !publishNow && scheduledFor == nil && draftPublish:
		msg = "publishNow is required when scheduledFor is omitted: give publishNow true to publish now, or scheduledFor to schedule"
	case !publishNow && scheduledFor == nil:
		msg = "neither publishNow true nor scheduledFor is given: give publishNow true to publish now, or scheduledFor to schedule"
	default:
		return nil
	}
	return apierror.New(apierror.CodePublishModeConflict, "/publishNow", msg)
}

// when judges when a request publishes: it returns the problem of its publish mode
// (checkPublishMode) and that of its scheduledFor s, judged in one call
// (rules.JudgeScheduledFor: the one time it is parsed, as the shape check leaves it here,
// and after Env.Now), at /scheduledFor; nil for none, and no judgement of a value the
// decoder rejected. The scheduled time goes to c.scheduled.
func (c *check) when(broken *brokenSet, publishNow bool, s *string, draftPublish bool) (mode, at *apierror.Error) {
	mode = checkPublishMode(broken, publishNow, s, draftPublish)
	if s == nil || broken.near("/scheduledFor") {
		return mode, nil
	}
	sc, err := rules.JudgeScheduledFor(*s, c.env.Now)
	c.scheduled = sc
	if err != nil {
		at = asProblem(err).WithPath("/scheduledFor")
	}
	return mode, at
}
