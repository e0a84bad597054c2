// Run the built `chessrank` binary the way a user would, capturing stdout, stderr and the exit status.
#pragma once

#include <string>
#include <vector>

namespace chessrank::testing {

struct CliResult {
  int status;  // exit status, -1 when the process did not exit normally
  std::string out, err;  // err without the progress lines, which come every 30 s and so depend on the machine
  int progress_lines = 0;  // the progress lines taken out of err
};

// Run `chessrank` with these arguments (each one word, quoted for the shell here) and `input` on stdin.
CliResult run_cli(const std::vector<std::string>& args, const std::string& input = "");
// Run `chessrank` with an argument string in shell syntax (the caller quotes; redirections in it win over
// the harness's) and `input` on stdin.
CliResult run_cli_shell(const std::string& args, const std::string& input = "");
// Run `chessrank` with these arguments and empty stdin, and send it SIGINT (Ctrl-C) after `seconds`.
CliResult run_cli_interrupted(const std::vector<std::string>& args, int seconds);
// Run `chessrank` with its stdin a pipe marked non-blocking (O_NONBLOCK on a descriptor shared with its
// parent), as some launchers leave it, and write `input` to it only after a pause, so that the first reads
// find nothing yet: a command must wait for its input, not fail with EAGAIN.
CliResult run_cli_nonblocking(const std::vector<std::string>& args, const std::string& input);
// Return the lines of a command's output, without their newlines.
std::vector<std::string> lines_of(const std::string& text);
// Return the path of the built `chessrank` binary.
const char* cli_path();

struct Conversation {
  std::vector<std::string> answers;  // one per write: the line printed after it ("" if none came in 30 s)
  int status;                        // exit status, -1 when the process did not exit normally
};
// Start `chessrank` with these arguments on pipes, as a program that waits for each answer would: after
// each of `writes` to its stdin, read one line of its stdout; then close its stdin and wait for it.
Conversation converse(const std::vector<std::string>& args, const std::vector<std::string>& writes);

}  // namespace chessrank::testing
