package bridge

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/postrules/postrules/rules/media"
)

// RulesJSON is a constant (the counter module links neither encoding/json nor
// rules/media), written by go generate (internal/rulesjsongen); it must be exactly
// encoding/json's rendering of media.Book(), which `validate rules --format json` prints
// one rule per line. This is the freshness check: it renders the book on its own.
func TestRulesJSONIsEncodingJSON(t *testing.T) {
	var want bytes.Buffer
	want.WriteByte('[')
	for i, r := range media.Book() {
		if i > 0 {
			want.WriteByte(',')
		}
		var line bytes.Buffer
		enc := json.NewEncoder(&line)
		enc.SetEscapeHTML(false)
		if err := enc.Encode(r); err != nil {
			t.Fatal(err)
		}
		want.Write(bytes.TrimSuffix(line.Bytes(), []byte("\n")))
	}
	want.WriteByte(']')
	if got := RulesJSON(); got != want.String() {
		t.Errorf("RulesJSON differs from the rule book (run go generate ./wasm/internal/bridge):\n got %.300s\nwant %.300s", got, want.Bytes())
	}
}
