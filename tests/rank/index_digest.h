// The digest of a model's index, to compare the index with a released build's: FNV-1a (64 bits) over the
// FENs of `draws` uniform indices (seed `seed`) and the ranks of the first `games` positions of the
// random-game corpus (seed `game_seed`, with castling rights, en passant squares and promotions), one a
// line. Any change to one of those positions or indices changes it.
#pragma once

#include <cstdint>
#include <string>

#include "core/fen.h"
#include "rank/model.h"
#include "rank/sample.h"
#include "tests/support/corpus.h"

namespace chessrank::testing {

inline std::uint64_t index_digest(const rank::RankModel& model, std::uint64_t seed, int draws, std::uint64_t game_seed,
                                  int games) {
  std::uint64_t h = 0xcbf29ce484222325;
  const auto add = [&](const std::string& line) {
    for (const char c : line + "\n") h = (h ^ std::uint8_t(c)) * 0x100000001b3;
  };
  rank::Rng rng(seed);
  for (int i = 0; i < draws; ++i) {
    const Result<Position> p = model.unrank(rank::uniform_below(model.size(), rng));
    add(p ? to_fen(p.value()) : "error: " + p.error());
  }
  for (const Position& p : random_game_corpus(std::size_t(games), game_seed)) {
    const Result<BigInt> r = model.rank(p);
    add(r ? r.value().get_str() : "error: " + r.error());
  }
  return h;
}

}  // namespace chessrank::testing
