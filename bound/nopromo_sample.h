// Uniform random diagrams without promotions, to estimate by Monte Carlo how much of the nopromo set
// (bound/nopromo.h) the legality checks reject: the part of the gap to the true count that constraints on
// the pieces could close (docs/bounds.md, "Sampling the set").
//
// The sampler draws uniformly from the placements of rules 1-3 (kings anywhere): one king a side, at
// most the original queen, rooks and knights, at most one bishop a side on each colour, at most 8 pawns
// a side on ranks 2..7. nopromo_contains() then tells whether a draw lies in the counted set, so the draws
// that do are uniform members of it. A draw first picks a class
//
//   (white pawns, black pawns, pawns on light squares, which of the 4 bishops, other pieces)
//
// with probability exactly proportional to its placements, then the squares inside the class uniformly.
#pragma once

#include <pcg_random.hpp>

#include <cstdint>
#include <vector>

#include "bound/nopromo.h"
#include "core/bigint.h"
#include "core/position.h"
#include "rank/sample.h"
#include "rank/uint192.h"

namespace chessrank::bound {

class NopromoSampler {
 public:
  // The shape's material; its board must be 8x8 (its constraint switches play no part here).
  explicit NopromoSampler(const NopromoShape& shape);

  // Return the number of placements drawn from (rules 1-3, kings anywhere): the sum of the class sizes.
  BigInt placements() const { return total_.to_big(); }
  // Return a uniform random placement, white to move, no castling rights, no en passant square. Changes
  // nothing in the sampler, so threads may share one.
  Position draw(pcg64& rng) const;

 private:
  struct Class {
    std::uint8_t white_pawns, black_pawns, light_pawns, bishops, others;  // bishops: bit per (side, colour)
  };
  NopromoShape shape_;
  std::vector<Class> classes_;
  std::vector<rank::UInt192> ends_;  // cumulative class sizes
  rank::UInt192 total_;
  rank::UniformBelow class_draw_;
  std::vector<std::uint64_t> ways_;   // per count k of one side's queens, rooks, knights: k! / (q! r! n!) summed
  std::vector<std::uint64_t> pairs_;  // per count c of both sides' such pieces: the arrangements of their kinds
};

}  // namespace chessrank::bound
