// Runs the `chessrank bound` command and checks its output against the library.
#include <gtest/gtest.h>

#include "tests/support/build_flavour.h"
#include "tests/support/cli.h"
#include "tests/support/temp_dir.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

#include "bound/nopromo.h"
#include "bound/seed2006.h"
#include "bound/tromp2021.h"
#include "bound/tromp_nopromo.h"
#include "rank/frame.h"
#include "rank/model.h"

namespace chessrank::bound {
namespace {

using CliRun = testing::CliResult;

CliRun run(const std::string& args) { return testing::run_cli_shell("bound " + args); }

TEST(BoundCli, ModelPrintsTheLibraryCount) {
  const CliRun r = run("--model tromp2021");
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, tromp2021_count({}).total.get_str() + "\n");
}

TEST(BoundCli, BreakdownHasEighteenRowsAndTheTotal) {
  const CliRun r = run("--model tromp2021 --breakdown --white-to-move");
  EXPECT_EQ(r.status, 0);
  std::istringstream in(r.out);
  std::string line;
  int rows = 0;
  std::string last;
  while (std::getline(in, line)) {
    ++rows;
    last = line;
  }
  EXPECT_EQ(rows, 19);
  EXPECT_EQ(last, "total\t" + tromp2021_count({true, true, false, true}).total.get_str());
  EXPECT_NE(r.out.find("fwr=0 fbr=0 ep=0\t4317116501858047620299900728599356147494556640"), std::string::npos);

  // With both sides to move the rows still sum to the total: black to move is one more row.
  const CliRun both = run("--model tromp2021 --breakdown");
  EXPECT_EQ(both.status, 0);
  BigInt sum, total;
  std::istringstream lines(both.out);
  while (std::getline(lines, line)) {
    const std::size_t tab = line.rfind('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    (line.rfind("total\t", 0) == 0 ? total : sum) += BigInt(line.substr(tab + 1));
  }
  EXPECT_EQ(sum, total);
  EXPECT_EQ(total, tromp2021_count({true, true, true, true}).total);
  EXPECT_NE(both.out.find("black to move (the colour swap of the cases above)\t" +
                          tromp2021_count({true, true, false, true}).total.get_str()),
            std::string::npos);
}

// The 2006 program's breakdown: one row per class of castling rights and king configurations, summing to
// the total, which is the library's count.
TEST(BoundCli, Seed2006BreakdownRowsSumToTheTotal) {
  const CliRun r = run("--model seed2006 --breakdown");
  EXPECT_EQ(r.status, 0) << r.err;
  BigInt sum, total;
  int rows = 0;
  std::istringstream lines(r.out);
  for (std::string line; std::getline(lines, line);) {
    const std::size_t tab = line.rfind('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    if (line.rfind("total\t", 0) == 0) {
      total = BigInt(line.substr(tab + 1));
    } else {
      EXPECT_EQ(line.rfind("white_rights=", 0), 0u) << line;
      sum += BigInt(line.substr(tab + 1));
      ++rows;
    }
  }
  EXPECT_GT(rows, 1);
  EXPECT_EQ(sum, total);
  EXPECT_EQ(total, seed2006_count({}).total);
}

TEST(BoundCli, VariantsAndJson) {
  const CliRun r = run("--model tromp2021 --no-castling --no-en-passant --json");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("\"value\":\"" + tromp2021_count({false, false, true, true}).total.get_str() + "\""),
            std::string::npos);
  EXPECT_NE(r.out.find("\"castling\":false"), std::string::npos);
  const CliRun d = run("--model seed2006 --diagrams");
  EXPECT_EQ(d.out, "22124621884617108585387385940828998876019391612\n");
  const CliRun n = run("--model nopromo");
  EXPECT_EQ(n.out, nopromo_count({}).get_str() + "\n");
}

// nopromo's ingredient options give the counts of the sets they describe.
TEST(BoundCli, NopromoOptionsVaryTheSet) {
  NopromoShape adjacent;
  adjacent.kings_apart = false;
  const CliRun a = run("--model nopromo --adjacent-kings");
  EXPECT_EQ(a.status, 0) << a.err;
  EXPECT_EQ(a.out, nopromo_count(adjacent).get_str() + "\n");
  NopromoShape placements;
  placements.file_constraints = false;
  const CliRun p = run("--model nopromo --no-file-constraints --json");
  EXPECT_EQ(p.status, 0) << p.err;
  EXPECT_NE(p.out.find("\"value\":\"" + nopromo_count(placements).get_str() + "\""), std::string::npos);
  EXPECT_NE(p.out.find("\"file_constraints\":false,\"kings_apart\":true"), std::string::npos);
}

// Return the text without its " (this run ...)" timings, which differ from run to run.
std::string without_timing(std::string text) {
  const std::size_t at = text.find(" (this run ");
  if (at != std::string::npos) text.erase(at, text.find(')', at) + 1 - at);
  return text;
}

// --sample prints the count first, then what the draws found; the JSON holds both. The same seed gives
// the same report for any number of threads.
TEST(BoundCli, NopromoSampleReportsAfterTheCount) {
  NopromoShape coarse;
  coarse.exact_costs = 2;
  const CliRun t = run("--model nopromo --exact-costs 2 --nodes 2000 --sample 30000 --seed 9 --threads 1");
  EXPECT_EQ(t.status, 0) << t.err;
  EXPECT_EQ(t.out.rfind(nopromo_count(coarse).get_str() + "\nsample: 30000 uniform placements", 0), 0u) << t.out;
  EXPECT_NE(t.out.find("seed 9 (this run "), std::string::npos) << t.out;
  EXPECT_NE(t.out.find("\npassing the default legality checks with white or black to move: "), std::string::npos);
  EXPECT_EQ(without_timing(run("--model nopromo --exact-costs 2 --nodes 2000 --sample 30000 --seed 9 --threads 2").out),
            without_timing(t.out));
  const CliRun j = run("--model nopromo --exact-costs 2 --nodes 2000 --sample 30000 --seed 9 --json");
  EXPECT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("\"exact_costs\":2,\"sample\":{\"draws\":30000,\"seed\":9,"), std::string::npos) << j.out;
  EXPECT_EQ(j.out.back(), '\n');
}

