#include "codec/rank_code.h"

#include <string>

#include "core/bigint.h"
#include "core/fen.h"
#include "core/plural.h"
#include "rank/model.h"
#include "rank/uint192.h"

namespace chessrank::codec {

Result<const rank::RankModel*> rank_code_model(std::string_view name) {
  if (name.empty()) name = rank::DefaultModel;
  const rank::RankModel* m = rank::find_model(name);
  if (!m) return Error{"unknown ranking model " + quote(name)};
  return m;
}

std::size_t rank_code_bytes(const rank::RankModel& model) { return code_bytes(model.size()); }

Result<bool> encode_rank(const rank::RankModel& model, const Position& pos, std::span<std::uint8_t> out) {
  const std::size_t n = rank_code_bytes(model);
  if (out.size() != n)
    return Error{"rank code buffer has " + plural(out.size(), "byte") + ", expected " + std::to_string(n)};
  // The fixed-width index and its bytes: no BigInt on the way (it took longer than the ranking itself).
  const Result<rank::UInt192> index = model.rank_fixed(pos);
  if (!index) return Error{index.error()};  // already "not in model M: why"
  if (!index.value().to_bytes(out)) return Error{"rank index does not fit the code size"};  // never: index < N
  return true;
}

Result<std::vector<std::uint8_t>> encode_rank(const rank::RankModel& model, const Position& pos) {
  std::vector<std::uint8_t> out(rank_code_bytes(model));
  const Result<bool> r = encode_rank(model, pos, out);
  if (!r) return Error{r.error()};
  return out;
}

Result<Position> decode_rank(const rank::RankModel& model, std::span<const std::uint8_t> code) {
  const std::size_t n = rank_code_bytes(model);
  if (code.size() != n)
    return Error{"rank code has " + plural(code.size(), "byte") + ", expected " + std::to_string(n)};
  // unrank_fixed checks the range; the error path alone needs the index as a BigInt, to say why.
  rank::UInt192 index;
  if (rank::UInt192::from_bytes(code, index))
    if (Result<Position> pos = model.unrank_fixed(index)) return pos;
  BigInt big;
  mpz_import(big.get_mpz_t(), code.size(), 1, 1, 1, 0, code.data());
  if (big >= model.size())
    return Error{"rank code " + big.get_str() + " is not below N = " + model.size().get_str() + " of model " +
                 std::string(model.name())};
  Result<Position> pos = model.unrank(big);
  if (!pos) return Error{"model " + std::string(model.name()) + " cannot unrank the code: " + pos.error()};
  return pos;
}

}  // namespace chessrank::codec
