#include "report/results.hpp"

#include <set>

#include "report/format.hpp"

namespace kvbench::report {

const Phase* Engine::FindPhase(const std::string& phase_name) const {
  for (const Phase& p : phases) {
    if (p.name == phase_name) return &p;
  }
  return nullptr;
}

const Step* Engine::FindStep(const std::string& step_name) const {
  for (const Step& s : steps) {
    if (s.name == step_name) return &s;
  }
  return nullptr;
}

bool Engine::HasLatency() const {
  for (const Phase& p : phases) {
    if (p.measurements.latency) return true;
  }
  return false;
}

bool Engine::HasTimeline() const {
  for (const Phase& p : phases) {
    if (p.measurements.timeline && !p.measurements.timeline->ops.empty()) return true;
  }
  return false;
}

bool Engine::HasResources() const {
  const auto has = [](const Measurements& m) {
    return m.cpu_user_s || m.cpu_system_s || m.io_read_bytes || m.io_write_bytes || m.peak_rss_bytes;
  };
  for (const Phase& p : phases) {
    if (has(p.measurements)) return true;
  }
  for (const Step& s : steps) {
    if (has(s.measurements)) return true;
  }
  return false;
}

void ComputeCorrectness(Results* results, const std::vector<ChecksumMismatch>& recorded) {
  Correctness c;
  // phase -> (checksum, engine) of the first completed engine that ran it.
  std::vector<std::pair<std::string, std::pair<std::string, std::string>>> expected;
  const auto find_expected = [&](const std::string& phase) -> const std::pair<std::string, std::string>* {
    for (const auto& e : expected) {
      if (e.first == phase) return &e.second;
    }
    return nullptr;
  };
  std::set<std::pair<std::string, std::string>> seen;  // (phase, engine)
  const auto check = [&](const std::string& phase, const std::string& engine, const std::string& checksum) {
    if (checksum.empty()) return;
    const auto* exp = find_expected(phase);
    if (exp == nullptr) {
      expected.push_back({phase, {checksum, engine}});
    } else if (exp->first != checksum && seen.insert({phase, engine}).second) {
      c.mismatches.push_back({phase, engine, checksum, exp->first, exp->second});
    }
  };
  for (const Engine& engine : results->engines) {
    if (!engine.completed()) continue;
    c.engines_compared.push_back(engine.name);
    for (const Phase& p : engine.phases) check(p.name, engine.name, p.checksum);
    check("final checksum", engine.name, engine.final_checksum);
  }
  for (const ChecksumMismatch& m : recorded) {
    if (seen.insert({m.phase, m.engine}).second) c.mismatches.push_back(m);
  }
  c.passed = c.mismatches.empty();
  // A kv engine that read values other than the ones written fails correctness whatever its checksums say.
  std::vector<std::string> wrong_values;
  for (const Engine& engine : results->engines) {
    if (engine.completed() && engine.value_errors && *engine.value_errors > 0) {
      wrong_values.push_back(engine.name + " (" + FormatCount(engine.value_errors) + ")");
    }
  }
  if (c.engines_compared.empty()) {
    c.message = "No engine completed; no checksums to validate.";
  } else if (c.passed) {
    c.message = "Checksum validation passed across completed engines: " + Join(c.engines_compared, ", ") + ".";
  } else {
    c.message = "Checksum validation failed: " + std::to_string(c.mismatches.size()) +
                (c.mismatches.size() == 1 ? " mismatch" : " mismatches") +
                " across completed engines: " + Join(c.engines_compared, ", ") + ".";
  }
  if (!c.engines_compared.empty() && !wrong_values.empty()) {
    c.passed = false;
    c.message += " Values read were not the ones written: " + Join(wrong_values, ", ") + ".";
  }
  results->correctness = std::move(c);
}

std::string DescribeMemoryLatency(const std::vector<MemoryLatency>& points) {
  std::vector<std::string> parts;
  for (const MemoryLatency& p : points)
    parts.push_back(FormatBytes(p.working_set_bytes) + " " + FormatFixed(p.ns_per_load, 1) + " ns");
  return Join(parts, ", ");
}

}  // namespace kvbench::report
