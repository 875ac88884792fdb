package schema

import (
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/optionspec"
)

// The checks of the options' wire format that are no rule of the book (each problem
// without a rule id): the formats the options' declarations state in their `wire` tags
// (rules/book_<platform>.go: enums, URL shapes, whole-number bounds, digits). The rule
// book's own checks of options run in rules.Limits.CheckPost (runBook builds what they
// read).

// checkOptionShapes applies the wire format's checks to the platformSpecificData of
// target t at base: each member's format as its declaration states it (the `wire` tags
// of rules/book_<platform>.go, package optionspec), in the order the members are declared.
func (d *doc) checkOptionShapes(t *PlatformTarget, base string) {
	opts := base + "/platformSpecificData"
	if d.brokenNear(opts) {
		return
	}
	tp := typedPlatformOf(t.Platform)
	if tp == nil {
		return
	}
	if v := tp.value(t); !v.IsNil() {
		d.checkFormats(tp, v.Elem(), opts)
	}
}

// checkFormats applies the format of each member of tp to its value in opts (a value of
// the options struct) at opts path base.
func (d *doc) checkFormats(tp *typedPlatform, v reflect.Value, base string) {
	for k := range tp.members {
		m := &tp.members[k]
		if m.Check == optionspec.None {
			continue
		}
		path := base + "/" + m.Name
		switch dst := v.Field(m.Field).Addr().Interface().(type) {
		case **string:
			d.optionString(m, *dst, path)
		case **int:
			d.nonNegative(*dst, path)
		}
	}
}

// optionString applies the format of member m (a url, digits or an enum) to its value v.
func (d *doc) optionString(m *optionspec.Member, v *string, path string) {
	switch m.Check {
	case optionspec.URL:
		d.url(v, path)
	case optionspec.Enum:
		d.enum(v, path, m.Enum...)
	case optionspec.Digits:
		if v != nil && !digits(*v) {
			d.add(d.problem(apierror.CodeInvalidValue, path, m.Name+" is "+m.What+", digits such as \"22\", not "+strconv.Quote(*v)))
		}
	}
}

// tiktokPrivacyLevels are TikTok's privacy levels as the book's enum rule on privacyLevel
// declares them: Env.TikTokPrivacyLevels holds no other.
var tiktokPrivacyLevels = optionValues(rules.TikTok, "privacyLevel")

// optionValues are the values the book's enum rule on option member of p allows.
func optionValues(p rules.Platform, member string) []string {
	for _, r := range rules.Book() {
		if m, _ := r.Option(); r.Platform == p && m == member {
			if vs := r.Values(); vs != nil {
				return vs
			}
		}
	}
	panic("schema: the rule book has no enum rule on " + string(p) + " " + member)
}

// enum reports a value outside its allowed set.
func (d *doc) enum(v *string, path string, allowed ...string) {
	if v == nil || d.brokenNear(path) || slices.Contains(allowed, *v) {
		return
	}
	d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+" is not one of "+strings.Join(allowed, ", ")))
}

// url reports an option that is not an absolute http or https URL (a shape check).
func (d *doc) url(v *string, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	if why := mediaURLProblem(*v); why != "" {
		d.add(d.problem(apierror.CodeInvalidValue, path, strconv.Quote(*v)+why))
	}
}

// nonNegative reports a number outside 0 to wholeClamp-1 (a shape check). The decoder
// reads a magnitude of wholeClamp or more as wholeClamp, so such a value cannot be passed
// on as sent: it is refused rather than silently changed (and 1e400, which JavaScript reads
// as Infinity, is refused here as by a JSON Schema validator).
func (d *doc) nonNegative(v *int, path string) {
	if v == nil || d.brokenNear(path) {
		return
	}
	switch {
	case *v < 0:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be 0 or more, not "+strconv.Itoa(*v)))
	case *v >= wholeClamp:
		d.add(d.problem(apierror.CodeInvalidValue, path, "must be less than "+strconv.Itoa(wholeClamp)))
	}
}

func digits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
