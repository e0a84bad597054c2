// The tests' oracle of the constraints of docs/ranking.md: whether a position breaks constraints 1-3, which
// every model keeps, and each constraint a model lists (rank/constraints.h), written from squares, file and
// rank distances, square parities and a scan of the files alone, without the attack tables, bitboard tricks
// and promoted-men rule of the library. A model's tests read its list (`All`) and judge it here.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <string>

#include "core/position.h"
#include "rank/constraints.h"

namespace chessrank::testing {

// Return the number of a side's men beyond the original army, a side's bishops counted by square colour
// (a1 dark: file + rank even) when `colours`.
inline int promoted(const Position& p, Color c, bool colours) {
  int light = 0, dark = 0;
  for (Bitboard b = p.pieces(c, Bishop); b;) {
    const Square s = pop_lsb(b);
    ((int(file_of(s)) + int(rank_of(s))) % 2 ? light : dark) += 1;
  }
  const int bishops = colours ? std::max(0, light - 1) + std::max(0, dark - 1) : std::max(0, light + dark - 2);
  return std::max(0, p.count(c, Queen) - 1) + std::max(0, p.count(c, Rook) - 2) + bishops +
         std::max(0, p.count(c, Knight) - 2);
}

// Return whether a position breaks constraints 1-3 (bishops without colours): one king a side and no pawn on
// rank 1 or 8; each castling right with its king on e1/e8 and its rook in its corner; an en passant square on
// the sixth rank of the side to move, behind an enemy pawn, with it and the square the pawn came from
// empty, and a pawn of the side to move beside that pawn; at most 8 pawns plus promoted men a side.
inline bool breaks_basics(const Position& p) {
  for (Color c : {White, Black})
    if (p.count(c, King) != 1 || p.count(c, Pawn) + promoted(p, c, false) > 8) return true;
  for (int f = 0; f < 8; ++f)
    for (Rank r : {Rank1, Rank8})
      if (type_of(p.piece_on(make_square(File(f), r))) == Pawn) return true;
  const struct {
    CastlingRights right;
    Square king, rook;
    Piece king_piece, rook_piece;
  } rights[] = {{WhiteKingside, E1, H1, WhiteKing, WhiteRook},
                {WhiteQueenside, E1, A1, WhiteKing, WhiteRook},
                {BlackKingside, E8, H8, BlackKing, BlackRook},
                {BlackQueenside, E8, A8, BlackKing, BlackRook}};
  for (const auto& r : rights)
    if (p.can_castle(r.right) && (p.piece_on(r.king) != r.king_piece || p.piece_on(r.rook) != r.rook_piece))
      return true;
  if (p.ep_square() == NoSquare) return false;
  const Color us = p.side_to_move();
  const int f = int(file_of(p.ep_square())), r = int(rank_of(p.ep_square()));
  const int step = us == White ? -1 : 1;  // from the en passant square towards the pawn that moved
  if (r != (us == White ? 5 : 2)) return true;
  const auto at = [&](int file, int rank) { return p.piece_on(make_square(File(file), Rank(rank))); };
  if (at(f, r + step) != make_piece(~us, Pawn) || at(f, r) != NoPiece || at(f, r - step) != NoPiece) return true;
  const Piece capturer = make_piece(us, Pawn);
  return !((f > 0 && at(f - 1, r + step) == capturer) || (f < 7 && at(f + 1, r + step) == capturer));
}

// Return whether constraint 4 fails for a position with its promoted men counted as `colours` says: its
// capture inequalities (`captures`) or its opposed files (`files`).
inline bool fails_four(const Position& p, bool colours, bool captures, bool files) {
  const int wp = p.count(White, Pawn), bp = p.count(Black, Pawn);
  const int wprom = promoted(p, White, colours), bprom = promoted(p, Black, colours);
  const int made = 32 - popcount(p.pieces());
  if (captures && (wprom > 8 - bp - bprom + made || bprom > 8 - wp - wprom + made)) return true;
  int opposed = 0;
  for (int f = 0; f < 8; ++f) {
    bool found = false;
    for (int lo = 1; lo < 7; ++lo)
      for (int hi = lo + 1; hi < 7; ++hi)
        found |= p.piece_on(make_square(File(f), Rank(lo))) == WhitePawn &&
                 p.piece_on(make_square(File(f), Rank(hi))) == BlackPawn;
    opposed += found;
  }
  return files && opposed < wp + bp + wprom + bprom - 8 - made;
}

// Return whether a position that keeps constraints 1-3 breaks constraint c. The bishop colours are judged
// as the models that list them keep them: constraint 3 and all of 4 with the bishops counted by colour.
inline bool breaks(const Position& p, rank::Constraint c) {
  using rank::Constraint;
  if (c == Constraint::OpposedFiles) return fails_four(p, false, false, true);
  if (c == Constraint::CaptureAccounting) return fails_four(p, false, true, false);
  if (c == Constraint::BishopColours)
    return p.count(White, Pawn) + promoted(p, White, true) > 8 || p.count(Black, Pawn) + promoted(p, Black, true) > 8 ||
           fails_four(p, true, true, true);
  const Color us = p.side_to_move();
  const Square king = p.king_square(~us);
  for (Bitboard men = p.pieces(us); men;) {
    const Square s = pop_lsb(men);
    const int df = std::abs(int(file_of(s)) - int(file_of(king)));
    const int dr = int(rank_of(s)) - int(rank_of(king));  // signed: pawns attack forwards only
    const bool next = std::max(df, std::abs(dr)) == 1;
    const PieceType pt = type_of(p.piece_on(s));
    if ((c == Constraint::KingsApart && pt == King && next) || (c == Constraint::QueenNext && pt == Queen && next) ||
        (c == Constraint::PawnCheck && pt == Pawn && df == 1 && dr == (us == White ? -1 : 1)) ||
        (c == Constraint::KnightCheck && pt == Knight && df * std::abs(dr) == 2))  // (1, 2) or (2, 1)
      return true;
  }
  return false;
}

// Return the first constraint of `list`, in the order of rank::Constraint, that a position keeping
// constraints 1-3 breaks, or nullopt.
inline std::optional<rank::Constraint> first_broken(const Position& p, rank::Constraints list) {
  for (int i = 0; i < rank::ConstraintCount; ++i)
    if (const auto c = rank::Constraint(i); list.has(c) && breaks(p, c)) return c;
  return std::nullopt;
}

// Return whether a position is in the set of constraints 1-3 and `list`.
inline bool in_set(const Position& p, rank::Constraints list) { return !breaks_basics(p) && !first_broken(p, list); }

// Name a constraint for a test's message: "constraint 5 (kings apart)".
inline std::string describe(rank::Constraint c) {
  static constexpr const char* Names[] = {
      "4 (opposed files)",    "4 (captures)",       "3 (bishops by colour)", "5 (kings apart)",
      "6 (no pawn check)", "6 (no knight check)", "7 (no queen next to the king)"};
  static_assert(std::size(Names) == rank::ConstraintCount);
  return std::string("constraint ") + Names[int(c)];
}

}  // namespace chessrank::testing
