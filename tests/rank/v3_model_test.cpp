// Tests of the `v3` model: `v2` without its en passant exceptions. As for `v2`, its constraints are checked
// by a predicate of its own (tests/rank/v2_checks.h, without the exceptions) and its counts against CprModel;
// its frames without an en passant square against `v2`'s, which they equal, and its en passant frames
// against uniform draws of `v2`'s judged by the predicate.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "rank/cpr_model.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "rank/v2_model.h"
#include "tests/rank/chi_square.h"
#include "tests/rank/model_checks.h"
#include "tests/rank/model_contract.h"
#include "tests/rank/v2_checks.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/or_fail.h"

namespace chessrank::rank {
namespace {

using testing::fen_or_fail;

constexpr int Scale = testing::unless_sanitized(1, 20);  // divides the work

const V3Model& model() {
  static const V3Model m;
  return m;
}

const V2Model& v2() {
  static const V2Model m;
  return m;
}

const CprModel& cpr() {
  static const CprModel m;
  return m;
}

std::optional<Constraint> broken_constraint(const Position& p) { return testing::broken_constraint(p, false); }

bool in_v3(const Position& p) { return testing::in_set(p, testing::v2_list(p, false)); }

void check_material(const std::vector<Piece>& men, const std::vector<Bitboard>& where = {}) {
  testing::check_v2_material(model(), false, men, where);
}

TEST(V3Model, IndependentPredicateJudgesTheEnPassantFramesToo) {
  // A knight next to the king, with and without an en passant square: refused both times.
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/2pP4/8/1k6/3N4/K7 w - c6 0 1")), Constraint::KnightCheck);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/2pP4/8/1k6/3N4/K7 w - - 0 1")), Constraint::KnightCheck);
  EXPECT_EQ(testing::broken_constraint(fen_or_fail("8/8/8/2pP4/8/1k6/3N4/K7 w - c6 0 1"), true), std::nullopt);
  // Two light bishops with eight pawns, one of them the en passant capturer.
  EXPECT_EQ(broken_constraint(fen_or_fail("4k3/8/8/3pP3/8/8/PPPP1PPP/1B2KB2 w - d6 0 1")), Constraint::BishopColours);
  EXPECT_EQ(broken_constraint(fen_or_fail("4k3/8/8/3pP3/8/8/PPPP1PPP/2B1KB2 w - d6 0 1")), std::nullopt);
  EXPECT_EQ(broken_constraint(fen_or_fail("8/8/8/3k4/8/4K3/8/8 w - - 0 1")), std::nullopt);
}

TEST(V3Model, BruteForceKNvK) { check_material({WhiteKing, BlackKing, WhiteKnight}); }
TEST(V3Model, BruteForceKBvK) { check_material({WhiteKing, BlackKing, WhiteBishop}); }
TEST(V3Model, BruteForceKPvK) { check_material({WhiteKing, BlackKing, WhitePawn}); }
TEST(V3Model, BruteForceKvKP) { check_material({WhiteKing, BlackKing, BlackPawn}); }
TEST(V3Model, BruteForceKPvKP) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  check_material({WhiteKing, BlackKing, WhitePawn, BlackPawn});
}

// The en passant frames with knights: an en passant pair on d5 and e5 (or d4 and e4), each king and each
// knight anywhere. Every knight on a knight square of the king of the side not to move is refused.
TEST(V3Model, BruteForceKnightsBesideAnEnPassantPair) {
  const Bitboard any = ~Bitboard(0);
  check_material({WhiteKing, BlackKing, WhiteKnight, WhitePawn, BlackPawn},
                 {any, any, any, square_bb(E5), square_bb(D5)});
  check_material({WhiteKing, BlackKing, BlackKnight, WhitePawn, BlackPawn},
                 {any, any, any, square_bb(E4), square_bb(D4)});
}

