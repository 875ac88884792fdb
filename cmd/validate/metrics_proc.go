package main

import (
	"bytes"
	"errors"
	"os"
	"strconv"
)

// userHZ is the unit of the CPU times and start time in /proc/self/stat: USER_HZ, 100 on
// every Linux architecture Go runs on (proc(5), "(14) utime ... measured in clock ticks
// (divide by sysconf(_SC_CLK_TCK))"; the Prometheus procfs package assumes the same).
const userHZ = 100

// procStat is what /metrics reads of /proc/self/stat (proc(5)).
type procStat struct {
	utime, stime uint64 // fields 14 and 15, clock ticks
	starttime    uint64 // field 22, clock ticks since boot
	vsize        uint64 // field 23, bytes
	rss          uint64 // field 24, pages
}

var errProcStat = errors.New("/proc/self/stat: not the format of proc(5)")

// parseProcStat reads /proc/self/stat's line. Field 2, the command in parentheses, may hold
// spaces and parentheses itself, so the fields after it are counted from the last ')'.
// It reads each byte once.
func parseProcStat(b []byte) (procStat, error) {
	end := bytes.LastIndexByte(b, ')')
	if end < 0 {
		return procStat{}, errProcStat
	}
	var s procStat
	field := 2 // the ')' ends field 2
	i := end + 1
	for field < 24 {
		for i < len(b) && b[i] == ' ' {
			i++
		}
		if i == len(b) {
			return procStat{}, errProcStat
		}
		field++
		start := i
		for i < len(b) && b[i] != ' ' && b[i] != '\n' {
			i++
		}
		var dst *uint64
		switch field {
		case 14:
			dst = &s.utime
		case 15:
			dst = &s.stime
		case 22:
			dst = &s.starttime
		case 23:
			dst = &s.vsize
		case 24:
			dst = &s.rss
		default:
			continue
		}
		n, err := strconv.ParseUint(string(b[start:i]), 10, 64)
		if err != nil {
			return procStat{}, errProcStat
		}
		*dst = n
	}
	return s, nil
}

// bootTime reads btime, the boot time in seconds since the epoch, from /proc/stat.
func bootTime(stat []byte) (uint64, bool) {
	for len(stat) > 0 {
		line := stat
		if i := bytes.IndexByte(stat, '\n'); i >= 0 {
			line, stat = stat[:i], stat[i+1:]
		} else {
			stat = nil
		}
		if v, ok := bytes.CutPrefix(line, []byte("btime ")); ok {
			n, err := strconv.ParseUint(string(bytes.TrimSpace(v)), 10, 64)
			return n, err == nil
		}
	}
	return 0, false
}

// writeProcessMetrics appends the process_* families of the Prometheus client's process
// collector (prometheus/process_collector_procfsenabled.go) from /proc/self. Where /proc
// cannot be read (not Linux) they are left out.
func writeProcessMetrics(b *bytes.Buffer) {
	raw, err := os.ReadFile("/proc/self/stat")
	if err != nil {
		return
	}
	s, err := parseProcStat(raw)
	if err != nil {
		return
	}
	family(b, "process_cpu_seconds_total", "Total user and system CPU time spent in seconds.", "counter")
	b.WriteString("process_cpu_seconds_total " + strconv.FormatFloat(float64(s.utime+s.stime)/userHZ, 'g', -1, 64) + "\n")
	family(b, "process_resident_memory_bytes", "Resident memory size in bytes.", "gauge")
	b.WriteString("process_resident_memory_bytes " + strconv.FormatUint(s.rss*uint64(os.Getpagesize()), 10) + "\n")
	family(b, "process_virtual_memory_bytes", "Virtual memory size in bytes.", "gauge")
	b.WriteString("process_virtual_memory_bytes " + strconv.FormatUint(s.vsize, 10) + "\n")
	if stat, err := os.ReadFile("/proc/stat"); err == nil {
		if boot, ok := bootTime(stat); ok {
			family(b, "process_start_time_seconds", "Start time of the process since unix epoch in seconds.", "gauge")
			b.WriteString("process_start_time_seconds " + strconv.FormatFloat(float64(boot)+float64(s.starttime)/userHZ, 'f', 2, 64) + "\n")
		}
	}
	if fds, err := os.ReadDir("/proc/self/fd"); err == nil {
		family(b, "process_open_fds", "Number of open file descriptors.", "gauge")
		b.WriteString("process_open_fds " + strconv.Itoa(len(fds)) + "\n")
	}
}
