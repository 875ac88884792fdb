package schema

import (
	"strconv"
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/schema/internal/fieldname"
)

// Reading an object's members by a member table: the tables themselves (wireMember,
// table), dispatch by exact name, and the report of unknown, case-mismatched, duplicate
// and missing names.

// fields is the member table of one JSON object type. Tables are package-level values that
// are never written: read-only data, not state.
type fields struct {
	names    []string
	required uint32 // bit i set: names[i] must be present (400 missing_field)
}

// key reads the key of an object member whose names are free (limits, raw data), reports a
// bad string in it, and returns it decoded; clean is false when it had such an issue, ok
// false when scanning failed.
func (d *decoder) key() (name string, clean, ok bool) {
	k, issue := d.sc.Key()
	if d.failed() {
		return "", false, false
	}
	name = string(k)
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue(name, true, issue)
		return name, false, true
	}
	return name, true, true
}

// duplicate reports the current object's member name as given twice.
func (d *decoder) duplicate(name string) {
	if d.reject(name, true) {
		d.list(apierror.CodeDuplicateField, name, true, quoteName(name)+" is given more than once in this object; give each name once")
	}
}

// object is the state of one object being decoded with a member table.
type object struct {
	f      *fields
	it     strictjson.Iter
	seen   uint32
	meant  uint32 // names that a rejected name was meant for: not also "missing"
	pushed bool
	field  int // index in f.names of the member whose value is next
}

// next moves to the next member the table defines and has not seen yet, and returns true
// with o.field set; the caller then decodes its value. Unknown, case-mismatched, duplicate
// and badly encoded names are reported and their values skipped. At the end of the object
// it reports the required members that were absent and returns false.
func (d *decoder) next(o *object) bool {
	if o.pushed {
		d.pop()
		o.pushed = false
	}
	for d.sc.NextMember(&o.it) {
		key, issue := d.sc.Key()
		if d.failed() {
			return false
		}
		idx := -1
		if issue.Kind == strictjson.NoIssue {
			for i, n := range o.f.names {
				if string(key) == n {
					idx = i
					break
				}
			}
		}
		if idx < 0 {
			name := string(key)
			if meant := d.unknown(o.f, name, issue); meant >= 0 && o.meant&(1<<meant) == 0 {
				// The user did try to give that member, so it is not also reported missing or
				// conflicting. Once per object: a body of 100,000 "Contnt" marks it once.
				o.meant |= 1 << meant
				d.broken.mark(d.ptr, o.f.names[meant], true)
			}
			d.skipMember(name)
			continue
		}
		name := o.f.names[idx]
		bit := uint32(1) << idx
		if o.seen&bit != 0 {
			d.duplicate(name)
			d.skipMember(name)
			continue
		}
		o.seen |= bit
		d.push(name)
		o.pushed, o.field = true, idx
		return true
	}
	if !d.failed() {
		for i, n := range o.f.names {
			if o.f.required&(1<<i) != 0 && (o.seen|o.meant)&(1<<i) == 0 {
				if d.reject(n, true) {
					d.list(apierror.CodeMissingField, n, true, "the required field "+strconv.Quote(n)+" is missing")
				}
			}
		}
	}
	return false
}

// skipMember skips the value of a member that is not decoded, with the member on the path
// so that a syntax error inside it is located there.
func (d *decoder) skipMember(name string) {
	d.push(name)
	d.sc.Skip()
	d.pop()
}

// unknown reports a member name the table does not define: a name in the wrong case, a
// close name ("did you mean"), a name that is not UTF-8, or a plain unknown name. When the
// name was meant for a defined one, it returns that one's index (else -1), for the caller
// to mark broken.
func (d *decoder) unknown(f *fields, key string, issue strictjson.Issue) int {
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue(key, true, issue)
		return -1
	}
	m := fieldname.Lookup(key, f.names)
	listed := d.reject(key, true)
	switch {
	case !listed:
	case m.CaseOnly:
		d.list(apierror.CodeFieldCaseMismatch, key, true, "field names are case-sensitive: "+strconv.Quote(key)+
			" is not a field, did you mean "+strconv.Quote(m.Name)+"?")
	case m.Name != "":
		d.list(apierror.CodeUnknownField, key, true, "unknown field "+quoteName(key)+"; did you mean "+strconv.Quote(m.Name)+"?")
	default:
		d.list(apierror.CodeUnknownField, key, true, "unknown field "+quoteName(key)+"; the fields here are "+strings.Join(f.names, ", "))
	}
	if m.Name == "" {
		return -1
	}
	for i, n := range f.names {
		if n == m.Name {
			return i
		}
	}
	return -1
}

// quoteName quotes a name for a message: strictjson.Quote, cut so that a 1 MiB key does not
// make a 1 MiB message.
func quoteName(s string) string { return strictjson.Quote(s) }

// wireMember is one member of a JSON object type as the wire format reads: its exact name,
// whether it must be present (400 missing_field), and how its value is decoded into the Go
// value of type T.
type wireMember[T any] struct {
	name     string
	required bool
	decode   func(d *decoder, v *T)
}

// table is the member table of one object type: read-only data built once, so that a
// decoder reads like the wire format it decodes.
type table[T any] struct {
	members []wireMember[T]
	f       fields
}

func newTable[T any](ms ...wireMember[T]) *table[T] {
	t := &table[T]{members: ms}
	for i, m := range ms {
		t.f.names = append(t.f.names, m.name)
		if m.required {
			t.f.required |= 1 << i
		}
	}
	return t
}

// decodeObject decodes the current value, which must be an object, into v with t: every
// member t names is decoded by its function; unknown, case-mismatched, duplicate and
// missing names are reported by the decoder. It returns false when the value was not an
// object (reported as wrong_type and skipped).
func decodeObject[T any](d *decoder, t *table[T], v *T) bool {
	if !d.is(d.sc.Peek(), strictjson.Object, "an object") {
		return false
	}
	d.sc.BeginObject()
	o := object{f: &t.f}
	for d.next(&o) {
		t.members[o.field].decode(d, v)
	}
	return true
}
