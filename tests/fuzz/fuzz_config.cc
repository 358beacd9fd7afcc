// The host's run-config parser and validator (config::ParseRunConfig) on
// arbitrary bytes. It may accept the text or throw ConfigError naming the
// source; any other exception escaping, a crash, or a sanitizer report is a
// bug. An accepted config must survive the round trip the results file
// relies on: ToJson() is accepted again and yields the same config.
#include <cstdint>
#include <string>

#include "config/config_error.hpp"
#include "config/config_parser.hpp"
#include "fuzz_check.h"

namespace {

constexpr char kSource[] = "fuzz.json";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using kvbench::config::ConfigError;
  using kvbench::config::ParseRunConfig;
  using kvbench::config::RunConfig;
  const std::string text(reinterpret_cast<const char*>(data), size);
  RunConfig config;
  try {
    config = ParseRunConfig(text, kSource);
  } catch (const ConfigError& e) {
    const std::string what = e.what();
    FUZZ_CHECK(what.rfind(std::string(kSource) + ": ", 0) == 0, "error does not name the source: " + what);
    FUZZ_CHECK(what.size() > sizeof(kSource) + 1, "empty error message");
    return 0;
  }
  FUZZ_CHECK(!config.engines.empty(), "accepted a config without engines");
  if (config.workload.is_kv()) {
    FUZZ_CHECK(config.workload.kv.records > 0, "accepted a non-positive record count");
    FUZZ_CHECK(!config.workload.kv.phases.empty(), "accepted a kv workload without phases");
    FUZZ_CHECK(config.phases.empty(), "accepted profile phases beside a kv workload");
    for (const auto& phase : config.workload.kv.phases) {
      FUZZ_CHECK((phase.operations > 0) != (phase.duration_seconds > 0), "a kv phase without exactly one length");
    }
  } else {
    FUZZ_CHECK(config.workload.profiles > 0, "accepted a non-positive profile count");
    FUZZ_CHECK(!config.phases.empty(), "accepted an empty phase list");
  }

  const nlohmann::json as_run = config.ToJson();
  const std::string dumped = as_run.dump();
  RunConfig again;
  try {
    again = ParseRunConfig(dumped, "roundtrip.json");
  } catch (const ConfigError& e) {
    FUZZ_CHECK(false, std::string("ToJson() of an accepted config is refused: ") + e.what() + "\n" + dumped);
  }
  FUZZ_CHECK(again.ToJson() == as_run, "round trip changed the config:\n" + dumped + "\n" + again.ToJson().dump());
  for (const auto& engine : config.engines) {
    const std::string open = engine.OpenConfigJson();
    FUZZ_CHECK(nlohmann::json::accept(open), "OpenConfigJson is not JSON: " + open);
  }
  return 0;
}
