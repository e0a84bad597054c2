#include "tools/input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "core/fen.h"

namespace chessrank::cli {

std::string ItemSource::describe() const {
  return (from_stdin ? "line " : "argument ") + std::to_string(number);
}

std::string_view trim(std::string_view s) {
  const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\n'; };
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

std::size_t for_each_item(const std::vector<std::string>& args,
                          const std::function<bool(const std::string&, const ItemSource&)>& handle,
                          const ItemInput& input) {
  std::size_t failures = 0;
  if (!args.empty()) {
    for (std::size_t i = 0; i < args.size() && !(failures && input.strict); ++i)
      if (!handle(std::string(trim(args[i])), ItemSource{false, i + 1})) ++failures;
    return failures;
  }
  std::ifstream file;
  if (!input.file.empty()) {
    file.open(input.file, std::ios::binary);
    if (!file) throw std::runtime_error(io_failure("open", input_name(input.file)));
  }
  std::istream& in = input.file.empty() ? std::cin : file;
  std::string line;
  errno = 0;
  for (std::size_t n = 1; !(failures && input.strict) && std::getline(in, line); ++n) {
    const std::string_view item = trim(line);
    if (item.empty()) continue;
    if (!handle(std::string(item), ItemSource{true, n})) ++failures;
  }
  // std::cin reads through stdio, whose read errors leave no badbit.
  if (in.bad() || (input.file.empty() && std::ferror(stdin)))
    throw std::runtime_error(io_failure("read", input_name(input.file)));
  return failures;
}

std::size_t for_each_position(
    const std::vector<std::string>& args,
    const std::function<bool(const Position& pos, const std::string& text, const ItemSource& src)>& handle,
    const ItemInput& input) {
  return for_each_item(args, [&](const std::string& text, const ItemSource& src) {
    const Result<Position> pos = parse_fen_or_epd(text);
    if (!pos) {
      report_error(src, pos.error());
      return false;
    }
    return handle(*pos, text, src);
  }, input);
}

std::string input_name(const std::string& file) {
  return file.empty() ? "standard input" : "input file '" + file + "'";
}

std::string io_failure(std::string_view verb, std::string_view what) {
  std::string text = "cannot " + std::string(verb) + ' ' + std::string(what);
  if (errno) text += std::string(": ") + std::strerror(errno);
  return text;
}

void report_error(std::string_view where, std::string_view message) {
  std::cout.flush();  // keep stdout and stderr in order when both go to a terminal
  if (where.empty())
    std::cerr << "error: " << message << '\n';
  else
    std::cerr << "error: " << where << ": " << message << '\n';
}

}  // namespace chessrank::cli
