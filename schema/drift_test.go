package schema_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/postrules/postrules/rules"
	"github.com/postrules/postrules/rules/media"
	"github.com/postrules/postrules/rules/xweight"
	"github.com/postrules/postrules/schema"
)

// The platforms' machine-readable sources, vendored under testdata/sources with their
// provenance (PROVENANCE.md beside each): a figure of the book that drifts from the one
// its source states fails TestSourcesDrift.
const (
	srcPost      = "atproto/lexicons/app/bsky/feed/post.json"
	srcImages    = "atproto/lexicons/app/bsky/embed/images.json"
	srcGallery   = "atproto/lexicons/app/bsky/embed/gallery.json"
	srcVideo     = "atproto/lexicons/app/bsky/embed/video.json"
	srcTwText    = "twitter-text/config/v3.json"
	srcXAPI      = "x-openapi/openapi.json"
	srcYouTube   = "youtube-discovery/youtube-api.json"
	srcPinterest = "pinterest-openapi/openapi.json"
)

// figure is the value at path (object members and array indexes, dot-separated) of the
// vendored source file, as read from its JSON.
func figure(t *testing.T, file, path string) any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "sources", file))
	if err != nil {
		t.Fatal(err)
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		t.Fatalf("%s: %v", file, err)
	}
	for _, step := range strings.Split(path, ".") {
		switch node := v.(type) {
		case map[string]any:
			next, ok := node[step]
			if !ok {
				t.Fatalf("%s has no %q at %s", file, step, path)
			}
			v = next
		case []any:
			i, err := strconv.Atoi(step)
			if err != nil || i < 0 || i >= len(node) {
				t.Fatalf("%s has no index %q at %s", file, step, path)
			}
			v = node[i]
		default:
			t.Fatalf("%s: %s goes through a %T", file, path, v)
		}
	}
	return v
}

// number is the integer at path of file: a JSON number, or a string of digits as Google's
// discovery documents write their int64 values.
func number(t *testing.T, file, path string) int64 {
	t.Helper()
	var s string
	switch v := figure(t, file, path).(type) {
	case json.Number:
		s = v.String()
	case string:
		s = v
	default:
		t.Fatalf("%s %s is a %T, not a number", file, path, v)
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		t.Fatalf("%s %s: %v", file, path, err)
	}
	return n
}

// strs is the array of strings at path of file.
func strs(t *testing.T, file, path string) []string {
	t.Helper()
	list, ok := figure(t, file, path).([]any)
	if !ok {
		t.Fatalf("%s %s is not an array", file, path)
	}
	out := make([]string, len(list))
	for i, v := range list {
		if out[i], ok = v.(string); !ok {
			t.Fatalf("%s %s.%d is not a string", file, path, i)
		}
	}
	return out
}

// bookLimit is the Limit of the book's rule id.
func bookLimit(t *testing.T, id string) int64 {
	t.Helper()
	r, ok := rules.RuleByID(id)
	if !ok {
		t.Fatalf("the book has no rule %s", id)
	}
	return int64(r.Limit)
}

// judgedAt holds media.Judge to a byte figure: the file at the figure has no problem,
// one byte more breaks rule.
func judgedAt(t *testing.T, p rules.Platform, f media.Facts, figure int64, rule string) {
	t.Helper()
	f.Bytes = figure
	if problems, _ := media.Judge(p, f); len(problems) > 0 {
		t.Errorf("%s: %d bytes (a %s file), the source's figure, are refused: %v", p, figure, f.Kind, problems)
	}
	f.Bytes = figure + 1
	if problems, _ := media.Judge(p, f); !slices.ContainsFunc(problems, func(pr media.Problem) bool { return pr.Rule == rule }) {
		t.Errorf("%s: %d bytes (a %s file), past the source's figure, are not refused by %s: %v", p, figure+1, f.Kind, rule, problems)
	}
}

// Facts of ordinary files that every other rule of their platform takes, so that only
// the figure under test decides.
var (
	driftImage = media.Facts{Kind: media.KindImage, Format: "jpeg", MIME: "image/jpeg", Width: 1200, Height: 1200}
	driftVideo = media.Facts{Kind: media.KindVideo, Format: "mp4", MIME: "video/mp4", Width: 1280, Height: 720,
		Duration: 60, FrameRate: 30, VideoCodec: "h264", VideoProfile: "High", AudioCodec: "aac",
		AudioSampleRate: 48000, AudioChannels: 2, Faststart: true}
)

