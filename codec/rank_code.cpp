#include "codec/rank_code.h"

#include <algorithm>
#include <string>

#include "core/bigint.h"
#include "core/fen.h"
#include "core/plural.h"
#include "rank/model.h"

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
  const Result<BigInt> index = model.rank(pos);
  if (!index) return Error{index.error()};  // already "not in model M: why"
  // Write big-endian, left-padded with zeros to the fixed size.
  std::size_t count = 0;
  std::uint8_t buffer[64];
  const std::size_t needed = (mpz_sizeinbase(index->get_mpz_t(), 2) + 7) / 8;
  if (needed > sizeof buffer || needed > n) return Error{"rank index does not fit the code size"};
  mpz_export(buffer, &count, 1, 1, 1, 0, index->get_mpz_t());
  std::fill(out.begin(), out.end(), std::uint8_t(0));
  std::copy(buffer, buffer + count, out.begin() + std::ptrdiff_t(n - count));
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
  BigInt index;
  mpz_import(index.get_mpz_t(), code.size(), 1, 1, 1, 0, code.data());
  if (index >= model.size())
    return Error{"rank code " + index.get_str() + " is not below N = " + model.size().get_str() + " of model " +
                 std::string(model.name())};
  Result<Position> pos = model.unrank(index);
  if (!pos) return Error{"model " + std::string(model.name()) + " cannot unrank the code: " + pos.error()};
  return pos;
}

}  // namespace chessrank::codec
