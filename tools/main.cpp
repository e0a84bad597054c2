// chessrank: count, rank, encode and sample chess positions exactly.
// main() only assembles the subcommands registered by the cmd_*.cpp files and turns exceptions and
// parse errors into one line on stderr and an exit code.
#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "cluster/cluster.h"
#include "core/fen.h"
#include "tools/command.h"
#include "tools/input.h"
#include "tools/standard_output.h"

namespace {

// Return the buffer std::cout writes through, made on first use (before any output).
chessrank::cli::StandardOutputBuffer& standard_output() {
  static chessrank::cli::StandardOutputBuffer out;
  return out;
}

// Flush standard output and return whether everything written to it arrived. A full disk or a closed
// pipe (with SIGPIPE ignored) fails the writes quietly: say so, or the output would be cut short under a
// status of success.
bool wrote_stdout() {
  std::cout.flush();
  const int error = standard_output().error();
  if (std::cout && !error) return true;
  chessrank::cli::report_error("", std::string("cannot write standard output") + (error ? ": " : "") +
                                       (error ? std::strerror(error) : ""));
  return false;
}

using Runners = std::vector<std::pair<CLI::App*, std::function<int()>>>;

// Return whether the command line parses once the arguments after the first "--" past the command's name
// are set aside and then given to the command's one list of positionals (false when there is no "--", no
// such list, or the part before "--" does not parse alone). CLI11 2.1 refuses arguments after "--" once
// the command has taken a positional before it (`replay e4 -- e5`), and drops a second "--". A value the
// list's check refuses throws CLI11's error.
bool parse_with_separator(CLI::App& app, int argc, char** argv, const Runners& runners) {
  int separator = 2;
  while (separator < argc && std::string_view(argv[separator]) != "--") ++separator;
  if (separator >= argc) return false;
  try {
    app.parse(separator, argv);
  } catch (const CLI::ParseError&) {
    return false;  // the part before "--" is at fault: the first error says why
  }
  for (const auto& [cmd, run] : runners) {
    if (!cmd->parsed()) continue;
    const std::vector<CLI::Option*> lists =
        cmd->get_options([](const CLI::Option* o) { return o->get_positional() && o->get_items_expected_max() > 1; });
    if (lists.size() != 1) return false;
    for (int i = separator + 1; i < argc; ++i) lists.front()->add_result(argv[i]);
    lists.front()->run_callback();
    return true;
  }
  return false;
}

// Report a command line that does not parse, or print the help or version it asked for; return the exit code.
int parse_failure(CLI::App& app, const CLI::ParseError& e, int argc, char** argv,
                  const std::vector<chessrank::cli::CommandInfo>& commands, const Runners& runners) {
  using namespace chessrank::cli;
  // Print help or the version (CLI11's own output), or one error line: CLI11 would add a second
  // ("Run with --help ..."). A command line that does not parse exits with 2.
  if (e.get_exit_code() == 0) {
    app.exit(e);
    return wrote_stdout() ? ExitOk : ExitFailure;
  }
  // A misspelt command or an unknown option before the command reaches CLI11 as a stray argument,
  // reported as "A subcommand is required": name it instead.
  const auto known = [&](const std::string& name) {
    return std::any_of(commands.begin(), commands.end(), [&](const CommandInfo& c) { return c.name == name; });
  };
  if (argc > 1 && !known(argv[1])) {
    report_error("", std::string("'") + argv[1] + "' is not a " + (argv[1][0] == '-' ? "known option" : "command") +
                         " (chessrank --help lists the commands)");
    return ExitUsage;
  }
  // CLI11 lists the stray arguments in reverse ("2 --thread"): name the unknown option a command got
  // instead, which is the usual cause, or the first stray argument.
  if (dynamic_cast<const CLI::ExtrasError*>(&e))
    for (const auto& [cmd, run] : runners) {
      if (!cmd->parsed()) continue;
      const std::vector<std::string> rest = cmd->remaining();
      const std::string where = " (chessrank " + cmd->get_name() + " --help lists what it takes)";
      if (rest.empty())  // CLI11 keeps no list of what it refused after "--": name the first argument there
        for (int i = 2; i + 1 < argc; ++i)
          if (std::string_view(argv[i]) == "--") {
            report_error("", chessrank::quote(argv[i + 1]) + " is an argument " + cmd->get_name() + " does not take" + where);
            return ExitUsage;
          }
      const auto option = std::find_if(rest.begin(), rest.end(), [](const std::string& a) {
        return a.size() > 1 && a[0] == '-' && !(a[1] >= '0' && a[1] <= '9');
      });
      if (option != rest.end()) {
        report_error("", chessrank::quote(*option) + " is not an option of " + cmd->get_name() + where);
        return ExitUsage;
      }
      if (!rest.empty()) {
        report_error("", chessrank::quote(rest.front()) + " is an argument " + cmd->get_name() + " does not take" + where);
        return ExitUsage;
      }
    }
  report_error("", e.what());
  return ExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  using namespace chessrank::cli;
  // Fill the numbers of closed standard streams with /dev/null opened the wrong way round: a file a
  // command opens must not become fd 1 (it would get the results, and /dev/stdout would name it), and
  // reading or writing the closed stream must still fail.
  for (const int fd : {STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO})
    if (::fcntl(fd, F_GETFD) == -1 && errno == EBADF) ::open("/dev/null", fd == STDIN_FILENO ? O_WRONLY : O_RDONLY);
  // Under MPI every process parses the same command line; rank 0 alone prints, and alone runs any command
  // but estimate, whose chunks the other ranks compute (estimator/chunk_farm.h).
  const chessrank::cluster::Session cluster_session(argc, argv);
  const bool serving = !chessrank::cluster::leads();
  if (serving)
    for (const int fd : {STDOUT_FILENO, STDERR_FILENO}) {
      const int null = ::open("/dev/null", O_WRONLY);
      ::dup2(null, fd);
      ::close(null);
    }
  standard_output();  // std::cout through a buffer that keeps why a write failed
  CLI::App app{"chessrank: count, rank, encode and sample chess positions exactly", "chessrank"};
  app.set_version_flag("--version", std::string("chessrank ") + CHESSRANK_VERSION);
  app.require_subcommand(1);
  app.fallthrough(false);

  std::vector<CommandInfo> commands = registered_commands();
  std::stable_sort(commands.begin(), commands.end(),
                   [](const CommandInfo& a, const CommandInfo& b) { return a.order < b.order; });
  Runners runners;
  for (const CommandInfo& info : commands) {
    CLI::App* cmd = app.add_subcommand(info.name, info.description);
    runners.emplace_back(cmd, info.setup(*cmd));
  }

  if (argc < 2) {
    report_error("", "a command is required (chessrank --help lists the commands)");
    return ExitUsage;
  }
  // After "--" every argument is positional: given to the command's list of them here, since CLI11 2.1
  // drops or refuses some of them when positionals came before "--" too.
  bool separated = false;
  try {
    separated = parse_with_separator(app, argc, argv, runners);
  } catch (const CLI::ParseError& e) {
    report_error("", e.what());
    return ExitUsage;
  }
  if (!separated) {
    try {
      app.parse(argc, argv);
    } catch (const CLI::ParseError& e) {
      return parse_failure(app, e, argc, argv, commands, runners);
    }
  }
  try {
    for (auto& [cmd, run] : runners) {
      if (!cmd->parsed()) continue;
      if (serving && cmd->get_name() != "estimate") return ExitOk;
      const int status = run();
      return wrote_stdout() ? status : ExitFailure;
    }
  } catch (const std::exception& e) {
    report_error("", e.what());
    return ExitFailure;
  }
  return ExitUsage;
}
