package media

// EXIF orientation (CIPA DC-008, tag 0x0112 in IFD0 of a TIFF structure), as JPEG (APP1
// "Exif"), PNG (eXIf) and WebP (EXIF chunk) carry it, and the TIFF directory reader that
// TIFF files themselves use.

import (
	"encoding/binary"
	"fmt"

	"github.com/postrules/postrules/rules/apierror"
)

// tagOrientation is EXIF's Orientation tag (CIPA DC-008 §4.6.4, table 4).
const tagOrientation = 0x0112

// applyOrientation turns the coded size into the displayed one for an EXIF orientation
// (CIPA DC-008 §4.6.4, tag 0x0112). Facts give the rotation first and the left-right flip
// after it: 2 is a flip alone, 3 a half turn, 4 a half turn then a flip (the picture
// upside down), 5 (transposed) a quarter turn clockwise then a flip, 6 a quarter turn
// clockwise, 7 (transversed) a quarter turn anti-clockwise then a flip, 8 a quarter turn
// anti-clockwise. 5 to 8 swap width and height.
func applyOrientation(f *Facts, o int) {
	switch o {
	case 3, 4:
		f.Rotation = 180
	case 5, 6:
		f.Rotation = 90
	case 7, 8:
		f.Rotation = 270
	}
	switch o {
	case 2, 4, 5, 7:
		f.Mirrored = true
	}
	if o >= 5 && o <= 8 {
		f.Width, f.Height = f.Height, f.Width
	}
}

// embeddedOrientation reads the orientation of the TIFF structure (an EXIF block) that
// starts at start and must end by end, inside a container whose own header already told
// the picture's size (a JPEG segment, a PNG or WebP chunk; where names it). EXIF is
// metadata: a damaged block leaves the orientation out, with a note for Facts.Unread,
// rather than refusing a picture every decoder shows. o is 1 (as stored) when the block
// does not give one of 1 to 8.
func embeddedOrientation(rd *reader, start, end int64, where string) (o int, unread string) {
	tags, cut, err := readIFD0(rd, start, end, true)
	if err != nil {
		msg := err.Error()
		if e, ok := err.(*apierror.Error); ok {
			msg = e.Message
		}
		return 1, fmt.Sprintf("EXIF in %s: %s; the orientation is not read", where, msg)
	}
	v, ok := tags[tagOrientation]
	if !ok {
		if cut > 0 {
			return 1, fmt.Sprintf("EXIF in %s: IFD0's last %d entries run past the end of the block; the orientation is not read", where, cut)
		}
		return 1, ""
	}
	if v < 1 || v > 8 {
		return 1, fmt.Sprintf("EXIF in %s: orientation %d is none of 1 to 8; the picture is taken as stored", where, v)
	}
	return int(v), ""
}

// readIFD0 reads the first image file directory of a TIFF structure (TIFF 6.0 §2) that
// starts at file offset start and may not reach end: the 8-byte header gives the byte
// order and IFD0's offset; each 12-byte entry is tag, type, count, value. It returns the
// SHORT and LONG values of the entries with count 1. With partial, a directory whose
// entries run past end gives the entries that fit (decoders read what they can of an EXIF
// block) and cut says how many did not; a TIFF file's own directory (partial false) must
// be whole.
func readIFD0(rd *reader, start, end int64, partial bool) (tags map[uint16]uint32, cut int64, err error) {
	if end-start < 8 {
		return nil, 0, errAt(CodeCorrupt, start, fmt.Sprintf("the TIFF header needs 8 bytes, the block has %d", max(end-start, 0)))
	}
	h, err := rd.small(start, 8)
	if err != nil {
		return nil, 0, err
	}
	var order binary.ByteOrder
	switch string(h[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return nil, 0, errAt(CodeCorrupt, start, fmt.Sprintf("a TIFF header must start with \"II*\\x00\" or \"MM\\x00*\", not %s", quoteBytes(h[:4])))
	}
	// Past the end of the file the file is cut; past the end of an EXIF block inside a
	// picture the block is wrong.
	past := CodeCorrupt
	if end >= rd.size {
		past = CodeTruncated
	}
	rel := int64(order.Uint32(h[4:]))
	ifd := start + rel
	if ifd+2 > end {
		return nil, 0, errAt(past, start+4, fmt.Sprintf("IFD0's offset %d is past the end of the block at byte %d", rel, end))
	}
	c, err := rd.small(ifd, 2)
	if err != nil {
		return nil, 0, err
	}
	n := int64(order.Uint16(c))
	if n > maxIFD && !partial {
		return nil, 0, errAt(CodeCorrupt, ifd, fmt.Sprintf("IFD0 has %d entries (the probe reads %d)", n, maxIFD))
	}
	if fit := (end - ifd - 2) / 12; n > fit {
		if !partial {
			return nil, 0, errAt(past, ifd, fmt.Sprintf("IFD0's %d entries run past the end at byte %d", n, end))
		}
		cut, n = n-fit, fit
	}
	cut += max(n-maxIFD, 0)
	n = min(n, maxIFD)
	entries, err := rd.at(ifd+2, int(n*12))
	if err != nil {
		return nil, 0, err
	}
	tags = make(map[uint16]uint32, 4)
	for e := entries; len(e) >= 12; e = e[12:] {
		tag, typ, count := order.Uint16(e), order.Uint16(e[2:]), order.Uint32(e[4:])
		if count != 1 {
			continue
		}
		switch typ {
		case 3: // SHORT, left-justified in the value field
			tags[tag] = uint32(order.Uint16(e[8:]))
		case 4: // LONG
			tags[tag] = order.Uint32(e[8:])
		}
	}
	return tags, cut, nil
}
