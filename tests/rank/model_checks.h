// The checks the model tests share: round trips (through BigInt, on the fast path, at block boundaries and
// next to powers of two), random members against a test's own predicate, samples against the exact king
// sizes, and the frozen vectors (a released model keeps its size, its sampler's first draws and every pinned
// index <-> position pair; docs/ranking.md).
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "core/bigint.h"
#include "core/fen.h"
#include "rank/constraints.h"
#include "rank/frame.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/rank/chi_square.h"
#include "tests/rank/order_check.h"
#include "tests/support/corpus.h"
#include "tests/support/or_fail.h"

namespace chessrank::testing {

// What a model says of a position that keeps the cpr constraints: "in the model", or a part of the reason
// it gives for refusing it.
struct Verdict {
  const char* fen;
  const char* why;
};
// Check a model's verdicts on positions that keep the cpr constraints (a refusal reads "not in model
// <name>: " and then the reason), and that it refuses a position breaking one of those with cpr's reason.
inline void expect_verdicts(const rank::RankModel& model, std::span<const Verdict> verdicts) {
  const std::string prefix = "not in model " + std::string(model.name()) + ": ";
  for (const auto& [fen, why] : verdicts) {
    const Position p = fen_or_fail(fen);
    EXPECT_FALSE(rank::cpr_violation(p)) << fen;
    const Result<BigInt> r = model.rank(p);
    if (std::string(why) == "in the model") {
      EXPECT_TRUE(r.ok()) << fen << ": " << (r.ok() ? "" : r.error());
      continue;
    }
    if (r.ok()) {
      ADD_FAILURE() << fen << " is in the model";
      continue;
    }
    EXPECT_EQ(r.error().rfind(prefix, 0), 0u) << fen << ": " << r.error();
    EXPECT_NE(r.error().find(why), std::string::npos) << fen << ": " << r.error();
  }
  const Position promoted = fen_or_fail("k7/8/8/8/8/QQQQ4/PPPPPP2/K7 w - - 0 1");  // 3 promoted, 2 pawns missing
  ASSERT_TRUE(rank::cpr_violation(promoted));
  const Result<BigInt> r = model.rank(promoted);
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.error(), prefix + *rank::cpr_violation(promoted));
}

// Check that a model built with FrameZero::Plain ranks and unranks as the accelerated one: `count` uniform
// indices of frame 0 in each half (seed `seed`), one at a time and many at once, and the positions of
// random games. The accelerator's records, runs and jump table against sums of the classes before.
template <class Model>
void expect_accelerator_matches_plain_path(const Model& accelerated, const Model& plain, std::uint64_t seed,
                                           int count) {
  ASSERT_EQ(accelerated.size(), plain.size());
  const rank::UInt192 frame = accelerated.frame_size(NoCastling, 0);
  ASSERT_EQ(frame, plain.frame_size(NoCastling, 0));
  rank::Rng rng(seed);
  std::vector<rank::UInt192> indices;
  for (int i = 0; i < count; ++i) {
    rank::UInt192 index;
    ASSERT_TRUE(rank::UInt192::from_big(rank::uniform_below(frame.to_big(), rng), index));
    indices.push_back(index);
    indices.push_back(index + accelerated.half_size());
  }
  std::vector<Position> many(indices.size());
  ASSERT_FALSE(accelerated.unrank_fixed_many(indices, many));
  for (std::size_t i = 0; i < indices.size(); ++i) {
    const Position p = plain.unrank_fast(indices[i]);
    ASSERT_TRUE(p.same_position(accelerated.unrank_fast(indices[i]))) << indices[i].to_big();
    ASSERT_TRUE(p.same_position(many[i])) << indices[i].to_big();
    ASSERT_EQ(accelerated.rank_fast(p).value(), indices[i]) << to_fen(p);
  }
  int ranked = 0;
  for (const Position& p : random_game_corpus(std::size_t(count), seed)) {
    const Result<rank::UInt192> a = accelerated.rank_fast(p), b = plain.rank_fast(p);
    ASSERT_EQ(a.ok(), b.ok()) << to_fen(p);
    if (!a.ok()) continue;
    ASSERT_EQ(a.value(), b.value()) << to_fen(p);
    ++ranked;
  }
  EXPECT_GT(ranked, count / 2);
}

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
    const Result<rank::UInt192> fixed = model.rank_fixed(p.value());
    const Result<rank::UInt192> by_default = model.RankModel::rank_fixed(p.value());
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

