#include "tools/standard_output.h"

#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <iostream>

namespace chessrank::cli {

StandardOutputBuffer::StandardOutputBuffer() : previous_(std::cout.rdbuf()) {
  setp(buffer_, buffer_ + sizeof buffer_);
  std::cout.rdbuf(this);
}

StandardOutputBuffer::~StandardOutputBuffer() {
  drain();
  std::cout.rdbuf(previous_);
}

StandardOutputBuffer::int_type StandardOutputBuffer::overflow(int_type c) {
  if (!drain()) return traits_type::eof();
  if (!traits_type::eq_int_type(c, traits_type::eof())) {
    *pptr() = traits_type::to_char_type(c);
    pbump(1);
  }
  return traits_type::not_eof(c);
}

int StandardOutputBuffer::sync() { return drain() ? 0 : -1; }

bool StandardOutputBuffer::drain() {
  const char* p = pbase();
  while (p < pptr() && !error_) {
    const ssize_t written = ::write(STDOUT_FILENO, p, std::size_t(pptr() - p));
    if (written >= 0) {
      p += written;
    } else if (errno == EAGAIN || errno == EWOULDBLOCK) {
      pollfd out{STDOUT_FILENO, POLLOUT, 0};
      ::poll(&out, 1, -1);
    } else if (errno != EINTR) {
      error_ = errno;
    }
  }
  setp(buffer_, buffer_ + sizeof buffer_);  // after a failure the rest is dropped: the output is lost anyway
  return !error_;
}

}  // namespace chessrank::cli
