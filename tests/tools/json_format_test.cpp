// `--format json` (issue: the CLI as scripts use it): for each command, every line of standard output
// parses as a JSON object (nlohmann-json), one per input item in input order, a bad item as an object with
// "error" in its place.
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include "core/bigint.h"
#include "tests/support/cli.h"

namespace chessrank::cli {
namespace {

using nlohmann::json;
using testing::lines_of;
using testing::run_cli;

// Run `args` with `input` and return its output lines parsed, after checking that each is an object.
std::vector<json> objects(const std::vector<std::string>& args, const std::string& input = "", int status = -1) {
  const testing::CliResult r = run_cli(args, input);
  if (status >= 0) {
    EXPECT_EQ(r.status, status) << r.err;
  }
  std::vector<json> out;
  for (const std::string& line : lines_of(r.out)) {
    const json j = json::parse(line, nullptr, false);
    EXPECT_TRUE(j.is_object()) << args.front() << ": " << line;
    out.push_back(j);
  }
  return out;
}

const std::string Start = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const std::string Bare = "8/8/8/8/8/8/8/K1k5 w - - 0 1";
// Three positions, the second malformed.
const std::string ThreeFens = Start + "\nnot a fen\n" + Bare + "\n";

// The second of three objects is the error of input line 2, the others have `key`.
void expect_error_in_the_middle(const std::vector<json>& out, const std::string& key) {
  ASSERT_EQ(out.size(), 3u);
  EXPECT_TRUE(out[0].contains(key)) << out[0];
  EXPECT_EQ(out[1].value("source", ""), "line 2") << out[1];
  EXPECT_TRUE(out[1].contains("error")) << out[1];
  EXPECT_TRUE(out[2].contains(key)) << out[2];
}

// The input of a second command made from the `key` of the first and last of three objects, with `bad` between.
std::string around(const std::vector<json>& out, const std::string& key, const std::string& bad) {
  return out.at(0)[key].get<std::string>() + "\n" + bad + "\n" + out.at(2)[key].get<std::string>() + "\n";
}

TEST(JsonFormat, Fen) {
  const std::vector<json> out = objects({"fen", "--format", "json"}, ThreeFens, 1);
  expect_error_in_the_middle(out, "fen");
  EXPECT_EQ(out[2]["fen"], Bare);
}

TEST(JsonFormat, Check) {
  const std::vector<json> out = objects({"check", "--format", "json"}, ThreeFens + "8/8/8/8/8/8/8/Kk6 w - - 0 1\n", 1);
  ASSERT_EQ(out.size(), 4u);
  expect_error_in_the_middle({out[0], out[1], out[2]}, "verdict");
  EXPECT_EQ(out[0]["verdict"], "ok");
  EXPECT_EQ(out[3]["verdict"], "illegal");  // adjacent kings
  EXPECT_FALSE(out[3]["problems"].empty());
}

TEST(JsonFormat, Legal) {
  const std::vector<json> out = objects({"legal", "--format", "json"}, ThreeFens, 1);
  expect_error_in_the_middle(out, "verdict");
  EXPECT_EQ(out[0]["verdict"], "legal?");
}

TEST(JsonFormat, RankAndUnrank) {
  const std::vector<json> ranked = objects({"rank", "--format", "json"}, ThreeFens, 1);
  expect_error_in_the_middle(ranked, "index");
  const std::vector<json> unranked = objects({"unrank", "--format", "json"}, around(ranked, "index", "x"), 1);
  expect_error_in_the_middle(unranked, "fen");
  EXPECT_EQ(unranked[2]["fen"], "8/8/8/8/8/8/8/K1k5 w - -");  // unrank gives four fields
  EXPECT_EQ(unranked[0]["index"], ranked[0]["index"]);
}

TEST(JsonFormat, SampleGivesTheTextLinesFields) {
  const std::vector<json> out = objects({"sample", "--count", "5", "--seed", "3", "--format", "json"}, "", 0);
  const std::vector<std::string> text = lines_of(run_cli({"sample", "--count", "5", "--seed", "3"}).out);
  ASSERT_EQ(out.size(), text.size());
  for (std::size_t i = 0; i < out.size(); ++i)
    EXPECT_EQ(out[i]["index"].get<std::string>() + "\t" + out[i]["fen"].get<std::string>(), text[i]);
}

TEST(JsonFormat, EncodeAndDecode) {
  const std::vector<json> codes = objects({"encode", "--output", "json"}, ThreeFens, 1);
  expect_error_in_the_middle(codes, "hex");
  const std::vector<json> fens = objects({"decode", "--output", "json"}, around(codes, "hex", "zz"), 1);
  expect_error_in_the_middle(fens, "fen");
  EXPECT_EQ(fens[0]["fen"], Start);
  EXPECT_EQ(fens[2]["fen"], Bare);
  // Their --format names the code: `--format json`, as elsewhere, is refused with the option to use.
  for (const char* command : {"encode", "decode"}) {
    const testing::CliResult r = run_cli({command, "--format", "json"}, ThreeFens);
    EXPECT_EQ(r.status, 2) << command;
    EXPECT_EQ(r.out, "") << command;
    EXPECT_NE(r.err.find("for JSON lines use --output json"), std::string::npos) << r.err;
  }
}

TEST(JsonFormat, Count) {
  const std::vector<json> out = objects({"count", "--model", "cpr", "--format", "json"}, "", 0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["model"], "cpr");
  EXPECT_FALSE(out[0]["positions"].get<std::string>().empty());
}

// The breakdown's parts as decimal strings: each way of splitting the white-to-move half adds up to it, the
// halves to N, and every relaxed model is larger; the text breakdown gives the same numbers.
TEST(JsonFormat, CountBreakdown) {
  const std::vector<json> out = objects({"count", "--model", "cpr", "--breakdown", "--format", "json"}, "", 0);
  ASSERT_EQ(out.size(), 1u);
  const json& b = out[0];
  const auto number = [](const json& j) { return BigInt(j.get<std::string>()); };
  const BigInt n = number(b["positions"]), white = number(b["side_to_move"]["white"]);
  EXPECT_EQ(white + number(b["side_to_move"]["black"]), n);
  for (const char* split : {"castling_white_to_move", "en_passant_white_to_move"}) {
    BigInt sum = 0;
    for (const auto& [key, part] : b[split].items()) sum += number(part);
    EXPECT_EQ(sum, white) << split;
  }
  EXPECT_EQ(b["castling_white_to_move"].size(), 16u);
  ASSERT_EQ(b["without_constraint"].size(), 2u);
  const std::string text = run_cli({"count", "--model", "cpr", "--breakdown"}).out;
  for (const json& relaxed : b["without_constraint"]) {
    const BigInt more = number(relaxed["positions"]) - n;
    EXPECT_GT(more, 0) << relaxed;
    const std::string line = "  " + relaxed["constraint"].get<std::string>() + ": " + more.get_str() + " (";
    EXPECT_NE(text.find(line), std::string::npos) << line;
  }
  for (const auto& [rights, part] : b["castling_white_to_move"].items())
    EXPECT_NE(text.find("  " + rights + ": " + part.get<std::string>() + " ("), std::string::npos) << rights;
}

TEST(JsonFormat, Perft) {
  const std::vector<json> out = objects({"perft", "3", "--format", "json"}, "", 0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0]["nodes"], 8902);
  const std::vector<json> divide = objects({"perft", "2", "--divide", "--format", "json"}, "", 0);
  ASSERT_EQ(divide.size(), 1u);
  EXPECT_EQ(divide[0]["divide"].size(), 20u);
  EXPECT_EQ(divide[0]["divide"]["e2e4"], 20);
}

TEST(JsonFormat, NulpRowsInArgumentOrder) {
  const std::vector<json> out = objects({"nulp", "kqk", "xx", "krk", "--format", "json"}, "", 1);
  ASSERT_EQ(out.size(), 3u);
  EXPECT_EQ(out[0]["endgame"], "kqk");
  EXPECT_EQ(out[1]["source"], "argument 2");
  EXPECT_EQ(out[2]["endgame"], "krk");
  const std::vector<json> totals = objects({"nulp", "--men", "3", "--format", "json"}, "", 0);
  ASSERT_EQ(totals.size(), 2u);
  EXPECT_EQ(totals[1]["men"], 3);
}

TEST(JsonFormat, Ferz) {
  const std::vector<json> out = objects({"ferz", "--format", "json", "8/8/8/3k4/8/1KF5/8/f7 w", "bad"}, "", 1);
  ASSERT_EQ(out.size(), 2u);
  EXPECT_EQ(out[0]["plies"], 39);  // al-Suli's position
  EXPECT_TRUE(out[1].contains("error"));
}

TEST(JsonFormat, BoundIsItsJsonReport) {
  const std::vector<json> out = objects({"bound", "--model", "tromp2021", "--format", "json"}, "", 0);
  ASSERT_EQ(out.size(), 1u);
  EXPECT_EQ(out[0], json::parse(run_cli({"bound", "--model", "tromp2021", "--json"}).out));
}

}  // namespace
}  // namespace chessrank::cli