// The en passant frames with bishops by colour: eight white pawns, one of them the capturer on e5 beside a
// black pawn on d5, and two white bishops on the upper half. Every pair of one colour is refused, with and
// without the en passant square.
TEST(V3Model, BruteForceTwoBishopsWithEightPawnsAndEnPassant) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  const Bitboard upper = rank_bb(Rank5) | rank_bb(Rank6) | rank_bb(Rank7) | rank_bb(Rank8);
  std::vector<Piece> men{WhiteKing, BlackKing, WhiteBishop, WhiteBishop, BlackPawn};
  std::vector<Bitboard> where{~Bitboard(0), ~Bitboard(0), upper, upper, square_bb(D5)};
  // Identical men stand on increasing squares: the pawns of rank 2 before the one on e5.
  for (int f = 0; f < 8; ++f)
    if (f != 4) men.push_back(WhitePawn), where.push_back(square_bb(make_square(File(f), Rank2)));
  men.push_back(WhitePawn), where.push_back(square_bb(E5));
  check_material(men, where);
  const Result<BigInt> r = model().rank(fen_or_fail("4k3/8/8/3pP3/8/8/PPPP1PPP/1B2KB2 w - d6 0 1"));
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), "not in model v3: white has 1 promoted piece but only 0 missing pawns (bishops counted by "
                       "square colour)");
}

// Larger sets with en passant and the pieces v3 judges there take minutes in Release (11-12 minutes each for
// the first three, 4.5 for KPPvKP; all passed on 2026-11-27): run them by hand with
// --gtest_also_run_disabled_tests.
TEST(V3Model, DISABLED_BruteForceKNPvKP) {
  check_material({WhiteKing, BlackKing, WhiteKnight, WhitePawn, BlackPawn});
}
TEST(V3Model, DISABLED_BruteForceKPvKNP) {
  check_material({WhiteKing, BlackKing, BlackKnight, WhitePawn, BlackPawn});
}
TEST(V3Model, DISABLED_BruteForceKBPvKP) {
  check_material({WhiteKing, BlackKing, WhiteBishop, WhitePawn, BlackPawn});
}
TEST(V3Model, DISABLED_BruteForceKPPvKP) { check_material({WhiteKing, BlackKing, WhitePawn, WhitePawn, BlackPawn}); }

struct V3Traits {
  static const V3Model& model() { return rank::model(); }
  static bool member(const Position& p) { return in_v3(p); }
  static void expect_block_boundaries() { testing::expect_block_boundaries(model(), Scale); }
  static constexpr std::uint64_t Seed = 3027, GameSeed = 79;
  static constexpr int FastDraws = 1000000;
  static constexpr std::uint64_t IndexDigest = 0x9c6af5f664c839e4;
};
// What v2 lets be in its en passant frames, v3 refuses with the reason; the rest of v2's refusals stand.
TEST(V3Model, RefusesPositionsOutsideWithTheReason) {
  const std::pair<testing::Verdict, bool> cases[] = {  // v3's verdict, and whether v2 ranks the position
      {{"8/8/8/3pP3/8/2k5/4N3/K7 w - d6 0 1", "attacked by the white knight on e2"}, true},
      {{"K7/2n5/8/8/3Pp3/8/8/4k3 b - d3 0 1", "attacked by the black knight on c7"}, true},
      {{"4k3/8/8/3pP3/8/8/PPPPP1PP/1B2KB2 w - d6 0 1", "(bishops counted by square colour)"}, true},
      {{"8/8/8/3kK3/8/8/8/8 w - - 0 1", "kings stand next to each other"}, false},
      {{"8/8/5k2/3pP3/8/8/8/4K3 w - d6 0 1", "attacked by the white pawn on e5"}, false},
      {{"8/8/8/3pP3/8/2k5/8/K3N3 w - d6 0 1", "in the model"}, true},
      {{"4k3/8/8/3pP3/8/8/PPPPP1PP/2B1KB2 w - d6 0 1", "in the model"}, true},
  };
  std::vector<testing::Verdict> verdicts;
  for (const auto& [verdict, in_v2] : cases) {
    verdicts.push_back(verdict);
    EXPECT_EQ(v2().rank(fen_or_fail(verdict.fen)).ok(), in_v2) << verdict.fen;
  }
  testing::expect_verdicts(model(), verdicts);
}

TEST(V3Model, RandomPlacementsRankExactlyWhenInTheModel) {
  testing::expect_v2_random_placements(model(), false, 6, Scale);
}

