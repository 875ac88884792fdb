package mediajson

import (
	"os"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
)

func TestLineOfAnError(t *testing.T) {
	_, err := media.Probe(strings.NewReader(""), 0)
	b, jerr := Line(media.NewReport("x", media.Facts{}, err, rules.Platforms()))
	if jerr != nil {
		t.Fatal(jerr)
	}
	want := `{"file":"x","media":null,"error":{"code":"media_empty","message":"the file is empty (at byte 0)","offset":0},"platforms":[]}` + "\n"
	if string(b) != want {
		t.Errorf("got  %s\nwant %s", b, want)
	}
}

func TestLineKeepsHTMLCharacters(t *testing.T) {
	f, err := os.Open("../testdata/image.png")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	st, _ := f.Stat()
	facts, err := media.Probe(f, st.Size())
	r := media.NewReport("a<b>&c.png", facts, err, []rules.Platform{rules.Twitter})
	b, jerr := Line(r)
	if jerr != nil || !strings.Contains(string(b), `"file":"a<b>&c.png"`) || strings.Contains(string(b), `\u003c`) || !strings.HasSuffix(string(b), "}\n") {
		t.Errorf("JSON: %s (%v)", b, jerr)
	}
}
