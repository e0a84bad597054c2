#include "estimator/checkpoint_file.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <charconv>
#include <cinttypes>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>

#include "core/fen.h"
#include "core/paths.h"

namespace chessrank::estimator {

namespace {

// Return "<file>: <the reason errno gives>".
std::string failure(const std::string& file) { return file + ": " + std::strerror(errno); }

// Return the error of a checkpoint that cannot be written because `file` (its .tmp or .lock) failed.
std::string cannot_write(const std::string& checkpoint, const std::string& file) {
  return "cannot write checkpoint " + checkpoint + " (" + failure(file) + ")";
}

}  // namespace

Result<CheckpointLock> CheckpointLock::acquire(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (path.empty() || (std::filesystem::exists(status) && !std::filesystem::is_regular_file(status)))
    return CheckpointLock(-1, "");
  const std::string lock_path = followed_links(path).string() + ".lock";
  // A run that ends unlinks its lock file before it unlocks it, so a file opened just before that may be
  // locked once it is no longer the one at the path: lock again until the file locked is the one named.
  for (int attempt = 0; attempt < 100; ++attempt) {
    const int fd = ::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return Error{cannot_write(path, lock_path)};
    if (::flock(fd, LOCK_EX | LOCK_NB) != 0) {
      const int err = errno;
      ::close(fd);
      if (err == EWOULDBLOCK)
        return Error{"checkpoint " + path + " is in use by another run (" + lock_path + " is locked)"};
      errno = err;
      return Error{"cannot lock checkpoint " + path + " (" + failure(lock_path) + ")"};
    }
    struct stat held, named;
    if (::fstat(fd, &held) == 0 && ::stat(lock_path.c_str(), &named) == 0 && held.st_dev == named.st_dev &&
        held.st_ino == named.st_ino)
      return CheckpointLock(fd, lock_path);
    ::close(fd);
  }
  return Error{"cannot lock checkpoint " + path + " (" + lock_path + " keeps being replaced)"};
}

CheckpointLock::CheckpointLock(CheckpointLock&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), lock_path_(std::move(other.lock_path_)) {}

CheckpointLock::~CheckpointLock() {
  if (fd_ < 0) return;
  ::unlink(lock_path_.c_str());  // while still locked (see acquire)
  ::close(fd_);
}

std::string checksum_line(std::string_view text) {
  std::uint64_t hash = 0xcbf29ce484222325;  // FNV-1a, 64 bits
  for (const char c : text) hash = (hash ^ std::uint8_t(c)) * 0x100000001b3;
  char hex[17];
  std::snprintf(hex, sizeof hex, "%016" PRIx64, hash);
  return std::string("checksum ") + hex + "\n";
}

std::optional<std::string> save_checkpoint_text(const std::string& path, std::string_view magic,
                                                const std::string& keys) {
  std::string text = std::string(magic) + ' ' + std::to_string(CheckpointVersion) + '\n' + keys;
  text += checksum_line(text);
  const std::string target = followed_links(path).string(), tmp = target + ".tmp";
  // A name left by an interrupted save is removed; created anew with O_EXCL, a link planted there
  // meanwhile makes the save fail instead of writing where it points.
  if (::unlink(tmp.c_str()) != 0 && errno != ENOENT) return cannot_write(path, tmp);
  const int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return cannot_write(path, tmp);
  bool written = true;
  for (std::size_t done = 0; written && done < text.size();) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;
    written = n > 0;
    if (written) done += std::size_t(n);
  }
  // Synced before the rename, so that after a crash the name holds the old checkpoint or the new one.
  written = written && ::fsync(fd) == 0;
  std::optional<std::string> why = written ? std::nullopt : std::optional(cannot_write(path, tmp));
  if (::close(fd) != 0 && !why) why = cannot_write(path, tmp);
  if (!why && ::rename(tmp.c_str(), target.c_str()) != 0) why = cannot_write(path, target);
  if (why) ::unlink(tmp.c_str());
  return why;
}

bool has_checkpoint(const std::string& path) {
  std::error_code ec;
  const std::filesystem::file_status status = std::filesystem::status(path, ec);
  if (!std::filesystem::exists(status)) return false;
  return !std::filesystem::is_regular_file(status) || std::filesystem::file_size(path, ec) != 0;  // an error is -1
}

Result<KeyValues> read_checkpoint(const std::string& path, std::string_view magic, std::string_view what) {
  // Look at the first line before reading on: a device (/dev/zero) or a large file of something else
  // would otherwise be read whole.
  const Error not_one{path + " is not " + std::string(what)};
  std::error_code ec;
  if (!std::filesystem::is_regular_file(path, ec)) return not_one;
  std::ifstream in(path, std::ios::binary);
  std::string head(magic.size() + 1, '\0');
  if (!in.read(head.data(), std::streamsize(head.size())) || head != std::string(magic) + ' ') return not_one;
  std::string version;
  if (!std::getline(in, version)) return not_one;
  if (version != "1" && version != "2")  // quoted: a stray carriage return (CR LF line ends) shows as \x0d
    return Error{"checkpoint " + path + " has format version " + quote(version) +
                 "; this build reads versions 1 and 2"};
  std::string rest{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return Error{"cannot read checkpoint " + path};
  const std::string damaged = "checkpoint " + path + " is damaged: ";
  if (version == "2") {
    // The checksum line is the last: a file cut short has none.
    const std::size_t last = rest.size() < 2 ? 0 : rest.rfind('\n', rest.size() - 2) + 1;  // npos + 1 is 0
    if (rest.empty() || rest.back() != '\n' || rest.compare(last, 9, "checksum ") != 0)
      return Error{damaged + "its last line is not its checksum (the file may be cut short)"};
    const std::string stored = rest.substr(last);
    rest.resize(last);
    if (checksum_line(std::string(magic) + ' ' + version + '\n' + rest) != stored)
      return Error{damaged + "its checksum does not match its contents"};
  }
  KeyValues kv;
  std::istringstream lines(rest);
  std::string line;
  for (int n = 2; std::getline(lines, line); ++n) {
    const auto space = line.find(' ');
    const std::string key = line.substr(0, space);
    if (!kv.emplace(key, space == std::string::npos ? "" : line.substr(space + 1)).second)
      return Error{damaged + "line " + std::to_string(n) + " repeats the key " + key};
  }
  return kv;
}

std::optional<std::string> mismatched_key(const KeyValues& kv, const std::string& path,
                                          const std::vector<std::pair<std::string, std::string>>& wanted) {
  for (const auto& [key, want] : wanted) {
    const auto it = kv.find(key);
    if (it == kv.end()) return "checkpoint " + path + " is damaged: it has no " + key + " line";
    if (it->second != want) return "checkpoint " + path + " has " + key + " " + it->second + ", this run " + want;
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
