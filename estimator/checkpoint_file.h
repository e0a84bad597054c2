// Checkpoint files: small text files of "key value" lines, one key per line. A save writes FILE.tmp and
// renames it over FILE, so an interrupted save leaves the previous checkpoint whole.
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

// Write `text` to `path` through `path`.tmp and a rename; false when either fails.
bool write_atomically(const std::string& path, const std::string& text);

// Return the "key value" lines after the first of `path` (a line without a space is a key with an empty
// value). The first line must be "<magic> 1": a file that is not regular or does not start with magic is
// "<path> is not <what>", another version is named, and a key that comes twice makes the file damaged.
Result<KeyValues> read_checkpoint(const std::string& path, std::string_view magic, std::string_view what);

// Return an error naming the first key whose value in `kv` differs from the one wanted:
// "checkpoint F has seed 3, this run 4". The keys say what run the checkpoint belongs to.
std::optional<std::string> mismatched_key(const KeyValues& kv, const std::string& path,
                                          const std::vector<std::pair<std::string, std::string>>& wanted);

// Return an error when a checkpoint holds more of the run's units (samples, draws) than the run asks for:
// "checkpoint F holds 65536 draws, more than the 100 asked for". A resumed run may only go on, not shrink.
std::optional<std::string> holds_more_than_asked(const std::string& path, std::uint64_t held, std::uint64_t asked,
                                                 const std::string& unit);

// Return the whole number `text` is, in decimal digits only; nullopt for anything else.
std::optional<std::uint64_t> parse_number(const std::string& text);

// Numbers as "1,2,3", and back (nullopt when an item is not a whole number).
std::string join_numbers(std::span<const std::uint64_t> numbers);
std::optional<std::vector<std::uint64_t>> split_numbers(const std::string& text);

}  // namespace chessrank::estimator
