#!/usr/bin/env bash
# Configures and builds one flavour into build/<flavour>:
#   release   optimised, with the benchmarks (the default); CHESSRANK_MPI=ON in the environment adds MPI
#   sanitize  AddressSanitizer + UndefinedBehaviorSanitizer, no benchmarks
# Targets after the flavour build only those (scripts/run.sh: the chessrank program); none: everything.
set -euo pipefail
flavour=${1:-release}
targets=("${@:2}")
root=$(cd "$(dirname "$0")/.." && pwd)
case $flavour in
  release) opts=(-DCMAKE_BUILD_TYPE=Release "-DCHESSRANK_MPI=${CHESSRANK_MPI:-OFF}") ;;
  # -O1 -g1 (line tables, for the sanitizers' stack traces) builds in half the time of -O2 -g; the
  # tests run about 10% slower.
  sanitize) opts=(-DCMAKE_BUILD_TYPE=RelWithDebInfo "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1" -DCHESSRANK_SANITIZE=ON
                  -DCHESSRANK_BENCH=OFF) ;;
  *) echo "usage: scripts/build.sh [release|sanitize] [TARGET...]" >&2; exit 2 ;;
esac
cmake -S "$root" -B "$root/build/$flavour" "${opts[@]}" >/dev/null
target_args=()
for t in "${targets[@]}"; do target_args+=(--target "$t"); done
cmake --build "$root/build/$flavour" -j "$(nproc)" "${target_args[@]}" >&2  # progress on stderr: stdout is for results
