package generate

// The nine codes of a media URL whose facts could not be had: the five of a file the
// fetcher could not read (rules/media/fetch), and the four of a file it read that the
// probe does not take as media (empty, unrecognized, truncated, corrupt), which the
// fetcher passes on under the probe's code. The book answers them from Env.MediaErrors,
// so their cases carry the failure as data (a line's "mediaErrors"), and a test of an
// API plays it by making that URL fail so (or serve such a file).

import (
	"bytes"
	"maps"
	"strconv"
	"sync"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
	"github.com/postrules/postrules/rules/media"
)

// fetchFailures are the fetch codes with the words of a failure of each, as the fetcher
// would say them (the message is the caller's: the book passes it on).
// The probe's codes have no words here: probeFailures asks the probe.
var fetchFailures = map[apierror.Code]string{
	apierror.CodeMediaFetchRefused: "the fetcher does not read URLs of this address",
	apierror.CodeMediaUnreachable:  "the media server could not be reached",
	apierror.CodeMediaTimeout:      "the media file was not read in time",
	apierror.CodeMediaNotFound:     "the media server answered 404 Not Found",
	apierror.CodeMediaTooLarge:     "reading the media file's headers would pass the byte budget",
}

// fetchFailure builds an accepted body with media, one of whose files failed with
// code: the book answers code at that item's /url, and nothing else.
func fetchFailure(code apierror.Code) func(d *draws, ps []rules.Platform) (*Case, bool) {
	return func(d *draws, ps []rules.Platform) (*Case, bool) {
		b, ok := newBase(d, ps)
		if !ok || len(b.p.media) == 0 {
			return nil, false // drawn again: a case needs a media item to fail
		}
		k := d.intn(len(b.p.media))
		url := b.p.media[k].URL
		c := b.refused(string(code), bytesOf(b.p.json()), code, "", "/mediaItems/"+strconv.Itoa(k)+"/url")
		c.Media = maps.Clone(c.Media)
		delete(c.Media, url) // a file that failed has no facts
		if len(c.Media) == 0 {
			c.Media = nil
		}
		words, found := fetchFailures[code]
		if !found {
			words = probeFailures()[code]
		}
		c.MediaErrors = map[string]*apierror.Error{url: apierror.New(code, "", words)}
		return c, true
	}
}

// notMedia are files a media URL may serve that the probe does not take, one per probe
// code: nothing; a web server's HTML page; a JPEG cut after its first segment, before
// any frame header; a PNG whose header says it is 0 pixels wide.
var notMedia = map[apierror.Code][]byte{
	apierror.CodeMediaEmpty:        {},
	apierror.CodeMediaUnrecognized: []byte("<!doctype html><title>404 Not Found</title>"),
	apierror.CodeMediaTruncated:    []byte("\xff\xd8\xff\xe0\x00\x10JFIF\x00\x01\x01\x00\x00\x01\x00\x01\x00\x00"),
	apierror.CodeMediaCorrupt:      []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR\x00\x00\x00\x00\x00\x00\x04\x38\x08\x02\x00\x00\x00\x00\x00\x00\x00"),
}

// probeFailures are, by the code media.Probe answers for it, the probe's own words for
// each file of notMedia: what the fetcher passes on for such a file.
var probeFailures = sync.OnceValue(func() map[apierror.Code]string {
	out := make(map[apierror.Code]string, len(notMedia))
	for _, b := range notMedia {
		if _, err := media.Probe(bytes.NewReader(b), int64(len(b))); err != nil {
			e := apierror.As(err)
			out[e.Code] = e.Message
		}
	}
	return out
})
