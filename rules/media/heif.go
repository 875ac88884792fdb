package media

// HEIF images (ISO/IEC 23008-12): HEIC, AVIF, and the other codecs a HEIF item may hold
// (AVC, JPEG, JPEG 2000, VVC). The facts are those of the primary item (pitm): its size
// (ispe) and its transformations (irot, imir, in the order its ipma lists them), whatever
// its codec; the codec only names the format. An image sequence (AVIF's avis, HEIF's
// msf1) also has a moov track, whose samples give its frames and duration.

import (
	"fmt"
	"math"
)

// image gives the facts of a HEIF file.
func (v *isoFile) image(rd *reader, b brands) (Facts, error) {
	var f Facts
	var err error
	switch {
	case v.meta != nil:
		f, err = probeHEIF(v.meta, v.metaOff, b)
	case v.mini != nil:
		f, err = probeMini(rd, *v.mini, b)
	case v.moov == nil:
		return Facts{}, errAt(CodeTruncated, rd.size, "an HEIF file without a meta box")
	}
	if err != nil || v.moov == nil {
		return f, err
	}
	m, unread, err := v.readMoov(rd)
	if err != nil {
		return Facts{}, err
	}
	t := m.sequence()
	if t == nil {
		if v.meta == nil {
			return Facts{}, errAt(CodeCorrupt, v.moovOff, "an image sequence whose moov has no picture track and no meta box")
		}
		return f, nil
	}
	if v.meta == nil {
		if t.width == 0 || t.height == 0 {
			return Facts{}, errAt(CodeCorrupt, v.moovOff, fmt.Sprintf("the image sequence's track gives a picture of %dx%d pixels", t.width, t.height))
		}
		f = Facts{Kind: KindImage, Format: heifFormat(isoCodecType[t.codec], b), Width: t.width, Height: t.height}
		t.orient.apply(&f)
	}
	f.Frames = int(min(t.samples, math.MaxInt32))
	f.Duration = t.seconds()
	f.Unread = append(f.Unread, unread...)
	return f, nil
}

// itemProperties reads an iprp box: the properties of its first ipco (unless props
// already holds some) and its ipma boxes, after ipmas.
func itemProperties(iprp isoBox, props, ipmas []isoBox) ([]isoBox, []isoBox, error) {
	ik, err := children(iprp.body, iprp.off)
	if err != nil {
		return nil, nil, err
	}
	for _, c := range ik {
		switch c.typ {
		case "ipco":
			if props == nil {
				if props, err = children(c.body, c.off); err != nil {
					return nil, nil, err
				}
			}
		case "ipma":
			ipmas = append(ipmas, c)
		}
	}
	return props, ipmas, nil
}

// sequence is the first track of pictures (handler pict, 23008-12 §7.2) or of video.
func (m *movie) sequence() *track {
	for _, t := range m.tracks {
		if t.handler == "pict" || t.handler == "vide" {
			return t
		}
	}
	return nil
}

// isoCodecType is the item type of a codec the sample entries name.
var isoCodecType = map[string]string{"av1": "av01", "hevc": "hvc1", "h264": "avc1"}

// heifFormat names the format of a HEIF file from its primary item's type (23008-12
// Annex B to I for HEVC, AVC, JPEG, JPEG 2000, VVC; the AVIF specification for AV1), or,
// for a derived image (a grid of tiles, an identity or a gain map), from its brands.
func heifFormat(itemType string, b brands) string {
	switch itemType {
	case "hvc1", "hev1":
		return "heic"
	case "av01":
		return "avif"
	case "grid", "iden", "tmap", "":
		switch {
		case b.has("avif") || b.has("avis"):
			return "avif"
		case b.has("heic") || b.has("heix") || b.has("heim") || b.has("heis") || b.has("hevc") || b.has("hevx"):
			return "heic"
		}
	}
	return "heif"
}

// probeHEIF reads a HEIF meta box (23008-12 §9): the primary item (pitm), its type (iinf),
// its properties (iprp/ipco) and which belong to it (ipma).
func probeHEIF(meta []byte, base int64, b brands) (Facts, error) {
	if len(meta) < 4 {
		return Facts{}, errAt(CodeCorrupt, base, "the meta box has no version")
	}
	kids, err := children(meta[4:], base+4)
	if err != nil {
		return Facts{}, err
	}
	var primary uint32
	var props, ipmas []isoBox
	var iinf *isoBox
	for i, k := range kids {
		switch k.typ {
		case "pitm": // §8.11.4 of 14496-12: item_ID, 16 or 32 bits
			p := k.buf()
			if p.u8() == 0 {
				p.skip(3)
				primary = uint32(p.u16())
			} else {
				p.skip(3)
				primary = p.u32()
			}
			if p.err != nil {
				return Facts{}, p.err
			}
		case "iinf":
			iinf = &kids[i]
		case "iprp":
			if props, ipmas, err = itemProperties(k, props, ipmas); err != nil {
				return Facts{}, err
			}
		}
	}
	if len(ipmas) == 0 {
		return Facts{}, errAt(CodeCorrupt, base, "the HEIF meta box has no item property associations (ipma)")
	}
	itemType, err := itemTypeOf(iinf, primary)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Kind: KindImage, Format: heifFormat(itemType, b)}
	var o orient
	for _, ipma := range ipmas {
		err := associations(ipma, primary, len(props), func(idx int) {
			pr := props[idx-1]
			switch pr.typ {
			case "ispe": // §6.5.3: full box, image_width, image_height
				if len(pr.body) >= 12 {
					f.Width, f.Height = int(be32(pr.body[4:])), int(be32(pr.body[8:]))
				}
			case "irot": // §6.5.10: angle × 90° anti-clockwise
				if len(pr.body) >= 1 {
					o = o.rotate(-int(pr.body[0] & 3))
				}
			case "imir": // §6.5.12 (2022): axis 0 exchanges top and bottom, 1 left and right
				if len(pr.body) >= 1 {
					o = o.flip(pr.body[0]&1 == 1)
				}
			}
		})
		if err != nil {
			return Facts{}, err
		}
	}
	if f.Width <= 0 || f.Height <= 0 {
		return Facts{}, errAt(CodeCorrupt, ipmas[0].off, "the HEIF primary image has no size (ispe)")
	}
	o.apply(&f)
	return f, nil
}

