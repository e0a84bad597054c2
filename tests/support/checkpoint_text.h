// Edited checkpoints for the tests of what a resumed run refuses: an edit must get past the checksum to
// reach the checks of the contents.
#pragma once

#include <string>

#include "estimator/checkpoint_file.h"

namespace chessrank::testing {

// Return checkpoint text `text` with its last line (the checksum, or whatever an edit left there) replaced
// by the checksum of the rest.
inline std::string resealed(std::string text) {
  const std::size_t last = text.size() < 2 ? 0 : text.rfind('\n', text.size() - 2) + 1;
  if (text.compare(last, 9, "checksum ") == 0) text.resize(last);
  return text + estimator::checksum_line(text);
}

}  // namespace chessrank::testing
