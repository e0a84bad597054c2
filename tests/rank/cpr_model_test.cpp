#include "rank/cpr_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <memory>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/rank/constraint_oracle.h"
#include "tests/rank/material_count.h"
#include "tests/rank/model_checks.h"
#include "tests/rank/model_contract.h"
#include "tests/rank/members.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/or_fail.h"

namespace chessrank::rank {
namespace {

using testing::fen_or_fail;

constexpr int Scale = testing::unless_sanitized(1, 20);  // divides the work

const CprModel& model() {
  static const CprModel m;
  return m;
}

TEST(CprModel, SizeIsTheSumOfItsFrames) {
  BigInt half = 0;
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) half += model().frame_size(CastlingRights(cr), e).to_big();
  EXPECT_EQ(model().size(), 2 * half);
  // Counting each position once gives less than the 2021 count, which counts some several times.
  EXPECT_LT(model().size(), BigInt("8726713169886222032347729969256422370854716254"));
  EXPECT_GT(model().size(), BigInt("8000000000000000000000000000000000000000000000"));
}

// The registry: find_model keeps one model per name for the process, make_model builds one for its caller
// alone, and both know the same names (the default first).
TEST(ModelRegistry, FindKeepsOneModelAndMakeBuildsAnother) {
  EXPECT_EQ(model_names().front(), DefaultModel);
  EXPECT_EQ(find_model("v9"), nullptr);
  EXPECT_EQ(make_model("v9"), nullptr);
  const RankModel* kept = find_model("cpr");
  ASSERT_NE(kept, nullptr);
  EXPECT_EQ(find_model("cpr"), kept);
  const std::unique_ptr<const RankModel> made = make_model("cpr");
  ASSERT_NE(made, nullptr);
  EXPECT_NE(made.get(), kept);
  EXPECT_EQ(made->name(), "cpr");
  EXPECT_EQ(made->size(), kept->size());
  EXPECT_EQ(made->size(), model().size());
}

TEST(CprModel, CountsAreColourSymmetricWithoutEnPassant) {
  // Without en passant, swapping colours maps white's castling cases onto black's.
  EXPECT_EQ(model().frame_size(WhiteKingside, 0), model().frame_size(BlackKingside, 0));
  EXPECT_EQ(model().frame_size(WhiteCastling, 0), model().frame_size(BlackCastling, 0));
  EXPECT_EQ(model().frame_size(WhiteKingside | BlackQueenside, 0),
            model().frame_size(WhiteQueenside | BlackKingside, 0));
}

// cpr's blocks do not follow the other models' block key (testing::block_key: one key a block fails): its
// boundaries, the indices next to them and half the model further on round-trip.
void expect_cpr_block_boundaries() {
  std::vector<BigInt> indices{0, model().size() - 1};
  for (const UInt192& start : model().block_starts()) {
    const BigInt s = start.to_big();
    for (const BigInt& i : {s, BigInt(s - 1), BigInt(s + 1), BigInt(s + model().size() / 2)})
      if (i >= 0 && i < model().size()) indices.push_back(i);
  }
  for (std::size_t k = 0; k < indices.size(); k += Scale) {
    const Result<Position> p = model().unrank(indices[k]);
    ASSERT_TRUE(p.ok());
    const Result<BigInt> r = model().rank(p.value());
    ASSERT_TRUE(r.ok()) << to_fen(p.value()) << ": " << r.error();
    ASSERT_EQ(r.value(), indices[k]);
  }
}

// A hard case cpr alone has (besides the contract's): the black king in check from rooks and next to queens.
TEST(CprModel, KingInCheckNextToQueensRoundTrips) {
  testing::expect_rank_round_trip(model(), fen_or_fail("qqqqqqqq/rrr5/8/8/8/3K4/QQQQQQQQ/RRR1k3 w - - 0 1"));
}

struct CprTraits {
  static const CprModel& model() { return rank::model(); }
  static bool member(const Position& p) { return testing::in_set(p, CprModel::All); }
  static void expect_block_boundaries() { expect_cpr_block_boundaries(); }
  static constexpr std::uint64_t Seed = 2024, GameSeed = 77;
  static constexpr int FastDraws = 2000000;
  static constexpr std::uint64_t IndexDigest = 0x7cc51997e0212327;
};

TEST(CprModel, RefusesPositionsOutsideWithTheReason) {
  const auto reason = [](const char* f) {
    const Result<BigInt> r = model().rank(fen_or_fail(f));
    return r.ok() ? std::string("in the model") : r.error();
  };
  EXPECT_EQ(reason("k7/8/8/8/8/QQQQ4/PPPPPP2/K7 w - - 0 1"),
            "not in model cpr: white has 3 promoted pieces but only 2 missing pawns");
  EXPECT_EQ(reason("rnbqkbnr/pppppppp/8/8/8/7Q/PPPPPPP1/RNBQKBNR w - - 0 1"),
            "not in model cpr: white has 1 promoted piece but black lost only 0 pawns and only 0 captures were made");
  // Sixteen pawns and all pieces but one: 1 capture, so 16 + 0 - 8 - 1 = 7 opposed files are needed, and
  // white pawns above black ones oppose none.
  EXPECT_EQ(reason("rnbqkbn1/8/PPPPPPPP/8/pppppppp/8/8/RNBQKBNR w - - 0 1"),
            "not in model cpr: the pawns need 7 files with a black pawn above a white pawn but have 0");
  EXPECT_EQ(reason("4k3/8/8/8/8/P7/PPPPPPPP/4K3 w - - 0 1"),
            "not in model cpr: white has 9 pawns, more than the 8 a side starts with");
}

// A position built by hand with values or men no FEN parser lets through (a library user's) is refused by
// every model with what is wrong, not indexed.
TEST(ModelRegistry, EveryModelRefusesHandBuiltPositionsWithTheReason) {
  const Position kings = fen_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 0 1");
  const auto with = [&](auto&& change) {
    Position p = kings;
    change(p);
    return p;
  };
  const std::pair<Position, std::string> odd[] = {
      {with([](Position& p) { p.set_castling_rights(CastlingRights(0x10)); }), "castling rights hold bits beyond KQkq"},
      {with([](Position& p) { p.set_side_to_move(Color(7)); }), "the side to move is neither white nor black"},
      {with([](Position& p) { p.set_ep_square(Square(70)); }), "en passant square out of range"},
      {with([](Position& p) { p.put_piece(WhiteKing, A1); }), "white has 2 kings"},
      {with([](Position& p) { p.remove_piece(E8); }), "black has no king"},
      {with([](Position& p) { p.put_piece(BlackPawn, C1); }), "pawn on c1"},
      {with([](Position& p) { p.set_castling_rights(WhiteQueenside); }),
       "castling right Q without the white king on e1 and rook on a1"},
      {with([](Position& p) { p.set_ep_square(D3); }), "en passant square d3 is not on rank 6 with white to move"},
      {with([](Position& p) { p.set_ep_square(D6); }), "en passant square d6 without a black pawn on d5"},
      {with([](Position& p) {
         p.put_piece(BlackPawn, D5), p.put_piece(WhitePawn, E5), p.put_piece(BlackKnight, D7), p.set_ep_square(D6);
       }),
       "en passant square d6 but d6 and d7 are not both empty"},
      {with([](Position& p) { p.put_piece(BlackPawn, D5), p.set_ep_square(D6); }),
       "en passant square d6 but no white pawn stands beside d5"},
  };
  // Under the sanitizers `cpr` and the default: the others' tables take seconds to build there, and their
  // refusals are cpr_violation's too.
  std::vector<std::string> names = model_names();
  if (testing::Sanitized) names = {"cpr", std::string(DefaultModel)};
  for (const auto& [position, why] : odd)
    for (const std::string& name : names) {
      const Result<BigInt> r = find_model(name)->rank(position);
      ASSERT_FALSE(r.ok()) << name << ": " << why;
      EXPECT_EQ(r.error(), "not in model " + name + ": " + why);
    }
}

// A relaxed model counts a larger set and refuses to rank or unrank, as a relaxed v1 model does.
TEST(CprModel, RelaxedModelOnlyCounts) {
  const CprModel relaxed(CprModel::All.without(Constraint::CaptureAccounting));
  EXPECT_GT(relaxed.size(), model().size());
  const Result<Position> p = relaxed.unrank(BigInt(0));
  ASSERT_FALSE(p.ok());
  EXPECT_EQ(p.error(), "a relaxed cpr model only counts");
  EXPECT_FALSE(relaxed.rank(fen_or_fail("4k3/8/8/8/8/8/8/4K3 w - - 0 1")).ok());
}

// Enumerate every placement of small material sets with every side to move, castling subset and en
// passant square the placement allows, keep those the model's stated constraints admit, and check that
// they rank to distinct indices and that their number equals cpr_material_count (a second count that does
// not use the model, tests/rank/material_count.h): together, a bijection between them and the model's
// positions of that material. Every 97th position also unranks back.
void check_material(const std::vector<Piece>& men) {
  std::array<std::array<int, PieceTypeCount>, 2> counts{};
  for (Piece p : men) counts[color_of(p)][type_of(p)]++;
  std::vector<UInt192> ranks;
  for (Color stm : {White, Black})
    testing::for_each_member([](const Position& p) { return !model().violation(p); }, men, stm, [&](const Position& p) {
      const Result<UInt192> r = model().rank_fast(p);
      ASSERT_TRUE(r.ok()) << to_fen(p);
      ranks.push_back(r.value());
      if (ranks.size() % 97 == 0) {
        ASSERT_TRUE(model().unrank_fast(r.value()).same_position(p)) << to_fen(p);
      }
    });
  std::sort(ranks.begin(), ranks.end());
  EXPECT_TRUE(std::adjacent_find(ranks.begin(), ranks.end()) == ranks.end()) << "an index is used twice";
  EXPECT_EQ(BigInt(ranks.size()), testing::cpr_material_count(counts));
  EXPECT_GT(ranks.size(), 0u);
}

TEST(CprModel, BruteForceKRvK) { check_material({WhiteKing, BlackKing, WhiteRook}); }
TEST(CprModel, BruteForceKPvK) { check_material({WhiteKing, BlackKing, WhitePawn}); }
TEST(CprModel, BruteForceKRvKR) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  check_material({WhiteKing, BlackKing, WhiteRook, BlackRook});
}
TEST(CprModel, BruteForceKPvKP) {
  if (Scale > 1) GTEST_SKIP() << "too slow under sanitizers";
  check_material({WhiteKing, BlackKing, WhitePawn, BlackPawn});
}

