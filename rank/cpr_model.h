// The `cpr` ranking model: the constraint set of the 2021 ranking (Tromp's "urpositions"), with every
// position counted exactly once. docs/ranking.md states the set and proves each constraint.
//
// docs/models/cpr.md specifies the index: levels side to move, frame, pawn block, then piece rank times
// pawn count plus pawn rank.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "rank/fixed_width_model.h"
#include "rank/frame.h"
#include "rank/pawn_layer.h"
#include "rank/piece_layer.h"
#include "rank/level.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class CprModel final : public FixedWidthModel<CprModel> {
 public:
  static constexpr int Blocks = 9 * 9 * 9;

  // The constraints it states (rank/constraints.h); a model built without some of them counts a larger
  // set and refuses to rank and unrank.
  static constexpr Constraints All = CprConstraints;

  CprModel() : CprModel(All) {}
  explicit CprModel(Constraints keep);

  std::string_view name() const override { return "cpr"; }
  std::string_view description() const override;

  // Fixed-width versions for hot loops, of a strict model; unrank_fast requires index < size().
  Result<UInt192> rank_fast(const Position& pos) const;
  Position unrank_fast(UInt192 index) const;
  // Return the piece layer (its size figures, for the benchmarks).
  const PieceLayer& piece_layer() const { return pieces_; }

  // Return the size of level-4 block (wp, bp, o) of a frame (white to move).
  UInt192 block_size(int frame, int wp, int bp, int o) const {
    return frames_[frame].blocks.count((wp * 9 + bp) * 9 + o);
  }
  // Return the first index of every non-empty level-4 block of the white-to-move half, in order.
  std::vector<UInt192> block_starts() const;

 private:
  struct Frame : FrameInfo {
    SumLevel<Blocks> blocks;                        // the pawn blocks (wp * 9 + bp) * 9 + o
    std::array<std::int32_t, Blocks> piece_root{};  // per block: its node in pieces_, -1 when empty
  };
  PieceBudget budget(const Frame& f, int wp, int bp, int o) const;

  std::vector<std::unique_ptr<PawnLayer>> pawn_layers_;  // per en passant case
  PieceLayer pieces_;
  std::vector<Frame> frames_;
};

// The constraints of cpr, as description() gives them.
inline constexpr std::string_view CprDescription =
    "the 2021 constraint set (one king each, no pawn on ranks 1/8, castling and en passant consistency, "
    "promotion and capture accounting with bishops counted without their square colours, opposed files), each "
    "position counted once";

}  // namespace chessrank::rank
