#!/usr/bin/env bash
# The release, tried as a person without Swift has it (issue 48): makes dist/ with
# Scripts/package.sh --lintian, then unpacks the tarball into a fresh folder, and takes the .deb's
# files out with dpkg-deb -x into another, and with each runs init, log, build, check, export and
# serve (one request), BREWGUIDE_DATA and the config file (a bad one, a journal that is not there),
# all in a mount namespace where the toolchain's folder and the checkout are hidden under empty
# tmpfs mounts (unshare -m; needs root).
#
#   Scripts/package-test.sh            package, then try both
#   Scripts/package-test.sh --reuse    try the dist/ already made (no build, no lintian)
#
# .ci/run calls it after the tests. It prints how long each part took.
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /opt/swift/usr/bin/swift)")")")")"

# Inside the namespace: the checks themselves, on the binary at $2, in the fresh folder $3.
if [ "${1:-}" = "--inside" ]; then
    brewguide="$2"; home="$3"
    fail() { echo "package-test: FAILED: $*" >&2; exit 1; }
    [ ! -e "$toolchain/usr/bin/swift" ] || fail "the toolchain is still visible at $toolchain"
    [ ! -e "$package/Package.swift" ] || fail "the checkout is still visible at $package"
    cd "$home"
    export HOME="$home" XDG_CONFIG_HOME="$home/config"
    unset BREWGUIDE_DATA BREWGUIDE_TEMPLATES
    version="$("$brewguide" --version)" || fail "--version: the binary does not start"
    case "$version" in *"static Swift runtime"*) ;; *) fail "--version says '$version', expected a static Swift runtime" ;; esac
    echo "  $version"
    "$brewguide" init journal >/dev/null || fail "init"
    "$brewguide" log v60-starter --rating 4 --tag tooSour --data journal >/dev/null || fail "log"
    "$brewguide" build --data journal --output site --quiet || fail "build"
    [ -s site/index.html ] || fail "build made no site/index.html (templates not in the binary?)"
    grep -q "V60" site/index.html || fail "site/index.html does not name the V60 starter"
    "$brewguide" check --data journal >/dev/null 2>check.err || fail "check: $(cat check.err)"
    grep -q "checked 1 recipe, 1 log" check.err || fail "check said: $(cat check.err)"
    "$brewguide" export --data journal --output backup.json >/dev/null 2>&1 || fail "export"
    grep -q '"v60-starter"' backup.json || fail "the export lacks the starter recipe"
    port=$((20000 + RANDOM % 20000))
    "$brewguide" serve --data journal --output served --port "$port" >serve.out 2>&1 &
    serve_pid=$!
    answered=""
    for _ in $(seq 1 100); do
        if answered="$(curl -fsS "http://127.0.0.1:$port/" 2>/dev/null)"; then break; fi
        kill -0 "$serve_pid" 2>/dev/null || break
        sleep 0.2
    done
    kill -INT "$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
    case "$answered" in *"<html"*) ;; *) fail "serve did not answer GET / with a page: $(cat serve.out)" ;; esac

    # Where the journal is: BREWGUIDE_DATA, the config file, a bad one, one that is not there.
    mkdir elsewhere && cd elsewhere
    BREWGUIDE_DATA="$home/journal" "$brewguide" check >/dev/null 2>&1 || fail "BREWGUIDE_DATA did not name the journal"
    mkdir -p "$XDG_CONFIG_HOME/brewguide"
    printf 'data = "~/journal"\n' > "$XDG_CONFIG_HOME/brewguide/config.toml"
    "$brewguide" check >/dev/null 2>&1 || fail "data in config.toml did not name the journal"
    "$brewguide" check --help | tr -s ' \n' '  ' | grep -q "Now: $home/journal (from data in $XDG_CONFIG_HOME/brewguide/config.toml)" || fail "check --help does not say the journal came from the config file"
    printf 'data = "~/gone"\n' > "$XDG_CONFIG_HOME/brewguide/config.toml"
    if "$brewguide" check >/dev/null 2>missing.err; then fail "check passed on a journal that is not there"; fi
    grep -q "the journal $home/gone (from data in .*) does not exist; the journal is looked for in" missing.err || fail "a missing journal said: $(cat missing.err)"
    printf 'data = "~/journal"\nport = "eighty"\n' > "$XDG_CONFIG_HOME/brewguide/config.toml"
    if "$brewguide" check >/dev/null 2>bad.err; then fail "check passed with a bad config file"; fi
    grep -q "^$XDG_CONFIG_HOME/brewguide/config.toml:2:8: error: port is a string" bad.err || fail "a bad config file said: $(cat bad.err)"
    echo "  init, log, build, check, export, serve, BREWGUIDE_DATA and config.toml: all right"
    exit 0
fi

package="$(cd "$(dirname "$0")/.." && pwd)"
toolchain="$(dirname "$(dirname "$(dirname "$(readlink -f "$(command -v swift || echo /opt/swift/usr/bin/swift)")")")")"
[ "$(id -u)" = 0 ] || { echo "error: package-test.sh needs root (unshare -m and tmpfs mounts)" >&2; exit 1; }
command -v curl >/dev/null || { echo "error: package-test.sh needs curl" >&2; exit 1; }
started=$(date +%s)
if [ "${1:-}" != "--reuse" ]; then
    # What packaging needs beside Swift, installed from Debian when missing (a fresh machine has
    # neither lintian nor, always, fakeroot).
    missing=""
    for tool in lintian fakeroot dpkg-deb readelf; do command -v "$tool" >/dev/null || missing="$missing $tool"; done
    if [ -n "$missing" ]; then
        command -v apt-get >/dev/null || { echo "error: packaging needs$missing (Debian: apt-get install lintian fakeroot dpkg binutils)" >&2; exit 1; }
        echo "package-test.sh: installing lintian, fakeroot, dpkg and binutils (missing:$missing) ..." >&2
        apt-get update -qq
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq lintian fakeroot dpkg binutils >/dev/null
    fi
    "$package/Scripts/package.sh" --lintian
fi
packaged=$(date +%s)
tarball="$(ls "$package"/dist/brewguide-*-linux-*.tar.gz | head -n 1)"
deb="$(ls "$package"/dist/brewguide_*.deb | head -n 1)"
(cd "$package/dist" && sha256sum --quiet -c SHA256SUMS) || { echo "error: dist/SHA256SUMS does not match" >&2; exit 1; }

script="$(mktemp)"
cp "$0" "$script"
trap 'rm -rf "$script" "${fresh:-}"' EXIT
fresh="$(mktemp -d)"
try() {
    local what="$1" binary="$2" home="$3"
    echo "package-test: $what, with $toolchain and $package hidden"
    unshare -m --propagation private bash -c '
        mount -t tmpfs tmpfs "$1" && mount -t tmpfs tmpfs "$2" && shift 2 && exec bash "$@"
    ' hide "$toolchain" "$package" "$script" --inside "$binary" "$home" "$toolchain" "$package"
}
mkdir "$fresh/tar" "$fresh/tar-home" "$fresh/deb" "$fresh/deb-home"
tar -xzf "$tarball" -C "$fresh/tar"
try "the tarball $(basename "$tarball")" "$(ls -d "$fresh"/tar/brewguide-*)/bin/brewguide" "$fresh/tar-home"
dpkg-deb -x "$deb" "$fresh/deb"
try "the files of $(basename "$deb") (dpkg-deb -x)" "$fresh/deb/usr/bin/brewguide" "$fresh/deb-home"
finished=$(date +%s)
echo "package-test: packaging $((packaged - started)) s, trying both $((finished - packaged)) s"
