// The `rank` format: a position as its index in a ranking model (rank/model.h; the default one unless
// the caller names another), written as a big-endian unsigned integer of code_bytes(N) bytes. It is the
// shortest fixed-size code of the project: 19 bytes when N <= 2^152. Decode rejects values >= N.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace chessrank::rank {
class RankModel;
}

namespace chessrank::codec {

// Return the ranking model of that name (empty: the default model).
Result<const rank::RankModel*> rank_code_model(std::string_view name = {});
// Return the code size in bytes of `model`.
std::size_t rank_code_bytes(const rank::RankModel& model);

// Write the code of `pos` into `out` (exactly rank_code_bytes(model) bytes), or say why it has none.
Result<bool> encode_rank(const rank::RankModel& model, const Position& pos, std::span<std::uint8_t> out);
Result<std::vector<std::uint8_t>> encode_rank(const rank::RankModel& model, const Position& pos);
// Return the position of a code (counters 0 and 1), or why the bytes are not a valid code.
Result<Position> decode_rank(const rank::RankModel& model, std::span<const std::uint8_t> code);

}  // namespace chessrank::codec
