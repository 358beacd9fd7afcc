#include "table/format.h"

#include <gtest/gtest.h>
#include <zstd.h>

#include "util/coding.h"
#include "util/file.h"
#include "util/testing.h"

namespace zt {

TEST(FormatTest, PartFileNames) {
  EXPECT_EQ(PartFileName("/d", 42), "/d/42.seg");
  uint64_t n = 0;
  EXPECT_TRUE(ParsePartFileName("42.seg", &n));
  EXPECT_EQ(n, 42u);
  EXPECT_FALSE(ParsePartFileName("42.seg.tmp", &n));
  EXPECT_FALSE(ParsePartFileName(".seg", &n));
  EXPECT_FALSE(ParsePartFileName("4a.seg", &n));
  EXPECT_FALSE(ParsePartFileName("MANIFEST", &n));
  EXPECT_FALSE(ParsePartFileName("99999999999999999999999.seg", &n));
}

TEST(FormatTest, FooterRoundTripAndDamage) {
  Footer f;
  f.index.offset = 123456789;
  f.index.size = 4321;
  std::string enc;
  f.EncodeTo(&enc);
  ASSERT_EQ(enc.size(), kFooterSize);
  Footer g;
  ASSERT_TRUE(g.DecodeFrom(enc).ok());
  EXPECT_EQ(g.index.offset, f.index.offset);
  EXPECT_EQ(g.index.size, f.index.size);
  EXPECT_EQ(g.version, kPartFormatVersion);
  for (size_t i = 0; i < enc.size(); i++) {
    std::string bad = enc;
    bad[i] ^= 1;
    EXPECT_TRUE(g.DecodeFrom(bad).IsCorruption()) << i;
  }
  EXPECT_TRUE(g.DecodeFrom(std::string_view(enc).substr(1)).IsCorruption());
}

TEST(FormatTest, FooterVersions) {
  // The versions a reader accepts decode; older and newer ones are named.
  for (uint32_t v : {0u, 1u, 2u, 3u, 4u, 99u}) {
    Footer f;
    f.version = v;
    std::string enc;
    f.EncodeTo(&enc);
    Footer g;
    Status s = g.DecodeFrom(enc);
    if (v >= kOldestReadablePartFormatVersion && v <= kPartFormatVersion) {
      ASSERT_TRUE(s.ok()) << v;
      EXPECT_EQ(g.version, v);
      EXPECT_EQ(g.inline_value_max, 0u);
    } else {
      EXPECT_TRUE(s.IsCorruption()) << v;
      EXPECT_NE(s.ToString().find("unsupported part format version " + std::to_string(v)), std::string::npos);
    }
  }
  // The inline value limit travels in the footer; version 2 had a flags
  // word there, always 0.
  Footer f;
  f.inline_value_max = 300;
  std::string enc;
  f.EncodeTo(&enc);
  Footer g;
  ASSERT_TRUE(g.DecodeFrom(enc).ok());
  EXPECT_EQ(g.inline_value_max, 300u);
  f.version = 2;
  enc.clear();
  f.EncodeTo(&enc);
  EXPECT_TRUE(g.DecodeFrom(enc).IsCorruption());
}

class RawBlockTest : public ::testing::Test {
 protected:
  // Writes payload+trailer at offset 0 of a file and returns its handle.
  BlockHandle Write(std::string_view raw, Compression type, std::string* file_bytes) {
    std::string payload;
    if (type == Compression::kZstd) {
      Compressor c;
      EXPECT_TRUE(c.Compress(type, 1, raw, &payload).ok());
    } else {
      payload = std::string(raw);
    }
    file_bytes->assign(payload);
    AppendBlockTrailer(payload, type, static_cast<uint32_t>(raw.size()), file_bytes);
    return BlockHandle{0, static_cast<uint32_t>(payload.size())};
  }
  Status Read(const std::string& bytes, BlockHandle h, std::string* out) {
    std::string path = JoinPath(dir_.path(), "7.seg");
    EXPECT_TRUE(WriteFileAtomically(path, bytes).ok());
    std::unique_ptr<RandomAccessFile> f;
    EXPECT_TRUE(RandomAccessFile::Open(path, &f).ok());
    Buffer raw;
    size_t n = 0;
    Status s = ReadRawBlock(*f, 7, h, &raw, &n);
    if (s.ok()) out->assign(raw.get(), n);
    return s;
  }
  testing::TempDir dir_;
};

TEST_F(RawBlockTest, RoundTripBothCompressions) {
  std::string raw;
  for (int i = 0; i < 1000; i++) raw += testing::Cat("entry", i % 37);
  for (Compression c : {Compression::kNone, Compression::kZstd}) {
    std::string bytes, out;
    BlockHandle h = Write(raw, c, &bytes);
    ASSERT_TRUE(Read(bytes, h, &out).ok());
    EXPECT_EQ(out, raw);
  }
}

TEST_F(RawBlockTest, FlippedBytesAreCorruptionNamingFileAndOffset) {
  std::string raw(5000, 'q');
  for (Compression c : {Compression::kNone, Compression::kZstd}) {
    std::string bytes, out;
    BlockHandle h = Write(raw, c, &bytes);
    for (size_t i = 0; i < bytes.size(); i += 1 + bytes.size() / 50) {
      std::string bad = bytes;
      bad[i] ^= 0x20;
      Status s = Read(bad, h, &out);
      ASSERT_TRUE(s.IsCorruption()) << i << " " << s.ToString();
      EXPECT_NE(s.message().find("file 7 offset 0:"), std::string::npos) << s.message();
    }
  }
}

TEST_F(RawBlockTest, TruncatedFileAndBadHandle) {
  std::string raw(3000, 'z'), bytes, out;
  BlockHandle h = Write(raw, Compression::kZstd, &bytes);
  EXPECT_TRUE(Read(bytes.substr(0, bytes.size() - 1), h, &out).IsCorruption());
  BlockHandle past{1u << 20, 100};
  EXPECT_TRUE(Read(bytes, past, &out).IsCorruption());
  BlockHandle huge{0, 0xffffffffu};
  EXPECT_TRUE(Read(bytes, huge, &out).IsCorruption());
}

// A size field that the payload cannot fill is Corruption before anything is
// allocated for it (checked from the zstd frame's headers): a damaged part
// must not make every read of the block allocate up to kMaxBlockRawSize.
TEST_F(RawBlockTest, SizeTheFrameCannotHoldIsCorruptionBeforeAllocating) {
  std::string raw(3000, 'z');
  Compressor c;
  std::string payload;
  ASSERT_TRUE(c.Compress(Compression::kZstd, 1, raw, &payload).ok());
  // A frame that records its content size (ours do), claimed larger.
  std::string bytes = payload, out;
  AppendBlockTrailer(payload, Compression::kZstd, kMaxBlockRawSize, &bytes);
  Status s = Read(bytes, BlockHandle{0, static_cast<uint32_t>(payload.size())}, &out);
  ASSERT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("frame size does not match"), std::string::npos) << s.message();
  // A frame without a content size: its blocks bound what it can hold.
  ZSTD_CCtx* cctx = ZSTD_createCCtx();
  ASSERT_EQ(ZSTD_isError(ZSTD_CCtx_setParameter(cctx, ZSTD_c_contentSizeFlag, 0)), 0u);
  std::string bare(ZSTD_compressBound(raw.size()), '\0');
  size_t n = ZSTD_compress2(cctx, bare.data(), bare.size(), raw.data(), raw.size());
  ZSTD_freeCCtx(cctx);
  ASSERT_EQ(ZSTD_isError(n), 0u);
  bare.resize(n);
  bytes = bare;
  AppendBlockTrailer(bare, Compression::kZstd, kMaxBlockRawSize, &bytes);
  s = Read(bytes, BlockHandle{0, static_cast<uint32_t>(bare.size())}, &out);
  ASSERT_TRUE(s.IsCorruption()) << s.ToString();
  EXPECT_NE(s.message().find("frame too short"), std::string::npos) << s.message();
  // The same frame with its true size reads back.
  bytes = bare;
  AppendBlockTrailer(bare, Compression::kZstd, static_cast<uint32_t>(raw.size()), &bytes);
  ASSERT_TRUE(Read(bytes, BlockHandle{0, static_cast<uint32_t>(bare.size())}, &out).ok());
  EXPECT_EQ(out, raw);
}

}  // namespace zt
