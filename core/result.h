// Result<T>: a value or an error message, the way library code reports failure (no exceptions).
// GCC 12 has no std::expected; this is the small subset the project needs.
#pragma once

#include <string>
#include <utility>
#include <variant>

namespace chessrank {

struct Error {
  std::string message;  // one line, no "error:" prefix; says what is wrong and where
};

template <class T>
class [[nodiscard]] Result {
 public:
  Result(T value) : v_(std::move(value)) {}      // NOLINT: implicit by design
  Result(Error error) : v_(std::move(error)) {}  // NOLINT: implicit by design

  bool ok() const { return v_.index() == 0; }
  explicit operator bool() const { return ok(); }
  // Return the value; on an error, value() throws std::bad_variant_access (as std::expected throws),
  // and error() does the same on a value. Test ok() first, or use value_or.
  const T& value() const& { return std::get<0>(v_); }
  T& value() & { return std::get<0>(v_); }
  T&& value() && { return std::get<0>(std::move(v_)); }
  const T& operator*() const& { return value(); }
  const T* operator->() const { return &value(); }
  const std::string& error() const { return std::get<1>(v_).message; }
  T value_or(T fallback) const& { return ok() ? value() : std::move(fallback); }
  T value_or(T fallback) && { return ok() ? std::get<0>(std::move(v_)) : std::move(fallback); }

 private:
  std::variant<T, Error> v_;
};

}  // namespace chessrank