// A checkpoint is written and resumed from; one of another run is refused with one error line.
TEST(BoundCli, NopromoSampleResumesFromItsCheckpoint) {
  const testing::TempDir dir("chessrank-bound-cli");
  const std::string cp = dir.file("sample.checkpoint").string();
  const std::string args = "--model nopromo --exact-costs 2 --nodes 2000 --sample 70000 --seed 4 --checkpoint " + cp;
  const CliRun first = run(args);
  EXPECT_EQ(first.status, 0) << first.err;
  const CliRun again = run(args);
  EXPECT_EQ(again.status, 0) << again.err;
  EXPECT_NE(again.out.find(", resumed from checkpoint)"), std::string::npos) << again.out;
  EXPECT_EQ(without_timing(again.out), without_timing(first.out));
  const CliRun other = run("--model nopromo --exact-costs 2 --nodes 2000 --sample 70000 --seed 5 --checkpoint " + cp);
  EXPECT_EQ(other.status, 1);
  EXPECT_TRUE(other.out.empty());
  EXPECT_EQ(other.err, "error: checkpoint " + cp + " has seed 4, this run 5\n");
}

// A checkpoint on standard output redirected to a file (as run() does) would be written over the count
// printed there, or over it: refused before the run.
TEST(BoundCli, CheckpointOnStandardOutputIsRefused) {
  const CliRun r = run("--model nopromo --exact-costs 2 --nodes 2000 --sample 1000 --checkpoint /dev/stdout");
  EXPECT_EQ(r.status, 2);
  EXPECT_TRUE(r.out.empty()) << r.out;
  EXPECT_EQ(r.err, "error: standard output and --checkpoint name the same file ('/dev/stdout')\n");
}

// A ranking model's variants are sums of its frames: white to move is half of N, and the breakdown lists
// the frames kept, doubled for the black-to-move half, summing to the total.
TEST(BoundCli, RankingModelVariantsSumTheirFrames) {
  for (const char* name : {"v1", "cpr"}) {
    SCOPED_TRACE(name);
    const rank::RankModel& m = *rank::find_model(name);
    const CliRun half = run(std::string("--model ") + name + " --white-to-move");
    EXPECT_EQ(half.status, 0);
    EXPECT_EQ(half.out, BigInt(m.size() / 2).get_str() + "\n");
    BigInt plain = 0;
    for (int e = 0; e < rank::EnPassantCases; ++e) plain += 2 * m.frame_count(NoCastling, e);
    const CliRun no_castling = run(std::string("--model ") + name + " --no-castling --breakdown");
    EXPECT_EQ(no_castling.status, 0);
    std::istringstream lines(no_castling.out);
    std::string line, last;
    BigInt sum = 0;
    int rows = 0;
    while (std::getline(lines, line)) {
      const std::string value = line.substr(line.find('\t') + 1);
      if (line.rfind("total\t", 0) == 0) {
        last = value;
      } else {
        sum += BigInt(value);
        ++rows;
      }
    }
    EXPECT_EQ(rows, rank::EnPassantCases);
    EXPECT_EQ(sum, plain);
    EXPECT_EQ(last, plain.get_str());
  }
}

TEST(BoundCli, TableShowsReproducedAndQuotedRows) {
  const CliRun r = run("");
  EXPECT_EQ(r.status, 0);
  EXPECT_NE(r.out.find("45193640626062205213735739171550309047984050718"), std::string::npos);
  EXPECT_NE(r.out.find("8726713169886222032347729969256422370854716254"), std::string::npos);
  EXPECT_NE(r.out.find("quoted, not computed"), std::string::npos);
  std::string nopromo(" ");
  nopromo.append(nopromo_count({}).get_str()).append(" ");  // append: dodges a GCC 12 -Wrestrict false positive
  EXPECT_NE(r.out.find(nopromo), std::string::npos);
  EXPECT_NE(r.out.find("reproduced"), std::string::npos);
  // Tromp's no-promotion count is computed, and the table says it is not a proven bound.
  EXPECT_NE(r.out.find("tromp-nopromo"), std::string::npos);
  EXPECT_NE(r.out.find(" 2891398339895958031893456691621753206624 "), std::string::npos);
  EXPECT_NE(r.out.find("not a proven bound"), std::string::npos);
}

