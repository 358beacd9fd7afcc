// The SDK adapter's iterator slots, called through the C table it builds for a small in-process plugin (no .so):
// an exception thrown by an iterator move must reach the host as an iterator error (iterator_valid 0,
// iterator_status the error), the way docs/plugin-abi.md says iterators report errors, not as an iterator that
// stays valid on the wrong entry.
#include <gtest/gtest.h>

#include <array>
#include <kvbench/sdk.hpp>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>

namespace kvbench::sdk {
namespace {

constexpr std::array<std::string_view, 3> kKeys = {"a", "b", "c"};

// Which move of the test iterators throws next, and what. Like an engine bug, the iterator throws before it has
// moved: its own Valid() and status() still say "valid, OK".
enum class Throw { kNothing, kRuntimeError, kBadAlloc, kNonStdException };
struct Fault {
  std::string move;  // "seek", "seek_first", "next"; "" for none
  Throw what = Throw::kNothing;
};
Fault& NextFault() {
  static Fault fault;
  return fault;
}

void MaybeThrow(std::string_view move) {
  Fault& f = NextFault();
  if (f.move != move) return;
  const Throw what = f.what;
  f = {};  // once
  switch (what) {
    case Throw::kRuntimeError:
      throw std::runtime_error("block checksum mismatch");
    case Throw::kBadAlloc:
      throw std::bad_alloc();
    case Throw::kNonStdException:
      throw 42;
    case Throw::kNothing:
      break;
  }
}

class TestIterator {
 public:
  void Seek(std::string_view key) {
    MaybeThrow("seek");
    pos_ = 0;
    while (pos_ < kKeys.size() && kKeys[pos_] < key) ++pos_;
  }
  void SeekToFirst() {
    MaybeThrow("seek_first");
    pos_ = 0;
  }
  void Next() {
    MaybeThrow("next");
    ++pos_;
  }
  bool Valid() const { return pos_ < kKeys.size(); }
  std::string_view key() const { return kKeys[pos_]; }
  std::string_view value() const { return kKeys[pos_]; }
  Status status() const { return Status::OK(); }

 private:
  size_t pos_ = kKeys.size();  // unpositioned
};

struct TestStore {
  using Iterator = TestIterator;
  Status Put(std::string_view, std::string_view) { return Status::OK(); }
  Status Get(std::string_view, ValueSink) { return Status::NotFound(); }
  Status Delete(std::string_view) { return Status::OK(); }
  Status NewIterator(std::unique_ptr<Iterator>* it) {
    *it = std::make_unique<Iterator>();
    return Status::OK();
  }
};

struct TestEngine {
  using Store = TestStore;
  Status OpenStore(std::string_view, std::unique_ptr<Store>* store) {
    *store = std::make_unique<Store>();
    return Status::OK();
  }
  Status Stabilize() { return Status::OK(); }
  Status Settle() { return Status::OK(); }
  Status Close() { return Status::OK(); }
  Status EffectiveSettings(std::string* out) {
    *out = "{}";
    return Status::OK();
  }
  Status Durability(std::string* out) {
    *out = "none";
    return Status::OK();
  }
};

struct TestPlugin {
  static constexpr const char* kName = "sdk_iterator_test";
  static constexpr const char* kVersion = "1";
  static constexpr const char* kDescription = "iterator moves that throw";
  using Engine = TestEngine;
  static Status Open(const OpenRequest&, std::unique_ptr<Engine>* engine) {
    *engine = std::make_unique<Engine>();
    return Status::OK();
  }
};

class SdkIteratorTest : public ::testing::Test {
 protected:
  void SetUp() override {
    NextFault() = {};
    const std::string dir = "/unused";
    kvb_open_params params{};
    params.struct_size = sizeof(params);
    params.abi_major = KVB_ABI_MAJOR;
    params.abi_minor = KVB_ABI_MINOR;
    params.data_dir = dir.data();
    params.data_dir_size = dir.size();
    ASSERT_EQ(t_.engine_open(&params, &engine_, nullptr, 0), KVB_OK);
    ASSERT_EQ(t_.store_open(engine_, "s", 1, &store_, nullptr, 0), KVB_OK);
  }
  void TearDown() override {
    t_.store_close(store_);
    EXPECT_EQ(t_.engine_close(engine_, nullptr, 0), KVB_OK);
  }

