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
	"flag"
	"log"
	"os"
	"os/exec"
	"path/filepath"
)

func main() {
	log.SetFlags(0)
	log.SetPrefix("tofile: ")
	out := flag.String("o", "", "the file to write")
	flag.Parse()
	if *out == "" || flag.NArg() == 0 {
		log.Fatal("usage: tofile -o FILE -- COMMAND [ARG...]")
	}
	var stdout bytes.Buffer
	cmd := exec.Command(flag.Arg(0), flag.Args()[1:]...)
	cmd.Stdout = &stdout
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		log.Fatalf("%v: %v", flag.Args(), err)
	}
	tmp, err := os.CreateTemp(filepath.Dir(*out), ".tofile-*")
	if err != nil {
		log.Fatal(err)
	}
	_, err = tmp.Write(stdout.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Chmod(tmp.Name(), 0o644)
	}
	if err == nil {
		err = os.Rename(tmp.Name(), *out)
	}
	if err != nil {
		os.Remove(tmp.Name())
		log.Fatal(err)
	}
}
