// The encode, decode and convert subcommands, run as a user would run them.
#include <gtest/gtest.h>

#include "rank/model.h"
#include "tests/support/cli.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

#include "codec/slot26.h"
#include "codec/text_codes.h"
#include "core/fen.h"
#include "tests/support/corpus.h"
#include "tests/support/temp_dir.h"

namespace chessrank::codec {
namespace {

namespace fs = std::filesystem;

using CliRun = testing::CliResult;

// Run the CLI with a shell-syntax argument string.
CliRun run(const std::string& args, const std::string& stdin_text = "") {
  return testing::run_cli_shell(args, stdin_text);
}

const char* Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

TEST(CodecCli, EncodeMatchesLibraryAndDecodeInverts) {
  const CliRun enc = run(std::string("encode '") + Start + "'");
  EXPECT_EQ(enc.status, 0) << enc.err;
  EXPECT_EQ(enc.out, to_hex(*encode_slot26(Position::start())) + "\n");
  const CliRun dec = run("decode " + enc.out.substr(0, 52));
  EXPECT_EQ(dec.status, 0) << dec.err;
  EXPECT_EQ(dec.out, std::string(Start) + "\n");
}

TEST(CodecCli, CountersSurviveBase64RoundTrip) {
  const std::string fen = "r3k2r/8/8/8/3pP3/8/8/R3K2R b KQkq e3 17 123";
  const CliRun enc = run("encode --counters --output base64", fen + "\n");
  ASSERT_EQ(enc.status, 0) << enc.err;
  const CliRun dec = run("decode --counters --input-encoding base64", enc.out);
  EXPECT_EQ(dec.status, 0) << dec.err;
  EXPECT_EQ(dec.out, fen + "\n");
}

TEST(CodecCli, BadLinesAreReportedAndTheRestConverted) {
  const CliRun enc =
      run("encode", std::string(Start) + "\nnot a fen\n\n4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1\n" + Start + "\n");
  EXPECT_EQ(enc.status, 1);
  EXPECT_NE(enc.err.find("error: line 2: "), std::string::npos) << enc.err;
  EXPECT_NE(enc.err.find("error: line 4: "), std::string::npos) << enc.err;
  EXPECT_NE(enc.err.find("more than 8"), std::string::npos) << enc.err;
  EXPECT_EQ(std::count(enc.out.begin(), enc.out.end(), '\n'), 2);

  const CliRun strict = run("encode --strict", std::string(Start) + "\nnot a fen\n" + Start + "\n");
  EXPECT_EQ(strict.status, 1);
  EXPECT_EQ(std::count(strict.out.begin(), strict.out.end(), '\n'), 1);

  const CliRun dec = run("decode 00 " + std::string(52, 'f'));
  EXPECT_EQ(dec.status, 1);
  EXPECT_NE(dec.err.find("error: argument 1: hex code of 1 byte, expected 26 for slot26\n"), std::string::npos)
      << dec.err;
  EXPECT_NE(dec.err.find("argument 2"), std::string::npos);
  // The length a rank code needs depends on the model and on --counters: the message names both.
  const CliRun rank = run("decode --format rank --counters " + std::string(38, 'f'));
  EXPECT_EQ(rank.err, "error: argument 1: hex code of 19 bytes, expected 22 for rank (model " +
                          std::string(rank::DefaultModel) + ") with counters\n");
  const CliRun base64 = run("decode --input-encoding base64 A");
  EXPECT_EQ(base64.err, "error: argument 1: base64 code has 1 character, not a multiple of 4\n");
  // A blank inside a code is named as such, not counted as an odd number of digits.
  const CliRun blank = run("decode", std::string(52, 'f') + " 00\n" + std::string(51, 'f') + "\n");
  EXPECT_EQ(blank.err,
            "error: line 1: character 53 of the hex code is not a hex digit\n"
            "error: line 2: hex code has an odd number of digits (51)\n");
  // White's 8 pawns and a second queen: 1 promoted piece too many, in the singular.
  const CliRun one = run("encode '4k3/8/8/8/8/8/PPPPPPPP/QQ2K3 w - - 0 1'");
  EXPECT_EQ(one.status, 1);
  EXPECT_NE(one.err.find("white has 8 pawns and 1 promoted piece ("), std::string::npos) << one.err;
}

// Items come from the arguments or from --input, never both: neither is silently ignored.
TEST(CodecCli, ArgumentsAndInputFileExcludeEachOther) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path file = dir.file("one.fen");
  std::ofstream(file) << Start << "\n";
  for (const char* command : {"encode", "decode"}) {
    const CliRun both = run(std::string(command) + " --input " + file.string() + " '" + Start + "'");
    EXPECT_EQ(both.status, 2) << command;
    EXPECT_EQ(both.out, "") << command;
    EXPECT_NE(both.err.find("excludes"), std::string::npos) << both.err;
  }
  const CliRun file_only = run("encode --input " + file.string());
  EXPECT_EQ(file_only.status, 0) << file_only.err;
  EXPECT_EQ(file_only.out, to_hex(*encode_slot26(Position::start())) + "\n");
}

TEST(CodecCli, RawDecodeReportsTruncatedRecord) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path raw = dir.file("trunc.raw");
  {
    const Slot26Code c = *encode_slot26(Position::start());
    std::ofstream out(raw, std::ios::binary);
    out.write(reinterpret_cast<const char*>(c.data()), 26);
    out.write(reinterpret_cast<const char*>(c.data()), 10);
  }
  const CliRun dec = run("decode --input-encoding raw --input " + raw.string());
  EXPECT_EQ(dec.status, 1);
  EXPECT_EQ(dec.out, std::string(Start) + "\n");
  EXPECT_NE(dec.err.find("record 2: truncated: 10 of 26 bytes"), std::string::npos) << dec.err;
}

