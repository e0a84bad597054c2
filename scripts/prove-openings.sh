#!/usr/bin/env bash
# Proves the first COUNT legal positions of the 2021 sample's visible file, each given the first PLIES plies
# of its published proof game as --opening, at NODES expansions, JOBS at a time: how far the search gets
# once a game's opening is right (docs/proof-games.md, section 8). Prints one line per position in input
# order (its number and outcome: "legal N plies", "unknown") and the count proved on stderr.
#   scripts/prove-openings.sh [PLIES] [COUNT] [NODES] [JOBS]
set -euo pipefail
plies=${1:-40}
count=${2:-20}
nodes=${3:-40000}
jobs=${4:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
chessrank=${CHESSRANK:-$root/build/release/tools/chessrank}
data=${DATA:-$root/../shared/data/tromp-923-visible.txt}
[[ -x $chessrank ]] || { echo "error: $chessrank is not built (scripts/build.sh release chessrank)" >&2; exit 2; }
[[ -r $data ]] || { echo "error: cannot read $data" >&2; exit 2; }

prove_one() {  # number, FEN, opening
  local line
  line=$("$chessrank" prove --nodes "$nodes" --threads 1 --opening "$3" "$2")
  case $line in
    legal:*) printf '%s\tlegal %s plies\n' "$1" "$(cut -d' ' -f3- <<< "$line" | wc -w)" ;;
    *) printf '%s\t%s\n' "$1" "${line%%:*}" ;;
  esac
}
export -f prove_one
export chessrank nodes
out=$(mktemp)
trap 'rm -f "$out"' EXIT
awk -v k="$plies" -v n="$count" '$7 == "legal:" && ++m <= n {
    opening = ""
    for (i = 9; i < 9 + k && i <= NF; ++i) opening = opening (opening == "" ? "" : " ") $i
    printf "%d\n%s %s %s %s %s %s\n%s\n", m, $1, $2, $3, $4, $5, $6, opening
  }' "$data" |
  xargs -d '\n' -n 3 -P "$jobs" bash -c 'prove_one "$@"' _ | sort -n -k1,1 | tee "$out"
awk -F'\t' -v k="$plies" -v n="$nodes" '$2 ~ /^legal/ { p++ } END {
    printf "%d positions, the first %d plies of each game given: %d proved at %d expansions\n", NR, k, p, n }' "$out" >&2
