// The checks the model tests share: round trips on the fast path, samples against the exact king sizes, and
// the frozen vectors (a released model keeps its size, its sampler's first draws and every pinned index <->
// position pair; docs/ranking.md).
#pragma once

#include <gtest/gtest.h>

#include <array>
#include <cmath>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/rank/chi_square.h"
#include "tests/support/or_fail.h"

namespace chessrank::testing {

// Check that `count` uniform indices (seed `seed`) unrank and rank back through BigInt (RankModel), and that
// rank_fixed, the model's and RankModel's default (rank, converted), gives the same index.
inline void expect_round_trips(const rank::RankModel& model, std::uint64_t seed, int count) {
  rank::Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    const BigInt index = rank::uniform_below(model.size(), rng);
    const Result<Position> p = model.unrank(index);
    ASSERT_TRUE(p.ok()) << index;
    const Result<BigInt> r = model.rank(p.value());
    ASSERT_TRUE(r.ok()) << to_fen(p.value()) << ": " << r.error();
    ASSERT_EQ(r.value(), index) << to_fen(p.value());
    const Result<rank::UInt192> fixed = model.rank_fixed(p.value()), by_default = model.RankModel::rank_fixed(p.value());
    ASSERT_TRUE(fixed.ok() && by_default.ok()) << to_fen(p.value());
    ASSERT_EQ(fixed.value().to_big(), index);
    ASSERT_EQ(by_default.value(), fixed.value());
  }
}

// Unrank `index` on the model's fixed-width path and rank the position back; return the position, and set
// `error` to why the round trip failed (empty when it did not).
template <class Model>
Position fast_round_trip(const Model& model, const rank::UInt192& index, std::string& error) {
  const Position p = model.unrank_fast(index);
  const Result<rank::UInt192> r = model.rank_fast(p);
  error.clear();
  const auto at = [&] { return index.to_big().get_str() + " -> " + to_fen(p); };
  if (!r.ok()) error = at() + ": " + r.error();
  else if (!(r.value() == index)) error = at() + " -> " + r.value().to_big().get_str();
  return p;
}

// Check that `count` uniform indices (seed `seed`) unrank and rank back on the model's fixed-width paths.
template <class Model>
void expect_fast_round_trips(const Model& model, std::uint64_t seed, int count) {
  rank::Rng rng(seed);
  rank::UniformBelow uniform(model.size());
  std::string error;
  for (int i = 0; i < count; ++i) {
    fast_round_trip(model, uniform.draw_fixed(rng), error);
    ASSERT_TRUE(error.empty()) << error;
  }
}

// Return the positions of a model's white-to-move half with the black king on each square.
template <class Model>
std::array<BigInt, 64> king_sizes(const Model& model) {
  std::array<BigInt, 64> by_king{};
  for (int f = 0; f < rank::Frames; ++f)
    for (int k = 0; k < 64; ++k) by_king[k] += model.king_size(f, Square(k)).to_big();
  return by_king;
}

// Check that `draws` uniform samples (seed 12) fall on the squares of the king of the side not to move,
// by side to move, as the model's exact king sizes say: a chi-square over 128 cells, of which at least
// `min_cells` are large enough to count.
template <class Model>
void expect_samples_match_king_sizes(const Model& model, int draws, int min_cells) {
  const std::array<BigInt, 64> by_king = king_sizes(model);
  rank::Rng rng(12);
  rank::UniformBelow uniform(model.size());
  std::vector<double> observed(128), expected(128);
  for (int i = 0; i < draws; ++i) {
    const Position p = model.unrank_fast(uniform.draw_fixed(rng));
    const bool black = p.side_to_move() == Black;
    const Square king = black ? flip_rank(p.king_square(White)) : p.king_square(Black);
    observed[black * 64 + king]++;
  }
  for (int i = 0; i < 128; ++i)
    expected[i] = draws * std::exp2(log2_big(by_king[i % 64]) - log2_big(model.size()));
  int cells = 0;
  const double chi2 = chi_square(observed, expected, cells);
  ASSERT_GE(cells, min_cells);
  // Chi-square at p = 0.001 for 127 degrees of freedom is 181.
  EXPECT_LT(chi2, 181.0) << cells << " cells";
}

// Check that `model` has size `size`, that the first `draws` pairs are its sampler's first draws with
// seed 20261121 (or they stop being uniform draws), and that every pair unranks and ranks as pinned.
inline void expect_frozen(const rank::RankModel& model, const char* size,
                          const std::vector<std::pair<const char*, const char*>>& pairs, int draws) {
  EXPECT_EQ(model.size(), BigInt(size));
  rank::Rng rng(20261121);
  for (int i = 0; i < draws; ++i) EXPECT_EQ(rank::uniform_below(model.size(), rng), BigInt(pairs[i].first));
  for (const auto& [index, text] : pairs) {
    const Result<Position> p = model.unrank(BigInt(index));
    ASSERT_TRUE(p.ok()) << index;
    EXPECT_EQ(to_fen4(p.value()), text) << index;
    const Result<BigInt> r = model.rank(fen_or_fail(std::string(text) + " 0 1"));
    ASSERT_TRUE(r.ok()) << text << ": " << r.error();
    EXPECT_EQ(r.value(), BigInt(index)) << text;
  }
}

}  // namespace chessrank::testing
