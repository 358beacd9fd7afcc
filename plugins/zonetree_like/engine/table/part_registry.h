// PartRegistry: the parts open on one BlockCache, by file path, so that two
// segments holding the same part file (merge reuse) share one reader.
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

 private:
  mutable std::mutex mu_;
  std::unordered_map<std::string, std::weak_ptr<Part>> parts_;
};

}  // namespace zt

#endif  // ZT_TABLE_PART_REGISTRY_H_
