# kvbench: one command sets up and runs the benchmark (make bench), one sets up and runs the tests (make test).
# Set-up installs the Debian 12 packages the build needs (as root, only those missing), then configures and builds
# with CMake + Ninja.

BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
JOBS        ?= $(shell nproc)
CONFIG      ?= configs/quick.json
OUT         ?= results/latest
CTEST_ARGS  ?=

DEB_PACKAGES := g++ cmake ninja-build pkg-config libboost-dev nlohmann-json3-dev librocksdb-dev libzstd-dev liblz4-dev \
                libspdlog-dev libgtest-dev libgmock-dev libbenchmark-dev
# Only `make fuzz` needs these (libFuzzer comes with clang's runtime libraries).
FUZZ_PACKAGES := clang libclang-rt-14-dev
FUZZ_SECONDS ?= 30
FUZZ_TARGETS := fuzz_config fuzz_zt_block fuzz_zt_wal fuzz_zt_manifest
# What `make test` fuzzes (clang, ASan+UBSan), a few seconds each: every target (the config parser and the
# zonetree_like file readers).
FUZZ_SMOKE_SECONDS ?= 10
FUZZ_SMOKE_TARGETS := $(FUZZ_TARGETS)

# $(call install_missing,PACKAGES): installs those of PACKAGES that are not installed yet (apt-get, as root or
# through sudo); does nothing, and needs no privileges, when all are there.
define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

.PHONY: all deps fuzz-deps configure build bench test test-slow test-all test-asan test-tsan fuzz fuzz-configure \
        fuzz-smoke format clean

all: build

# Installs only what is missing; needs root (or sudo) only when something is missing.
deps:
	$(call install_missing,$(DEB_PACKAGES))

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The default benchmark: every bundled engine at a scale that completes in a few minutes on 2 cores.
bench: build
	$(BUILD_DIR)/kvbench run $(CONFIG) --out $(OUT)

# The whole fast suite (unit, conformance, integration), then a short libFuzzer run (ASan+UBSan) of the
# zonetree_like readers. Long suites carry the 'slow' label: make test-slow.
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -LE slow -j $(JOBS) $(CTEST_ARGS)
	$(MAKE) --no-print-directory fuzz-smoke

test-slow: build
	cd $(BUILD_DIR) && ctest --output-on-failure -L slow $(CTEST_ARGS)

test-all: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# The sanitizer builds: -O1 with line tables (enough for symbolized reports) and assertions on. -O2 -g made the
# instrumented build about three times slower (host/crash/crash_runner.cc alone: 108 s against 34 s with GCC 12).
SANITIZER_BUILD := -DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" \
                   "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1"

# AddressSanitizer + UndefinedBehaviorSanitizer over the fast suite. handle_sigbus=0: a plugin file that crashes the
# loader (tests/plugins truncated.so) must kill its worker with SIGBUS, as without a sanitizer, for the host to say so.
test-asan: deps
	cmake -S . -B build-asan -G Ninja $(SANITIZER_BUILD) -DKVBENCH_SANITIZE=address
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1:handle_sigbus=0 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -LE "slow|nosan" -j $(JOBS)

# ThreadSanitizer over the fast suite (the engines' background threads). cmake/tsan.supp lists the
# uninstrumented system libraries whose internal synchronization TSan cannot see.
test-tsan: deps
	cmake -S . -B build-tsan -G Ninja $(SANITIZER_BUILD) -DKVBENCH_SANITIZE=thread
	cmake --build build-tsan -j $(JOBS)
	cd build-tsan && TSAN_OPTIONS="halt_on_error=1 handle_sigbus=0 suppressions=$(CURDIR)/cmake/tsan.supp" \
	  ctest --output-on-failure -LE "slow|nosan" -j $(JOBS)

fuzz-deps:
	$(call install_missing,$(FUZZ_PACKAGES))

fuzz-configure: deps fuzz-deps
	cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_C_COMPILER=clang \
	  -DCMAKE_CXX_COMPILER=clang++ -DKVBENCH_FUZZ=ON

# $(call run_fuzzers,TARGETS,SECONDS): libFuzzer over each target for SECONDS, starting from its corpus in
# tests/fuzz/corpus/<target>/; new inputs go to build-fuzz/fuzz/new/<target>/, crashes to build-fuzz/fuzz/artifacts/.
# Any crash, sanitizer report or timeout fails the recipe.
define run_fuzzers
	@mkdir -p build-fuzz/fuzz/artifacts
	@for t in $(1); do \
	  mkdir -p build-fuzz/fuzz/new/$$t; \
	  echo "== $$t: $(2) s"; \
	  build-fuzz/fuzz/$$t -max_total_time=$(2) -timeout=10 -rss_limit_mb=2048 -max_len=65536 \
	    -print_final_stats=1 -artifact_prefix=build-fuzz/fuzz/artifacts/$$t- \
	    build-fuzz/fuzz/new/$$t tests/fuzz/corpus/$$t || exit 1; \
	done
endef

# libFuzzer (clang, ASan+UBSan) over every fuzz target for FUZZ_SECONDS.
# (`make test` replays the corpora with the normal compiler, then runs fuzz-smoke.)
fuzz: fuzz-configure
	cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_TARGETS)
	$(call run_fuzzers,$(FUZZ_TARGETS),$(FUZZ_SECONDS))

# The short run `make test` ends with.
fuzz-smoke: fuzz-configure
	cmake --build build-fuzz -j $(JOBS) --target $(FUZZ_SMOKE_TARGETS)
	$(call run_fuzzers,$(FUZZ_SMOKE_TARGETS),$(FUZZ_SMOKE_SECONDS))

format:
	git ls-files '*.cc' '*.hpp' '*.h' '*.c' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) build-asan build-tsan build-fuzz
