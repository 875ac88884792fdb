package media

// TIFF: the size and orientation from the first image file directory.

// maxIFD bounds the entries of a TIFF or EXIF directory the probe reads.
const maxIFD = 4096

// probeTIFF reads IFD0 of a TIFF 6.0 file: ImageWidth (0x100), ImageLength (0x101) and
// Orientation (0x112).
func probeTIFF(rd *reader, _ []byte) (Facts, error) {
	tags, _, err := readIFD0(rd, 0, rd.size, false)
	if err != nil {
		return Facts{}, err
	}
	f := Facts{Kind: KindImage, Format: "tiff", Width: int(tags[0x100]), Height: int(tags[0x101])}
	if f.Width <= 0 || f.Height <= 0 {
		return Facts{}, errAt(CodeCorrupt, 0, "the TIFF's first directory gives no image width and length")
	}
	applyOrientation(&f, int(tags[tagOrientation]))
	return f, nil
}
