#include "rank/model.h"

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
  return nullptr;
}

std::vector<std::string> model_names() { return {"v2", "v1", "cpr"}; }

FrameTable frame_table(const RankModel& model) {
  FrameTable t;
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) t[cr][e] = model.frame_count(CastlingRights(cr), e);
  return t;
}

}  // namespace chessrank::rank
