//go:build unix

package main

import (
	"net"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// TestMediaOpensOnlyRegularFiles: validate media refuses what is no regular file, as a
// usage error that says what it is, without blocking, and still probes the files after
// it. A FIFO with no writer is the case that matters: opening it for reading the usual
// way waits for a writer forever.
func TestMediaOpensOnlyRegularFiles(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "pipe.mp4")
	if err := syscall.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	sock := filepath.Join(dir, "s.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	png := "../../rules/media/testdata/image.png"
	tests := []struct {
		name, path, says string
	}{
		{"a FIFO with no writer would block an ordinary open", fifo, "a named pipe (FIFO)"},
		{"a character device is a stream, not a file at offsets", "/dev/null", "a character device"},
		{"a socket cannot be opened as a file", sock, "a socket"},
		{"a directory has no bytes to probe", dir, "a directory"},
	}
	for _, tt := range tests {
		done := make(chan result, 1)
		go func() { done <- runCLI(t, "", "media", "--platform", "bluesky", tt.path, png) }()
		select {
		case r := <-done:
			if r.code != exitUsage {
				t.Errorf("%s: exit %d, want %d", tt.name, r.code, exitUsage)
			}
			if !strings.Contains(r.stderr, tt.path+": "+tt.says+", not a regular file") {
				t.Errorf("%s: stderr %q does not say %q", tt.name, r.stderr, tt.says)
			}
			if !strings.Contains(r.stdout, png+": image png") || !strings.Contains(r.stdout, png+": fits bluesky") {
				t.Errorf("%s: the file after it was not probed: %q", tt.name, r.stdout)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: validate media %s blocked for 10 s", tt.name, tt.path)
		}
	}
}
