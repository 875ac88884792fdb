package media

import (
	"testing"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"
)

func properties(t *testing.T, n int) *gopter.Properties {
	t.Helper()
	params := gopter.DefaultTestParameters()
	params.MinSuccessfulTests = n
	return gopter.NewProperties(params)
}

// Every prefix of a valid file (past the few bytes that name its format) is read inside
// its size and gives either facts or media_truncated: a cut file is never called
// corrupt, never crashes, never reads past its end.
func TestPropPrefixIsFactsOrTruncated(t *testing.T) {
	all := seeds(t, ".mp4", ".mov", ".heic", ".avif", ".webm", ".jpg", ".png", ".gif", ".webp", ".bmp", ".tiff", ".pdf")
	p := properties(t, 3000)
	p.Property("prefix gives facts or media_truncated", prop.ForAll(
		func(i int, cut float64) bool {
			s := all[i%len(all)]
			n := 32 + int(cut*float64(len(s)-32))
			_, err, _ := probeBytes(t, s[:n])
			if err != nil && err.Code != CodeTruncated {
				t.Logf("seed %d cut at %d of %d: %v", i%len(all), n, len(s), err)
				return false
			}
			return true
		},
		gen.IntRange(0, 1000), gen.Float64Range(0, 1),
	))
	p.TestingRun(t)
}

// The displayed width and height are the coded ones, swapped exactly when the rotation
// is a quarter turn; for a video's track matrix and a photo's EXIF orientation alike.
func TestPropDisplayedSizeFollowsRotation(t *testing.T) {
	mp4, jpg := seed(t, "moov-at-end.mp4"), seed(t, "image.jpg")
	p := properties(t, 200)
	p.Property("video: swapped iff 90 or 270", prop.ForAll(
		func(q int) bool {
			f, err, _ := probeBytes(t, withRotation(t, mp4, q*90))
			if err != nil {
				return false
			}
			swapped := f.Width == 18 && f.Height == 32
			return f.Rotation == q*90 && swapped == (q%2 == 1) && (swapped || f.Width == 32 && f.Height == 18)
		},
		gen.IntRange(0, 3),
	))
	p.Property("photo: swapped iff orientation 5 to 8", prop.ForAll(
		func(o uint16) bool {
			f, err, _ := probeBytes(t, withEXIF(jpg, o))
			if err != nil {
				return false
			}
			swapped := f.Width == 18 && f.Height == 32
			quarter := f.Rotation == 90 || f.Rotation == 270
			return swapped == (o >= 5 && o <= 8) && swapped == quarter
		},
		gen.UInt16Range(0, 12),
	))
	p.TestingRun(t)
}

// Whatever bytes a file holds, the probe reads and allocates at most a constant times its
// size (FuzzProbeCost's bound, here on seeds with random bytes overwritten, so that a
// plain go test checks it too).
func TestPropCostBoundedBySize(t *testing.T) {
	all := seeds(t, ".mp4", ".mov", ".heic", ".avif", ".webm", ".jpg", ".png", ".gif", ".webp", ".bmp", ".tiff", ".pdf")
	p := properties(t, 2000)
	p.Property("bytes read <= 3 x size + 64, allocated <= 4 x size + 128 KiB", prop.ForAll(
		func(i int, at []int, with []byte) bool {
			s := append([]byte{}, all[i%len(all)]...)
			for k := range min(len(at), len(with)) {
				s[at[k]%len(s)] = with[k]
			}
			checkCost(t, s)
			return !t.Failed()
		},
		gen.IntRange(0, 1000), gen.SliceOf(gen.IntRange(0, 1<<20)), gen.SliceOf(gen.UInt8()),
	))
	p.TestingRun(t)
}
