// Tests of the `v2` model against code that does not share its tables: the constraints of its list are
// judged by the tests' oracle (tests/rank/constraint_oracle.h: file and rank distances and square colours
// by parity, no attack tables), and the counts against cpr (tests/rank/material_count.h, the fraction of
// CprModel's uniform samples that v2 keeps, and v2 with every constraint of its own switched off).
#include "rank/v2_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <initializer_list>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "rank/cpr_model.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/rank/chi_square.h"
#include "tests/rank/model_checks.h"
#include "tests/rank/model_contract.h"
#include "tests/rank/order_check.h"
#include "tests/rank/v2_checks.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/or_fail.h"

namespace chessrank::rank {
namespace {

using testing::fen_or_fail;

constexpr int Scale = testing::unless_sanitized(1, 20);  // divides the work

// The model, and the progress its build reported: (pawn layers built, layers) per report.
std::vector<std::pair<std::uint64_t, std::uint64_t>> build_reports;
const V2Model& model() {
  static const V2Model m([](std::uint64_t done, std::uint64_t total) { build_reports.emplace_back(done, total); });
  return m;
}

const CprModel& cpr() {
  static const CprModel m;
  return m;
}

// v2's predicate: the en passant frames are not judged for the bishop colours nor for knights.
std::optional<Constraint> broken_constraint(const Position& p) { return testing::broken_constraint(p, true); }

bool in_v2(const Position& p) { return testing::in_set(p, testing::v2_list(p, true)); }

TEST(V2Model, IndependentPredicateMatchesTheConstraints) {
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/3kK3/8/8/8/8 w - - 0 1")), Constraint::KingsApart);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/3k4/8/4K3/8/8 w - - 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/3k4/2P5/8/8/K7 w - - 0 1")), Constraint::PawnCheck);
  // A white pawn, black to move.
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/3k4/2P5/8/8/K7 b - - 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/4N3/8/3k4/8/8/K7 w - - 0 1")), Constraint::KnightCheck);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/3N4/8/3k4/8/8/K7 w - - 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/8/3k4/4Q3/8/K7 w - - 0 1")), std::nullopt);  // no queen rule in v2
  // Two light bishops with eight pawns need a promotion the pawns cannot have made; one of each colour not.
  EXPECT_EQ(broken_constraint(fen_or_fail("4k3/8/8/8/8/8/PPPPPPPP/2B1KB2 w - - 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1")), Constraint::BishopColours);
  // A knight next to the king with an en passant square is not refused (the en passant frames).
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/2pP4/8/1k6/3N4/K7 w - c6 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/2pP4/8/1k6/3N4/K7 w - - 0 1")), Constraint::KnightCheck);
}

// The brute force of a material set (tests/rank/v2_checks.h).
void check_material(const std::vector<Piece>& men, const std::vector<Bitboard>& where = {}) {
  testing::check_v2_material(model(), true, men, where);
}

// The build's progress counts the pawn layers one by one up to all of them.
TEST(V2Model, BuildProgressCountsEveryPawnLayer) {
  model();
  ASSERT_FALSE(build_reports.empty());
  for (std::size_t i = 0; i < build_reports.size(); ++i) {
    EXPECT_EQ(build_reports[i].first, i + 1);
    EXPECT_EQ(build_reports[i].second, build_reports.size());
  }
}

TEST(V2Model, BruteForceKRvK) { check_material({WhiteKing, BlackKing, WhiteRook}); }
TEST(V2Model, BruteForceKNvK) { check_material({WhiteKing, BlackKing, WhiteKnight}); }
TEST(V2Model, BruteForceKBvK) { check_material({WhiteKing, BlackKing, WhiteBishop}); }
TEST(V2Model, BruteForceKPvK) { check_material({WhiteKing, BlackKing, WhitePawn}); }
TEST(V2Model, BruteForceKvKN) { check_material({WhiteKing, BlackKing, BlackKnight}); }
TEST(V2Model, BruteForceKvKP) { check_material({WhiteKing, BlackKing, BlackPawn}); }
TEST(V2Model, BruteForceKPvKP) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  check_material({WhiteKing, BlackKing, WhitePawn, BlackPawn});
}

