package schema

import (
	"encoding/json"
	"strconv"
	"strings"
	"testing"
)

// Mirror types: the wire types without PlatformTarget's custom UnmarshalJSON, so that
// "plain json.Unmarshal" is also measured at its cheapest (platformSpecificData decoded
// straight into the twitter struct).
type (
	mirrorPost struct {
		Content      string         `json:"content"`
		MediaItems   []MediaItem    `json:"mediaItems"`
		Platforms    []mirrorTarget `json:"platforms"`
		PublishNow   bool           `json:"publishNow"`
		ScheduledFor *string        `json:"scheduledFor"`
		Timezone     *string        `json:"timezone"`
	}
	mirrorTarget struct {
		Platform             string          `json:"platform"`
		AccountID            *string         `json:"accountId"`
		Content              *string         `json:"content"`
		PlatformSpecificData *TwitterOptions `json:"platformSpecificData"`
	}
)

// BenchmarkTypical compares, in one run, the whole check of the typical request (3
// targets, a 5-post twitter thread, 2 media, ~3 KB) with plain json.Unmarshal of the same
// body into the same types, and into mirror types without the custom UnmarshalJSON.
func BenchmarkTypical(b *testing.B) {
	body := typicalBody()
	env := Env{Now: now, Accounts: accounts}
	if v := CheckCreatePost(body, env); !v.Valid {
		b.Fatalf("typical body is invalid: %+v", v.Problems)
	}
	b.Run("CheckCreatePost", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			CheckCreatePost(body, env)
		}
	})
	benchUnmarshal[CreatePost](b, "json.Unmarshal", body)
	benchUnmarshal[mirrorPost](b, "json.Unmarshal-mirror", body)
	// The parts of the check, to see where the time goes.
	benchDecode(b, "decode-only", body)
	p, _ := decodeCreatePost(body, 0, originBody)
	b.Run("validator-only", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			checkShape(p)
		}
	})
}

// sizedBody is a valid create-post body of about n bytes: a twitter thread of ~200-byte
// posts, so that the whole body is decoded, validated and measured.
func sizedBody(n int) []byte {
	item := `{"content":"` + strings.Repeat("Thread post with some words in it. ", 6)[:200] + `"}`
	head := `{"content":"Start of a long thread","publishNow":true,"platforms":[{"platform":"twitter","platformSpecificData":{"threadItems":[`
	tail := `]}}]}`
	var sb strings.Builder
	sb.WriteString(head)
	for k := 0; sb.Len()+len(item)+1+len(tail) <= n; k++ {
		if k > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(item)
	}
	sb.WriteString(tail)
	return []byte(sb.String())
}

// BenchmarkSize shows the cost growing linearly with the body: MB/s stays flat from 3 KB
// to 1 MiB.
func BenchmarkSize(b *testing.B) {
	for _, n := range []int{3 << 10, 300 << 10, DefaultMaxBodyBytes} {
		body := sizedBody(n)
		if v := CheckCreatePost(body, Env{}); !v.Valid {
			b.Fatalf("%d-byte body is invalid: %+v", len(body), v.Problems[:1])
		}
		b.Run(strconv.Itoa(n>>10)+"KiB", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckCreatePost(body, Env{})
			}
		})
	}
}

// benchDecode is the sub-benchmark name: the strict decoder alone over the create-post
// body.
func benchDecode(b *testing.B, name string, body []byte) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			decodeCreatePost(body, 0, originBody)
		}
	})
}

