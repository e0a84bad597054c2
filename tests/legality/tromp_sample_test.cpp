// The labelled positions of the 2021 sample (../shared/data/tromp-923-visible.txt): every legal one and
// every position along its proof game passes the default rules (soundness), and the default rules reject
// at least 122 of its 126 illegal ones (power).
#include <cstdint>
#include <fstream>
#include <iostream>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "legality/legality.h"
#include "tests/support/build_flavour.h"
#include "tests/legality/expect_passes.h"
#include "tests/support/corpus.h"

namespace chessrank::legality {
namespace {

struct Labelled {
  std::string fen;
  bool legal = false;
  std::string proof;   // the proof game (SAN) of a legal position
  std::string reason;  // Texel's reason for an illegal one
};

std::vector<Labelled> labelled_positions() {
  std::ifstream in(std::string(CHESSRANK_SHARED_DIR) + "/data/tromp-923-visible.txt");
  std::vector<Labelled> out;
  for (std::string line; std::getline(in, line);) {
    const std::size_t legal = line.find(" legal: proof: "), illegal = line.find(" illegal: ");
    Labelled l;
    if (legal != std::string::npos) {
      l.fen = line.substr(0, legal);
      l.legal = true;
      l.proof = line.substr(legal + 15);
    } else if (illegal != std::string::npos) {
      l.fen = line.substr(0, illegal);
      l.reason = line.substr(illegal + 10);
    } else {
      ADD_FAILURE() << "unreadable line: " << line;
      continue;
    }
    out.push_back(l);
  }
  return out;
}

TEST(TrompSample, ReadsTheVisibleFile) {
  const std::vector<Labelled> all = labelled_positions();
  int legal = 0;
  for (const Labelled& l : all) legal += l.legal;
  EXPECT_EQ(all.size(), 308u);
  EXPECT_EQ(legal, 182);
}

// Every legal position of the file, and every position its proof game passes through (replayed by our
// move generator, which must accept every move and end on the position), passes the default rules.
TEST(TrompSample, ProofGamesPassEverywhere) {
  std::uint64_t judged = 0, failures = 0;
  int games = 0;
  for (const Labelled& l : labelled_positions()) {
    if (!l.legal) continue;
    if (testing::SlowBuild && games % 8 != 0) {  // a share of the games under the sanitizers
      ++games;
      continue;
    }
    ++games;
    const Result<std::vector<Position>> played = testing::play_game_positions(l.proof);
    ASSERT_TRUE(played.ok()) << l.fen << ": " << played.error();
    const Result<Position> goal = parse_fen(l.fen);
    ASSERT_TRUE(goal.ok()) << l.fen;
    EXPECT_TRUE(played->back().same_position(*goal)) << l.fen << " but the game ends on " << to_fen(played->back());
    std::vector<std::string> moves;  // expect_passes reports the game, which the proof names already
    for (const Position& p : *played) {
      ++judged;
      testing::expect_passes(p, moves, failures);
    }
  }
  EXPECT_EQ(failures, 0u);
  EXPECT_GT(judged, testing::SlowBuild ? 3500u : 30000u);
}

TEST(TrompSample, RejectsAtLeast122OfThe126Illegal) {
  int rejected = 0, illegal = 0;
  std::map<std::string, int> by_check;
  for (const Labelled& l : labelled_positions()) {
    if (l.legal) continue;
    ++illegal;
    const Result<Position> pos = parse_fen(l.fen);
    ASSERT_TRUE(pos.ok()) << l.fen;
    const Verdict v = judge(*pos, RuleSet::Default, false);
    if (v.passes()) continue;
    ++rejected;
    ++by_check[check_names(RuleSet::Default)[std::size_t(v.check)]];
  }
  EXPECT_EQ(illegal, 126);
  EXPECT_GE(rejected, 122);
  std::cout << "rejected " << rejected << " of " << illegal << ":";
  for (const auto& [name, n] : by_check) std::cout << " " << name << " " << n << ";";
  std::cout << '\n';
}

}  // namespace
}  // namespace chessrank::legality
