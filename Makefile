# Market: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help
ADDR ?= 127.0.0.1:8080
DATA_DIR ?= ./data
DEV_WEB_DIR := target/web-dev

VENV := target/venv
# Where cargo builds, as cargo sees it (CARGO_TARGET_DIR included).
CARGO_TARGET := $(abspath $(or $(CARGO_TARGET_DIR),target))
SCHEMATHESIS_VERSION := 4.32.5

.PHONY: help run release binary dist cluster test test-rust test-web test-e2e test-quality test-contract test-crash test-faults test-cluster test-dist soak chromium lint api-types api-types-check web-deps dev bench clean

help: ## List the targets
	@grep -hE '^[a-z0-9-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

run: release ## Build the release binary and serve the store (prints its URL)
	./target/release/market serve --addr $(ADDR) --data-dir $(DATA_DIR)

release: ## Build the release binary: target/release/market
	cargo build --release --locked --bin market

# The same binary linked statically against musl (SQLite bundled, mimalloc as its
# allocator), stripped, for any Linux x86_64: installs the musl target and musl-tools when
# missing (scripts/dist/ensure-musl.sh), and writes the archive, its .sha256 and
# THIRD-PARTY-NOTICES.txt (scripts/dist/notices.py).
dist: ## Static Linux x86_64 archive (musl): dist/market-<version>-x86_64-linux-musl.tar.gz and .sha256
	scripts/dist/build.sh

# The optimised binary that the binary-driven stages (journeys, quality, contract, crash,
# faults, cluster) start. A stage run alone builds and starts target/release/market. `make
# test` builds the binary `make dist` ships (static, musl) instead and drives every stage
# with it: CI then links one optimised binary, not two (each is a fat-LTO link of about 10
# minutes on 2 cores), and the tests run what a reviewer downloads.
BINARY_BUILD = cargo build --release --locked --bin market
binary:
	$(BINARY_BUILD)

test: BINARY_BUILD = scripts/dist/build.sh

# The fake of Stripe the Stripe journey starts. Under `make test`, lint's test build has
# built it with the tests' features (cargo test --no-run builds every binary of the
# crate), and `cargo build` would build it and the tokio crates again without them: 51 s
# of CI.
FAKE_STRIPE_BUILD = cargo build --locked --bin fake-stripe
test: FAKE_STRIPE_BUILD = cargo test --locked --no-run
# Where that build leaves it, unless the caller names another (FAKE_STRIPE_BIN).
test-e2e: export FAKE_STRIPE_BIN ?= $(CARGO_TARGET)/debug/fake-stripe
test: export MARKET_BIN = $(CARGO_TARGET)/x86_64-unknown-linux-musl/release/market

web-deps:
	@cd web && if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then npm ci --no-audit --no-fund; fi

test: lint test-rust test-web test-e2e test-quality test-contract test-crash test-faults test-cluster test-dist ## Every check and test (what CI runs)

# The web app's API types and field rules are generated from the server's OpenAPI
# document (`market openapi`, what GET /api/openapi.json answers) by web/scripts/api-types.mjs.
API_TYPES := web/src/api/types.ts web/src/api/fieldRules.ts
OPENAPI_DOC ?= cargo run -q --locked -- openapi

lint: web-deps ## Formatting, clippy, the tests built, generated API types up to date, TypeScript type checks (app, then unit tests), ESLint
	cargo fmt --all -- --check
	cargo clippy --locked --all-targets -- -D warnings
	@# The OpenAPI document comes from the binary the tests build (test-rust then finds them
	@# built). `cargo run` would build the crate and the tokio crates a second time, with the
	@# dev-dependencies' features off: 74 s more of a clean machine's 2-core CI.
	cargo test --locked --no-run
	@$(MAKE) --no-print-directory api-types-check OPENAPI_DOC="$(CARGO_TARGET)/debug/market openapi"
	cd web && npx tsc --noEmit && npx tsc --noEmit -p tsconfig.test.json
	cd web && npx eslint .

api-types: web-deps ## Regenerate web/src/api/types.ts and fieldRules.ts from the server's OpenAPI document
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(OPENAPI_DOC) > "$$tmp/openapi.json" && \
	  node web/scripts/api-types.mjs "$$tmp/openapi.json" && \
	  echo "wrote $(API_TYPES)"

# Part of lint: regenerates into a temporary folder and compares with the committed files.
api-types-check: web-deps
	@tmp=$$(mktemp -d) && trap 'rm -rf "$$tmp"' EXIT && \
	  $(OPENAPI_DOC) > "$$tmp/openapi.json" && \
	  node web/scripts/api-types.mjs "$$tmp/openapi.json" --out "$$tmp" && \
	  stale=0 && for file in $(API_TYPES); do \
	    cmp -s "$$tmp/$$(basename $$file)" "$$file" || { echo "$$file is stale: run make api-types" >&2; stale=1; }; \
	  done && exit $$stale

