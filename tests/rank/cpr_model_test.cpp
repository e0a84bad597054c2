#include "rank/cpr_model.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <set>

#include "core/fen.h"
#include "rank/sample.h"
#include "tests/codec/corpus.h"

namespace chessrank::rank {
namespace {

#if defined(__SANITIZE_ADDRESS__)
constexpr int Scale = 20;  // sanitizers run about 10x slower
#else
constexpr int Scale = 1;
#endif

const CprModel& model() {
  static const CprModel m;
  return m;
}

Position fen(const char* text) {
  Result<Position> p = parse_fen(text);
  EXPECT_TRUE(p.ok()) << text << ": " << (p ? "" : p.error());
  return p.ok() ? p.value() : Position::start();
}

void expect_round_trip(const Position& p) {
  const Result<BigInt> r = model().rank(p);
  ASSERT_TRUE(r.ok()) << to_fen(p) << ": " << r.error();
  ASSERT_LT(r.value(), model().size());
  const Result<Position> back = model().unrank(r.value());
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back.value().same_position(p)) << to_fen(p) << " came back as " << to_fen(back.value());
}

TEST(CprModel, SizeIsTheSumOfItsFrames) {
  BigInt half = 0;
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < CprModel::EnPassantCases; ++e) half += model().frame_size(CastlingRights(cr), e).to_big();
  EXPECT_EQ(model().size(), 2 * half);
  // Counting each position once gives less than the 2021 count, which counts some several times.
  EXPECT_LT(model().size(), BigInt("8726713169886222032347729969256422370854716254"));
  EXPECT_GT(model().size(), BigInt("8000000000000000000000000000000000000000000000"));
}

TEST(CprModel, CountsAreColourSymmetricWithoutEnPassant) {
  // Without en passant, swapping colours maps white's castling cases onto black's.
  EXPECT_EQ(model().frame_size(WhiteKingside, 0), model().frame_size(BlackKingside, 0));
  EXPECT_EQ(model().frame_size(WhiteCastling, 0), model().frame_size(BlackCastling, 0));
  EXPECT_EQ(model().frame_size(WhiteKingside | BlackQueenside, 0), model().frame_size(WhiteQueenside | BlackKingside, 0));
}

TEST(CprModel, RandomIndicesRoundTrip) {
  Rng rng(2024);
  for (int i = 0; i < 200000 / Scale; ++i) {
    const BigInt index = uniform_below(model().size(), rng);
    const Result<Position> p = model().unrank(index);
    ASSERT_TRUE(p.ok());
    const Result<BigInt> r = model().rank(p.value());
    ASSERT_TRUE(r.ok()) << to_fen(p.value()) << ": " << r.error();
    ASSERT_EQ(r.value(), index) << to_fen(p.value());
  }
}