// Raw records from a pipe are answered one by one, as lines are: each write ends in the middle of the
// next record, and its position must come before the rest of that record is sent.
TEST(CodecCli, RawDecodeAnswersEachRecordBeforeTheNextArrives) {
  const Position second = *parse_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  const Slot26Code a = *encode_slot26(Position::start()), b = *encode_slot26(second);
  const auto bytes = [](const Slot26Code& c, std::size_t from, std::size_t to) {
    return std::string(reinterpret_cast<const char*>(c.data()) + from, to - from);
  };
  const testing::Conversation talk = testing::converse({"decode", "--input-encoding", "raw"},
                                                       {bytes(a, 0, 26) + bytes(b, 0, 7), bytes(b, 7, 26)});
  EXPECT_EQ(talk.answers, (std::vector<std::string>{std::string(Start) + "\n", to_fen(second) + "\n"}));
  EXPECT_EQ(talk.status, 0);
}

TEST(CodecCli, ConvertRoundTripsAFileInOrder) {
  const std::vector<Position> corpus = testing::random_game_corpus(20000, 99);
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path fens = dir.file("in.fen"), raw = dir.file("out.raw"), back = dir.file("back.fen");
  std::string text;
  std::size_t bad_line = 0;
  {
    std::ofstream out(fens, std::ios::binary);
    for (std::size_t i = 0; i < corpus.size(); ++i) {
      out << to_fen(corpus[i]) << '\n';
      if (i == 777) {
        out << "8/8/8/8/8/8/8/8 w - - 0 1\n";  // no kings
        bad_line = i + 2;
      }
    }
  }
  const CliRun enc = run("convert --counters --threads 2 " + fens.string() + " " + raw.string());
  EXPECT_EQ(enc.status, 1);
  EXPECT_NE(enc.err.find("error: line " + std::to_string(bad_line) + ":"), std::string::npos) << enc.err;
  EXPECT_NE(enc.err.find(std::to_string(corpus.size()) + " positions"), std::string::npos) << enc.err;
  EXPECT_EQ(fs::file_size(raw), corpus.size() * 29);

  const CliRun dec = run("convert --counters --to fen --threads 2 " + raw.string() + " " + back.string());
  EXPECT_EQ(dec.status, 0) << dec.err;
  std::ifstream in(back);
  std::string line;
  std::size_t i = 0;
  while (std::getline(in, line) && i < corpus.size()) {
    EXPECT_EQ(line, to_fen(corpus[i])) << "position " << i;
    if (HasFailure()) return;
    ++i;
  }
  EXPECT_EQ(i, corpus.size());
}

