#!/bin/sh
# Scores the kitchen's ingredient-line grammar on a labelled source kept outside the project
# (default: cookstr.csv in ../shared/corpus/ingredient-lines, found from the package root or,
# in a worktree, from the folder above it). Prints the scores only, never the lines.
# Usage: Scripts/held-out-ingredient-lines.sh [path/to/labelled.csv]
# Run `swift build --build-tests` first; the test is run with --skip-build.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
file=${1:-}
if [ -z "$file" ]; then
    for candidate in "$root/../shared/corpus/ingredient-lines/cookstr.csv" "$root/../../shared/corpus/ingredient-lines/cookstr.csv"; do
        if [ -f "$candidate" ]; then file=$candidate; break; fi
    done
fi
if [ -z "$file" ] || [ ! -f "$file" ]; then
    echo "held-out-ingredient-lines: no labelled file found (looked in ../shared/corpus/ingredient-lines); nothing scored" >&2
    exit 0
fi
cd "$root"
INGREDIENT_LINES_HELD_OUT=$file swift test --skip-build --filter 'IngredientLineCorpusTests/scoresTheHeldOutLines' 2>&1 | grep -E 'ingredient-lines|passed|failed|error'
