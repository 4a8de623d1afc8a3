#!/usr/bin/env bash
# Runs every test (unit, golden, fixture and end-to-end), installing what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift test --disable-xctest "$@"
