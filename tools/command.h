// The subcommand registry of the `chessrank` program. Each cmd_*.cpp registers itself at static
// initialisation with a setup function that declares the subcommand's options and returns the code to
// run once they are parsed; main() builds the CLI11 app from the registry.
#pragma once

#include <functional>
#include <string>

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

// Exit codes shared by all commands.
constexpr int ExitOk = 0;
constexpr int ExitFailure = 1;  // some input was bad or some check failed; the rest was processed
constexpr int ExitUsage = 2;    // the command line itself was wrong

}  // namespace chessrank::cli
