// A ranking model: a set S of positions (placement, side to move, castling rights, canonical en passant
// square; no move counters), its exact size N, and the bijection rank: S -> [0, N) with its inverse unrank.
// Models are frozen once released: a changed model gets a new name.
//
// A model is immutable once built: its const methods may be called from any number of threads at once.
#pragma once

#include <array>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/position.h"
#include "core/result.h"
#include "core/threads.h"
#include "rank/frame.h"
#include "rank/uint192.h"

namespace chessrank::rank {

class RankModel {
 public:
  virtual ~RankModel() = default;
  virtual std::string_view name() const = 0;
  virtual std::string_view description() const = 0;
  // Return N, the number of positions in S.
  virtual const BigInt& size() const = 0;
  // Return the index of `pos` in [0, N), or why it is not in S ("white has 3 promoted pieces but only
  // 2 missing pawns"). Move counters are ignored.
  virtual Result<BigInt> rank(const Position& pos) const = 0;
  // The same as a UInt192, for hot loops such as the rank code: a model may override it to skip BigInt.
  // The default calls rank and converts.
  virtual Result<UInt192> rank_fixed(const Position& pos) const {
    const Result<BigInt> r = rank(pos);
    if (!r) return Error{r.error()};
    UInt192 index;
    if (!UInt192::from_big(r.value(), index)) return Error{"the index does not fit 192 bits"};
    return index;
  }
  // Return the position of index `index`, or an error when index is not in [0, N). Counters are 0 and 1.
  virtual Result<Position> unrank(const BigInt& index) const = 0;
  // The same for an index given as UInt192, for hot loops such as sampling: a model may override it to skip
  // BigInt. The default converts and calls unrank.
  virtual Result<Position> unrank_fixed(const UInt192& index) const { return unrank(index.to_big()); }
  // Unrank indices[i] into out[i] (of the same size), for many indices at once: a model may override it to
  // overlap the unranks' reads of memory. Return nullopt, or the first index that failed and why; out is
  // then filled up to it. The default calls unrank_fixed for each.
  struct ManyError {
    std::size_t index = 0;  // in the span
    std::string message;    // "index 3 of 16: why"
  };
  virtual std::optional<ManyError> unrank_fixed_many(std::span<const UInt192> indices,
                                                     std::span<Position> out) const;

  // Return the number of positions with white to move, castling rights cr and en passant case ep_case
  // (rank/frame.h); the black-to-move half is their colour swap, as large.
  virtual BigInt frame_count(CastlingRights cr, int ep_case) const = 0;
  // Return, for each constraint that can be switched off, what it is and the size of the model without it
  // (built on demand: slow; `progress` hears of each size as it is known).
  virtual std::vector<std::pair<std::string, BigInt>> without_each_constraint(
      const ProgressCallback& progress = {}) const = 0;
};

// The sizes of a model's frames with white to move, per castling rights and en passant case (rank/frame.h).
using FrameTable = std::array<std::array<BigInt, EnPassantCases>, 16>;
FrameTable frame_table(const RankModel& model);

// Return the model of that name (see model_names()), or nullptr. Each model is built once per process, on
// first use (thread-safe), and kept to its end: `v2` takes about 0.5 s (up to four threads) and 200 MB,
// `v3` over a second and 670 MB, `v1` about 0.4 s and 200 MB, `cpr` about 30 ms and 35 MB
// (docs/performance.md). `progress` hears how far the build is, if this call builds it (v2 and v3 report
// their pawn layers; the others are quick and report nothing).
const RankModel* find_model(std::string_view name, const ProgressCallback& progress = {});
// Build the model of that name for the caller alone (nullptr for no such name): what a program that needs a
// model only for a while uses, so that its tables go when it does (`chessrank bound` reads each model's
// size in turn, and holds one model's tables at a time instead of all four).
std::unique_ptr<const RankModel> make_model(std::string_view name, const ProgressCallback& progress = {});
// What is known of a model without building its tables: its size N in decimal (fixed by its definition,
// so written down; tests/rank/cli_test.cpp checks each against the built model's size()) and its
// constraints (description()).
struct ModelFacts {
  std::string_view size;
  std::string_view description;
};
// Return the facts of the model of that name, or nothing for no such name.
std::optional<ModelFacts> model_facts(std::string_view name);
// Return the names of all models, the default first.
std::vector<std::string> model_names();
constexpr std::string_view DefaultModel = "v2";

// Return the error of the i-th of n indices of an unrank_fixed_many.
RankModel::ManyError many_error(std::size_t i, std::size_t n, const std::string& why);

}  // namespace chessrank::rank