// The worked example of docs/models/cpr.md, section 4: Ke1, Pe2 against Ke8, white to move, taken through the
// levels by hand. Frame 0 starts at 0; block (1, 0, 0) starts after the blocks before it; one white pawn has
// 48 placements, and those with the pawn on f, g or h (18) come before e2, the e-file's first; the white king
// has 4 free squares below e1, the black king 58 of the 62 left below e8 (a1..h8 less e1 and e2).
TEST(CprModel, WorkedExampleOfItsPage) {
  UInt192 block_start;
  for (int b = 0; b < (1 * 9 + 0) * 9 + 0; ++b) block_start += model().block_size(0, b / 81, b / 9 % 9, b % 9);
  const std::uint64_t pawn_count = 48, pawn_rank = 3 * 6, piece_rank = 58 * 63 + 4;
  const UInt192 expected = block_start + UInt192(piece_rank * pawn_count + pawn_rank);
  EXPECT_EQ(expected.to_big(), BigInt("531329450372426989498323728724884734357738722"));
  EXPECT_EQ(model().rank_fast(fen_or_fail("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).value(), expected);
  EXPECT_EQ(model().rank_fast(fen_or_fail("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1")).value(), expected + model().half_size());
}

// Freeze the model: these index/position pairs must never change (docs/ranking.md). They were taken
// from the model as first released: six uniform indices (pcg64 seed 20261121), the start position, a
// castling + en passant case and a black-to-move en passant case. Check both directions.
TEST(CprModel, FrozenVectors) {
  testing::expect_frozen(model(), "8605049631842105183455061937414747080332654546", {
      {"4742796153924153068220954108897247796323105968", "1b6/Nkq2nB1/1Nq3nb/2q1NP2/KBr1B3/3P1Qr1/2q1nRNP/2BRr3 b - -"},
      {"2896234037175831845170439953919696967516163231", "bBB1r1B1/1p1BqpRK/NP2Q3/q1pQ2R1/3pPrn1/k2Q4/Q6Q/4n2b w - -"},
      {"7448150185905362234049269395064639869470098892", "1R5b/RN1nQnR1/1q2Kb1P/2Npn3/1B1RBr1p/rkp4q/4R1B1/5R1R b - -"},
      {"8077496080488618740395357728425290279530815426", "N7/PQpn3R/B1Pr3P/n1N1Q1kq/2PBR1b1/b2P4/pp2r3/q2n2bK b - -"},
      {"1151932551909792041668266085916236201582220790", "Br6/3Q1rp1/3Q1Q2/B1B2KN1/1n1P4/R1B2r1p/1nkNr1Qq/3N1bbR w - -"},
      {"7137093830446101802081360722519783987031785630", "1kqr2bq/pp4bQ/PR3PqN/1n1B1N2/4qQ1R/nP1N3n/3r4/B1n1K2r b - -"},
      {"4302524815885621172380177994326297248941671235", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"},
      {"4302385638344796501931775617362176148015938970", "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6"},
      {"8571553442544620021697095803204031275835901328", "4k3/8/8/8/2pPp3/8/8/4K3 b - d3"},
  }, 6);
}

}  // namespace
}  // namespace chessrank::rank

namespace chessrank::testing {
INSTANTIATE_TYPED_TEST_SUITE_P(Cpr, ModelContract, rank::CprTraits);
}  // namespace chessrank::testing