// TestSourcesDrift compares each figure of the vendored sources with the book: a text
// rule by its Limit, a media rule by what media.Judge answers at the figure and one past
// it, a wire bound by what CheckCreatePost answers at and past it. Each case names the
// file and JSON path it reads.
func TestSourcesDrift(t *testing.T) {
	limits := []struct {
		file, path, rule string
	}{
		{srcPost, "defs.main.record.properties.text.maxGraphemes", "bluesky.text.max_graphemes"},
		{srcPost, "defs.main.record.properties.text.maxLength", "bluesky.text.max_bytes"},
		{srcPost, "defs.main.record.properties.langs.maxLength", "bluesky.langs.max"},
		// More images than embed.images holds post as a gallery: the warning's threshold.
		{srcImages, "defs.main.properties.images.maxLength", "bluesky.media.gallery"},
		{srcTwText, "maxWeightedTweetLength", "twitter.text.x_weighted"},
		{srcXAPI, "components.schemas.CreatePostsPoll.properties.options.items.maxLength", "twitter.poll"},
		{srcXAPI, "components.schemas.CreatePostsMedia.properties.media_ids.maxItems", "twitter.media.max"},
		{srcPinterest, "components.schemas.PinCreate.properties.title.maxLength", "pinterest.title.max"},
		{srcPinterest, "components.schemas.PinCreate.properties.description.maxLength", "pinterest.description.max"},
		{srcPinterest, "components.schemas.PinCreate.properties.alt_text.maxLength", "pinterest.alt_text.max"},
		{srcPinterest, "components.schemas.PinCreate.properties.link.maxLength", "pinterest.link.max"},
		{srcPinterest, "components.schemas.PinMediaSourceImagesURL.properties.items.maxItems", "pinterest.carousel"},
	}
	for _, c := range limits {
		t.Run(c.rule, func(t *testing.T) {
			if got, want := bookLimit(t, c.rule), number(t, c.file, c.path); got != want {
				t.Errorf("%s is %d; %s %s says %d", c.rule, got, c.file, c.path, want)
			}
		})
	}

	bytesAt := []struct {
		name, file, path string
		platform         rules.Platform
		facts            media.Facts
		rule             string
	}{
		{"bluesky.images", srcImages, "defs.image.properties.image.maxSize", rules.Bluesky, driftImage, "bluesky.image.max_bytes"},
		{"bluesky.gallery", srcGallery, "defs.image.properties.image.maxSize", rules.Bluesky, driftImage, "bluesky.image.max_bytes"},
		{"bluesky.video", srcVideo, "defs.main.properties.video.maxSize", rules.Bluesky, driftVideo, "bluesky.video.max_bytes"},
		{"youtube.video", srcYouTube, "resources.videos.methods.insert.mediaUpload.maxSize", rules.YouTube, driftVideo, "youtube.video.max_bytes"},
		{"twitter.video", srcXAPI, "components.schemas.InitializeMediaUploadRequest.properties.total_bytes.maximum", rules.Twitter, driftVideo, "twitter.video.max_bytes"},
	}
	for _, c := range bytesAt {
		t.Run(c.name, func(t *testing.T) { judgedAt(t, c.platform, c.facts, number(t, c.file, c.path), c.rule) })
	}

	// Bluesky's gallery holds 20 items, and asks authoring clients for a soft limit of 10:
	// the book errs at the soft limit (bluesky.media.max_images), whose figure must stay
	// the one the lexicon's description names, within its hard maximum.
	t.Run("bluesky.media.max_images", func(t *testing.T) {
		limit := bookLimit(t, "bluesky.media.max_images")
		hard := number(t, srcGallery, "defs.main.properties.items.maxLength")
		desc, _ := figure(t, srcGallery, "defs.main.properties.items.description").(string)
		if limit > hard || !strings.Contains(desc, fmt.Sprintf("soft limit of %d items", limit)) {
			t.Errorf("bluesky.media.max_images is %d; the gallery lexicon holds %d and says %q", limit, hard, desc)
		}
	})

	// The video blob accepts only the MIME types listed: each is a format the book takes,
	// and a QuickTime file is not.
	t.Run("bluesky.video.format", func(t *testing.T) {
		accept := strs(t, srcVideo, "defs.main.properties.video.accept")
		for _, mime := range accept {
			f := driftVideo
			f.MIME, f.Format = mime, strings.TrimPrefix(mime, "video/")
			if problems, _ := media.Judge(rules.Bluesky, f); len(problems) > 0 {
				t.Errorf("the lexicon accepts %s, the book refuses it: %v", mime, problems)
			}
		}
		mov := driftVideo
		mov.MIME, mov.Format = "video/quicktime", "mov"
		if slices.Contains(accept, mov.MIME) {
			t.Fatalf("the lexicon now accepts %s: %v", mov.MIME, accept)
		}
		if problems, _ := media.Judge(rules.Bluesky, mov); !slices.ContainsFunc(problems, func(p media.Problem) bool { return p.Rule == "bluesky.video.format" }) {
			t.Errorf("the lexicon accepts only %v, the book takes a %s: %v", accept, mov.MIME, problems)
		}
	})

	// Pinterest's base64 image source takes the content types of ContentType: the book
	// takes each without a problem or a format warning.
	t.Run("pinterest.image.format", func(t *testing.T) {
		for _, mime := range strs(t, srcPinterest, "components.schemas.ContentType.enum") {
			f := driftImage
			f.MIME, f.Format = mime, strings.TrimPrefix(mime, "image/")
			problems, warnings := media.Judge(rules.Pinterest, f)
			if len(problems) > 0 || slices.ContainsFunc(warnings, func(p media.Problem) bool { return strings.HasPrefix(p.Rule, "pinterest.image.format") }) {
				t.Errorf("Pinterest's OpenAPI takes %s, the book answers problems %v, warnings %v", mime, problems, warnings)
			}
		}
	})

	// X's weighted length is twitter-text's config, field for field.
	t.Run("xweight.ConfigV3", func(t *testing.T) {
		b, err := os.ReadFile(filepath.Join("testdata", "sources", srcTwText))
		if err != nil {
			t.Fatal(err)
		}
		var cfg xweight.Config
		if err := json.Unmarshal(b, &cfg); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(cfg, xweight.ConfigV3()) {
			t.Errorf("xweight.ConfigV3() is %+v; twitter-text's config/v3.json is %+v", xweight.ConfigV3(), cfg)
		}
	})

	// X's poll bounds, which the wire types state (schema.Poll): at each bound a poll is
	// taken, one past it refused at its member.
	t.Run("twitter.poll.bounds", func(t *testing.T) {
		poll := "components.schemas.CreatePostsPoll.properties."
		minOpts, maxOpts := number(t, srcXAPI, poll+"options.minItems"), number(t, srcXAPI, poll+"options.maxItems")
		minDur, maxDur := number(t, srcXAPI, poll+"duration_minutes.minimum"), number(t, srcXAPI, poll+"duration_minutes.maximum")
		for _, c := range []struct {
			options, minutes int64
			bad              string // the member refused, "" when the poll is taken
		}{
			{minOpts, minDur, ""},
			{maxOpts, maxDur, ""},
			{minOpts - 1, minDur, "/options"},
			{maxOpts + 1, maxDur, "/options"},
			{minOpts, minDur - 1, "/durationMinutes"},
			{maxOpts, maxDur + 1, "/durationMinutes"},
		} {
			checkPoll(t, c.options, c.minutes, c.bad)
		}
	})
}

