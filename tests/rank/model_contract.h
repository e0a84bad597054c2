// The contract every ranking model keeps, as one type-parameterized suite: round trips of uniform indices
// (through BigInt, on the fixed-width path, many at once, next to powers of two, at block boundaries),
// refusal of indices out of range, and membership and round trips of hand-made hard cases and of positions
// from real games. Each model's test instantiates it with its traits:
//
//   struct Traits {
//     static const Model& model();                  // the model, built once
//     static bool member(const Position& p);        // the test's own membership predicate
//     static void expect_block_boundaries();        // the block boundary check that fits its index
//     static constexpr std::uint64_t Seed;          // the seeds of its draws start here
//     static constexpr int FastDraws;               // indices for the fast path (divided by Scale)
//     static constexpr std::uint64_t GameSeed;      // the random-game corpus of its round trips
//     static constexpr std::uint64_t IndexDigest;   // index_digest(model, 48, 10000, 4242, 10000) as released
//   };
//   INSTANTIATE_TYPED_TEST_SUITE_P(V2, ModelContract, V2Traits);
#pragma once

#include <gtest/gtest.h>

#include <cstddef>
#include <string>
#include <vector>

#include "core/fen.h"
#include "core/promoted_men.h"
#include "rank/uint192.h"
#include "tests/rank/index_digest.h"
#include "tests/rank/model_checks.h"
#include "tests/support/build_flavour.h"
#include "tests/support/corpus.h"
#include "tests/support/famous_games.h"
#include "tests/support/or_fail.h"

namespace chessrank::testing {

inline constexpr int ContractScale = unless_sanitized(1, 20);  // divides the work

// Positions of games with an en passant square, castling rights, and promoted men (by square colour).
struct SeenInGames {
  std::size_t ep = 0, castling = 0, promoted = 0;
};

// Check that each position (of a legal game) is a member by the traits' predicate and round-trips; count
// what it shows.
template <class Traits>
SeenInGames expect_games_are_members(const std::vector<Position>& positions) {
  SeenInGames seen;
  for (const Position& p : positions) {
    seen.ep += p.ep_square() != NoSquare;
    seen.castling += p.castling_rights() != NoCastling;
    seen.promoted += promoted_men_by_colour(p, White) + promoted_men_by_colour(p, Black) > 0;
    EXPECT_TRUE(Traits::member(p)) << to_fen(p);  // a legal position is a member of every model
    expect_rank_round_trip(Traits::model(), p);
    if (::testing::Test::HasFailure()) break;
  }
  return seen;
}

template <class Traits>
class ModelContract : public ::testing::Test {};
TYPED_TEST_SUITE_P(ModelContract);

// Uniform indices unrank to canonical members (by the model and by the test's predicate) and rank back.
TYPED_TEST_P(ModelContract, RandomIndicesAreMembersAndRoundTrip) {
  expect_random_members(TypeParam::model(), TypeParam::member, TypeParam::Seed, 200000 / ContractScale);
}

TYPED_TEST_P(ModelContract, RandomIndicesRoundTripThroughBigInt) {
  expect_round_trips(TypeParam::model(), TypeParam::Seed + 1, 20000 / ContractScale);
}

// The hot-path pair alone on a million or two uniform indices (a few seconds in Release).
TYPED_TEST_P(ModelContract, MillionsOfRandomIndicesRoundTripOnTheFastPath) {
  expect_fast_round_trips(TypeParam::model(), TypeParam::Seed + 2, TypeParam::FastDraws / ContractScale);
}

TYPED_TEST_P(ModelContract, IndicesNextToMultiplesOfPowersOfTwoRoundTrip) {
  expect_powers_of_two_round_trip(TypeParam::model(), 100 / ContractScale);
}

TYPED_TEST_P(ModelContract, BlockBoundariesRoundTrip) { TypeParam::expect_block_boundaries(); }

// The index is the released one on 10,000 uniform indices and 10,000 positions of random games: the
// digest was computed by the build of fdf813b, before the models' levels became SumLevels.
TYPED_TEST_P(ModelContract, IndexIsTheReleasedOne) {
  EXPECT_EQ(index_digest(TypeParam::model(), 48, 10000, 4242, 10000), TypeParam::IndexDigest);
}

// Many at once (unrank_fixed_many) as one at a time.
TYPED_TEST_P(ModelContract, UnrankManyMatchesOneAtATime) {
  expect_many_match_one_at_a_time(TypeParam::model(), TypeParam::Seed + 4, 20000 / ContractScale);
}

TYPED_TEST_P(ModelContract, RefusesIndicesOutOfRange) {
  const auto& model = TypeParam::model();
  EXPECT_FALSE(model.unrank(model.size()).ok());
  EXPECT_FALSE(model.unrank(BigInt(-1)).ok());
  EXPECT_FALSE(model.unrank_fixed(rank::UInt192::from_limbs(~0ull, ~0ull, ~0ull)).ok());
  EXPECT_NE(model.unrank(model.size()).error().find("out of range"), std::string::npos);
}

// The 2021 ranking's bug reports, extremes of material and promotion, every castling subset.
TYPED_TEST_P(ModelContract, HardCasesAreMembersAndRoundTrip) {
  for (const std::string& f : hard_case_fens()) {
    const Position p = fen_or_fail(f);
    EXPECT_TRUE(TypeParam::member(p)) << f;
    expect_rank_round_trip(TypeParam::model(), p);
  }
}

TYPED_TEST_P(ModelContract, PositionsFromRandomGamesAreMembersAndRoundTrip) {
  const SeenInGames seen =
      expect_games_are_members<TypeParam>(random_game_corpus(100000 / ContractScale, TypeParam::GameSeed));
  EXPECT_GT(seen.ep * ContractScale, 10u);  // scaled: the corpus is smaller under the sanitizers
  EXPECT_GT(seen.castling * ContractScale, 100u);
  EXPECT_GT(seen.promoted * ContractScale, 100u);
}

TYPED_TEST_P(ModelContract, PositionsFromFamousGamesAreMembersAndRoundTrip) {
  const Result<std::vector<Position>> positions = famous_game_positions();
  ASSERT_TRUE(positions.ok()) << positions.error();
  const SeenInGames seen = expect_games_are_members<TypeParam>(*positions);
  EXPECT_GT(positions->size(), 350u);
  EXPECT_GT(seen.ep, 0u);        // the Alekhine Defence's 2... d5
  EXPECT_GT(seen.promoted, 0u);  // the Lasker trap's knight
}

REGISTER_TYPED_TEST_SUITE_P(ModelContract, RandomIndicesAreMembersAndRoundTrip, RandomIndicesRoundTripThroughBigInt,
                            MillionsOfRandomIndicesRoundTripOnTheFastPath, IndicesNextToMultiplesOfPowersOfTwoRoundTrip,
                            BlockBoundariesRoundTrip, IndexIsTheReleasedOne, UnrankManyMatchesOneAtATime,
                            RefusesIndicesOutOfRange,
                            HardCasesAreMembersAndRoundTrip, PositionsFromRandomGamesAreMembersAndRoundTrip,
                            PositionsFromFamousGamesAreMembersAndRoundTrip);

}  // namespace chessrank::testing