TEST(CodecCli, ConvertStrictStopsAtFirstError) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path fens = dir.file("strict.fen"), raw = dir.file("strict.raw");
  std::ofstream(fens) << Start << "\n" << Start << "\nbad\n" << Start << "\n";
  // The summary counts the input read up to the bad line, whatever the threads read ahead.
  const std::string bytes_in = std::to_string(2 * (std::string(Start).size() + 1) + 4) + " bytes in";
  for (const char* threads : {"1", "3"}) {
    const CliRun enc = run("convert --strict --threads " + std::string(threads) + " " + fens.string() + " " +
                           raw.string());
    EXPECT_EQ(enc.status, 1);
    EXPECT_NE(enc.err.find("line 3"), std::string::npos) << enc.err;
    EXPECT_NE(enc.err.find(bytes_in), std::string::npos) << enc.err;
    EXPECT_EQ(fs::file_size(raw), 2u * 26);
  }
}

// A position the rank format's model refuses, a code not below its N and a truncated last record are each
// one error line naming the line or record and why; the good ones are converted, and the status is 1.
TEST(CodecCli, ConvertNamesPositionsAndRecordsItCannotConvert) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path fens = dir.file("in.fen"), raw = dir.file("out.raw"), bad = dir.file("bad.raw");
  const std::string kings = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  std::ofstream(fens) << kings << "\n8/8/8/8/8/8/8/Kk6 w - - 0 1\n" << Start << "\n";
  CliRun r = run("convert --format rank " + fens.string() + " " + raw.string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.substr(0, r.err.find('\n') + 1),
            "error: line 2: not in model " + std::string(rank::DefaultModel) +
                ": the kings stand next to each other (a1 and b1)\n");
  const std::size_t size = fs::file_size(raw) / 2;
  ASSERT_EQ(fs::file_size(raw), 2 * size);

  // The two good records, then a code of all ones (at or above N) and three bytes of a record.
  std::string bytes;
  {
    std::ifstream in(raw, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  std::ofstream(bad, std::ios::binary) << bytes << std::string(size, '\xff') << std::string(3, '\x01');
  r = run("convert --to fen --format rank " + bad.string() + " -");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, kings + "\n" + Start + "\n");
  std::istringstream err(r.err);
  std::string line;
  ASSERT_TRUE(std::getline(err, line));
  EXPECT_EQ(line.rfind("error: record 3: rank code ", 0), 0u) << line;
  EXPECT_NE(line.find(" is not below N = " + rank::find_model(rank::DefaultModel)->size().get_str()),
            std::string::npos)
      << line;
  ASSERT_TRUE(std::getline(err, line));
  EXPECT_EQ(line, "error: record 4: truncated: 3 of " + std::to_string(size) + " bytes");
}

// An output that is the input, by name or through a link, is refused before it is opened (opening it
// would truncate the input) and the input is left as it was.
TEST(CodecCli, ConvertRefusesToOverwriteItsInput) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path fens = dir.file("same.fen"), link = dir.file("link.fen");
  std::ofstream(fens) << Start << "\n";
  fs::create_symlink(fens, link);
  const fs::path hard = dir.file("hard.fen");  // a hard link shares no path with the file, only the file
  fs::create_hard_link(fens, hard);
  for (const fs::path& out : {fens, link, hard}) {
    const CliRun r = run("convert " + fens.string() + " " + out.string());
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(r.err, "error: the input and the output name the same file ('" + out.string() +
                         "'): converting would erase the input\n");
    EXPECT_EQ(fs::file_size(fens), std::string(Start).size() + 1);
  }
}

