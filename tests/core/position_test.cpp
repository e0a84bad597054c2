// Position: placement, canonical form, attack queries and make/unmake.
#include "core/position.h"

#include <random>
#include <string>

#include <gtest/gtest.h>

#include "core/fen.h"
#include "core/movegen.h"
#include "tests/support/build_flavour.h"
#include "tests/support/or_fail.h"

namespace chessrank {
namespace {

using testing::fen_or_fail;

constexpr int RandomGames = testing::unless_sanitized(600, 60);

const char* const StartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const char* const Kiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";
const char* const Position4 = "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1";
const char* const Position3 = "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1";

// Return the legal move with this UCI text, written out here so the test does not depend on notation.h.
Move find_move(const Position& pos, const std::string& uci) {
  for (const Move m : legal_moves(pos)) {
    std::string s = {char('a' + file_of(m.from())), char('1' + rank_of(m.from())), char('a' + file_of(m.to())),
                     char('1' + rank_of(m.to()))};
    if (m.kind() == MoveKind::Promotion) s += " nbrq"[m.promotion() - Pawn];
    if (s == uci) return m;
  }
  ADD_FAILURE() << "no legal move " << uci << " in " << to_fen(pos);
  return Move::none();
}

Position after(Position pos, const std::string& uci) {
  UndoInfo undo;
  pos.do_move(find_move(pos, uci), undo);
  return pos;
}

TEST(Position, StartMatchesFenAndCountsPieces) {
  const Position start = Position::start();
  EXPECT_EQ(start, fen_or_fail(StartFen));
  EXPECT_EQ(to_fen(start), StartFen);
  EXPECT_EQ(popcount(start.pieces()), 32);
  EXPECT_EQ(start.count(White, Pawn), 8);
  EXPECT_EQ(start.count(Black, Knight), 2);
  EXPECT_EQ(start.king_square(White), E1);
  EXPECT_EQ(start.king_square(Black), E8);
  EXPECT_EQ(start.castling_rights(), AnyCastling);
  EXPECT_EQ(start.ep_square(), NoSquare);
  EXPECT_EQ(start.fullmove_number(), 1);
}

TEST(Position, PutRemoveAndClearKeepBitboardsConsistent) {
  Position pos;
  EXPECT_EQ(pos.king_square(White), NoSquare);
  pos.put_piece(WhiteKnight, C3);
  pos.put_piece(BlackQueen, C3);  // replaces the knight
  EXPECT_EQ(pos.piece_on(C3), BlackQueen);
  EXPECT_EQ(pos.pieces(White), 0u);
  EXPECT_EQ(pos.pieces(Knight), 0u);
  EXPECT_EQ(pos.pieces(Black, Queen), square_bb(C3));
  pos.remove_piece(C3);
  pos.remove_piece(D4);  // removing nothing is harmless
  EXPECT_EQ(pos, Position());
  pos = Position::start();
  pos.clear();
  EXPECT_EQ(pos, Position());

  // Bitboards agree with the board array on a rich position.
  const Position kiwi = fen_or_fail(Kiwipete);
  for (int s = 0; s < SquareCount; ++s) {
    const Piece p = kiwi.piece_on(Square(s));
    for (int c = 0; c < 2; ++c)
      for (int pt = Pawn; pt <= King; ++pt)
        EXPECT_EQ((kiwi.pieces(Color(c), PieceType(pt)) >> s & 1) != 0, p == make_piece(Color(c), PieceType(pt)));
  }
}

// set_placement builds the board from bit planes; it must agree with placing the same men one by one,
// on an empty board and over a full one (every square it leaves empty must be cleared).
TEST(Position, SetPlacementAgreesWithPuttingEachPiece) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 2000; ++trial) {
    Bitboard by_piece[PieceCount] = {};
    Position one_by_one;
    for (int s = 0; s < 64; ++s) {
      const int roll = int(rng() % 20);  // about 60% of the squares get a man, every kind alike
      if (roll >= 12) continue;
      const Piece pc = make_piece(roll < 6 ? White : Black, PieceType(1 + roll % 6));
      by_piece[pc] |= square_bb(Square(s));
      one_by_one.put_piece(pc, Square(s));
    }
    Position at_once = trial % 2 ? Position::start() : Position();
    at_once.set_placement(by_piece);
    for (int s = 0; s < 64; ++s) ASSERT_EQ(at_once.piece_on(Square(s)), one_by_one.piece_on(Square(s))) << s;
    for (Color c : {White, Black})
      for (PieceType pt : {Pawn, Knight, Bishop, Rook, Queen, King})
        ASSERT_EQ(at_once.pieces(c, pt), one_by_one.pieces(c, pt));
  }
}

