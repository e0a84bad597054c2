// Al-Suli's ferz endgame (seed 002): king and ferz against king and ferz, White to win by capturing
// Black's ferz without losing its own on the next ply. Solved exactly by retrograde analysis over every
// position (docs/ferz.md).
//
// A ferz moves one square diagonally; kings move one square in any direction. A move may not leave the
// mover's king attacked, and kings never stand side by side. White wins when it captures Black's ferz and
// Black cannot take White's ferz at once (its king next to it, and White's king not guarding it). Nothing
// else wins: a position from which Black can take White's ferz, or has no move, is not won for White.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/result.h"
#include "core/threads.h"

namespace chessrank::ferz {

// A position: the squares (0 = a1 ... 63 = h8) of White's king and ferz and Black's king and ferz, and the
// side to move (0 White, 1 Black).
struct Position {
  std::array<int, 4> men{};  // white king, white ferz, black king, black ferz
  int side = 0;
  friend bool operator==(const Position&, const Position&) = default;
};
enum Man { WhiteKing, WhiteFerz, BlackKing, BlackFerz };

// A move: which man, from where to where, and whether it takes the other ferz.
struct Move {
  int man = 0, from = 0, to = 0;
  bool capture = false;
};

// Parse a position as FEN's first two fields with K, F, k, f for the men ("8/8/8/3k4/8/1KF5/8/f7 w"), and
// check that it can be played: one of each man, the kings apart, the side not to move not in check.
Result<Position> parse_position(std::string_view text);
// Return the position in that notation.
std::string to_text(const Position& p);
// Return a move as the seed writes it: "Kb4", "Fc1", "Kxa1" (a capture names its square).
std::string move_name(const Move& m);

// Return the legal moves of the side to move: the king's, then the ferz's, each by file from the left and
// within a file from the top (the seed's order).
std::vector<Move> legal_moves(const Position& p);
// Return the position after a move (a capture removes the ferz: the game is over then).
Position play(const Position& p, const Move& m);

// The solution: for every position with both ferzes, the plies to White's win with best play on both
// sides (White as fast as it can, Black as slowly), or 0 when White cannot force it.
class Solution {
 public:
  // Solve every position (about a second, 50 MB). `progress` counts positions: the 2^25 indices scanned,
  // then those the search from the wins takes from its queue, against their most (each index once).
  explicit Solution(const ProgressCallback& progress = {});

  // Return the plies to White's win (the last ply White's capture), or 0 when White cannot force it.
  int distance(const Position& p) const { return dtw_[index(p)]; }
  // Return the plies to the win after a move (1 ply for a winning capture, 0 when it is not a win).
  int distance_after(const Position& p, const Move& m) const;
  // Return the best moves of a position White wins: those that keep the win in the fewest plies for White,
  // in the most for Black. Empty when White cannot force a win.
  std::vector<Move> best_moves(const Position& p) const;
  // Return the number of positions with White to move that White wins, and with Black to move.
  std::array<std::uint64_t, 2> won() const { return won_; }
  // Return a position with White to move with the longest win, among all or only those whose ferzes
  // stand on squares of one colour, and its distance.
  std::pair<Position, int> longest(bool same_colour_ferzes) const;

  static std::uint32_t index(const Position& p) {
    return std::uint32_t(p.side) << 24 | std::uint32_t(p.men[0]) << 18 | std::uint32_t(p.men[1]) << 12 |
           std::uint32_t(p.men[2]) << 6 | std::uint32_t(p.men[3]);
  }

 private:
  std::vector<std::uint8_t> dtw_;  // per index; 0 for positions that are not legal or not won
  std::array<std::uint64_t, 2> won_{};
};

// Return the principal variation from a position White wins, as the seed writes it: numbered moves, the
// other best moves of each ply in brackets ("5 Ke5 (Fd2) Kg7"), and "~" for a Black ply where every move
// is as good. Empty when White cannot force a win.
std::string principal_variation(const Solution& s, const Position& p);

}  // namespace chessrank::ferz
