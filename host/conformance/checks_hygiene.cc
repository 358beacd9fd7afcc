// Checks of what a plugin must not do to the process it lives in: export anything but its entry function (a stray
// export can bind to another plugin's or the host's symbol of the same name), and write to stdout (its lines would
// mix into kvbench's output and break `--json`).
#include <fcntl.h>
#include <unistd.h>

#include <cstdio>
#include <iostream>
#include <thread>

#include "conformance/check.hpp"
#include "conformance/check_util.hpp"
#include "conformance/elf_symbols.hpp"

namespace kvbench::conformance {
namespace {

Outcome OnlyEntryExported(CheckContext& ctx) {
  std::vector<ExportedSymbol> symbols;
  Status s = ExportedSymbols(ctx.plugin()->path(), &symbols);
  if (s.code() == KVB_NOT_SUPPORTED) return Outcome::Skip(s.message());
  if (!s.ok()) return Outcome::Fail(s.message());
  std::string strays;
  bool entry_is_function = false;
  for (const ExportedSymbol& symbol : symbols) {
    if (symbol.name == KVB_ENTRY_SYMBOL) {
      entry_is_function = symbol.function;
    } else {
      strays += (strays.empty() ? "" : ", ") + symbol.name;
    }
  }
  if (!strays.empty()) {
    return Outcome::Fail("exports more than the entry function: " + strays +
                         " (build with -fvisibility=hidden and mark only the entry KVB_EXPORT, or link with "
                         "plugin-api/plugin.map)");
  }
  if (!entry_is_function) return Outcome::Fail(std::string(KVB_ENTRY_SYMBOL) + " is not exported as a function");
  return Outcome::Pass(std::string("exports ") + KVB_ENTRY_SYMBOL + " and nothing else");
}

// fd 1 goes into a pipe for the life of this object (a thread drains it, so a chatty plugin cannot block on a full
// pipe); Finish() puts stdout back and returns what was written.
class StdoutCapture {
 public:
  StdoutCapture() {
    std::fflush(stdout);
    std::cout.flush();
    int fds[2];
    if (::pipe2(fds, O_CLOEXEC) != 0) return;
    saved_ = ::dup(STDOUT_FILENO);
    if (saved_ < 0 || ::dup2(fds[1], STDOUT_FILENO) < 0) {
      ::close(fds[0]);
      ::close(fds[1]);
      return;
    }
    ::close(fds[1]);
    read_end_ = fds[0];
    drain_ = std::thread([this] {
      char buf[4096];
      for (ssize_t n; (n = ::read(read_end_, buf, sizeof(buf))) != 0;) {
        if (n > 0) captured_.append(buf, static_cast<size_t>(n));
        if (n < 0 && errno != EINTR) break;
      }
    });
  }
  ~StdoutCapture() { Finish(); }
  StdoutCapture(const StdoutCapture&) = delete;
  StdoutCapture& operator=(const StdoutCapture&) = delete;

  bool ok() const { return read_end_ >= 0; }

  const std::string& Finish() {
    if (read_end_ >= 0) {
      std::fflush(stdout);  // what the plugin left in stdio's or iostream's buffer was written to stdout too
      std::cout.flush();
      ::dup2(saved_, STDOUT_FILENO);  // closes the pipe's last write end: the drain thread sees the end
      ::close(saved_);
      drain_.join();
      ::close(read_end_);
      read_end_ = -1;
    }
    return captured_;
  }

 private:
  int saved_ = -1;
  int read_end_ = -1;
  std::thread drain_;
  std::string captured_;
};

// Everything a run does, in small: open, a store, writes, reads, a full iteration, the maintenance calls, describe
// and close; twice (the second open is a reopen).
Status ExerciseThePlugin(CheckContext& ctx) {
  Status s;
  for (int round = 0; round < 2 && s.ok(); ++round) {
    std::unique_ptr<host::EngineClient> engine;
    if (s = ctx.OpenEngine(&engine); !s.ok()) return s;
    std::unique_ptr<host::StoreClient> store;
    if (s = OpenStore(*engine, "profiles", &store); !s.ok()) return s;
    for (int i = 0; i < 100; ++i) {
      if (kvb_status rc = store->Put(Str("key-", 1000 + i), Str("value-", i)); rc != KVB_OK) {
        return Status(rc, "put: " + store->last_error());
      }
    }
    (void)GetValue(*store, "key-1050");
    (void)GetValue(*store, "absent");
    Entries entries;
    if (s = ReadAll(*store, &entries); !s.ok()) return s;
    (void)store->Remove("key-1000");
    (void)engine->Stabilize();
    std::string text;
    (void)engine->Describe(KVB_DESCRIBE_EFFECTIVE_SETTINGS, &text);
    (void)engine->Describe(KVB_DESCRIBE_DURABILITY, &text);
    (void)engine->Settle();
    store.reset();
    s = engine->Close();
  }
  return s;
}

Outcome NoStdoutWrites(CheckContext& ctx) {
  StdoutCapture capture;
  if (!capture.ok()) return Outcome::Fail("cannot redirect stdout into a pipe");
  const Status s = ExerciseThePlugin(ctx);
  const std::string written = capture.Finish();
  if (!written.empty()) {
    return Outcome::Fail(Str("the plugin wrote ", written.size(), " bytes to stdout: ", Printable(written),
                             " (log through the host's log service instead)"));
  }
  if (!s.ok()) return Outcome::Fail(Failure("exercising the plugin", s));
  return Outcome::Pass("open, stores, puts, gets, iteration, maintenance, describe and close wrote nothing to stdout");
}

}  // namespace

void AddExportChecks(std::vector<Check>* checks) {
  checks->push_back({"load.only_entry_exported",
                     "the shared object exports the entry function kvbench_plugin_entry and no other symbol",
                     &OnlyEntryExported});
}

void AddStdoutChecks(std::vector<Check>* checks) {
  checks->push_back(
      {"engine.no_stdout_writes", "nothing the plugin does writes to stdout (caught through a pipe)", &NoStdoutWrites});
}

}  // namespace kvbench::conformance
