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

// Return the k-subset of `set` (n members) of colex rank r: unrank_subset, walking the set's squares
// from the top instead of selecting each member by its index.
inline Bitboard unrank_subset_of(std::uint64_t r, Bitboard set, int n, int k) {
  Bitboard chosen = 0;
  int c = n - 1;  // msb(set) is member number c
  for (int i = k; i >= 1; --i, --c) {
    for (; Binomial(c, i) > r; --c) set ^= square_bb(msb(set));
    const Square s = msb(set);
    chosen |= square_bb(s);
    set ^= square_bb(s);
    r -= Binomial(c, i);
  }
  return chosen;
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
  const StageInfo& st = Stage[stage];
  if (st.type == King) return fixed.king[st.side] ? 0 : 1;
  const int fixed_men = st.type == Rook ? fixed.rooks[st.side] : 0;
  const int budget = st.side == White ? b.white_promotions : b.black_promotions;
  // Largest k with k <= R, extra(k) <= budget and fixed + k + extra(k) <= U, where extra(k) =
  // max(0, fixed + k - base): every bound is monotone in k.
  int k = std::min(b.squares, st.base + budget - fixed_men);
  while (k >= 0 && fixed_men + k + std::max(0, fixed_men + k - st.base) > b.men) --k;
  return k;
}

PieceLayer::PieceLayer() {
  for (int s = Stages - 1; s >= FirstTableStage; --s) {
    const int variants = s == 2 ? 9 : s == 3 ? 3 : 1;
    tables_[s].resize(variants * TableSize);
    for (int v = 0; v < variants; ++v) {
      FixedMen fixed;
      if (s == 2) fixed.rooks = {v / 3, v % 3};
      if (s == 3) fixed.rooks = {0, v};
      UInt192* out = &tables_[s][v * TableSize];
      for (int wb = 0; wb <= 8; ++wb)
        for (int bb = 0; bb <= 8; ++bb)
          for (int u = 0; u <= MaxU; ++u)
            for (int r = 0; r <= MaxR; ++r) {
              const PieceBudget b{wb, bb, u, r};
              UInt192 total;
              const int kmax = max_count(s, fixed, b);
              for (int k = 0; k <= kmax; ++k) {
                PieceBudget next = b;
                if (after(s, k, fixed, next)) total += value(s + 1, fixed, next) * Binomial(r, k);
              }
              out[index(wb, bb, u, r)] = total;
            }
    }
  }
}

UInt192 PieceLayer::value(int stage, const FixedMen& fixed, const PieceBudget& b) const {
  if (stage == Stages) return UInt192(1);
  if (b.men < 0 || b.white_promotions < 0 || b.black_promotions < 0 || b.squares < 0) return UInt192();
  if (stage >= FirstTableStage)
    return tables_[stage][variant(stage, fixed) * TableSize +
                          index(b.white_promotions, b.black_promotions, std::min(b.men, MaxU), b.squares)];
  PieceBudget next = b;  // a king stage: one man, or none when castling fixed it
  const int k = max_count(stage, fixed, b);
  if (!after(stage, k, fixed, next)) return UInt192();
  return value(stage + 1, fixed, next) * Binomial(b.squares, k);
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
    const Bitboard chosen = unrank_subset_of(subset, free, b.squares, k);
    for (Bitboard m = chosen; m;) pos.put_piece(make_piece(Stage[s].side, Stage[s].type), pop_lsb(m));
    free &= ~chosen;
    b = next;
  }
}

}  // namespace chessrank::rank
