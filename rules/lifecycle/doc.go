// Package lifecycle is what happens to a post after the rule book accepted it: the
// status the API reports for a post from the outcomes of its targets ([Aggregate]), and
// the publish transitions of a saved draft ([BeginDraftPublish], [FinishDraftPublish]).
//
// The task it solves: a publish worker has tried every target of a post and must tell the
// caller one status. Twitter refused with x_post_limit_reached, LinkedIn and Bluesky
// published: the post is partial, and a success. A second click on "publish" while a
// draft is publishing must be 409, not a second post.
//
// Errors are *apierror.Error values, like every check of postrules.
package lifecycle
