// PartRegistry: the parts open on one BlockCache, by file path, so that two
// segments holding the same part file (merge reuse) share one reader; and the
// cache ids of part files being written with their blocks cached.
// Thread-safe.
#ifndef ZT_TABLE_PART_REGISTRY_H_
#define ZT_TABLE_PART_REGISTRY_H_

#include <functional>
#include <memory>
#include <mutex>
#include <string>
#include <unordered_map>

#include "util/status.h"

namespace zt {

class Part;

class PartRegistry {
 public:
  // The open part for path, or the one made by open() (then registered).
  // open runs under the registry lock.
  Status FindOrOpen(const std::string& path, const std::function<Status(std::shared_ptr<Part>*)>& open,
                    std::shared_ptr<Part>* out);
  // Called by a dying part: forgets path unless it was reopened since.
  void Forget(const std::string& path);
  size_t size() const;

  // Cache ids reserved for part files not open yet: a writer that caches the
  // blocks it writes (table/write_caching.h) keys them by
  // the id it reserved for the file, and Part::Open takes that id, and with
  // it those blocks. Reserve returns the file's reserved id, reserving `id`
  // for it first if it has none; Take returns it and forgets it (0 if none).
  uint64_t ReserveCacheId(const std::string& path, uint64_t id);
  uint64_t TakeCacheId(const std::string& path);

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::weak_ptr<Part>> parts_;
  std::unordered_map<std::string, uint64_t> reserved_ids_;
};

}  // namespace zt

#endif  // ZT_TABLE_PART_REGISTRY_H_
