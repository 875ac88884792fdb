package media

// Compound File Binary documents (OLE2): PowerPoint 97-2003 (PPT) and Word 97-2003 (DOC).
// The header (MS-CFB §2.2,
// https://learn.microsoft.com/en-us/openspecs/windows_protocols/ms-cfb/05060311-bfce-4b12-874d-71fd4ce63aea)
// gives the sector size and the directory's first sector; the directory's entries
// (§2.6) are walked as a red-black tree from the root storage's child, and a stream named
// "PowerPoint Document" (MS-PPT §2.1.1) or "WordDocument" (MS-DOC §2.1.1) among the root's
// children tells the kind. The slide or page count lives in property sets that may sit in
// the mini stream; it is not read (Pages 0).

import (
	"encoding/binary"
	"fmt"
	"unicode/utf16"
)

const (
	oleMaxDirSectors = 1024 // directory sectors followed (4,096 to 32,768 entries)
	oleFree          = 0xFFFFFFFF
	oleEndOfChain    = 0xFFFFFFFE
	oleNoStream      = 0xFFFFFFFF
)

// probeOLE2 tells a PPT from a DOC by the streams at the root of the compound file.
func probeOLE2(rd *reader, _ []byte) (Facts, error) {
	h, err := rd.at(0, 512)
	if err != nil {
		return Facts{}, err
	}
	major, order, shift := binary.LittleEndian.Uint16(h[26:]), binary.LittleEndian.Uint16(h[28:]), binary.LittleEndian.Uint16(h[30:])
	if order != 0xFFFE || !(major == 3 && shift == 9 || major == 4 && shift == 12) {
		return Facts{}, errAt(CodeCorrupt, 26, fmt.Sprintf("a compound file header of version %d, byte order 0x%04x and sector shift %d (MS-CFB has version 3 with 512-byte sectors and 4 with 4096)", major, order, shift))
	}
	c := &oleFile{rd: rd, sector: int64(1) << shift, header: h}
	chain, err := c.chain(binary.LittleEndian.Uint32(h[48:]), "the directory")
	if err != nil {
		return Facts{}, err
	}
	per := c.sector / 128
	entry := func(id uint32) ([]byte, int64, error) {
		i := int64(id) / per
		if i >= int64(len(chain)) {
			return nil, 0, errAt(CodeCorrupt, 48, fmt.Sprintf("directory entry %d is past the directory's %d sectors", id, len(chain)))
		}
		off := c.offset(chain[i]) + int64(id)%per*128
		b, err := rd.at(off, 128)
		return b, off, err
	}
	root, rootOff, err := entry(0)
	if err != nil {
		return Facts{}, err
	}
	if root[66] != 5 {
		return Facts{}, errAt(CodeCorrupt, rootOff, fmt.Sprintf("the first directory entry is of type %d, not the root storage (5)", root[66]))
	}
	// Walk the root's children: the tree of its child's left and right siblings.
	var found []string
	stack := []uint32{binary.LittleEndian.Uint32(root[76:])}
	total := uint32(int64(len(chain)) * per)
	seen := make([]bool, total)
	for len(stack) > 0 {
		id := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if id == oleNoStream {
			continue
		}
		if id >= total || seen[id] {
			return Facts{}, errAt(CodeCorrupt, rootOff, fmt.Sprintf("the directory tree refers to entry %d twice or outside the directory (%d entries)", id, total))
		}
		seen[id] = true
		e, _, err := entry(id)
		if err != nil {
			return Facts{}, err
		}
		if e[66] == 2 { // a stream
			found = append(found, oleName(e))
		}
		stack = append(stack, binary.LittleEndian.Uint32(e[68:]), binary.LittleEndian.Uint32(e[72:]))
	}
	has := func(name string) bool {
		for _, n := range found {
			if n == name {
				return true
			}
		}
		return false
	}
	switch {
	case has("PowerPoint Document"):
		return Facts{Kind: KindDocument, Format: "ppt"}, nil
	case has("WordDocument"):
		return Facts{Kind: KindDocument, Format: "doc"}, nil
	case has("EncryptedPackage"):
		// MS-OFFCRYPTO §2.3.4.4: a password-protected PPTX or DOCX is a compound file whose
		// package is encrypted; which of the two it is cannot be read without the password.
		return Facts{}, errAt(CodeUnrecognized, 0, "a password-protected Office document (its EncryptedPackage stream): whether it is a presentation or a text cannot be read without the password")
	case has("Workbook") || has("Book"):
		return Facts{}, errAt(CodeUnrecognized, 0, "an Excel 97-2003 workbook (XLS), which is no format the probe judges (PPT, PPTX, DOC, DOCX among Office documents)")
	}
	return Facts{}, errAt(CodeUnrecognized, 0, "a compound file (OLE2) with neither a \"PowerPoint Document\" nor a \"WordDocument\" stream: no PPT or DOC")
}

