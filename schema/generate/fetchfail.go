package generate

// The five codes of a media URL whose file could not be read (rules/media/fetch): the
// book answers them from Env.MediaErrors, so their cases carry the failure as data (a
// line's "mediaErrors"), and a test of an API plays it by making that URL fail so.

import (
	"maps"
	"strconv"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/apierror"
)

// fetchFailures are the fetch codes with the words of a failure of each, as the fetcher
// would say them (the message is the caller's: the book passes it on).
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
		c.MediaErrors = map[string]*apierror.Error{url: apierror.New(code, "", fetchFailures[code])}
		return c, true
	}
}
