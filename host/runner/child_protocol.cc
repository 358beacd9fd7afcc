#include "runner/child_protocol.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace kvbench::runner {

Status WriteAll(int fd, const std::string& data) {
  size_t done = 0;
  while (done < data.size()) {
    const ssize_t n = ::write(fd, data.data() + done, data.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return Status::IOError(std::string("write to pipe: ") + std::strerror(errno));
    }
    done += static_cast<size_t>(n);
  }
  return Status::OK();
}

Status EventWriter::Write(const nlohmann::json& event) {
  std::string line = event.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  line += '\n';
  std::lock_guard<std::mutex> lock(mutex_);
  return WriteAll(fd_, line);
}

void EventReader::Feed(const char* data, size_t size, std::vector<nlohmann::json>* events) {
  pending_.append(data, size);
  size_t start = 0;
  for (size_t nl; (nl = pending_.find('\n', start)) != std::string::npos; start = nl + 1) {
    const std::string_view line(pending_.data() + start, nl - start);
    if (line.empty()) continue;
    nlohmann::json event = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
    if (event.is_discarded() || !event.is_object() || !event.contains("event") || !event["event"].is_string()) {
      events->push_back({{"event", "protocol_error"}, {"line", std::string(line.substr(0, 200))}});
    } else {
      events->push_back(std::move(event));
    }
  }
  pending_.erase(0, start);
}

}  // namespace kvbench::runner
