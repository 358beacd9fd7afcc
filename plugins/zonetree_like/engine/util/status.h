// zt::Status: the result of every engine operation that can fail. Cheap to
// return when OK (no allocation); carries a code and a message otherwise.
#ifndef ZT_UTIL_STATUS_H_
#define ZT_UTIL_STATUS_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace zt {

class Status {
 public:
  enum class Code : uint8_t {
    kOk = 0,
    kNotFound = 1,
    kCorruption = 2,
    kIOError = 3,
    kInvalidArgument = 4,
    kNotSupported = 5,
    kBusy = 6,
  };

  Status() = default;

  static Status OK() { return Status(); }
  static Status NotFound(std::string_view msg = "") { return Status(Code::kNotFound, msg); }
  static Status Corruption(std::string_view msg) { return Status(Code::kCorruption, msg); }
  static Status IOError(std::string_view msg) { return Status(Code::kIOError, msg); }
  static Status InvalidArgument(std::string_view msg) { return Status(Code::kInvalidArgument, msg); }
  static Status NotSupported(std::string_view msg) { return Status(Code::kNotSupported, msg); }
  static Status Busy(std::string_view msg) { return Status(Code::kBusy, msg); }

  bool ok() const { return code_ == Code::kOk; }
  bool IsNotFound() const { return code_ == Code::kNotFound; }
  bool IsCorruption() const { return code_ == Code::kCorruption; }
  bool IsIOError() const { return code_ == Code::kIOError; }
  bool IsInvalidArgument() const { return code_ == Code::kInvalidArgument; }
  bool IsNotSupported() const { return code_ == Code::kNotSupported; }
  bool IsBusy() const { return code_ == Code::kBusy; }

  Code code() const { return code_; }
  const std::string& message() const { return message_; }

  // "OK", or "<Code name>: <message>".
  std::string ToString() const;

  // Returns a copy whose message is "<prefix>: <message>" (same code).
  Status WithContext(std::string_view prefix) const;

 private:
  Status(Code code, std::string_view msg) : code_(code), message_(msg) {}

  Code code_ = Code::kOk;
  std::string message_;
};

}  // namespace zt

#endif  // ZT_UTIL_STATUS_H_