// Check that unrank_fixed_many, through RankModel, gives the positions unrank_fast gives one at a time: on
// `count` uniform indices (seed `seed`) shuffled among the first and last index of `count` / 10 level-4
// blocks spread over both halves (so that a batch mixes frames, kings and sides; the blocks of the frames
// with castling or en passant are most of them, and slow to unrank), in spans of every length from 0 to 40
// and one of all; and that an index out of range fails with its place, the positions before it made.
template <class Model>
void expect_many_match_one_at_a_time(const Model& model, std::uint64_t seed, int count) {
  const rank::RankModel& as_model = model;
  rank::Rng rng(seed);
  rank::UniformBelow uniform(model.size());
  std::vector<rank::UInt192> indices{rank::UInt192(), model.half_size() + model.half_size() - rank::UInt192(1)};
  const std::vector<rank::UInt192> starts = model.block_starts();
  const std::size_t step = starts.size() / std::size_t(std::max(1, count / 10)) + 1;
  for (std::size_t k = 0; k < starts.size(); k += step)
    for (const rank::UInt192& half : {rank::UInt192(), model.half_size()}) {
      indices.push_back(starts[k] + half);
      if (!starts[k].is_zero()) indices.push_back(starts[k] + half - rank::UInt192(1));
    }
  for (int i = 0; i < count; ++i) indices.push_back(uniform.draw_fixed(rng));
  std::shuffle(indices.begin(), indices.end(), rng);
  std::vector<Position> expected;
  for (const rank::UInt192& i : indices) expected.push_back(model.unrank_fast(i));

  std::vector<Position> out(indices.size());
  const auto expect_span = [&](std::size_t from, std::size_t n) {
    // Cleared first: a call that wrote nothing must not pass on what an earlier call left.
    std::fill(out.begin() + std::ptrdiff_t(from), out.begin() + std::ptrdiff_t(from + n), Position());
    const std::span<const rank::UInt192> in(indices.data() + from, n);
    const auto error = as_model.unrank_fixed_many(in, std::span(out.data() + from, n));
    ASSERT_FALSE(error) << error->message;
    for (std::size_t i = from; i < from + n; ++i)
      ASSERT_TRUE(out[i] == expected[i]) << indices[i].to_big() << ": " << to_fen(out[i]) << " against "
                                          << to_fen(expected[i]);
  };
  expect_span(0, indices.size());
  for (std::size_t n = 0, from = 0; n <= 40 && from + n <= indices.size(); from += n, ++n) expect_span(from, n);

  // RankModel's default (unrank_fixed one index at a time), which the models of this library override, the
  // same way.
  const std::size_t n = std::min<std::size_t>(indices.size(), 100);
  std::vector<Position> by_default(n);
  const auto none = as_model.RankModel::unrank_fixed_many(std::span(indices).first(n), by_default);
  ASSERT_FALSE(none) << none->message;
  EXPECT_TRUE(std::equal(by_default.begin(), by_default.end(), expected.begin()));

  std::vector<rank::UInt192> some{indices[0], indices[1], model.half_size() + model.half_size(), indices[2]};
  for (const bool base : {false, true}) {
    std::vector<Position> made(some.size());
    const auto error =
        base ? as_model.RankModel::unrank_fixed_many(some, made) : as_model.unrank_fixed_many(some, made);
    ASSERT_TRUE(error);
    EXPECT_EQ(error->index, 2u);
    EXPECT_EQ(error->message.rfind("index 2 of 4: index out of range", 0), 0u) << error->message;
    EXPECT_TRUE(made[0] == expected[0] && made[1] == expected[1]);
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

// Return, per cell, how many of `draws` uniform samples (seed `seed`) fall in it, and how many the exact
// sizes say should: cell_of(position) is its cell, (cell % parts.size()) of the sizes in `parts` (a
// white-to-move size each; black to move is its colour swap).
template <class Model, class CellOf>
std::pair<std::vector<double>, std::vector<double>> sampled_cells(const Model& model, std::uint64_t seed, int draws,
                                                                  const std::vector<BigInt>& parts, CellOf cell_of) {
  std::vector<double> observed(2 * parts.size()), expected(2 * parts.size());
  rank::Rng rng(seed);
  rank::UniformBelow uniform(model.size());
  for (int i = 0; i < draws; ++i) observed[cell_of(model.unrank_fast(uniform.draw_fixed(rng)))]++;
  for (std::size_t i = 0; i < expected.size(); ++i) {
    const BigInt& part = parts[i % parts.size()];
    if (part != 0) expected[i] = draws * std::exp2(log2_big(part) - log2_big(model.size()));
  }
  return {observed, expected};
}

// Check that `draws` uniform samples (seed 12) fall on the squares of the king of the side not to move,
// by side to move, as the model's exact king sizes say: a chi-square over 128 cells, of which at least
// `min_cells` are large enough to count.
template <class Model>
void expect_samples_match_king_sizes(const Model& model, int draws, int min_cells) {
  const std::array<BigInt, 64> by_king = king_sizes(model);
  const auto [observed, expected] =
      sampled_cells(model, 12, draws, std::vector<BigInt>(by_king.begin(), by_king.end()), [](const Position& p) {
        const bool black = p.side_to_move() == Black;
        return black * 64 + (black ? flip_rank(p.king_square(White)) : p.king_square(Black));
      });
  int cells = 0;
  const double chi2 = chi_square(observed, expected, cells);
  ASSERT_GE(cells, min_cells);
  // Chi-square at p = 0.001 for 127 degrees of freedom is 181.
  EXPECT_LT(chi2, 181.0) << cells << " cells";
}

// Check that `draws` uniform samples (seed 13) fall in the level-4 blocks, the pawn classes (white pawns,
// black pawns) of the white-to-move normal form, as the blocks' exact sizes say: a chi-square over the 2 * 81
// (side to move, white pawns, black pawns) cells. Each block of block_starts() is labelled by the pawns of
// the position its first index unranks to, and each sample by its own pawns (colours exchanged for black
// to move); so a block whose positions had other pawns than its first would show too.
template <class Model>
void expect_samples_match_pawn_block_sizes(const Model& model, int draws) {
  const std::vector<rank::UInt192> starts = model.block_starts();
  rank::UInt192 half;
  ASSERT_TRUE(rank::UInt192::from_big(model.size() / 2, half));
  std::array<rank::UInt192, 81> sums{};  // below N: no BigInt per block
  for (std::size_t j = 0; j < starts.size(); ++j) {
    const Position first = model.unrank_fast(starts[j]);
    ASSERT_EQ(first.side_to_move(), White);
    const rank::UInt192 end = j + 1 < starts.size() ? starts[j + 1] : half;
    sums[9 * first.count(White, Pawn) + first.count(Black, Pawn)] += end - starts[j];
  }
  std::vector<BigInt> by_pawns;
  for (const rank::UInt192& sum : sums) by_pawns.push_back(sum.to_big());
  const auto [observed, expected] = sampled_cells(model, 13, draws, by_pawns, [](const Position& p) {
    const Color us = p.side_to_move(), them = ~us;
    return (us == Black) * 81 + 9 * p.count(us, Pawn) + p.count(them, Pawn);
  });
  int cells = 0;
  const double chi2 = chi_square(observed, expected, cells);
  ASSERT_GE(cells, 20);
  EXPECT_LT(chi2, chi_square_critical_999(cells - 1)) << cells << " cells";
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

// Collect failures of a long loop, reporting the first few in full and then only their number.
struct Failures {
  int count = 0;
  void add(const std::string& what) {
    if (count++ < 5) ADD_FAILURE() << what;
  }
  ~Failures() { EXPECT_EQ(count, 0) << "failures in all"; }
};

// Unrank index i on the fast path, rank the position back, record a failure (prefixed by label(), built
// only then) unless it gives i, and return the position.
template <class Model, class Label>
Position fast_round_trip(const Model& model, const rank::UInt192& i, const Label& label, Failures& failures) {
  std::string error;
  const Position p = fast_round_trip(model, i, error);
  if (!error.empty()) failures.add(label() + ": " + error);
  return p;
}

// Rank a position through BigInt, check that the index is below N and in the half of its side to move, and
// unrank it back.
template <class Model>
void expect_rank_round_trip(const Model& model, const Position& p) {
  const Result<BigInt> r = model.rank(p);
  ASSERT_TRUE(r.ok()) << to_fen(p) << ": " << r.error();
  ASSERT_LT(r.value(), model.size());
  EXPECT_EQ(r.value() >= model.half_size().to_big(), p.side_to_move() == Black) << to_fen(p);
  const Result<Position> back = model.unrank(r.value());
  ASSERT_TRUE(back.ok());
  EXPECT_TRUE(back.value().same_position(p)) << to_fen(p) << " came back as " << to_fen(back.value());
}

// The level-4 block of a position, in index order: frame, black king (white-to-move form), white pawns,
// black pawns, opposed files. Computed by the order tests' own key_position, not by the model's code.
using BlockKey = std::tuple<int, int, int, int, int>;
inline BlockKey block_key(const Position& p) {
  const KeyPosition k = key_position(p);
  return {int(k.castling) * rank::EnPassantCases + k.ep_case, lsb(k.men[Black][King]), popcount(k.men[White][Pawn]),
          popcount(k.men[Black][Pawn]), k.opposed_files};
}

// Unrank the first and the last index of every level-4 block (model.block_starts()): they round-trip, they
// share a block key, and the key increases from each block to the next. The white-to-move half every
// `scale`-th block, the black-to-move half every 8 * scale-th.
template <class Model>
void expect_block_boundaries(const Model& model, std::size_t scale) {
  std::vector<rank::UInt192> starts = model.block_starts();
  ASSERT_FALSE(starts.empty());
  EXPECT_TRUE(starts.front() == rank::UInt192());
  EXPECT_TRUE(std::is_sorted(starts.begin(), starts.end()));
  starts.push_back(model.half_size());
  Failures failures;
  const auto key_at = [&](const rank::UInt192& i) {
    return block_key(fast_round_trip(model, i, [] { return std::string("block boundary"); }, failures));
  };
  key_at(model.half_size() + model.half_size() - rank::UInt192(1));  // the last index
  constexpr std::size_t BlackStep = 8;
  for (const bool black : {false, true}) {
    const rank::UInt192 offset = black ? model.half_size() : rank::UInt192();
    const std::size_t step = (black ? BlackStep : 1) * scale;
    BlockKey previous_last{};
    for (std::size_t k = 0; k + 1 < starts.size() && failures.count < 5; k += step) {
      const BlockKey first = key_at(offset + starts[k]), last = key_at(offset + starts[k + 1] - rank::UInt192(1));
      if (first != last) failures.add("block at " + starts[k].to_big().get_str() + " holds two keys");
      if (k > 0 && !(previous_last < first))
        failures.add("the block at " + starts[k].to_big().get_str() + " does not sort after the one before");
      previous_last = last;
    }
  }
}

// Check that `count` uniform indices (seed `seed`) round-trip on the fast path and unrank to canonical
// positions that the model's violation() and an independent predicate `member` both accept.
template <class Model, class Member>
void expect_random_members(const Model& model, const Member& member, std::uint64_t seed, int count) {
  rank::Rng rng(seed);
  rank::UniformBelow uniform(model.size());
  ASSERT_TRUE(uniform.fits_fixed());
  Failures failures;
  for (int i = 0; i < count && failures.count < 5; ++i) {
    const rank::UInt192 index = uniform.draw_fixed(rng);
    const Position p = fast_round_trip(model, index, [] { return std::string("uniform index"); }, failures);
    const auto at = [&] { return index.to_big().get_str() + " -> " + to_fen(p); };
    if (const auto why = model.violation(p)) failures.add(at() + ": " + *why);
    if (!member(p)) failures.add(at() + ": the independent predicate refuses it");
    if (Position c = p; c.canonicalize()) failures.add(at() + ": not canonical");
  }
}

// Frame 0's fast path finds its entry through buckets of 2^k indices counted from the start of each half:
// check that the indices at and next to multiples of every power of two from 2^100 on, in both halves,
// round-trip, whatever the bucket size (`per_power` multiples of each).
template <class Model>
void expect_powers_of_two_round_trip(const Model& model, int per_power) {
  rank::Rng rng(2030);
  Failures failures;
  const BigInt half = model.half_size().to_big();
  for (int k = 100; failures.count < 5; ++k) {
    const BigInt multiples = half >> k;
    if (multiples < 2) break;
    for (int i = 0; i < per_power; ++i) {
      const BigInt m = rank::uniform_below(multiples - 1, rng) + 1;
      for (const bool black : {false, true})
        for (const int d : {-1, 0, 1}) {
          rank::UInt192 index;
          ASSERT_TRUE(rank::UInt192::from_big((black ? half : BigInt(0)) + BigInt(m << k) + d, index));
          fast_round_trip(model, index, [&] {
            return std::string(black ? "half + " : "") + "2^" + std::to_string(k) + " * " + m.get_str() + " + " +
                   std::to_string(d);
          }, failures);
        }
    }
  }
}

// The count against cpr's: of `draws` uniform samples of cpr's white-to-move half (seed 13), a test's own
// predicate `member` keeps a fraction (model half) / (cpr half), and the kept ones fall on the black king's
// squares as the model's king sizes say. A chi-square over 64 squares and a "refused" cell, of which at
// least `min_cells` must be large enough to count.
template <class Model, class Cpr, class Member>
void expect_cpr_samples_match_king_sizes(const Model& model, const Cpr& cpr, const Member& member, int draws,
                                         int min_cells) {
  const std::array<BigInt, 64> by_king = king_sizes(model);
  const BigInt cpr_half = cpr.half_size().to_big();
  rank::Rng rng(13);
  rank::UniformBelow uniform(cpr_half);
  std::vector<double> observed(65), expected(65);
  for (int i = 0; i < draws; ++i) {
    const Position p = cpr.unrank_fast(uniform.draw_fixed(rng));
    ASSERT_FALSE(rank::cpr_violation(p)) << to_fen(p);
    observed[member(p) ? p.king_square(Black) : 64]++;
  }
  for (int k = 0; k < 64; ++k) expected[k] = draws * std::exp2(log2_big(by_king[k]) - log2_big(cpr_half));
  expected[64] = draws * std::exp2(log2_big(cpr_half - model.half_size().to_big()) - log2_big(cpr_half));
  int cells = 0;
  const double chi2 = chi_square(observed, expected, cells);
  ASSERT_GE(cells, min_cells);
  // Chi-square at p = 0.001 for 64 degrees of freedom is 104.
  EXPECT_LT(chi2, 104.0) << cells << " cells; kept " << draws - observed[64] << " of " << draws << ", expected "
                         << draws - expected[64];
}

// Return the hand-made positions every model must rank: the 2021 ranking's open bug reports, extremes of
// material and promotion, and every castling subset with and without en passant, either side to move.
inline std::vector<std::string> hard_case_fens() {
  std::vector<std::string> fens = {
      // Open bug reports of the 2021 ranking: legal en passant positions it mishandles.
      "rnbqkbnr/1p2pppp/p7/2Pp4/3p4/8/PP1PPPPP/RNBQKB1R w KQkq d6 0 1",
      "rnb1kbnr/pp2pppp/8/2Pp4/q2p4/8/PP1PPPPP/RNB1KB1R w KQkq d6 0 1",
      // Extremes of material: nine queens, ten knights, ten rooks, ten bishops (five of each colour).
      "QQQQQQQQ/Q7/8/8/8/8/7k/K7 b - - 0 1",
      "QQQQQQQQ/Q7/8/8/8/8/7k/K7 w - - 0 1",
      "NNNNNNNN/NN6/8/8/8/8/7k/K7 b - - 0 1",
      "NNNNNNNN/NN6/8/8/8/8/k7/7K w - - 0 1",
      "NNNNNNNN/NN6/8/8/8/8/7k/K7 w - - 0 1",
      "RRRRRRRR/RR6/8/8/8/8/7k/K7 b - - 0 1",
      "BBBBBBBB/BB6/8/8/8/8/7k/K7 b - - 0 1",
      "BBBBBBBB/1B6/B7/8/8/8/7k/K7 w - - 0 1",
      "QQQQQRRR/BBBNNNN1/8/8/8/8/7k/K7 w - - 0 1",
      "qqqqqqqq/rrr5/8/7k/8/3K4/QQQQQQQQ/RRR5 w - - 0 1",
      "qqqqqqqq/rrr5/8/7k/8/3K4/QQQQQQQQ/RRR5 b - - 0 1",
      // Eight promotions on each side: nine queens and every other kind against ten knights.
      "k7/8/nnnnnnnn/nn6/8/QQQQQ3/QQQQRBN1/K7 w - - 0 1",
      "k7/8/nnnnnnnn/nn6/8/QQQQQ3/QQQQRBN1/K7 b - - 0 1",
      // White promoted all eight pawns to every kind; black has only its king.
      "7k/8/8/8/8/NNNN4/QQQQRRRB/BBNK4 w - - 0 1",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      // Three bishops, two of them light, with seven pawns: the one promotion the second light bishop needs.
      "4k3/8/8/8/8/8/PPPPPPP1/BB2K2B w - - 0 1",
      // En passant: a pawn between two capturers, capturers on the edge files, either side to move.
      "4k3/8/8/2PpP3/8/8/8/4K3 w - d6 0 1",
      "4k3/8/8/8/2pPp3/8/8/4K3 b - d3 0 1",
      "4k3/8/8/Pp6/8/8/8/4K3 w - b6 0 1",
      "4k3/8/8/pP6/8/8/8/4K3 w - a6 0 1",
      "4k3/8/8/6pP/8/8/8/4K3 w - g6 0 1",
      "4k3/8/8/8/6pP/8/8/4K3 b - h3 0 1",
      // The king of the side not to move beside the en passant pawn or its capturer, attacked by nothing.
      "8/8/8/2kpP3/8/8/8/4K3 w - d6 0 1",
      "8/8/8/3pPk2/8/8/8/4K3 w - d6 0 1",
      // The white king next to its own pawns and on the black king's knight squares.
      "8/8/8/3k4/8/2K5/8/8 w - - 0 1",
      "8/8/3k4/8/2KP4/8/8/8 b - - 0 1",
  };
  // Every castling subset with and without en passant, either side to move.
  const char* const rights[] = {"-", "K",  "Q",  "KQ",  "k",  "Kk",  "Qk",  "KQk",
                                "q", "Kq", "Qq", "KQq", "kq", "Kkq", "Qkq", "KQkq"};
  for (const char* cr : rights) {
    fens.push_back(std::string("r3k2r/8/8/3pP3/8/8/8/R3K2R w ") + cr + " d6 0 1");
    fens.push_back(std::string("r3k2r/8/8/3pP3/8/8/8/R3K2R w ") + cr + " - 0 1");
    fens.push_back(std::string("r3k2r/8/8/8/3Pp3/8/8/R3K2R b ") + cr + " d3 0 1");
    fens.push_back(std::string("r3k2r/8/8/8/3Pp3/8/8/R3K2R b ") + cr + " - 0 1");
  }
  return fens;
}

// Check the worked example of a model page with a black king level (docs/models/v1.md and v2.md, section 5):
// Ke1, Pe2 against Ke8, white to move, in frame 0: the kings a1..d8 hold `before` positions, e8 holds `on_e8`,
// and the index is `index`, inside e8's range.
template <class Model>
void expect_worked_example(const Model& model, const char* before, const char* on_e8, const char* index) {
  rank::UInt192 kings_before;
  for (int s = 0; s < E8; ++s) kings_before += model.king_size(0, Square(s));
  EXPECT_EQ(kings_before.to_big(), BigInt(before));
  EXPECT_EQ(model.king_size(0, E8).to_big(), BigInt(on_e8));
  const rank::UInt192 r = model.rank_fast(fen_or_fail("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")).value();
  EXPECT_EQ(r.to_big(), BigInt(index));
  EXPECT_GE(r, kings_before);
  EXPECT_LT(r, kings_before + model.king_size(0, E8));
}

}  // namespace chessrank::testing
