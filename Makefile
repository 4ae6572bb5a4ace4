# nodelisp's build. `make test` is what CI runs; `make golden` is the only
# target that needs SBCL.

GO      ?= go
PKGS    ?= ./...
FUZZTIME ?= 10s

.PHONY: build test lint bench bench-scale bench-recall fuzz soak golden peers clean

# One binary: the REPL, scripts, the log's subcommands and serve. Static
# (no cgo is needed): without the dynamic loader it starts about 1 ms sooner.
build:
	CGO_ENABLED=0 $(GO) build -o bin/ ./cmd/nodelisp

test: lint
	$(GO) test -count=1 $(PKGS)
	$(GO) test -race -count=1 -run '$(RACE_RUN)' $(RACE_PKGS)

# The race detector over the tests that run goroutines against each other:
# serve in process, two hosts on one store or one session (the lease),
# concurrent appends and lease takes, cancel.
# Only those: the whole suite under -race takes far too long on two cores.
RACE_PKGS ?= ./serve ./session ./store/postgres ./builtins
RACE_RUN  ?= TestInProcess|TestTwoHostsOneStore|TestTwoHostsTurnsAtOnceNeverBranch|TestSecondHostRefusedWhileACellRuns|TestGoneHolderIsTakenOver|TestConformance/ConcurrentAppends|TestConformance/ConcurrentLeaseTakes|Cancel

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$out" ]; then echo "gofmt would change:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)
	$(GO) run honnef.co/go/tools/cmd/staticcheck@v0.8.2 -checks U1000 $(PKGS)

bench:
	$(GO) test -run '^$$' -bench . -benchmem $(PKGS)

# The million-event recall figures (docs/storage.md). Not part of test or CI.
bench-scale:
	NODELISP_BENCH_SCALE=1 $(GO) test -run '^$$' -bench Scale -benchtime 1x -timeout 2h ./store/... ./recall/... ./session/...

# Recall quality on LoCoMo (docs/recall.md): hit@1/@5/@10 of each ranking
# against BM25 anchors, and the latency of a call. Reads the conversations
# in ../shared/data/locomo/ (never copied into the repository); skips
# without them. Not part of test or CI.
bench-recall:
	$(GO) test -run '^$$' -bench LoCoMo -benchtime 1x -timeout 30m ./recall/

fuzz:
	$(GO) test -run '^$$' -fuzz FuzzRead -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./reader
	$(GO) test -run '^$$' -fuzz FuzzEval -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./interp
	$(GO) test -run '^$$' -fuzz FuzzParse -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./context
	$(GO) test -run '^$$' -fuzz FuzzImport -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./store/jsonl
	$(GO) test -run '^$$' -fuzz FuzzSessionCell -fuzztime $(FUZZTIME) -fuzzminimizetime 3s ./session

# The crash-consistency test at length: serve killed with SIGKILL mid-cell
# SOAK_TRIALS times (make test runs 50). Not part of test or CI.
SOAK_TRIALS ?= 1000
soak:
	NODELISP_CRASH_TRIALS=$(SOAK_TRIALS) $(GO) test -count=1 -run TestCrashConsistency -timeout 2h -v ./serve

golden:
	scripts/golden.sh

peers: build
	../shared/bench/run-peers bin/nodelisp

clean:
	rm -rf bin
