package media

// ISO base media file format (ISO/IEC 14496-12): MP4, QuickTime MOV (its ancestor, same
// box structure) and HEIF (ISO/IEC 23008-12: HEIC, AVIF and images of other codecs, the
// same boxes with a meta box instead of, or beside, a moov).
//
// This file walks the top level box header by box header (16 bytes each), skipping
// payloads: an mdat of any size costs one header read. The moov (or a HEIF's meta) is
// read whole, once, within the probe's budget, and parsed in memory along a fixed path
// (iso_movie.go, heif.go), so nesting is bounded by the code, not the file. Movie
// fragments are read one moof at a time, up to a cap (iso_fragments.go).

import (
	"fmt"
	"math"

	"github.com/postrules/postrules/rules/apierror"
)

const (
	maxTopBoxes   = 1 << 16 // top-level boxes walked (a fragmented MP4 has two per fragment)
	maxChildBoxes = 1 << 16 // boxes in one container before it is called corrupt
	maxFtyp       = 4096    // bytes of an ftyp box read (its brands)
)

// topTypes are the box types an ISO file may start with.
var topTypes = map[string]bool{"ftyp": true, "moov": true, "mdat": true, "free": true, "skip": true, "wide": true, "pnot": true}

func isBoxType(b []byte) bool { return topTypes[string(b)] }

// knownTop are the top-level box types of 14496-12 (its box table, Table 1), 23008-12 and
// QuickTime. One of them that runs past the end of the file is a file cut short; bytes
// that are no such box, after a complete header, are only trailing bytes (padding, a line
// of text) that players ignore.
var knownTop = map[string]bool{"ftyp": true, "moov": true, "mdat": true, "free": true, "skip": true, "wide": true,
	"pnot": true, "meta": true, "moof": true, "mfra": true, "sidx": true, "ssix": true, "styp": true, "emsg": true,
	"prft": true, "pdin": true, "uuid": true, "meco": true, "mini": true, "imda": true}

// validType: a box type is four printable ASCII characters (QuickTime adds the © sign).
func validType(t []byte) bool {
	for _, c := range t {
		if (c < 0x20 || c > 0x7e) && c != 0xa9 {
			return false
		}
	}
	return true
}

// span locates one box in the file: its offset, header length and body length.
type span struct{ off, hdr, blen int64 }

// isoFile is what the top-level walk keeps.
type isoFile struct {
	ftyp             []byte
	moov, meta       []byte
	moovOff, metaOff int64 // file offsets of their bodies
	mdatOff          int64 // the first mdat box, -1 when none
	mini             *span // a compact HEIF's MinimizedImageBox
	frags            fragments
	unread           []string
}

// complete is true once the walk has read a header that gives the facts: bytes after it
// that are no box are trailing bytes, not a broken file.
func (v *isoFile) complete() bool { return v.moov != nil || v.meta != nil || v.mini != nil }

func probeISO(rd *reader, _ []byte) (Facts, error) {
	v, err := walkISO(rd)
	if err != nil {
		return Facts{}, err
	}
	br := brandsOf(v.ftyp)
	var f Facts
	switch {
	case v.isImage(br):
		f, err = v.image(rd, br)
	case v.moov == nil:
		return Facts{}, errAt(CodeTruncated, rd.size, "no moov box: the file is cut short or was never finished")
	default:
		f, err = v.movie(rd, br)
	}
	if err != nil {
		return Facts{}, err
	}
	if len(v.unread) > 0 {
		f.Unread = append(v.unread, f.Unread...)
	}
	return f, nil
}

// walkISO reads the top level: every box header, the ftyp, the moov and the meta whole,
// and the places of the movie fragments.
func walkISO(rd *reader) (*isoFile, error) {
	v := &isoFile{moovOff: -1, metaOff: -1, mdatOff: -1}
	var off int64
	for n := 0; off < rd.size; n++ {
		if n == maxTopBoxes {
			if !v.complete() {
				return nil, errAt(CodeCorrupt, off, fmt.Sprintf("more than %d boxes at the top level", maxTopBoxes))
			}
			v.unread = append(v.unread, fmt.Sprintf("the boxes from byte %d on, past the first %d at the top level, were not read", off, maxTopBoxes))
			break
		}
		h, err := rd.small(off, int(min(16, rd.size-off)))
		if err != nil {
			return nil, err
		}
		size, hdr, bad := topHeader(h, off, rd.size)
		if bad != nil {
			if v.complete() && !bad.cut {
				v.unread = append(v.unread, trailing(h, off, rd.size))
				break
			}
			return nil, bad.err
		}
		typ, body, blen := string(h[4:8]), off+hdr, size-hdr
		switch typ {
		case "ftyp":
			if v.ftyp == nil {
				if v.ftyp, err = rd.at(body, int(min(blen, maxFtyp))); err != nil {
					return nil, err
				}
			}
		case "moov":
			if v.moov != nil {
				return nil, errAt(CodeCorrupt, off, "a second moov box")
			}
			if v.moov, err = readBox(rd, typ, off, hdr, blen, readBudget); err != nil {
				return nil, err
			}
			v.moovOff = body
		case "meta":
			if v.meta == nil {
				if v.meta, err = readBox(rd, typ, off, hdr, blen, readBudget); err != nil {
					return nil, err
				}
				v.metaOff = body
			}
		case "mini":
			if v.mini == nil {
				v.mini = &span{off, hdr, blen}
			}
		case "mdat":
			if v.mdatOff < 0 {
				v.mdatOff = off
			}
		case "moof":
			v.frags.add(span{off, hdr, blen})
		}
		off += size
	}
	return v, nil
}

