#include "common/status.hpp"

namespace kvbench {

const char* StatusCodeName(kvb_status code) {
  switch (code) {
    case KVB_OK: return "OK";
    case KVB_NOT_FOUND: return "NOT_FOUND";
    case KVB_INVALID_ARGUMENT: return "INVALID_ARGUMENT";
    case KVB_NOT_SUPPORTED: return "NOT_SUPPORTED";
    case KVB_CORRUPTION: return "CORRUPTION";
    case KVB_IO_ERROR: return "IO_ERROR";
    case KVB_BUSY: return "BUSY";
    case KVB_TIMED_OUT: return "TIMED_OUT";
    case KVB_OUT_OF_MEMORY: return "OUT_OF_MEMORY";
    case KVB_INTERNAL: return "INTERNAL";
    case KVB_ABI_MISMATCH: return "ABI_MISMATCH";
    default: return "UNKNOWN_STATUS";
  }
}

}  // namespace kvbench