// checkPoll checks a twitter post with a poll of n options open minutes long: valid when
// bad is "", else refused with a problem at bad under the poll.
func checkPoll(t *testing.T, n, minutes int64, bad string) {
	t.Helper()
	options := make([]string, n)
	for i := range options {
		options[i] = "option " + strconv.Itoa(i+1)
	}
	opts, err := json.Marshal(options)
	if err != nil {
		t.Fatal(err)
	}
	body := fmt.Sprintf(`{"content": "Which one?", "platforms": [{"platform": "twitter", "platformSpecificData": {"poll": {"options": %s, "durationMinutes": %d}}}], "publishNow": true}`, opts, minutes)
	v := schema.CheckCreatePost([]byte(body), schema.Env{})
	at := "/platforms/0/platformSpecificData/poll" + bad
	switch {
	case bad == "" && !v.Valid:
		t.Errorf("X takes a poll of %d options for %d minutes, the book refuses it: %+v", n, minutes, v.Problems)
	case bad != "" && !slices.ContainsFunc(v.Problems, func(p schema.Problem) bool { return strings.HasPrefix(p.Path, at) }):
		t.Errorf("X refuses a poll of %d options for %d minutes, the book has no problem at %s: valid %v, %+v", n, minutes, at, v.Valid, v.Problems)
	}
}
