#include "tools/input.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <memory>
#include <mutex>
#include <stdexcept>

#include <poll.h>

#include "core/fen.h"
#include "tools/json_lines.h"

namespace chessrank::cli {

std::string ItemSource::describe() const {
  return (from_stdin ? "line " : "argument ") + std::to_string(number);
}

namespace {

// Return whether reading more of stdin may wait: nothing is left in its stdio buffer (glibc shows
// it; elsewhere assume so) and descriptor 0 has nothing ready.
bool stdin_may_wait() {
#ifdef __GLIBC__
  if (stdin->_IO_read_ptr < stdin->_IO_read_end) return false;
#endif
  pollfd fd{0, POLLIN, 0};
  return ::poll(&fd, 1, 0) == 0;
}

// Return true after waiting for `in` when its read failed only for having nothing yet: a descriptor left
// non-blocking by whoever started us (it is shared with them).
bool waited_for_input(std::FILE* in) {
  if (!std::ferror(in) || (errno != EAGAIN && errno != EWOULDBLOCK)) return false;
  std::clearerr(in);
  errno = 0;
  pollfd fd{::fileno(in), POLLIN, 0};
  ::poll(&fd, 1, -1);
  return true;
}

}  // namespace

namespace {
std::mutex* output_mutex = nullptr;

// Flush std::cout, under the output mutex when a command has set one.
void flush_output() {
  if (!output_mutex) {
    std::cout.flush();
    return;
  }
  const std::lock_guard lock(*output_mutex);
  std::cout.flush();
}
}  // namespace

void set_output_mutex(std::mutex* mutex) { output_mutex = mutex; }

int read_input_byte(std::FILE* in) {
  if (in == stdin && stdin_may_wait()) flush_output();
  int c = getc_unlocked(in);
  while (c == EOF && waited_for_input(in)) c = getc_unlocked(in);
  return c;
}

std::size_t read_input_block(std::FILE* in, char* buffer, std::size_t size) {
  std::size_t got = 0;
  errno = 0;
  while (got < size) {
    got += std::fread(buffer + got, 1, size - got, in);
    if (got == size || !waited_for_input(in)) break;
  }
  return got;
}

std::string_view trim(std::string_view s) {
  // The blanks of a FEN, so that a line the parser would find empty is skipped as blank.
  while (!s.empty() && is_fen_blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_fen_blank(s.back())) s.remove_suffix(1);
  return s;
}

std::size_t for_each_item(const std::vector<std::string>& args,
                          const std::function<bool(const std::string&, const ItemSource&)>& handle,
                          const ItemInput& input) {
  std::size_t failures = 0;
  if (!args.empty()) {
    for (std::size_t i = 0; i < args.size() && !(failures && input.strict); ++i)
      if (!handle(std::string(trim(args[i])), ItemSource{false, i + 1})) ++failures;
    return failures;
  }
  std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(nullptr, &std::fclose);
  if (!input.file.empty()) {
    file.reset(std::fopen(input.file.c_str(), "rb"));
    if (!file) throw std::runtime_error(io_failure("open", input_name(input.file)));
  }
  std::FILE* const in = file ? file.get() : stdin;
  // Read through stdio a byte at a time (std::getline on std::cin costs a getc and an ungetc per byte
  // and flushes std::cout before each line, a write per line); read_input_byte flushes only when needed.
  enum class Read { Line, TooLong, End };
  std::string line;
  const auto next_line = [&] {
    line.clear();
    int c = 0;
    bool any = false;
    while ((c = read_input_byte(in)) != EOF) {
      any = true;
      if (c == '\n') return Read::Line;
      if (line.size() == MaxLineBytes) return Read::TooLong;
      line.push_back(char(c));
    }
    return any ? Read::Line : Read::End;
  };
  errno = 0;
  Read read = Read::End;
  for (std::size_t n = 1; !(failures && input.strict) && (read = next_line()) != Read::End; ++n) {
    if (read == Read::TooLong) {
      report_error(ItemSource{true, n}, too_long_message());
      ++failures;
      int c = 0;
      while ((c = read_input_byte(in)) != EOF && c != '\n') {
      }
      continue;
    }
    std::string_view item = trim(line);
    if (n == 1 && item.substr(0, 3) == "\xEF\xBB\xBF") item = trim(item.substr(3));  // a UTF-8 byte order mark
    if (item.empty()) continue;
    if (!handle(std::string(item), ItemSource{true, n})) ++failures;
  }
  if (std::ferror(in)) throw std::runtime_error(io_failure("read", input_name(input.file)));
  return failures;
}

std::size_t for_each_position(
    const std::vector<std::string>& args,
    const std::function<bool(const Position& pos, const std::string& text, const ItemSource& src)>& handle,
    const ItemInput& input) {
  return for_each_item(args, [&](const std::string& text, const ItemSource& src) {
    const Result<Position> pos = parse_fen_or_epd(text);
    if (!pos) {
      report_error(src, pos.error());
      return false;
    }
    return handle(*pos, text, src);
  }, input);
}

std::string input_name(const std::string& file) {
  return file.empty() ? "standard input" : "input file '" + file + "'";
}

std::string io_failure(std::string_view verb, std::string_view what) {
  std::string text = "cannot " + std::string(verb) + ' ' + std::string(what);
  if (errno) text += std::string(": ") + std::strerror(errno);
  return text;
}

namespace {
bool item_errors_as_json = false;
}  // namespace

void set_item_errors_as_json(bool on) { item_errors_as_json = on; }

void report_error(const ItemSource& src, std::string_view message) {
  if (item_errors_as_json) print_json({{"source", src.describe()}, {"error", std::string(message)}});
  report_error(src.describe(), message);
}

void report_error(std::string_view where, std::string_view message) {
  flush_output();  // keep stdout and stderr in order when both go to a terminal
  std::string line = "error: ";
  if (!where.empty()) line.append(where).append(": ");
  line.append(message);
  // Control bytes escaped, so that a message quoting a file name or an option value stays one line and
  // sends the terminal nothing but text; UTF-8 stays readable. One write: std::cerr is unbuffered.
  std::cerr << escape_bytes(line, true, 0) + '\n';
}

}  // namespace chessrank::cli