  kvb_iterator* NewIterator() {
    kvb_iterator* it = nullptr;
    EXPECT_EQ(t_.iterator_create(store_, &it, nullptr, 0), KVB_OK);
    return it;
  }
  std::string Key(kvb_iterator* it) {
    const void* p = nullptr;
    size_t n = 0;
    t_.iterator_key(it, &p, &n);
    return {static_cast<const char*>(p), n};
  }
  // iterator_status and the message it wrote.
  std::pair<kvb_status, std::string> StatusOf(kvb_iterator* it) {
    char err[128] = "<untouched>";
    kvb_status rc = t_.iterator_status(it, err, sizeof(err));
    return {rc, err};
  }

  const kvb_plugin_table& t_ = PluginAdapter<TestPlugin>::Table();
  kvb_engine* engine_ = nullptr;
  kvb_store* store_ = nullptr;
};

TEST_F(SdkIteratorTest, AWalkWithoutFaultsEndsNotValidAndOk) {
  kvb_iterator* it = NewIterator();
  std::string keys;
  for (t_.iterator_seek_first(it); t_.iterator_valid(it); t_.iterator_next(it)) keys += Key(it);
  EXPECT_EQ(keys, "abc");
  EXPECT_EQ(StatusOf(it).first, KVB_OK);
  t_.iterator_destroy(it);
}

TEST_F(SdkIteratorTest, NextThatThrowsEndsTheWalkWithInternalAndTheMessage) {
  kvb_iterator* it = NewIterator();
  t_.iterator_seek_first(it);
  ASSERT_EQ(t_.iterator_valid(it), 1);
  NextFault() = {"next", Throw::kRuntimeError};
  t_.iterator_next(it);
  EXPECT_EQ(t_.iterator_valid(it), 0);  // the engine's iterator still says valid, on "a"
  EXPECT_EQ(StatusOf(it), std::make_pair(KVB_INTERNAL, std::string("iterator_next: block checksum mismatch")));
  t_.iterator_destroy(it);
}

TEST_F(SdkIteratorTest, BadAllocInSeekIsOutOfMemory) {
  kvb_iterator* it = NewIterator();
  t_.iterator_seek(it, "b", 1);
  ASSERT_EQ(t_.iterator_valid(it), 1);
  NextFault() = {"seek", Throw::kBadAlloc};
  t_.iterator_seek(it, "c", 1);
  EXPECT_EQ(t_.iterator_valid(it), 0);
  EXPECT_EQ(StatusOf(it), std::make_pair(KVB_OUT_OF_MEMORY, std::string("iterator_seek: out of memory")));
  t_.iterator_destroy(it);
}

TEST_F(SdkIteratorTest, NonStdExceptionInSeekFirstIsInternal) {
  kvb_iterator* it = NewIterator();
  NextFault() = {"seek_first", Throw::kNonStdException};
  t_.iterator_seek_first(it);
  EXPECT_EQ(t_.iterator_valid(it), 0);
  EXPECT_EQ(StatusOf(it), std::make_pair(KVB_INTERNAL, std::string("iterator_seek_first: unknown exception")));
  t_.iterator_destroy(it);
}

TEST_F(SdkIteratorTest, TheErrorStaysWithThatIteratorOnly) {
  kvb_iterator* broken = NewIterator();
  kvb_iterator* other = NewIterator();
  NextFault() = {"seek_first", Throw::kRuntimeError};
  t_.iterator_seek_first(broken);
  t_.iterator_seek_first(other);
  // A later seek does not revive the broken iterator: its engine state is unknown after the exception.
  t_.iterator_seek_first(broken);
  EXPECT_EQ(t_.iterator_valid(broken), 0);
  EXPECT_EQ(StatusOf(broken).first, KVB_INTERNAL);
  ASSERT_EQ(t_.iterator_valid(other), 1);
  EXPECT_EQ(Key(other), "a");
  EXPECT_EQ(StatusOf(other).first, KVB_OK);
  t_.iterator_destroy(broken);
  t_.iterator_destroy(other);
}

TEST_F(SdkIteratorTest, TheMessageIsTruncatedToTheBuffer) {
  kvb_iterator* it = NewIterator();
  NextFault() = {"seek_first", Throw::kRuntimeError};
  t_.iterator_seek_first(it);
  char err[9];
  EXPECT_EQ(t_.iterator_status(it, err, sizeof(err)), KVB_INTERNAL);
  EXPECT_STREQ(err, "iterator");
  EXPECT_EQ(t_.iterator_status(it, nullptr, 0), KVB_INTERNAL);
  t_.iterator_destroy(it);
}

}  // namespace
}  // namespace kvbench::sdk
