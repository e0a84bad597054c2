// Counted nouns for messages: plural(1, "byte") is "1 byte", plural(3, "byte") is "3 bytes".
#pragma once

#include <string>
#include <string_view>

namespace chessrank {

// Return n and the noun: `one` when n is 1, otherwise `many`, or `one` with an "s" when `many` is empty.
inline std::string plural(long long n, std::string_view one, std::string_view many = {}) {
  std::string s = std::to_string(n) + ' ';
  if (n == 1) return s.append(one);
  return many.empty() ? s.append(one).append("s") : s.append(many);
}

}  // namespace chessrank
