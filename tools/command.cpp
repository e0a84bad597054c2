#include "tools/command.h"

#include <unistd.h>

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "cluster/cluster.h"
#include "core/paths.h"
#include "legality/limits.h"
#include "tools/input.h"

namespace chessrank::cli {

namespace {
// A function-local static, so registration from other translation units' initialisers is safe.
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> commands;
  return commands;
}

// Return the absolute path of the file `name` names, links and ".." resolved, whether or not it exists.
// Absolute first: weakly_canonical leaves a relative path with no existing prefix ("x") relative. It also
// stops at a link to a file not yet written, which followed_links follows.
std::filesystem::path resolved_path(const std::string& name) {
  std::error_code ec;
  const std::filesystem::path path = followed_links(std::filesystem::absolute(name, ec));
  std::filesystem::path resolved = std::filesystem::weakly_canonical(path, ec);
  return ec ? path.lexically_normal() : resolved;
}
}  // namespace

bool register_command(CommandInfo info) {
  registry().push_back(std::move(info));
  return true;
}

const std::vector<CommandInfo>& registered_commands() { return registry(); }

CLI::Option* whole_number(CLI::Option* option, std::uint64_t min, std::uint64_t max) {
  const std::string top = max == UINT64_MAX ? "2^64 - 1" : std::to_string(max);
  return option->transform(CLI::Validator(
      [min, max, top](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        errno = 0;
        const unsigned long long v = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
        if (!digits || errno == ERANGE || v < min || v > max)
          return "'" + text + "' is not a whole number from " + std::to_string(min) + " to " + top;
        text = std::to_string(v);  // CLI11 would read a leading 0 as octal, 010 as 8
        return "";
      },
      std::to_string(min) + ".." + top));
}

CLI::Option* add_nodes_option(CLI::App& cmd, std::uint64_t& nodes, const std::string& what) {
  return whole_number(cmd.add_option("--nodes", nodes,
                                     what + "states each search of the legality stages (proof kernel, last-move "
                                            "analysis) may visit, default " +
                                         std::to_string(legality::SearchLimits{}.kernel_nodes) +
                                         ": fewer is faster and proves fewer positions illegal, never a wrong verdict"),
                      1);
}

CLI::Validator file_name() {
  return CLI::Validator([](std::string& path) -> std::string { return path.empty() ? "an empty file name" : ""; },
                        "FILE");
}

CLI::Validator positive_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        // Decimal only: strtod also reads hexadecimal ("0x10"), "inf" and "nan".
        const bool decimal = text.find_first_not_of("0123456789.eE+-") == std::string::npos;
        char* end = nullptr;
        const double v = decimal ? std::strtod(text.c_str(), &end) : 0;
        if (text.empty() || !decimal || *end != '\0' || !std::isfinite(v) || v <= 0)
          return "'" + text + "' is not a finite number above 0";
        return "";
      },
      "NUMBER>0");
}

std::string cannot_write(const std::string& path) { return io_failure("write", "'" + path + "'"); }

CLI::Validator writable_file() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        // The other processes of an MPI run write nothing, and a probe of theirs could remove the file rank
        // 0 has just begun.
        if (!cluster::leads()) return "";
        std::error_code ec;
        const std::filesystem::file_status status = std::filesystem::status(path, ec);
        const bool existed = std::filesystem::exists(status);
        // Ask a pipe, a device or a terminal without opening it: opening a named pipe waits for a reader
        // and, closed at once, would hand that reader an empty stream before the real output comes.
        if (existed && !std::filesystem::is_regular_file(status) && !std::filesystem::is_directory(status)) {
          if (::access(path.c_str(), W_OK) == 0) return "";
          return cannot_write(path);
        }
        errno = 0;
        if (!std::ofstream(path, std::ios::app | std::ios::binary)) return cannot_write(path);
        // Remove a file created only for this check: through a link to a file not yet written, the file
        // the probe created is the link's target, and the link stays.
        if (!existed) {
          const bool link = std::filesystem::is_symlink(path, ec);
          std::filesystem::remove(link ? resolved_path(path) : std::filesystem::path(path), ec);
        }
        return "";
      },
      "FILE");
}

CLI::Validator output_file() {
  return CLI::Validator([](std::string& path) { return path == "-" ? std::string() : writable_file()(path); }, "FILE");
}

CLI::Validator checkpoint_file() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        std::error_code ec;
        const std::filesystem::file_status status = std::filesystem::status(path, ec);
        if (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
          return "'" + path + "' is not a regular file (a checkpoint is saved by renaming a new file over it)";
        return writable_file()(path);
      },
      "FILE");
}

std::string same_file_error(const std::vector<std::pair<std::string, std::string>>& files) {
  std::vector<std::filesystem::path> resolved(files.size());
  for (std::size_t i = 0; i < files.size(); ++i) {
    // Only regular files are erased by writing: a terminal, a pipe or a device may well be named twice
    // (/dev/stdin and /dev/stdout on one terminal, --json and --emit both to /dev/stdout).
    std::error_code ec;
    const std::filesystem::path given = files[i].second;
    if (given.empty() || (std::filesystem::exists(given, ec) && !std::filesystem::is_regular_file(given, ec)))
      continue;
    resolved[i] = resolved_path(files[i].second);
    for (std::size_t j = 0; j < i; ++j) {
      if (resolved[j].empty()) continue;
      // Hard links share no path, only the file (device and inode).
      if (resolved[j] == resolved[i] || std::filesystem::equivalent(resolved[j], resolved[i], ec))
        return files[j].first + " and " + files[i].first + " name the same file ('" + files[i].second + "')";
    }
  }
  return "";
}

}  // namespace chessrank::cli