// Return the first index of each frame of a model's white-to-move half.
std::vector<BigInt> frame_starts(const RankModel& m) {
  std::vector<BigInt> starts(Frames + 1, BigInt(0));
  for (int f = 0; f < Frames; ++f)
    starts[f + 1] = starts[f] + m.frame_count(CastlingRights(f / EnPassantCases), f % EnPassantCases);
  return starts;
}

// v3 ranks each frame without an en passant square as v2 does: the same size to the last digit, and the same
// position at each place in it. Its en passant frames are smaller.
TEST(V3Model, FramesWithoutEnPassantAreV2sAndTheOthersSmaller) {
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) {
      const UInt192 a = model().frame_size(CastlingRights(cr), e), b = v2().frame_size(CastlingRights(cr), e);
      if (e == 0) EXPECT_TRUE(a == b) << cr;
      else EXPECT_TRUE(a < b) << cr << " " << e;
    }
  EXPECT_LT(model().size(), v2().size());
  EXPECT_LT(model().size(), BigInt(1) << 152);
  const std::vector<BigInt> at3 = frame_starts(model()), at2 = frame_starts(v2());
  Rng rng(19);
  for (int f = 0; f < Frames; f += EnPassantCases) {
    const BigInt size = at3[f + 1] - at3[f];
    for (int i = 0; i < 200 / Scale; ++i) {
      const BigInt r = uniform_below(size, rng);
      const Result<Position> a = model().unrank(at3[f] + r), b = v2().unrank(at2[f] + r);
      ASSERT_TRUE(a.ok() && b.ok());
      EXPECT_TRUE(a->same_position(*b)) << "frame " << f << ": " << to_fen(*a) << " against " << to_fen(*b);
    }
  }
}

TEST(V3Model, SamplesMatchExactKingSizes) {
  testing::expect_samples_match_king_sizes(model(), 100000 / Scale, 100 / Scale);
}

// The pawn classes too. Release only: labelling the blocks unranks each one's first index (917,034 in `v2`, 0.5 s).
TEST(V3Model, SamplesMatchExactPawnBlockSizes) {
  if (testing::Sanitized) GTEST_SKIP() << "labelling every block takes minutes under the sanitizers";
  testing::expect_samples_match_pawn_block_sizes(model(), 100000);
}

// v2's en passant frames drawn uniformly and judged by the predicate: the share kept in each en passant case
// matches v3's exact sizes (chi-square). The counts of the part v3 adds to v2, against the predicate.
TEST(V3Model, V2EnPassantDrawsKeptByThePredicateMatchTheSizes) {
  struct Span {
    BigInt first, size;
    int ep;
  };
  std::vector<Span> spans;  // v2's en passant frames in the white-to-move half
  BigInt v2_ep = 0;
  std::vector<BigInt> v3_case(EnPassantCases, BigInt(0));
  const std::vector<BigInt> at = frame_starts(v2());
  for (int f = 0; f < Frames; ++f) {
    const int e = f % EnPassantCases;
    if (!e) continue;
    spans.push_back({at[f], at[f + 1] - at[f], e});
    v2_ep += spans.back().size;
    v3_case[e] += model().frame_count(CastlingRights(f / EnPassantCases), e);
  }
  const int draws = 100000 / Scale;
  std::vector<double> observed(EnPassantCases), expected(EnPassantCases);
  Rng rng(17);
  for (int i = 0; i < draws; ++i) {
    BigInt r = uniform_below(v2_ep, rng);
    const Span* s = spans.data();
    while (r >= s->size) r -= s->size, ++s;
    const Result<Position> p = v2().unrank(s->first + r);
    ASSERT_TRUE(p.ok()) << p.error();
    ASSERT_NE(p->ep_square(), NoSquare) << to_fen(*p);
    observed[in_v3(*p) ? s->ep : 0]++;
  }
  BigInt v3_ep = 0;
  for (int e = 1; e < EnPassantCases; ++e) {
    expected[e] = draws * v3_case[e].get_d() / v2_ep.get_d();
    v3_ep += v3_case[e];
  }
  expected[0] = draws * BigInt(v2_ep - v3_ep).get_d() / v2_ep.get_d();
  int cells = 0;
  const double chi2 = testing::chi_square(observed, expected, cells);
  ASSERT_EQ(cells, EnPassantCases);
  // Chi-square at p = 0.001 for 14 degrees of freedom is 36.1.
  EXPECT_LT(chi2, 36.1) << cells << " cells; kept " << draws - observed[0] << " of " << draws << ", expected "
                        << draws - expected[0];
}

