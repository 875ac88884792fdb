package media

// PNG and APNG: the size from IHDR, frames from acTL, the orientation from eXIf.

import (
	"encoding/binary"
	"fmt"
)

// maxChunks bounds the PNG and WebP chunk walks.
const maxChunks = 1 << 16

// probePNG reads IHDR (W3C PNG §11.2.2) and walks the chunk headers to IEND, reading acTL
// (APNG: num_frames) and eXIf (an EXIF block whose orientation applies as a JPEG's does:
// https://www.w3.org/TR/png-3/#eXIf) on the way; other chunk data is skipped.
func probePNG(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindImage, Format: "png"}
	orientation, exifSeen := 1, false
	done := func() (Facts, error) {
		applyOrientation(&f, orientation)
		return f, nil
	}
	off := int64(8)
	for n := 0; ; n++ {
		if n == maxChunks {
			return done() // enough chunks walked: the size is known, the rest is data
		}
		h, err := rd.small(off, 8)
		if err != nil {
			return Facts{}, err
		}
		length, typ := int64(binary.BigEndian.Uint32(h)), string(h[4:8])
		if length > 1<<31-1 {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("the %s chunk declares %d bytes, over PNG's 2^31-1", quoteBytes(h[4:8]), length))
		}
		if n == 0 && typ != "IHDR" {
			return Facts{}, errAt(CodeCorrupt, off+4, fmt.Sprintf("the first chunk must be IHDR, not %s", quoteBytes(h[4:8])))
		}
		if off+12+length > rd.size {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the %s chunk at byte %d declares %d bytes, past the end of the file at byte %d", quoteBytes(h[4:8]), off, length, rd.size))
		}
		switch typ {
		case "IHDR":
			d, err := rd.small(off+8, 8)
			if err != nil {
				return Facts{}, err
			}
			w, ht := binary.BigEndian.Uint32(d), binary.BigEndian.Uint32(d[4:])
			if w == 0 || ht == 0 || w > 1<<31-1 || ht > 1<<31-1 {
				return Facts{}, errAt(CodeCorrupt, off+8, fmt.Sprintf("IHDR gives %dx%d pixels", w, ht))
			}
			f.Width, f.Height = int(w), int(ht)
		case "acTL":
			d, err := rd.small(off+8, 4)
			if err != nil {
				return Facts{}, err
			}
			f.Frames = int(min(binary.BigEndian.Uint32(d), 1<<31-1))
		case "eXIf":
			if !exifSeen {
				exifSeen = true
				var note string
				orientation, note = embeddedOrientation(rd, off+8, off+8+length, fmt.Sprintf("the eXIf chunk at byte %d", off))
				if note != "" {
					f.Unread = append(f.Unread, note)
				}
			}
		case "IEND":
			return done()
		}
		off += 12 + length
	}
}
