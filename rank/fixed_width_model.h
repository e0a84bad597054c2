// The part of RankModel that every model of this library writes the same way: its indices fit UInt192, its
// two top levels are the side to move (two equal halves: white to move, then the colour swap) and the frame
// (castling rights and en passant case, a SumLevel), and it keeps the constraints of its list `All`
// (rank/constraints.h) or, relaxed, some of them, and then only counts. The class only needs
//
//   static constexpr Constraints All;                   the constraints it states
//   explicit Model(Constraints keep);                   the model keeping those of All in `keep`
//   Result<UInt192> rank_fast(const Position&) const;   the index, or why the position is not in S
//   Position unrank_fast(UInt192 index) const;          for index < size()
//
// (both fast paths for a strict model), optionally one of
//
//   void unrank_many(std::span<const UInt192>, std::span<Position>) const;   indices below size()
//   void prefetch_unrank(const UInt192& index) const;   ask for the lines unrank_fast(index) reads first
//
// and to call set_frames() once its tables are built. The checks of the index range live here, once, and the
// membership check of the constraints the model keeps (violation()).
#pragma once

#include <algorithm>
#include <cassert>
#include <cstddef>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/threads.h"
#include "rank/constraints.h"
#include "rank/frame.h"
#include "rank/level.h"
#include "rank/model.h"
#include "rank/uint192.h"

namespace chessrank::rank {

template <class Model>
class FixedWidthModel : public RankModel {
 public:
  explicit FixedWidthModel(Constraints keep) : kept_(keep & Model::All) {}

  // Return why a position (any side to move) is not in the model, or nullopt when it is: the check of the
  // constraints it keeps (rank/constraints.h). A model whose frames keep different ones hides it.
  std::optional<std::string> violation(const Position& pos) const { return rank::violation(pos, kept_); }
  // Return whether the model keeps all its constraints: a relaxed model only counts.
  bool strict() const { return kept_ == Model::All; }
  // Return the constraints the model keeps, and whether it keeps c.
  Constraints kept() const { return kept_; }
  bool keeps(Constraint c) const { return kept_.has(c); }

  const BigInt& size() const override { return size_; }
  // Return the number of positions with white to move: the indices below it; black to move follows.
  const UInt192& half_size() const { return frames_.total(); }
  // Return the number of positions with white to move, castling rights cr and en passant case ep.
  UInt192 frame_size(CastlingRights cr, int ep_case) const { return frames_.count(cr * EnPassantCases + ep_case); }
  BigInt frame_count(CastlingRights cr, int ep_case) const override { return frame_size(cr, ep_case).to_big(); }

  Result<BigInt> rank(const Position& pos) const override {
    Result<UInt192> r = rank_fixed(pos);
    if (!r) return Error{r.error()};
    return r.value().to_big();
  }
  Result<UInt192> rank_fixed(const Position& pos) const override {
    if (std::optional<std::string> why = refusal()) return Error{*why};
    return model().rank_fast(pos);
  }
  Result<Position> unrank(const BigInt& index) const override {
    UInt192 i;
    const bool in_range = sgn(index) >= 0 && index < size_ && UInt192::from_big(index, i);
    return checked_unrank(i, in_range);
  }
  Result<Position> unrank_fixed(const UInt192& index) const override {
    return checked_unrank(index, index < size192_);
  }
  std::optional<ManyError> unrank_fixed_many(std::span<const UInt192> indices,
                                             std::span<Position> out) const override {
    assert(indices.size() == out.size());
    if (std::optional<std::string> why = refusal()) return many_error(0, indices.size(), *why);
    std::size_t good = 0;  // the indices before the first out of range
    while (good < indices.size() && indices[good] < size192_) ++good;
    if constexpr (requires { model().unrank_many(indices, out); }) {
      model().unrank_many(indices.first(good), out.first(good));
    } else if constexpr (requires { model().prefetch_unrank(indices[0]); }) {
      // A batch at a time, the first lines of each unrank asked for before any: their cache misses overlap
      // instead of each starting an unrank.
      constexpr std::size_t Batch = 16;
      for (std::size_t at = 0; at < good; at += Batch) {
        const std::size_t n = std::min(Batch, good - at);
        for (std::size_t i = at; i < at + n; ++i) model().prefetch_unrank(indices[i]);
        for (std::size_t i = at; i < at + n; ++i) out[i] = model().unrank_fast(indices[i]);
      }
    } else {
      for (std::size_t i = 0; i < good; ++i) out[i] = model().unrank_fast(indices[i]);
    }
    if (good < indices.size()) return many_error(good, indices.size(), checked_unrank(indices[good], false).error());
    return std::nullopt;
  }

