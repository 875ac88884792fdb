package schema

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// The checks of the options' wire format that are no rule of the book (each problem
// without a rule id): the formats the options' declarations state in their `wire` tags
// (rules/book_<platform>.go: enums, URL shapes, whole-number bounds, digits). The rule
// book's own checks of options run in rules.Limits.CheckPost (runBook builds what they
// read).

// formatProblems are the problems of the format of each member of tp in v (a value of
// the options struct) at base.
func (tp *typedPlatform) formatProblems(v reflect.Value, base string) []*apierror.Error {
	var out []*apierror.Error
	for k := range tp.members {
		m := &tp.members[k]
		if m.Check == optionspec.None {
			continue
		}
		path := base + "/" + m.Name
		var e *apierror.Error
		switch dst := v.Field(m.Field).Addr().Interface().(type) {
		case **string:
			e = stringFormat(m, *dst, path)
		case **int:
			e = wholeFormat(*dst, path)
		}
		if e != nil {
			out = append(out, e)
		}
	}
	return out
}

// stringFormat is the problem of value v of member m (a url, digits or an enum), nil
// when it has none.
func stringFormat(m *optionspec.Member, v *string, path string) *apierror.Error {
	if v == nil {
		return nil
	}
	switch m.Check {
	case optionspec.URL:
		if why := mediaURLProblem(*v); why != "" {
			return apierror.New(apierror.CodeInvalidValue, path, strconv.Quote(*v)+why)
		}
	case optionspec.Enum:
		if !slices.Contains(m.Enum, *v) {
			return apierror.New(apierror.CodeInvalidValue, path, strconv.Quote(*v)+" is not one of "+strings.Join(m.Enum, ", "))
		}
	case optionspec.Digits:
		if !strictjson.Digits(*v) {
			return apierror.New(apierror.CodeInvalidValue, path, m.Name+" is "+m.What+", digits such as \"22\", not "+strconv.Quote(*v))
		}
	}
	return nil
}

// wholeFormat is the problem of a number outside 0 to wholeClamp-1, nil when it is
// within. The decoder reads a magnitude of wholeClamp or more as wholeClamp, so such a
// value cannot be passed on as sent: it is refused rather than silently changed (and
// 1e400, which JavaScript reads as Infinity, is refused here as by a JSON Schema
// validator).
func wholeFormat(v *int, path string) *apierror.Error {
	switch {
	case v == nil:
		return nil
	case *v < 0:
		return apierror.New(apierror.CodeInvalidValue, path, "must be 0 or more, not "+strconv.Itoa(*v))
	case *v >= wholeClamp:
		return apierror.New(apierror.CodeInvalidValue, path, "must be less than "+strconv.Itoa(wholeClamp))
	}
	return nil
}

// tiktokPrivacyLevels are TikTok's privacy levels as the book's enum rule on privacyLevel
// declares them: Env.TikTokPrivacyLevels holds no other.
var tiktokPrivacyLevels = optionValues(rules.TikTok, "privacyLevel")

// optionValues are the values the book's enum rule on option member of p allows.
func optionValues(p rules.Platform, member string) []string {
	for _, r := range rules.TextRules() {
		if m, _ := r.Option(); r.Platform == p && m == member {
			if vs := r.Values(); vs != nil {
				return vs
			}
		}
	}
	panic("schema: the rule book has no enum rule on " + string(p) + " " + member)
}