// benchUnmarshal is the sub-benchmark name: encoding/json decoding body into a T, the
// alternative each strict decoding is compared with in the same run.
func benchUnmarshal[T any](b *testing.B, name string, body []byte) {
	b.Run(name, func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			var p T
			if err := json.Unmarshal(body, &p); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// BenchmarkPlatformOptions decodes 90 targets of the nine platforms with typed options,
// each giving every member of its options type, so the per-platform member tables are the
// work: the strict decoder, compared in the same run with encoding/json into the same
// types (PlatformTarget.UnmarshalJSON fills the typed options too, leniently).
func BenchmarkPlatformOptions(b *testing.B) {
	body := allOptionsBody(90)
	if _, d := decodeCreatePost(body, 0, originBody); len(d.all()) != 0 {
		b.Fatalf("the body has problems: %v", d.all())
	}
	benchDecode(b, "decode", body)
	benchUnmarshal[CreatePost](b, "json.Unmarshal", body)
}

// allOptionsBody is a create-post body of n targets that cycle through the nine platforms
// with typed options, each giving every member of its options type: the decoder's
// per-platform tables are the work.
func allOptionsBody(n int) []byte {
	opts := []string{
		`{"platform":"youtube","platformSpecificData":{"title":"A title","tags":["a","b c"],"visibility":"public","madeForKids":false,"containsSyntheticMedia":true,"categoryId":"22","firstComment":"hi"}}`,
		`{"platform":"tiktok","platformSpecificData":{"privacyLevel":"SELF_ONLY","disableComment":true,"disableDuet":false,"disableStitch":true,"brandContentToggle":false,"brandOrganicToggle":false,"isAigc":false,"videoCoverTimestampMs":1000,"autoAddMusic":true,"photoCoverIndex":0,"description":"d","draft":false}}`,
		`{"platform":"pinterest","platformSpecificData":{"boardId":"b1","title":"t","link":"https://a.example/x","altText":"alt","dominantColor":"#ffffff","coverImageUrl":"https://a.example/c.png"}}`,
		`{"platform":"linkedin","platformSpecificData":{"visibility":"PUBLIC","articleUrl":"https://a.example/a","articleTitle":"t","articleDescription":"d","documentTitle":"doc"}}`,
		`{"platform":"bluesky","platformSpecificData":{"langs":["en","de"],"altText":["one"]}}`,
		`{"platform":"facebook","platformSpecificData":{"link":"https://a.example/l","published":true,"videoThumbnailUrl":"https://a.example/t.png"}}`,
		`{"platform":"instagram","platformSpecificData":{"shareToFeed":true,"coverUrl":"https://a.example/c.png","thumbOffset":5}}`,
		`{"platform":"threads","platformSpecificData":{"replyControl":"everyone","altText":["one"]}}`,
		`{"platform":"googlebusiness","platformSpecificData":{"topicType":"EVENT","callToActionType":"BOOK","callToActionUrl":"https://a.example/b","eventTitle":"e","eventStartDate":"2026-03-01","eventStartTime":"09:00","eventEndDate":"2026-03-02","eventEndTime":"10:00","offerCouponCode":"C","offerRedeemOnlineUrl":"https://a.example/r","offerTermsConditions":"t"}}`,
	}
	var ts []string
	for i := 0; i < n; i++ {
		ts = append(ts, opts[i%len(opts)])
	}
	return []byte(`{"content":"hello","publishNow":true,"mediaItems":[{"type":"image","url":"https://a.example/i.png"}],"platforms":[` + strings.Join(ts, ",") + `]}`)
}

// manyTargetsBody is a create-post body with k shared images and k twitter targets: every
// twitter target receives the shared media, so a check that looked at the media once per
// target would cost k*k.
func manyTargetsBody(k int) []byte {
	var sb strings.Builder
	sb.WriteString(`{"content":"x","publishNow":true,"mediaItems":[`)
	for i := 0; i < k; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"type":"image","url":"https://a.example/i.png"}`)
	}
	sb.WriteString(`],"platforms":[`)
	for i := 0; i < k; i++ {
		if i > 0 {
			sb.WriteByte(',')
		}
		sb.WriteString(`{"platform":"twitter"}`)
	}
	sb.WriteString(`]}`)
	return []byte(sb.String())
}

// BenchmarkSharedMedia shows that k shared media on k twitter targets cost linear time:
// 8k is 4 times 2k in body size and must be about 4 times (not 16 times) in ns/op.
func BenchmarkSharedMedia(b *testing.B) {
	for _, k := range []int{2000, 8000} {
		body := manyTargetsBody(k)
		b.Run(strconv.Itoa(k/1000)+"k", func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				CheckCreatePost(body, Env{})
			}
		})
	}
}
