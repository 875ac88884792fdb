package rules

import (
	"strings"

	"github.com/postrules/postrules/internal/strictjson"
	"github.com/postrules/postrules/rules/apierror"
)

// Platform names one of the ten platforms a post can target. Its value is the wire name.
type Platform string

// The ten platforms, in the API's canonical order.
const (
	Twitter        Platform = "twitter"
	Instagram      Platform = "instagram"
	YouTube        Platform = "youtube"
	TikTok         Platform = "tiktok"
	Pinterest      Platform = "pinterest"
	LinkedIn       Platform = "linkedin"
	Bluesky        Platform = "bluesky"
	Facebook       Platform = "facebook"
	Threads        Platform = "threads"
	GoogleBusiness Platform = "googlebusiness"
)

const numPlatforms = 10

// Platforms returns the ten platforms in canonical order. The slice is new on each call.
func Platforms() []Platform {
	return []Platform{Twitter, Instagram, YouTube, TikTok, Pinterest, LinkedIn, Bluesky, Facebook, Threads, GoogleBusiness}
}

// index returns p's position in canonical order, or -1 when p is not one of the ten.
// Names are exact: "Twitter" or "x" is not a platform.
func (p Platform) index() int {
	switch p {
	case Twitter:
		return 0
	case Instagram:
		return 1
	case YouTube:
		return 2
	case TikTok:
		return 3
	case Pinterest:
		return 4
	case LinkedIn:
		return 5
	case Bluesky:
		return 6
	case Facebook:
		return 7
	case Threads:
		return 8
	case GoogleBusiness:
		return 9
	}
	return -1
}

// Valid reports whether p is one of the ten platforms (exact, lowercase wire name).
func (p Platform) Valid() bool { return p.index() >= 0 }

// DisplayName is how a message names the platform to a person: "X" for twitter,
// "YouTube", "TikTok", "LinkedIn", "Google Business Profile" for googlebusiness, and
// the name with a capital first letter for the others ("Instagram", "Bluesky"). The
// media rules' messages and the fixes' descriptions both use it.
func (p Platform) DisplayName() string {
	switch p {
	case Twitter:
		return "X"
	case YouTube:
		return "YouTube"
	case TikTok:
		return "TikTok"
	case LinkedIn:
		return "LinkedIn"
	case GoogleBusiness:
		return "Google Business Profile"
	}
	s := string(p)
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// ParsePlatform returns s as a Platform, or a 400 unknown_platform error listing the ten.
func ParsePlatform(s string) (Platform, error) {
	p := Platform(s)
	if p.Valid() {
		return p, nil
	}
	msg := "platform " + quote(s) + " is not one of twitter, instagram, youtube, tiktok, pinterest, linkedin, bluesky, facebook, threads, googlebusiness"
	return "", apierror.New(apierror.CodeUnknownPlatform, "", msg)
}

// platformIndex is p's index (see Platform.index), or ParsePlatform's unknown_platform
// error when p is not one of the ten: the one question a measurement asks of its
// platform name before it works by index.
func platformIndex(p Platform) (int, error) {
	if i := p.index(); i >= 0 {
		return i, nil
	}
	_, err := ParsePlatform(string(p))
	return -1, err
}

// quote renders s for a message: strictjson.Quote, Go-quoted and cut to a readable length,
// as every face words a value.
func quote(s string) string { return strictjson.Quote(s) }
