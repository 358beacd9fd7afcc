#include "cli/logging.hpp"

#include <spdlog/sinks/sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>

namespace kvbench::cli {
namespace {

// Warnings and worse to one sink (stderr), the rest to another (stdout).
class SplitSink final : public spdlog::sinks::sink {
 public:
  SplitSink() : out_(std::make_unique<Out>()), err_(std::make_unique<Err>()) {}
  void log(const spdlog::details::log_msg& msg) override { (msg.level >= spdlog::level::warn ? err_ : out_)->log(msg); }
  void flush() override {
    out_->flush();
    err_->flush();
  }
  void set_pattern(const std::string& pattern) override {
    out_->set_pattern(pattern);
    err_->set_pattern(pattern);
  }
  void set_formatter(std::unique_ptr<spdlog::formatter> formatter) override {
    err_->set_formatter(formatter->clone());
    out_->set_formatter(std::move(formatter));
  }

 private:
  using Out = spdlog::sinks::stdout_color_sink_mt;
  using Err = spdlog::sinks::stderr_color_sink_mt;
  std::unique_ptr<spdlog::sinks::sink> out_, err_;
};

}  // namespace

bool ConfigureLogging(std::string* error) {
  auto logger = std::make_shared<spdlog::logger>("kvbench", std::make_shared<SplitSink>());
  logger->set_pattern("%^[%Y-%m-%d %H:%M:%S.%e] [%l]%$ %v");
  spdlog::set_default_logger(logger);
  const char* level = std::getenv("KVBENCH_LOG_LEVEL");
  if (level == nullptr || *level == '\0') return true;
  // Exactly the seven names the README lists: spdlog's from_str also takes "warning", "err" and short forms.
  static const std::map<std::string, spdlog::level::level_enum> kLevels = {
      {"trace", spdlog::level::trace}, {"debug", spdlog::level::debug}, {"info", spdlog::level::info},
      {"warn", spdlog::level::warn},   {"error", spdlog::level::err},   {"critical", spdlog::level::critical},
      {"off", spdlog::level::off}};
  const auto found = kLevels.find(level);
  if (found == kLevels.end()) {
    *error = std::string("KVBENCH_LOG_LEVEL: unknown level '") + level +
             "' (expected trace, debug, info, warn, error, critical or off)";
    return false;
  }
  spdlog::set_level(found->second);
  return true;
}

}  // namespace kvbench::cli
