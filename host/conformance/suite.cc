#include "conformance/suite.hpp"

#include <chrono>
#include <exception>
#include <filesystem>

#include "common/temp_dir.hpp"

namespace kvbench::conformance {

const char* VerdictName(Verdict v) {
  switch (v) {
    case Verdict::kPass:
      return "PASS";
    case Verdict::kFail:
      return "FAIL";
    case Verdict::kSkip:
      return "SKIP";
  }
  return "FAIL";
}

namespace {

const char* VerdictLower(Verdict v) {
  switch (v) {
    case Verdict::kPass:
      return "pass";
    case Verdict::kFail:
      return "fail";
    case Verdict::kSkip:
      return "skip";
  }
  return "fail";
}

}  // namespace

std::string CheckContext::NewDir(const std::string& name) const {
  std::filesystem::path dir = std::filesystem::path(data_dir_).parent_path() / name;
  std::error_code ec;
  std::filesystem::remove_all(dir, ec);
  std::filesystem::create_directories(dir, ec);
  return dir.string();
}

Status CheckContext::OpenEngine(std::unique_ptr<host::EngineClient>* out, const std::string& config_json,
                                const std::string& dir) const {
  return host::EngineClient::Open(plugin_, dir.empty() ? data_dir_ : dir, config_json, out);
}

const std::vector<Check>& AllChecks() {
  static const std::vector<Check> checks = [] {
    std::vector<Check> all;
    AddLoadChecks(&all);
    AddExportChecks(&all);
    AddEngineChecks(&all);
    AddStdoutChecks(&all);
    AddDataChecks(&all);
    AddIterationChecks(&all);
    AddDurabilityChecks(&all);
    return all;
  }();
  return checks;
}

const Check* FindCheck(std::string_view name) {
  for (const Check& c : AllChecks()) {
    if (name == c.name) return &c;
  }
  return nullptr;
}

bool NeedsOpenEngine(const Check& check) { return std::string_view(check.name).substr(0, 5) != "load."; }

std::vector<const Check*> SelectChecks(std::string_view filter) {
  std::vector<const Check*> selected;
  for (const Check& c : AllChecks()) {
    if (filter.empty() || std::string_view(c.name).find(filter) != std::string_view::npos) selected.push_back(&c);
  }
  return selected;
}

CheckResult RunCheckIn(const Check& check, const std::shared_ptr<const host::PluginLibrary>& plugin,
                       const std::string& area) {
  CheckResult result;
  result.name = check.name;
  const auto start = std::chrono::steady_clock::now();
  // <area>/data is the check's data directory; NewDir() adds siblings.
  const std::string data_dir = (std::filesystem::path(area) / "data").string();
  std::error_code ec;
  std::filesystem::create_directory(data_dir, ec);
  if (ec) {
    result.message = "cannot create " + data_dir + ": " + ec.message();
    return result;
  }
  try {
    CheckContext context(plugin, data_dir);
    Outcome outcome = check.fn(context);
    result.verdict = outcome.verdict;
    result.message = std::move(outcome.message);
  } catch (const std::exception& e) {
    result.verdict = Verdict::kFail;
    result.message = std::string("the check threw: ") + e.what();
  }
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

void RemoveCheckArea(TempDir* area, CheckResult* result) {
  const std::string area_path = area->path();
  if (!area->Remove() && result->verdict != Verdict::kFail) {
    result->verdict = Verdict::kFail;
    result->message = "cannot remove the check's temporary directory " + area_path;
  }
}

CheckResult RunCheck(const Check& check, const std::shared_ptr<const host::PluginLibrary>& plugin,
                     const std::string& temp_root) {
  const auto start = std::chrono::steady_clock::now();
  // <tmp>/kvbench-conformance-XXXXXX (<temp_root>/<check>-XXXXXX) is the check's area.
  TempDir area;
  Status s =
      TempDir::Create(temp_root.empty() ? "kvbench-conformance-" : std::string(check.name) + "-", &area, temp_root);
  if (!s.ok()) {
    CheckResult result;
    result.name = check.name;
    result.message = s.message();
    return result;
  }
  CheckResult result = RunCheckIn(check, plugin, area.path());
  RemoveCheckArea(&area, &result);
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return result;
}

nlohmann::json CheckResultToJson(const CheckResult& r) {
  return {{"name", r.name}, {"result", VerdictLower(r.verdict)}, {"message", r.message}, {"seconds", r.seconds}};
}

CheckResult CheckResultFromJson(const nlohmann::json& json) {
  CheckResult r;
  r.name = json.value("name", "");
  const std::string verdict = json.value("result", "");
  r.verdict = verdict == "pass" ? Verdict::kPass : verdict == "skip" ? Verdict::kSkip : Verdict::kFail;
  r.message = json.value("message", "");
  r.seconds = json.value("seconds", 0.0);
  return r;
}

SuiteSummary Summarize(const std::vector<CheckResult>& results) {
  SuiteSummary s;
  for (const CheckResult& r : results) {
    switch (r.verdict) {
      case Verdict::kPass:
        ++s.passed;
        break;
      case Verdict::kFail:
        ++s.failed;
        break;
      case Verdict::kSkip:
        ++s.skipped;
        break;
    }
  }
  return s;
}

}  // namespace kvbench::conformance
