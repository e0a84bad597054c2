// The build flavour, for tests that scale their work to it: sanitizer builds run about ten times slower
// than Release, unoptimised (Debug) builds about twenty times.
#pragma once

namespace chessrank::testing {

#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool Sanitized = true;
#else
inline constexpr bool Sanitized = false;
#endif

#if defined(NDEBUG)
inline constexpr bool SlowBuild = Sanitized;  // sanitized, or not optimised
#else
inline constexpr bool SlowBuild = true;
#endif

// Return `full` in a Release build and `reduced` under sanitizers.
template <class T>
constexpr T unless_sanitized(T full, T reduced) {
  return Sanitized ? reduced : full;
}

}  // namespace chessrank::testing
