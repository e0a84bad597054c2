#!/usr/bin/env bash
# Installs, with apt-get, whatever the build and the tests need and this machine lacks.
# Idempotent: a machine that has everything is left alone (no apt-get update).
set -euo pipefail

packages=(
  build-essential cmake pkg-config
  libgmp-dev libboost-dev libpcg-cpp-dev libcli11-dev nlohmann-json3-dev
  libgtest-dev libgmock-dev libbenchmark-dev
  stockfish
  libopenmpi-dev openmpi-bin  # the MPI build (-DCHESSRANK_MPI=ON) and its test; the default build does without
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# Node.js and npm, for the test that replays proof games with chess.js: any install will do (some machines
# have NodeSource's nodejs, which carries its own npm and conflicts with Debian's npm package).
command -v node >/dev/null || missing+=(nodejs)
command -v npm >/dev/null || missing+=(npm)

if ((${#missing[@]})); then
  echo "install-deps: installing ${missing[*]}" >&2
  sudo=""
  [[ $(id -u) -eq 0 ]] || sudo="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi
