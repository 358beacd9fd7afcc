#include "table/part_registry.h"

namespace zt {

Status PartRegistry::FindOrOpen(const std::string& path, const std::function<Status(std::shared_ptr<Part>*)>& open,
                                std::shared_ptr<Part>* out) {
  out->reset();  // never destroy a part under the lock (~Part calls Forget)
  std::lock_guard<std::mutex> lock(mu_);
  auto it = parts_.find(path);
  if (it != parts_.end()) {
    if (std::shared_ptr<Part> part = it->second.lock()) {
      *out = std::move(part);
      return Status::OK();
    }
  }
  std::shared_ptr<Part> part;
  Status s = open(&part);
  if (!s.ok()) return s;
  parts_[path] = part;
  *out = std::move(part);
  return Status::OK();
}

void PartRegistry::Forget(const std::string& path) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = parts_.find(path);
  if (it != parts_.end() && it->second.expired()) parts_.erase(it);
}

uint64_t PartRegistry::ReserveCacheId(const std::string& path, uint64_t id) {
  std::lock_guard<std::mutex> lock(mu_);
  return reserved_ids_.try_emplace(path, id).first->second;
}

uint64_t PartRegistry::TakeCacheId(const std::string& path) {
  std::lock_guard<std::mutex> lock(mu_);
  auto it = reserved_ids_.find(path);
  if (it == reserved_ids_.end()) return 0;
  const uint64_t id = it->second;
  reserved_ids_.erase(it);
  return id;
}

size_t PartRegistry::size() const {
  std::lock_guard<std::mutex> lock(mu_);
  return parts_.size();
}

}  // namespace zt
