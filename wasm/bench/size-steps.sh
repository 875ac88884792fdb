#!/usr/bin/env bash
# size-steps.sh: what each candidate step does to the counter module's size (issue 22,
# "at most 600 KB brotli"): raw bytes, gzip -9 and brotli (quality 11, as build.sh
# compresses for wasm/serve) of
#   - the build of wasm/build.sh (-trimpath -ldflags='-s -w'),
#   - the same with -gcflags=all=-l (no inlining; the full checker's build),
#   - the same with GOWASM=satconv,signext,
#   - binaryen's wasm-opt -O2 and -Oz on the build (the npm package binaryen, a pinned
#     devDependency of wasm/: run `npm ci` in wasm/ first).
# Usage: bash wasm/bench/size-steps.sh
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
size() { # size NAME FILE
	node -e '
		const z = require("node:zlib"), b = require("node:fs").readFileSync(process.argv[2]);
		const br = z.brotliCompressSync(b, { params: { [z.constants.BROTLI_PARAM_QUALITY]: 11, [z.constants.BROTLI_PARAM_SIZE_HINT]: b.length } }).length;
		console.log(`| ${process.argv[1]} | ${b.length} | ${z.gzipSync(b, { level: 9 }).length} | ${br} |`);' "$1" "$2"
}
build() { # build OUT [GO FLAGS...]
	local out="$1"
	shift
	(cd "$root" && GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' "$@" -o "$out" ./wasm/counter)
}
echo '| step | raw | gzip -9 | brotli 11 |'
echo '|---|---:|---:|---:|'
build "$tmp/base.wasm"
size 'wasm/build.sh (-trimpath -ldflags=-s -w)' "$tmp/base.wasm"
build "$tmp/noinline.wasm" -gcflags=all=-l
size '+ -gcflags=all=-l' "$tmp/noinline.wasm"
GOWASM=satconv,signext build "$tmp/gowasm.wasm"
size '+ GOWASM=satconv,signext' "$tmp/gowasm.wasm"
opt="$root/wasm/node_modules/binaryen/bin/wasm-opt"
# Go's output uses bulk memory, saturating float-to-int conversions, sign extension and
# mutable globals: wasm-opt refuses the module without these features.
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals)
for level in -O2 -Oz; do
	node "$opt" "${features[@]}" "$level" "$tmp/base.wasm" -o "$tmp/opt$level.wasm"
	size "+ wasm-opt $level ($(node "$opt" --version))" "$tmp/opt$level.wasm"
done
