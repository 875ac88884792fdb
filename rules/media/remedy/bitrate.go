package remedy

// The bitrate arithmetic of a plan that must bring a video under (or, rarely, over) a
// platform's size cap. One ffmpeg pass cannot aim at a size exactly, so the plan bounds
// it instead: x264 under a VBV of maxrate = bufsize = the video bitrate never writes more
// than bitrate x (duration + 1 s) of video, the AAC encoder's average rate stays within
// a few percent of its target, and the plan keeps SizeMargin of the cap for the MP4's
// boxes and whatever the estimate missed.

// SizeMargin is the share of a size cap a plan leaves unused: it aims at
// (1 - SizeMargin) x the cap.
const SizeMargin = 0.10

// Audio bitrates a plan re-encodes sound at, in bits per second: the usual one, and the
// lower one it falls back to when the usual one leaves too little for the picture.
const (
	audioBitrate    = 128_000
	lowAudioBitrate = 64_000
)

// minVideoBitrate is the lowest video bitrate (bits per second) a plan offers: below it
// the picture is not worth posting, and the plan says the file is too long for the cap.
const minVideoBitrate = 100_000

// ceilingBitrate is the video bitrate (bits per second) past which a plan that
// re-encodes at constant quality sets no ceiling: no H.264 stream at CRF 20 reaches it.
const ceilingBitrate = 100_000_000

// audioSlack is how far above its target an AAC encoder's average rate may land.
const audioSlack = 1.05

// underCap is the video and audio bitrates (bits per second) that keep a video of
// duration seconds under maxBytes, audio false for a video without sound; ok is false
// when even the lowest rates do not fit.
func underCap(maxBytes int64, duration float64, audio bool) (video, audioRate int64, ok bool) {
	if duration <= 0 || maxBytes <= 0 {
		return 0, 0, false
	}
	budget := float64(maxBytes) * (1 - SizeMargin) * 8 // bits
	for _, a := range []int64{audioBitrate, lowAudioBitrate} {
		if !audio {
			a = 0
		}
		v := (budget - float64(a)*audioSlack*duration) / (duration + 1)
		if v >= minVideoBitrate {
			return int64(v), a, true
		}
		if !audio {
			break
		}
	}
	return 0, 0, false
}

// boundBytes is the most bytes a video of duration seconds encoded at the rates
// underCap gives can have, before the margin: what the tests check the arithmetic by.
func boundBytes(video, audio int64, duration float64) float64 {
	return (float64(video)*(duration+1) + float64(audio)*audioSlack*duration) / 8
}

// overFloor is the constant video bitrate (bits per second) that makes a video of
// duration seconds at least minBytes, with x264 writing filler to hold the rate: the
// floor plus half again, since a short clip's first second may be lighter.
func overFloor(minBytes int64, duration float64) int64 {
	if duration <= 0 {
		duration = 1
	}
	return int64(float64(minBytes) * 8 * 1.5 / duration)
}

// floorReach is how many times a platform's size floor a file's size may be and a
// re-encoding still be planned to hold the floor: re-encoding, scaling or converting a
// file that small may land under the floor.
const floorReach = 10

// jpegBytesPerPixel is the most bytes per pixel a plan expects of a JPEG it writes at
// -q:v 3 (quality about 90, 4:2:0): photographs take 0.2 to 0.6, noise up to about 1.
const jpegBytesPerPixel = 1.0
