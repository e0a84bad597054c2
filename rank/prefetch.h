// prefetch: asks for the cache line that holds an address, without waiting for it.
#pragma once

namespace chessrank::rank {

// Ask for the line of p. An asm statement on x86-64, not __builtin_prefetch: GCC 12 deletes the builtin from
// some loops that do nothing else with the address (docs/performance.md), and a batch's prefetch stages are
// such loops.
inline void prefetch(const void* p) {
#if defined(__x86_64__)
  asm volatile("prefetcht0 %0" ::"m"(*static_cast<const char*>(p)));
#else
  __builtin_prefetch(p);
#endif
}

}  // namespace chessrank::rank
