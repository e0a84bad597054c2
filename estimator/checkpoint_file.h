// Checkpoint files: small text files of "key value" lines, one key per line, between a first line
// "<magic> <version>" and, from version 2 on, a last line "checksum <16 hex digits>": the 64-bit FNV-1a
// hash of every byte before that line. A save writes FILE.tmp and renames it over FILE, so an interrupted
// save leaves the previous checkpoint whole; the checksum catches what the rename cannot, a file damaged
// or cut short afterwards. A FILE that is a symbolic link stands for the file it names: that file is
// saved, locked and read.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "core/result.h"

namespace chessrank::estimator {

using KeyValues = std::map<std::string, std::string>;

// The format version save_checkpoint_text writes. Version 1 (before 2026-11-25) had no checksum line;
// read_checkpoint reads both.
constexpr int CheckpointVersion = 2;

// Save the "key value" lines `keys` (each ending in a newline) as the checkpoint `path` (the file a link
// there names), under the first line "<magic> 2" and above the checksum line, through `path`.tmp, created
// afresh (whatever has that name is removed first, a link never followed) and synced to disk, and a
// rename; return nullopt, or the error: "cannot write checkpoint run.ck (run.ck.tmp: No space left on
// device)".
std::optional<std::string> save_checkpoint_text(const std::string& path, std::string_view magic,
                                                const std::string& keys);

// Return the line that seals `text` (the checkpoint's bytes before it): "checksum 0123456789abcdef\n".
std::string checksum_line(std::string_view text);

// Return whether there is a checkpoint to resume at `path`: something is there, but not an empty regular
// file, which holds no run (the check of the command line creates one for a moment, and a run killed at
// that moment leaves it behind).
bool has_checkpoint(const std::string& path);

// Return the "key value" lines between the first line of `path` and its checksum line (a line without a
// space is a key with an empty value). The first line must be "<magic> 1" or "<magic> 2": a file that is
// not regular or does not start with magic is "<path> is not <what>", another version is named, and a
// version 2 file without its checksum line, with a checksum that does not match, or with a key that comes
// twice is damaged.
Result<KeyValues> read_checkpoint(const std::string& path, std::string_view magic, std::string_view what);

// Return an error naming the first key whose value in `kv` differs from the one wanted:
// "checkpoint F has seed 3, this run 4". The keys say what run the checkpoint belongs to.
std::optional<std::string> mismatched_key(const KeyValues& kv, const std::string& path,
                                          const std::vector<std::pair<std::string, std::string>>& wanted);

// Return an error when a checkpoint holds more of the run's units (samples, draws) than the run asks for:
// "checkpoint F holds 65536 draws, more than the 100 asked for". A resumed run may only go on, not shrink.
std::optional<std::string> holds_more_than_asked(const std::string& path, std::uint64_t held, std::uint64_t asked,
                                                 const std::string& unit);

// A run's hold on its checkpoint: FILE.lock, locked with flock(2) while the run lasts, so that a second
// run given the same checkpoint is refused instead of saving over the first one's checkpoint and cutting
// its --emit file. The lock file is removed when the hold ends; one a killed run leaves behind is empty
// and locks nothing (the kernel drops a dead process's locks).
class CheckpointLock {
 public:
  // Take the lock of `path`'s checkpoint: "checkpoint F is in use by another run (F.lock is locked)" when
  // another run holds it. No path (no checkpoint), or one that is not a regular file (which the reader
  // refuses), takes no lock.
  static Result<CheckpointLock> acquire(const std::string& path);
  CheckpointLock(CheckpointLock&& other) noexcept;
  CheckpointLock& operator=(CheckpointLock&&) = delete;
  ~CheckpointLock();

 private:
  CheckpointLock(int fd, std::string lock_path) : fd_(fd), lock_path_(std::move(lock_path)) {}
  int fd_;
  std::string lock_path_;
};

// Return the whole number `text` is, in decimal digits only; nullopt for anything else.
std::optional<std::uint64_t> parse_number(const std::string& text);

// Numbers as "1,2,3", and back (nullopt when an item is not a whole number).
std::string join_numbers(std::span<const std::uint64_t> numbers);
std::optional<std::vector<std::uint64_t>> split_numbers(const std::string& text);

}  // namespace chessrank::estimator
