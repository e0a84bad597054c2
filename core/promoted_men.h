// The material rule every model, legality check and bound shares: a side starts with one queen and two
// each of rooks, bishops (one per square colour) and knights, so every piece beyond those is a promoted
// pawn. Counting the bishops by square colour shows one more promoted man when two or more bishops stand
// on one colour only; counting them without colours (the 2021 ranking's rule) does not.
#pragma once

#include "core/bitboard.h"
#include "core/position.h"

namespace chessrank {

// Return the promoted men among `count` men of a kind a side starts with `original` of: max(0, count - original).
constexpr int promoted_of(int count, int original) { return count > original ? count - original : 0; }

// Return the promoted men among the queens, rooks and knights of a side.
constexpr int promoted_queens_rooks_knights(int queens, int rooks, int knights) {
  return promoted_of(queens, 1) + promoted_of(rooks, 2) + promoted_of(knights, 2);
}

// Return the promoted men of an army, its bishops counted without their square colours.
constexpr int promoted_men(int queens, int rooks, int bishops, int knights) {
  return promoted_queens_rooks_knights(queens, rooks, knights) + promoted_of(bishops, 2);
}

// Return the promoted men of an army, its bishops counted by square colour (`light` and `dark` of them).
constexpr int promoted_men_by_colour(int queens, int rooks, int light, int dark, int knights) {
  return promoted_queens_rooks_knights(queens, rooks, knights) + promoted_of(light, 1) + promoted_of(dark, 1);
}

// The same for side `c` of a position.
inline int promoted_men(const Position& pos, Color c) {
  return promoted_men(pos.count(c, Queen), pos.count(c, Rook), pos.count(c, Bishop), pos.count(c, Knight));
}
inline int promoted_men_by_colour(const Position& pos, Color c) {
  const Bitboard bishops = pos.pieces(c, Bishop);
  return promoted_men_by_colour(pos.count(c, Queen), pos.count(c, Rook), popcount(bishops & LightSquaresBB),
                                popcount(bishops & DarkSquaresBB), pos.count(c, Knight));
}

}  // namespace chessrank
