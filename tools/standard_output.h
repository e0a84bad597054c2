// Standard output through a buffer of chessrank's own, which keeps the reason a write failed: stdio's
// buffer loses it, and by the time a command notices, errno speaks of other calls.
#pragma once

#include <streambuf>

namespace chessrank::cli {

class StandardOutputBuffer : public std::streambuf {
 public:
  StandardOutputBuffer();   // std::cout writes here from now on
  ~StandardOutputBuffer();  // writes what is left and gives std::cout its buffer back
  StandardOutputBuffer(const StandardOutputBuffer&) = delete;
  StandardOutputBuffer& operator=(const StandardOutputBuffer&) = delete;

  // Return errno of the first write that failed, or 0.
  int error() const { return error_; }

 protected:
  int_type overflow(int_type c) override;
  int sync() override;

 private:
  // Write the buffered bytes to file descriptor 1, waiting while a non-blocking one is full.
  bool drain();

  char buffer_[1 << 16];
  std::streambuf* previous_;
  int error_ = 0;
};

}  // namespace chessrank::cli
