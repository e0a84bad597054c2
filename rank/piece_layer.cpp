#include "rank/piece_layer.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <unordered_map>

#include "core/promoted_men.h"
#include "rank/binomial.h"
#include "rank/flat_index.h"

namespace chessrank::rank {

const PieceLayer::Plan PieceLayer::AllPieces = {{{
    {White, King, 1}, {Black, King, 1}, {White, Rook, 2}, {Black, Rook, 2},
    {White, Queen, 1}, {White, Bishop, 2}, {White, Knight, 2},
    {Black, Queen, 1}, {Black, Bishop, 2}, {Black, Knight, 2},
}}, 10};

// Budgets beyond what the remaining men could ever use (64 promotions, U = 200: at most 70 men and as
// many promotions) are clamped, so equal keys mean equal completions; an overdrawn budget gets its own key.
std::uint64_t PieceLayer::node_key(int stage, const FixedMen& fixed, const PieceBudget& b) const {
  if (b.white_promotions < 0 || b.black_promotions < 0 || b.men < 0 || b.squares < 0) return ~std::uint64_t(0);
  int kings = 0, rooks = 0;
  for (int s = stage; s < plan_.count; ++s) {
    const StageInfo& st = plan_.stages[s];
    if (st.type == King && fixed.king[st.side]) kings |= 1 << st.side;
    if (st.type == Rook) rooks |= fixed.rooks[st.side] << (2 * st.side);
  }
  return pack_key({{stage, 8}, {kings, 2}, {rooks, 4}, {std::min(b.white_promotions, 64), 8},
                   {std::min(b.black_promotions, 64), 8}, {std::min(b.men, 200), 8}, {b.squares, 8}});
}

bool PieceLayer::after(int stage, int k, const FixedMen& fixed, PieceBudget& b) const {
  const StageInfo& st = plan_.stages[stage];
  int& side_budget = st.side == White ? b.white_promotions : b.black_promotions;
  if (k > b.squares) return false;
  if (st.type == King) {
    if (k != (fixed.king[st.side] ? 0 : 1)) return false;
    b.men -= 1;
  } else {
    const int total = k + (st.type == Rook ? fixed.rooks[st.side] : 0);
    const int extra = promoted_of(total, st.base);
    side_budget -= extra;
    b.men -= total + extra;
  }
  b.squares -= k;
  return side_budget >= 0 && b.men >= 0;
}

int PieceLayer::max_count(int stage, const FixedMen& fixed, const PieceBudget& b) const {
  const StageInfo& st = plan_.stages[stage];
  if (st.type == King) return fixed.king[st.side] ? 0 : 1;
  const int fixed_men = st.type == Rook ? fixed.rooks[st.side] : 0;
  const int budget = st.side == White ? b.white_promotions : b.black_promotions;
  // Largest k with k <= R, extra(k) <= budget and fixed + k + extra(k) <= U, where extra(k) =
  // promoted_of(fixed + k, base): every bound is monotone in k.
  int k = std::min(b.squares, st.base + budget - fixed_men);
  while (k >= 0 && fixed_men + k + promoted_of(fixed_men + k, st.base) > b.men) --k;
  return k;
}

// The construction: nodes by key, built depth first so that a node's children exist (with their first
// edge and total) before its own edges are written.
struct PieceLayer::Builder {
  static constexpr std::uint32_t Done = 0;  // after the last stage: one completion
  static constexpr std::uint32_t Dead = 1;  // a budget overdrawn: none

  explicit Builder(PieceLayer& l) : layer(l) {}

  PieceLayer& layer;
  std::unordered_map<std::uint64_t, std::uint32_t> known;
  std::vector<std::uint32_t> first{0, 0};  // per node
  std::vector<UInt192> total{UInt192(1), UInt192()};

