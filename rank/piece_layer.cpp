#include "rank/piece_layer.h"

#include <algorithm>

#include "rank/binomial.h"

namespace chessrank::rank {

const std::array<PieceLayer::StageInfo, PieceLayer::Stages> PieceLayer::Stage = {{
    {White, King, 1}, {Black, King, 1}, {White, Rook, 2}, {Black, Rook, 2},
    {White, Queen, 1}, {White, Bishop, 2}, {White, Knight, 2},
    {Black, Queen, 1}, {Black, Bishop, 2}, {Black, Knight, 2},
}};

namespace {

// Return the square of the n-th (0-based) member of a set.
inline Square select_square(Bitboard b, int n) {
  while (n-- > 0) b &= b - 1;
  return lsb(b);
}

// Return the position of s among the members of `set` (the number of members below s).
inline int index_in(Bitboard set, Square s) { return popcount(set & (square_bb(s) - 1)); }

}  // namespace

bool PieceLayer::after(int stage, int k, const FixedMen& fixed, PieceBudget& b) {
  const StageInfo& st = Stage[stage];
  int& side_budget = st.side == White ? b.white_promotions : b.black_promotions;
  if (k > b.squares) return false;
  if (st.type == King) {
    if (k != (fixed.king[st.side] ? 0 : 1)) return false;
    b.men -= 1;
  } else {
    const int total = k + (st.type == Rook ? fixed.rooks[st.side] : 0);
    const int extra = std::max(0, total - st.base);
    side_budget -= extra;
    b.men -= total + extra;
  }
  b.squares -= k;
  return side_budget >= 0 && b.men >= 0;
}

int PieceLayer::max_count(int stage, const FixedMen& fixed, const PieceBudget& b) {
  if (Stage[stage].type == King) return fixed.king[Stage[stage].side] ? 0 : 1;
  int k = 0;
  for (;; ++k) {
    PieceBudget next = b;
    if (!after(stage, k + 1, fixed, next)) return k;
  }
}

PieceLayer::PieceLayer() : table_(TableStages * TableSize) {
  const FixedMen none;
  for (int s = Stages - 1; s >= FirstTableStage; --s) {
    UInt192* out = &table_[(s - FirstTableStage) * TableSize];
    for (int wb = 0; wb <= 8; ++wb)
      for (int bb = 0; bb <= 8; ++bb)
        for (int u = 0; u <= MaxU; ++u)
          for (int r = 0; r <= MaxR; ++r) {
            const PieceBudget b{wb, bb, u, r};
            UInt192 total;
            const int kmax = max_count(s, none, b);
            for (int k = 0; k <= kmax; ++k) {
              PieceBudget next = b;
              after(s, k, none, next);
              total += value(s + 1, none, next) * Binomial(r, k);
            }
            out[index(wb, bb, u, r)] = total;
          }
  }
}

UInt192 PieceLayer::value(int stage, const FixedMen& fixed, const PieceBudget& b) const {
  if (stage == Stages) return UInt192(1);
  if (stage >= FirstTableStage)
    return table_[(stage - FirstTableStage) * TableSize + index(b.white_promotions, b.black_promotions, b.men, b.squares)];
  UInt192 total;
  const int kmin = Stage[stage].type == King ? max_count(stage, fixed, b) : 0;
  const int kmax = max_count(stage, fixed, b);
  for (int k = kmin; k <= kmax; ++k) {
    PieceBudget next = b;
    if (!after(stage, k, fixed, next)) continue;
    total += value(stage + 1, fixed, next) * Binomial(b.squares, k);
  }
  return total;
}

void PieceLayer::army_cost(const Position& pos, int& white_promotions, int& black_promotions, int& men) {
  men = 0;
  for (Color c : {White, Black}) {
    const int extra = std::max(0, pos.count(c, Queen) - 1) + std::max(0, pos.count(c, Rook) - 2) +
                      std::max(0, pos.count(c, Bishop) - 2) + std::max(0, pos.count(c, Knight) - 2);
    (c == White ? white_promotions : black_promotions) = extra;
    men += extra + popcount(pos.pieces(c) & ~pos.pieces(Pawn));
  }
}

UInt192 PieceLayer::rank(const Position& pos, Bitboard free, const FixedMen& fixed, const PieceBudget& budget) const {
  struct Digit {
    UInt192 offset;
    std::uint64_t radix;
    std::uint64_t subset;
  };
  std::array<Digit, Stages> digits;
  PieceBudget b = budget;
  for (int s = 0; s < Stages; ++s) {
    const Bitboard men = pos.pieces(Stage[s].side, Stage[s].type) & free;
    const int k = popcount(men);
    const int kmin = Stage[s].type == King ? max_count(s, fixed, b) : 0;
    UInt192 offset;
    for (int j = kmin; j < k; ++j) {
      PieceBudget next = b;
      if (after(s, j, fixed, next)) offset += value(s + 1, fixed, next) * Binomial(b.squares, j);
    }
    std::uint8_t at[64];
    int n = 0;
    for (Bitboard m = men; m;) at[n++] = std::uint8_t(index_in(free, pop_lsb(m)));
    digits[s] = {offset, Binomial(b.squares, k), rank_subset(at, k)};
    after(s, k, fixed, b);
    free &= ~men;
  }
  UInt192 acc;
  for (int s = Stages - 1; s >= 0; --s) acc = digits[s].offset + acc * digits[s].radix + UInt192(digits[s].subset);
  return acc;
}

void PieceLayer::unrank(UInt192 r, Bitboard free, const FixedMen& fixed, const PieceBudget& budget, Position& pos) const {
  PieceBudget b = budget;
  for (int s = 0; s < Stages; ++s) {
    const int kmin = Stage[s].type == King ? max_count(s, fixed, b) : 0;
    const int kmax = max_count(s, fixed, b);
    int k = kmin;
    PieceBudget next = b;
    for (; k <= kmax; ++k) {
      next = b;
      if (!after(s, k, fixed, next)) continue;
      const UInt192 block = value(s + 1, fixed, next) * Binomial(b.squares, k);
      if (r < block) break;
      r -= block;
    }
    const std::uint64_t subset = r.divmod(Binomial(b.squares, k));
    std::uint8_t at[64];
    unrank_subset(subset, b.squares, k, at);
    Bitboard chosen = 0;
    for (int i = 0; i < k; ++i) chosen |= square_bb(select_square(free, at[i]));
    for (Bitboard m = chosen; m;) pos.put_piece(make_piece(Stage[s].side, Stage[s].type), pop_lsb(m));
    free &= ~chosen;
    b = next;
  }
}

}  // namespace chessrank::rank
