// The abstraction the proof kernel search runs on (docs/legality.md, "Proof kernel"): files as words of
// pawn colours, armies as bishops by square colour and one group of knights, rooks and queens, the goal's
// fixed men as locks and promotion bans, and the completion test that ends a kernel.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <string>

#include "core/position.h"

namespace chessrank::legality::kernel {

// A file's pawns from bottom (rank 1 side) to top: bit i is the colour of the i-th pawn (1 for black), and
// a 1 above the last pawn marks the length. 15 pawns fit.
using Column = std::uint16_t;
constexpr int MaxColumn = 15;
constexpr Column EmptyColumn = 1;

constexpr int length(Column c) { return std::bit_width(unsigned(c)) - 1; }
constexpr Color colour_at(Column c, int i) { return Color(c >> i & 1); }
constexpr Column low_bits(int i) { return Column((1u << i) - 1); }
// Return the file without its i-th pawn.
constexpr Column remove_at(Column c, int i) { return Column((c & low_bits(i)) | ((c >> (i + 1)) << i)); }
// Return the file with a pawn of colour `colour` inserted so that it becomes the i-th.
constexpr Column insert_at(Column c, int i, Color colour) {
  return Column((c & low_bits(i)) | (unsigned(colour) << i) | ((c >> i) << (i + 1)));
}
// Return the number of pawns of colour `colour` among the first i of the file.
constexpr int count_below(Column c, int i, Color colour) {
  const int black = std::popcount(unsigned(c & low_bits(i)));
  return colour == Black ? black : i - black;
}
constexpr int count(Column c, Color colour) { return count_below(c, length(c), colour); }

// Pieces are tracked by group: the knights, rooks and queens together (a promotion on any file gives any
// of them), and the bishops of each square colour.
enum Group : std::uint8_t { Nrq, LightBishop, DarkBishop };

// One side's pieces (kings aside). The N/R/Q group is kept as its surplus and deficit against the goal,
// kind by kind: a capture takes a surplus man while there is one, a promotion fills a deficit while there
// is one, which is never worse than any other choice of kind.
struct Army {
  std::int8_t surplus = 0, deficit = 0, light = 0, dark = 0;

  int nrq(int goal_nrq) const { return goal_nrq + surplus - deficit; }
  int pieces(int goal_nrq) const { return nrq(goal_nrq) + light + dark; }
  // Return whether a man of group g can be taken: one exists, and for the group, not only rooks that
  // keep castling rights (those never moved, so were never taken).
  bool can_lose(Group g, int castle_rooks, int goal_nrq) const {
    return g == Nrq ? nrq(goal_nrq) - castle_rooks >= 1 : (g == LightBishop ? light : dark) >= 1;
  }
  void lose(Group g) {
    if (g == LightBishop) --light;
    else if (g == DarkBishop) --dark;
    else if (surplus > 0) --surplus;
    else ++deficit;
  }
  void gain(Group g) {
    if (g == LightBishop) ++light;
    else if (g == DarkBishop) ++dark;
    else if (deficit > 0) --deficit;
    else ++surplus;
  }
  bool operator==(const Army&) const = default;
};

// The exact identity of a state, for the cache of failed states.
struct StateKey {
  std::uint64_t low = 0, high = 0;  // files a-d, e-h
  std::uint32_t armies = 0;
  bool operator==(const StateKey&) const = default;
  std::size_t hash() const {
    std::uint64_t h = low * 0x9E3779B97F4A7C15ULL ^ (high + 0x632BE59BD9B4E019ULL) * 0xC2B2AE3D27D4EB4FULL ^
                      (std::uint64_t(armies) << 17) * 0x165667B19E3779F9ULL;
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return std::size_t(h ^ (h >> 32));
  }
};

// What the goal fixes: its files and armies, and the constraints of its men that never moved.
struct Goal {
  std::array<Column, 8> col{};
  std::array<std::array<std::int8_t, 6>, 8> pawn_rank{};  // the ranks (1-8) of each file's pawns, bottom up
  std::array<int, 2> pawns{}, nrq{}, light{}, dark{};
  std::array<int, 2> men{};           // pawns and pieces, kings aside
  std::array<int, 2> castle_rooks{};  // rooks that keep a castling right
  // lock_bottom[f]: a white pawn on f2 that never moved: always the bottom pawn of f, never taken, never
  // taking. lock_top[f]: the same for a black pawn on f7.
  std::array<bool, 8> lock_bottom{}, lock_top{};
  // Per side and file: promotion by a push on that file; a capturing promotion from that file; a
  // capturing promotion onto that file's last-rank square; and that square's colour.
  std::array<std::array<bool, 8>, 2> straight{}, capture_from{}, capture_onto{}, promotion_dark{};
  // The bishops c's promotions on a file's last-rank square can leave on the board: 8 (no limit), or, where
  // that square's diagonal exits hold men that never move, 1 if the goal has c's bishop there, else 0.
  std::array<std::array<std::int8_t, 8>, 2> bishop_cap{};
  std::array<Army, 2> start{};  // the initial armies, with the forced captures of trapped bishops made
  std::array<int, 2> forced{};  // those captures: bishops of each side taken where they stood
  int goal_pawns = 0;           // of both sides
  // weighting[w][f]: which of file f's useful values (UsefulFile index) weighting w adds up.
  std::array<std::array<std::uint8_t, 8>, 9> weighting{};
  std::array<std::array<std::int8_t, 16>, 2> pawn_files{};  // the files of each side's pawns, in order
};

struct State {
  std::array<Column, 8> col{};
  std::array<Army, 2> army{};

