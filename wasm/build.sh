#!/usr/bin/env bash
# build.sh: builds the postrules WebAssembly modules into wasm/dist/ (not committed):
#
#   dist/postrules-counter.wasm  measure, parseScheduledFor, aggregate (rules, rules/xweight)
#   dist/postrules-full.wasm     the same plus checkPost, checkDraftPublish (schema)
#   dist/wasm_exec.js            Go's JavaScript glue, copied from the Go that built them
#
# and prints each file's raw size and its size after gzip -9 (what a server sends).
# Needs only Go; run it from anywhere: bash wasm/build.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/.." && pwd)"
dist="$here/dist"
mkdir -p "$dist"

# -s -w drop the symbol table and DWARF; -trimpath drops file system paths. Neither
# changes behaviour; together they take a few hundred KB off each module.
build() { # build OUTPUT PACKAGE [GO FLAGS...]
	local out="$1" pkg="$2"
	shift 2
	(cd "$root" && GOOS=js GOARCH=wasm go build -trimpath -ldflags='-s -w' "$@" -o "$dist/$out" "$pkg")
}
# The counter module runs on every keystroke: built for speed, with inlining.
build postrules-counter.wasm ./wasm/counter
# The full checker runs once per "Check" and is mostly validator/v10 and its imports:
# built without inlining (-gcflags=all=-l), which takes about 300 KB (11%) off its gzip
# size at the cost of a slower check (still about a millisecond for a post).
build postrules-full.wasm ./wasm/full -gcflags=all=-l

goroot="$(go env GOROOT)"
glue=""
for candidate in "$goroot/lib/wasm/wasm_exec.js" "$goroot/misc/wasm/wasm_exec.js"; do
	if [ -f "$candidate" ]; then
		glue="$candidate"
		break
	fi
done
if [ -z "$glue" ]; then
	echo "build.sh: wasm_exec.js not found under $goroot/lib/wasm or $goroot/misc/wasm" >&2
	exit 1
fi
cp "$glue" "$dist/wasm_exec.js"

# Sizes, with the issue's budgets after gzip -9 (1 MB = 1,000,000 bytes): the module a
# composer needs while typing <= 1.0 MB, the full checker <= 2.5 MB.
printf '%-24s %12s %14s %10s\n' file raw 'gzip -9' budget
report() { # report FILE BUDGET
	local raw gz
	raw=$(wc -c <"$dist/$1")
	gz=$(gzip -9 -c "$dist/$1" | wc -c)
	printf '%-24s %12d %14d %10s\n' "$1" "$raw" "$gz" "$2"
}
report postrules-counter.wasm 1000000
report postrules-full.wasm 2500000
report wasm_exec.js -
echo "built with $(go version | cut -d' ' -f3) into ${dist#"$root/"}/ (glue from ${glue#"$goroot/"})"
