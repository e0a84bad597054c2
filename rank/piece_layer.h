// PieceLayer: counts, ranks and unranks the armies and placements of the pieces (everything but pawns)
// on the squares the pawns and the fixed men leave free.
//
// Pieces are placed kind by kind, in this order:
//
//   stage | kind         | count                      | promotions it costs its side
//   ------+--------------+----------------------------+-----------------------------
//     0   | white king   | 1 (0 squares when fixed)   | -
//     1   | black king   | 1 (0 squares when fixed)   | -
//     2   | white rooks  | fixed + free               | max(0, rooks - 2)
//     3   | black rooks  | fixed + free               | max(0, rooks - 2)
//     4   | white queens | any                        | max(0, queens - 1)
//     5   | white bishops| any                        | max(0, bishops - 2)
//     6   | white knights| any                        | max(0, knights - 2)
//    7-9  | black Q, B, N| as for white                |
//
// The state between stages is (white promotion budget, black promotion budget, budget U, free squares R).
// U bounds promotions plus pieces (kings and fixed rooks included): the capture accounting of the model
// reduces to promotions + pieces <= 40 - 2 (white pawns + black pawns) + opposed files (docs/ranking.md).
// A stage with k men on R squares contributes a block of C(R, k) * (completions) positions, and inside it
// the digit (rank of the completions) * C(R, k) + (rank of the k-subset of the free squares).
//
// The layer is a graph of states: a node is (stage, the fixed men later stages still place, budget), and
// its edge k leads to the state after placing k free men, carrying the cumulative count of the blocks up
// to k. Only the states reachable from the roots a model asks for are built: for the 64,368 blocks of
// the cpr model, 42,838 nodes and 191,902 edges (6 MB, ~30 ms), where dense tables over every
// (stage, budget) held ~90 MB and missed the cache on every lookup. Unranking walks one node per stage
// and scans its few adjacent edges; ranking reads one edge per stage.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <vector>

#include "core/position.h"
#include "rank/large_allocator.h"
#include "rank/uint192.h"

namespace chessrank::rank {

// What castling fixes: rooks on their home squares and kings on e1/e8 (not placed by this layer).
struct FixedMen {
  std::array<int, 2> rooks{0, 0};
  std::array<bool, 2> king{false, false};
};

// The budgets a pawn placement leaves to the pieces.
struct PieceBudget {
  int white_promotions;  // 8 - white pawns
  int black_promotions;  // 8 - black pawns
  int men;               // U: promotions + pieces allowed
  int squares;           // free squares R
};

// The men of a placement as one set per colour and piece type (men[color][type]).
using Men = std::array<std::array<Bitboard, PieceTypeCount>, 2>;

class PieceLayer {
 public:
  struct Root {
    FixedMen fixed;
    PieceBudget budget;
  };
  // One kind of man placed by a stage, with the number the original army has.
  struct StageInfo {
    Color side;
    PieceType type;
    int base;
    bool operator==(const StageInfo&) const = default;
  };
  static constexpr int MaxStages = 10;
  // The stages in placement order; the first `count` entries are used.
  struct Plan {
    std::array<StageInfo, MaxStages> stages;
    int count;
    bool operator==(const Plan&) const = default;
  };
  // The order of the table above (the `cpr` model).
  static const Plan AllPieces;

  // Build the states reachable from these roots.
  explicit PieceLayer(const std::vector<Root>& roots = {}, const Plan& plan = AllPieces);

  // Return the handle of a root given to the constructor, or -1.
  int find(const FixedMen& fixed, const PieceBudget& budget) const;

  // Hot-path versions on a handle from find().
  // Return the number of armies-with-placements of a root.
  const UInt192& count(int root) const { return roots_[root].total; }
  // Rank the free men (men & free) of a placement the root's budget admits, within count(root).
  UInt192 rank(int root, const Men& men, Bitboard free) const;
  // Add the men of rank r < count(root) on `free` to `men`.
  void unrank(int root, UInt192 r, Bitboard free, Men& men) const;
  // The same from a root's first edge, for a plan without king stages: a caller that keeps the edge saves
  // the dependent read of the root's record.
  std::uint32_t first_edge(int root) const { return roots_[root].first; }
  UInt192 rank_from(std::uint32_t first, const Men& men, Bitboard free) const;
  void unrank_from(std::uint32_t first, UInt192 r, Bitboard free, Men& men) const;

