package media

import (
	"encoding/binary"
	"math/rand"
	"regexp"
	"strings"
	"testing"
)

// TestMessagesNeverNegative: no error or unread note prints a negative number (a size, a
// count, an offset), whatever the damage: the image, PDF and Office seeds with random
// bytes changed or cut (a fixed random sequence, so a failure repeats), and a BMP whose
// signed width is negative.
func TestMessagesNeverNegative(t *testing.T) {
	all := seeds(t, ".jpg", ".png", ".gif", ".webp", ".bmp", ".tiff", ".pdf", ".pptx", ".docx", ".doc")
	all = append(all, ole2([]string{"PowerPoint Document"}, false, false), craftedGIF(2000, 2))
	bmp := append([]byte{}, seed(t, "image.bmp")...)
	binary.LittleEndian.PutUint32(bmp[18:], 0xA4000020) // width -1543503840
	all = append(all, bmp)
	negative := regexp.MustCompile(`(^|[ (])-[0-9]`) // not inside quoted bytes such as "%PDF-1.7"
	r := rand.New(rand.NewSource(2))
	for i := 0; i < 20000; i++ {
		s := append([]byte{}, all[r.Intn(len(all))]...)
		if i >= len(all) {
			for range 1 + r.Intn(6) {
				p := r.Intn(len(s))
				switch r.Intn(4) {
				case 0:
					s[p] = byte(r.Intn(256))
				case 1:
					s = s[:p+1]
				case 2:
					s[p] ^= 0x80
				case 3:
					s[p] = 0xFF
				}
			}
		}
		f, err, _ := probeBytes(t, s)
		msgs := f.Unread
		if err != nil {
			msgs = append(msgs, err.Message)
		}
		for _, m := range msgs {
			if negative.MatchString(m) {
				t.Fatalf("input %d: a negative number in %q", i, strings.TrimSpace(m))
			}
		}
	}
}
