#!/usr/bin/env bash
# Quick start, part 1: install what is missing, build, and run the main job: estimate the number of
# legal chess positions from 20 million uniform samples of the default ranking model (about a minute
# on 2 cores). Extra arguments go to `chessrank estimate` (e.g. --samples 1000000 --seed 7).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
"$root/scripts/install-deps.sh"
"$root/scripts/build.sh" release
exec "$root/build/release/tools/chessrank" estimate --samples 20000000 "$@"
