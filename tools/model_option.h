// The --model option of the subcommands that use a ranking model (count, rank, unrank, sample, estimate,
// encode, decode, convert), and the build of the model it names.
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "rank/model.h"
#include "tools/progress.h"

namespace chessrank::cli {

// Return the names of the ranking models, comma-separated, rank::DefaultModel first.
inline std::string model_list() {
  std::string s;
  for (const std::string& n : rank::model_names()) s += (s.empty() ? "" : ", ") + n;
  return s;
}

// Add --model, defaulting to rank::DefaultModel (or default_model); an unknown name is a usage error naming
// the models.
inline void add_model_option(CLI::App& cmd, std::string& model, const std::string& what = "ranking model",
                             std::string_view default_model = rank::DefaultModel) {
  model = std::string(default_model);
  cmd.add_option("--model", model, what + ": " + model_list())
      ->check(CLI::IsMember(rank::model_names()))
      ->capture_default_str();
}

// Return the model of a name add_model_option accepted (empty: the default), built on first use with a
// progress line on stderr (v3's build takes about 2 s).
inline const rank::RankModel& built_model(const std::string& name) {
  Progress progress("pawn layers of " + (name.empty() ? std::string(rank::DefaultModel) : name), 0);
  const rank::RankModel* model = rank::find_model(name.empty() ? rank::DefaultModel : name, progress.counter());
  progress.finish();
  return *model;
}

}  // namespace chessrank::cli