// associations calls fn with the index (1 to nprops) of each property the ipma box
// associates with item, in the box's order (§9.3.3 of 23008-12: entries of item_ID and
// property indices of 7 or 15 bits, after an essential bit).
func associations(ipma isoBox, item uint32, nprops int, fn func(idx int)) error {
	p := ipma.buf()
	version := p.u8()
	flags := p.u24()
	n := p.u32()
	for i := uint32(0); i < n && p.err == nil; i++ {
		var id uint32
		if version < 1 {
			id = uint32(p.u16())
		} else {
			id = p.u32()
		}
		m := int(p.u8())
		for j := 0; j < m && p.err == nil; j++ {
			var idx int
			if flags&1 != 0 {
				idx = int(p.u16() & 0x7fff)
			} else {
				idx = int(p.u8() & 0x7f)
			}
			if p.err == nil && id == item && idx >= 1 && idx <= nprops {
				fn(idx)
			}
		}
	}
	return p.err
}

// itemTypeOf finds the type of item in the item information box (14496-12 §8.11.6: a
// count, then infe boxes whose versions 2 and 3 give item_ID, protection index and
// item_type). "" when the box or the item is missing, or its infe is of version 0 or 1.
func itemTypeOf(iinf *isoBox, item uint32) (string, error) {
	if iinf == nil {
		return "", nil
	}
	p := iinf.buf()
	if p.u8() == 0 {
		p.skip(3 + 2)
	} else {
		p.skip(3 + 4)
	}
	if p.err != nil {
		return "", p.err
	}
	entries, err := children(iinf.body[p.pos:], iinf.off+int64(p.pos))
	if err != nil {
		return "", err
	}
	for _, e := range entries {
		if e.typ != "infe" {
			continue
		}
		q := e.buf()
		version := q.u8()
		q.skip(3)
		if version < 2 {
			continue
		}
		var id uint32
		if version == 2 {
			id = uint32(q.u16())
		} else {
			id = q.u32()
		}
		q.skip(2)
		typ := q.bytes(4)
		if q.err != nil {
			return "", q.err
		}
		if id == item && validType(typ) {
			return string(typ), nil
		}
	}
	return "", nil
}

// exifOrients are the eight EXIF orientations (CIPA DC-008 tag 0x0112, 1 to 8) as
// turns then a left-to-right flip: 2 mirrored, 4 mirrored top to bottom (a half turn
// mirrored), 5 the transpose, 7 the transverse.
var exifOrients = [9]orient{1: {}, 2: {0, true}, 3: {2, false}, 4: {2, true}, 5: {1, true}, 6: {1, false}, 7: {3, true}, 8: {3, false}}

// probeMini reads a compact HEIF's MinimizedImageBox (23008-12 3rd edition Amd 2, brand
// mif3), a bit string whose first fields give the size and the orientation as libheif
// reads them (https://github.com/strukturag/libheif/blob/master/libheif/mini.cc):
// version (2 bits), nine flags, chroma_subsampling (2), orientation_minus1 (3),
// small_dimensions_flag (1), then width_minus1 and height_minus1 of 7 or 15 bits each.
func probeMini(rd *reader, s span, b brands) (Facts, error) {
	h, err := rd.small(s.off+s.hdr, int(min(s.blen, 6)))
	if err != nil {
		return Facts{}, err
	}
	if len(h) < 6 {
		return Facts{}, errAt(CodeCorrupt, s.off, fmt.Sprintf("the mini box holds %d bytes, fewer than its header fields need", len(h)))
	}
	bits := uint64(be32(h))<<16 | uint64(h[4])<<8 | uint64(h[5]) // 48 bits, first at bit 47
	field := func(at, n int) int { return int(bits>>(48-at-n)) & (1<<n - 1) }
	if v := field(0, 2); v != 0 {
		return Facts{}, errAt(CodeUnrecognized, s.off+s.hdr, fmt.Sprintf("a mini box of version %d, which the probe does not read", v))
	}
	f := Facts{Kind: KindImage, Format: heifFormat("", b)}
	if field(16, 1) == 1 {
		f.Width, f.Height = field(17, 7)+1, field(24, 7)+1
	} else {
		f.Width, f.Height = field(17, 15)+1, field(32, 15)+1
	}
	exifOrients[field(13, 3)+1].apply(&f)
	return f, nil
}
