package rules

// Remedy is the kind of mechanical remedy a rule's problem has, declared with the rule in
// its book file (rules/book_<platform>.go), so that package schema/fix, which computes the
// remedy as a JSON Patch, names no rule: it reads Rule.Remedy and acts on the value the
// problem's pointer names. RemedyNone is every rule whose problem has no remedy that is
// mechanical and means one thing only (a missing image, a deprecated enum value with no
// single replacement).
type Remedy uint8

// The remedies.
const (
	// RemedyNone: no mechanical remedy.
	RemedyNone Remedy = iota
	// RemedyThread: the post over its cap becomes a thread (package rules/split), the
	// first part in its place and the others as thread items right after it.
	RemedyThread
	// RemedyShorten: the text over its cap is cut at the last sentence or word boundary
	// before its overflow.
	RemedyShorten
	// RemedyEscape: LinkedIn's reserved characters get a backslash each
	// (EscapeLittleText).
	RemedyEscape
	// RemedyRemoveChars: the characters the rule refuses (Rule.Forbidden) are removed.
	RemedyRemoveChars
	// RemedyKeepFirst: a list past its count keeps its first Limit entries.
	RemedyKeepFirst
	// RemedyDropCounted: the items past the rule's count (hashtags, @mentions, $cashtags;
	// Rule.Counted) are removed from the text, each with one adjacent space.
	RemedyDropCounted
)

// Remedy is the kind of mechanical remedy of r's problems, RemedyNone when they have none.
func (r Rule) Remedy() Remedy { return r.remedy }

// Forbidden is the set of ASCII characters r refuses in its text ("<>" for YouTube's
// title and description), "" for a rule that refuses no character.
func (r Rule) Forbidden() string { return r.forbid }
