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
// Stages 2..9 are tabulated once (the rook stages once per number of fixed rooks); the king stages
// place one man or none and are evaluated on the fly.
#pragma once

#include <array>
#include <cstdint>
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

class PieceLayer {
 public:
  static constexpr int MaxU = 40;
  static constexpr int MaxR = 62;

  PieceLayer();

  // Return the number of armies-with-placements for these budgets.
  UInt192 count(const FixedMen& fixed, const PieceBudget& budget) const { return value(0, fixed, budget); }

  // Return the army's promotions per side and its U (promotions + pieces) for a position, counting the
  // fixed men too. Used to check membership before ranking.
  static void army_cost(const Position& pos, int& white_promotions, int& black_promotions, int& men);

  // Rank the pieces of `pos` standing on `free` (the other pieces are the fixed men) within count().
  UInt192 rank(const Position& pos, Bitboard free, const FixedMen& fixed, const PieceBudget& budget) const;
  // Place the pieces of rank r on `free` into pos.
  void unrank(UInt192 r, Bitboard free, const FixedMen& fixed, const PieceBudget& budget, Position& pos) const;

 private:
  static constexpr int FirstTableStage = 2;
  static constexpr int Stages = 10;

  struct StageInfo {
    Color side;
    PieceType type;
    int base;  // men of this kind the original army has
  };
  static const std::array<StageInfo, Stages> Stage;

  static std::size_t index(int wb, int bb, int u, int r) { return ((std::size_t(wb) * 9 + bb) * (MaxU + 1) + u) * (MaxR + 1) + r; }
  static constexpr std::size_t TableSize = std::size_t(9) * 9 * (MaxU + 1) * (MaxR + 1);

  // Return the number of completions from `stage` on.
  UInt192 value(int stage, const FixedMen& fixed, const PieceBudget& b) const;
  // Return the budget after `stage` places k men (k free ones), or false when it does not fit.
  static bool after(int stage, int k, const FixedMen& fixed, PieceBudget& b);
  // Return the maximum number of free men stage can place with budget b.
  static int max_count(int stage, const FixedMen& fixed, const PieceBudget& b);

  // Return the table variant of a stage: fixed rooks of both sides for stage 2, black's for stage 3.
  static int variant(int stage, const FixedMen& fixed) {
    return stage == 2 ? fixed.rooks[White] * 3 + fixed.rooks[Black] : stage == 3 ? fixed.rooks[Black] : 0;
  }
  std::array<std::vector<UInt192>, Stages> tables_;  // tables_[stage][variant * TableSize + index]
};

}  // namespace chessrank::rank