  StateKey key() const {
    StateKey k;
    for (int f = 0; f < 4; ++f) k.low |= std::uint64_t(col[f]) << (16 * f);
    for (int f = 0; f < 4; ++f) k.high |= std::uint64_t(col[4 + f]) << (16 * f);
    for (int c = 0; c < 2; ++c) {
      const Army& a = army[c];
      k.armies |= std::uint32_t((a.surplus & 15) | (a.deficit & 15) << 4 | (a.light & 15) << 8 | (a.dark & 15) << 12)
                  << (16 * c);
    }
    return k;
  }
};

// A move of the abstraction: a capture by side `side`. Indices are places in a file, from the bottom.
struct Capture {
  enum Kind : std::uint8_t {
    PawnTakesPawn,      // the pawn at `from_index` of `from` takes the pawn at `index` of `to`, in its place
    PawnTakesPiece,     // it takes a piece of group `victim` and enters `to` at `index`
    PawnTakesPromoted,  // it takes a pawn of file `source` that promoted, and enters `to` at `index`
    PieceTakesEnd,      // a piece takes the enemy pawn at the far end of file `to` (top for white)
  };
  Kind kind;
  Color side;
  std::int8_t from = -1, to = -1, source = -1, index = -1, from_index = -1;
  Group victim = Nrq;
  std::int8_t promotion = -1;  // the group a capturing promotion gives, or -1 (it lands on `to`'s last rank)
};

// What each side must still promote: bishops of each square colour, and the N/R/Q group.
struct Needs {
  int light = 0, dark = 0, other = 0;
  int total() const { return light + dark + other; }
};

// What a state adds up to, computed once per state.
struct Tally {
  std::array<int, 2> pawns{};
  std::array<int, 2> left{};      // left[c]: the captures c has still to make (men of ~c beyond the goal's)
  std::array<Needs, 2> needs{};   // promotions c still needs
  std::array<int, 2> distance{};  // pawn_distance of each side
};

// Return whether the pawn at index i of file f (of n pawns) is one of the goal's unmoved pawns.
inline bool is_locked(const Goal& g, int f, int i, int n) {
  return (g.lock_bottom[f] && i == 0) || (g.lock_top[f] && i == n - 1);
}

Goal make_goal(const Position& pos);
State initial_state(const Goal& g);
// Return the tally of a state, its distances left at 0; add_distances fills them in (the costliest part,
// left out for states the useful-pawn bound already rules out).
Tally make_tally(const Goal& g, const State& s);
void add_distances(const Goal& g, const State& s, Tally& t);

// Return the fewest file changes, one per capture, that bring distinct pawns of c to the goal's pawns of c.
int pawn_distance(const Goal& g, const State& s, Color c);

// Return whether the captures left can all be made by pieces and the files then matched to the goal's,
// with promotions at the file ends giving the missing pieces. When `how` is set, describe the completion.
bool completes(const Goal& g, const State& s, const Tally& t, std::string* how = nullptr);
// Return false when some necessary condition fails: the state cannot lead to a kernel.
bool feasible(const Goal& g, const State& s, const Tally& t);
// Return a measure of how far the state is from completing: the order of the moves.
int shortfall(const Goal& g, const State& s, const Tally& t);

// The useful pawns of a file, under four weightings (index 2 * white + black): the heaviest subsequence of
// its pawns of the form B..B s W..W, where s is a subsequence of the goal's pawns of the file, each goal pawn
// weighing 1, each black pawn below `black` and each white pawn above `white` (0 or 1; 0 where that side may
// not promote on the file). A pawn leaving the file never raises it, one entering raises it by at most
// one, and at the end it bounds the file's goal pawns plus the promotions it gives that weigh (docs/legality.md).
using UsefulFile = std::array<std::int8_t, 4>;
UsefulFile useful_pawns(const Goal& g, int f, Column cur);

// The weightings the bounds use: each side's promotions on light squares, dark squares or both weigh.
constexpr int Weightings = 9;
// The useful pawns of every file of a state, and their sums under each weighting.
struct Useful {
  std::array<UsefulFile, 8> file{};
  std::array<std::int16_t, Weightings> sum{};
};
// Set file f's useful pawns, keeping the sums.
void set_useful(const Goal& g, Useful& u, int f, const UsefulFile& value);
// Return the slack of the useful-pawn bounds, the least over the weightings: useful pawns of all files plus
// the captures left, less the promotions that weigh and the goal's pawns. Each never rises along a kernel
// and ends at least 0, so a state where one is negative leads to no kernel.
int useful_slack(const Goal& g, const Tally& t, const Useful& useful);
// Return the slack of the first weighting, which weighs every promotion: the search's guide.
int useful_slack_all(const Goal& g, const Tally& t, const Useful& useful);

}  // namespace chessrank::legality::kernel
