// `--format json`: a command prints one JSON object per line on standard output, one per input item in
// input order, so that a script can pipe it into jq and keep outputs aligned with inputs. A bad item is
// an object too, {"source": "line 3", "error": "..."}, besides its error line on standard error.
#pragma once

#include <string>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

namespace chessrank::cli {

enum class Format { Text, Json };

// Add `--format text|json` (default text) to `cmd`, writing the choice to `format`; json also makes bad
// items print their error objects (input.h's report_error on an ItemSource).
CLI::Option* add_format_option(CLI::App& cmd, Format& format);

// Print `object` on standard output as one line.
void print_json(const nlohmann::ordered_json& object);

}  // namespace chessrank::cli
