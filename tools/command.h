// The subcommand registry of the `chessrank` program. Each cmd_*.cpp registers itself at static
// initialisation with a setup function that declares the subcommand's options and returns the code to
// run once they are parsed; main() builds the CLI11 app from the registry.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include <CLI/CLI.hpp>

namespace chessrank::cli {

// Declare options on `cmd` and return what runs after parsing; it returns the process exit code.
using CommandSetup = std::function<std::function<int()>(CLI::App& cmd)>;

struct CommandInfo {
  std::string name;
  std::string description;
  int order;  // position in --help; smaller first
  CommandSetup setup;
};

// Register a subcommand; returns true so it can initialise a static.
bool register_command(CommandInfo info);
const std::vector<CommandInfo>& registered_commands();

// CLI11 checks with a plain message. CLI11 reads "-1" into an unsigned option as 2^64 - 1, and its
// PositiveNumber check names a range up to DBL_MAX.
// Make `option` take a whole number from min to max, in decimal digits only (no sign), and return it. The
// text is rewritten without leading zeros, which CLI11 would otherwise read as octal (010 as 8); taking the
// option rather than returning a check keeps a caller from adding it with check(), which drops rewrites.
CLI::Option* whole_number(CLI::Option* option, std::uint64_t min = 0, std::uint64_t max = UINT64_MAX);
// Add --nodes, the states each search of the legality decider may visit (legality/limits.h), to `cmd`,
// writing into `nodes`; `what` says which runs it applies to.
CLI::Option* add_nodes_option(CLI::App& cmd, std::uint64_t& nodes, const std::string& what = "");
// A file name that is not empty: an empty one would otherwise read as "not given", standard input.
CLI::Validator file_name();
// A finite number above 0, in decimal.
CLI::Validator positive_number();
// A file the program can create or append to, checked when the command line is read so that a long run
// does not fail at its end. A file that did not exist is not left behind; a pipe, a device or a terminal
// is asked for write permission rather than opened.
CLI::Validator writable_file();
// A writable file as writable_file() checks it, or "-": standard output.
CLI::Validator output_file();
// Return the path an output option names: "-" is standard output, /dev/stdout.
inline std::string output_path(const std::string& option) { return option == "-" ? "/dev/stdout" : option; }
// Return "cannot write 'path'", with errno's reason when there is one: what writable_file says, and what a
// write that fails later (a full disk) says.
std::string cannot_write(const std::string& path);
// A writable file that is a regular file or does not exist yet: a checkpoint is saved by renaming a new
// file over it and read back on resume, which a pipe or a device cannot take.
CLI::Validator checkpoint_file();

// Return the error for two of these (option, path) pairs that name one regular file, existing or not (the
// same path, two paths that resolve to one through links and "..", or hard links), or "" when none do. Writing one
// output over another, or over an input, loses data silently; terminals, pipes and devices are not checked.
// Empty paths are options not given.
std::string same_file_error(const std::vector<std::pair<std::string, std::string>>& files);
// The pair for standard output, for commands that print results and write files: when stdout is
// redirected to a regular file, an option naming that file (or /dev/stdout) would truncate it and write
// over the results, or they over it.
inline const std::pair<std::string, std::string> StandardOutput{"standard output", "/dev/stdout"};

// Exit codes shared by all commands.
constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;  // some input was bad or some check failed; the rest was processed
constexpr int ExitUsage = 2;    // the command line itself was wrong

}  // namespace chessrank::cli
