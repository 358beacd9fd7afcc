// kvbench plugins: lists the plugins in the plugin directory with name, version, ABI version and capabilities.
// A file that is not a loadable plugin is listed with the reason. Each file is loaded in a worker process of its
// own (runner/plugin_check.hpp), so one that crashes the loader (a truncated .so: SIGBUS) is listed as such too.
// NAME is what a config's "plugin" says: the file name without ".so", which the loader does not compare with the
// plugin's own name; a plugin whose own name differs is listed with it, so that a renamed copy is not taken for
// the original.
#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "cli/args.hpp"
#include "cli/commands.hpp"
#include "common/printable.hpp"
#include "plugin/plugin_library.hpp"
#include "runner/plugin_check.hpp"

namespace kvbench::cli {

int PluginsCommand(const CommandArgs& argv) {
  Args args(argv, {"plugin-dir"}, {"json"});
  if (!args.positionals().empty()) throw UsageError("unexpected argument '" + args.positionals()[0] + "'");
  const std::string dir = args.value("plugin-dir").value_or(host::DefaultPluginDir());
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) {
    std::fprintf(stderr, "kvbench plugins: plugin directory %s %s\n", dir.c_str(),
                 std::filesystem::exists(dir, ec) ? "is not a directory" : "does not exist");
    return 2;
  }
  std::vector<std::string> paths;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    if (entry.path().extension() == ".so") paths.push_back(entry.path().string());
  }
  std::sort(paths.begin(), paths.end());
  // A worker that dies while we write its request must not take us down with it.
  std::signal(SIGPIPE, SIG_IGN);
  nlohmann::json list = nlohmann::json::array();
  for (const std::string& path : paths) {
    if (!IsValidUtf8(path)) {
      // Listed with its bytes escaped, not loaded: one such name used to end the whole listing in a JSON exception.
      list.push_back({{"path", EscapeBytes(path)},
                      {"config_name", EscapeBytes(std::filesystem::path(path).stem().string())},
                      {"error", "the file name is not valid UTF-8 (a config cannot name it): rename it"}});
      continue;
    }
    nlohmann::json plugin;
    Status s = runner::ProbePlugin(path, "", runner::PluginLoadTimeoutSeconds(), &plugin);
    nlohmann::json row = {{"path", path}, {"config_name", std::filesystem::path(path).stem().string()}};
    if (s.ok()) {
      for (const char* member : {"name", "version", "abi", "capabilities", "description"}) row[member] = plugin[member];
    } else {
      row["error"] = s.message();
    }
    list.push_back(row);
  }
  if (args.flag("json")) {
    std::printf("%s\n", list.dump(2).c_str());
    return 0;
  }
  std::printf("%-16s %-28s %-5s %s\n", "NAME", "VERSION", "ABI", "CAPABILITIES");
  for (const auto& row : list) {
    if (row.contains("error")) {
      std::printf("%-16s %s\n", std::filesystem::path(row["path"].get<std::string>()).filename().c_str(),
                  row["error"].get<std::string>().c_str());
      continue;
    }
    std::string caps;
    for (const auto& c : row["capabilities"]) {
      if (!caps.empty()) caps += ',';
      caps += c.get<std::string>();
    }
    const std::string config_name = row["config_name"].get<std::string>(), name = row["name"].get<std::string>();
    const std::string own_name = name == config_name ? "" : "   (plugin name '" + name + "')";
    std::printf("%-16s %-28s %-5s %s%s\n", config_name.c_str(), row["version"].get<std::string>().c_str(),
                row["abi"].get<std::string>().c_str(), caps.c_str(), own_name.c_str());
  }
  return 0;
}

}  // namespace kvbench::cli
