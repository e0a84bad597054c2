#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build, and run the main job: estimate the number of
# legal chess positions from a million uniform samples of the estimator's default model, cpr (under a
# minute on 2 cores). Arguments, if any, replace that default (e.g. --samples 400000 --seed 7 --threads 1).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" release chessrank  # the program only: scripts/test.sh builds the rest
if (($#)); then
  exec "$root/build/release/tools/chessrank" estimate "$@"
fi
exec "$root/build/release/tools/chessrank" estimate --samples 1000000
