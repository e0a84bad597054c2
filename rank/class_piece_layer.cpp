#include "rank/class_piece_layer.h"

#include <algorithm>
#include <array>
#include <cassert>
#include <cstdlib>
#include <utility>

#include "core/promoted_men.h"
#include "core/threads.h"
#include "rank/binomial.h"
#include "rank/flat_index.h"

namespace chessrank::rank {

const PieceLayer::Plan ClassPieceLayer::RestPlan = {{{
    {White, Rook, 2}, {Black, Rook, 2}, {White, Queen, 1}, {Black, Queen, 1}, {Black, Knight, 2},
}}, 5};
const PieceLayer::Plan ClassPieceLayer::RestPlanWithBishops = {{{
    {White, Bishop, 2}, {Black, Bishop, 2}, {White, Rook, 2}, {Black, Rook, 2}, {White, Queen, 1},
    {Black, Queen, 1}, {Black, Knight, 2},
}}, 7};

namespace {

// The budgets a stage leaves, and the fixed rooks they carry to the rest.
struct Budget {
  std::array<int, 2> rooks;
  int white, black, men;
  std::uint64_t key() const { return pack_key({{rooks[0], 2}, {rooks[1], 2}, {white, 4}, {black, 4}, {men, 6}}); }
  FixedMen fixed() const { return {rooks, {false, false}}; }
  PieceBudget rest(int squares) const { return {white, black, men, squares}; }
};

// Call visit(knights, on set 1, budget after them) for every choice of white knights of a root group with
// x0 = a + n1 and n2 squares, in index order.
template <class Visit>
void for_each_knights(const Budget& b, int x0, int n2, Visit&& visit) {
  for (int kn = 0; kn <= x0 + n2; ++kn) {
    const int cost = promoted_of(kn, 2);
    if (cost > b.white || kn + cost > b.men) break;
    for (int k1 = std::max(0, kn - n2); k1 <= std::min(kn, x0); ++k1)
      visit(kn, k1, Budget{b.rooks, b.white - cost, b.black, b.men - kn - cost});
  }
}

// Return the promotions a side's b bishops need: beyond two, and one more when b >= 2 stand on one colour.
constexpr int bishop_cost(int b, bool mono) { return promoted_of(b, 2) + (mono ? 1 : 0); }

// Call visit(edge, budget after it) for every bishops choice of a row with r squares, in index order.
template <class Visit>
void for_each_bishops(const Budget& b, int r, Visit&& visit) {
  for (int bw = 0; bw <= r; ++bw) {
    bool any = false;
    for (bool mw : {false, true}) {
      if (mw && bw < 2) continue;
      const int cw = bishop_cost(bw, mw);
      if (cw > b.white || bw + cw > b.men) continue;
      any = true;
      for (int bb = 0; bb <= r - bw; ++bb) {
        bool fits = false;
        for (bool mb : {false, true}) {
          if (mb && bb < 2) continue;
          const int cb = bishop_cost(bb, mb);
          if (cb > b.black || bw + cw + bb + cb > b.men) continue;
          fits = true;
          visit(std::array<int, 4>{bw, mw, bb, mb},
                Budget{b.rooks, b.white - cw, b.black - cb, b.men - bw - cw - bb - cb});
        }
        if (!fits) break;  // every cost grows with the count
      }
    }
    if (!any) break;
  }
}

// The colour splits (bishops on the other colour than the king's) a side's b bishops may take: all when b <= 1,
// none or all when they are mono, the others when they are not.
struct Splits {
  int first, last, step;
  Splits(int b, bool mono)
      : first(mono ? 0 : b >= 2 ? 1 : 0), last(mono ? b : b >= 2 ? b - 1 : b), step(mono ? b : 1) {}
};

// Return the ways to put b >= 2 bishops of one side on x and y free squares of each colour, all on one.
std::uint64_t one_colour_ways(int x, int y, int b) { return Binomial(x, b) + Binomial(y, b); }

// Return the ways to put b bishops of one side on x and y free squares of each colour, mono or not.
std::uint64_t side_ways(int x, int y, int b, bool mono) {
  if (b <= 1) return Binomial(x + y, b);
  const std::uint64_t one_colour = one_colour_ways(x, y, b);
  return mono ? one_colour : Binomial(x + y, b) - one_colour;
}

}  // namespace

// The bishops of the edges with `white` white bishops on x and y free squares of each colour. A white split
// (l of them on x) has white_ways(l) ways. The sums over a kind's splits have closed forms: a scan of a
// row's edges finds each edge's count with a few lookups, where loops over the splits mispredicted their
// exits and a cache of the last sum kept state in a const object.
//
//   sum over all l of C(x, l) C(y, w - l)                  = C(x + y, w)                (Vandermonde)
//   sum over all l of C(x, l) C(y, w - l) C(x - l, b)      = C(x, b) C(x + y - b, w)    (C(x, l) C(x - l, b)
//   sum over all l of C(x, l) C(y, w - l) C(y - w + l, b)  = C(y, b) C(x + y - b, w)     = C(x, b) C(x - b, l))
//
// A kind's splits are all l (w <= 1), the ends l = 0 and l = w (mono), or all but the ends (not mono).
class ClassPieceLayer::WhiteSplits {
 public:
  WhiteSplits(int x, int y, int white) : x_(x), y_(y), white_(white) {
    sums_[1] = white >= 2 ? one_colour_ways(x, y, white) : 0;  // the ends: all on y, all on x
    sums_[0] = Binomial(x + y, white) - sums_[1];
  }
  // Return the ways of white split l, and of the black bishops after it.
  std::uint64_t white_ways(int l) const { return Binomial(x_, l) * Binomial(y_, white_ - l); }
  std::uint64_t black(int l, const BishopEdge& e) const {
    return side_ways(x_ - l, y_ - white_ + l, e.black, e.black_mono);
  }
  // Return the number of placements of edge e (whose white count is this one).
  UInt128 count(const BishopEdge& e) const {
    const UInt128 all = UInt128(sums_[e.white_mono]) * Binomial(x_ + y_ - white_, e.black);
    if (e.black <= 1) return all;  // the black bishops' ways do not depend on the split
    // After a split, black's ways are one_colour_ways(x', y', b) on one colour and the rest of C(x' + y', b),
    // whose x' + y' = x + y - white is the same for every split (side_ways).
    const UInt128 one_colour = black_on_one_colour(e.white_mono, e.black);
    return e.black_mono ? one_colour : all - one_colour;
  }
  // Return the rank of the bishops of `men` on the squares x and y (of these counts) among those of edge e:
  // by white's split, white's squares (on x, then on y), black's split and black's squares.
  UInt128 rank(Bitboard x, Bitboard y, const BishopEdge& e, const Men& men) const {
    const Bitboard white = men[White][Bishop] & (x | y), wx = white & x, wy = white & y;
    const int lw = popcount(wx);
    const Splits ws(white_, e.white_mono), bs(e.black, e.black_mono);
    UInt128 r = 0;
    for (int l = ws.first; l < lw; l += ws.step) r += UInt128(white_ways(l)) * black(l, e);
    const UInt128 white_rank = UInt128(rank_subset(wx, x)) * Binomial(y_, white_ - lw) + rank_subset(wy, y);
    // Black: on the squares white left.
    const Bitboard bx = x & ~wx, by = y & ~wy;
    const int mx = x_ - lw, my = y_ - (white_ - lw);
    const Bitboard black_men = men[Black][Bishop] & (bx | by), kx = black_men & bx, ky = black_men & by;
    const int lb = popcount(kx);
    std::uint64_t black_rank = 0;
    for (int l = bs.first; l < lb; l += bs.step) black_rank += Binomial(mx, l) * Binomial(my, e.black - l);
    black_rank += rank_subset(kx, bx) * Binomial(my, e.black - lb) + rank_subset(ky, by);
    return r + white_rank * black(lw, e) + black_rank;
  }
  // Add the bishops of rank r among those of edge e to `men`.
  void unrank(Bitboard x, Bitboard y, const BishopEdge& e, UInt128 r, Men& men) const {
    const Splits ws(white_, e.white_mono), bs(e.black, e.black_mono);
    int lw = ws.first;
    std::uint64_t after = 0;  // the black bishops' ways after the white split lw
    for (;; lw += ws.step) {
      after = black(lw, e);
      const UInt128 block = UInt128(white_ways(lw)) * after;
      if (r < block) break;
      r -= block;
    }
    // r < white_ways(lw) * after: the quotient, white's rank, fits 64 bits (the high limb is below `after`).
    std::uint64_t black_rank;
    const std::uint64_t white_rank = UInt192::div_2by1(std::uint64_t(r >> 64), std::uint64_t(r), after, black_rank);
    const std::uint64_t cy = Binomial(y_, white_ - lw);
    const Bitboard wx = unrank_subset(white_rank / cy, x, x_, lw);
    const Bitboard wy = unrank_subset(white_rank % cy, y, y_, white_ - lw);
    men[White][Bishop] |= wx | wy;
    const Bitboard bx = x & ~wx, by = y & ~wy;
    const int mx = x_ - lw, my = y_ - (white_ - lw);
    int lb = bs.first;
    for (;; lb += bs.step) {
      const std::uint64_t block = Binomial(mx, lb) * Binomial(my, e.black - lb);
      if (black_rank < block) break;
      black_rank -= block;
    }
    const std::uint64_t cb = Binomial(my, e.black - lb);
    men[Black][Bishop] |=
        unrank_subset(black_rank / cb, bx, mx, lb) | unrank_subset(black_rank % cb, by, my, e.black - lb);
  }