// An output of - or /dev/stdout is standard output as the shell opened it: `>> file` appends to the file
// (reopening /dev/stdout would truncate it), and `| ...` works too. An input of - is standard input.
TEST(CodecCli, ConvertToStandardOutputKeepsTheShellsRedirection) {
  const testing::TempDir dir("chessrank-codec-cli");
  const fs::path fens = dir.file("in.fen"), raw = dir.file("in.raw"), text = dir.file("out.txt");
  std::ofstream(fens) << Start << "\n";
  ASSERT_EQ(run("convert " + fens.string() + " " + raw.string()).status, 0);
  for (const std::string out : {"-", "/dev/stdout"}) {
    std::ofstream(text) << "kept\n";
    const CliRun r = run("convert --to fen " + raw.string() + " " + out + " >> " + text.string());
    EXPECT_EQ(r.status, 0) << r.err;
    std::ifstream in(text);
    std::stringstream got;
    got << in.rdbuf();
    EXPECT_EQ(got.str(), "kept\n" + std::string(Start) + "\n") << out;
  }
  const CliRun piped = run("convert --to fen " + raw.string() + " - | cat");
  EXPECT_EQ(piped.out, std::string(Start) + "\n");
  // An input of - is standard input; standard output appended to the input is refused, as by name.
  const CliRun both = run("convert - - | cat", std::string(Start) + "\n");
  EXPECT_EQ(both.status, 0) << both.err;
  EXPECT_EQ(both.out.size(), 26u);
  const CliRun onto_input = run("convert " + fens.string() + " - >> " + fens.string());
  EXPECT_EQ(onto_input.status, 2);
  EXPECT_EQ(fs::file_size(fens), std::string(Start).size() + 1);
}

// Writes that fail (a full disk: /dev/full) and inputs that cannot be read (a directory opens, but does
// not read) are errors, not an empty success.
TEST(CodecCli, FailedReadsAndWritesAreErrors) {
  const testing::TempDir dir("chessrank-codec-io");
  const fs::path fens = dir.file("in.fen");
  std::ofstream(fens) << Start << "\n";
  CliRun r = run("convert " + fens.string() + " /dev/full");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err.substr(0, 45), "error: cannot write output file '/dev/full': ") << r.err;
  // An output that cannot be created is a wrong command line, as for estimate's files: status 2 before any
  // input is read.
  const std::string nowhere = dir.file("no-such-dir").string() + "/out.bin";
  r = run("convert " + fens.string() + " " + nowhere);
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: output: cannot write '" + nowhere + "': No such file or directory\n");
  // With standard output closed, the files a command opens do not take its number: the input is not
  // mistaken for the output, and writing to the closed stream fails.
  r = run("convert " + fens.string() + " - >&-");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot open standard output: Invalid argument\n");
  r = run("encode " + std::string("'") + Start + "' > /dev/full");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot write standard output: No space left on device\n");

  const std::string folder = dir.path().string();
  r = run("convert " + folder + " " + dir.file("out.bin").string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot read input file '" + folder + "': Is a directory\n");
  EXPECT_FALSE(fs::exists(dir.file("out.bin")));  // the output is not created for nothing
  for (const std::string& command :
       {"encode --input " + folder, "decode --input-encoding raw --input " + folder, "encode < " + folder,
        "replay < " + folder, "rank < " + folder}) {
    r = run(command);
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_NE(r.err.find("cannot read"), std::string::npos) << command << ": " << r.err;
    EXPECT_NE(r.err.find("Is a directory"), std::string::npos) << command << ": " << r.err;
  }
  // An input file that is not there: one line naming it, for lines and for raw records alike.
  const std::string missing = dir.file("missing.fen").string();
  for (const std::string& command : {"encode --input " + missing, "decode --input-encoding raw --input " + missing}) {
    r = run(command);
    EXPECT_EQ(r.status, 1) << command;
    EXPECT_EQ(r.out, "") << command;
    EXPECT_EQ(r.err, "error: cannot open input file '" + missing + "': No such file or directory\n") << command;
  }
}