// Two bishops with eight pawns: they may not stand on one colour (a promotion the pawns cannot have made).
// The pawns on their home squares, the kings anywhere, the bishops on the upper half: every pair of one
// colour is refused, every other ranks.
TEST(V2Model, BruteForceTwoBishopsWithEightPawns) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard upper = rank_bb(Rank5) | rank_bb(Rank6) | rank_bb(Rank7) | rank_bb(Rank8);
  std::vector<Piece> men{WhiteKing, BlackKing, WhiteBishop, WhiteBishop};
  std::vector<Bitboard> where{~Bitboard(0), ~Bitboard(0), upper, upper};
  for (int f = 0; f < 8; ++f) men.push_back(WhitePawn), where.push_back(square_bb(make_square(File(f), Rank2)));
  check_material(men, where);
  // And one of the refused: the reason names the colours.
  const Result<BigInt> r = model().rank(fen_or_fail("4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "not in model v2: white has 1 promoted piece but only 0 missing pawns (bishops counted by "
                       "square colour)");
}
// The larger sets the ranking issue names take minutes in Release (KQRvKR: 24 minutes of CPU, 220 MB; it
// passed on 2026-11-27): run them by hand with --gtest_also_run_disabled_tests.
TEST(V2Model, DISABLED_BruteForceKBvKN) { check_material({WhiteKing, BlackKing, WhiteBishop, BlackKnight}); }
TEST(V2Model, DISABLED_BruteForceKRvKR) { check_material({WhiteKing, BlackKing, WhiteRook, BlackRook}); }
TEST(V2Model, DISABLED_BruteForceKPPvKP) { check_material({WhiteKing, BlackKing, WhitePawn, WhitePawn, BlackPawn}); }
TEST(V2Model, DISABLED_BruteForceKQRvKR) {
  check_material({WhiteKing, BlackKing, WhiteQueen, WhiteRook, BlackRook});
}

struct V2Traits {
  static const V2Model& model() { return rank::model(); }
  static bool member(const Position& p) { return in_v2(p); }
  static void expect_block_boundaries() { testing::expect_block_boundaries(model(), Scale); }
  static constexpr std::uint64_t Seed = 2027, GameSeed = 78;
  static constexpr int FastDraws = 2000000;
  static constexpr std::uint64_t IndexDigest = 0x5e2dc886177fe6f7;
};
// Positions inside cpr but outside v2 are refused naming the broken constraint; positions that come close
// to breaking one are ranked.
TEST(V2Model, RefusesPositionsOutsideWithTheReason) {
  const testing::Verdict verdicts[] = {
      {"8/8/8/3kK3/8/8/8/8 w - - 0 1", "kings stand next to each other"},
      {"8/8/4K3/3k4/8/8/8/8 b - - 0 1", "kings stand next to each other"},
      {"r3k2r/3K4/8/8/8/8/8/8 w kq - 0 1", "kings stand next to each other"},  // a castling king
      {"8/8/8/3k4/2P5/8/8/K7 w - - 0 1", "attacked by the white pawn on c4"},
      {"k7/8/8/8/8/8/4p3/3K4 b - - 0 1", "attacked by the black pawn on e2"},
      {"8/8/4N3/8/3k4/8/8/K7 w - - 0 1", "attacked by the white knight on e6"},
      {"K7/2n5/8/8/8/8/8/4k3 b - - 0 1", "attacked by the black knight on c7"},
      {"4k3/8/8/8/8/8/PPPPPPPP/1B2KB2 w - - 0 1", "(bishops counted by square colour)"},
      {"1b2kb2/pppppppp/8/8/8/8/8/4K3 b - - 0 1", "black has 1 promoted piece"},
      // Two light bishops with seven pawns: the promotion needs one file more where a black pawn stands
      // above a white one (constraint 4 with the promotions counted by colour).
      {"rnbqkbnr/p7/PPPPPPP1/1ppppppp/8/8/8/1B1BK3 w - - 0 1",
       "the pawns need 2 files with a black pawn above a white pawn but have 1 (bishops counted by square colour)"},
      // The en passant frame: a capturer attacking the king; a knight and one-coloured bishops are let be.
      {"8/8/5k2/3pP3/8/8/8/4K3 w - d6 0 1", "attacked by the white pawn on e5"},
      {"8/8/8/3pP3/8/2k5/4N3/K7 w - d6 0 1", "in the model"},
      {"4k3/8/8/3pP3/8/8/PPPPP1PP/1B2KB2 w - d6 0 1", "in the model"},
      {"8/8/8/8/3k4/4Q3/8/K7 w - - 0 1", "in the model"},  // v2 has no queen rule
  };
  testing::expect_verdicts(model(), verdicts);
}

// Random placements, legal or not: v2 ranks exactly those that keep the cpr constraints and the
// independent predicate, refuses the others as "not in model v2", and every index it gives unranks back.
TEST(V2Model, RandomPlacementsRankExactlyWhenInTheModel) {
  testing::expect_v2_random_placements(model(), true, 5, Scale);
}

TEST(V2Model, SizeIsBelowV1AndCprAndFitsNineteenBytes) {
  EXPECT_LT(model().size(), find_model("v1")->size());
  EXPECT_LT(model().size(), cpr().size());
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e)
      EXPECT_TRUE(model().frame_size(CastlingRights(cr), e) < cpr().frame_size(CastlingRights(cr), e))
          << cr << " " << e;
  EXPECT_LT(model().size(), BigInt(1) << 152);
  // Castling pins the black king on e8 and so leaves it 1 square; without rights every square.
  for (int k = 0; k < 64; ++k) {
    EXPECT_EQ(model().king_size(BlackKingside * EnPassantCases, Square(k)) == UInt192(), k != E8) << k;
    EXPECT_FALSE(model().king_size(0, Square(k)) == UInt192()) << k;
  }
}

