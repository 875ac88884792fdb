package main

import (
	"errors"
	"strconv"

	"github.com/postrules/postrules/cmd/validate/internal/jsonloc"
	"github.com/postrules/postrules/schema/fix"
)

// Applying a fix to a file's text in place: each operation edits only the bytes of the
// value it names (or inserts beside its siblings, in their layout), so the rest of the
// file keeps its formatting byte for byte, and the edits are tracked as spans for --diff.

// span is one edited region: doc[oldStart:oldEnd] of the original became
// text[newStart:newEnd] of the result.
type span struct{ oldStart, oldEnd, newStart, newEnd int }

// textPatch is a document being patched, with the spans edited so far (sorted, apart).
type textPatch struct {
	doc   []byte
	spans []span
}

var errNoValue = errors.New("the patch names no value of the file")

// apply applies one operation of a fix.
func (t *textPatch) apply(op fix.Op) error {
	if op.Path == "" || op.Op == "remove" {
		return errNoValue // fixes never remove nor replace the whole body
	}
	cut := len(op.Path) - 1
	for op.Path[cut] != '/' {
		cut--
	}
	parent, last := op.Path[:cut], jsonloc.UnescapeToken(op.Path[cut+1:])
	if op.Op == "replace" {
		start, ok := t.locate(op.Path)
		if !ok {
			return errNoValue
		}
		t.edit(start, jsonloc.ValueEnd(t.doc, start), string(op.Value))
		return nil
	}
	at, ok := t.locate(parent)
	if !ok {
		return errNoValue
	}
	kids := children(t.doc, at)
	if t.doc[at] == '[' {
		k, err := strconv.Atoi(last)
		if err != nil || k > len(kids) {
			return errNoValue
		}
		sep := ", "
		if len(kids) >= 2 {
			sep = string(t.doc[kids[0].end:kids[1].start])
		}
		switch {
		case len(kids) == 0:
			t.edit(at+1, at+1, string(op.Value))
		case k == 0:
			t.edit(kids[0].start, kids[0].start, string(op.Value)+sep)
		default:
			t.edit(kids[k-1].end, kids[k-1].end, sep+string(op.Value))
		}
		return nil
	}
	if t.doc[at] != '{' {
		return errNoValue
	}
	if start, ok := t.locate(op.Path); ok { // "add" of a member that exists replaces it
		t.edit(start, jsonloc.ValueEnd(t.doc, start), string(op.Value))
		return nil
	}
	member := strconv.Quote(last) + ": " + string(op.Value)
	if len(kids) == 0 {
		t.edit(at+1, at+1, member)
		return nil
	}
	// After the last member, indented like the first (kids[0].key is its name's quote).
	ws := string(t.doc[at+1 : kids[0].key])
	if ws == "" {
		ws = " "
	}
	lastEnd := kids[len(kids)-1].end
	t.edit(lastEnd, lastEnd, ","+ws+member)
	return nil
}

// locate is where the value at pointer begins, if the document has it.
func (t *textPatch) locate(pointer string) (int, bool) {
	loc := jsonloc.Locate(t.doc, []string{pointer})[0]
	if !loc.Exact {
		return 0, false
	}
	return loc.Offset, true
}

// edit replaces doc[start:end] with s, and records the span (merged with the spans it
// touches).
func (t *textPatch) edit(start, end int, s string) {
	next := make([]byte, 0, len(t.doc)-(end-start)+len(s))
	next = append(append(append(next, t.doc[:start]...), s...), t.doc[end:]...)
	t.doc = next
	delta := len(s) - (end - start)
	lo, hi := start, end
	for _, sp := range t.spans {
		if sp.newEnd >= lo && sp.newStart <= hi {
			lo, hi = min(lo, sp.newStart), max(hi, sp.newEnd)
		}
	}
	e := span{oldStart: t.toOld(lo), oldEnd: t.toOld(hi), newStart: lo, newEnd: hi + delta}
	kept := t.spans[:0:0]
	placed := false
	for _, sp := range t.spans {
		switch {
		case sp.newEnd < lo:
			kept = append(kept, sp)
		case sp.newStart > hi:
			if !placed {
				kept, placed = append(kept, e), true
			}
			sp.newStart += delta
			sp.newEnd += delta
			kept = append(kept, sp)
		}
	}
	if !placed {
		kept = append(kept, e)
	}
	t.spans = kept
}

// toOld maps pos, a position of the document before the current edit that lies outside
// every span or on a span's edge, to the original document.
func (t *textPatch) toOld(pos int) int {
	shift := 0
	for _, sp := range t.spans {
		if sp.newEnd <= pos {
			shift += (sp.newEnd - sp.newStart) - (sp.oldEnd - sp.oldStart)
		}
	}
	return pos - shift
}

// child is one element of an array or member of an object: where its value begins and
// ends, and for a member where its name begins.
type child struct{ key, start, end int }

// children lists the elements or members of the array or object at doc[at].
func children(doc []byte, at int) []child {
	var out []child
	i := at + 1
	for {
		i = skipSpace(doc, i)
		if i >= len(doc) || doc[i] == ']' || doc[i] == '}' {
			return out
		}
		if doc[i] == ',' {
			i = skipSpace(doc, i+1)
		}
		c := child{key: i}
		if doc[at] == '{' {
			i = skipSpace(doc, jsonloc.ValueEnd(doc, i)) // the name
			i = skipSpace(doc, i+1)                      // past ':'
		}
		c.start = i
		i = jsonloc.ValueEnd(doc, i)
		c.end = i
		out = append(out, c)
	}
}

func skipSpace(doc []byte, i int) int {
	for i < len(doc) && (doc[i] == ' ' || doc[i] == '\t' || doc[i] == '\n' || doc[i] == '\r') {
		i++
	}
	return i
}
