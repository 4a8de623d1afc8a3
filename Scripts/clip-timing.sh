#!/usr/bin/env bash
# Times `kitchen clip --dry-run` on each saved page of a folder (the forty shared pages by
# default): the wall time and peak memory of each run, with /usr/bin/time, then the mean, the
# slowest and the largest. Each run is a whole process (start, read, clip, print), so a page's
# clipping costs less than its line says. Benchmarks/README.md.
#
#   Scripts/clip-timing.sh [--binary .build/release/brewguide] [PAGES_FOLDER]
#
# Pages may be saved .html or .html.gz (unpacked into a temporary folder first).
set -euo pipefail
binary=.build/release/brewguide
if [[ "${1:-}" == "--binary" ]]; then binary=$2; shift 2; fi
pages=${1:-../shared/corpus/recipe-pages}
[[ -x "$binary" ]] || { echo "clip-timing: no brewguide at $binary (swift build -c release --product brewguide)" >&2; exit 1; }
[[ -x /usr/bin/time ]] || { echo "clip-timing: /usr/bin/time is needed (apt-get install time)" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/pages" "$work/Data/kitchen/recipes"
for page in "$pages"/*.html "$pages"/*.html.gz; do
  [[ -e "$page" ]] || continue
  name=$(basename "$page" .gz)
  if [[ "$page" == *.gz ]]; then gunzip -c "$page" > "$work/pages/$name"; else cp "$page" "$work/pages/$name"; fi
done
printf "page\tseconds\tpeak KB\n"
for page in "$work"/pages/*.html; do
  /usr/bin/time -f "%e\t%M" -o "$work/one" "$binary" kitchen clip --dry-run --data "$work/Data" "$page" > /dev/null 2>&1 || true
  printf "%s\t%s\n" "$(basename "$page" .html)" "$(cat "$work/one")"
done | tee "$work/all"
awk -F'\t' '{s+=$2; if($2>m)m=$2; if($3>r)r=$3} END {printf "%d pages: mean %.3f s, slowest %.3f s, largest peak %d KB\n", NR, s/NR, m, r}' "$work/all"
