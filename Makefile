# kvbench: one command sets up and runs the benchmark (make bench), one sets up and runs the tests (make test).
# Set-up installs the Debian 12 packages the build needs (as root, only those missing), then configures and builds
# with CMake + Ninja.

BUILD_DIR   ?= build
BUILD_TYPE  ?= Release
JOBS        ?= $(shell nproc)
CONFIG      ?= configs/quick.json
OUT         ?= results/latest
CTEST_ARGS  ?=

DEB_PACKAGES := g++ cmake ninja-build pkg-config libboost-dev nlohmann-json3-dev librocksdb-dev libzstd-dev \
                libspdlog-dev libgtest-dev libgmock-dev libbenchmark-dev

.PHONY: all deps configure build bench test test-slow test-all test-asan test-tsan fuzz format clean

all: build

# Installs only what is missing; needs root (or sudo) only when something is missing.
deps:
	@missing=""; for p in $(DEB_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi; \
	  $$SUDO apt-get update -q && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -q --no-install-recommends $$missing; \
	fi

$(BUILD_DIR)/build.ninja: | deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

configure: deps
	cmake -S . -B $(BUILD_DIR) -G Ninja -DCMAKE_BUILD_TYPE=$(BUILD_TYPE)

build: deps $(BUILD_DIR)/build.ninja
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The default benchmark: every bundled engine at a scale that completes in a few minutes on 2 cores.
bench: build
	$(BUILD_DIR)/kvbench run $(CONFIG) --out $(OUT)

# The whole fast suite (unit, conformance, integration). Long suites carry the 'slow' label: make test-slow.
test: build
	cd $(BUILD_DIR) && ctest --output-on-failure -LE slow -j $(JOBS) $(CTEST_ARGS)

test-slow: build
	cd $(BUILD_DIR) && ctest --output-on-failure -L slow $(CTEST_ARGS)

test-all: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# AddressSanitizer + UndefinedBehaviorSanitizer over the fast suite.
test-asan: deps
	cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKVBENCH_SANITIZE=address
	cmake --build build-asan -j $(JOBS)
	cd build-asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest --output-on-failure -LE "slow|nosan" -j $(JOBS)

# ThreadSanitizer over the fast suite (the engines' background threads).
test-tsan: deps
	cmake -S . -B build-tsan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DKVBENCH_SANITIZE=thread
	cmake --build build-tsan -j $(JOBS)
	cd build-tsan && TSAN_OPTIONS=halt_on_error=1 ctest --output-on-failure -LE "slow|nosan" -j $(JOBS)

format:
	git ls-files '*.cc' '*.hpp' '*.h' '*.c' | xargs clang-format -i

clean:
	rm -rf $(BUILD_DIR) build-asan build-tsan
