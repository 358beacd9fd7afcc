// Helpers shared by the db layer's tests.
#ifndef ZT_DB_TESTUTIL_H_
#define ZT_DB_TESTUTIL_H_

#include <cstdint>
#include <string>

#include "db/options.h"

namespace zt::test {

// A fresh empty directory under $TMPDIR (or /tmp), removed by the destructor.
class TempDir {
 public:
  TempDir();
  ~TempDir();
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const std::string& path() const { return path_; }
  std::string Sub(const std::string& name) const { return path_ + "/" + name; }

 private:
  std::string path_;
};

// Options with small sizes so that tests freeze, merge and split parts fast.
Options SmallOptions(WalMode mode = WalMode::kSync);

// Deterministic keys/values: "key0000000123" (zero-padded to 10 digits, so
// bytewise order is numeric order for every i below 10^10) and a value
// derived from (i, round).
std::string Key(uint64_t i);
std::string Value(uint64_t i, uint64_t round, size_t size = 24);

// Reads / writes a whole file (aborting the test on failure).
std::string ReadAll(const std::string& path);
void WriteAll(const std::string& path, const std::string& data);
// Files in dir whose name ends with suffix, sorted.
std::vector<std::string> FilesWithSuffix(const std::string& dir,
                                         const std::string& suffix);

}  // namespace zt::test

#endif  // ZT_DB_TESTUTIL_H_
