package bridge

import (
	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/split"
)

// SplitOptions are split's options as the page gives them: those of [MeasureOptions]
// plus the numbering ("none", "suffix", "prefix"; "" means none).
type SplitOptions struct {
	MeasureOptions
	Numbering string
}

// Split is the JSON answer of [split.Split] for text, byte for byte what `validate
// split --format json` prints for it (without the newline): the faces agree because
// they call the same writer. A bad option is a fault at its name; a text that cannot
// be split (invalid UTF-8, empty, a cluster over the cap) gets the CLI's error code,
// with its offset in UTF-16 code units.
func Split(text string, o SplitOptions) ([]byte, *Fault) {
	lim, opts, f := o.resolve()
	if f != nil {
		return nil, f
	}
	a, err := split.Split(text, lim, opts)
	if err != nil {
		return nil, FaultOf(err, text)
	}
	return a.AppendJSON(make([]byte, 0, 64+len(text)+len(text)/8)), nil
}

// SplitBound is the check Split makes first ([split.Bound]), alone: the fault of a
// bad option or of a text longer than split.MaxPosts full posts, or nil. The wrapper
// asks it of a prefix of a huge text: a prefix over the bound is the whole text's answer.
// It is exported for exports_wasm.go, which only GOOS=js builds: unexported, the native
// build's lint would find no caller.
func SplitBound(text string, o SplitOptions) *Fault {
	lim, _, f := o.resolve()
	if f != nil {
		return f
	}
	if err := split.Bound(text, lim); err != nil {
		return FaultOf(err, text)
	}
	return nil
}

// resolve turns split's options into a limit and split.Options.
func (o SplitOptions) resolve() (rules.Limit, split.Options, *Fault) {
	_, lim, f := o.limit()
	if f != nil {
		return rules.Limit{}, split.Options{}, f
	}
	var opts split.Options
	switch n := split.Numbering(o.Numbering); n {
	case "", split.NumberingNone, split.NumberingSuffix, split.NumberingPrefix:
		opts.Numbering = n
	default:
		return rules.Limit{}, opts, newFault(apierror.CodeInvalidValue, "numbering", "numbering "+strictjson.Quote(o.Numbering)+
			" is not \"none\", \"suffix\" or \"prefix\"")
	}
	return lim, opts, nil
}
