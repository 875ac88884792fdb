package schema

import "github.com/postrules/postrules/internal/strictjson"

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
