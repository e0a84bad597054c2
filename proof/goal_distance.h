// GoalDistance: how far a position is from a goal position, for the proof-game search (proof_game.h).
// It is built once per goal and answers for many positions:
// - the frozen squares: goal men that can never have moved (pawns on their start rank, the king and rooks
//   of the goal's castling rights, and home pieces walled in by those), which the search leaves alone;
// - an estimate of the plies still needed: per side, the cheapest assignment of its men not yet on their
//   goal squares to the goal men left (same kind along the shortest path around frozen squares, a pawn
//   forward within the captures the enemy's surplus allows, or promoted) and of its surplus men to
//   capture, plus the moves that bring the surplus men to the squares where they are to be taken; out of
//   reach when its pawns need more captures, all together, than the enemy has men to lose. It guides a
//   search that looks for a game; it is not a bound any verdict rests on (illegal verdicts come from
//   legality/ only).
#pragma once

#include <array>
#include <cstdint>

#include "core/bitboard.h"
#include "core/position.h"

namespace chessrank::proof {

// What estimate() returns for a position from which the goal cannot be reached: a goal pawn behind a pawn
// of the position, a frozen man moved, fewer men of a kind than the goal and no pawn left to promote, ...
constexpr int Unreachable = 1 << 20;

class GoalDistance {
 public:
  explicit GoalDistance(const Position& goal);

  const Position& goal() const { return goal_; }
  Bitboard frozen() const { return frozen_; }
  // Return the estimated plies from `pos` to the goal, 0 when `pos` is the goal's placement, or Unreachable.
  int estimate(const Position& pos) const;

 private:
  struct Side;  // one side's assignment and what its captures need (goal_distance.cpp)
  // `settled`: settled_men(pos), computed once per estimate.
  Side assign(const Position& pos, Color c, Bitboard settled) const;
  int victim_moves(const Side& capturer, const Side& victims, Color capturer_colour) const;
  // The goal's side to move is in check, so its king came home before the check was given: while it is
  // away, or home in check with its side to move in a position other than the goal, a settled checker that
  // attacks its square leaves and comes back, or is screened (2 moves); a settled checking pawn that
  // nothing can replace (its side has no captures left, no pawn behind it on its file) keeps it out for
  // good (Unreachable).
  int check_moves(const Position& pos, Bitboard settled) const;
  // The men of `pos` that stand on their goal squares (but a pawn that one behind it has to pass),
  // and the frozen squares.
  Bitboard settled_men(const Position& pos) const;
  // The moves a man of kind `pt` going from `from` to `to` needs beyond piece_distance when the settled
  // men stay where they are: the longer way around them, or 2 (one steps aside and back) when there is none.
  int settled_detour(const Position& pos, Bitboard settled, Color c, PieceType pt, Square from, Square to) const;

  // A pawn of `c` on `from` becoming a man of kind `pt` on `to` within `captures_available`: the cheapest
  // way in moves (walk, then the piece's path) and the square it promotes on, and the fewest captures of
  // any way; 255 moves and captures when there is none.
  struct Promotion {
    int moves = 255;
    Square square = NoSquare;
    int captures = 255;
  };
  Promotion promotion(Color c, Square from, PieceType pt, Square to, int captures_available) const;
  // The fewest captures the pawns of `c` make to fill the goal's men of `c` from `pos`, whoever goes
  // where: each takes an enemy man.
  int fewest_captures(const Position& pos, Color c, int captures_available) const;
  // Moves a pawn of `c` needs from `from` to `to` with at most `captures_available` captures, or 255.
  int pawn_walk(Color c, Square from, Square to, int captures_available) const;

  // Moves a man of kind `pt` and colour `c` needs from `from` to `to` around the frozen squares; 255 when it cannot.
  int piece_distance(Color c, PieceType pt, Square from, Square to) const {
    return pt == King ? king_distance_[c][from][to] : distance_[pt][from][to];
  }

  Position goal_;
  Bitboard frozen_ = 0;
  // The men that give check in the goal, and the square of the king they check (the side to move's).
  Bitboard checkers_ = 0;
  Square checked_king_ = NoSquare;
  // distance_[pt][from][to] for knights, bishops, rooks and queens; kings per colour, since a king also
  // keeps off the squares frozen enemy pawns attack.
  std::array<std::array<std::array<std::uint8_t, SquareCount>, SquareCount>, PieceTypeCount> distance_{};
  std::array<std::array<std::array<std::uint8_t, SquareCount>, SquareCount>, ColorCount> king_distance_{};
  // pawn_captures_[c][from][to]: the fewest captures a pawn of `c` makes walking from `from` to `to` around
  // the frozen squares; 255 when it cannot get there.
  std::array<std::array<std::array<std::uint8_t, SquareCount>, SquareCount>, ColorCount> pawn_captures_{};
};

}  // namespace chessrank::proof