 private:
  // Return the sum, over white's splits l of one kind, of white_ways(l) times the ways of b >= 2 black
  // bishops on one colour after l (the closed forms above).
  UInt128 black_on_one_colour(bool mono, int b) const {
    const auto term = [&](int l) { return UInt128(white_ways(l)) * one_colour_ways(x_ - l, y_ - white_ + l, b); };
    const UInt128 ends = white_ >= 2 ? term(0) + term(white_) : 0;
    if (mono) return ends;
    return UInt128(one_colour_ways(x_, y_, b)) * Binomial(x_ + y_ - b, white_) - ends;
  }

  int x_, y_, white_;
  std::array<std::uint64_t, 2> sums_{};  // of the ways of the splits of each kind: not mono, mono
};

struct ClassPieceLayer::Builder {
  explicit Builder(ClassPieceLayer& l) : layer(l) {}
  ClassPieceLayer& layer;

  // What the construction needs beyond what unranking keeps: the groups, the bishop nodes, the rows'
  // budgets, and the rest's roots to build.
  struct Group {
    std::uint32_t first;
    std::uint8_t children, n2;  // children: of the group, from `first` on
    bool colours;
    Budget budget;
  };
  struct Node {
    std::uint32_t row;
    std::uint32_t ends;
    int x, y;
  };
  std::vector<Group> groups;
  std::vector<Node> nodes;
  std::vector<std::pair<Budget, int>> rows;  // per row: budget and squares
  std::vector<std::uint32_t> child_node;      // per child of a group: its node (with colours) or rest root
  std::vector<std::uint32_t> edge_rest;       // per bishops edge: its rest root
  FlatIndex group_of{1 << 16}, node_of{1 << 17}, row_of{1 << 13};
  std::array<FlatIndex, 2> rest_of{FlatIndex(1 << 16), FlatIndex(1 << 17)};
  std::array<std::vector<PieceLayer::Root>, 2> rest_roots;