  // Return the node of (stage, fixed, b), building it and what it reaches first.
  std::uint32_t build(int stage, const FixedMen& fixed, const PieceBudget& b) {
    if (stage == layer.plan_.count) return Done;
    const std::uint64_t key = layer.node_key(stage, fixed, b);
    if (key == ~std::uint64_t(0)) return Dead;
    if (const auto it = known.find(key); it != known.end()) return it->second;
    // Edges k = kmin..kmax: a king stage places its one man or none; the other stages any number up to
    // kmax, every one of which fits the budget (the bounds are monotone in k).
    const int kmax = layer.max_count(stage, fixed, b);
    const int kmin = layer.plan_.stages[stage].type == King ? kmax : 0;
    const int edge_count = std::max(0, kmax - kmin + 1);
    std::array<std::uint32_t, 65> next{};
    for (int i = 0; i < edge_count; ++i) {
      PieceBudget nb = b;
      next[i] = layer.after(stage, kmin + i, fixed, nb) ? build(stage + 1, fixed, nb) : Dead;
    }
    const auto id = std::uint32_t(first.size());
    first.push_back(std::uint32_t(layer.edges_.size()));
    UInt192 acc;
    for (int i = 0; i < edge_count; ++i) {
      acc += total[next[i]] * Binomial(b.squares, kmin + i);
      layer.edges_.push_back({acc, first[next[i]]});
    }
    total.push_back(acc);
    known.emplace(key, id);
    return id;
  }
};

PieceLayer::PieceLayer(const std::vector<Root>& roots, const Plan& plan) : plan_(plan) {
  Builder builder(*this);
  builder.known.reserve(1 << 16);
  for (const Root& root : roots) {
    const std::uint32_t node = builder.build(0, root.fixed, root.budget);
    const std::array<std::uint8_t, 2> kings{std::uint8_t(root.fixed.king[White] ? 0 : 1),
                                            std::uint8_t(root.fixed.king[Black] ? 0 : 1)};
    roots_.push_back({node_key(0, root.fixed, root.budget), builder.first[node], kings, builder.total[node]});
  }
  const auto less = [](const RootInfo& a, const RootInfo& b) { return a.key < b.key; };
  const auto same = [](const RootInfo& a, const RootInfo& b) { return a.key == b.key; };
  std::sort(roots_.begin(), roots_.end(), less);
  roots_.erase(std::unique(roots_.begin(), roots_.end(), same), roots_.end());
  node_count_ = builder.first.size() - 2;  // less the Done and Dead sentinels
  roots_.shrink_to_fit();
  int end_bits = 0;
  for (const Edge& e : edges_) end_bits = std::max(end_bits, e.end.bit_width());
  const int next_bits = std::bit_width(edges_.size());
  if (end_bits + next_bits <= 128) {
    high_bits_ = std::max(0, end_bits - 64);
    packed_.reserve(edges_.size());
    for (const Edge& e : edges_) {
      const UInt128 end = e.end.low128();
      packed_.push_back({std::uint64_t(end), std::uint64_t(end >> 64) | std::uint64_t(e.next) << high_bits_});
    }
    LargeVector<Edge>().swap(edges_);
  } else if (end_bits <= 128) {
    narrow_.reserve(edges_.size());
    for (const Edge& e : edges_) {
      const UInt128 end = e.end.low128();
      narrow_.push_back({std::uint64_t(end), std::uint64_t(end >> 64), e.next});
    }
    LargeVector<Edge>().swap(edges_);
  } else {
    edges_.shrink_to_fit();
  }
}

int PieceLayer::find(const FixedMen& fixed, const PieceBudget& budget) const {
  const std::uint64_t key = node_key(0, fixed, budget);
  const auto it = std::lower_bound(roots_.begin(), roots_.end(), key,
                                   [](const RootInfo& a, std::uint64_t k) { return a.key < k; });
  return it != roots_.end() && it->key == key ? int(it - roots_.begin()) : -1;
}

bool PieceLayer::has_kings() const {
  return std::any_of(plan_.stages.begin(), plan_.stages.begin() + plan_.count,
                     [](const StageInfo& st) { return st.type == King; });
}

UInt192 PieceLayer::rank(int root, const Men& men, Bitboard free) const {
  return rank(roots_[root].first, roots_[root].kings, men, free);
}

UInt192 PieceLayer::rank_from(std::uint32_t first, const Men& men, Bitboard free) const {
  assert(!has_kings());
  return rank(first, {0, 0}, men, free);
}

UInt192 PieceLayer::rank(std::uint32_t first, std::array<std::uint8_t, 2> kings, const Men& men,
                         Bitboard free) const {
  // Digits from the first stage down; the index is their mixed-radix value with the first stage most
  // significant, so accumulate from the last.
  struct Digit {
    UInt192 offset;  // the blocks before this stage's k
    std::uint64_t radix;
    std::uint64_t subset;
  };
  std::array<Digit, MaxStages> digits;
  std::uint32_t node = first;
  int squares = popcount(free);
  for (int s = 0; s < plan_.count; ++s) {
    const StageInfo& st = plan_.stages[s];
    const Bitboard placed = men[st.side][st.type] & free;
    const int k = popcount(placed);
    const int i = st.type == King ? k - kings[st.side] : k;  // the caller checked that the army fits the budget
    assert(i >= 0);
    digits[s] = {i > 0 ? end(node + i - 1) : UInt192(), BinomialColumn[k][squares], rank_subset(placed, free)};
    free &= ~placed;
    squares -= k;
    node = next(node + i);
  }
  UInt192 acc;
  for (int s = plan_.count - 1; s >= 0; --s) {
    acc *= digits[s].radix;
    acc += UInt192(digits[s].subset);
    acc += digits[s].offset;
  }
  return acc;
}

namespace {

// A count below 2^128 with what the unrank walk does to one: compare, subtract, divide by a binomial.
struct Count128 {
  UInt128 value;
  bool operator<(UInt128 x) const { return value < x; }
  Count128& operator-=(UInt128 x) {
    value -= x;
    return *this;
  }
  // Divide by d and return the remainder: the high limb first (mostly already below d), then one
  // hardware division for the rest.
  std::uint64_t divmod(std::uint64_t d) {
    std::uint64_t high = std::uint64_t(value >> 64), quotient_high = 0, rem;
    if (high >= d) quotient_high = high / d, high %= d;
    value = UInt128(quotient_high) << 64 | UInt192::div_2by1(high, std::uint64_t(value), d, rem);
    return rem;
  }
};

}  // namespace

template <class Count, class EdgeType>
void PieceLayer::walk(const EdgeType* edges, std::uint32_t first, std::array<std::uint8_t, 2> kings, Count r,
                      Bitboard free, Men& men) const {
  std::uint32_t node = first;
  int squares = popcount(free);
  for (int s = 0; s < plan_.count; ++s) {
    const StageInfo& st = plan_.stages[s];
    const EdgeType* e = &edges[node];
    // The block holding r: the first edge whose cumulative end exceeds it (r < the node's total).
    int i = 0;
    while (!(r < end_of(e[i]))) ++i;
    if (i > 0) r -= end_of(e[i - 1]);
    const int k = st.type == King ? kings[st.side] : i;
    if (k > 0) {
      const std::uint64_t subset = r.divmod(BinomialColumn[k][squares]);
      const Bitboard chosen = unrank_subset(subset, free, squares, k);
      men[st.side][st.type] |= chosen;
      free &= ~chosen;
      squares -= k;
    }
    node = next_of(e[i]);
  }
}

void PieceLayer::unrank(int root, UInt192 r, Bitboard free, Men& men) const {
  unrank(roots_[root].first, roots_[root].kings, r, free, men);
}

void PieceLayer::unrank_from(std::uint32_t first, UInt192 r, Bitboard free, Men& men) const {
  assert(!has_kings());
  unrank(first, {0, 0}, r, free, men);
}

void PieceLayer::unrank(std::uint32_t first, std::array<std::uint8_t, 2> kings, UInt192 r, Bitboard free,
                        Men& men) const {
  if (!packed_.empty())
    walk(packed_.data(), first, kings, Count128{r.low128()}, free, men);  // r < count(root) < 2^128
  else if (!narrow_.empty())
    walk(narrow_.data(), first, kings, Count128{r.low128()}, free, men);
  else
    walk(edges_.data(), first, kings, r, free, men);
}

}  // namespace chessrank::rank
