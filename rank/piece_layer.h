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
// its k-th edge leads to the state after placing k free men, carrying the cumulative count of the blocks
// up to k. Only the states reachable from the roots a model asks for are built: for every budget a pawn
// placement of the cpr model leaves, about 30,000 nodes (a few MB), where a dense table over all
// (stage, budget) would hold ~90 MB and miss the cache on every lookup. Unranking then walks one node
// per stage and scans its few adjacent edges; ranking reads one edge per stage.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

#include "core/position.h"
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

  // Build the states reachable from these roots. Other budgets work too, through a layer built for
  // them alone on first use (kept per thread for the calls that follow, which usually repeat it).
  explicit PieceLayer(const std::vector<Root>& roots = {});

  // Return the node of a root given to the constructor, or -1.
  int find(const FixedMen& fixed, const PieceBudget& budget) const;

  // Hot-path versions on a node from find().
  // Return the number of armies-with-placements of a root.
  const UInt192& count(int root) const { return total_[root]; }
  // Rank the free men (men & free) of a placement the root's budget admits, within count(root).
  UInt192 rank(int root, const Men& men, Bitboard free) const;
  // Add the men of rank r < count(root) on `free` to `men`.
  void unrank(int root, UInt192 r, Bitboard free, Men& men) const;

  // Return the number of armies-with-placements for these budgets.
  UInt192 count(const FixedMen& fixed, const PieceBudget& budget) const;

  // Return the army's promotions per side and its U (promotions + pieces) for a position, counting the
  // fixed men too. Used to check membership before ranking.
  static void army_cost(const Position& pos, int& white_promotions, int& black_promotions, int& men);

  // Rank the pieces of `pos` standing on `free` (the other pieces are the fixed men) within count().
  UInt192 rank(const Position& pos, Bitboard free, const FixedMen& fixed, const PieceBudget& budget) const;
  // Place the pieces of rank r on `free` into pos.
  void unrank(UInt192 r, Bitboard free, const FixedMen& fixed, const PieceBudget& budget, Position& pos) const;

  // Return the number of nodes and edges (for tests and the docs' memory figures).
  std::size_t nodes() const { return nodes_.size(); }
  std::size_t edges() const { return edges_.size(); }

 private:
  static constexpr int Stages = 10;
  static constexpr int Done = 0;  // the node after the last stage: one completion
  static constexpr int Dead = 1;  // a budget overdrawn: no completion

  struct StageInfo {
    Color side;
    PieceType type;
    int base;  // men of this kind the original army has
  };
  static const std::array<StageInfo, Stages> Stage;

  struct Node {
    std::uint32_t first = 0;    // its first edge in edges_
    std::uint8_t squares = 0;   // free squares R
    std::uint8_t kmin = 0;      // men of its first edge; edge i places kmin + i
    std::uint8_t edge_count = 0;
  };
  struct Edge {
    UInt192 end;  // the blocks of this edge and every earlier one
    std::uint32_t next = Dead;
  };

  // Return the budget after `stage` places k men (k free ones), or false when it does not fit.
  static bool after(int stage, int k, const FixedMen& fixed, PieceBudget& b);
  // Return the maximum number of free men stage can place with budget b.
  static int max_count(int stage, const FixedMen& fixed, const PieceBudget& b);
  // Return the node of (stage, fixed, b), building it and what it reaches first.
  template <class Map>
  int build(int stage, const FixedMen& fixed, const PieceBudget& b, Map& known);
  // Return a layer that has (fixed, budget) as a root, and that node: this one, or one built for it.
  std::pair<const PieceLayer*, int> resolve(const FixedMen& fixed, const PieceBudget& budget) const;

  std::vector<Node> nodes_;
  std::vector<Edge> edges_;
  std::vector<UInt192> total_;  // per node: its completions
  std::vector<std::pair<std::uint64_t, int>> roots_;  // (key, node), sorted by key
};

}  // namespace chessrank::rank
