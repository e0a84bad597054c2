// `chessrank legal` and `chessrank estimate` end to end: output lines, errors, exit codes, determinism.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "tests/support/cli.h"
#include "tests/support/temp_dir.h"

namespace {

using Outcome = chessrank::testing::CliResult;
using chessrank::testing::run_cli;
using chessrank::testing::run_cli_shell;

TEST(CliLegal, OneVerdictPerLine) {
  const Outcome r = run_cli({"legal"},
                            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1\n"
                            "\n"
                            "8/8/8/8/8/8/8/Kk6 w - - 0 1\n"
                            "4k3/8/8/8/8/8/8/r3K2r w - - 0 1\n"
                            "8/8/8/8/8/8/8/Kk6 w - - bm Ka2; id \"an EPD record\";\n");
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "legal? (passes all checks)\n"
            "illegal: the kings stand on adjacent squares\n"
            "illegal: white is in check from two rooks, a double check no move of black can have given\n"
            "illegal: the kings stand on adjacent squares\n");
  EXPECT_EQ(r.err, "");
}

TEST(CliLegal, MalformedFenIsAnErrorWithLineNumber) {
  const Outcome r = run_cli({"legal"}, "4k3/8/8/8/8/8/8/4K3 w - - 0 1\nnot a fen\n");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "legal? (passes all checks)\n");
  EXPECT_EQ(r.err.rfind("error: line 2: ", 0), 0u) << r.err;
}

