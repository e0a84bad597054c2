// File paths as the commands and the checkpoint files resolve them.
#pragma once

#include <filesystem>

namespace chessrank {

// Return the path a chain of symbolic links at `path` ends at (up to 40 links, as Linux follows), whether
// or not that file exists: a link to a file not yet written names where writing it would put it.
inline std::filesystem::path followed_links(std::filesystem::path path) {
  std::error_code ec;
  for (int links = 0; links < 40 && std::filesystem::is_symlink(path, ec); ++links)
    path = path.parent_path() / std::filesystem::read_symlink(path, ec);  // an absolute target replaces all
  return path;
}

}  // namespace chessrank
