// Legal move generation against a slow reference (pseudo-legal moves filtered by making them), plus the
// classic edge cases named one by one.
#include "core/movegen.h"

#include <algorithm>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/or_fail.h"
#include "tests/support/random_placement.h"

namespace chessrank {
namespace {

using testing::fen_or_fail;

constexpr int RandomGames = testing::unless_sanitized(1500, 100);
constexpr int RandomPlacements = testing::unless_sanitized(200000, 20000);

// Generate pseudo-legal moves square by square, then keep those after which our king is not attacked. The
// enemy king is never taken (it can be, only in the illegal positions parse_fen accepts).
std::vector<Move> reference_moves(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  const Bitboard occ = pos.pieces();
  std::vector<Move> pseudo;
  for (int si = 0; si < SquareCount; ++si) {
    const Square from = Square(si);
    const Piece p = pos.piece_on(from);
    if (p == NoPiece || color_of(p) != us) continue;
    if (type_of(p) != Pawn) {
      for (Bitboard to = attacks(type_of(p), from, occ) & ~pos.pieces(us) & ~pos.pieces(them, King); to;)
        pseudo.emplace_back(from, pop_lsb(to));
      continue;
    }
    std::vector<Square> dests;
    const int fwd = us == White ? 8 : -8;
    const Square one = Square(si + fwd);
    if (pos.empty(one)) {
      dests.push_back(one);
      const Square two = Square(si + 2 * fwd);
      if (relative_rank(us, from) == Rank2 && pos.empty(two)) dests.push_back(two);
    }
    for (Bitboard to = pawn_attacks(us, from) & pos.pieces(them) & ~pos.pieces(them, King); to;)
      dests.push_back(pop_lsb(to));
    for (Square to : dests) {
      if (relative_rank(us, to) == Rank8) {
        for (PieceType pt : {Knight, Bishop, Rook, Queen}) pseudo.emplace_back(from, to, MoveKind::Promotion, pt);
      } else {
        pseudo.emplace_back(from, to);
      }
    }
    if (pos.ep_square() != NoSquare && (pawn_attacks(us, from) & square_bb(pos.ep_square())))
      pseudo.emplace_back(from, pos.ep_square(), MoveKind::EnPassant);
  }
  // Castling: rights, empty squares between king and rook, king not in check nor passing attacked squares.
  const Square ksq = pos.king_square(us);
  const Square e1 = relative_square(us, E1);
  if (ksq == e1 && !pos.attacked_by(them, e1)) {
    const Square f1 = relative_square(us, F1), g1 = relative_square(us, G1);
    const Square d1 = relative_square(us, D1), c1 = relative_square(us, C1), b1 = relative_square(us, B1);
    if (pos.can_castle(us == White ? WhiteKingside : BlackKingside) && pos.empty(f1) && pos.empty(g1) &&
        !pos.attacked_by(them, f1) && !pos.attacked_by(them, g1))
      pseudo.emplace_back(e1, g1, MoveKind::Castling);
    if (pos.can_castle(us == White ? WhiteQueenside : BlackQueenside) && pos.empty(d1) && pos.empty(c1) &&
        pos.empty(b1) && !pos.attacked_by(them, d1) && !pos.attacked_by(them, c1))
      pseudo.emplace_back(e1, c1, MoveKind::Castling);
  }
  std::vector<Move> legal;
  for (const Move m : pseudo) {
    Position child = pos;
    UndoInfo undo;
    child.do_move(m, undo);
    if (!child.attacked_by(them, child.king_square(us))) legal.push_back(m);
  }
  return legal;
}

std::vector<std::uint16_t> sorted_raw(const std::vector<Move>& moves) {
  std::vector<std::uint16_t> raw;
  for (const Move m : moves) raw.push_back(m.raw());
  std::sort(raw.begin(), raw.end());
  return raw;
}

std::vector<std::uint16_t> sorted_raw(const MoveList& list) {
  return sorted_raw(std::vector<Move>(list.begin(), list.end()));
}

TEST(MoveGen, MatchesReferenceOverRandomGames) {
  const char* const starts[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
      "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
  };
  std::mt19937_64 rng(99);
  int positions = 0, with_ep = 0, in_check = 0;
  for (int g = 0; g < RandomGames; ++g) {
    Position pos = fen_or_fail(starts[g % 5]);
    const int plies = int(rng() % 100);
    for (int ply = 0; ply <= plies; ++ply) {
      const MoveList moves = legal_moves(pos);
      ASSERT_EQ(sorted_raw(moves), sorted_raw(reference_moves(pos))) << to_fen(pos);
      ASSERT_EQ(count_legal_moves(pos), moves.size()) << to_fen(pos);
      ++positions;
      with_ep += pos.ep_square() != NoSquare;
      in_check += pos.in_check();
      if (moves.empty()) break;
      UndoInfo undo;
      pos.do_move(moves[rng() % moves.size()], undo);
    }
  }
  // The sample must exercise the special cases it is meant to check.
  EXPECT_GT(with_ep, positions / 200);
  EXPECT_GT(in_check, positions / 50);
}

// Random placements (tests/support/random_placement.h): everything parse_fen accepts, legal or not.
TEST(MoveGen, MatchesReferenceOnRandomPlacements) {
  std::mt19937_64 rng(7);
  int positions = 0, with_ep = 0, with_castling = 0, other_in_check = 0;
  for (int i = 0; i < RandomPlacements; ++i) {
    const Position pos = testing::random_placement(rng);
    const Color us = pos.side_to_move();
    const MoveList moves = legal_moves(pos);
    ASSERT_EQ(sorted_raw(moves), sorted_raw(reference_moves(pos))) << to_fen(pos);
    ASSERT_EQ(count_legal_moves(pos), moves.size()) << to_fen(pos);
    ++positions;
    with_ep += pos.ep_square() != NoSquare;
    with_castling += pos.castling_rights() != NoCastling;
    other_in_check += pos.attacked_by(us, pos.king_square(~us));
  }
  // The sample must reach the cases it is meant to check.
  EXPECT_GT(with_ep, positions / 10);
  EXPECT_GT(with_castling, positions / 10);
  EXPECT_GT(other_in_check, positions / 10);
}

bool has(const Position& pos, Square from, Square to, MoveKind kind = MoveKind::Normal) {
  return legal_moves(pos).contains(Move(from, to, kind));
}

TEST(MoveGen, EnPassantEdgeCases) {
  // The capturer and the captured pawn both leave the fifth rank, exposing the king to the rook.
  Position pos = fen_or_fail("8/8/8/K2Pp2r/8/8/8/7k w - e6 0 1");
  EXPECT_EQ(pos.ep_square(), E6);
  EXPECT_FALSE(has(pos, D5, E6, MoveKind::EnPassant));
  EXPECT_TRUE(has(pos, D5, D6));
  // The same without the rook is legal.
  pos = fen_or_fail("8/8/8/K2Pp3/8/8/8/7k w - e6 0 1");
  EXPECT_TRUE(has(pos, D5, E6, MoveKind::EnPassant));
  // Capturing the checking pawn en passant is an evasion.
  pos = fen_or_fail("8/8/8/4k3/3Pp3/8/8/4K3 b - d3 0 1");
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(has(pos, E4, D3, MoveKind::EnPassant));
  // Diagonal pin of the capturer: the capture leaves the b7-g2 diagonal.
  pos = fen_or_fail("8/1k6/8/8/3Pp3/8/6B1/4K3 b - d3 0 1");
  EXPECT_EQ(pos.ep_square(), D3);
  EXPECT_FALSE(has(pos, E4, D3, MoveKind::EnPassant));
  EXPECT_FALSE(has(pos, E4, E3));
  // Capturing along the pin diagonal (b8-h2) keeps the king covered.
  pos = fen_or_fail("1b5k/8/8/3pP3/8/8/7K/8 w - d6 0 1");
  EXPECT_TRUE(has(pos, E5, D6, MoveKind::EnPassant));
  EXPECT_FALSE(has(pos, E5, E6));
}

TEST(MoveGen, CastlingRules) {
  // f8 rook covers f1: no short castling; b1 under attack does not stop long castling.
  Position pos = fen_or_fail("1r2kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(has(pos, E1, G1, MoveKind::Castling));
  EXPECT_TRUE(has(pos, E1, C1, MoveKind::Castling));
  // d8 rook covers d1: no long castling.
  pos = fen_or_fail("3rk3/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_TRUE(has(pos, E1, G1, MoveKind::Castling));
  EXPECT_FALSE(has(pos, E1, C1, MoveKind::Castling));
  // In check: no castling at all.
  pos = fen_or_fail("4r1k1/8/8/8/8/8/8/R3K2R w KQ - 0 1");
  EXPECT_FALSE(has(pos, E1, G1, MoveKind::Castling));
  EXPECT_FALSE(has(pos, E1, C1, MoveKind::Castling));
  // A piece on b1 blocks the long castling; without rights nothing is generated.
  pos = fen_or_fail("4k3/8/8/8/8/8/8/RN2K2R w KQ - 0 1");
  EXPECT_FALSE(has(pos, E1, C1, MoveKind::Castling));
  EXPECT_TRUE(has(pos, E1, G1, MoveKind::Castling));
  pos = fen_or_fail("4k3/8/8/8/8/8/8/R3K2R w - - 0 1");
  EXPECT_FALSE(has(pos, E1, G1, MoveKind::Castling));
  // Black castles too.
  pos = fen_or_fail("r3k2r/8/8/8/8/8/8/4K3 b kq - 0 1");
  EXPECT_TRUE(has(pos, E8, G8, MoveKind::Castling));
  EXPECT_TRUE(has(pos, E8, C8, MoveKind::Castling));
}

TEST(MoveGen, PromotionsChecksAndMates) {
  Position pos = fen_or_fail("2n1k3/1P6/8/8/8/8/8/4K3 w - - 0 1");
  int promotions = 0;
  for (const Move m : legal_moves(pos)) promotions += m.kind() == MoveKind::Promotion;
  EXPECT_EQ(promotions, 8);  // b8 and xc8, four pieces each
  for (PieceType pt : {Knight, Bishop, Rook, Queen})
    EXPECT_TRUE(legal_moves(pos).contains(Move(B7, C8, MoveKind::Promotion, pt)));

  // Double check (rook h1 and knight d3): only the king moves.
  pos = fen_or_fail("4k3/8/8/8/8/3n4/8/4K2r w - - 0 1");
  EXPECT_EQ(popcount(pos.checkers()), 2);
  EXPECT_FALSE(legal_moves(pos).empty());
  for (const Move m : legal_moves(pos)) EXPECT_EQ(m.from(), E1);
  // A single check by a slider: blocks and captures by other pieces are legal.
  pos = fen_or_fail("4k3/8/8/8/1b6/8/8/RN2K3 w Q - 0 1");
  EXPECT_EQ(pos.checkers(), square_bb(B4));
  EXPECT_TRUE(has(pos, B1, C3));
  EXPECT_TRUE(has(pos, B1, D2));
  EXPECT_FALSE(has(pos, B1, A3));  // does not address the check
  EXPECT_FALSE(has(pos, A1, A2));
  EXPECT_EQ(count_legal_moves(pos), legal_moves(pos).size());

  // Fool's mate: no moves, in check. Stalemate: no moves, not in check.
  pos = fen_or_fail("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3");
  EXPECT_TRUE(pos.in_check());
  EXPECT_TRUE(legal_moves(pos).empty());
  EXPECT_EQ(count_legal_moves(pos), 0u);
  pos = fen_or_fail("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
  EXPECT_FALSE(pos.in_check());
  EXPECT_EQ(count_legal_moves(pos), 0u);
  // The most moves known in a legal position.
  pos = fen_or_fail("R6R/3Q4/1Q4Q1/4Q3/2Q4Q/Q4Q2/pp1Q4/kBNN1KB1 w - - 0 1");
  EXPECT_EQ(legal_moves(pos).size(), 218u);
  EXPECT_EQ(count_legal_moves(pos), 218u);
}

// parse_fen accepts any placement with one king a side, so the list must hold more than the 218 moves of
// a legal position: 24 queens on the rim have 269 (more than the 256 the list once held), and a crowded
// board with promotions over 218 too. Each leaves the other king in check, and taking it is no move.
TEST(MoveGen, OverfullBoardsMatchReference) {
  for (const char* fen : {
           "1QQQQQQk/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQ1 w - - 0 1",
           "Kqqqqqq1/q6q/q6q/q6q/q6q/q6q/q6q/1qqqqqqk b - - 0 1",
           "1n1n1n1k/P1P1P1P1/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQ1 w - - 0 1",
           "Kqqqqqq1/q6q/q6q/q6q/q6q/q6q/p1p1p1p1/1N1N1N1k b - - 0 1",
       }) {
    SCOPED_TRACE(fen);
    const Position pos = fen_or_fail(fen);
    const MoveList moves = legal_moves(pos);
    EXPECT_GT(moves.size(), 218u);
    EXPECT_EQ(count_legal_moves(pos), moves.size());
    EXPECT_EQ(sorted_raw(moves), sorted_raw(reference_moves(pos)));
  }
  const MoveList rim = legal_moves(fen_or_fail("1QQQQQQk/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/Q6Q/KQQQQQQ1 w - - 0 1"));
  EXPECT_GT(rim.size(), 256u);
  EXPECT_FALSE(rim.contains(Move(G8, H8)));
  EXPECT_FALSE(rim.contains(Move(H7, H8)));
  // Kings side by side: neither takes the other.
  const Position kings = fen_or_fail("8/8/8/8/8/8/8/Kk6 w - - 0 1");
  EXPECT_FALSE(legal_moves(kings).contains(Move(A1, B1)));
  EXPECT_EQ(sorted_raw(legal_moves(kings)), sorted_raw(reference_moves(kings)));
}

TEST(MoveGen, MoveListContains) {
  const MoveList moves = legal_moves(Position::start());
  EXPECT_EQ(moves.size(), 20u);
  EXPECT_TRUE(moves.contains(Move(E2, E4)));
  EXPECT_TRUE(moves.contains(Move(G1, F3)));
  EXPECT_FALSE(moves.contains(Move(E2, E5)));
  EXPECT_FALSE(moves.contains(Move(E2, E4, MoveKind::Promotion, Queen)));
}

}  // namespace
}  // namespace chessrank
