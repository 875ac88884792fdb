# The README's commands. `make test` runs every test: Go, then the WASM module's Node and
# browser suites (Node.js 20.16+, chromium, curl, python3, ffmpeg: .ci/deps installs them).
.PHONY: example test deps test-go test-schema-node test-wasm fuzz bench

# Two of the bundled posts are invalid on purpose, so validate exits 1 there; only exit 2
# (usage or I/O) fails the target.
EXAMPLES = cmd/validate/testdata/valid-thread.json cmd/validate/testdata/long-thread-item.json \
	cmd/validate/testdata/ambiguous-account.json cmd/validate/testdata/scheduled.json
example:
	@dir=$$(mktemp -d) && trap 'rm -rf "$$dir"' EXIT && go build -o $$dir/validate ./cmd/validate && \
	{ $$dir/validate post --accounts cmd/validate/testdata/accounts.json $(EXAMPLES); status=$$?; } && \
	[ $$status -le 1 ]

test: deps test-go test-schema-node test-wasm

# What the suites need beyond Go (chromium, Node.js 20.16+): installed from Debian's
# packages when missing and run as root, else a stop at once with the command to run.
deps:
	@bash .ci/deps

test-go:
	go test -count=1 -timeout 30m ./...

# The generated JSON Schema and OpenAPI documents judged by stock Node validators (ajv 8,
# swagger-parser; pinned in schema/jsonschema/testdata/node/package-lock.json).
test-schema-node:
	cd schema/jsonschema/testdata/node && npm ci --no-audit --no-fund --loglevel=error && node --test

test-wasm:
	bash wasm/test.sh

# Every fuzz target of every package, FUZZTIME each; see .ci/fuzz for why a coordinator
# time-out without a failing input is retried.
FUZZTIME ?= 20s
fuzz:
	bash .ci/fuzz $(FUZZTIME)

bench:
	go test -run '^$$' -bench . -benchmem ./...
