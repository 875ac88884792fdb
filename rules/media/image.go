package media

// Still and animated images: JPEG, PNG, GIF, WebP, BMP, TIFF. Each reader walks the
// format's segment, chunk or block headers with small reads and skips the image data.

import (
	"encoding/binary"
	"fmt"
)

const (
	maxSegments = 4096    // JPEG markers before the first SOF
	maxChunks   = 1 << 16 // PNG / WebP chunks
	maxIFD      = 4096    // TIFF/EXIF directory entries
	maxGIFSteps = 1 << 24 // GIF blocks and sub-blocks
)

// probeJPEG walks the markers of ITU T.81 §B.1 up to the first start-of-frame (SOF0-SOF15
// but DHT C4, JPG C8, DAC CC), whose frame header gives the size; an APP1 "Exif" segment
// on the way gives the orientation (CIPA DC-008 tag 0x0112).
func probeJPEG(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindImage, Format: "jpeg"}
	orientation := 1
	off := int64(2)
	for n := 0; ; n++ {
		if n == maxSegments {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("no frame header in the first %d segments", maxSegments))
		}
		h, err := rd.small(off, 2)
		if err != nil {
			return Facts{}, err
		}
		if h[0] != 0xFF {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("a JPEG marker must start with 0xFF, not 0x%02x", h[0]))
		}
		marker := h[1]
		switch {
		case marker == 0xFF: // fill byte (§B.1.1.2)
			off++
			continue
		case marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			off += 2
			continue
		case marker == 0xD9 || marker == 0xDA:
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("marker 0x%02x before any frame header (SOF)", marker))
		}
		l, err := rd.small(off+2, 2)
		if err != nil {
			return Facts{}, err
		}
		length := int64(binary.BigEndian.Uint16(l))
		if length < 2 {
			return Facts{}, errAt(CodeCorrupt, off+2, fmt.Sprintf("segment length %d is shorter than its own two bytes", length))
		}
		if off+2+length > rd.size {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("the segment at byte %d declares %d bytes, past the end of the file at byte %d", off, length, rd.size))
		}
		if marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
			// Frame header (§B.2.2): P, Y (lines), X (samples per line), Nf.
			sof, err := rd.small(off+4, 5)
			if err != nil {
				return Facts{}, err
			}
			f.Height, f.Width = int(binary.BigEndian.Uint16(sof[1:])), int(binary.BigEndian.Uint16(sof[3:]))
			if f.Width == 0 || f.Height == 0 {
				return Facts{}, errAt(CodeCorrupt, off+5, fmt.Sprintf("the frame header gives %dx%d pixels (a DNL-defined height is not read)", f.Width, f.Height))
			}
			break
		}
		if marker == 0xE1 && length >= 8+8 {
			id, err := rd.small(off+4, 6)
			if err != nil {
				return Facts{}, err
			}
			if string(id) == "Exif\x00\x00" {
				tags, err := readIFD0(rd, off+10, off+2+length)
				if err != nil {
					return Facts{}, err
				}
				if o := tags[0x0112]; o >= 1 && o <= 8 {
					orientation = int(o)
				}
			}
		}
		off += 2 + length
	}
	applyOrientation(&f, orientation)
	return f, nil
}

// applyOrientation turns the coded size into the displayed one for an EXIF orientation
// (CIPA DC-008 §4.6.4, tag 0x0112): 3 is upside down, 6 and 8 are a quarter turn
// clockwise and anti-clockwise, 5 and 7 the same mirrored (the mirror is not a fact).
func applyOrientation(f *Facts, o int) {
	switch o {
	case 3, 4:
		f.Rotation = 180
	case 5, 8:
		f.Rotation = 270
	case 6, 7:
		f.Rotation = 90
	}
	if o >= 5 && o <= 8 {
		f.Width, f.Height = f.Height, f.Width
	}
}

// readIFD0 reads the first image file directory of a TIFF structure (TIFF 6.0 §2) that
// starts at file offset start and may not reach end: the 8-byte header gives the byte
// order and IFD0's offset; each 12-byte entry is tag, type, count, value. It returns the
// SHORT and LONG values of the entries with count 1.
func readIFD0(rd *reader, start, end int64) (map[uint16]uint32, error) {
	h, err := rd.small(start, 8)
	if err != nil {
		return nil, err
	}
	var order binary.ByteOrder
	switch string(h[:4]) {
	case "II*\x00":
		order = binary.LittleEndian
	case "MM\x00*":
		order = binary.BigEndian
	default:
		return nil, errAt(CodeCorrupt, start, fmt.Sprintf("a TIFF header must start with \"II*\\x00\" or \"MM\\x00*\", not %s", quoteBytes(h[:4])))
	}
	// Past the end of the file the file is cut; past the end of an EXIF segment inside a
	// JPEG the segment is wrong.
	past := CodeCorrupt
	if end >= rd.size {
		past = CodeTruncated
	}
	ifd := start + int64(order.Uint32(h[4:]))
	if ifd+2 > end {
		return nil, errAt(past, start+4, fmt.Sprintf("the first directory's offset %d is past the end at byte %d", ifd-start, end))
	}
	c, err := rd.small(ifd, 2)
	if err != nil {
		return nil, err
	}
	n := int64(order.Uint16(c))
	if n > maxIFD {
		return nil, errAt(CodeCorrupt, ifd, fmt.Sprintf("a directory of %d entries (the probe reads %d)", n, maxIFD))
	}
	if ifd+2+n*12 > end {
		return nil, errAt(past, ifd, fmt.Sprintf("a directory of %d entries runs past the end at byte %d", n, end))
	}
	entries, err := rd.at(ifd+2, int(n*12))
	if err != nil {
		return nil, err
	}
	tags := make(map[uint16]uint32, 4)
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
	return tags, nil
}