// convert reads standard input as the line commands read it: from where the caller left it, failing when
// it is closed, waiting when it is non-blocking; and it refuses the same lines (over 1 MiB) and skips the
// same byte order mark, so that `convert` and `encode --output raw` give one file the same records.
TEST(CodecCli, ConvertReadsInputAsTheLineCommandsDo) {
  const testing::TempDir dir("chessrank-codec-input");
  const auto contents = [](const fs::path& path) {
    std::stringstream text;
    text << std::ifstream(path, std::ios::binary).rdbuf();
    return text.str();
  };
  const fs::path fens = dir.file("two.fen"), raw = dir.file("out.raw");
  const std::string other = "4k3/8/8/8/8/8/8/4K3 w - - 0 1";
  std::ofstream(fens) << Start << "\n" << other << "\n";
  const std::string cli = testing::cli_path();
  // The shell reads the first line; convert gets the rest.
  ASSERT_EQ(std::system(("{ IFS= read -r header; '" + cli + "' convert - " + raw.string() + " 2>/dev/null; } < " +
                         fens.string())
                            .c_str()),
            0);
  EXPECT_EQ(fs::file_size(raw), 26u);
  const CliRun decoded = run("decode --input-encoding raw --input " + raw.string());
  EXPECT_EQ(decoded.out, other + "\n");

  CliRun r = run("convert - " + raw.string() + " <&-");
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot read standard input: Bad file descriptor\n");
  r = run("convert - " + raw.string() + " < " + dir.path().string());
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.err, "error: cannot read standard input: Is a directory\n");

  const testing::CliResult waited =
      testing::run_cli_nonblocking({"convert", "--threads", "1", "-", raw.string()}, std::string(Start) + "\n");
  EXPECT_EQ(waited.status, 0) << waited.err;
  EXPECT_EQ(fs::file_size(raw), 26u);

  // A line of 2 MiB of blanks, a position, a 3 MiB line, a position; and a byte order mark first.
  const fs::path odd = dir.file("odd.fen"), encoded = dir.file("encoded.raw");
  std::ofstream(odd, std::ios::binary) << "\xEF\xBB\xBF" << std::string(std::size_t(2) << 20, ' ') << "\n"
                                       << other << "\n" << std::string(std::size_t(3) << 20, 'x') << "\n" << Start;
  const CliRun reference = run("encode --output raw --input " + odd.string() + " > " + encoded.string());
  EXPECT_EQ(reference.err, "error: line 1: longer than 1048576 bytes\nerror: line 3: longer than 1048576 bytes\n");
  for (const std::string& source : {odd.string(), "- < " + odd.string()})
    for (const char* threads : {"1", "2"}) {
      r = run("convert --threads " + std::string(threads) + " " + source + " " + raw.string());
      EXPECT_EQ(r.status, 1);
      EXPECT_EQ(r.err.substr(0, reference.err.size()), reference.err) << source;
      EXPECT_NE(r.err.find("2 positions"), std::string::npos) << r.err;
      EXPECT_NE(r.err.find("2 rejected (lines 1, 3)"), std::string::npos) << r.err;
      EXPECT_EQ(contents(raw), contents(encoded)) << source << " --threads " << threads;
    }

  // An empty file name is not standard input.
  r = run("convert '' " + raw.string());
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: input: an empty file name\n");
  r = run("encode --input ''", std::string(Start) + "\n");
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
}

// --model names a ranking model, which only the rank format has.
TEST(CodecCli, ModelWithoutRankFormatIsRefused) {
  for (const std::string command : {"encode --model cpr", "decode --model cpr", "encode --model ''"}) {
    const CliRun r = run(command + " '" + Start + "'");
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(r.out, "");
    EXPECT_NE(r.err.find("error: "), std::string::npos) << command;
  }
  EXPECT_EQ(run("encode --model cpr '" + std::string(Start) + "'").err,
            "error: format slot26 takes no model (given 'cpr'); rank does\n");
}

}  // namespace
}  // namespace chessrank::codec
