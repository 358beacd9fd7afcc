// The conformance checks' shared vocabulary: what a check is, what it returns and what it may use. One check tests
// one rule of the plugin ABI (docs/plugin-abi.md) against a loaded plugin, in a fresh, empty data directory of its
// own that is removed afterwards. The same checks run from `kvbench conformance` and from the GoogleTest suite
// (tests/conformance/).
#ifndef KVBENCH_HOST_CONFORMANCE_CHECK_HPP_
#define KVBENCH_HOST_CONFORMANCE_CHECK_HPP_

#include <kvbench/plugin.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "common/status.hpp"
#include "plugin/engine_client.hpp"
#include "plugin/plugin_library.hpp"

namespace kvbench::conformance {

enum class Verdict { kPass, kFail, kSkip };

const char* VerdictName(Verdict v);  // "PASS", "FAIL", "SKIP"

// What a check found. A skip means the rule does not apply to this plugin (e.g. reopen durability for a plugin
// that does not declare KVB_CAP_PERSISTENT); the message says why.
struct Outcome {
  Verdict verdict = Verdict::kPass;
  std::string message;

  static Outcome Pass(std::string m) { return {Verdict::kPass, std::move(m)}; }
  static Outcome Fail(std::string m) { return {Verdict::kFail, std::move(m)}; }
  static Outcome Skip(std::string m) { return {Verdict::kSkip, std::move(m)}; }
  bool failed() const { return verdict == Verdict::kFail; }
};

// Everything a check may touch. Created fresh for every check.
class CheckContext {
 public:
  CheckContext(std::shared_ptr<const host::PluginLibrary> plugin, std::string data_dir)
      : plugin_(std::move(plugin)), data_dir_(std::move(data_dir)) {}

  const std::shared_ptr<const host::PluginLibrary>& plugin() const { return plugin_; }
  const kvb_plugin_table& table() const { return plugin_->table(); }
  // The check's own data directory: it exists and is empty when the check starts.
  const std::string& data_dir() const { return data_dir_; }
  // Another fresh, empty directory inside the check's temp area (for checks needing several engines).
  std::string NewDir(const std::string& name) const;

  // Opens an engine on `dir` (data_dir() when empty) through the host's EngineClient.
  Status OpenEngine(std::unique_ptr<host::EngineClient>* out, const std::string& config_json = "",
                    const std::string& dir = "") const;

 private:
  std::shared_ptr<const host::PluginLibrary> plugin_;
  std::string data_dir_;
};

using CheckFn = Outcome (*)(CheckContext&);

struct Check {
  const char* name;         // "group.rule", stable: used by --filter and as the gtest name
  const char* description;  // one line: the rule being checked
  CheckFn fn;
};

// The groups of checks, in the order they run (each defined in its checks_<group>.cc).
void AddLoadChecks(std::vector<Check>* checks);
void AddExportChecks(std::vector<Check>* checks);  // checks_hygiene.cc
void AddEngineChecks(std::vector<Check>* checks);
void AddStdoutChecks(std::vector<Check>* checks);  // checks_hygiene.cc
void AddDataChecks(std::vector<Check>* checks);
void AddIterationChecks(std::vector<Check>* checks);
void AddDurabilityChecks(std::vector<Check>* checks);

}  // namespace kvbench::conformance

#endif  // KVBENCH_HOST_CONFORMANCE_CHECK_HPP_
