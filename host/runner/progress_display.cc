#include "runner/progress_display.hpp"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

#include "runner/engine_result.hpp"

namespace kvbench::runner {

ProgressDisplay::ProgressDisplay(bool tty, double log_interval_s) : tty_(tty), log_interval_s_(log_interval_s) {}

ProgressDisplay ProgressDisplay::ForStderr() {
  double interval = 10.0;
  if (const char* env = std::getenv("KVBENCH_PROGRESS_INTERVAL_S")) {
    const double v = std::atof(env);
    if (v > 0) interval = v;
  }
  return ProgressDisplay(::isatty(STDERR_FILENO) != 0, interval);
}

std::string ProgressDisplay::FormatDuration(double seconds) {
  if (!(seconds >= 0) || seconds > 1e9) return "?";
  const long long s = static_cast<long long>(seconds + 0.5);
  char buf[32];
  if (s >= 3600) {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld:%02lld", s / 3600, (s / 60) % 60, s % 60);
  } else {
    std::snprintf(buf, sizeof(buf), "%lld:%02lld", s / 60, s % 60);
  }
  return buf;
}

void ProgressDisplay::EngineStarted(const std::string& engine, size_t index, size_t count) {
  engine_ = engine;
  label_ = std::to_string(index + 1) + "/" + std::to_string(count);
  name_.clear();
  ClearLine();
  spdlog::info("engine {} ({}) starting", engine_, label_);
}

void ProgressDisplay::Event(const nlohmann::json& event) {
  const std::string kind = event.value("event", "");
  const auto now = std::chrono::steady_clock::now();
  if (kind == "started") {
    name_ = event.value("name", "");
    is_phase_ = event.value("kind", "") == "phase";
    total_ = event["total"].is_number() ? event["total"].get<int64_t>() : -1;
    done_ = 0;
    phase_start_ = now;
    last_log_ = now;
    Show(false);
  } else if (kind == "progress") {
    if (event.value("name", "") != name_) return;
    done_ = event.value("done", uint64_t{0});
    Show(false);
  } else if (kind == "phase") {
    const nlohmann::json& r = event["result"];
    ClearLine();
    spdlog::info("{}: {:<40} {:>12} ops {:>11.1f} ms {:>12.0f} ops/s  {}", engine_, r.value("name", ""),
                 r.value("operations", uint64_t{0}), r.value("elapsed_ms", 0.0), r.value("ops_per_s", 0.0),
                 r.value("checksum", ""));
    name_.clear();
  } else if (kind == "step") {
    const nlohmann::json& r = event["result"];
    ClearLine();
    spdlog::info("{}: {:<40} {:>28.1f} ms", engine_, r.value("name", ""), r.value("elapsed_ms", 0.0));
    name_.clear();
  }
}

void ProgressDisplay::EngineFinished(const EngineResult& result) {
  ClearLine();
  if (result.status() == kCompleted) {
    spdlog::info("engine {}: {} (final checksum {})", result.name(), result.status(), result.final_checksum());
  } else {
    spdlog::warn("engine {}: {}: {}", result.name(), result.status(), result.error());
  }
  name_.clear();
}

void ProgressDisplay::Show(bool force_log) {
  if (name_.empty()) return;
  const auto now = std::chrono::steady_clock::now();
  const double elapsed = std::chrono::duration<double>(now - phase_start_).count();
  std::string text = engine_ + " (" + label_ + ") " + name_;
  if (is_phase_ && total_ > 0) {
    const double rate = elapsed > 0 ? static_cast<double>(done_) / elapsed : 0;
    const double eta = rate > 0 ? static_cast<double>(total_ - static_cast<int64_t>(done_)) / rate : -1;
    char buf[160];
    std::snprintf(buf, sizeof(buf), ": %llu / %lld (%.1f%%), %.0f ops/s, ETA %s",
                  static_cast<unsigned long long>(done_), static_cast<long long>(total_),
                  100.0 * static_cast<double>(done_) / static_cast<double>(total_), rate,
                  eta >= 0 ? FormatDuration(eta).c_str() : "?");
    text += buf;
  } else {
    text += ": running for " + FormatDuration(elapsed);
  }
  if (tty_) {
    std::fprintf(stderr, "\r\033[K%s", text.c_str());
    std::fflush(stderr);
    line_drawn_ = true;
  } else if (force_log || std::chrono::duration<double>(now - last_log_).count() >= log_interval_s_) {
    last_log_ = now;
    spdlog::info("progress: {}", text);
  }
}

void ProgressDisplay::ClearLine() {
  if (tty_ && line_drawn_) {
    std::fprintf(stderr, "\r\033[K");
    std::fflush(stderr);
    line_drawn_ = false;
  }
}

}  // namespace kvbench::runner