// trailingErr is why the bytes at a top-level offset are no box: err, and whether they
// look like a known box cut short (cut) rather than bytes that were never a box.
type trailingErr struct {
	err *apierror.Error
	cut bool
}

// topHeader reads the box header h (up to 16 bytes) at off in a file of size bytes: the
// box's size and header length (14496-12 §4.2: a size of 0 runs to the end of the file, 1
// is followed by a 64-bit size).
func topHeader(h []byte, off, fileSize int64) (size, hdr int64, bad *trailingErr) {
	no := func(code apierror.Code, msg string, cut bool) (int64, int64, *trailingErr) {
		return 0, 0, &trailingErr{err: errAt(code, off, msg), cut: cut}
	}
	if len(h) < 8 {
		return no(CodeTruncated, fmt.Sprintf("the file ends %d bytes into a box header of 8", len(h)), false)
	}
	if !validType(h[4:8]) {
		return no(CodeCorrupt, fmt.Sprintf("the bytes at byte %d are no box: a box type is four characters, not %s", off, quoteBytes(h[4:8])), false)
	}
	typ := string(h[4:8])
	known := knownTop[typ]
	size, hdr = int64(be32(h)), 8
	switch size {
	case 0: // the box runs to the end of the file (14496-12 §4.2)
		size = fileSize - off
	case 1:
		if len(h) < 16 {
			return no(CodeTruncated, fmt.Sprintf("the file ends inside the 64-bit size of the %s box at byte %d", typ, off), known)
		}
		s := be64(h[8:])
		if s > math.MaxInt64 {
			return no(CodeCorrupt, fmt.Sprintf("the %s box declares a size of %d bytes", typ, s), false)
		}
		size, hdr = int64(s), 16
	}
	if size < hdr {
		return no(CodeCorrupt, fmt.Sprintf("the %s box declares %d bytes, less than its own header of %d", typ, size, hdr), false)
	}
	if size > fileSize-off {
		return no(CodeTruncated, fmt.Sprintf("the %s box at byte %d declares %d bytes, running past the end of the file at byte %d", typ, off, size, fileSize), known)
	}
	return size, hdr, nil
}

// trailing is the Unread note for the bytes from off to the end of the file, whose first
// bytes are h: they are described, never named as a box.
func trailing(h []byte, off, size int64) string {
	kind := "zeros"
	for _, c := range h {
		if c != 0 {
			kind = "text"
			break
		}
	}
	if kind == "text" {
		for _, c := range h {
			if (c < 0x20 || c > 0x7e) && c != '\n' && c != '\r' && c != '\t' {
				kind = "bytes"
				break
			}
		}
	}
	return fmt.Sprintf("%d bytes after the last box (from byte %d, %s) are no box and were not read", size-off, off, kind)
}

// readBox reads the body of the box of type typ at off (its header hdr bytes, its body
// blen), refusing as corrupt a body over limit bytes before reading anything.
func readBox(rd *reader, typ string, off, hdr, blen, limit int64) ([]byte, error) {
	if blen > limit {
		return nil, errAt(CodeCorrupt, off, fmt.Sprintf("the %s box is %d bytes, more than the probe reads of it (%d)", typ, blen, limit))
	}
	return rd.at(off+hdr, int(blen))
}

// brands are an ftyp's major brand and compatible brands (14496-12 §4.3).
type brands struct {
	major string
	minor string // the minor version, which a compact HEIF (mif3) sets to its codec's brand
	all   []byte // the compatible brands, four bytes each
}

func brandsOf(ftyp []byte) brands {
	if len(ftyp) < 4 {
		return brands{}
	}
	b := brands{major: string(ftyp[:4])}
	if len(ftyp) >= 8 {
		b.minor = string(ftyp[4:8])
	}
	if len(ftyp) > 8 {
		b.all = ftyp[8 : 8+(len(ftyp)-8)/4*4]
	}
	return b
}

