// A small command-line parser for kvbench's subcommands: positionals, "--name value", "--name=value", boolean
// flags, and "--" ending the options. Unknown options, a value option without its value (the next argument is an
// option) and an option given twice that is not repeatable are errors (thrown as UsageError and reported by main).
#ifndef KVBENCH_HOST_CLI_ARGS_HPP_
#define KVBENCH_HOST_CLI_ARGS_HPP_

#include <limits>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace kvbench::cli {

// A mistake on the command line: main prints it with the usage and exits with status 2.
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The largest --timeout, in seconds (about 68 years, the config's timeout_seconds limit too): a deadline of now plus
// ~9.3e9 s overflows the clock's nanoseconds and would lie in the past.
inline constexpr long long kMaxTimeoutSeconds = 2147483647;

class Args {
 public:
  // `value_options`: options that take a value; `flags`: options that do not; `repeatable`: the value options
  // that may be given more than once (values() returns them all). Names without the leading "--".
  Args(const std::vector<std::string>& argv, const std::set<std::string>& value_options,
       const std::set<std::string>& flags, const std::set<std::string>& repeatable = {});

  const std::vector<std::string>& positionals() const { return positionals_; }
  bool flag(const std::string& name) const { return flags_.count(name) != 0; }
  std::optional<std::string> value(const std::string& name) const;  // REQUIRES: name not repeatable
  std::vector<std::string> values(const std::string& name) const;
  // The value as a positive integer of at most `max`; UsageError naming the option (and `max` when it was over)
  // otherwise.
  std::optional<long long> positive_integer(const std::string& name,
                                            long long max = std::numeric_limits<long long>::max()) const;

 private:
  std::vector<std::string> positionals_;
  std::set<std::string> flags_;
  std::multimap<std::string, std::string> values_;
};

}  // namespace kvbench::cli

#endif  // KVBENCH_HOST_CLI_ARGS_HPP_
