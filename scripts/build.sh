#!/usr/bin/env bash
# Configures and builds one flavour into build/<flavour>:
#   release   optimised, with the benchmarks (the default)
#   sanitize  AddressSanitizer + UndefinedBehaviorSanitizer, no benchmarks
set -euo pipefail
flavour=${1:-release}
root=$(cd "$(dirname "$0")/.." && pwd)
case $flavour in
  release) opts=(-DCMAKE_BUILD_TYPE=Release) ;;
  sanitize) opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo -DCHESSRANK_SANITIZE=ON -DCHESSRANK_BENCH=OFF) ;;
  *) echo "usage: scripts/build.sh [release|sanitize]" >&2; exit 2 ;;
esac
cmake -S "$root" -B "$root/build/$flavour" "${opts[@]}" >/dev/null
cmake --build "$root/build/$flavour" -j "$(nproc)" >&2  # progress on stderr: stdout is for results
