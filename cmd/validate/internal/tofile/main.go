// Command tofile runs a command and writes its standard output to a file: the redirection
// a //go:generate line cannot write. cmd/validate's go:generate line uses it to write
// docs/rules.md, the output of `validate rules --markdown`, so that the page is the
// command's output by construction.
//
//	go run ./internal/tofile -o FILE -- COMMAND [ARG...]
//
// The file is written only when the command exits 0, and whole (through a temporary file
// beside it, renamed over it), so a failed run leaves the old page in place.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("tofile: ")
	if err := run(os.Args[1:], os.Stderr); err != nil {
		log.Fatal(err)
	}
}

// run is the whole program; stderr receives the command's own standard error.
func run(args []string, stderr io.Writer) error {
	fs := flag.NewFlagSet("tofile", flag.ContinueOnError)
	fs.SetOutput(stderr)
	out := fs.String("o", "", "the file to write")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() == 0 {
		return errors.New("usage: tofile -o FILE -- COMMAND [ARG...]")
	}
	var stdout bytes.Buffer
	cmd := exec.Command(fs.Arg(0), fs.Args()[1:]...)
	cmd.Stdout = &stdout
	cmd.Stderr = stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v: %w", fs.Args(), err)
	}
	return replace(*out, stdout.Bytes())
}

// replace writes data to path through a temporary file in the same folder, renamed over
// path, so a reader never sees half a file.
func replace(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), ".tofile-*")
	if err != nil {
		return err
	}
	_, err = tmp.Write(data)
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), path)
	}
	if err != nil {
		os.Remove(tmp.Name())
	}
	return err
}
