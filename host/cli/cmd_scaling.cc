// kvbench scaling RESULTS.json... [--limit RATIO] [--baseline ENGINE] [--format table|markdown|json] [--out FILE]:
// the cost per operation of every engine and phase at each profile count among the files (repeats at one count:
// the median), its ratio to the smallest count's, and with a baseline that ratio relative to the baseline
// engine's. Exit status 1 when a ratio is above --limit; 0 otherwise; 2 for bad usage or unreadable /
// incomparable files.
#include <charconv>
#include <cstdio>
#include <optional>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "common/atomic_file.hpp"
#include "common/same_file.hpp"
#include "report/results.hpp"
#include "report/scaling.hpp"

namespace kvbench::cli {

namespace {

std::optional<double> ParseLimit(const std::optional<std::string>& text) {
  if (!text) return std::nullopt;
  double value = 0;
  auto [p, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc() || p != text->data() + text->size() || !(value > 0)) {
    throw UsageError("--limit expects a positive ratio (e.g. 1.5), got '" + *text + "'");
  }
  return value;
}

}  // namespace

int ScalingCommand(const CommandArgs& argv) {
  Args args(argv, {"limit", "baseline", "format", "out"}, {});
  if (args.positionals().size() < 2) {
    throw UsageError("expected results files of at least two profile counts (e.g. 100K and 1M runs)");
  }
  const std::optional<double> limit = ParseLimit(args.value("limit"));
  const std::string format = args.value("format").value_or("table");
  if (format != "table" && format != "markdown" && format != "json") {
    throw UsageError("unknown --format '" + format + "' (expected table, markdown or json)");
  }
  std::vector<report::Results> runs(args.positionals().size());
  Status s;
  if (args.value("out")) s = CheckNotAnInput(*args.value("out"), args.positionals());
  for (size_t i = 0; i < runs.size() && s.ok(); ++i) s = report::LoadResultsFile(args.positionals()[i], &runs[i]);
  report::Scaling scaling;
  if (s.ok()) s = report::ComputeScaling(runs, limit, &scaling, args.value("baseline"));
  std::string text;
  if (s.ok()) {
    text = format == "json" ? report::ScalingToJson(scaling).dump(2) + "\n"
                            : report::RenderScaling(scaling, format == "markdown");
  }
  if (s.ok() && args.value("out")) s = WriteFileAtomically(*args.value("out"), text);
  if (!s.ok()) {
    std::fprintf(stderr, "kvbench scaling: %s\n", s.message().c_str());
    return 2;
  }
  if (!args.value("out")) std::fputs(text.c_str(), stdout);
  return scaling.failed ? 1 : 0;
}

}  // namespace kvbench::cli
