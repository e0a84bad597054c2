#include "bound/nopromo_sample.h"

#include <algorithm>
#include <cassert>

#include "bound/army.h"
#include "rank/binomial.h"

namespace chessrank::bound {

namespace {

using rank::Binomial;
using rank::UInt192;

constexpr Bitboard PawnCells = ~(rank_bb(Rank1) | rank_bb(Rank8));
constexpr Bitboard LightPawnCells = PawnCells & LightSquaresBB, DarkPawnCells = PawnCells & DarkSquaresBB;
constexpr int HalfCells = 24;  // pawn cells of each colour
constexpr int HalfBoard = 32;  // squares of each colour

// The bishops of a class, one bit each: white light, black light, white dark, black dark.
constexpr int WhiteLight = 1, BlackLight = 2, WhiteDark = 4, BlackDark = 8;

std::uint64_t falling(int n, int k) {
  std::uint64_t r = 1;
  for (int i = 0; i < k; ++i) r *= std::uint64_t(std::max(0, n - i));
  return r;
}

// The placements of w white and b black pawns with exactly `light` of them on light cells and lw of the
// white ones there.
std::uint64_t pawn_ways(int w, int b, int light, int lw) {
  const int lb = light - lw;
  return Binomial(HalfCells, lw) * Binomial(HalfCells, w - lw) * Binomial(HalfCells - lw, lb) *
         Binomial(HalfCells - (w - lw), b - lb);
}

// Return a uniform k-subset of `set` (n members).
Bitboard subset(pcg64& rng, Bitboard set, int k) {
  const int n = popcount(set);
  return rank::unrank_subset(rng(Binomial(n, k)), set, n, k);
}

// Return a uniform member of `set`. (pcg's bounded draws reject, so they carry no modulo bias.)
Square one_of(pcg64& rng, Bitboard set) { return nth_square(set, int(rng(std::uint64_t(popcount(set))))); }

}  // namespace

NopromoSampler::NopromoSampler(const NopromoShape& shape) : shape_(shape), class_draw_(BigInt(1)) {
  assert(shape.files == 8 && shape.ranks == 8);
  ways_ = nopromo_piece_orders(shape);
  const int per_side = int(ways_.size()) - 1;
  pairs_.assign(std::size_t(2 * per_side + 1), 0);
  for (int cw = 0; cw <= per_side; ++cw)
    for (int cb = 0; cb <= per_side; ++cb)
      pairs_[std::size_t(cw + cb)] += Binomial(cw + cb, cw) * ways_[std::size_t(cw)] * ways_[std::size_t(cb)];

  for (int w = 0; w <= 8; ++w)
    for (int b = 0; b <= 8; ++b)
      for (int light = 0; light <= std::min(w + b, 2 * HalfCells); ++light) {
        std::uint64_t pawns = 0;
        for (int lw = 0; lw <= std::min(w, light); ++lw) pawns += pawn_ways(w, b, light, lw);
        if (pawns == 0) continue;
        for (int bishops = 0; bishops < 16; ++bishops) {
          if ((bishops & (WhiteLight | BlackLight)) && !shape.light_bishops) continue;
          if ((bishops & (WhiteDark | BlackDark)) && !shape.dark_bishops) continue;
          const int kl = popcount(Bitboard(bishops & 3)), kd = popcount(Bitboard(bishops >> 2));
          const int free = 64 - w - b - kl - kd - 2;  // after pawns, bishops and kings
          UInt192 size = UInt192::from_u128(pawns);
          size *= falling(HalfBoard - light, kl) * falling(HalfBoard - (w + b - light), kd);
          size *= falling(free + 2, 2);
          for (int others = 0; others < int(pairs_.size()) && others <= free; ++others) {
            const UInt192 s = size * (Binomial(free, others) * pairs_[std::size_t(others)]);
            total_ += s;
            classes_.push_back({std::uint8_t(w), std::uint8_t(b), std::uint8_t(light), std::uint8_t(bishops),
                                std::uint8_t(others)});
            ends_.push_back(total_);
          }
        }
      }
  class_draw_ = rank::UniformBelow(total_.to_big());
}

Position NopromoSampler::draw(pcg64& rng) const {
  const UInt192 r = class_draw_.draw_fixed(rng);
  const Class& k = classes_[std::size_t(std::upper_bound(ends_.begin(), ends_.end(), r) - ends_.begin())];
  const int w = k.white_pawns, b = k.black_pawns, light = k.light_pawns;
  Bitboard by_piece[PieceCount] = {};

  // Pawns: the white pawns on light cells, lw, in proportion to the placements with that many.
  std::uint64_t total = 0;
  for (int lw = 0; lw <= std::min(w, light); ++lw) total += pawn_ways(w, b, light, lw);
  std::uint64_t x = rng(total);
  int lw = 0;
  for (;; ++lw) {
    const std::uint64_t n = pawn_ways(w, b, light, lw);
    if (x < n) break;
    x -= n;
  }
  const Bitboard white = subset(rng, LightPawnCells, lw) | subset(rng, DarkPawnCells, w - lw);
  const Bitboard black =
      subset(rng, LightPawnCells & ~white, light - lw) | subset(rng, DarkPawnCells & ~white, b - (light - lw));
  by_piece[WhitePawn] = white, by_piece[BlackPawn] = black;
  Bitboard free = ~(white | black);

  // Bishops on their colours, then the kings, each uniform on the squares left.
  const auto place = [&](Piece p, Bitboard where) {
    const Square s = one_of(rng, free & where);
    by_piece[p] |= square_bb(s);
    free &= ~square_bb(s);
  };
  if (k.bishops & WhiteLight) place(WhiteBishop, LightSquaresBB);
  if (k.bishops & BlackLight) place(BlackBishop, LightSquaresBB);
  if (k.bishops & WhiteDark) place(WhiteBishop, DarkSquaresBB);
  if (k.bishops & BlackDark) place(BlackBishop, DarkSquaresBB);
  place(WhiteKing, ~Bitboard(0));
  place(BlackKing, ~Bitboard(0));

  // The other pieces: their squares, then how many are white (in proportion to the arrangements), which
  // squares those are, and the kinds of each side.
  const int c = k.others;
  const Bitboard squares = subset(rng, free, c);
  x = rng(pairs_[std::size_t(c)]);
  int cw = std::max(0, c - int(ways_.size()) + 1);
  for (;; ++cw) {
    const std::uint64_t n = Binomial(c, cw) * ways_[std::size_t(cw)] * ways_[std::size_t(c - cw)];
    if (x < n) break;
    x -= n;
  }
  const Bitboard white_squares = subset(rng, squares, cw);
  for (Color side : {White, Black}) {
    Bitboard mine = side == White ? white_squares : squares & ~white_squares;
    const int count = popcount(mine);
    std::uint64_t y = rng(ways_[std::size_t(count)]);
    int queens = 0, rooks = 0;
    [&] {
      for (queens = 0; queens <= shape_.queens; ++queens)
        for (rooks = 0; rooks <= shape_.rooks; ++rooks) {
          const int knights = count - queens - rooks;
          if (knights < 0 || knights > shape_.knights) continue;
          const std::uint64_t n = factorial(count) / (factorial(queens) * factorial(rooks) * factorial(knights));
          if (y < n) return;
          y -= n;
        }
    }();
    const Bitboard q = subset(rng, mine, queens);
    mine &= ~q;
    const Bitboard rk = subset(rng, mine, rooks);
    by_piece[make_piece(side, Queen)] = q;
    by_piece[make_piece(side, Rook)] = rk;
    by_piece[make_piece(side, Knight)] = mine & ~rk;
  }

  Position pos;
  pos.set_placement(by_piece);
  pos.set_side_to_move(White);
  return pos;
}

}  // namespace chessrank::bound
