#include "rank/model.h"

#include <array>
#include <cassert>
#include <iterator>
#include <mutex>
#include <type_traits>

#include "rank/cpr_model.h"
#include "rank/v1_model.h"
#include "rank/v2_model.h"

namespace chessrank::rank {

namespace {

// The models by name, the default first.
template <class Model>
std::unique_ptr<const RankModel> make(const ProgressCallback& progress) {
  if constexpr (std::is_constructible_v<Model, const ProgressCallback&>)
    return std::make_unique<const Model>(progress);
  else
    return std::make_unique<const Model>();
}
struct Entry {
  std::string_view name;
  std::unique_ptr<const RankModel> (*make)(const ProgressCallback&);
  ModelFacts facts;
};
// The sizes follow from the models' definitions; tests/rank/cli_test.cpp checks each against size().
constexpr Entry Models[] = {
    {"v2", make<V2Model>, {"3532989189690638166366572883267820908037822922", V2Description}},
    {"v3", make<V3Model>, {"3506067228105877774750006691443740775569410334", V3Description}},
    {"v1", make<V1Model>, {"4480143723934668834817832413235495499001181042", V1Description}},
    {"cpr", make<CprModel>, {"8605049631842105183455061937414747080332654546", CprDescription}}};
constexpr std::size_t ModelCount = std::size(Models);
static_assert(Models[0].name == DefaultModel);

// Return the place of the model of that name in Models, or ModelCount when there is none.
std::size_t place_of(std::string_view name) {
  std::size_t i = 0;
  while (i < ModelCount && Models[i].name != name) ++i;
  return i;
}

}  // namespace

const RankModel* find_model(std::string_view name, const ProgressCallback& progress) {
  static std::array<std::once_flag, ModelCount> once;  // each built on first use, thread-safe
  static std::array<std::unique_ptr<const RankModel>, ModelCount> built;
  const std::size_t i = place_of(name);
  if (i == ModelCount) return nullptr;
  std::call_once(once[i], [i, &progress] { built[i] = Models[i].make(progress); });
  return built[i].get();
}

std::optional<ModelFacts> model_facts(std::string_view name) {
  const std::size_t i = place_of(name);
  if (i == ModelCount) return std::nullopt;
  return Models[i].facts;
}

std::unique_ptr<const RankModel> make_model(std::string_view name, const ProgressCallback& progress) {
  const std::size_t i = place_of(name);
  return i == ModelCount ? nullptr : Models[i].make(progress);
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

std::vector<std::string> model_names() {
  std::vector<std::string> names;
  for (const Entry& e : Models) names.emplace_back(e.name);
  return names;
}

FrameTable frame_table(const RankModel& model) {
  FrameTable t;
  for (int cr = 0; cr < 16; ++cr)
    for (int e = 0; e < EnPassantCases; ++e) t[cr][e] = model.frame_count(CastlingRights(cr), e);
  return t;
}

}  // namespace chessrank::rank
