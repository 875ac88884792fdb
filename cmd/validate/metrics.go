package main

import (
	"bytes"
	"encoding/json"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/postrules/postrules/rules"
)

// latencyBuckets are the upper bounds, in seconds, of the latency histogram: a check takes
// microseconds to a few milliseconds; a slow client's request can take the read timeout.
var latencyBuckets = []float64{0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30}

// metrics counts the sandbox's requests, by endpoint, status and the rule of the first
// problem, and their latency by endpoint. It lives on the server value (no global state);
// safe for concurrent use.
type metrics struct {
	mu       sync.Mutex
	requests map[requestKey]uint64
	latency  map[string]*histogram
}

type requestKey struct {
	endpoint string
	status   int
	rule     string
}

type histogram struct {
	counts []uint64 // per bucket, not cumulative; the last is +Inf
	sum    float64
	count  uint64
}

func newMetrics() *metrics {
	return &metrics{requests: map[requestKey]uint64{}, latency: map[string]*histogram{}}
}

func (m *metrics) observe(endpoint string, status int, rule string, d time.Duration) {
	sec := d.Seconds()
	i := sort.SearchFloat64s(latencyBuckets, sec) // first bound >= sec: "le" is inclusive
	m.mu.Lock()
	defer m.mu.Unlock()
	m.requests[requestKey{endpoint, status, rule}]++
	h := m.latency[endpoint]
	if h == nil {
		h = &histogram{counts: make([]uint64, len(latencyBuckets)+1)}
		m.latency[endpoint] = h
	}
	h.counts[i]++
	h.sum += sec
	h.count++
}

// text is the metrics in the Prometheus text exposition format 0.0.4
// (https://prometheus.io/docs/instrumenting/exposition_formats/): HELP and TYPE lines,
// then one sample per line, series sorted so that the output is stable.
func (m *metrics) text() []byte {
	m.mu.Lock()
	defer m.mu.Unlock()
	var b bytes.Buffer
	b.WriteString("# HELP postrules_http_requests_total Requests answered, by endpoint, status and the rule id of the first problem (\"\" when none).\n")
	b.WriteString("# TYPE postrules_http_requests_total counter\n")
	keys := make([]requestKey, 0, len(m.requests))
	for k := range m.requests {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, c := keys[i], keys[j]
		if a.endpoint != c.endpoint {
			return a.endpoint < c.endpoint
		}
		if a.status != c.status {
			return a.status < c.status
		}
		return a.rule < c.rule
	})
	for _, k := range keys {
		b.WriteString(`postrules_http_requests_total{endpoint="` + labelValue(k.endpoint) + `",status="` +
			strconv.Itoa(k.status) + `",rule="` + labelValue(k.rule) + `"} ` + strconv.FormatUint(m.requests[k], 10) + "\n")
	}
	b.WriteString("# HELP postrules_http_request_duration_seconds Time from the request's headers to the end of its answer, by endpoint.\n")
	b.WriteString("# TYPE postrules_http_request_duration_seconds histogram\n")
	endpoints := make([]string, 0, len(m.latency))
	for e := range m.latency {
		endpoints = append(endpoints, e)
	}
	sort.Strings(endpoints)
	for _, e := range endpoints {
		h := m.latency[e]
		name := `postrules_http_request_duration_seconds`
		label := `{endpoint="` + labelValue(e) + `"`
		var cum uint64
		for i, le := range latencyBuckets {
			cum += h.counts[i]
			b.WriteString(name + "_bucket" + label + `,le="` + strconv.FormatFloat(le, 'g', -1, 64) + `"} ` + strconv.FormatUint(cum, 10) + "\n")
		}
		b.WriteString(name + "_bucket" + label + `,le="+Inf"} ` + strconv.FormatUint(h.count, 10) + "\n")
		b.WriteString(name + "_sum" + label + "} " + strconv.FormatFloat(h.sum, 'g', -1, 64) + "\n")
		b.WriteString(name + "_count" + label + "} " + strconv.FormatUint(h.count, 10) + "\n")
	}
	family(&b, "postrules_build_info", "The release and rule book of this server, and the Go that built it; always 1.", "gauge")
	b.WriteString(`postrules_build_info{version="` + labelValue(rules.Version) + `",book="` + labelValue(rules.BookRevision) +
		`",goversion="` + labelValue(runtime.Version()) + `"} 1` + "\n")
	writeGoMetrics(&b)
	writeProcessMetrics(&b)
	return b.Bytes()
}

// labelValue escapes a label value as the exposition format wants: backslash, double
// quote and line feed.
func labelValue(s string) string {
	return strings.NewReplacer(`\`, `\\`, `"`, `\"`, "\n", `\n`).Replace(s)
}

// marshalJSON is v as the CLI writes JSON: no HTML escaping, a newline at the end.
func marshalJSON(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	err := enc.Encode(v)
	return b.Bytes(), err
}
