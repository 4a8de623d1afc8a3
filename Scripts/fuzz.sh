#!/usr/bin/env bash
# Runs the fuzz test of `check` longer than CI does (Tests/BrewSiteTests/FuzzCheckTests.swift), and
# the preview server's request and write fuzz (Tests/BrewServeTests/RequestFuzzTests.swift, a tenth as many).
#   Scripts/fuzz.sh [COUNT [SEED [SECONDS_PER_INPUT]]]     defaults: 20000 inputs, a seed from the clock, 30 s
# The test prints one line: inputs run, the seed, how many checked clean, the time, each mutation's count.
# A failure names the input's number, seed and mutation: rerun with that seed to reproduce it.
set -euo pipefail
cd "$(dirname "$0")/.."
export BREWGUIDE_FUZZ_COUNT="${1:-20000}"
export BREWGUIDE_FUZZ_SEED="${2:-$(date +%s)}"
export BREWGUIDE_FUZZ_SECONDS="${3:-30}"
swift build --build-tests
log="$(mktemp)"
trap 'rm -f "$log"' EXIT
status=0
swift test --disable-xctest --skip-build --filter 'FuzzCheckTests|RequestFuzzTests' >"$log" 2>&1 || status=$?
grep -E '^fuzz:|^request fuzz:|^write fuzz:|✘|recorded an issue' "$log" || tail -n 20 "$log"
exit "$status"
