package media

import (
	"strings"
	"testing"
)

// craftedGIF is a w x h GIF of frames frames, each frame's image data split into
// one-byte sub-blocks until the file is about size bytes: the shape that made the old walk
// read once per sub-block. Each frame has a graphic control extension of 10/100 s.
func craftedGIF(size int64, frames int) []byte {
	b := make([]byte, 0, size+64)
	b = append(b, "GIF89a"...)
	b = append(b, 32, 0, 18, 0, 0, 0, 0) // logical screen 32x18, no global color table
	per := (size - 13 - 1) / int64(frames)
	for range frames {
		start := int64(len(b))
		b = append(b, 0x21, 0xF9, 4, 0, 10, 0, 0, 0)        // graphic control, delay 10
		b = append(b, 0x2C, 0, 0, 0, 0, 32, 0, 18, 0, 0, 2) // image descriptor, LZW size 2
		for int64(len(b))-start+3 < per {
			b = append(b, 1, 0x44)
		}
		b = append(b, 0)
	}
	return append(b, 0x3B)
}

// TestGIFReadsInWindows: a GIF of one-byte sub-blocks just under X's 15 MB cap is walked in
// a few reads per MiB, each byte read once, with the right frames and duration.
func TestGIFReadsInWindows(t *testing.T) {
	b := craftedGIF(14_700_000, 3)
	f, err, _ := probeBytes(t, b)
	if err != nil {
		t.Fatal(err)
	}
	if f.Width != 32 || f.Height != 18 || f.Frames != 3 || f.Duration != 0.3 || len(f.Unread) != 0 {
		t.Errorf("facts %+v", f)
	}
	r := &strictReaderAt{t: t, b: b}
	if _, err := Probe(r, int64(len(b))); err != nil {
		t.Fatal(err)
	}
	mib := int64(len(b)) >> 20
	if r.reads > int(mib)*4+4 || r.read > int64(len(b))+sniffLen+gifWindow {
		t.Errorf("read %d bytes in %d reads of a %d-byte GIF (at most 4 reads per MiB)", r.read, r.reads, len(b))
	}
}

// TestGIFPastTheBudget: a GIF larger than the read budget keeps the size its screen
// descriptor gives, and says that its frames and duration were not counted rather than
// giving a count cut short (which would pass a frame limit the GIF breaks).
func TestGIFPastTheBudget(t *testing.T) {
	head := craftedGIF(1000, 1)
	head = head[:len(head)-2] // inside the first frame's sub-blocks
	v := &virtualFile{parts: []vpart{{b: head}, {b: make([]byte, 0)}}}
	// One-byte sub-blocks of zeros are "length 0": use runs of a length byte 1 and a zero.
	chain := make([]byte, 1<<20)
	for i := 0; i < len(chain); i += 2 {
		chain[i] = 1
	}
	for range readBudget>>20 + 2 {
		v.parts = append(v.parts, vpart{b: chain})
	}
	v.parts = append(v.parts, vpart{b: []byte{0, 0x3B}})
	f, err := Probe(v, v.size())
	if err != nil {
		t.Fatal(err)
	}
	if f.Width != 32 || f.Height != 18 || f.Frames != 0 || f.Duration != 0 || len(f.Unread) != 1 || !strings.Contains(f.Unread[0], "frames and duration are not counted") {
		t.Errorf("facts %+v", f)
	}
	if v.read > readBudget+sniffLen {
		t.Errorf("read %d bytes, over the budget", v.read)
	}
}

// TestGIFCutNamesTheBlock: a GIF cut short says in which block it ends.
func TestGIFCutNamesTheBlock(t *testing.T) {
	b := seed(t, "animated.gif")
	for _, tt := range []struct {
		cut   int
		words string
	}{
		{len(b) - 1, "inside a block, before its trailer"},
		{800, "inside a block"},                     // an extension starts at 800
		{804, "inside a graphic control extension"}, // its delay is at 804-805
		{900, "inside a data sub-block"},            // the second frame's data runs 808-1066

	} {
		_, err, _ := probeBytes(t, b[:tt.cut])
		if err == nil || err.Code != CodeTruncated || err.Offset != tt.cut || !strings.Contains(err.Message, tt.words) {
			t.Errorf("cut at %d: %v, want media_truncated at %d with %q", tt.cut, err, tt.cut, tt.words)
		}
	}
}
