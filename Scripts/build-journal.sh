#!/usr/bin/env bash
# Builds the journal from Data/ into Site/, installing what is missing first.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
swift build -c release --product brewguide
.build/release/brewguide build --data Data --output Site "$@"