// oleFile reads sectors and the FAT of a compound file.
type oleFile struct {
	rd     *reader
	sector int64
	header []byte
}

// offset is the file offset of sector s (the header takes the first sector's place).
func (c *oleFile) offset(s uint32) int64 { return (int64(s) + 1) * c.sector }

// next is the FAT's entry for sector s: the next sector of its chain. The FAT's own
// sectors are listed in the header's first 109 DIFAT entries; a larger file's further
// DIFAT sectors are not followed (a FAT of 109 sectors maps 6.8 MiB of 512-byte sectors
// and 436 MiB of 4096-byte ones).
func (c *oleFile) next(s uint32) (uint32, error) {
	per := uint32(c.sector / 4)
	i := s / per
	if i >= 109 {
		return 0, errAt(CodeCorrupt, 76, fmt.Sprintf("sector %d is mapped by FAT sector %d, past the header's 109 (the probe does not follow the DIFAT chain)", s, i))
	}
	fat := binary.LittleEndian.Uint32(c.header[76+4*i:])
	off := c.offset(fat) + int64(s%per)*4
	if fat > oleEndOfChain-6 {
		return 0, errAt(CodeCorrupt, 76+4*int64(i), fmt.Sprintf("the FAT sector that maps sector %d is 0x%08x, which is no sector", s, fat))
	}
	if off+4 > c.rd.size {
		return 0, errAt(CodeTruncated, c.rd.size, fmt.Sprintf("the file ends at byte %d, before the FAT sector that maps sector %d", c.rd.size, s))
	}
	b, err := c.rd.small(off, 4)
	if err != nil {
		return 0, err
	}
	return binary.LittleEndian.Uint32(b), nil
}

// chain follows the sector chain from first to its end: the sectors in order, at most
// oleMaxDirSectors and never one twice (a loop).
func (c *oleFile) chain(first uint32, what string) ([]uint32, error) {
	var out []uint32
	for s := first; s != oleEndOfChain; {
		if s > oleEndOfChain-6 { // FREE, FATSECT, DIFSECT and reserved values
			return nil, errAt(CodeCorrupt, 48, fmt.Sprintf("%s's sector chain leads to 0x%08x, which is no sector", what, s))
		}
		if c.offset(s)+c.sector > c.rd.size {
			return nil, errAt(CodeTruncated, c.rd.size, fmt.Sprintf("the file ends at byte %d, before sector %d of %s", c.rd.size, s, what))
		}
		if len(out) == oleMaxDirSectors {
			return nil, errAt(CodeCorrupt, 48, fmt.Sprintf("%s's sector chain is longer than %d sectors (or loops)", what, oleMaxDirSectors))
		}
		for _, t := range out {
			if t == s {
				return nil, errAt(CodeCorrupt, 48, fmt.Sprintf("%s's sector chain loops back to sector %d", what, s))
			}
		}
		out = append(out, s)
		n, err := c.next(s)
		if err != nil {
			return nil, err
		}
		s = n
	}
	return out, nil
}

// oleName is a directory entry's name: UTF-16LE, its length in bytes (with the
// terminating NUL) at byte 64.
func oleName(e []byte) string {
	n := int(binary.LittleEndian.Uint16(e[64:]))
	if n < 2 || n > 64 {
		return ""
	}
	u := make([]uint16, 0, n/2-1)
	for i := 0; i+1 < n-2; i += 2 {
		u = append(u, binary.LittleEndian.Uint16(e[i:]))
	}
	return string(utf16.Decode(u))
}
