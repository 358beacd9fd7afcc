// Version: an immutable snapshot of one tree's layers, newest first. Readers
// load the current version (one atomic shared_ptr load, no mutex), which pins
// every memtable and segment it names until they drop it.
#ifndef ZT_DB_VERSION_H_
#define ZT_DB_VERSION_H_

#include <memory>
#include <vector>

#include "db/memtable.h"
#include "table/segment.h"

namespace zt {

struct Version {
  std::shared_ptr<MemTable> mutable_segment;
  std::vector<std::shared_ptr<MemTable>> frozen;  // newest first
  std::shared_ptr<Segment> disk;                  // may be null (empty)
  std::vector<std::shared_ptr<Segment>> bottoms;  // newest first
};

}  // namespace zt

#endif  // ZT_DB_VERSION_H_