  // Return, per relaxation of the model (rank/constraints.h), what it leaves out and the size of the model
  // built so, telling `progress` of each size found. Each build takes about 0.5 s and 200 MB, so two run
  // at a time: the peak stays near 420 MB.
  std::vector<std::pair<std::string, BigInt>> without_each_constraint(
      const ProgressCallback& progress = {}) const override {
    return relaxed_sizes(progress, [](Constraints kept) { return Model(kept).size(); });
  }

 protected:
  // The same, with the size of a relaxation given by size_of(Constraints) (a model of several editions),
  // and at most `at_once` builds at a time (one where a build's tables are too large for two to run side
  // by side; each build uses both cores alone anyway). A failure in a worker comes back through
  // run_on_threads.
  template <class SizeOf>
  static std::vector<std::pair<std::string, BigInt>> relaxed_sizes(const ProgressCallback& progress, SizeOf size_of,
                                                                   unsigned at_once = 2) {
    const std::vector<Relaxed> cases = relaxations(Model::All);
    std::vector<std::pair<std::string, BigInt>> out(cases.size());
    StepCounter steps(progress, cases.size());
    for_each_index(cases.size(), worker_threads_up_to(at_once), [&](std::size_t i) {
      out[i] = {cases[i].left_out, size_of(cases[i].kept)};
      steps.step();
    });
    return out;
  }

  // Return an index of the white-to-move half: the index, less half_size() for black to move.
  UInt192 white_index(const UInt192& index) const { return index < half_size() ? index : index - half_size(); }

  // Lay out the frames, frame i (white to move) holding size_of(i) positions, and so N = 2 * their sum.
  template <class SizeOf>
  void set_frames(SizeOf&& size_of) {
    frames_.assign(size_of);
    size192_ = half_size() + half_size();
    size_ = size192_.to_big();
  }
  // Return the first index of a frame of either half.
  UInt192 frame_start(bool black, int frame) const {
    return black ? half_size() + frames_.start(frame) : frames_.start(frame);
  }
  // The two top levels of an index: the side to move and the frame.
  struct Top {
    bool black = false;
    int frame = 0;
  };
  // Return the side to move and the frame of an index below size(), and make index its offset in the frame.
  Top locate_top(UInt192& index) const {
    Top top;
    top.black = !(index < half_size());
    if (top.black) index -= half_size();
    top.frame = int(frames_.locate(index));
    return top;
  }

 private:
  const Model& model() const { return static_cast<const Model&>(*this); }
  // Return why the model cannot rank or unrank at all, or nullopt.
  std::optional<std::string> refusal() const {
    if (strict()) return std::nullopt;
    return "a relaxed " + std::string(name()) + " model only counts";
  }
  Result<Position> checked_unrank(const UInt192& index, bool in_range) const {
    if (std::optional<std::string> why = refusal()) return Error{*why};
    if (!in_range)
      return Error{"index out of range: the model " + std::string(name()) + " has indices 0 to " +
                   BigInt(size_ - 1).get_str()};
    return model().unrank_fast(index);
  }

  Constraints kept_;
  SumLevel<Frames> frames_;
  UInt192 size192_;
  BigInt size_;
};

}  // namespace chessrank::rank