// tromp-nopromo: the recipe's count, its split by men adding up to it, and the options of positions refused.
TEST(BoundCli, TrompNopromoWithItsBreakdown) {
  const TrompNopromoResult expected = tromp_nopromo_count({});
  const CliRun r = run("--model tromp-nopromo");
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, expected.total.get_str() + "\n");
  const CliRun b = run("--model tromp-nopromo --breakdown");
  ASSERT_EQ(b.status, 0) << b.err;
  std::istringstream lines(b.out);
  BigInt sum = 0;
  int rows = 0;
  for (std::string line; std::getline(lines, line);) {
    const std::size_t tab = line.find('\t');
    ASSERT_NE(tab, std::string::npos) << line;
    if (line.substr(0, tab) == "total") {
      EXPECT_EQ(BigInt(line.substr(tab + 1)), expected.total);
      continue;
    }
    EXPECT_EQ(line.substr(0, 4), "men=") << line;
    EXPECT_EQ(BigInt(line.substr(tab + 1)), expected.by_men[std::size_t(std::stoi(line.substr(4, tab - 4)))]) << line;
    sum += BigInt(line.substr(tab + 1));
    ++rows;
  }
  EXPECT_EQ(rows, 31);  // 2 to 32 men
  EXPECT_EQ(sum, expected.total);
  const CliRun j = run("--model tromp-nopromo --json");
  ASSERT_EQ(j.status, 0) << j.err;
  EXPECT_NE(j.out.find("\"proven\":false"), std::string::npos) << j.out;
  EXPECT_EQ(j.out.find("castling"), std::string::npos) << j.out;
  const CliRun w = run("--model tromp-nopromo --white-to-move");
  EXPECT_NE(w.status, 0);
  EXPECT_NE(w.err.find("tromp-nopromo counts diagrams"), std::string::npos) << w.err;
}

// v1colours on the frame without castling or en passant, white to move (1.2 s in Release, 2 s on one
// thread): the JSON names the variant, the count lies below v1's for the same frame, by about 39%, and one
// thread finds the same. tests/bound/v1_colours_test.cpp checks the count itself.
TEST(BoundCli, V1coloursCountsTheFramesKept) {
  if (testing::Sanitized) GTEST_SKIP() << "about a minute under sanitizers; v1_colours_test runs its code there";
  const CliRun r = run("--model v1colours --no-castling --no-en-passant --white-to-move --json");
  ASSERT_EQ(r.status, 0) << r.err;
  const std::string v1 = run("--model v1 --no-castling --no-en-passant --white-to-move").out;
  const BigInt plain(v1.substr(0, v1.find('\n')));
  const std::size_t at = r.out.find("\"value\":\"") + 9;
  const BigInt coloured(r.out.substr(at, r.out.find('"', at) - at));
  EXPECT_LT(coloured, plain);
  EXPECT_GT(coloured * 2, plain);
  // One thread sums the same classes in another order: the same count.
  const CliRun one = run("--model v1colours --no-castling --no-en-passant --white-to-move --threads 1");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(BigInt(one.out.substr(0, one.out.find('\n'))), coloured);
  EXPECT_NE(r.out.find("\"model\":\"v1colours\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"castling\":false,\"en_passant\":false,\"both_sides\":false"), std::string::npos) << r.out;
}

TEST(BoundCli, BadOptionsGiveOneErrorLineAndStatusTwo) {
  for (const char* args : {"--model nosuch", "--model cpr --diagrams", "--model nopromo --breakdown", "--json",
                           "--model cpr --adjacent-kings", "--model seed2006 --exact-costs 3",
                           "--model tromp2021 --crossings", "--crossings", "--model nopromo --exact-costs 17",
                           "--model nopromo --no-file-constraints --home-pawns", "--no-such-option",
                           "--model v1 --sample 10", "--model tromp2021 --seed 3", "--sample 10",
                           "--model nopromo --sample 0", "--model nopromo --sample x", "--model nopromo --threads 2",
                           "--model nopromo --checkpoint x", "--model v1 --threads 2",
                           "--model nopromo --sample 10 --threads -1", "--model v1colours --breakdown",
                           "--model v1colours --diagrams", "--model v1colours --crossings",
                           "--model v1colours --sample 10", "--model v1colours --threads x",
                           "--model seed2006 --threads 1"}) {
    SCOPED_TRACE(args);
    const CliRun r = run(args);
    EXPECT_EQ(r.status, 2);
    EXPECT_TRUE(r.out.empty());
    EXPECT_EQ(r.err.rfind("error: ", 0), 0u);
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1);
  }
}

}  // namespace
}  // namespace chessrank::bound
