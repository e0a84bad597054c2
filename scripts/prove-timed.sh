#!/usr/bin/env bash
# Proves each FEN of standard input in its own process, limited to SECONDS of CPU time (a search that
# reaches the limit is killed and counts as unknown), JOBS at a time, and prints one line per position in
# input order: its number, the CPU seconds used and the outcome ("legal N plies", "illegal", "unknown").
# Progress and a summary go to stderr. The outcomes depend on the CPU limit only, not on the machine's load.
#   scripts/prove-timed.sh [SECONDS] [JOBS] < positions.txt
set -euo pipefail
seconds=${1:-60}
jobs=${2:-$(nproc)}
root=$(cd "$(dirname "$0")/.." && pwd)
chessrank=${CHESSRANK:-$root/build/release/tools/chessrank}
[[ -x $chessrank ]] || { echo "error: $chessrank is not built (scripts/build.sh release chessrank)" >&2; exit 2; }

prove_one() {  # number, FEN
  local out times
  # `times` in the process that ran the search: its last line is the children's user and system time.
  times=$(bash -c 'ulimit -t "$0"; "$1" prove --nodes 1000000000000 --threads 1 "$2" > "$3"; echo "status $?"; times' \
            "$seconds" "$chessrank" "$2" "$tmp/$1" 2>/dev/null)
  case $(head -c 8 "$tmp/$1") in
    legal:*) out="legal $(cut -d' ' -f3- "$tmp/$1" | wc -w) plies" ;;
    illegal:*) out=illegal ;;
    unknown:*) out=unknown ;;
    *) (( $(sed -n 's/^status //p' <<< "$times") >= 128 )) && out=unknown || out=error ;;  # killed at the limit, or not
  esac
  printf '%s\t%s\t%s\n' "$1" "$(tail -1 <<< "$times" | awk '{ split($1 " " $2, t, /[ms]+/); printf "%.1f", 60 * (t[1] + t[3]) + t[2] + t[4] }')" "$out"
  echo "position $1: $out" >&2  # progress: the positions finish out of order
}
export -f prove_one
export chessrank seconds
tmp=$(mktemp -d)
export tmp
trap 'rm -rf "$tmp"' EXIT
awk 'NF { printf "%d\t%s\n", ++n, $0 }' | tr '\t' '\n' |
  xargs -d '\n' -n 2 -P "$jobs" bash -c 'prove_one "$@"' _ | sort -n -k1,1 | tee "$tmp/all"
# The summary: how many were proved, and their CPU seconds in order.
awk -F'\t' '$3 ~ /^legal/ { print $2 }' "$tmp/all" | sort -g |
  awk -v n="$(wc -l < "$tmp/all")" -v limit="$seconds" '
    { t[++p] = $1 }
    END {
      printf "%d positions: %d proved within %s s of CPU", n, p, limit
      if (p) printf "; their CPU seconds: median %s, 90th percentile %s, largest %s", t[int((p + 1) / 2)], t[int(0.9 * p + 0.999)], t[p]
      printf "\n"
    }' >&2
