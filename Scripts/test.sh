#!/usr/bin/env bash
# Runs every test (unit, golden, fixture and end-to-end), installing what is missing first.
#
# With no arguments the preview server's own tests run after the others, on their own: they start
# servers inside the test process, and on a two-core machine the other suites' long synchronous
# work (fuzzing, whole-site builds) holds Swift's cooperative threads that those servers answer on,
# so a client's ten-second wait ran out under the full suite. Arguments go to one `swift test`.
set -euo pipefail
cd "$(dirname "$0")/.."
Scripts/bootstrap.sh
# The tests' journals are the ones they name: not the person's BREWGUIDE_DATA or config file.
unset BREWGUIDE_DATA
XDG_CONFIG_HOME="$(mktemp -d)"; export XDG_CONFIG_HOME
trap 'rm -rf "$XDG_CONFIG_HOME"' EXIT
# The meal plan's calendar feed is read back with the maintained `icalendar` parser (PyPI); the test
# installs it itself when it can and is skipped, saying why, when it cannot.
if command -v python3 >/dev/null 2>&1 && ! python3 -c 'import icalendar' >/dev/null 2>&1; then
  python3 -m pip install --quiet --user icalendar >/dev/null 2>&1 || echo "could not install the icalendar package (pip); the calendar feed's parser test will be skipped" >&2
fi
if [ "$#" -gt 0 ]; then
  exec swift test --disable-xctest "$@"
fi
swift build --build-tests
swift test --disable-xctest --skip-build --skip '^BrewServeTests\.'
swift test --disable-xctest --skip-build --filter '^BrewServeTests\.'
