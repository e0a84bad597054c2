// Fixed-size records by format name, the unit of `chessrank encode`, `decode` and `convert`: the code of
// the format ("slot26" or "rank"), followed by the 3 counter bytes of slot26.h when counters are on.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"
#include "core/result.h"

namespace chessrank::rank {
class RankModel;
}

namespace chessrank::codec {

class RecordFormat {
 public:
  // Return the format of that name, or why there is none (an unknown format or model, or a model for
  // slot26, which has none). A rank code is an index of one ranking model, `model` (empty: the default
  // one); it decodes only with that model.
  static Result<RecordFormat> find(std::string_view name, bool counters, std::string_view model = {});
  // Return the names of the formats.
  static std::vector<std::string> names();

  const std::string& name() const { return name_; }
  // Return the name for messages: "slot26", "rank (model v1)", with " with counters" when it has them.
  std::string describe() const;
  bool counters() const { return counters_; }
  std::size_t code_size() const { return code_size_; }
  std::size_t record_size() const { return code_size_ + (counters_ ? 3 : 0); }

  // Write the record of `pos` to `out`, which must hold record_size() bytes; return why not (nothing
  // useful is written then).
  Result<bool> encode(const Position& pos, std::span<std::uint8_t> out) const;
  // Decode one record of record_size() bytes.
  Result<Position> decode(std::span<const std::uint8_t> record) const;
  // Decode the records of `records` (whole ones; a part of one at the end is left) into out, in order:
  // what decode() gives each, faster for rank codes, which are unranked together.
  void decode_many(std::span<const std::uint8_t> records, std::vector<Result<Position>>& out) const;

 private:
  // Return pos with the counters of its record, when the format has them.
  Result<Position> with_counters(Result<Position> pos, std::span<const std::uint8_t> record) const;

  std::string name_;
  bool counters_ = false;
  std::size_t code_size_ = 0;
  const rank::RankModel* model_ = nullptr;  // for "rank"
};

}  // namespace chessrank::codec