// Chi-square of uniformly sampled positions against the exact sizes of the model's king blocks: the
// black king's square (normal form) in each half.
TEST(V2Model, SamplesMatchExactKingSizes) {
  testing::expect_samples_match_king_sizes(model(), 100000 / Scale, 100 / Scale);
}

// The pawn classes too. Release only: labelling the blocks unranks each one's first index (917,034 in `v2`, 0.5 s).
TEST(V2Model, SamplesMatchExactPawnBlockSizes) {
  if (testing::Sanitized) GTEST_SKIP() << "labelling every block takes minutes under the sanitizers";
  testing::expect_samples_match_pawn_block_sizes(model(), 100000);
}

// The count against cpr: uniform samples of cpr kept by the independent predicate, against the king sizes.
TEST(V2Model, CprSamplesKeptByThePredicateMatchTheKingSizes) {
  testing::expect_cpr_samples_match_king_sizes(model(), cpr(), [](const Position& p) { return !broken_constraint(p); },
                                                200000 / Scale, 60 / Scale);
}

// Each constraint switched off gives a larger set, and all of v2's own off gives exactly cpr's set: the
// relaxed count (other pawn rules, classes and piece roots) against the independent cpr model.
TEST(V2Model, RelaxationsGrowAndAllOfTheirOwnOffIsCpr) {
  std::vector<std::uint64_t> done;  // the relaxed models counted, as the progress hears of them
  const auto without = model().without_each_constraint([&](std::uint64_t d, std::uint64_t total) {
    EXPECT_EQ(total, 7u);
    done.push_back(d);
  });
  EXPECT_EQ(done, (std::vector<std::uint64_t>{1, 2, 3, 4, 5, 6, 7}));
  ASSERT_EQ(without.size(), 7u);
  for (const auto& [what, size] : without) EXPECT_GT(size, model().size()) << what;
  EXPECT_EQ(without.back().second, cpr().size()) << without.back().first;
  const V2Model relaxed(V2Model::All.without(Constraint::KingsApart));
  EXPECT_FALSE(relaxed.rank(fen_or_fail("8/8/8/3kK3/8/8/8/8 w - - 0 1")).ok());  // a relaxed model only counts
  EXPECT_FALSE(relaxed.unrank(BigInt(0)).ok());
}

