package media

// BMP: the size from the DIB header.

import (
	"encoding/binary"
	"fmt"
)

// probeBMP reads the file header and the DIB header's size (BITMAPCOREHEADER: 16-bit
// width and height; BITMAPINFOHEADER and later: signed 32-bit, negative height meaning
// top-down rows).
func probeBMP(rd *reader, _ []byte) (Facts, error) {
	h, err := rd.small(14, 12)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Kind: KindImage, Format: "bmp"}
	switch hs := binary.LittleEndian.Uint32(h); {
	case hs == 12:
		f.Width, f.Height = int(binary.LittleEndian.Uint16(h[4:])), int(binary.LittleEndian.Uint16(h[6:]))
	case hs >= 40 && hs <= 1024:
		w, ht := int64(int32(binary.LittleEndian.Uint32(h[4:]))), int64(int32(binary.LittleEndian.Uint32(h[8:])))
		if ht < 0 {
			ht = -ht
		}
		f.Width, f.Height = int(w), int(ht)
	default:
		return Facts{}, errAt(CodeUnrecognized, 14, fmt.Sprintf("a BMP header of %d bytes is none of the known versions", hs))
	}
	if f.Width < 0 {
		// A negative width has no meaning (only the height's sign does: top-down rows);
		// the message gives the field's bits rather than a negative size.
		return Facts{}, errAt(CodeCorrupt, 18, fmt.Sprintf("the BMP header's width field is 0x%08x, a negative number", uint32(f.Width)))
	}
	if f.Width == 0 || f.Height == 0 {
		return Facts{}, errAt(CodeCorrupt, 18, fmt.Sprintf("the BMP header gives %dx%d pixels", f.Width, f.Height))
	}
	return f, nil
}
