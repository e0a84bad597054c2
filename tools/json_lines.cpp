#include "tools/json_lines.h"

#include <iostream>

#include "tools/input.h"

namespace chessrank::cli {

CLI::Option* add_format_option(CLI::App& cmd, Format& format) {
  return cmd
      .add_option_function<std::string>(
          "--format",
          [&format](const std::string& name) {
            format = name == "json" ? Format::Json : Format::Text;
            set_item_errors_as_json(format == Format::Json);
          },
          "output: text, or json (one object per input line, errors included)")
      ->check(CLI::IsMember({"text", "json"}));
}

void print_json(const nlohmann::ordered_json& object) {
  // Invalid UTF-8 in a string (an input line quoted back) is replaced, not thrown on.
  std::cout << object.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace) << '\n';
}

}  // namespace chessrank::cli
