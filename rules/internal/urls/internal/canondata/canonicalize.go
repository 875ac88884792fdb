package canondata

import (
	"bufio"
	"fmt"
	"os"
	"strconv"
	"strings"
)

// Canonicalize reads the file at path (testdata/canonicalize.txt of package urls: one
// line "ch canon" in hex for every BMP code unit the JavaScript engine's Canonicalize
// changes) into a full BMP table, tab[ch] being Canonicalize(ch).
func Canonicalize(path string) (*[0x10000]rune, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var tab [0x10000]rune
	for r := range tab {
		tab[r] = rune(r)
	}
	n := 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || line[0] == '#' {
			continue
		}
		from, to, ok := strings.Cut(line, " ")
		a, err1 := strconv.ParseUint(from, 16, 16)
		b, err2 := strconv.ParseUint(to, 16, 16)
		if !ok || err1 != nil || err2 != nil || a == b {
			return nil, fmt.Errorf("%s: bad line %q", path, line)
		}
		tab[a] = rune(b)
		n++
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if n < 1000 {
		return nil, fmt.Errorf("%s: only %d mappings", path, n)
	}
	return &tab, nil
}
