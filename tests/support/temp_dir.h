// TempDir: a directory of its own under the system temporary directory, removed with its contents when
// the object goes out of scope (also when a test fails an ASSERT and returns early).
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <system_error>

namespace chessrank::testing {

class TempDir {
 public:
  // Create <tmp>/<prefix>-<pid>-<n>: the pid keeps parallel test processes apart, n the dirs of one.
  explicit TempDir(const std::string& prefix) {
    static int created = 0;
    path_ = std::filesystem::temp_directory_path() /
            (prefix + "-" + std::to_string(::getpid()) + "-" + std::to_string(created++));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;  // nothing useful to do if removal fails at teardown
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  // Return the path of a file name inside the directory.
  std::filesystem::path file(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

// Return the whole content of a file ("" when it cannot be read).
inline std::string read_file(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

}  // namespace chessrank::testing