// has is true when brand is the major brand or a compatible one (or, in a compact HEIF,
// the minor version).
func (b brands) has(brand string) bool {
	if b.major == brand || b.major == "mif3" && b.minor == brand {
		return true
	}
	for i := 0; i+4 <= len(b.all); i += 4 {
		if string(b.all[i:i+4]) == brand {
			return true
		}
	}
	return false
}

// imageBrands are the major brands of HEIF files, still or sequences (23008-12 and its
// codec annexes: HEVC, AVC, JPEG, JPEG 2000, VVC; AV1's in the AVIF specification,
// https://aomediacodec.github.io/av1-avif/#brands).
var imageBrands = map[string]bool{"mif1": true, "mif2": true, "mif3": true, "miaf": true, "msf1": true,
	"heic": true, "heix": true, "heim": true, "heis": true, "hevc": true, "hevx": true, "hevm": true, "hevs": true,
	"avif": true, "avis": true, "avci": true, "avcs": true, "jpeg": true, "jpgs": true, "j2ki": true,
	"j2is": true, "vvic": true, "vvis": true}

// isImage is true for a HEIF file: an image brand, or a meta box and no moov.
func (v *isoFile) isImage(b brands) bool {
	return imageBrands[b.major] || v.moov == nil && (v.meta != nil || v.mini != nil)
}

// movie gives the facts of an MP4 or MOV.
func (v *isoFile) movie(rd *reader, b brands) (Facts, error) {
	m, unread, err := v.readMoov(rd)
	if err != nil {
		return Facts{}, err
	}
	f, err := m.facts()
	if err != nil {
		return Facts{}, err
	}
	f.Format = "mp4"
	if b.major == "qt  " || v.ftyp == nil {
		f.Format = "mov"
	}
	f.Faststart = v.mdatOff < 0 || v.moovOff < v.mdatOff
	f.Unread = append(f.Unread, unread...)
	return f, nil
}

// readMoov parses the file's moov and reads the movie fragments that continue its tracks:
// the movie, and what of the fragments could not be read (Facts.Unread).
func (v *isoFile) readMoov(rd *reader) (*movie, []string, error) {
	m, err := parseMoov(v.moov, v.moovOff)
	if err != nil {
		return nil, nil, err
	}
	unread, err := v.frags.read(rd, m)
	if err != nil {
		return nil, nil, err
	}
	return m, unread, nil
}

// isoBox is one box found inside a box read into memory: its type, its body, and the file
// offset of that body (for errors).
type isoBox struct {
	typ  string
	body []byte
	off  int64
}

// buf is a cursor over the box's body whose messages name the box.
func (k isoBox) buf() *buf { return &buf{b: k.body, base: k.off, box: k.typ} }

// children lists the boxes in b, whose first byte is at file offset base. A child that
// runs past its parent is media_corrupt; fewer than 8 trailing bytes are ignored (QuickTime
// ends some lists with a 32-bit zero).
func children(b []byte, base int64) ([]isoBox, error) {
	var out []isoBox
	for pos := 0; len(b)-pos >= 8; {
		if len(out) == maxChildBoxes {
			return nil, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("more than %d boxes in one container", maxChildBoxes))
		}
		k, next, err := nextBox(b, pos, base)
		if err != nil {
			return nil, err
		}
		out = append(out, k)
		pos = next
	}
	return out, nil
}

// nextBox reads the box at b[pos:] (at least 8 bytes), whose parent's body b starts at
// file offset base, and returns it and the position after it, allocating nothing.
func nextBox(b []byte, pos int, base int64) (isoBox, int, error) {
	size, hdr := uint64(be32(b[pos:])), 8
	typ := b[pos+4 : pos+8]
	switch size {
	case 0:
		size = uint64(len(b) - pos)
	case 1:
		if len(b)-pos < 16 {
			return isoBox{}, 0, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("the %s box's 64-bit size runs past its parent", quoteBytes(typ)))
		}
		size, hdr = be64(b[pos+8:]), 16
	}
	if size < uint64(hdr) || size > uint64(len(b)-pos) {
		return isoBox{}, 0, errAt(CodeCorrupt, base+int64(pos), fmt.Sprintf("the %s box declares %d bytes; its parent has %d left", quoteBytes(typ), size, len(b)-pos))
	}
	return isoBox{typ: string(typ), body: b[pos+hdr : pos+int(size)], off: base + int64(pos+hdr)}, pos + int(size), nil
}

// child returns the first box of type typ in b, or nil.
func child(b []byte, base int64, typ string) (*isoBox, error) {
	kids, err := children(b, base)
	if err != nil {
		return nil, err
	}
	for i := range kids {
		if kids[i].typ == typ {
			return &kids[i], nil
		}
	}
	return nil, nil
}

func be32(b []byte) uint32 {
	return uint32(b[0])<<24 | uint32(b[1])<<16 | uint32(b[2])<<8 | uint32(b[3])
}
func be64(b []byte) uint64 { return uint64(be32(b))<<32 | uint64(be32(b[4:])) }