  // Return the number of a root of the rest, in the order first asked for.
  std::uint32_t rest(int colours, const Budget& b, int squares) {
    const auto [id, added] = rest_of[colours].insert(b.key() << 7 | std::uint64_t(squares));
    if (added) rest_roots[colours].push_back({b.fixed(), b.rest(squares)});
    return id;
  }

  std::uint32_t row(const Budget& b, int r) {
    const auto [id, added] = row_of.insert(b.key() << 7 | std::uint64_t(r));
    if (added) {
      Row row{std::uint32_t(layer.bishop_edges_.size()), 0, {}};
      for_each_bishops(b, r, [&](const std::array<int, 4>& e, const Budget& after) {
        const auto at = std::uint16_t(layer.bishop_edges_.size() - row.first);
        while (row.counts <= e[0]) row.by_white[row.counts++] = at;
        layer.bishop_edges_.push_back({{}, 0, std::uint8_t(e[0]), std::uint8_t(e[2]), e[1] != 0, e[3] != 0});
        edge_rest.push_back(rest(1, after, r - e[0] - e[2]));
      });
      row.by_white[row.counts] = std::uint16_t(layer.bishop_edges_.size() - row.first);
      layer.rows_.push_back(row);
      rows.emplace_back(b, r);
    }
    return id;
  }

