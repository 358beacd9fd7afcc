// The host's Status is the SDK's: a kvb_status code plus a message, cheap when OK.
#ifndef KVBENCH_HOST_COMMON_STATUS_HPP_
#define KVBENCH_HOST_COMMON_STATUS_HPP_

#include <kvbench/sdk.hpp>

namespace kvbench {

using Status = sdk::Status;

// "OK", "NOT_FOUND", "CORRUPTION", ... for messages and results.
const char* StatusCodeName(kvb_status code);

}  // namespace kvbench

#endif  // KVBENCH_HOST_COMMON_STATUS_HPP_
