#include "tests/support/cli.h"

#include <fcntl.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <csignal>
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

// Return a path prefix for the files of one call: tests of one binary run in one process, ctest runs
// binaries in parallel.
std::string temp_base() {
  static std::atomic<int> counter{0};
  return std::string(std::getenv("TMPDIR") ? std::getenv("TMPDIR") : "/tmp") + "/chessrank_cli_" +
         std::to_string(::getpid()) + "_" + std::to_string(counter++);
}

// Move the progress lines of `r.err` (tools/progress.h: "[###...] ...", one every 30 s when stderr is not a
// terminal) to `r.progress_lines`, so that what a test asserts of stderr does not depend on the machine's speed.
CliResult without_progress(CliResult r) {
  std::string err;
  std::istringstream in(r.err);
  for (std::string line; std::getline(in, line);) {
    const bool bar = line.size() > 32 && line[0] == '[' && line[31] == ']' &&
                     line.find_first_not_of("#.", 1) == 31;
    if (bar) ++r.progress_lines;
    else err.append(line).append(in.eof() ? "" : "\n");
  }
  r.err = err;
  return r;
}

// Return the argv of the CLI run with `args` (which must outlive it), for execv.
std::vector<char*> cli_argv(const std::vector<std::string>& args) {
  std::vector<char*> argv{const_cast<char*>(CHESSRANK_CLI)};
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  return argv;
}

// Run `launcher` (empty, or a command such as timeout that runs the CLI) with the CLI and `args` in shell
// syntax, `input` on stdin.
CliResult run_launched(const std::string& launcher, const std::string& args, const std::string& input) {
  const std::string base = temp_base();
  std::ofstream(base + ".in", std::ios::binary) << input;
  // A group, so that redirections in `args` (to /dev/full, from a directory) win over the harness's own.
  std::string command = "{ " + launcher + shell_quote(CHESSRANK_CLI);
  command.append(" ").append(args).append("; }");  // append: dodges a GCC 12 -Wrestrict false positive
  command.append(" <").append(shell_quote(base + ".in"));
  command.append(" >").append(shell_quote(base + ".out"));
  command.append(" 2>").append(shell_quote(base + ".err"));
  const int raw = std::system(command.c_str());
  CliResult r{WIFEXITED(raw) ? WEXITSTATUS(raw) : -1, slurp(base + ".out"), slurp(base + ".err")};
  for (const char* ext : {".in", ".out", ".err"}) std::remove((base + ext).c_str());
  return without_progress(r);
}

std::string joined(const std::vector<std::string>& args) {
  std::string out;
  for (const std::string& a : args) out.append(out.empty() ? "" : " ").append(shell_quote(a));
  return out;
}

}  // namespace

CliResult run_cli_shell(const std::string& args, const std::string& input) { return run_launched("", args, input); }

CliResult run_cli_interrupted(const std::vector<std::string>& args, int seconds) {
  // --preserve-status: the status is the program's own, 130 when it handled the signal.
  return run_launched("timeout -s INT --preserve-status " + std::to_string(seconds) + " ", joined(args), "");
}

const char* cli_path() { return CHESSRANK_CLI; }

Conversation converse(const std::vector<std::string>& args, const std::vector<std::string>& writes) {
  Conversation talk{{}, -1};
  int to_child[2], from_child[2];
  if (::pipe(to_child) != 0) return talk;
  if (::pipe(from_child) != 0) return talk;
  std::vector<char*> argv = cli_argv(args);
  const pid_t pid = ::fork();
  if (pid < 0) return talk;
  if (pid == 0) {
    ::dup2(to_child[0], 0);
    ::dup2(from_child[1], 1);
    for (int fd : {to_child[0], to_child[1], from_child[0], from_child[1]}) ::close(fd);
    ::execv(CHESSRANK_CLI, argv.data());
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::close(from_child[1]);
  // A child that ends early must fail the test, not kill it with SIGPIPE on the next write.
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  for (const std::string& w : writes) {
    std::string got;
    if (::write(to_child[1], w.data(), w.size()) == ssize_t(w.size())) {
      pollfd fd{from_child[0], POLLIN, 0};
      char c = 0;
      while ((got.empty() || got.back() != '\n') && ::poll(&fd, 1, 30000) == 1 && ::read(from_child[0], &c, 1) == 1)
        got.push_back(c);
    }
    talk.answers.push_back(got);
  }
  ::close(to_child[1]);
  std::signal(SIGPIPE, previous);
  int status = 0;
  if (::waitpid(pid, &status, 0) == pid && WIFEXITED(status)) talk.status = WEXITSTATUS(status);
  ::close(from_child[0]);
  return talk;
}

CliResult run_cli_nonblocking(const std::vector<std::string>& args, const std::string& input) {
  const std::string base = temp_base();
  CliResult r{-1, "", ""};
  int to_child[2];
  if (::pipe(to_child) != 0) return r;
  ::fcntl(to_child[0], F_SETFL, ::fcntl(to_child[0], F_GETFL) | O_NONBLOCK);
  std::vector<char*> argv = cli_argv(args);
  const pid_t pid = ::fork();
  if (pid < 0) return r;
  if (pid == 0) {
    ::dup2(to_child[0], 0);
    ::close(to_child[0]);
    ::close(to_child[1]);
    const int out = ::open((base + ".out").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open((base + ".err").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ::dup2(out, 1);
    ::dup2(err, 2);
    ::execv(CHESSRANK_CLI, argv.data());
    ::_exit(127);
  }
  ::close(to_child[0]);
  ::usleep(200000);
  const auto previous = std::signal(SIGPIPE, SIG_IGN);
  if (::write(to_child[1], input.data(), input.size()) != ssize_t(input.size())) r.err = "harness: short write; ";
  std::signal(SIGPIPE, previous);
  ::close(to_child[1]);
  int status = 0;
  if (::waitpid(pid, &status, 0) == pid && WIFEXITED(status)) r.status = WEXITSTATUS(status);
  r.out = slurp(base + ".out");
  r.err += slurp(base + ".err");
  for (const char* ext : {".out", ".err"}) std::remove((base + ext).c_str());
  return without_progress(r);
}

CliResult run_cli(const std::vector<std::string>& args, const std::string& input) {
  return run_cli_shell(joined(args), input);
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

}  // namespace chessrank::testing
