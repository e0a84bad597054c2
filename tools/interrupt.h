// Ctrl-C (SIGINT) and SIGTERM as a request to stop at the next point where the output is whole: a
// command that holds an Interrupt checks requested() between records and, when it is set, finishes what
// it has written, says how to resume, and exits with interrupted_status().
#pragma once

namespace chessrank::cli {

class Interrupt {
 public:
  Interrupt();   // catches SIGINT and SIGTERM until destroyed
  ~Interrupt();  // restores the handlers before it
  Interrupt(const Interrupt&) = delete;
  Interrupt& operator=(const Interrupt&) = delete;

  // Return whether a signal came.
  static bool requested();
  // Return the usual exit status of a process ended by that signal: 128 + its number.
  static int interrupted_status();
};

}  // namespace chessrank::cli
