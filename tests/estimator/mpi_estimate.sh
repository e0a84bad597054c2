#!/usr/bin/env bash
# `chessrank estimate` under MPI gives what one process gives: the same JSON report (but for the run's
# seconds, threads and processes), the same emit file and the same text report, for 3 processes on this
# machine's cores, for a run checkpointed with 3 processes and resumed with 2, and for a run resumed with 2
# after one of its 3 processes was killed, which must fail loudly and keep its checkpoint. A bad option is
# reported once, and other commands run once.
# Usage: mpi_estimate.sh CHESSRANK MPIEXEC WORK_DIR
set -euo pipefail
chessrank=$1 mpiexec=$2 work=$3
rm -rf "$work"
mkdir -p "$work"
cd "$work"
# OpenMPI refuses to run as root (CI runs as root) unless told; --oversubscribe: 3 processes on 2 cores.
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
mpi() { local np=$1; shift; "$mpiexec" --oversubscribe -np "$np" "$chessrank" "$@" --threads 1; }
run=(estimate --samples 131072 --seed 7)  # 8 chunks
fail() { echo "FAIL: $*" >&2; exit 1; }
# Everything but the lines that describe the run rather than its result.
same() {
  diff <(grep -v '"seconds"\|"threads"\|"processes"\|"resumed"' "$1.json") \
       <(grep -v '"seconds"\|"threads"\|"processes"\|"resumed"' "$2.json") >&2 || fail "$2.json differs from $1.json"
  cmp "$1.emit" "$2.emit" || fail "$2.emit differs from $1.emit"
}

"$chessrank" "${run[@]}" --threads 2 --json one.json --emit one.emit > one.txt
mpi 3 "${run[@]}" --json three.json --emit three.emit > three.txt
same one three
diff <(grep -v 'this run' one.txt) <(grep -v 'this run' three.txt) >&2 || fail "the text reports differ"
grep -q 'on 3 processes of 1 thread' three.txt || fail "the report does not name the 3 processes"

# A bad option: one error line, from rank 0, and status 2; another command runs once, on rank 0.
status=0
mpi 3 estimate --samples 0 > bad.out 2> bad.err || status=$?
[[ $status -eq 2 ]] || fail "a bad option under MPI exits with $status"
[[ $(grep -c '^error:' bad.err) -eq 1 ]] || { cat bad.err >&2; fail "the bad option is not reported once"; }
[[ $("$mpiexec" --oversubscribe -np 3 "$chessrank" perft 2 | grep -c .) -eq $("$chessrank" perft 2 | grep -c .) ]] || fail "perft under MPI printed more than once"

# Checkpointed with 3 processes for half the samples, resumed with 2 for all of them.
mpi 3 estimate --samples 65536 --seed 7 --checkpoint split.cp --emit split.emit > /dev/null
mpi 2 "${run[@]}" --checkpoint split.cp --json split.json --emit split.emit > /dev/null
same one split

# One process killed: the run fails, naming it, and its checkpoint resumes with 2 processes.
mpi 3 estimate --samples 100000000 --seed 7 --checkpoint killed.cp --checkpoint-interval 0.2 \
  --emit killed.emit > /dev/null 2> killed.err &
launcher=$!
for _ in $(seq 300); do
  chunks=$(awk '$1 == "chunks" { print $2 }' killed.cp 2> /dev/null || true)
  [[ ${chunks:-0} -ge 2 ]] && break
  sleep 0.1
done
[[ ${chunks:-0} -ge 2 ]] || fail "no checkpoint with chunks in 30 s"
victim=$(pgrep -P "$launcher" | tail -n 1)
[[ -n $victim ]] || fail "no process of the run found"
kill -9 "$victim"
status=0
wait "$launcher" || status=$?
[[ $status -ne 0 ]] || fail "the run went on after a process was killed"
grep -q 'signal 9\|Killed\|exited' killed.err || { cat killed.err >&2; fail "the error does not say a process died"; }
# mpirun returns before the other processes of the run are gone; the checkpoint is theirs until they are.
for _ in $(seq 300); do pgrep -f -- '--checkpoint killed.cp' > /dev/null || break; sleep 0.1; done
saved=$(awk '$1 == "chunks" { print $2 }' killed.cp)
[[ $saved -ge 2 && $saved -le 8 ]] || fail "the checkpoint holds $saved chunks"
mpi 2 "${run[@]}" --checkpoint killed.cp --json killed.json --emit killed.emit > /dev/null
same one killed
echo "MPI runs match the single process; a killed process failed the run (status $status)"
