package fix

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// Apply applies patch to the JSON document body and returns the result, re-marshalled
// (members in name order): the remedy as a client without the body's text applies it.
// Formatting-preserving application is the CLI's (validate fix).
func Apply(body []byte, patch []Op) ([]byte, error) {
	var root any
	d := json.NewDecoder(bytes.NewReader(body))
	d.UseNumber()
	if err := d.Decode(&root); err != nil {
		return nil, err
	}
	for _, op := range patch {
		var err error
		if root, err = applyOp(root, op); err != nil {
			return nil, err
		}
	}
	var b bytes.Buffer
	e := json.NewEncoder(&b)
	e.SetEscapeHTML(false)
	if err := e.Encode(root); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

var errPath = errors.New("fix: patch path not in the document")

func applyOp(root any, op Op) (any, error) {
	tokens, ok := parsePointer(op.Path)
	if !ok || len(tokens) == 0 {
		return nil, errPath
	}
	var val any
	if op.Op != "remove" {
		d := json.NewDecoder(bytes.NewReader(op.Value))
		d.UseNumber()
		if err := d.Decode(&val); err != nil {
			return nil, err
		}
	}
	// holder and key are where parent sits (holder nil: parent is the root), so that an
	// array given a new slice by "add" or "remove" is put back without a second walk.
	parent, holder, key := root, any(nil), ""
	for _, t := range tokens[:len(tokens)-1] {
		holder, key = parent, t
		switch c := parent.(type) {
		case map[string]any:
			parent = c[t]
		case []any:
			n, err := strconv.Atoi(t)
			if err != nil || n < 0 || n >= len(c) {
				return nil, errPath
			}
			parent = c[n]
		default:
			return nil, errPath
		}
	}
	last := tokens[len(tokens)-1]
	switch c := parent.(type) {
	case map[string]any:
		_, has := c[last]
		switch {
		case op.Op == "add", op.Op == "replace" && has:
			c[last] = val
		case op.Op == "remove" && has:
			delete(c, last)
		default:
			return nil, errPath
		}
		return root, nil
	case []any:
		n, err := strconv.Atoi(last)
		if err != nil || n < 0 || n > len(c) || (op.Op != "add" && n == len(c)) {
			return nil, errPath
		}
		var next []any
		switch op.Op {
		case "add":
			next = append(append(append(make([]any, 0, len(c)+1), c[:n]...), val), c[n:]...)
		case "replace":
			c[n] = val
			return root, nil
		case "remove":
			next = append(append(make([]any, 0, len(c)), c[:n]...), c[n+1:]...)
		default:
			return nil, errPath
		}
		// The array's new value goes back where it sat (the walk checked that place).
		switch h := holder.(type) {
		case nil:
			return next, nil
		case map[string]any:
			h[key] = next
		case []any:
			n, _ := strconv.Atoi(key)
			h[n] = next
		}
		return root, nil
	}
	return nil, errPath
}