# Without backtraces: a failing test's message then sits beside the list of failures at
# the end of the output, where a shortened log still shows it. Each integration test's
# store waits on its threads and its file as much as it computes: on SQLite, two tests a
# core run in 60% of the time one a core takes. On PostgreSQL the server shares the
# cores, and the tests keep cargo's one a core.
TEST_THREADS ?= $(shell echo $$(( $$(nproc) * 2 )))
test-rust: ## Rust unit and integration tests, on SQLite and then on PostgreSQL
	RUST_BACKTRACE=0 cargo test --locked -- --test-threads=$(TEST_THREADS)
	@echo "The integration tests again, on PostgreSQL (a throwaway server from Debian's packages):"
	RUST_BACKTRACE=0 scripts/postgres/with-server.sh cargo test --locked --test api --test oracle

test-web: web-deps ## Web unit tests: store slices, API client, validation, money
	cd web && npm test

# The binary (see `binary` above) driven in headless Chromium (web/e2e/). Each test file starts its own
# store on a free port and a fresh data folder, so two files can run at once.
test-e2e: chromium binary web-deps ## Browser journeys in Chromium (installs it when missing, as root)
	@rm -rf target/e2e-failures
	@# The local fake of Stripe that the Stripe journey pays through (tools/fake-stripe).
	$(FAKE_STRIPE_BUILD)
	@echo "Browser journeys: a failure keeps a screenshot and the page's HTML in target/e2e-failures/"
	cd web && node --test --test-concurrency=2 e2e/*.test.mjs
	@echo "The journeys again, on PostgreSQL (a throwaway server from Debian's packages):"
	scripts/postgres/with-server.sh sh -c 'cd web && node --test --test-concurrency=2 e2e/*.test.mjs'

chromium:
	@bash web/e2e/ensure-chromium.sh

# Lighthouse (mobile, simulated throttling, 3 runs a page, 5 for a page whose median is under 95) and axe-core (every screen, signed
# out and in, dialogs open, 1280 and 390 px) on the binary (web/quality/run.mjs).
# Fails on any accessibility, best-practices or SEO score under 100, any axe violation, a CLS
# over 0.02 or a median performance under QUALITY_MIN_PERFORMANCE (default 90); names every
# page short of the targets (a median of 95, an LCP within 1.8 s). QUALITY_RUNS sets the runs
# a page. Report: target/quality/report.md (and report.json).
test-quality: chromium binary web-deps ## Lighthouse and axe-core on the optimised binary (≤ 8 min): target/quality/report.md
	cd web && node quality/run.mjs

# schemathesis lives in a virtual environment of its own, pinned, made on first use.
$(VENV)/.schemathesis-$(SCHEMATHESIS_VERSION):
	python3 -m venv $(VENV)
	$(VENV)/bin/pip install --quiet --disable-pip-version-check schemathesis==$(SCHEMATHESIS_VERSION)
	touch $@

test-contract: binary $(VENV)/.schemathesis-$(SCHEMATHESIS_VERSION) ## schemathesis fuzzes the optimised binary against its OpenAPI document, on SQLite then PostgreSQL (≤ 3 min each)
	$(VENV)/bin/python scripts/contract/run.py
	scripts/postgres/with-server.sh $(VENV)/bin/python scripts/contract/run.py

test-crash: binary ## Checkouts under load, SIGKILL, restart: no acknowledged order or cart line is lost
	python3 scripts/crash/run.py

test-faults: binary ## A full disk on a real 8 MB filesystem, log included (needs root; says why when skipped): 503s, reads go on, recovers, nothing acknowledged lost
	python3 scripts/faults/full_disk.py

soak: release ## Mixed shopper load for SOAK_MINUTES (default 10; SOAK_WORKERS 8): memory, files and WAL flat after warm-up, p99 under 20 ms: target/soak/report.md
	python3 scripts/soak/run.py

# Three replicas of the release binary on one PostgreSQL behind nginx (scripts/cluster/).
cluster: release ## Three replicas on a throwaway PostgreSQL behind nginx, on this machine: prints the URL; Ctrl-C stops them all
	python3 scripts/cluster/cluster.py run

test-cluster: binary ## Three replicas behind nginx act as one store: across replicas, SIGKILL mid-checkout, a restart that fails no request, one key over three, PostgreSQL down and back
	python3 scripts/cluster/test.py

test-dist: dist ## The dist archive unpacked in an empty folder: checksum, static, starts, serves, stops on SIGTERM
	scripts/dist/test.sh

dev: web-deps ## Rebuild the web app on change and serve it with a debug server
	@mkdir -p $(DEV_WEB_DIR)
	@cd web && node build.mjs --outdir ../$(DEV_WEB_DIR) --watch & \
	  trap 'kill $$!' EXIT; \
	  until [ -f $(DEV_WEB_DIR)/index.html ]; do sleep 0.2; done; \
	  cargo run -- serve --addr $(ADDR) --data-dir $(DATA_DIR) --web-dir $(DEV_WEB_DIR)

bench: chromium web-deps ## Speed against nginx serving the same bytes (wrk, side by side): target/bench/report.md and docs/performance.md
	scripts/bench/run.sh

clean: ## Remove build output (keeps the database)
	cargo clean
	rm -rf dist
	rm -rf web/node_modules
