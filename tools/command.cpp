#include "tools/command.h"

#include <cerrno>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

namespace chessrank::cli {

namespace {
// A function-local static, so registration from other translation units' initialisers is safe.
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> commands;
  return commands;
}
}  // namespace

bool register_command(CommandInfo info) {
  registry().push_back(std::move(info));
  return true;
}

const std::vector<CommandInfo>& registered_commands() { return registry(); }

CLI::Validator whole_number(std::uint64_t min, std::uint64_t max) {
  const std::string top = max == UINT64_MAX ? "2^64 - 1" : std::to_string(max);
  return CLI::Validator(
      [min, max, top](std::string& text) -> std::string {
        const bool digits = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos;
        errno = 0;
        const unsigned long long v = digits ? std::strtoull(text.c_str(), nullptr, 10) : 0;
        if (!digits || errno == ERANGE || v < min || v > max)
          return "'" + text + "' is not a whole number from " + std::to_string(min) + " to " + top;
        return "";
      },
      std::to_string(min) + ".." + top);
}

CLI::Validator positive_number() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        char* end = nullptr;
        const double v = std::strtod(text.c_str(), &end);
        if (text.empty() || *end != '\0' || !std::isfinite(v) || v <= 0) return "'" + text + "' is not a number above 0";
        return "";
      },
      "NUMBER>0");
}

CLI::Validator writable_file() {
  return CLI::Validator(
      [](std::string& path) -> std::string {
        std::error_code ec;
        const bool existed = std::filesystem::exists(path, ec);
        errno = 0;
        if (!std::ofstream(path, std::ios::app | std::ios::binary))
          return "cannot write '" + path + "'" + (errno ? std::string(": ") + std::strerror(errno) : "");
        if (!existed) std::filesystem::remove(path, ec);
        return "";
      },
      "FILE");
}

}  // namespace chessrank::cli
