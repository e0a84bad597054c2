#include "tools/command.h"

#include <vector>

namespace chessrank::cli {

namespace {
// A function-local static, so registration from other translation units' initialisers is safe.
std::vector<CommandInfo>& registry() {
  static std::vector<CommandInfo> commands;
  return commands;
}
}  // namespace

bool register_command(CommandInfo info) {
  registry().push_back(std::move(info));
  return true;
}

const std::vector<CommandInfo>& registered_commands() { return registry(); }

}  // namespace chessrank::cli
