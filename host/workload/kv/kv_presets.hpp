// Named phases: the YCSB core workloads (CoreWorkload's property files workloada..workloadf, plus "load") and
// db_bench's main benchmarks, as KvPhaseSpec fields. A config's phase names a preset and may override any field;
// results.json records the expanded phase.
//
// Operation counts default to the workload's record count. Where the originals differ from a single-client
// key-value run, the preset says so:
//   ycsb-*: YCSB's "update" writes one field; here it is a blind put of the whole record (update: "rmw" reads
//           first, as YCSB's RocksDB binding does). ycsb-e's scans start at a zipfian key, length uniform 1..100.
//   fillseq, load: the first `records` inserts in workload.load.order (sequential: ascending fixed keys).
//   fillrandom, overwrite: blind puts of uniform keys among the records (fillrandom repeats some, misses others).
//   readseq: one forward pass as scans of 100 entries, each starting after the last one's end.
//   seekrandom: a seek to a uniform key and one entry (db_bench's default seek_nexts = 0).
//   readwhilewriting: uniform reads with a background writer at 10,000 overwrites/s interleaved on the same
//           client (db_bench runs it on its own thread; plugins need not support concurrent calls).
//   updaterandom: read-modify-write of uniform keys.
#ifndef KVBENCH_HOST_WORKLOAD_KV_KV_PRESETS_HPP_
#define KVBENCH_HOST_WORKLOAD_KV_KV_PRESETS_HPP_

#include <string>
#include <vector>

#include "workload/kv/kv_spec.hpp"

namespace kvbench::workload::kv {

// Every preset name, in a stable order (for messages and documentation).
const std::vector<std::string>& PresetNames();

// Sets `phase`'s mix, update mode, distribution, scan, background and operations (= records) as preset `name`
// defines them, and phase->preset = name. False (phase untouched) for an unknown name.
bool ApplyPreset(const std::string& name, int64_t records, KvPhaseSpec* phase);

}  // namespace kvbench::workload::kv

#endif  // KVBENCH_HOST_WORKLOAD_KV_KV_PRESETS_HPP_
