#include "codec/record.h"

#include <algorithm>
#include <optional>
#include <span>
#include <vector>

#include "codec/rank_code.h"
#include "codec/slot26.h"
#include "core/fen.h"
#include "core/plural.h"
#include "rank/model.h"
#include "rank/uint192.h"

namespace chessrank::codec {

Result<RecordFormat> RecordFormat::find(std::string_view name, bool counters, std::string_view model) {
  RecordFormat f;
  f.name_ = std::string(name);
  f.counters_ = counters;
  if (name == "slot26") {
    if (!model.empty()) return Error{"format slot26 takes no model (given " + quote(model) + "); rank does"};
    f.code_size_ = Slot26Bytes;
    return f;
  }
  if (name == "rank") {
    const Result<const rank::RankModel*> m = rank_code_model(model);
    if (!m) return Error{m.error()};
    f.model_ = *m;
    f.code_size_ = rank_code_bytes(**m);
    return f;
  }
  std::string known;
  for (const std::string& n : names()) known += (known.empty() ? "" : ", ") + n;
  return Error{"unknown format " + quote(name) + " (known: " + known + ")"};
}

std::vector<std::string> RecordFormat::names() {
  return {"slot26", "rank"};
}

Result<bool> RecordFormat::encode(const Position& pos, std::span<std::uint8_t> out) const {
  if (out.size() != record_size())
    return Error{describe() + " record buffer has " + plural(out.size(), "byte") + ", expected " +
                 std::to_string(record_size())};
  if (model_) {
    const Result<bool> r = encode_rank(*model_, pos, out.first(code_size_));
    if (!r) return r;
  } else {
    const Result<Slot26Code> code = encode_slot26(pos);
    if (!code) return Error{code.error()};
    std::copy(code->begin(), code->end(), out.begin());
  }
  if (counters_) {
    const auto c = encode_counters(pos);
    if (!c) return Error{c.error()};
    std::copy(c->begin(), c->end(), out.begin() + std::ptrdiff_t(code_size_));
  }
  return true;
}

std::string RecordFormat::describe() const {
  std::string text = name_;
  if (model_) text.append(" (model ").append(model_->name()).append(")");
  if (counters_) text += " with counters";
  return text;
}

Result<Position> RecordFormat::decode(std::span<const std::uint8_t> record) const {
  if (record.size() != record_size())
    return Error{describe() + " record has " + plural(record.size(), "byte") + ", expected " +
                 std::to_string(record_size())};
  const std::span<const std::uint8_t> code = record.first(code_size_);
  return with_counters(model_ ? decode_rank(*model_, code) : decode_slot26(code), record);
}

Result<Position> RecordFormat::with_counters(Result<Position> pos, std::span<const std::uint8_t> record) const {
  if (pos && counters_)
    if (std::optional<Error> e = decode_counters(record.subspan(code_size_), pos.value())) return *e;
  return pos;
}

void RecordFormat::decode_many(std::span<const std::uint8_t> records, std::vector<Result<Position>>& out) const {
  const std::size_t size = record_size(), n = records.size() / size;
  const auto record = [&](std::size_t i) { return records.subspan(i * size, size); };
  out.clear();
  out.reserve(n);
  // Rank codes: their indices unranked together (RankModel::unrank_fixed_many), and a record whose index it
  // refuses decoded alone, for its error.
  std::vector<rank::UInt192> indices(model_ ? n : 0);
  bool fixed = model_ != nullptr;
  for (std::size_t i = 0; fixed && i < n; ++i) fixed = rank::UInt192::from_bytes(record(i).first(code_size_), indices[i]);
  if (!fixed) {  // slot26 (or a code wider than 192 bits, which no model has)
    for (std::size_t i = 0; i < n; ++i) out.push_back(decode(record(i)));
    return;
  }
  std::vector<Position> positions(n);
  for (std::size_t from = 0; from < n;) {
    const std::optional<rank::RankModel::ManyError> error =
        model_->unrank_fixed_many(std::span(indices).subspan(from), std::span(positions).subspan(from));
    const std::size_t end = error ? from + error->index : n;
    for (std::size_t i = from; i < end; ++i) out.push_back(with_counters(std::move(positions[i]), record(i)));
    if (end < n) out.push_back(decode(record(end)));
    from = end + 1;
  }
}

}  // namespace chessrank::codec
