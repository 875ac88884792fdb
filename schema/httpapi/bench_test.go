package httpapi_test

import (
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/postrules/postrules/schema"
	"github.com/postrules/postrules/schema/httpapi"
)

// benchBodies are the bodies of the load benchmark, with the status each must get: a
// valid thread, a thread item over the cap, an ambiguous target, malformed JSON.
var benchBodies = []struct {
	body   string
	status int
}{
	{`{"content":"1/ We're launching postrules today: one rule book for ten platforms. A thread 🧵","platforms":[{"platform":"twitter","accountId":"tw_brand","platformSpecificData":{"threadItems":[{"content":"2/ Every post is checked against its platform's cap, counted in grapheme clusters: 👩‍👩‍👧 is one, not five."},{"content":"3/ Scheduled times are strict UTC, like 2030-01-15T09:30:00Z. No offsets, no guessing."}]}}],"publishNow":true}`, 202},
	{`{"content":"Launch day","platforms":[{"platform":"twitter","accountId":"tw_brand","platformSpecificData":{"threadItems":[{"content":"` + strings.Repeat("long words 🚀 ", 25) + `"}]}},{"platform":"bluesky"}],"publishNow":true}`, 400},
	{`{"content":"Which account?","platforms":[{"platform":"twitter"}],"scheduledFor":"2030-01-15T09:30Z"}`, 409},
	{`{"content": "oops",`, 400},
}

// benchOptions connects two twitter accounts and one bluesky account.
func benchOptions() httpapi.Options {
	o := exampleOptions()
	o.Authorize = func(*http.Request, string) (schema.Env, error) {
		env, _ := exampleOptions().Authorize(nil, "sk_test")
		env.Accounts = append(env.Accounts, env.Accounts[0], env.Accounts[0])
		env.Accounts[1].ID, env.Accounts[2].ID, env.Accounts[2].Platform = "tw_support", "bs_brand", "bluesky"
		return env, nil
	}
	return o
}

// workers runs b.N calls of do (request i gets body i mod len) from 32 goroutines and
// reports throughput and the 50th and 99th percentile latency of one call.
func workers(b *testing.B, do func(i int) error) {
	const n = 32
	lat := make([]time.Duration, b.N)
	var next atomic.Int64
	var wg sync.WaitGroup
	var failed atomic.Value
	b.ResetTimer()
	start := time.Now()
	for range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				t := time.Now()
				if err := do(i); err != nil {
					failed.Store(err)
					return
				}
				lat[i] = time.Since(t)
			}
		}()
	}
	wg.Wait()
	elapsed := time.Since(start)
	b.StopTimer()
	if err := failed.Load(); err != nil {
		b.Fatal(err)
	}
	slices.Sort(lat)
	b.ReportMetric(float64(b.N)/elapsed.Seconds(), "req/s")
	b.ReportMetric(float64(lat[len(lat)/2].Nanoseconds())/1e3, "p50-µs")
	b.ReportMetric(float64(lat[len(lat)*99/100].Nanoseconds())/1e3, "p99-µs")
	b.ReportMetric(0, "ns/op") // wall time per op is not the figure here; req/s is
}

// BenchmarkServe is the load test: 32 workers send the bench bodies over keep-alive
// loopback connections to CreatePost on an httptest server; every answer must have its
// status. In-process is the same bodies through schema.CheckCreatePost from 32 goroutines.
// The figures in docs/performance.md come from
// go test -run '^$' -bench Serve -benchtime 2000x ./schema/httpapi/
func BenchmarkServe(b *testing.B) {
	b.Run("http", func(b *testing.B) {
		srv := httptest.NewServer(httpapi.CreatePost(benchOptions(), accept))
		defer srv.Close()
		tr := &http.Transport{MaxIdleConns: 64, MaxIdleConnsPerHost: 64}
		defer tr.CloseIdleConnections()
		client := &http.Client{Transport: tr, Timeout: 10 * time.Second}
		workers(b, func(i int) error {
			c := benchBodies[i%len(benchBodies)]
			req, _ := http.NewRequest("POST", srv.URL, strings.NewReader(c.body))
			req.Header.Set("Authorization", "Bearer sk_test")
			req.Header.Set("Content-Type", "application/json")
			res, err := client.Do(req)
			if err != nil {
				return err
			}
			_, err = io.Copy(io.Discard, res.Body) // read to the end, so the connection is reused
			res.Body.Close()
			if err == nil && res.StatusCode != c.status {
				err = &statusError{got: res.StatusCode, want: c.status}
			}
			return err
		})
	})
	b.Run("in-process", func(b *testing.B) {
		o := benchOptions()
		env, _ := o.Authorize(nil, "")
		env.Now = o.Now()
		workers(b, func(i int) error {
			c := benchBodies[i%len(benchBodies)]
			if v := schema.CheckCreatePost([]byte(c.body), env); v.HTTPStatus != c.status {
				return &statusError{got: v.HTTPStatus, want: c.status}
			}
			return nil
		})
	})
}

type statusError struct{ got, want int }

func (e *statusError) Error() string {
	return "status " + http.StatusText(e.got) + ", want " + http.StatusText(e.want)
}
