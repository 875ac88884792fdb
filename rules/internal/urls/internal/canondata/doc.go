// Package canondata reads testdata/canonicalize.txt of package urls, the JavaScript
// engine's Canonicalize, for the generators there (gen_casefold.go, gen_tld.go) and the
// tests that check their tables. It is a package of its own, apart from urlclass, because
// it reads a file: the counter module links urlclass and must not link os or time
// (wasm/internal/bridge's TestCounterModuleLinksNoTime).
package canondata
