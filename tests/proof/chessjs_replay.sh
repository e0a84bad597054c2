#!/usr/bin/env bash
# Proves the positions of a FEN file with `chessrank prove` and replays every game found with chess.js
# (installed from npm into the work directory at the version package-lock.json pins).
# Usage: chessjs_replay.sh CHESSRANK WORK_DIR FEN_FILE [PROVE_OPTIONS...]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
chessrank=$1 work=$2 fens=$3
shift 3
mkdir -p "$work"
cp "$here/chessjs/package.json" "$here/chessjs/package-lock.json" "$here/chessjs/replay.mjs" "$work/"
if [[ ! -f "$work/node_modules/chess.js/package.json" ]]; then
  (cd "$work" && npm ci --no-audit --no-fund --loglevel=error)
fi
"$chessrank" prove "$@" < "$fens" > "$work/verdicts.txt"
paste "$fens" "$work/verdicts.txt" | node "$work/replay.mjs"
