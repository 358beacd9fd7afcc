// A main() for the fuzz targets in the normal (gcc) build: runs
// LLVMFuzzerTestOneInput once over every file named on the command line or
// found (recursively) in a directory named there. A failed oracle aborts; a
// run that finds no input at all fails, so a missing corpus cannot pass.
// Like libFuzzer's -malloc_limit_mb, a single allocation above 1 GiB aborts:
// no input of a few KB justifies one (a size field read from the input and
// trusted does).
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <new>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size);

namespace {

constexpr std::size_t kMaxAllocation = std::size_t{1} << 30;

}  // namespace

// The replacements pair malloc with free; GCC (under -fsanitize=thread) takes the free in operator delete for a
// mismatch with operator new.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void* operator new(std::size_t n) {
  if (n > kMaxAllocation) {
    std::fprintf(stderr, "replay: allocation of %zu bytes (more than 1 GiB) for a small input\n", n);
    std::abort();
  }
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

namespace {

std::vector<std::string> CollectInputs(const std::vector<std::string>& args) {
  std::vector<std::string> files;
  for (const std::string& arg : args) {
    std::filesystem::path p(arg);
    if (std::filesystem::is_directory(p)) {
      for (const auto& entry : std::filesystem::recursive_directory_iterator(p)) {
        if (entry.is_regular_file()) files.push_back(entry.path().string());
      }
    } else if (std::filesystem::is_regular_file(p)) {
      files.push_back(arg);
    } else {
      std::fprintf(stderr, "no such input: %s\n", arg.c_str());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> args(argv + 1, argv + argc);
  std::vector<std::string> files = CollectInputs(args);
  if (files.empty()) {
    std::fprintf(stderr, "usage: %s CORPUS_DIR_OR_FILE...  (found no inputs)\n", argv[0]);
    return 1;
  }
  for (const std::string& file : files) {
    std::ifstream in(file, std::ios::binary);
    std::vector<char> bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (!in.eof() && in.fail()) {
      std::fprintf(stderr, "cannot read %s\n", file.c_str());
      return 1;
    }
    std::fprintf(stderr, "input %s (%zu bytes)\n", file.c_str(), bytes.size());
    // A copy of exactly the input's size, so ASan sees a read past its end.
    std::vector<uint8_t> data(bytes.begin(), bytes.end());
    LLVMFuzzerTestOneInput(data.empty() ? nullptr : data.data(), data.size());
  }
  std::printf("%zu inputs replayed\n", files.size());
  return 0;
}
