// Writes the binary seed corpora of the zonetree_like fuzz targets (run once
// by hand; the output is committed under tests/fuzz/corpus/):
//   make_corpus tests/fuzz/corpus
// Valid files come from the engine's own writers (BlockBuilder,
// SegmentWriter, WalWriter, EncodeManifest), prefixed with the selector
// bytes each target expects; edge cases are cut or damaged copies.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "db/manifest.h"
#include "db/options.h"
#include "db/wal_format.h"
#include "db/wal_writer.h"
#include "table/block_builder.h"
#include "table/segment_writer.h"
#include "util/coding.h"
#include "util/file.h"

namespace {

namespace fs = std::filesystem;

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "make_corpus: %s\n", what.c_str());
  std::exit(1);
}

void Check(const zt::Status& s, const char* what) {
  if (!s.ok()) Die(std::string(what) + ": " + s.ToString());
}

std::string Slurp(const std::string& path) {
  std::string data;
  Check(zt::ReadFileToString(path, &data), "read");
  return data;
}

void Emit(const fs::path& dir, const std::string& name, const std::string& bytes) {
  fs::create_directories(dir);
  std::ofstream out(dir / name, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  if (!out) Die("write " + (dir / name).string());
  std::printf("%-60s %6zu bytes\n", (dir / name).c_str(), bytes.size());
}

std::string Key(int i) {
  char buf[32];
  std::snprintf(buf, sizeof(buf), "user:%06d", i * 2);
  return buf;
}

std::string Value(int i) { return "v" + std::to_string(i) + std::string(static_cast<size_t>(i % 7), 'x'); }

// --- fuzz_zt_block: selector byte (even: raw block; odd: part file) -------

void BlockCorpus(const fs::path& out) {
  const fs::path dir = out / "fuzz_zt_block";
  {
    zt::BlockBuilder b(zt::kDefaultInlineValueMax);
    for (int i = 0; i < 6; i++) {
      b.Add(Key(i), i == 3 ? zt::EntryKind::kTombstone : zt::EntryKind::kValue, i == 3 ? "" : Value(i));
    }
    Emit(dir, "block_six.bin", std::string(1, '\0') + std::string(b.Finish()));
  }
  {
    zt::BlockBuilder b(zt::kDefaultInlineValueMax);
    b.Add("k", zt::EntryKind::kValue, "");
    Emit(dir, "block_one_empty_value.bin", std::string(1, '\0') + std::string(b.Finish()));
  }
  // Values of 3 and 300 bytes: next to their keys and in the value section
  // with the default limit; all in the value section with none (selector 2,
  // format version 2's blocks).
  for (uint32_t limit : {zt::kDefaultInlineValueMax, 0u}) {
    zt::BlockBuilder b(limit);
    for (int i = 0; i < 8; i++) b.Add(Key(i), zt::EntryKind::kValue, std::string(i % 2 == 0 ? 3 : 300, 'a' + i));
    std::string selector(1, limit == 0 ? '\2' : '\0');
    Emit(dir, limit == 0 ? "block_mixed_no_inline.bin" : "block_mixed.bin", selector + std::string(b.Finish()));
  }
  Emit(dir, "block_too_small.bin", std::string("\0\1\0\0\0", 5));

  const std::string scratch = fs::temp_directory_path() / ("zt-corpus-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  struct PartCase {
    const char* name;
    uint8_t selector;  // odd; bit 1: fix checksums, 2-3: sparse step choice, 4-5: prefetch, 6-7: caches
    zt::Compression compression;
    uint32_t step;
    int entries;
  };
  const PartCase cases[] = {
      {"part_none_step4.bin", 0x01 | (2 << 4), zt::Compression::kNone, 4, 40},
      {"part_zstd_step16.bin", 0x03 | 0xC0, zt::Compression::kZstd, 16, 60},
      {"part_none_rebuild.bin", 0x03 | (2 << 2) | (1 << 4), zt::Compression::kNone, 4, 25},
      {"part_none_nosparse.bin", 0x03 | (1 << 2), zt::Compression::kNone, 0, 12},
  };
  uint64_t number = 1;
  for (const PartCase& c : cases) {
    zt::TableOptions options;
    options.block_size = 256;  // a few entries per block: several blocks
    options.compression = c.compression;
    options.sparse_array_step = c.step;
    zt::SegmentWriter writer(scratch, options, [&] { return number++; });
    for (int i = 0; i < c.entries; i++) {
      bool tomb = i % 9 == 8;
      Check(writer.Add(Key(i), tomb ? zt::EntryKind::kTombstone : zt::EntryKind::kValue, tomb ? "" : Value(i)),
            "segment add");
    }
    std::vector<zt::PartMeta> parts;
    Check(writer.Finish(&parts), "segment finish");
    if (parts.size() != 1) Die("expected one part");
    std::string file = Slurp(zt::PartFileName(scratch, parts[0].file_number));
    Emit(dir, c.name, std::string(1, static_cast<char>(c.selector)) + file);
    if (c.compression == zt::Compression::kNone && c.step == 4 && c.entries == 40) {
      Emit(dir, "part_truncated_footer.bin", std::string(1, '\1') + file.substr(0, file.size() - 10));
      std::string flipped = file;
      flipped[flipped.size() / 3] ^= 0x20;  // inside a data block: found when read
      Emit(dir, "part_flipped_block.bin", std::string(1, '\1') + flipped);
      // The same flip with the checksums fixed: the block parser sees it.
      Emit(dir, "part_flipped_block_fixed.bin", std::string(1, '\3') + flipped);
    }
  }
  fs::remove_all(scratch);
}

// --- fuzz_zt_wal: flag byte (bit 0: fixed16 log length + tail file) -------

std::string WalBytes(zt::WalMode mode, int records, bool with_tail, std::string* tail) {
  const std::string scratch = fs::temp_directory_path() / ("zt-wal-" + std::to_string(::getpid()));
  fs::create_directories(scratch);
  const std::string path = zt::wal::LogFileName(scratch, 1);
  zt::Options options;
  options.wal_mode = mode;
  options.wal_tail_interval = std::chrono::milliseconds(5);
  options.wal_async_interval = std::chrono::milliseconds(5);
  options.wal_block_size = 300;  // small: the compressed modes write several blocks
  std::unique_ptr<zt::WalWriter> w;
  Check(zt::WalWriter::Create(path, options, nullptr, &w), "wal create");
  for (int i = 0; i < records; i++) {
    bool tomb = i % 5 == 4;
    Check(w->Append(tomb ? zt::EntryKind::kTombstone : zt::EntryKind::kValue, Key(i), tomb ? "" : Value(i)),
          "wal append");
    if (mode == zt::WalMode::kAsyncCompressed && i == records / 2) Check(w->Flush(), "wal flush");
  }
  std::string log;
  if (with_tail) {
    // The background thread rewrites the tail every few ms: wait for it.
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    log = Slurp(path);
    *tail = Slurp(zt::wal::TailFileName(path));
  }
  Check(w->Close(), "wal close");
  if (!with_tail) log = Slurp(path);
  w.reset();
  fs::remove_all(scratch);
  return log;
}

void WalCorpus(const fs::path& out) {
  const fs::path dir = out / "fuzz_zt_wal";
  const std::string none(1, '\0');
  std::string sync = WalBytes(zt::WalMode::kSync, 12, false, nullptr);
  Emit(dir, "sync.bin", none + sync);
  Emit(dir, "sync_torn.bin", none + sync.substr(0, sync.size() - 5));
  std::string damaged = sync;
  damaged[zt::wal::kMagic.size() + 12] ^= 0x01;  // the first frame's payload: corruption
  Emit(dir, "sync_bad_first_frame.bin", none + damaged);
  Emit(dir, "sync_bad_first_frame_fixed.bin", std::string(1, '\2') + damaged);
  Emit(dir, "async_compressed.bin", none + WalBytes(zt::WalMode::kAsyncCompressed, 30, false, nullptr));
  std::string tail;
  std::string log = WalBytes(zt::WalMode::kSyncCompressed, 30, true, &tail);
  if (log.size() > 0xffff) Die("log too big for the fixed16 length");
  std::string with_tail(1, '\1');
  with_tail.push_back(static_cast<char>(log.size() & 0xff));
  with_tail.push_back(static_cast<char>(log.size() >> 8));
  Emit(dir, "sync_compressed_with_tail.bin", with_tail + log + tail);
  Emit(dir, "magic_only.bin", none + std::string(zt::wal::kMagic));
  Emit(dir, "magic_prefix.bin", none + std::string(zt::wal::kMagic.substr(0, 3)));
  Emit(dir, "empty.bin", none);
  // A compressed frame claiming a huge raw size.
  std::string payload;
  zt::PutFixed32(&payload, 0xfffffff0u);
  payload += "garbage";
  std::string frame(zt::wal::kMagic);
  zt::wal::AppendFrame(&frame, zt::wal::kCompressedFrame, payload);
  zt::wal::AppendFrame(&frame, zt::wal::kPlainFrame, std::string(12, '\0'));
  Emit(dir, "huge_raw_size.bin", none + frame);
  Emit(dir, "async_compressed_fixed.bin",
       std::string(1, '\2') + WalBytes(zt::WalMode::kAsyncCompressed, 8, false, nullptr));
}

// --- fuzz_zt_manifest ----------------------------------------------------

zt::PartMeta Part(uint64_t number, int lo, int hi) {
  zt::PartMeta p;
  p.file_number = number;
  p.entries = static_cast<uint64_t>(hi - lo + 1);
  p.tombstones = 1;
  p.file_size = 4096 + number;
  p.smallest_key = Key(lo);
  p.largest_key = Key(hi);
  return p;
}

void ManifestCorpus(const fs::path& out) {
  const fs::path dir = out / "fuzz_zt_manifest";
  // The flag byte: 0 = as is, 1 = fix the checksum first.
  const std::string as_is(1, '\0'), fixed(1, '\1');
  std::string bytes;
  zt::ManifestState empty;
  zt::EncodeManifest(empty, &bytes);
  Emit(dir, "empty_state.bin", as_is + bytes);
  zt::ManifestState wals;
  wals.next_file_number = 9;
  wals.wal_floor = 3;
  wals.live_wals = {3, 5, 8};
  zt::EncodeManifest(wals, &bytes);
  Emit(dir, "wals_only.bin", as_is + bytes);
  zt::ManifestState full;
  full.next_file_number = 40;
  full.wal_floor = 30;
  full.live_wals = {31};
  full.disk = {Part(20, 0, 99), Part(21, 100, 199), Part(22, 200, 250)};
  full.bottoms = {{Part(10, 0, 500)}, {Part(4, 0, 250), Part(5, 251, 600)}};
  zt::EncodeManifest(full, &bytes);
  Emit(dir, "disk_and_bottoms.bin", fixed + bytes);
  Emit(dir, "truncated.bin", as_is + bytes.substr(0, bytes.size() / 2));
  std::string flipped = bytes;
  flipped[12] ^= 0x40;
  Emit(dir, "bad_checksum.bin", as_is + flipped);
  Emit(dir, "magic_only.bin", as_is + "ZTMANIF1");
  // A damaged layout behind a valid checksum: parts out of order.
  std::string body = bytes.substr(0, bytes.size() - 4);
  Emit(dir, "flipped_fixed.bin", fixed + body.substr(0, 20) + static_cast<char>(body[20] ^ 0x10) + body.substr(21) +
                                     "CRC!");
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 2) Die("usage: make_corpus CORPUS_DIR");
  const fs::path out(argv[1]);
  BlockCorpus(out);
  WalCorpus(out);
  ManifestCorpus(out);
  return 0;
}
