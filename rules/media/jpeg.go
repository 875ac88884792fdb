package media

// JPEG: the size from the frame header, the orientation from EXIF, read as decoders read
// them.

import (
	"encoding/binary"
	"fmt"
)

const (
	maxSegments = 4096    // JPEG markers before the first SOF
	jpegWindow  = 4 << 10 // bytes read at once while looking for markers
)

// probeJPEG walks the markers of ITU T.81 §B.1 up to the first start-of-frame (SOF0-SOF15
// but DHT C4, JPG C8, DAC CC), whose frame header gives the size; the first APP1 "Exif"
// segment on the way gives the orientation (CIPA DC-008 tag 0x0112).
//
// It reads what libjpeg reads and forgives what libjpeg forgives: bytes that are no marker
// between two segments are skipped to the next marker (libjpeg's next_marker warns
// "Corrupt JPEG data: N extraneous bytes before marker" and goes on), and a damaged EXIF
// block leaves the orientation out; both are noted in Facts.Unread. The file is refused
// only when no frame header gives its size: a segment before the SOF that runs past the
// end, a scan or end-of-image before any frame header, a zero width or height.
func probeJPEG(rd *reader, _ []byte) (Facts, error) {
	f := Facts{Kind: KindImage, Format: "jpeg"}
	orientation, exifSeen := 1, false
	w := newWindow(rd, jpegWindow)
	var junk jpegJunk
	off := int64(2)
	for n := 0; ; n++ {
		if n == maxSegments {
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("no frame header (SOF) in the first %d segments", maxSegments))
		}
		at, marker, skipped, err := jpegNextMarker(w, off)
		if err != nil {
			return Facts{}, err
		}
		junk.add(skipped, at)
		off = at
		switch {
		case marker == 0xD8 || marker == 0x01 || (marker >= 0xD0 && marker <= 0xD7):
			off += 2 // standalone markers: SOI, TEM, RSTn (§B.1.1.3)
			continue
		case marker == 0xD9 || marker == 0xDA:
			return Facts{}, errAt(CodeCorrupt, off, fmt.Sprintf("marker 0x%02x (%s) before any frame header (SOF): the picture's size is not given", marker, map[byte]string{0xD9: "end of image", 0xDA: "start of scan"}[marker]))
		}
		l, err := w.at(off+2, 2)
		if err != nil {
			return Facts{}, err
		}
		length := int64(binary.BigEndian.Uint16(l))
		if length < 2 {
			return Facts{}, errAt(CodeCorrupt, off+2, fmt.Sprintf("the length of segment 0x%02x at byte %d is %d, shorter than its own two bytes", marker, off, length))
		}
		if off+2+length > rd.size {
			return Facts{}, errAt(CodeTruncated, off, fmt.Sprintf("segment 0x%02x at byte %d declares %d bytes, past the end of the file at byte %d", marker, off, length, rd.size))
		}
		if marker >= 0xC0 && marker <= 0xCF && marker != 0xC4 && marker != 0xC8 && marker != 0xCC {
			// Frame header (§B.2.2): P, Y (lines), X (samples per line), Nf.
			if length < 2+5 {
				return Facts{}, errAt(CodeCorrupt, off+2, fmt.Sprintf("the frame header (SOF 0x%02x) at byte %d has %d bytes, too few for its size fields", marker, off, length))
			}
			sof, err := w.at(off+4, 5)
			if err != nil {
				return Facts{}, err
			}
			f.Height, f.Width = int(binary.BigEndian.Uint16(sof[1:])), int(binary.BigEndian.Uint16(sof[3:]))
			if f.Width == 0 || f.Height == 0 {
				return Facts{}, errAt(CodeCorrupt, off+5, fmt.Sprintf("the frame header (SOF 0x%02x) gives %dx%d pixels (a DNL-defined height is not read)", marker, f.Width, f.Height))
			}
			break
		}
		if marker == 0xE1 && length >= 2+6 && !exifSeen {
			id, err := w.at(off+4, 6)
			if err != nil {
				return Facts{}, err
			}
			if string(id) == "Exif\x00\x00" {
				exifSeen = true
				var note string
				orientation, note = embeddedOrientation(rd, off+10, off+2+length, fmt.Sprintf("the APP1 segment at byte %d", off))
				if note != "" {
					f.Unread = append(f.Unread, note)
				}
			}
		}
		off += 2 + length
	}
	if s := junk.String(); s != "" {
		f.Unread = append(f.Unread, s)
	}
	applyOrientation(&f, orientation)
	return f, nil
}

// jpegNextMarker finds the marker at or after off as libjpeg's next_marker does: bytes
// other than 0xFF are skipped, then fill bytes 0xFF, and a stuffed 0xFF 0x00 is skipped
// as data. It returns the offset of the marker's last 0xFF, the marker's code and how many
// bytes were skipped that are neither a marker nor fill.
func jpegNextMarker(w *window, off int64) (at int64, marker byte, skipped int64, err error) {
	size := w.rd.size
	for {
		if off+2 > size {
			return 0, 0, 0, errAt(CodeTruncated, size, fmt.Sprintf("the file ends at byte %d, before any frame header (SOF) gives the picture's size", size))
		}
		b, err := w.at(off, 2)
		if err != nil {
			return 0, 0, 0, err
		}
		switch {
		case b[0] != 0xFF:
			skipped++
			off++
		case b[1] == 0xFF: // fill byte (§B.1.1.2)
			off++
		case b[1] == 0x00: // 0xFF 0x00 is entropy-coded data, not a marker
			skipped += 2
			off += 2
		default:
			return off, b[1], skipped, nil
		}
	}
}

// jpegJunk sums the bytes skipped between segments, for one note in Facts.Unread.
type jpegJunk struct {
	bytes, places int64
	first         int64 // offset of the marker the first run of junk came before
}

func (j *jpegJunk) add(n, before int64) {
	if n == 0 {
		return
	}
	if j.places == 0 {
		j.first = before
	}
	j.bytes += n
	j.places++
}

func (j *jpegJunk) String() string {
	switch j.places {
	case 0:
		return ""
	case 1:
		return fmt.Sprintf("%d bytes that are no JPEG marker before the marker at byte %d, skipped as decoders skip them", j.bytes, j.first)
	}
	return fmt.Sprintf("%d bytes that are no JPEG marker in %d places (the first before the marker at byte %d), skipped as decoders skip them", j.bytes, j.places, j.first)
}
