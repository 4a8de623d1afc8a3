#!/usr/bin/env bash
# Builds the journal from Data/ into Site/, installing what is missing first.
#
# The binary is a debug build: it is what the tests use too, so `Scripts/test.sh` afterwards
# compiles only the tests. A debug brewguide builds a journal of a few hundred brews in a second
# or two; for thousands, `swift build -c release` once and use .build/release/brewguide
# (Scripts/benchmark.sh does).
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift build --product brewguide
.build/debug/brewguide build --data Data --output Site "$@"