  std::uint32_t node(const Budget& b, int x, int y) {
    const auto [id, added] = node_of.insert(b.key() << 12 | std::uint64_t(x) << 6 | std::uint64_t(y));
    if (added) nodes.push_back({row(b, x + y), 0, x, y});
    return id;
  }

  std::uint32_t group(bool colours, const Budget& b, int x0, int n2) {
    const auto [id, added] =
        group_of.insert((b.key() << 7 | std::uint64_t(x0)) << 7 | std::uint64_t(n2) << 1 | colours);
    if (added) {
      Group g{std::uint32_t(layer.children_.size()), 0, std::uint8_t(n2), colours, b};
      for_each_knights(b, x0, n2, [&](int kn, int k1, const Budget& after) {
        child_node.push_back(colours ? node(after, x0 - k1, n2 - (kn - k1)) : rest(0, after, x0 - kn));
        if (kn > 15) std::abort();  // the choice's 4 bits; constraint 3 keeps kn <= 10
        Child child{};
        child.knights = std::uint32_t(kn), child.on_set1 = std::uint32_t(k1);
        layer.children_.push_back(child);
      });
      g.children = std::uint8_t(layer.children_.size() - g.first);  // at most 66: up to 10 knights
      groups.push_back(g);
    }
    return id;
  }
};

std::uint64_t ClassPieceLayer::root_key(const Root& r) {
  return pack_key({{r.colours, 1}, {r.rooks[0], 2}, {r.rooks[1], 2}, {r.white_promotions, 4},
                   {r.black_promotions, 4}, {r.men, 6}, {r.a, 4}, {r.n1, 6}, {r.colours ? r.n2 : 0, 6}});
}

ClassPieceLayer::ClassPieceLayer(const std::vector<Root>& roots) {
  Builder builder(*this);
  const auto fits = [](const Root& r) { return r.white_promotions >= 0 && r.black_promotions >= 0 && r.men >= 0; };
  std::vector<std::uint32_t> group_of_root(roots.size(), ~std::uint32_t(0));
  for (std::size_t i = 0; i < roots.size(); ++i) {
    const Root& r = roots[i];
    if (fits(r))
      group_of_root[i] = builder.group(r.colours, {r.rooks, r.white_promotions, r.black_promotions, r.men},
                                       r.a + r.n1, r.colours ? r.n2 : 0);
  }
  rest_[0] = PieceLayer(builder.rest_roots[0], RestPlanWithBishops);
  rest_[1] = PieceLayer(builder.rest_roots[1], RestPlan);

  // The rest's roots by their numbers, then the rows' completions, the bishop nodes, the groups' children and
  // the roots, each from the last.
  std::array<std::vector<std::int32_t>, 2> rest_handle;
  for (int c = 0; c < 2; ++c)
    for (const PieceLayer::Root& r : builder.rest_roots[c]) rest_handle[c].push_back(rest_[c].find(r.fixed, r.budget));
  for (std::size_t e = 0; e < bishop_edges_.size(); ++e) {
    const std::int32_t handle = rest_handle[1][builder.edge_rest[e]];
    bishop_edges_[e].rest = EdgeCount::of(rest_[1].count(handle));
    bishop_edges_[e].first = rest_[1].first_edge(handle);
  }
  // The bishop nodes' cumulative counts, on several threads: each node's entries have their place.
  std::size_t ends = 0;
  for (Builder::Node& n : builder.nodes) n.ends = std::uint32_t(ends), ends += rows_[n.row].counts;
  bishop_ends_.resize(ends);
  constexpr std::size_t Chunk = 1024;
  for_each_index((builder.nodes.size() + Chunk - 1) / Chunk, worker_threads_up_to(4), [&](std::size_t chunk) {
    for (std::size_t j = chunk * Chunk; j < std::min((chunk + 1) * Chunk, builder.nodes.size()); ++j) {
      const Builder::Node& n = builder.nodes[j];
      const Row& row = rows_[n.row];
      UInt192 total;
      for (int bw = 0; bw < row.counts; ++bw) {
        const WhiteSplits splits(n.x, n.y, bw);
        for (std::uint32_t e = row.first + row.by_white[bw]; e < row.first + row.by_white[bw + 1]; ++e)
          if (const UInt128 ways = splits.count(bishop_edges_[e])) total += mul(bishop_edges_[e].rest.value(), ways);
        bishop_ends_[n.ends + bw] = total;
      }
    }
  });
  for (const Builder::Group& g : builder.groups)
    for (std::uint32_t c = g.first; c < g.first + g.children; ++c) {
      Child& child = children_[c];
      if (g.colours) {
        const Builder::Node& n = builder.nodes[builder.child_node[c]];
        if (n.ends >> 24) std::abort();  // 595,359 entries in `v2`
        child.total = bishop_ends_[n.ends + rows_[n.row].counts - 1], child.row = n.row, child.ends = n.ends;
      } else {
        const std::int32_t handle = rest_handle[0][builder.child_node[c]];
        child.total = rest_[0].count(handle), child.row = std::uint32_t(handle);
      }
    }
  roots_.reserve(roots.size());
  for (std::size_t i = 0; i < roots.size(); ++i) {
    if (group_of_root[i] == ~std::uint32_t(0)) {
      roots_.push_back({});
      continue;
    }
    const Builder::Group& g = builder.groups[group_of_root[i]];
    const int n1 = roots[i].n1, n2 = g.n2;
    UInt192 total;
    for (std::uint32_t c = g.first; c < g.first + g.children; ++c)
      total += children_[c].total * children_[c].ways(n1, n2);
    roots_.push_back({total, g.first, g.colours});
  }
}


UInt192 ClassPieceLayer::rank(Knights g, const Men& men, const Squares& squares) const {
  const int n1 = popcount(squares.set1), n2 = popcount(squares.set2);
  const Bitboard knights = men[White][Knight] & (squares.set1 | squares.set2);
  const Bitboard p1 = knights & squares.set1, p2 = knights & squares.set2;
  const int k1 = popcount(p1), kn = popcount(knights);
  // The knights' blocks before this one.
  UInt192 offset;
  const Child* c = &children_[g.first];
  for (; int(c->knights) != kn || int(c->on_set1) != k1; ++c) {
    assert(c < children_.data() + children_.size());  // the caller checked the budgets: the knights' block is there
    offset += c->total * c->ways(n1, n2);
  }
  const std::uint64_t c2 = Binomial(n2, kn - k1), radix = Binomial(n1, k1) * c2;
  const std::uint64_t subset = rank_subset(p1, squares.set1) * c2 + rank_subset(p2, squares.set2);
  const Bitboard x = (squares.a | squares.set1) & ~knights, y = squares.set2 & ~knights;
  UInt192 within;
  if (!g.colours) {
    within = rest_[0].rank(int(c->row), men, x | y);
  } else {
    const Row& row = rows_[c->row];
    const Bitboard white = men[White][Bishop] & (x | y), black = men[Black][Bishop] & (x | y);
    const int bw = popcount(white), bb = popcount(black);
    const bool mw = bw >= 2 && !((white & x) && (white & y)), mb = bb >= 2 && !((black & x) && (black & y));
    const int nx = popcount(x), ny = popcount(y);
    if (bw > 0) within = bishop_ends_[c->ends + bw - 1];
    const WhiteSplits splits(nx, ny, bw);
    const BishopEdge* e = &bishop_edges_[row.first + row.by_white[bw]];
    for (; e->black != bb || e->white_mono != mw || e->black_mono != mb; ++e) {
      assert(e < &bishop_edges_[row.first + row.by_white[bw + 1]]);  // the budgets admit it: it is there
      if (const UInt128 ways = splits.count(*e)) within += mul(e->rest.value(), ways);
    }
    const UInt192 rest = rest_[1].rank_from(e->first, men, (x | y) & ~white & ~black);
    within += mul(rest, splits.count(*e)) + UInt192::from_u128(splits.rank(x, y, *e, men));
  }
  return offset + within * radix + UInt192(subset);
}

void ClassPieceLayer::unrank(Knights g, UInt192 r, const Squares& squares, Men& men) const {
  const int n1 = popcount(squares.set1), n2 = popcount(squares.set2);
  const Child* c = &children_[g.first];
  std::uint64_t radix;
  // A choice without ways has an empty block, which try_sub passes.
  for (; r.try_sub(c->total * (radix = c->ways(n1, n2))); ++c)
    assert(c + 1 < children_.data() + children_.size());  // r < count(root)
  const int kn = c->knights, k1 = c->on_set1;
  const std::uint64_t c2 = Binomial(n2, kn - k1);
  const std::uint64_t subset = r.divmod(radix);
  const Bitboard knights =
      unrank_subset(subset / c2, squares.set1, n1, k1) | unrank_subset(subset % c2, squares.set2, n2, kn - k1);
  men[White][Knight] |= knights;
  const Bitboard x = (squares.a | squares.set1) & ~knights, y = squares.set2 & ~knights;
  if (!g.colours) return rest_[0].unrank(int(c->row), r, x | y, men);
  const Row& row = rows_[c->row];
  const int nx = popcount(x), ny = popcount(y);
  int bw = 0;
  while (!(r < bishop_ends_[c->ends + bw])) ++bw;
  if (bw > 0) r -= bishop_ends_[c->ends + bw - 1];
  const WhiteSplits splits(nx, ny, bw);
  for (const BishopEdge* e = &bishop_edges_[row.first + row.by_white[bw]];; ++e) {
    assert(e < &bishop_edges_[row.first + row.by_white[bw + 1]]);  // r is below the white count's end
    const UInt128 ways = splits.count(*e);
    if (!ways) continue;
    if (r.try_sub(mul(e->rest.value(), ways))) continue;  // r is past this edge's block
    UInt192 rest, bishops;
    UInt192::divmod(r, UInt192::from_u128(ways), rest, bishops);
    splits.unrank(x, y, *e, bishops.low128(), men);
    return rest_[1].unrank_from(e->first, rest, (x | y) & ~men[White][Bishop] & ~men[Black][Bishop], men);
  }
}

std::size_t ClassPieceLayer::bytes() const {
  return roots_.size() * sizeof(RootInfo) + children_.size() * sizeof(Child) + bishop_ends_.size() * sizeof(UInt192) +
         rows_.size() * sizeof(Row) + bishop_edges_.size() * sizeof(BishopEdge) +
         rest_[0].edge_bytes() + rest_[1].edge_bytes();
}

}  // namespace chessrank::rank
