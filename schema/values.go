package schema

import (
	"strconv"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// Reading the values of the wire format: strings, booleans, whole numbers (parseWhole),
// arrays, and the optional forms the options use.

// array is the state of one array being decoded.
type array struct {
	it     strictjson.Iter
	pushed bool
	index  int
}

func (d *decoder) openArray() bool {
	if !d.is(d.sc.Peek(), strictjson.Array, "an array") {
		return false
	}
	d.sc.BeginArray()
	return true
}

func (d *decoder) nextElem(a *array) bool {
	if a.pushed {
		d.pop()
		a.pushed = false
	}
	if !d.sc.NextElement(&a.it) {
		return false
	}
	a.index = a.it.Count() - 1
	d.pushIndex(a.index)
	a.pushed = true
	return true
}

// str decodes a string value into dst; it reports whether dst was set.
func (d *decoder) str(dst *string) bool {
	if !d.is(d.sc.Peek(), strictjson.String, "a string") {
		return false
	}
	s, issue := d.sc.String()
	if issue.Kind != strictjson.NoIssue {
		d.stringIssue("", false, issue)
	}
	*dst = s
	return !d.failed()
}

func (d *decoder) optStr(dst **string) {
	var s string
	if d.str(&s) {
		*dst = &s
	}
}

// boolean decodes a boolean into dst; it reports whether dst was set.
func (d *decoder) boolean(dst *bool) bool {
	if !d.is(d.sc.Peek(), strictjson.Bool, "a boolean (true or false)") {
		return false
	}
	*dst = d.sc.Bool()
	return true
}

// integer decodes a whole number, read by parseWhole: 60, 60.0 and 6e1 are all sixty (JSON
// has one number type; the peer's schema says "number"); 60.5 is wrong_type. Magnitudes
// from 10^9 up are read as ±10^9 (see Minutes). It reports whether *dst was set.
func (d *decoder) integer(dst *int) bool {
	if !d.is(d.sc.Peek(), strictjson.Number, "a whole number") {
		return false
	}
	lit := d.sc.Number()
	if d.failed() {
		return false
	}
	n, kind := parseWhole(lit)
	if kind != numWhole {
		d.reportHere(apierror.CodeWrongType, "expected a whole number, found "+cutLiteral(lit))
		return false
	}
	*dst = n
	return true
}

// numKind is what parseWhole found.
type numKind uint8

const (
	numSyntax   numKind = iota // not an RFC 8259 number
	numWhole                   // a whole number
	numFraction                // a number with a non-zero fractional part
)

// wholeClamp bounds the magnitude parseWhole returns.
const wholeClamp = 1_000_000_000

// parseWhole reads an RFC 8259 number literal, -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?,
// exactly: its value is whole when, once the digits' trailing zeros are moved into the
// exponent, the exponent is not negative ("600e-1" is 60; "5.0000000000000000001" is not
// whole, though float64 would round it to 5). Whole values of magnitude 10^9 or more are
// clamped to ±10^9, so no literal overflows. No allocation, no floating point. It is one
// function of about 90 lines on purpose: one pass over the literal's grammar, sign to
// exponent, reads as the grammar above; split, its parts would share every index.
func parseWhole(lit []byte) (int, numKind) {
	i, neg := 0, false
	if i < len(lit) && lit[i] == '-' {
		i, neg = i+1, true
	}
	intStart := i
	for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
		i++
	}
	intEnd := i
	if intEnd == intStart || (lit[intStart] == '0' && intEnd-intStart > 1) {
		return 0, numSyntax
	}
	fracStart, fracEnd := i, i
	if i < len(lit) && lit[i] == '.' {
		i++
		fracStart = i
		for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
			i++
		}
		fracEnd = i
		if fracEnd == fracStart {
			return 0, numSyntax
		}
	}
	exp := 0
	if i < len(lit) && (lit[i] == 'e' || lit[i] == 'E') {
		i++
		expNeg := false
		if i < len(lit) && (lit[i] == '+' || lit[i] == '-') {
			expNeg = lit[i] == '-'
			i++
		}
		expStart := i
		for i < len(lit) && lit[i] >= '0' && lit[i] <= '9' {
			if exp < 1<<40 { // saturate: far beyond any body's digit count
				exp = exp*10 + int(lit[i]-'0')
			}
			i++
		}
		if i == expStart {
			return 0, numSyntax
		}
		if expNeg {
			exp = -exp
		}
	}
	if i != len(lit) {
		return 0, numSyntax
	}
	// The digits are lit[intStart:intEnd] followed by lit[fracStart:fracEnd]; digit j of
	// that sequence is at(j).
	nInt, nAll := intEnd-intStart, intEnd-intStart+fracEnd-fracStart
	at := func(j int) byte {
		if j < nInt {
			return lit[intStart+j]
		}
		return lit[fracStart+j-nInt]
	}
	first, last := 0, nAll-1
	for first < nAll && at(first) == '0' {
		first++
	}
	if first == nAll {
		return 0, numWhole // zero, however written
	}
	for at(last) == '0' {
		last--
	}
	// value = digits[first..last] * 10^scale
	scale := exp - (fracEnd - fracStart) + (nAll - 1 - last)
	if scale < 0 {
		return 0, numFraction
	}
	n := wholeClamp
	if last-first+1+scale <= 10 { // at most 10 digits: fits an int64 before clamping
		v := int64(0)
		for j := first; j <= last; j++ {
			v = v*10 + int64(at(j)-'0')
		}
		for ; scale > 0; scale-- {
			v *= 10
		}
		n = int(min(v, wholeClamp))
	}
	if neg {
		n = -n
	}
	return n, numWhole
}

// cutLiteral renders a number literal for a message, cut so that a 1 MiB literal does not
// make a 1 MiB message.
func cutLiteral(lit []byte) string {
	const max = 64
	if len(lit) > max {
		return string(lit[:max]) + "..."
	}
	return string(lit)
}

// jsonKind names the kind of the JSON value b, by its first byte, for a message; a
// number is named with its literal, since it is there because it is not a whole one.
func jsonKind(b []byte) string {
	if len(b) == 0 {
		return "no value"
	}
	if k := strictjson.KindOf(b[0]); k != strictjson.Number && k != strictjson.Invalid {
		return k.String()
	}
	return "an invalid number " + strconv.Quote(cutLiteral(b))
}

// optBool decodes a boolean into a new *bool.
func (d *decoder) optBool(dst **bool) {
	var b bool
	if d.boolean(&b) {
		*dst = &b
	}
}

// optWhole decodes a whole number (any JSON notation, see Minutes) into a new *int.
func (d *decoder) optWhole(dst **int) {
	var n int
	if d.integer(&n) {
		*dst = &n
	}
}

// stringArray decodes an array of strings; an empty array is an empty, non-nil slice.
func (d *decoder) stringArray() []string {
	if !d.openArray() {
		return nil
	}
	out := []string{}
	var a array
	for d.nextElem(&a) {
		var s string
		d.str(&s)
		out = append(out, s)
	}
	return out
}