// Frame 0's accelerator (the packed classes, the runs found by popcount and the jump table) against the
// plain path of the other frames.
TEST(V2Model, AcceleratorMatchesThePlainPath) {
  const V2Model plain(V2Model::Edition::V2, V2Model::All, {}, FrameZero::Plain);
  testing::expect_accelerator_matches_plain_path(model(), plain, 4802, 20000 / Scale);
}

// The worked example of docs/models/v2.md, section 5.
TEST(V2Model, WorkedExampleOfItsPage) {
  testing::expect_worked_example(model(), "1605573906423155747803430459344805688919232023",
                                 "30594449115479643954289069829877801483711881",
                                 "1609642658574583841106463588173292457066635900");
}

// The model is frozen from here on (a changed index gets a new model name): these pairs must never change.
// The first six are uniform draws of seed 20261121; then the start position, en passant cases (with an
// en passant square, black to move, the first of the ranking issue's two bug reports of the 2021 program
// and its second), the first and the last index.
TEST(V2Model, FrozenVectors) {
  testing::expect_frozen(model(), "3532989189690638166366572883267820908037822922", {
      {"2896234037175831845170439953919696967516163231", "1Nn1kB2/B6R/q1rBnb2/br1PQ2b/b3BNP1/PbK2b2/1RB2P2/8 b - -"},
      {"3063093974598871963627260181724359504319075888", "3R1b2/kBpn4/PP1NR3/4Qp2/PbNq1p2/2PN1P2/K1Rnb1pB/4q2q b - -"},
      {"1739159415081522709816125517266659323939112396", "2NQb3/2p3b1/2Pr1KR1/bpPQ2B1/1Pn1Q1r1/1qp1kr2/1rN4B/n1B1Rr2 w - b6"},
      {"2368505309664779216162213850627309733999828930", "R2b1N2/3r1Q1k/1q2K1bP/1r1p1b2/5R2/PNP1rb2/1PP1r2n/B1qq2B1 b - -"},
      {"1151932551909792041668266085916236201582220790", "Kn1Nnq1B/1b1N4/R2k1rqr/R1B2n2/Qb2BNbP/1r4b1/2r2Q2/5r1Q w - -"},
      {"1428103059622262277848216844721803441500799134", "4Q3/2b2PkR/2n1qpr1/n4pB1/1R1nnQ2/2Qb2nr/3bRR1K/1B2N2R w - -"},
      {"1766494594811606665493256317033445135886043735", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"},
      {"1766436374660977033334961109107035503484238706", "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6"},
      {"3512231267644985040916486599046109150389538149", "4k3/8/8/8/2pPp3/8/8/4K3 b - d3"},
      {"1766494594826048775658027466568963607038380474", "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6"},
      {"1766494594826048775657793961877930697160631374", "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6"},
      {"0", "8/8/8/8/8/8/8/k6K w - -"},
      {"3532989189690638166366572883267820908037822921", "r3k2r/8/8/7p/2NNQqpP/ppppppB1/PPPPPPP1/RBbbKnnR b KQkq h3"},
  }, 6);
}

}  // namespace
}  // namespace chessrank::rank

namespace chessrank::testing {
INSTANTIATE_TYPED_TEST_SUITE_P(V2, ModelContract, rank::V2Traits);
}  // namespace chessrank::testing
