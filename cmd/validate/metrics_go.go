package main

import (
	"bytes"
	"runtime"
	rm "runtime/metrics"
	"strconv"
)

// goMetric is one go_* family of /metrics, read from runtime/metrics. The names are those
// of the Prometheus Go client's Go collector (github.com/prometheus/client_golang,
// prometheus/go_collector.go), which dashboards expect; no dependency is needed to say
// them.
type goMetric struct {
	name, help, kind string // kind: gauge or counter
	sample           string // the runtime/metrics name
}

var goMetrics = []goMetric{
	{"go_goroutines", "Number of goroutines that currently exist.", "gauge", "/sched/goroutines:goroutines"},
	{"go_threads", "Number of OS threads the Go runtime has created and not exited.", "gauge", "/sched/threads/total:threads"},
	{"go_sched_gomaxprocs_threads", "GOMAXPROCS: threads that can run Go code at once.", "gauge", "/sched/gomaxprocs:threads"},
	{"go_gc_cycles_total", "Garbage collection cycles completed.", "counter", "/gc/cycles/total:gc-cycles"},
	{"go_gc_cpu_seconds_total", "CPU time spent by the garbage collector, estimated by the runtime.", "counter", "/cpu/classes/gc/total:cpu-seconds"},
	{"go_gc_heap_goal_bytes", "Heap size the garbage collector aims for at the end of this cycle.", "gauge", "/gc/heap/goal:bytes"},
	{"go_memstats_heap_alloc_bytes", "Bytes of heap objects, live and not yet swept.", "gauge", "/memory/classes/heap/objects:bytes"},
	{"go_memstats_heap_objects", "Heap objects, live and not yet swept.", "gauge", "/gc/heap/objects:objects"},
	{"go_memstats_alloc_bytes_total", "Bytes allocated on the heap since the process started.", "counter", "/gc/heap/allocs:bytes"},
	{"go_memstats_sys_bytes", "Bytes of memory mapped by the Go runtime.", "gauge", "/memory/classes/total:bytes"},
}

// writeGoMetrics appends the go_* families: one read of runtime/metrics, then go_info.
// A sample the running Go does not know (runtime/metrics.KindBad) is left out, family
// and all, rather than reported as 0.
func writeGoMetrics(b *bytes.Buffer) {
	samples := make([]rm.Sample, len(goMetrics))
	for i, m := range goMetrics {
		samples[i].Name = m.sample
	}
	rm.Read(samples)
	for i, m := range goMetrics {
		var v string
		switch samples[i].Value.Kind() {
		case rm.KindUint64:
			v = strconv.FormatUint(samples[i].Value.Uint64(), 10)
		case rm.KindFloat64:
			v = strconv.FormatFloat(samples[i].Value.Float64(), 'g', -1, 64)
		default:
			continue
		}
		family(b, m.name, m.help, m.kind)
		b.WriteString(m.name + " " + v + "\n")
	}
	family(b, "go_info", "Information about the Go environment.", "gauge")
	b.WriteString(`go_info{version="` + labelValue(runtime.Version()) + `"} 1` + "\n")
}

// family writes a family's HELP and TYPE lines.
func family(b *bytes.Buffer, name, help, kind string) {
	b.WriteString("# HELP " + name + " " + help + "\n# TYPE " + name + " " + kind + "\n")
}
