// The checks the model tests share: round trips on the fast path, and the frozen vectors (a released model
// keeps its size, its sampler's first draws and every pinned index <-> position pair; docs/ranking.md).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "core/fen.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/support/or_fail.h"

namespace chessrank::testing {

// Check that `count` uniform indices (seed `seed`) unrank and rank back through BigInt (RankModel).
inline void expect_round_trips(const rank::RankModel& model, std::uint64_t seed, int count) {
  rank::Rng rng(seed);
  for (int i = 0; i < count; ++i) {
    const BigInt index = rank::uniform_below(model.size(), rng);
    const Result<Position> p = model.unrank(index);
    ASSERT_TRUE(p.ok()) << index;
    const Result<BigInt> r = model.rank(p.value());
    ASSERT_TRUE(r.ok()) << to_fen(p.value()) << ": " << r.error();
    ASSERT_EQ(r.value(), index) << to_fen(p.value());
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