TEST(V3Model, RelaxationsGrowAndAllOfTheirOwnOffIsCpr) {
  if (Scale > 1) GTEST_SKIP() << "seven builds of v3: too slow under sanitizers";
  const auto without = model().without_each_constraint();
  ASSERT_EQ(without.size(), 7u);
  for (const auto& [what, size] : without) EXPECT_GT(size, model().size()) << what;
  EXPECT_EQ(without.back().second, cpr().size()) << without.back().first;
}

// The worked example of docs/models/v3.md, section 4: v2's index in frame 0 of the first half, not in the second.
TEST(V3Model, WorkedExampleOfItsPage) {
  const Position white = fen_or_fail("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  const Position black = fen_or_fail("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(model().rank_fast(white).value().to_big(), BigInt("1609642658574583841106463588173292457066635900"));
  EXPECT_EQ(model().rank_fast(white).value(), v2().rank_fast(white).value());
  EXPECT_EQ(model().rank_fast(black).value(), model().rank_fast(white).value() + model().half_size());
  EXPECT_NE(model().rank_fast(black).value(), v2().rank_fast(black).value());
}

// The model is frozen from here on (a changed index gets a new model name): these pairs must never change.
// The first six are uniform draws of seed 20261121 (the indices of v2's: the two sizes have the same bit
// length, so the rejection sampler makes the same draws); then the start position, en passant cases (with an
// en passant square, black to move, the ranking issue's two bug reports of the 2021 program, a knight and a
// pair of bishops where the en passant frames now count them), the first and the last index.
TEST(V3Model, FrozenVectors) {
  testing::expect_frozen(model(), "3506067228105877774750006691443740775569410334", {
      {"2896234037175831845170439953919696967516163231", "B2q2R1/2q2N1p/pRn1B1nQ/1b3QN1/8/1bKNN2q/1PpB2q1/r1k3b1 b - -"},
      {"3063093974598871963627260181724359504319075888", "2brBr2/Qr5q/3r1N2/2B2Nbn/RR1pp1kP/5Qnr/1K1qq1Q1/5Nb1 b - -"},
      {"1739159415081522709816125517266659323939112396", "1b3qk1/N6B/1K2P1QQ/2pPn2N/PB2q2B/q7/1p1B1nrR/R1rn1bq1 w - c6"},
      {"2368505309664779216162213850627309733999828930", "Q3Q1r1/8/1n1qQK1r/1R2B3/3br3/kRnB1r2/nPR1b3/RqnRqN1N b - -"},
      {"1151932551909792041668266085916236201582220790", "Kn1Nnq1B/1b1N4/R2k1rqr/R1B2n2/Qb2BNbP/1r4b1/2r2Q2/5r1Q w - -"},
      {"1428103059622262277848216844721803441500799134", "4Q3/2b2PkR/2n1qpr1/n4pB1/1R1nnQ2/2Qb2nr/3bRR1K/1B2N2R w - -"},
      {"1753033614036776538006157669751745827188575747", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"},
      {"1752975852051996002699879155483290204538677157", "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6"},
      {"3493058613764074939791583674462200632903126227", "4k3/8/8/8/2pPp3/8/8/4K3 b - d3"},
      {"1753033614043676196833980945301901242454418843", "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6"},
      {"1753033614043676196833935926542295222372169606", "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6"},
      {"1740385377983645375025630593703589170954171018", "8/8/8/3pP3/8/2k5/8/K3N3 w - d6"},
      {"1740919864108169297916475867485508606086770214", "4k3/8/8/3pP3/8/8/PPPPP1PP/2B1KB2 w - d6"},
      {"0", "8/8/8/8/8/8/8/k6K w - -"},
      {"3506067228105877774750006691443740775569410333", "r3k2r/8/7p/p3p3/1p3NpP/PNppPpQ1/qPPPBPP1/RbBnKnbR b KQkq h3"},
  }, 6);
}

}  // namespace
}  // namespace chessrank::rank

namespace chessrank::testing {
INSTANTIATE_TYPED_TEST_SUITE_P(V3, ModelContract, rank::V3Traits);
}  // namespace chessrank::testing