TEST(Position, CanonicalizeDropsRightsWithoutKingOrRookAndUselessEnPassant) {
  Position pos = Position::start();
  pos.remove_piece(H1);
  pos.remove_piece(E8);
  pos.put_piece(BlackKing, F8);
  EXPECT_TRUE(pos.canonicalize());
  EXPECT_EQ(pos.castling_rights(), WhiteQueenside);
  EXPECT_FALSE(pos.canonicalize());

  // Black just played e7e5 with a white pawn on d5: the square stays; with no pawn beside, it goes.
  Position ep = fen_or_fail("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
  EXPECT_EQ(ep.ep_square(), E6);
  EXPECT_FALSE(ep.canonicalize());
  EXPECT_EQ(ep.ep_square(), E6);
  ep.remove_piece(D5);
  ep.put_piece(WhitePawn, B5);
  EXPECT_TRUE(ep.canonicalize());
  EXPECT_EQ(ep.ep_square(), NoSquare);

  // An en passant square set by hand where no double push can have happened is dropped too.
  Position bad = fen_or_fail("4k3/8/8/3Pp3/8/8/8/4K3 w - - 0 1");
  bad.set_ep_square(D6);
  EXPECT_TRUE(bad.canonicalize());
  EXPECT_EQ(bad.ep_square(), NoSquare);
  bad.set_ep_square(E3);  // wrong rank for white to move
  EXPECT_TRUE(bad.canonicalize());
  EXPECT_EQ(bad.ep_square(), NoSquare);
}

// ep_fault names the first rule an en passant square breaks; canonicalize, the ranking models and slot26
// all keep a square by it.
TEST(Position, EpFaultNamesTheRuleBroken) {
  const Position base = fen_or_fail("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
  EXPECT_EQ(ep_fault(base), EpFault::None);
  const auto with = [&](Square ep, auto&& change) {
    Position pos = base;
    change(pos);
    pos.set_ep_square(ep);
    return ep_fault(pos);
  };
  const auto same = [](Position&) {};
  EXPECT_EQ(with(Square(70), same), EpFault::OffBoard);
  EXPECT_EQ(with(E3, same), EpFault::WrongRank);
  EXPECT_EQ(with(D6, same), EpFault::NoPushedPawn);
  EXPECT_EQ(with(E6, [](Position& p) { p.put_piece(BlackKnight, E7); }), EpFault::NotEmpty);
  EXPECT_EQ(with(E6, [](Position& p) { p.put_piece(BlackKnight, E6); }), EpFault::NotEmpty);
  EXPECT_EQ(with(E6, [](Position& p) { p.remove_piece(D5); }), EpFault::NoCapturer);
  Position none = base;
  none.set_ep_square(NoSquare);
  EXPECT_EQ(ep_fault(none), EpFault::None);

  Position castling = Position::start();
  EXPECT_TRUE(castling_men_home(castling, WhiteKingside));
  castling.remove_piece(A8);
  EXPECT_FALSE(castling_men_home(castling, BlackQueenside));
  EXPECT_TRUE(castling_men_home(castling, BlackKingside));
}

TEST(Position, DoublePushSetsEnPassantOnlyWithACapturerBeside) {
  EXPECT_EQ(after(Position::start(), "e2e4").ep_square(), NoSquare);
  const Position pos = fen_or_fail("4k3/8/8/8/3p4/8/4P1P1/4K3 w - - 0 1");
  EXPECT_EQ(after(pos, "e2e4").ep_square(), E3);
  EXPECT_EQ(after(pos, "g2g4").ep_square(), NoSquare);
  EXPECT_EQ(after(pos, "e2e3").ep_square(), NoSquare);
  // A pinned capturer still counts: the canonical rule ignores pins.
  const Position pinned = fen_or_fail("3k4/8/8/8/3p4/8/4P3/3RK3 w - - 0 1");
  const Position child = after(pinned, "e2e4");
  EXPECT_EQ(child.ep_square(), E3);
  EXPECT_EQ(child.pinned(Black), square_bb(D4));
  EXPECT_EQ(legal_moves(child).size(), 6u);  // five king moves and d4d3; d4xe3 would leave the pin line
}

TEST(Position, MoveEffectsOnRightsCountersAndPieces) {
  // Castling moves both pieces and drops both rights of the side.
  Position kiwi = fen_or_fail(Kiwipete);
  Position p = after(kiwi, "e1g1");
  EXPECT_EQ(p.piece_on(G1), WhiteKing);
  EXPECT_EQ(p.piece_on(F1), WhiteRook);
  EXPECT_TRUE(p.empty(H1) && p.empty(E1));
  EXPECT_EQ(p.castling_rights(), BlackCastling);
  EXPECT_EQ(p.halfmove_clock(), 1);
  p = after(kiwi, "e1c1");
  EXPECT_EQ(p.piece_on(C1), WhiteKing);
  EXPECT_EQ(p.piece_on(D1), WhiteRook);
  EXPECT_TRUE(p.empty(A1));
  // A rook move drops its side's right only.
  EXPECT_EQ(after(kiwi, "h1f1").castling_rights(), WhiteQueenside | BlackCastling);
  // Capturing a rook on its home square drops the opponent's right.
  const Position capture = fen_or_fail("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 5 9");
  p = after(capture, "a1a8");
  EXPECT_EQ(p.castling_rights(), WhiteKingside | BlackKingside);
  EXPECT_EQ(p.halfmove_clock(), 0);
  EXPECT_EQ(p.fullmove_number(), 9);
  p = after(p, "e8d7");
  EXPECT_EQ(p.castling_rights(), WhiteKingside);
  EXPECT_EQ(p.fullmove_number(), 10);
  EXPECT_EQ(p.halfmove_clock(), 1);

  // Promotion with capture.
  const Position promo = fen_or_fail("1n2k3/P7/8/8/8/8/8/4K3 w - - 3 40");
  p = after(promo, "a7b8n");
  EXPECT_EQ(p.piece_on(B8), WhiteKnight);
  EXPECT_TRUE(p.empty(A7));
  EXPECT_EQ(p.count(White, Pawn), 0);
  EXPECT_EQ(p.halfmove_clock(), 0);
  EXPECT_EQ(after(promo, "a7a8q").piece_on(A8), WhiteQueen);

  // En passant removes the pawn behind the destination.
  const Position ep = fen_or_fail("4k3/8/8/3Pp3/8/8/8/4K3 w - e6 0 1");
  p = after(ep, "d5e6");
  EXPECT_EQ(p.piece_on(E6), WhitePawn);
  EXPECT_TRUE(p.empty(E5) && p.empty(D5));
  EXPECT_EQ(p.count(Black, Pawn), 0);
}

// The counters stop at their largest value instead of wrapping to 0 (a fullmove number of 0 is no FEN),
// and undoing a move restores them exactly.
TEST(Position, CountersStopAtTheirLargestValue) {
  const Position full = fen_or_fail("4k3/8/8/8/8/8/8/R3K3 b - - 65535 65535");
  Position p = after(full, "e8d8");
  EXPECT_EQ(p.halfmove_clock(), Position::MaxCounter);
  EXPECT_EQ(p.fullmove_number(), Position::MaxCounter);
  EXPECT_EQ(to_fen(p), "3k4/8/8/8/8/8/8/R3K3 w - - 65535 65535");
  UndoInfo undo;
  p = full;
  p.do_move(Move(E8, D8), undo);
  p.undo_move(Move(E8, D8), undo);
  EXPECT_EQ(p, full);
  p = after(fen_or_fail("4k3/8/8/8/8/8/8/R3K3 b - - 65534 65534"), "e8d8");
  EXPECT_EQ(p.halfmove_clock(), 65535);
  EXPECT_EQ(p.fullmove_number(), 65535);
}

TEST(Position, AttackQueriesAgreeWithEachOtherAndWithMoveGeneration) {
  for (const char* fen : {StartFen, Kiwipete, Position3, Position4}) {
    const Position pos = fen_or_fail(fen);
    for (int si = 0; si < SquareCount; ++si) {
      const Square s = Square(si);
      for (Color c : {White, Black})
        EXPECT_EQ(pos.attacked_by(c, s), (pos.attackers_to(s) & pos.pieces(c)) != 0) << fen << " " << si;
      // An attacker of s is a piece whose attack set (or pawn capture set) contains s.
      Bitboard expect = 0;
      for (Bitboard b = pos.pieces(); b;) {
        const Square from = pop_lsb(b);
        const Piece p = pos.piece_on(from);
        const Bitboard att = type_of(p) == Pawn ? pawn_attacks(color_of(p), from)
                                                : attacks(type_of(p), from, pos.pieces());
        if (att & square_bb(s)) expect |= square_bb(from);
      }
      EXPECT_EQ(pos.attackers_to(s), expect) << fen << " " << si;
    }
  }
  EXPECT_EQ(fen_or_fail("4k3/8/8/8/1b6/8/3P4/R3K2r w Q - 0 1").checkers(), square_bb(H1));
  EXPECT_EQ(fen_or_fail("4k3/8/8/8/1b6/8/8/R3K1Nr w Q - 0 1").checkers(), square_bb(B4));
  EXPECT_EQ(Position().checkers(), 0u);
}

// Return the pieces of c whose removal exposes c's king to a new slider attack: pins by definition.
Bitboard slow_pinned(const Position& pos, Color c) {
  const Square ksq = pos.king_square(c);
  const Bitboard sliders = pos.pieces(~c, Bishop, Rook) | pos.pieces(~c, Queen);
  const Bitboard before = pos.attackers_to(ksq) & sliders;
  Bitboard result = 0;
  for (Bitboard b = pos.pieces(c) & ~square_bb(ksq); b;) {
    const Square s = pop_lsb(b);
    if ((pos.attackers_to(ksq, pos.pieces() ^ square_bb(s)) & sliders) & ~before) result |= square_bb(s);
  }
  return result;
}

// Play a random game from `fen`, checking at every ply that undo restores the exact position and that
// the derived queries agree with slow definitions.
void random_game(const std::string& fen, std::mt19937_64& rng, int plies) {
  Position pos = fen_or_fail(fen);
  for (int ply = 0; ply < plies; ++ply) {
    const MoveList moves = legal_moves(pos);
    if (moves.empty()) break;
    for (Color c : {White, Black}) ASSERT_EQ(pos.pinned(c), slow_pinned(pos, c)) << to_fen(pos);
    ASSERT_EQ(pos.checkers(), pos.attackers_to(pos.king_square(pos.side_to_move())) & pos.pieces(~pos.side_to_move()));
    // Every move round-trips; the position after it is canonical.
    for (const Move m : moves) {
      const Position before = pos;
      UndoInfo undo;
      pos.do_move(m, undo);
      Position canon = pos;
      ASSERT_FALSE(canon.canonicalize()) << to_fen(before) << " then " << to_fen(pos);
      // What the FEN writer and parser see agrees with the position (placement, rights, ep, counters).
      ASSERT_EQ(fen_or_fail(to_fen(pos)), pos) << to_fen(pos);
      // The side that moved never stands in check.
      ASSERT_FALSE(pos.attacked_by(pos.side_to_move(), pos.king_square(~pos.side_to_move())));
      pos.undo_move(m, undo);
      ASSERT_EQ(pos, before) << to_fen(before);
    }
    UndoInfo undo;
    pos.do_move(moves[rng() % moves.size()], undo);
  }
}

TEST(Position, DoUndoRestoresExactPositionOverRandomGames) {
  std::mt19937_64 rng(12345);
  const char* const starts[] = {StartFen, Kiwipete, Position3, Position4};
  for (int g = 0; g < RandomGames; ++g) {
    random_game(starts[g % 4], rng, int(rng() % 80) + 1);
    if (HasFatalFailure()) return;
  }
}

}  // namespace
}  // namespace chessrank
