#!/usr/bin/env bash
# Builds brewguide and brewbench in release and runs the benchmark of issue 8 (Benchmarks/README.md).
#
#   Scripts/benchmark.sh [--sizes 1000,10000,100000] [--runs 3] [--json FILE] [...]   brewbench run
#   Scripts/benchmark.sh --hugo [--hugo-logs 10000] [--hugo-json FILE] [...]          then brewbench hugo
#   Scripts/benchmark.sh --hugo-only [--hugo-logs 10000] [--runs 3]                  only brewbench hugo
#
# Other arguments go to `brewbench run`; --runs and --binary also go to `brewbench hugo`.
set -euo pipefail
cd "$(dirname "$0")/.."

hugo=0
hugo_only=0
hugo_args=()
run_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --hugo) hugo=1 ;;
        --hugo-only) hugo=1; hugo_only=1 ;;
        --hugo-logs) hugo_args+=(--logs "$2"); shift ;;
        --hugo-json) hugo_args+=(--json "$2"); shift ;;
        --runs|--binary) run_args+=("$1" "$2"); hugo_args+=("$1" "$2"); shift ;;
        *) run_args+=("$1") ;;
    esac
    shift
done

swift build -c release --product brewguide >&2
swift build -c release --product brewbench >&2

if [ "$hugo_only" = 0 ]; then
    .build/release/brewbench run "${run_args[@]+"${run_args[@]}"}"
fi
if [ "$hugo" = 1 ]; then
    if ! command -v hugo >/dev/null; then
        if [ "$(id -u)" = 0 ]; then
            apt-get install -y hugo || { apt-get update && apt-get install -y hugo; }
        else
            echo "hugo is not installed: sudo apt-get install -y hugo" >&2
            exit 1
        fi
    fi
    echo
    .build/release/brewbench hugo "${hugo_args[@]+"${hugo_args[@]}"}"
fi
