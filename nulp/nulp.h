// NULP: the Number of Unique Legal Positions of chess endgames (seeds 001 and 004,
// ../shared/reference/nulp.md), counted exactly by generating functions rather than by enumeration.
//
// A position is placement, side to move, castling rights and en passant right. It is legal when each side
// has one king, no pawn stands on its promotion rank or behind its first rank, and the side to move does
// not attack the other king. Positions are counted up to colour swap (always), left-right mirror (without
// castling rights) and, for pawnless positions without castling rights, the rest of the board's
// symmetries. docs/nulp.md gives the method and the argument for every step.
#pragma once

#include <array>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "core/bigint.h"

namespace chessrank::nulp {

// The men of a side besides its king, by kind: queens, rooks, bishops, knights, pawns.
using Army = std::array<int, 5>;
constexpr std::string_view ArmyLetters = "qrbnp";

struct Material {
  std::array<Army, 2> side{};  // white, black
  int men() const;             // on the board, kings included
  bool pawnless() const { return side[0][4] == 0 && side[1][4] == 0; }
  Material swapped() const { return {{side[1], side[0]}}; }
  friend bool operator==(const Material&, const Material&) = default;
  friend auto operator<=>(const Material&, const Material&) = default;
};

// Return whether army a is stronger than b, for naming: the kinds from queens to pawns compared in
// turn, more of the first kind that differs being stronger ("kqk", "krpkr", "kbnkn").
bool stronger(const Army& a, const Army& b);
// Return the endgame's name, the stronger side first: "k" and its men, then "k" and the other side's.
std::string endgame_name(const Material& m);
// Parse an endgame name ("kqk", "KRPvKR", "krpkr"; either side first), or nullopt.
std::optional<Material> parse_endgame(std::string_view name);

// A board of files x ranks squares. On 8x8 the rules are chess's: pawns on ranks 2 to 7, castling, and
// en passant after a double step. On other boards (as in the published small-board tables) a pawn may
// stand on its own first rank, and there is no double step and no castling.
struct Board {
  int files = 8, ranks = 8;
  bool standard() const { return files == 8 && ranks == 8; }
  int squares() const { return files * ranks; }
};
// Parse "8x8", "4x4", "3x4" (files x ranks, each 1 to 8), or nullopt.
std::optional<Board> parse_board(std::string_view text);

// The counts of one endgame: a material and its colour swap, both sides to move.
struct EndgameCount {
  Material material;  // the stronger side as white
  std::string name;
  BigInt unique;         // equivalence classes of legal positions (NULP)
  BigInt castling;       // of those, classes with castling rights
  BigInt stronger_to_move, weaker_to_move;  // unique, split by side to move (0 and unique when symmetric)
  BigInt positions;      // legal positions before symmetry: both materials, both sides to move
};

// Count every endgame of the board with 2 to max_men men (kings included), on `threads` threads
// (0: all); the result never depends on the number of threads. Endgames with legal positions come in
// order of men, then name. Endgames of more than MaxMen men, or more than the board's squares, are not
// counted (64-bit coefficients hold every count up to MaxMen; docs/nulp.md).
constexpr int MaxMen = 8;
// `progress(patterns done, patterns)` is called, when given, after each placement pattern the count sums
// (plain, en passant, castling, symmetric ones).
using Progress = std::function<void(std::size_t, std::size_t)>;
std::vector<EndgameCount> count_endgames(const Board& board, int max_men, unsigned threads = 0,
                                         const Progress& progress = {});
// Count one endgame, with a variable per kind of man it has (milliseconds, even for 8 men), or return
// nullopt when it has more than MaxMen men or more men than the board has squares.
std::optional<EndgameCount> count_endgame(const Board& board, const Material& material, unsigned threads = 0);

}  // namespace chessrank::nulp
