package rules

import "github.com/postrules/postrules/rules/apierror"

// The text pass of CheckPost for one target, as the tests of rule T1 call it.

// checkTargetErrors is one target of CheckPost's text pass, without the warnings.
func (l Limits) checkTargetErrors(t targetText) ([]PostCheck, []*apierror.Error) {
	c := l.checkTargetAll(t)
	return c.Posts, c.Errors
}

// checkTargetAll is one target of CheckPost's text pass, with the warnings, on its own.
func (l Limits) checkTargetAll(t targetText) TargetCheck { return l.checkTarget(t, nil) }
