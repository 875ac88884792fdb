#!/usr/bin/env bash
# test.sh: builds the modules and runs both suites of the WebAssembly package:
#   1. bash wasm/build.sh              (Go: the two .wasm files and wasm_exec.js into dist/)
#   2. npm ci                          (playwright-core only, from package-lock.json)
#   3. node --test js/test/            (Node: API, bad inputs, parity with Go and the CLI, sizes)
#   4. node --test browser-test/       (Debian's chromium driven by playwright-core: the demo)
# Needs Go, Node.js >= 20 with npm, and /usr/bin/chromium (apt-get install chromium).
# Run it from anywhere: bash wasm/test.sh
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
cd "$here"

bash ./build.sh
npm ci --no-audit --no-fund --loglevel=error

# Both suites run even when the first fails, so that one report shows everything.
status=0
node --test js/test/ || status=1
if [ ! -x "${CHROMIUM:-/usr/bin/chromium}" ]; then
	echo "test.sh: ${CHROMIUM:-/usr/bin/chromium} not found; install Debian's chromium (apt-get install -y chromium)" >&2
	exit 1
fi
node --test browser-test/ || status=1
exit "$status"
