package generate

import (
	"github.com/postrules/postrules/rules/apierror"
)

// bodyOnly are the generators whose case is about the publish request itself (when to
// publish, in what zone) or breaks a value a stored draft's members are never read for:
// a draft publish cannot carry them in its stored draft.
var bodyOnly = map[string]bool{
	string(apierror.CodeInvalidScheduledFor): true, string(apierror.CodeScheduledInPast): true,
	string(apierror.CodeInvalidTimezone): true, string(apierror.CodePublishModeConflict): true,
	string(apierror.CodeWrongType): true, string(apierror.CodeDuplicateField): true,
	string(apierror.CodeInvalidString): true, string(apierror.CodeInvalidUTF8): true,
	string(apierror.CodeValidationFailed): true,
}

// asDraft moves a create-post case into a draft publish: the case's body becomes the
// stored draft (its own publishNow and scheduledFor are not read), and the publish body
// publishes now or at a drawn time after the clock. A refusal's problem is then the stored
// draft's (In "draft", the same pointer), but a plan's, which is no document's. ok is false
// for a case about the publish request itself (bodyOnly).
func asDraft(d *draws, c *Case) (*Case, bool) {
	if c.Endpoint != EndpointCreatePost {
		return c, true
	}
	if bodyOnly[c.Generator] {
		return nil, false
	}
	body := obj{{"publishNow", true}}
	if d.flag() {
		body = obj{{"scheduledFor", validScheduled(d, c.Now)}}
	}
	c.Endpoint, c.Draft, c.Body = EndpointDraftPublish, c.Body, bytesOf(body)
	if c.Generator == Valid {
		c.Generator = ValidDraft
	}
	switch c.Expect.HTTPStatus {
	case 402, 403:
	default:
		if !c.Expect.Valid || c.Expect.Rule != "" {
			c.Expect.In = "draft"
		}
	}
	return c, true
}
