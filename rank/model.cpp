#include "rank/model.h"

#include <cassert>

#include "rank/cpr_model.h"
#include "rank/v1_model.h"
#include "rank/v2_model.h"

namespace chessrank::rank {

const RankModel* find_model(std::string_view name) {
  if (name == "cpr") {
    static const CprModel model;  // built on first use, thread-safe
    return &model;
  }
  if (name == "v1") {
    static const V1Model model;
    return &model;
  }
  if (name == "v2") {
    static const V2Model model;
    return &model;
  }
  if (name == "v3") {
    static const V3Model model;
    return &model;
  }
  return nullptr;
}

RankModel::ManyError many_error(std::size_t i, std::size_t n, const std::string& why) {
  return {i, "index " + std::to_string(i) + " of " + std::to_string(n) + ": " + why};
}

std::optional<RankModel::ManyError> RankModel::unrank_fixed_many(std::span<const UInt192> indices,
                                                                 std::span<Position> out) const {
  assert(indices.size() == out.size());
  for (std::size_t i = 0; i < indices.size(); ++i) {
    Result<Position> pos = unrank_fixed(indices[i]);
    if (!pos) return many_error(i, indices.size(), pos.error());
    out[i] = std::move(pos).value();
  }
  return std::nullopt;
}

std::vector<std::string> model_names() { return {"v2", "v3", "v1", "cpr"}; }

FrameTable frame_table(const RankModel& model) {
  FrameTable t;
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) t[cr][e] = model.frame_count(CastlingRights(cr), e);
  return t;
}

}  // namespace chessrank::rank