  // Return the number of nodes and edges (for the docs' memory figures).
  std::size_t nodes() const { return node_count_; }
  std::size_t edges() const { return std::max({edges_.size(), narrow_.size(), packed_.size()}); }
  // Return the memory the edges hold, in bytes.
  std::size_t edge_bytes() const {
    return edges_.size() * sizeof(Edge) + narrow_.size() * sizeof(NarrowEdge) + packed_.size() * sizeof(PackedEdge);
  }

 private:

  // A node is stored as its edges alone, adjacent, edge i placing kmin + i men; a walk knows the rest:
  // R is the number of free squares left, kmin is 0 but for a king stage (1, or 0 when castling fixed
  // the king). An edge leads to the first edge of the next stage's node.
  struct Edge {
    UInt192 end;  // the blocks of this edge and every earlier one of its node
    std::uint32_t next = 0;
  };
  // The same when every count of the layer fits 128 bits (v1's tail, not cpr's layer): 24 bytes instead
  // of 32, and unranking divides two limbs instead of three (about 8% of a v1 unrank, in cache and out).
  struct NarrowEdge {
    std::uint64_t end_low, end_high;  // two limbs, not an __int128, which would pad the edge to 32 bytes
    std::uint32_t next = 0;
  };
  // The same in 16 bytes when the ends leave room for the next edge's number above them (v2's rest after
  // the bishops: ends below 2^108, 182,894 edges): a walk reads a third fewer lines.
  //
  //   limb | bits
  //   -----+-------------------------------------------------------------
  //     0  | end, bits 0-63
  //     1  | end, bits 64 .. 64 + high_bits_ - 1 | next << high_bits_
  struct PackedEdge {
    std::uint64_t end_low, high;
  };
  struct RootInfo {
    std::uint64_t key;
    std::uint32_t first;  // its first edge
    std::array<std::uint8_t, 2> kings;  // per colour, men its king stage places: 1, or 0 when fixed
    UInt192 total;
  };
  struct Builder;

  // Return the budget after `stage` places k men (k free ones), or false when it does not fit.
  bool after(int stage, int k, const FixedMen& fixed, PieceBudget& b) const;
  // Return the maximum number of free men stage can place with budget b.
  int max_count(int stage, const FixedMen& fixed, const PieceBudget& b) const;
  // Return the key of a node: the stage, the fixed men it and later stages place, and the budget.
  std::uint64_t node_key(int stage, const FixedMen& fixed, const PieceBudget& b) const;
  // Return an edge's end and next edge, for each form.
  static const UInt192& end_of(const Edge& e) { return e.end; }
  static UInt128 end_of(const NarrowEdge& e) { return UInt128(e.end_high) << 64 | e.end_low; }
  UInt128 end_of(const PackedEdge& e) const {
    return UInt128(e.high & ((std::uint64_t(1) << high_bits_) - 1)) << 64 | e.end_low;
  }
  static std::uint32_t next_of(const Edge& e) { return e.next; }
  static std::uint32_t next_of(const NarrowEdge& e) { return e.next; }
  std::uint32_t next_of(const PackedEdge& e) const { return std::uint32_t(e.high >> high_bits_); }
  // Return the end and the next node of edge e, whichever form the layer keeps.
  UInt192 end(std::uint32_t e) const {
    if (!packed_.empty()) return UInt192::from_u128(end_of(packed_[e]));
    return narrow_.empty() ? edges_[e].end : UInt192::from_u128(end_of(narrow_[e]));
  }
  std::uint32_t next(std::uint32_t e) const {
    if (!packed_.empty()) return next_of(packed_[e]);
    return narrow_.empty() ? edges_[e].next : narrow_[e].next;
  }
  // Unrank on the edges of either form, with Count the matching fixed-width type.
  template <class Count, class EdgeType>
  void walk(const EdgeType* edges, std::uint32_t first, std::array<std::uint8_t, 2> kings, Count r, Bitboard free,
            Men& men) const;
  UInt192 rank(std::uint32_t first, std::array<std::uint8_t, 2> kings, const Men& men, Bitboard free) const;
  void unrank(std::uint32_t first, std::array<std::uint8_t, 2> kings, UInt192 r, Bitboard free, Men& men) const;
  bool has_kings() const;

  Plan plan_;
  LargeVector<Edge> edges_;         // empty when narrow_ or packed_ holds the edges
  LargeVector<NarrowEdge> narrow_;  // empty unless every count fits 128 bits and packed_ is empty
  LargeVector<PackedEdge> packed_;  // empty unless the counts and the edges' numbers fit 128 bits
  int high_bits_ = 0;               // packed_: the end's bits in the high limb (0..63)
  LargeVector<RootInfo> roots_;     // sorted by key
  std::size_t node_count_ = 0;
};

}  // namespace chessrank::rank
