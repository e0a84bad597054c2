#!/usr/bin/env bash
# Quick start, part 2: install what is missing, then build and run the whole test suite twice: an
# optimised build, and a build with AddressSanitizer and UndefinedBehaviorSanitizer.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
for flavour in release sanitize; do
  echo "== $flavour build" >&2
  "$root/scripts/build.sh" "$flavour"
  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
    ctest --test-dir "$root/build/$flavour" -j "$(nproc)" --output-on-failure
done
