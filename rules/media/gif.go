package media

// GIF: the canvas from the logical screen descriptor, frames and duration from a walk of
// the blocks.

import (
	"encoding/binary"
	"fmt"
)

// gifWindow is how much of a GIF the walk reads at once: a few reads per MiB, whatever the
// size of the sub-blocks (a crafted GIF of one-byte sub-blocks once cost a read each).
const gifWindow = 256 << 10

// probeGIF reads the logical screen descriptor (GIF89a §18) and walks the blocks to the
// trailer: image descriptors count the frames, graphic control extensions add their
// delays (1/100 s) to the duration. The data sub-blocks are skipped by their length
// bytes, read from a window of the file, so the walk reads the file once, in large reads,
// and its time is linear in the file's size. A GIF too large for the read budget keeps
// its size (the screen descriptor gives it) and leaves its frames and duration out, noted
// in Facts.Unread: a count cut short would pass a frame limit the GIF breaks.
func probeGIF(rd *reader, _ []byte) (Facts, error) {
	w := newWindow(rd, gifWindow)
	h, err := w.at(6, 7)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Kind: KindGIF, Format: "gif", Width: int(binary.LittleEndian.Uint16(h)), Height: int(binary.LittleEndian.Uint16(h[2:]))}
	if f.Width == 0 || f.Height == 0 {
		// The logical screen descriptor gives the canvas (GIF89a section 18): a GIF of
		// no width or height is no picture, as for every other format here.
		return Facts{}, errAt(CodeCorrupt, 6, fmt.Sprintf("the GIF's logical screen is %dx%d", f.Width, f.Height))
	}
	off := int64(13)
	if h[4]&0x80 != 0 {
		off += 3 << (h[4]&7 + 1) // global color table
	}
	frames, delay, err := gifBlocks(w, off)
	if err != nil {
		if !w.spent {
			return Facts{}, err
		}
		f.Unread = append(f.Unread, fmt.Sprintf("the GIF's blocks past the first %d MiB: its frames and duration are not counted", readBudget>>20))
		return f, nil
	}
	f.Frames = frames
	if frames > 1 {
		f.Duration = float64(delay) / 100
	}
	return f, nil
}

// gifBlocks walks the blocks from off to the trailer (GIF89a §§20-27): the frames and the
// sum of the graphic control extensions' delays in 1/100 s.
func gifBlocks(w *window, off int64) (frames int, delay int64, err error) {
	for {
		b, err := w.at(off, 1)
		if err != nil {
			return 0, 0, gifCut(w, off+1, err, "a block")
		}
		switch b[0] {
		case 0x3B: // trailer
			return frames, delay, nil
		case 0x21: // extension: label, then sub-blocks
			l, err := w.at(off+1, 1)
			if err != nil {
				return 0, 0, gifCut(w, off+2, err, "an extension's label")
			}
			if l[0] == 0xF9 { // graphic control: size 4, packed, delay (§23)
				g, err := w.at(off+2, 4)
				if err != nil {
					return 0, 0, gifCut(w, off+6, err, "a graphic control extension")
				}
				if g[0] == 4 {
					delay += int64(binary.LittleEndian.Uint16(g[2:]))
				}
			}
			if off, err = gifSubBlocks(w, off+2); err != nil {
				return 0, 0, err
			}
		case 0x2C: // image descriptor: 9 bytes, local color table, LZW code size, data (§20)
			d, err := w.at(off+1, 9)
			if err != nil {
				return 0, 0, gifCut(w, off+10, err, "an image descriptor")
			}
			off += 10
			if d[8]&0x80 != 0 {
				off += 3 << (d[8]&7 + 1)
			}
			off++ // LZW minimum code size
			if off, err = gifSubBlocks(w, off); err != nil {
				return 0, 0, err
			}
			frames++
		default:
			return 0, 0, errAt(CodeCorrupt, off, fmt.Sprintf("byte 0x%02x at byte %d is no GIF block (0x21 extension, 0x2C image or the trailer 0x3B)", b[0], off))
		}
	}
}

// gifSubBlocks skips a chain of data sub-blocks (a length byte, that many bytes) ending in
// a zero length, and returns the offset after it. The lengths are read from the window, so
// a chain of a million one-byte sub-blocks costs a few reads, not a million.
func gifSubBlocks(w *window, off int64) (int64, error) {
	for {
		b, err := w.from(off)
		if err != nil {
			return 0, gifCut(w, off+1, err, "a data sub-block")
		}
		i := 0
		for i < len(b) {
			if b[i] == 0 {
				return off + int64(i) + 1, nil
			}
			i += 1 + int(b[i])
		}
		off += int64(i) // the next length byte, past this window
	}
}

// gifCut names what the walk was reading (the bytes up to end) when the file ended; any
// other error (the budget spent, a failed read) is returned as it is.
func gifCut(w *window, end int64, err error, what string) error {
	if end <= w.rd.size {
		return err
	}
	return errAt(CodeTruncated, w.rd.size, fmt.Sprintf("the GIF ends at byte %d inside %s, before its trailer (0x3B)", w.rd.size, what))
}
