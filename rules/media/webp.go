package media

// WebP: lossy, lossless and extended (animation, EXIF orientation).

import (
	"encoding/binary"
	"fmt"
)

// probeWebP reads the first chunk of a WebP RIFF (RFC 9649 §2.5-2.7): VP8 (lossy: the
// frame header's 14-bit sizes), VP8L (lossless: 14-bit sizes minus one) or VP8X
// (extended: 24-bit canvas size minus one, and flags: with the animation flag the ANMF
// chunks are counted and their durations (ms) added; with the EXIF flag the EXIF chunk's
// orientation is applied, as a JPEG's).
func probeWebP(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindImage, Format: "webp"}
	h, err := rd.small(12, 8)
	if err != nil {
		return Facts{}, err
	}
	typ, length := string(h[:4]), int64(binary.LittleEndian.Uint32(h[4:]))
	if 20+length > rd.size {
		return Facts{}, errAt(CodeTruncated, 12, fmt.Sprintf("the %s chunk declares %d bytes, past the end of the file at byte %d", quoteBytes(h[:4]), length, rd.size))
	}
	switch typ {
	case "VP8 ":
		d, err := rd.small(20, 10)
		if err != nil {
			return Facts{}, err
		}
		if string(d[3:6]) != "\x9d\x01\x2a" {
			return Facts{}, errAt(CodeCorrupt, 23, "the VP8 frame lacks its start code 9d 01 2a")
		}
		f.Width, f.Height = int(binary.LittleEndian.Uint16(d[6:])&0x3fff), int(binary.LittleEndian.Uint16(d[8:])&0x3fff)
	case "VP8L":
		d, err := rd.small(20, 5)
		if err != nil {
			return Facts{}, err
		}
		if d[0] != 0x2f {
			return Facts{}, errAt(CodeCorrupt, 20, "the VP8L bitstream lacks its signature 0x2f")
		}
		bits := binary.LittleEndian.Uint32(d[1:])
		f.Width, f.Height = int(bits&0x3fff)+1, int(bits>>14&0x3fff)+1
	case "VP8X":
		d, err := rd.small(20, 10)
		if err != nil {
			return Facts{}, err
		}
		f.Width = int(uint32(d[4])|uint32(d[5])<<8|uint32(d[6])<<16) + 1
		f.Height = int(uint32(d[7])|uint32(d[8])<<8|uint32(d[9])<<16) + 1
		if d[0]&(webpAnimation|webpEXIF) != 0 {
			if err := webpChunks(rd, &f, 20+length+length&1, d[0]&webpAnimation != 0); err != nil {
				return Facts{}, err
			}
		}
	default:
		return Facts{}, errAt(CodeCorrupt, 12, fmt.Sprintf("the first WebP chunk is %s, not VP8, VP8L or VP8X", quoteBytes(h[:4])))
	}
	if f.Width == 0 || f.Height == 0 {
		return Facts{}, errAt(CodeCorrupt, 20, fmt.Sprintf("the WebP gives %dx%d pixels", f.Width, f.Height))
	}
	return f, nil
}

// VP8X flags (RFC 9649 §2.7).
const (
	webpAnimation = 0x02
	webpEXIF      = 0x08
)

// webpChunks walks the chunks after VP8X: with animated, it counts the ANMF frames and adds
// their durations (RFC 9649 §2.7.1.1: 24-bit milliseconds at byte 12 of the frame); the
// first EXIF chunk (§2.7.1.5) gives the orientation, applied to f at the end. A still
// picture's size is known from VP8X, so a damaged chunk after it only leaves the
// orientation out (noted in f.Unread); an animation's frames are not known then, and the
// file is refused as before.
func webpChunks(rd *reader, f *Facts, off int64, animated bool) error {
	var ms int64
	orientation, exifSeen := 1, false
	for n := 0; off < rd.size; n++ {
		if n == maxChunks {
			if !animated {
				break
			}
			return errAt(CodeCorrupt, off, fmt.Sprintf("more than %d WebP chunks", maxChunks))
		}
		h, err := rd.small(off, int(min(8, rd.size-off)))
		if err != nil {
			return err
		}
		var length int64
		if len(h) == 8 {
			length = int64(binary.LittleEndian.Uint32(h[4:]))
		}
		if len(h) < 8 || off+8+length > rd.size {
			err := errAt(CodeTruncated, off, fmt.Sprintf("the %s chunk at byte %d declares %d bytes, past the end of the file at byte %d", quoteBytes(h[:min(4, len(h))]), off, length, rd.size))
			if animated {
				return err
			}
			f.Unread = append(f.Unread, fmt.Sprintf("WebP chunks from byte %d: %s; the EXIF orientation is not read", off, err.Message))
			break
		}
		switch string(h[:4]) {
		case "ANMF":
			if !animated {
				break
			}
			d, err := rd.small(off+8+12, 3)
			if err != nil {
				return err
			}
			f.Frames++
			ms += int64(d[0]) | int64(d[1])<<8 | int64(d[2])<<16
		case "EXIF":
			if exifSeen {
				break
			}
			exifSeen = true
			start, where := off+8, fmt.Sprintf("the EXIF chunk at byte %d", off)
			// Some writers keep JPEG's "Exif\0\0" before the TIFF header.
			if length >= 6 {
				if p, err := rd.small(start, 6); err == nil && string(p) == "Exif\x00\x00" {
					start += 6
				}
			}
			var note string
			orientation, note = embeddedOrientation(rd, start, off+8+length, where)
			if note != "" {
				f.Unread = append(f.Unread, note)
			}
		}
		off += 8 + length + length&1
	}
	if animated {
		f.Duration = float64(ms) / 1000
	}
	applyOrientation(f, orientation)
	return nil
}
