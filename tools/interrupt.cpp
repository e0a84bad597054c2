#include "tools/interrupt.h"

#include <csignal>

namespace chessrank::cli {

namespace {

volatile std::sig_atomic_t received = 0;  // the signal's number, or 0
struct sigaction previous_int, previous_term;

extern "C" void note_signal(int signal) { received = signal; }

}  // namespace

Interrupt::Interrupt() {
  received = 0;
  struct sigaction action {};
  action.sa_handler = note_signal;
  sigemptyset(&action.sa_mask);
  action.sa_flags = SA_RESTART;  // a write blocked on a full pipe goes on: the output stays whole
  sigaction(SIGINT, &action, &previous_int);
  sigaction(SIGTERM, &action, &previous_term);
}

Interrupt::~Interrupt() {
  sigaction(SIGINT, &previous_int, nullptr);
  sigaction(SIGTERM, &previous_term, nullptr);
}

bool Interrupt::requested() { return received != 0; }

int Interrupt::interrupted_status() { return 128 + received; }

}  // namespace chessrank::cli
