// Package mediajson writes a media report (rules/media.Report) as one line of
// `validate media --format json`: the CLI and the WebAssembly probeMedia both write it
// here, so their bytes are the same. It is a package of its own, above rules/media,
// because it uses encoding/json, which the probe keeps out (rules/imports_test.go).
package mediajson

import (
	"bytes"
	"encoding/json"

	"github.com/postrules/postrules/rules/media"
)

// Line is r as one JSON line, newline included: encoding/json without HTML escaping (a
// message quoting "<" or "&" keeps them).
func Line(r media.Report) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(r); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