// probeTIFF reads IFD0 of a TIFF 6.0 file: ImageWidth (0x100), ImageLength (0x101) and
// Orientation (0x112).
func probeTIFF(rd *reader, _ []byte) (Facts, error) {
	tags, err := readIFD0(rd, 0, rd.size)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Kind: KindImage, Format: "tiff", Width: int(tags[0x100]), Height: int(tags[0x101])}
	if f.Width <= 0 || f.Height <= 0 {
		return Facts{}, errAt(CodeCorrupt, 0, "the TIFF's first directory gives no image width and length")
	}
	applyOrientation(&f, int(tags[0x112]))
	return f, nil
}

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
	if f.Width <= 0 || f.Height <= 0 {
		return Facts{}, errAt(CodeCorrupt, 18, fmt.Sprintf("the BMP header gives %dx%d pixels", f.Width, f.Height))
	}
	return f, nil
}

// probePNG reads IHDR (W3C PNG §11.2.2) and walks the chunk headers to IEND, counting
// nothing but reading acTL (APNG: num_frames) on the way; chunk data is skipped.
func probePNG(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindImage, Format: "png"}
	off := int64(8)
	for n := 0; ; n++ {
		if n == maxChunks {
			return f, nil // enough chunks walked: the size is known, the rest is data
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
		case "IEND":
			return f, nil
		}
		off += 12 + length
	}
}

// probeGIF reads the logical screen descriptor (GIF89a §18) and walks the blocks to the
// trailer: image descriptors count the frames, graphic control extensions add their
// delays (1/100 s) to the duration. Every byte is read at most once and the data
// sub-blocks are skipped by their length bytes, so the walk is linear in the file size.
func probeGIF(rd *reader, _ []byte) (Facts, error) {
	h, err := rd.small(6, 7)
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
		off += 3 << (h[4]&7 + 1)
	}
	var delay int64
	steps := 0
	// subBlocks skips a chain of data sub-blocks ending in a zero length.
	subBlocks := func() error {
		for {
			if steps++; steps > maxGIFSteps {
				return errAt(CodeCorrupt, off, fmt.Sprintf("more than %d GIF blocks", maxGIFSteps))
			}
			b, err := rd.small(off, 1)
			if err != nil {
				return err
			}
			off += 1 + int64(b[0])
			if b[0] == 0 {
				return nil
			}
		}
	}
	for {
		if steps++; steps > maxGIFSteps {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("more than %d GIF blocks", maxGIFSteps))
		}
		b, err := rd.small(off, 1)
		if err != nil {
			return Facts{}, err
		}
		switch b[0] {
		case 0x3B: // trailer
			if f.Frames > 1 {
				f.Duration = float64(delay) / 100
			}
			return f, nil
		case 0x21: // extension: label, then sub-blocks
			l, err := rd.small(off+1, 6)
			if err != nil {
				return Facts{}, err
			}
			if l[0] == 0xF9 && l[1] == 4 { // graphic control: size 4, packed, delay
				delay += int64(binary.LittleEndian.Uint16(l[3:]))
			}
			off += 2
			if err := subBlocks(); err != nil {
				return Facts{}, err
			}
		case 0x2C: // image descriptor: 9 bytes, local color table, LZW code size, data
			d, err := rd.small(off+1, 9)
			if err != nil {
				return Facts{}, err
			}
			off += 10
			if d[8]&0x80 != 0 {
				off += 3 << (d[8]&7 + 1)
			}
			off++ // LZW minimum code size
			if err := subBlocks(); err != nil {
				return Facts{}, err
			}
			f.Frames++
		default:
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("byte 0x%02x is no GIF block (0x21, 0x2C or the trailer 0x3B)", b[0]))
		}
	}
}

// probeWebP reads the first chunk of a WebP RIFF (RFC 9649 §2.5-2.7): VP8 (lossy: the
// frame header's 14-bit sizes), VP8L (lossless: 14-bit sizes minus one) or VP8X
// (extended: 24-bit canvas size minus one, and an animation flag, when the ANMF chunks are
// counted and their durations (ms) added).
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
		if d[0]&0x02 != 0 {
			if err := webpFrames(rd, &f, 20+length+length&1); err != nil {
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

// webpFrames walks the chunks after VP8X, counting ANMF frames and adding their
// durations (RFC 9649 §2.7.1.1: 24-bit milliseconds at byte 12 of the frame).
func webpFrames(rd *reader, f *Facts, off int64) error {
	var ms int64
	for n := 0; off < rd.size; n++ {
		if n == maxChunks {
			return errAt(CodeCorrupt, off, fmt.Sprintf("more than %d WebP chunks", maxChunks))
		}
		h, err := rd.small(off, 8)
		if err != nil {
			return err
		}
		length := int64(binary.LittleEndian.Uint32(h[4:]))
		if off+8+length > rd.size {
			return errAt(CodeTruncated, off, fmt.Sprintf("the %s chunk at byte %d declares %d bytes, past the end of the file at byte %d", quoteBytes(h[:4]), off, length, rd.size))
		}
		if string(h[:4]) == "ANMF" {
			d, err := rd.small(off+8+12, 3)
			if err != nil {
				return err
			}
			f.Frames++
			ms += int64(d[0]) | int64(d[1])<<8 | int64(d[2])<<16
		}
		off += 8 + length + length&1
	}
	f.Duration = float64(ms) / 1000
	return nil
}
