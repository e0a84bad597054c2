#include "tests/support/cli.h"

#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>

namespace chessrank::testing {

namespace {

std::string shell_quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'') q.append("'\\''");
    else q.push_back(c);
  }
  q.push_back('\'');
  return q;
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

}  // namespace

CliResult run_cli_shell(const std::string& args, const std::string& input) {
  static std::atomic<int> counter{0};
  // One set of files per call: tests of one binary run in one process, ctest runs binaries in parallel.
  const std::string base = std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/chessrank_cli_" +
                           std::to_string(::getpid()) + "_" + std::to_string(counter++);
  std::ofstream(base + ".in", std::ios::binary) << input;
  // A group, so that redirections in `args` (to /dev/full, from a directory) win over the harness's own.
  std::string command = "{ " + shell_quote(CHESSRANK_CLI);
  command.append(" ").append(args).append("; }");  // append: dodges a GCC 12 -Wrestrict false positive
  command.append(" <").append(shell_quote(base + ".in"));
  command.append(" >").append(shell_quote(base + ".out"));
  command.append(" 2>").append(shell_quote(base + ".err"));
  const int raw = std::system(command.c_str());
  CliResult r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
  for (const char* ext : {".in", ".out", ".err"}) std::remove((base + ext).c_str());
  return r;
}

const char* cli_path() { return CHESSRANK_CLI; }

CliResult run_cli(const std::vector<std::string>& args, const std::string& input) {
  std::string joined;
  for (const std::string& a : args) joined.append(joined.empty() ? "" : " ").append(shell_quote(a));
  return run_cli_shell(joined, input);
}

}  // namespace chessrank::testing
