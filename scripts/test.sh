#!/usr/bin/env bash
# Quick start, part 2: install what is missing, then build and run the whole test suite twice: an
# optimised build with MPI (which also runs as one process, as the default build does), and a build
# without it, with AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
for flavour in release sanitize; do
  echo "== $flavour build" >&2
  CHESSRANK_MPI=ON "$root/scripts/build.sh" "$flavour"  # read by the release flavour only
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$root/build/$flavour" -j "$(nproc)" --output-on-failure
done
