// Input and diagnostics shared by the subcommands: items come from the command line or, when there
// are none, one per line from stdin; results go to stdout one per line; problems go to stderr as one
// line naming where they happened ("line 12" for stdin, "argument 2" for the command line).
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include "core/position.h"

namespace chessrank::cli {

// Where an item came from, for messages.
struct ItemSource {
  bool from_stdin;
  std::size_t number;  // 1-based line or argument number
  std::string describe() const;  // "line 12" or "argument 2"
};

// Where items come from besides the arguments, and when to stop.
struct ItemInput {
  std::string file;     // read the lines of this file instead of stdin (when there are no arguments)
  bool strict = false;  // stop after the first failure
};

// Lines longer than this are refused ("line 3: longer than 1048576 bytes"): no item is nearly as long, and
// input without newlines (/dev/zero) must not take all memory.
inline constexpr std::size_t MaxLineBytes = std::size_t(1) << 20;
// The message for such a line.
inline std::string too_long_message() { return "longer than " + std::to_string(MaxLineBytes) + " bytes"; }

// Make the flushes of std::cout done here (before waiting for input, before an error line) take `mutex`,
// for a command whose threads print while its items are still being read; nullptr: no mutex (the default).
void set_output_mutex(std::mutex* mutex);

// Return the next byte of `in`, or EOF at its end or on an error. Before a read of stdin that may wait,
// flush stdout, so that a program feeding us input gets the answers to what it sent; wait for a
// descriptor left non-blocking. Items and raw records are read through this.
int read_input_byte(std::FILE* in);
// Read up to `size` bytes of `in` into `buffer` and return how many were read: fewer only at the end of
// the input or on an error (std::ferror tells). Wait, as read_input_byte does, on a non-blocking descriptor.
std::size_t read_input_block(std::FILE* in, char* buffer, std::size_t size);

// Call `handle` on each item: the arguments if any, else every non-blank line of input.file or stdin
// (trailing CR and surrounding blanks trimmed, and a UTF-8 byte order mark at the start of the input).
// `handle` returns false for a failed item. Return the number of failures. Throw std::runtime_error when
// the file cannot be opened or read (a directory opens but does not read), after handling the lines read
// before.
std::size_t for_each_item(const std::vector<std::string>& args,
                          const std::function<bool(const std::string&, const ItemSource&)>& handle,
                          const ItemInput& input = {});

// Call `handle` on each item parsed as a position (FEN, or EPD): a malformed one is reported with its
// place and counts as a failure without reaching `handle`. Return the number of failures.
std::size_t for_each_position(
    const std::vector<std::string>& args,
    const std::function<bool(const Position& pos, const std::string& text, const ItemSource& src)>& handle,
    const ItemInput& input = {});

// Return how messages name an input: "standard input" for "", else "input file '<file>'".
std::string input_name(const std::string& file);
// Return "cannot <verb> <what>", with the reason errno gives when it gives one.
std::string io_failure(std::string_view verb, std::string_view what);

// Print "error: <where>: <message>" (or "error: <message>" when where is empty) on stderr, one line: its
// control bytes (a newline, an escape) written as \xNN.
void report_error(std::string_view where, std::string_view message);
// The same for a bad item; with `--format json` (set_item_errors_as_json) also the object
// {"source": "<where>", "error": "<message>"} on standard output, in the item's place.
void report_error(const ItemSource& src, std::string_view message);
void set_item_errors_as_json(bool on);

std::string_view trim(std::string_view s);

}  // namespace chessrank::cli
