#include "estimator/checkpoint_file.h"

#include <charconv>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace chessrank::estimator {

bool write_atomically(const std::string& path, const std::string& text) {
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc | std::ios::binary);
    if (!out) return false;
    out << text;
    if (!out.flush()) return false;
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  return !ec;
}

std::optional<KeyValues> read_key_values(const std::string& path) {
  std::ifstream in(path);
  if (!in) return std::nullopt;
  KeyValues kv;
  std::string line;
  while (std::getline(in, line)) {
    const auto space = line.find(' ');
    kv[line.substr(0, space)] = space == std::string::npos ? "" : line.substr(space + 1);
  }
  return kv;
}

std::optional<std::string> mismatched_key(const KeyValues& kv, const std::string& path,
                                          const std::vector<std::pair<std::string, std::string>>& wanted) {
  for (const auto& [key, want] : wanted) {
    const auto it = kv.find(key);
    const std::string have = it == kv.end() ? "" : it->second;
    if (have != want) return "checkpoint " + path + " has " + key + " " + have + ", this run " + want;
  }
  return std::nullopt;
}

std::optional<std::string> holds_more_than_asked(const std::string& path, std::uint64_t held, std::uint64_t asked,
                                                 const std::string& unit) {
  if (held <= asked) return std::nullopt;
  return "checkpoint " + path + " holds " + std::to_string(held) + " " + unit + ", more than the " +
         std::to_string(asked) + " asked for";
}

std::string join_numbers(std::span<const std::uint64_t> numbers) {
  std::string s;
  for (std::size_t i = 0; i < numbers.size(); ++i) {
    if (i) s += ',';
    s += std::to_string(numbers[i]);
  }
  return s;
}

std::optional<std::uint64_t> parse_number(const std::string& text) {
  std::uint64_t v = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
  return v;
}

std::optional<std::vector<std::uint64_t>> split_numbers(const std::string& text) {
  std::vector<std::uint64_t> out;
  std::stringstream in(text);
  std::string item;
  while (std::getline(in, item, ',')) {
    if (item.empty()) continue;
    const std::optional<std::uint64_t> v = parse_number(item);
    if (!v) return std::nullopt;
    out.push_back(*v);
  }
  return out;
}

}  // namespace chessrank::estimator
