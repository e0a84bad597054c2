// The --model option of the subcommands that use a ranking model (count, rank, unrank, sample, estimate).
#pragma once

#include <string>

#include <CLI/CLI.hpp>

#include "rank/model.h"

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

}  // namespace chessrank::cli