TEST(CliLegal, Tromp2021PrintsVerdicts) {
  const Outcome r = run_cli({"legal", "--rules", "tromp2021", "4k3/8/8/8/8/8/8/r3K2r w - - 0 1",
                             "4k3/8/8/8/8/8/8/4K3 w - - 0 1"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "Illegal Double Check\nNo Checks\n");
  EXPECT_NE(run_cli({"legal", "--rules", "lenient", "4k3/8/8/8/8/8/8/4K3 w - -"}).status, 0);
}

// An en passant square no legal capture uses: a duplicate, naming the position it is.
TEST(CliLegal, DuplicateEnPassantSquare) {
  const Outcome r = run_cli({"legal", "8/8/8/8/k2pP2R/8/8/4K3 b - e3 0 1", "4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "duplicate: the en passant square e3 allows no legal capture (the pawn on d4 cannot take without "
            "leaving its king in check), so this is the position '8/8/8/8/k2pP2R/8/8/4K3 b - -'\n"
            "legal? (passes all checks)\n");
}

// --explain: the verdict, then the searching stages' argument, indented.
TEST(CliLegal, ExplainGivesTheArgument) {
  // No proof kernel (a promoted queen and no capture), and a legal position with its kernel.
  const Outcome r = run_cli({"legal", "--explain", "rnbqkbnr/pppppppp/8/8/4Q3/8/PPPPPPP1/RNBQKBNR b - - 0 1",
                             "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2"});
  EXPECT_EQ(r.status, 0) << r.err;
  std::istringstream lines(r.out);
  std::vector<std::string> out;
  for (std::string line; std::getline(lines, line);) out.push_back(line);
  ASSERT_GE(out.size(), 4u) << r.out;
  EXPECT_EQ(out[0].rfind("illegal: ", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("  proof kernel: none ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("legal? (passes all checks)\n  last move analysis: at least two last moves possible: "),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("  proof kernel: found ("), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("w exd; then pieces make the captures left"), std::string::npos) << r.out;
  // The other rule sets have no searching stages to explain.
  const Outcome refused = run_cli({"legal", "--explain", "--rules", "seed000", "4k3/8/8/8/8/8/8/4K3 w - -"});
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.out, "");
  EXPECT_NE(refused.err.find("--explain"), std::string::npos) << refused.err;
}

TEST(CliEstimate, DeterministicAcrossThreads) {
  const auto body = [](const std::string& out) {
    // Drop the line with the run time.
    std::string kept;
    std::istringstream in(out);
    std::string line;
    while (std::getline(in, line))
      if (line.rfind("samples drawn", 0) != 0) kept += line + '\n';
    return kept;
  };
  const Outcome one = run_cli({"estimate", "--samples", "3000", "--seed", "5", "--threads", "1"});
  const Outcome two = run_cli({"estimate", "--samples", "3000", "--seed", "5", "--threads", "2"});
  ASSERT_EQ(one.status, 0) << one.err;
  ASSERT_EQ(two.status, 0) << two.err;
  EXPECT_EQ(body(one.out), body(two.out));
  EXPECT_NE(one.out.find("upper estimate: every position that passes is counted"), std::string::npos);
  EXPECT_NE(one.out.find("published: (4.82 +- 0.03)e44 legal positions"), std::string::npos) << one.out;
  EXPECT_NE(one.out.find("samples drawn: 3000"), std::string::npos);
  EXPECT_EQ(run_cli({"estimate", "--model", "nonesuch", "--samples", "10"}).status, 2);
}

TEST(CliEstimate, UnwritableOutputFilesAreRefusedBeforeTheRun) {
  const chessrank::testing::TempDir dir("chessrank-cli-estimate");
  const std::string missing = (dir.path() / "no-such-dir" / "out").string();
  for (const char* option : {"--json", "--plot", "--emit", "--checkpoint"}) {
    // A run would print its report before failing to write (status 1): nothing may come out.
    const Outcome r = run_cli({"estimate", "--samples", "20000", option, missing});
    EXPECT_EQ(r.status, 2) << option;
    EXPECT_EQ(r.out, "") << option;
    EXPECT_EQ(r.err, "error: " + std::string(option) + ": cannot write '" + missing + "': No such file or directory\n");
  }
  // The check leaves no file behind when the run does not happen; a run writes it.
  const std::string json = dir.file("report.json").string();
  EXPECT_EQ(run_cli({"estimate", "--json", json, "--plot", missing}).status, 2);  // --json is checked first
  EXPECT_FALSE(std::filesystem::exists(json));
  const Outcome ok = run_cli({"estimate", "--samples", "2000", "--json", json});
  ASSERT_EQ(ok.status, 0) << ok.err;
  std::ifstream in(json);
  std::string first;
  EXPECT_TRUE(std::getline(in, first) && !first.empty());
}

// A file the early check passed but the run cannot write (a full disk): the report still comes out, then one
// error line per file naming the option, the file and why, and status 1.
TEST(CliEstimate, AFullDiskAfterTheRunIsAnErrorNamingTheOption) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  const Outcome r = run_cli({"estimate", "--samples", "2000", "--json", "/dev/full", "--plot", "/dev/full"});
  EXPECT_EQ(r.status, 1);
  EXPECT_NE(r.out.find("samples drawn: 2000"), std::string::npos) << r.out;
  EXPECT_EQ(r.err,
            "error: --json: cannot write '/dev/full': No space left on device\n"
            "error: --plot: cannot write '/dev/full': No space left on device\n");
}

// An output that is a named pipe is checked without being opened: opening it to see whether it can be
// written would give its reader an empty stream, and the report would then wait for another reader.
TEST(CliEstimate, ReportToANamedPipeReachesItsReader) {
  const chessrank::testing::TempDir dir("chessrank-cli-estimate-fifo");
  const std::string fifo = dir.file("report").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0) << std::strerror(errno);
  std::string first, second;
  std::thread reader([&] {
    const auto read_all = [&] {
      std::ifstream in(fifo);
      std::ostringstream text;
      text << in.rdbuf();
      return text.str();
    };
    first = read_all();
    if (first.empty()) second = read_all();  // an empty stream came first: the report comes to a second reader
  });
  const Outcome r = run_cli({"estimate", "--samples", "2000", "--threads", "1", "--json", fifo});
  // A run that never opened the pipe leaves the reader waiting for a writer: release it.
  if (const int fd = ::open(fifo.c_str(), O_WRONLY | O_NONBLOCK); fd >= 0) ::close(fd);
  reader.join();
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(first.substr(0, 1), "{") << "the reader got " << first.size() << " bytes, then " << second.size();
  EXPECT_NE(first.find("\"estimate\""), std::string::npos);
}

// Two outputs naming one file would overwrite each other (a JSON report over the checkpoint that should
// resume the run): refused before the run, by the same path written two ways or through a link, even a
// link to a file not yet written, which the writability check must leave in place.
TEST(CliEstimate, OutputsNamingOneFileAreRefused) {
  namespace fs = std::filesystem;
  const chessrank::testing::TempDir dir("chessrank-cli-estimate");
  const std::string report = dir.file("report").string(), dotted = (dir.path() / "." / "report").string();
  const fs::path link = dir.file("link");
  fs::create_symlink("report", link);
  const struct {
    std::vector<std::string> args;
    std::string err;
  } cases[] = {
      {{"--checkpoint", report, "--json", dotted}, "--checkpoint and --json name the same file ('" + dotted + "')"},
      {{"--json", report, "--emit", report}, "--json and --emit name the same file ('" + report + "')"},
      {{"--emit", report, "--plot", link.string()}, "--emit and --plot name the same file ('" + link.string() + "')"},
  };
  for (const auto& c : cases) {
    std::vector<std::string> args = {"estimate", "--samples", "2000"};
    args.insert(args.end(), c.args.begin(), c.args.end());
    const Outcome r = run_cli(args);
    EXPECT_EQ(r.status, 2) << c.err;
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "error: " + c.err + "\n");
    EXPECT_FALSE(fs::exists(report)) << c.err;
    EXPECT_TRUE(fs::is_symlink(link)) << c.err;
  }
  // Standard output redirected to a file (as run_cli does) is that file: one output there would be
  // truncated by the other, or written over by the report, which goes to standard output too. A device (or
  // a pipe, or a terminal) erases nothing: both may go to it.
  for (const std::vector<std::string>& outputs : {std::vector<std::string>{"--json", "/dev/stdout"},
                                                  {"--json", "/dev/stdout", "--emit", "/dev/stdout"}}) {
    std::vector<std::string> args = {"estimate", "--samples", "2000"};
    args.insert(args.end(), outputs.begin(), outputs.end());
    const Outcome r = run_cli(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err, "error: standard output and --json name the same file ('/dev/stdout')\n");
  }
  const Outcome to_null = run_cli({"estimate", "--samples", "2000", "--json", "/dev/null", "--emit", "/dev/null"});
  EXPECT_EQ(to_null.status, 0) << to_null.err;
}

// Return `text` without its lines holding `key` (the run's wall time differs from run to run).
std::string without_lines(const std::string& text, const std::string& key) {
  std::istringstream in(text);
  std::string out;
  for (std::string line; std::getline(in, line);)
    if (line.find(key) == std::string::npos) out += line + "\n";
  return out;
}

// "-" names standard output, as in convert: the file's content alone goes there, the text report to
// standard error, and no file named "-" is made.
TEST(CliEstimate, DashIsStandardOutput) {
  namespace fs = std::filesystem;
  const chessrank::testing::TempDir dir("chessrank-cli-estimate-dash");
  const std::string json = dir.file("report.json").string(), emit = dir.file("emit.txt").string();
  const Outcome files = run_cli({"estimate", "--samples", "3000", "--json", json, "--emit", emit});
  ASSERT_EQ(files.status, 0) << files.err;
  const Outcome json_dash = run_cli({"estimate", "--samples", "3000", "--json", "-"});
  ASSERT_EQ(json_dash.status, 0) << json_dash.err;
  EXPECT_EQ(without_lines(json_dash.out, "\"seconds\""), without_lines(chessrank::testing::read_file(json), "\"seconds\""));
  EXPECT_EQ(without_lines(json_dash.err, "this run"), without_lines(files.out, "this run"));
  const Outcome emit_dash = run_cli({"estimate", "--samples", "3000", "--emit", "-"});
  ASSERT_EQ(emit_dash.status, 0) << emit_dash.err;
  EXPECT_EQ(emit_dash.out, chessrank::testing::read_file(emit));
  EXPECT_FALSE(fs::exists("-"));
  const Outcome both = run_cli({"estimate", "--samples", "3000", "--json", "-", "--plot", "-"});
  EXPECT_EQ(both.status, 2);
  EXPECT_EQ(both.err, "error: only one of --json, --emit and --plot can be - (standard output)\n");
}

// Return the JSON report at `path` without the lines that describe the run rather than its samples.
std::string samples_of_report(const std::string& path) {
  std::string text = chessrank::testing::read_file(path);
  for (const char* key : {"\"seconds\"", "\"threads\"", "\"resumed\"", "\"interrupted\""})
    text = without_lines(text, key);
  return text;
}

// Ctrl-C (here SIGINT from timeout) stops the run after the chunk being merged: the checkpoint is saved,
// the report of the samples so far printed with a line naming how to resume, and the status is 130. The
// report is a fresh run's of that many samples, and the resumed run ends where a fresh one does.
TEST(CliEstimate, InterruptSavesTheCheckpointAndReports) {
  const chessrank::testing::TempDir dir("chessrank-cli-estimate-interrupt");
  const std::string checkpoint = dir.file("run.checkpoint").string();
  const auto json = [&](const std::string& name) { return dir.file(name + ".json").string(); };
  const std::string run = "estimate --rules tromp2021 --seed 3 --threads 1";
  const std::string command = "timeout -s INT --preserve-status 2 '" + std::string(chessrank::testing::cli_path()) +
                              "' " + run + " --samples 1000000000 --checkpoint '" + checkpoint + "' --json '" +
                              json("interrupted") + "' > '" + dir.file("out").string() + "' 2> '" +
                              dir.file("err").string() + "'";
  const int status = std::system(command.c_str());
  ASSERT_TRUE(WIFEXITED(status));
  ASSERT_EQ(WEXITSTATUS(status), 130);
  const std::string message = chessrank::testing::read_file(dir.file("err"));
  const std::size_t at = message.find("error: interrupted after ");
  ASSERT_NE(at, std::string::npos) << message;
  const std::string samples = message.substr(at + 25, message.find(' ', at + 25) - at - 25);
  EXPECT_EQ(message.substr(at), "error: interrupted after " + samples + " samples: the same command resumes from " +
                                    checkpoint + "\n");
  EXPECT_EQ(std::stoull(samples) % 16384, 0u);  // whole chunks
  const Outcome fresh = run_cli_shell(run + " --samples " + samples + " --json '" + json("fresh") + "'");
  ASSERT_EQ(fresh.status, 0) << fresh.err;
  EXPECT_EQ(samples_of_report(json("interrupted")), samples_of_report(json("fresh")));
  const std::string twice = std::to_string(2 * std::stoull(samples) + 1000);
  const Outcome resumed = run_cli_shell(run + " --samples " + twice + " --checkpoint '" + checkpoint + "' --json '" +
                                        json("resumed") + "'");
  ASSERT_EQ(resumed.status, 0) << resumed.err;
  const Outcome whole = run_cli_shell(run + " --samples " + twice + " --json '" + json("whole") + "'");
  ASSERT_EQ(whole.status, 0) << whole.err;
  EXPECT_EQ(samples_of_report(json("resumed")), samples_of_report(json("whole")));
}

}  // namespace
