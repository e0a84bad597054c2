// Run a libFuzzer target's checks as a GoogleTest test on inputs made by the test (no libFuzzer, so with
// GCC, in every CI build and under the sanitizers). A target aborts on a broken invariant; the input it
// was given is then printed on stderr before the process dies.
#pragma once

#include <csignal>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <unistd.h>

#include "codec/text_codes.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);

namespace chessrank::testing {

// The input under test as the abort handler prints it.
inline std::string& fuzz_input() {
  static std::string input;
  return input;
}

// Write the input under test to stderr (async-signal-safe: write only), then die of the signal as before.
inline void print_fuzz_input(int signal) {
  const std::string& input = fuzz_input();
  constexpr char Header[] = "\nfuzz target aborted on this input:\n";
  (void)!::write(2, Header, sizeof Header - 1);
  (void)!::write(2, input.data(), input.size());
  (void)!::write(2, "\n", 1);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Feed one input to the target; `hex`: bytes, to be printed in hexadecimal if it aborts.
inline void run_fuzz_target(const std::string& input, bool hex = false) {
  static const bool handler = (std::signal(SIGABRT, print_fuzz_input), true);
  (void)handler;
  const auto* data = reinterpret_cast<const std::uint8_t*>(input.data());
  fuzz_input() = hex ? codec::to_hex(std::span<const std::uint8_t>(data, input.size())) : input;
  LLVMFuzzerTestOneInput(data, input.size());
}

}  // namespace chessrank::testing