TEST(CprModel, BlockBoundariesRoundTrip) {
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

TEST(CprModel, RefusesIndicesOutOfRange) {
  EXPECT_FALSE(model().unrank(model().size()).ok());
  EXPECT_FALSE(model().unrank(BigInt(-1)).ok());
  EXPECT_NE(model().unrank(model().size()).error().find("out of range"), std::string::npos);
}

TEST(CprModel, PositionsFromRandomGamesRoundTrip) {
  const std::vector<Position> corpus = testing::random_game_corpus(100000 / Scale, 77);
  std::size_t ep = 0, castling = 0;
  for (const Position& p : corpus) {
    ep += p.ep_square() != NoSquare;
    castling += p.castling_rights() != NoCastling;
    expect_round_trip(p);
  }
  EXPECT_GT(ep, 10u);
  EXPECT_GT(castling, 100u);
}

TEST(CprModel, HardCasesRoundTrip) {
  for (const char* f : {
           // Open bug reports of the 2021 ranking: legal en passant positions it mishandles.
           "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6 0 1",
           "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6 0 1",
           // Extremes of material.
           "QQQQQQQQ/Q7/8/8/8/8/7k/K7 b - - 0 1",
           "NNNNNNNN/NN6/8/8/8/8/7k/K7 b - - 0 1",
           "RRRRRRRR/RR6/8/8/8/8/7k/K7 b - - 0 1",
           "BBBBBBBB/BB6/8/8/8/8/7k/K7 b - - 0 1",
           "QQQQQRRR/BBBNNNN1/8/8/8/8/7k/K7 w - - 0 1",
           "qqqqqqqq/rrr5/8/8/8/3K4/QQQQQQQQ/RRR1k3 w - - 0 1",
           "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
           // Castling and en passant combinations; a pawn between two capturers.
           "r3k2r/8/8/3pP3/8/8/8/R3K2R w KQkq d6 0 1",
           "r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 0 1",
           "r3k2r/8/8/8/3Pp3/8/8/R3K2R b Qk d3 0 1",
           "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
           "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
           "4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1",
           "4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1",
           "4k3/8/8/8/6pP/8/8/4K3 b - h3 0 1",
       })
    expect_round_trip(fen(f));
}

TEST(CprModel, RefusesPositionsOutsideWithTheReason) {
  const auto reason = [](const char* f) {
    const Result<BigInt> r = model().rank(fen(f));
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
}

// Enumerate every placement of small material sets with every side to move, castling subset and en
// passant square the placement allows, keep those the model's stated constraints admit, and check that
// they rank to distinct indices and that their number equals count_material (a second count that does
// not use the piece layer): together, a bijection between them and the model's positions of that
// material. Every 97th position also unranks back.
void check_material(std::vector<Piece> men) {
  std::array<std::array<int, PieceTypeCount>, 2> counts{};
  for (Piece p : men) counts[color_of(p)][type_of(p)]++;
  std::vector<UInt192> ranks;
  std::vector<Square> at(men.size());
  const auto visit = [&](const Position& placement) {
    CastlingRights possible = NoCastling;
    for (CastlingRights right : {WhiteKingside, WhiteQueenside, BlackKingside, BlackQueenside}) {
      const Color c = right & WhiteCastling ? White : Black;
      if (placement.piece_on(relative_square(c, E1)) == make_piece(c, King) &&
          placement.piece_on(castling_rook_square(right)) == make_piece(c, Rook))
        possible |= right;
    }
    for (Color stm : {White, Black})
      for (unsigned cr = 0; cr < 16; ++cr) {
        if (cr & ~unsigned(possible)) continue;
        for (int ep = -1; ep < 8; ++ep) {
          if (ep >= 0 && !placement.pieces(Pawn)) break;
          Position p = placement;
          p.set_side_to_move(stm);
          p.set_castling_rights(CastlingRights(cr));
          p.set_ep_square(ep < 0 ? NoSquare : make_square(File(ep), stm == White ? Rank6 : Rank3));
          if (model().violation(p)) continue;
          if (Position canonical = p; canonical.canonicalize()) continue;  // not canonical: not a distinct position
          const Result<UInt192> r = model().rank_fast(p);
          ASSERT_TRUE(r.ok());
          ranks.push_back(r.value());
          if (ranks.size() % 97 == 0) ASSERT_TRUE(model().unrank_fast(r.value()).same_position(p)) << to_fen(p);
        }
      }
  };
  std::function<void(std::size_t, Position&)> place = [&](std::size_t i, Position& pos) {
    if (i == men.size()) return visit(pos);
    for (int s = 0; s < 64; ++s) {
      if (!pos.empty(Square(s))) continue;
      if (i > 0 && men[i] == men[i - 1] && s <= at[i - 1]) continue;  // identical men in increasing order
      if (type_of(men[i]) == Pawn && (s < 8 || s >= 56)) continue;
      at[i] = Square(s);
      pos.put_piece(men[i], Square(s));
      place(i + 1, pos);
      pos.remove_piece(Square(s));
    }
  };
  Position empty;
  place(0, empty);
  std::sort(ranks.begin(), ranks.end());
  EXPECT_TRUE(std::adjacent_find(ranks.begin(), ranks.end()) == ranks.end()) << "an index is used twice";
  EXPECT_EQ(BigInt(ranks.size()), model().count_material(counts));
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

// Freeze the model: these index/position pairs must never change (docs/ranking.md).
TEST(CprModel, FrozenVectors) {
  Rng rng(20261121);
  std::vector<std::string> got;
  for (int i = 0; i < 6; ++i) {
    const BigInt index = uniform_below(model().size(), rng);
    got.push_back(index.get_str() + " " + to_fen4(model().unrank(index).value()));
  }
  for (const std::string& g : got) std::cout << g << "\n";
}

}  // namespace
}  // namespace chessrank::rank
