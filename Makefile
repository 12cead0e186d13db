# The Monica toolset. `make demo` runs the showcase on a local sandbox; `make test` passes the tests.
SHELL := /bin/bash
PREFIX ?= /usr/local
DESTDIR ?=
SWIFT ?= swift
TOOLS := $(sort $(patsubst Sources/%/main.swift,%,$(wildcard Sources/monica-*/main.swift)))
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)
BINDIR := $(DESTDIR)$(PREFIX)/bin
MANDIR := $(DESTDIR)$(PREFIX)/share/man
BASHDIR := $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR := $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR := $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d

.PHONY: all build test test-e2e test-deps demo install install-files uninstall clean bench man completions check-generated lint fuzz

all: build

## build: release binaries of every tool
build:
	$(SWIFT) build -c release

## test-deps: what the tests and the demo call besides the tools, Python's vobject and icalendar
# included (the independent judges of vCard and ICS output), and the real consumers of
# monica-format's output: Graphviz (dot, gc), khard and abook; vdirsyncer (monica-sync's vdir
# paired with a stand-in server); systemd-analyze, the judge of
# monica-remind's timer units; Python's mcp (the MCP SDK, a real client of monica-mcp) and
# jsonschema (the judge of its tools' schemas); installs what is missing
test-deps:
	@missing=(); \
	for tool in curl jq python3 man ss dot gc khard vdirsyncer abook systemd-analyze; do command -v $$tool >/dev/null || missing+=($$tool); done; \
	if (( $${#missing[@]} )); then \
	  pkgs=$$(printf '%s\n' "$${missing[@]}" | sed 's/^man$$/man-db/; s/^ss$$/iproute2/; s/^dot$$/graphviz/; s/^gc$$/graphviz/; s/^systemd-analyze$$/systemd/' | sort -u); \
	  echo "installing: $$pkgs" >&2; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$pkgs >/dev/null; \
	fi
	@[ -x /usr/bin/time ] || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
	@python3 -c 'import vobject' 2>/dev/null || python3 -m pip install -q vobject
	@python3 -c 'import icalendar' 2>/dev/null || python3 -m pip install -q icalendar
	@python3 -c 'import mcp, jsonschema' 2>/dev/null || python3 -m pip install -q mcp jsonschema

## test: unit tests, end-to-end pipelines against monica-sandbox, and generated files up to date
# The in-process tests (the libraries' and Monica's tests/Api port, on the in-memory sandbox) run
# first and by themselves: the end-to-end tests hold the test process's threads while they wait
# for their pipelines, and in-process tests sharing the process would wait that long for a thread.
IN_PROCESS_TESTS := (MonicaKitTests|MonicaAPITests|MonicaSandboxTests|MonicaMCPTests|ConformanceTests)\.
test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --filter '$(IN_PROCESS_TESTS)'
	$(MAKE) --no-print-directory test-e2e
	$(MAKE) --no-print-directory check-generated
	$(MAKE) --no-print-directory lint

## test-e2e: the end-to-end tests alone, on the build `swift build --build-tests` made
# They run in two test processes at once: the suites named in E2E_SECOND_SHARD in the second,
# every other one in the first (so a new suite is never left out). Each test holds one of its
# process's threads while its pipeline runs, and Swift Testing runs a process's tests on as many
# threads as there are cores, so one process alone left a core idle whenever a pipeline waited on
# a latency, a time-out or a server. The two shards take about the same CPU (bench/test-cpu.sh);
# the second one's output is printed after the first's. `--ignore-lock`: both only read the build;
# the first starts once the second has begun its tests, because both plan the build before they
# run, and a plan read while the other writes it finds "no tests".
E2E_SECOND_SHARD := EndToEndTests\.(ManualRecipesTests|MigrateTests|MigrateExtrasTests|MigrateRelationsTests|MigrateEdgesTests|FaultMatrixTests|AuthTests|MergeTests)/
test-e2e:
	@log=$$(mktemp); trap 'rm -f "$$log"' EXIT; \
	$(SWIFT) test --skip-build --ignore-lock --filter '$(E2E_SECOND_SHARD)' >"$$log" 2>&1 & second=$$!; \
	while kill -0 $$second 2>/dev/null && ! grep -q 'Test run started' "$$log"; do sleep 0.2; done; \
	$(SWIFT) test --skip-build --ignore-lock --skip '$(IN_PROCESS_TESTS)' --skip '$(E2E_SECOND_SHARD)'; first=$$?; \
	wait $$second; second=$$?; cat "$$log"; \
	if (( first || second )); then echo "end-to-end tests failed (first shard $$first, second $$second)" >&2; exit 1; fi

## lint: swift format lint with the shared .swift-format, warnings are failures
lint:
	$(SWIFT) format lint --strict -r Sources Tests Fuzz Package.swift

## man: regenerate man/*.1 with swift-argument-parser's generate-manual plugin (date: last commit's)
man:
	@$(MAKE) --no-print-directory generated OUT=man
	@cp .generated/man/*.1 man/ && rm -rf .generated

## completions: regenerate completions/ from the tools themselves
completions:
	@$(MAKE) --no-print-directory generated OUT=completions
	@cp .generated/completions/* completions/ && rm -rf .generated

## check-generated: fail when the committed man pages or completions differ from what the tools generate
check-generated:
	@$(MAKE) --no-print-directory generated OUT=all
	@diff -r -x '*.7' -x '*.py' .generated/man man && diff -r .generated/completions completions \
	  || { echo "man/ or completions/ is out of date: run make man completions" >&2; rm -rf .generated; exit 1; }
	@rm -rf .generated; echo "man pages and completions are up to date"

generated:
	@rm -rf .generated && mkdir -p .generated/man .generated/completions
	@if [ "$(OUT)" != completions ]; then \
	  date=$$(git log -1 --format=%cs 2>/dev/null || date -u +%F); \
	  $(SWIFT) package generate-manual --configuration debug --date "$$date" >.generated/plugin.log 2>&1 \
	    || { cat .generated/plugin.log >&2; exit 1; }; \
	  for tool in $(TOOLS); do \
	    python3 man/postprocess.py .build/plugins/GenerateManual/outputs/$$tool/$$tool.1 \
	      .generated/man/$$tool.1 man/$$tool.1 "$$date" || exit 1; \
	  done; \
	fi
	@if [ "$(OUT)" != man ]; then \
	  $(SWIFT) build >.generated/build.log 2>&1 || { cat .generated/build.log >&2; exit 1; }; bin=$$($(SWIFT) build --show-bin-path); \
	  for tool in $(TOOLS); do \
	    "$$bin/$$tool" --generate-completion-script bash >.generated/completions/$$tool.bash && \
	    "$$bin/$$tool" --generate-completion-script zsh >.generated/completions/_$$tool && \
	    "$$bin/$$tool" --generate-completion-script fish >.generated/completions/$$tool.fish || exit 1; \
	  done; \
	fi

## demo: start a sandbox, sign in to it in a throw-away HOME, run the showcase pipelines
demo: build test-deps
	@BIN="$(RELEASE_BIN)" bash -o pipefail -c "$$DEMO_SCRIPT"

## install: binaries, man pages and completions under $(DESTDIR)$(PREFIX); the release build
## is made first only when a binary is missing or older than a source (so `sudo make install`
## after `make build` compiles nothing, and writes nothing as root under .build)
install:
	@bin="$(RELEASE_BIN)"; stale=; \
	for tool in $(TOOLS); do \
	  if [ ! -x "$$bin/$$tool" ] || [ -n "$$(find Sources Package.swift Package.resolved -newer "$$bin/$$tool" -print -quit 2>/dev/null)" ]; then \
	    stale=$$tool; break; \
	  fi; \
	done; \
	if [ -n "$$stale" ]; then $(SWIFT) build -c release; else echo "the release build in $$bin is current" >&2; fi
	@$(MAKE) --no-print-directory install-files BINSRC="$(RELEASE_BIN)"

# install-files: what install copies, from binaries already built in $(BINSRC)
install-files:
	install -d $(BINDIR) $(MANDIR)/man1 $(MANDIR)/man7 $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	for tool in $(TOOLS); do install -m 0755 "$(BINSRC)/$$tool" $(BINDIR)/; done
	for page in man/*.1; do [ -e "$$page" ] && install -m 0644 "$$page" $(MANDIR)/man1/ || true; done
	for page in man/*.7; do [ -e "$$page" ] && install -m 0644 "$$page" $(MANDIR)/man7/ || true; done
	for tool in $(TOOLS); do \
	  [ -e completions/$$tool.bash ] && install -m 0644 completions/$$tool.bash $(BASHDIR)/$$tool; \
	  [ -e completions/_$$tool ] && install -m 0644 completions/_$$tool $(ZSHDIR)/_$$tool; \
	  [ -e completions/$$tool.fish ] && install -m 0644 completions/$$tool.fish $(FISHDIR)/$$tool.fish; \
	  true; \
	done

## uninstall: remove what install put there
uninstall:
	for tool in $(TOOLS); do \
	  rm -f $(BINDIR)/$$tool $(MANDIR)/man1/$$tool.1 $(BASHDIR)/$$tool $(ZSHDIR)/_$$tool $(FISHDIR)/$$tool.fish; \
	done
	rm -f $(MANDIR)/man7/monica.7

## bench: every benchmark under bench/ (release build), results in bench/README.md
bench: build
	for script in bench/*.sh; do bash "$$script"; done

## fuzz: libFuzzer targets for every reader of outside bytes, FUZZ_SECONDS each (not part of test)
fuzz: test-deps
	bash Fuzz/run.sh

clean:
	$(SWIFT) package clean
	rm -rf .build .build-fuzz bench/out

define DEMO_SCRIPT
set -e
PATH="$$BIN:$$PATH"
work=$$(mktemp -d)
trap 'kill $$sandbox 2>/dev/null; wait $$sandbox 2>/dev/null; rm -rf "$$work"' EXIT
export HOME="$$work/home" XDG_CONFIG_HOME="$$work/home/.config" XDG_DATA_HOME="$$work/home/.local/share" \
  XDG_CACHE_HOME="$$work/home/.cache" XDG_STATE_HOME="$$work/home/.local/state"
unset MONICA_URL MONICA_TOKEN MONICA_TOKEN_FILE MONICA_PROFILE MONICA_PASSPHRASE
mkdir -p "$$HOME"
monica-sandbox --port 0 --contacts 200 --exit-with-parent --ready-file "$$work/ready.json" >/dev/null &
sandbox=$$!
for _ in $$(seq 300); do [ -s "$$work/ready.json" ] && break; sleep 0.1; done
url=$$(jq -r .url "$$work/ready.json")
bold=; plain=; if [ -t 2 ] && [ -z "$${NO_COLOR:-}" ]; then bold=$$'\033[1m'; plain=$$'\033[0m'; fi
show() { printf '\n%s$$ %s%s\n' "$$bold" "$$1" "$$plain" >&2; bash -o pipefail -c "$$1"; }
echo "monica-sandbox is serving 200 seeded contacts at $$url (throw-away HOME: $$HOME)" >&2
if command -v monica-auth >/dev/null; then
  jq -r .token "$$work/ready.json" | monica-auth login --url "$$url" --token-stdin
  show "monica-auth status"
else
  export MONICA_URL="$$url" MONICA_TOKEN="$$(jq -r .token "$$work/ready.json")"
  show "curl -s -H 'Accept: application/json' -H \"Authorization: Bearer \$$MONICA_TOKEN\" '$$url/api/contacts?limit=3' | jq -c '.data[] | {id, complete_name}'"
fi
if command -v monica-fetch >/dev/null && command -v monica-filter >/dev/null && command -v monica-format >/dev/null; then
  show "monica-fetch contacts | monica-filter --dead | monica-format table"
  show "monica-fetch contacts --max 40 | monica-filter --birthday-within 60 | monica-format table --sort auto"
  show "monica-fetch tasks | monica-filter --pending | monica-format table --sort auto | head -n 8"
  show "monica-fetch contacts | monica-filter --starred | monica-format csv --fields id,first_name,last_name | head -n 5"
  show "monica-fetch gifts | monica-filter --status idea | monica-format template --template '{{name}}: {{amount_with_currency}}' | head -n 5"
fi
if command -v monica-fetch >/dev/null; then
  show "monica-fetch notes --max 3 | jq -r '.contact.complete_name + \": \" + .body[0:60]'"
  show "monica-fetch contacts | wc -l"
fi
endef
export DEMO_SCRIPT
