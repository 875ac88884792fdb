#!/usr/bin/env bash
# size-steps.sh: what each step does to the counter module's size (issue 22, "at most
# 600 KB brotli"): raw bytes, gzip -9 and brotli (quality 11, as build.sh compresses for
# wasm/serve) of
#   - the build of wasm/build.sh (-trimpath -ldflags='-s -w' -tags postrules_notime
#     -gcflags=runtime=-l),
#   - the same without -gcflags=runtime=-l (the runtime inlined),
#   - the same without the tag postrules_notime either (rules links package time),
#   - build.sh's build with -gcflags=all=-l (no inlining anywhere; the full checker's build),
#   - with GOWASM=satconv,signext,
#   - binaryen's wasm-opt -O2 and -Oz on build.sh's build (the npm package binaryen, a
#     pinned devDependency of wasm/: run `npm ci` in wasm/ first).
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
build "$tmp/base.wasm" -tags postrules_notime -gcflags=runtime=-l
size 'wasm/build.sh (-trimpath -ldflags=-s -w -tags postrules_notime -gcflags=runtime=-l)' "$tmp/base.wasm"
build "$tmp/inlined.wasm" -tags postrules_notime
size 'build.sh without -gcflags=runtime=-l (runtime inlined)' "$tmp/inlined.wasm"
build "$tmp/time.wasm"
size 'build.sh without -gcflags=runtime=-l and without -tags postrules_notime (time linked)' "$tmp/time.wasm"
build "$tmp/noinline.wasm" -tags postrules_notime -gcflags=all=-l
size 'build.sh with -gcflags=all=-l (no inlining anywhere)' "$tmp/noinline.wasm"
GOWASM=satconv,signext build "$tmp/gowasm.wasm" -tags postrules_notime -gcflags=runtime=-l
size 'build.sh + GOWASM=satconv,signext' "$tmp/gowasm.wasm"
opt="$root/wasm/node_modules/binaryen/bin/wasm-opt"
# Go's output uses bulk memory, saturating float-to-int conversions, sign extension and
# mutable globals: wasm-opt refuses the module without these features.
features=(--enable-bulk-memory --enable-nontrapping-float-to-int --enable-sign-ext --enable-mutable-globals)
for level in -O2 -Oz; do
	node "$opt" "${features[@]}" "$level" "$tmp/base.wasm" -o "$tmp/opt$level.wasm"
	size "build.sh + wasm-opt $level ($(node "$opt" --version))" "$tmp/opt$level.wasm"
done
