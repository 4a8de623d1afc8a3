#!/usr/bin/env bash
# Makes the release that runs without a Swift toolchain (docs/INSTALL.md), in dist/:
#
#   brewguide-VERSION-linux-ARCH.tar.gz  bin/brewguide, share/man/man1/*.1, the bash, zsh and fish
#                                        completions, README.md, LICENSE
#   SHA256SUMS                           the tarball's and the .deb's SHA-256
#   brewguide_VERSION_DEBARCH.deb        the same files under /usr, made with dpkg-deb; Depends: is
#                                        read from the binary's NEEDED entries (dpkg -S on each library);
#                                        Recommends: curl, the program kitchen clip fetches pages with
#
#   Scripts/package.sh              build (release, Swift runtime and Foundation linked in) and package
#   Scripts/package.sh --binary P   package P, a binary already built that way, instead of building
#   Scripts/package.sh --lintian    run lintian on the .deb after (fails on any error lintian reports)
#
# Needs: swift (unless --binary), dpkg-deb, dpkg-query, readelf, gzip, fakeroot; lintian for --lintian.
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"
binary=""
run_lintian=0
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
        --lintian) run_lintian=1; shift ;;
        -h|--help) sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "error: unknown argument $1 (see --help)" >&2; exit 2 ;;
    esac
done
dist="$package/dist"
# Its own build folder: the release build neither waits for nor disturbs a debug build in .build.
scratch="${BREWGUIDE_PACKAGE_SCRATCH:-$package/.build-release}"
say() { echo "package.sh: $*" >&2; }

if [ -z "$binary" ]; then
    "$package/Scripts/bootstrap.sh"
    say "building the release binary with the Swift runtime linked in (several minutes the first time)"
    # --disable-local-rpath: no RUNPATH at all, so the binary looks for libraries only where the
    # system keeps them (the static runtime needs none of the toolchain's).
    (cd "$package" && swift build -c release --scratch-path "$scratch" --product brewguide --static-swift-stdlib --disable-local-rpath)
    binary="$scratch/release/brewguide"
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable file" >&2; exit 1; }

# The binary must not need the toolchain's libraries: no libswift*, no libFoundation*, no RUNPATH.
needed=$(readelf -d "$binary" | sed -n 's/.*(NEEDED).*\[\(.*\)\]/\1/p')
if echo "$needed" | grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime|_)' >/dev/null; then
    echo "error: $binary still needs the Swift runtime: $(echo "$needed" | grep -E '^lib(swift|Foundation|dispatch|BlocksRuntime)' | tr '\n' ' ')(build with --static-swift-stdlib)" >&2
    exit 1
fi
if readelf -d "$binary" | grep -E '\((RUNPATH|RPATH)\)' >/dev/null; then
    echo "error: $binary has a library search path: $(readelf -d "$binary" | grep -E '\((RUNPATH|RPATH)\)') (build with --disable-local-rpath)" >&2
    exit 1
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
stripped="$work/brewguide"
cp "$binary" "$stripped"
strip --strip-unneeded "$stripped"
chmod 755 "$stripped"

version_line="$("$stripped" --version)"
version="$(echo "$version_line" | sed -n 's/^brewguide \([0-9][0-9A-Za-z.+~-]*\).*/\1/p')"
[ -n "$version" ] || { echo "error: could not read the version from '$version_line'" >&2; exit 1; }
arch="$(uname -m)"
deb_arch="$(dpkg --print-architecture)"
say "$version_line"

# The man pages, from the binary's own help: argument-parser's generate-manual (built from the
# package's dependency, offline). Made here so that an install needs no Swift.
man="$work/man"
mkdir -p "$man"
generate_manual="${BREWGUIDE_GENERATE_MANUAL:-}"
if [ -z "$generate_manual" ]; then
    (cd "$package" && swift build -c release --scratch-path "$scratch" --product generate-manual --static-swift-stdlib --disable-local-rpath >/dev/null)
    generate_manual="$scratch/release/generate-manual"
fi
"$generate_manual" "$stripped" --multi-page --output-directory "$man" >/dev/null
[ -f "$man/brewguide.1" ] || { echo "error: generate-manual made no brewguide.1" >&2; exit 1; }

completions="$work/completions"
mkdir -p "$completions"
"$stripped" --generate-completion-script bash > "$completions/brewguide.bash"
"$stripped" --generate-completion-script zsh > "$completions/_brewguide"
"$stripped" --generate-completion-script fish > "$completions/brewguide.fish"

mkdir -p "$dist"
name="brewguide-$version-linux-$arch"
tarball="$dist/$name.tar.gz"
deb="$dist/brewguide_${version}_${deb_arch}.deb"
rm -f "$tarball" "$deb" "$dist/SHA256SUMS"

# The tarball: a prefix to unpack anywhere (bin/ and share/ as under /usr/local).
tree="$work/$name"
mkdir -p "$tree/bin" "$tree/share/man/man1" "$tree/share/bash-completion/completions" \
    "$tree/share/zsh/site-functions" "$tree/share/fish/vendor_completions.d"
cp "$stripped" "$tree/bin/brewguide"
cp "$man"/*.1 "$tree/share/man/man1/"
cp "$completions/brewguide.bash" "$tree/share/bash-completion/completions/brewguide"
cp "$completions/_brewguide" "$tree/share/zsh/site-functions/_brewguide"
cp "$completions/brewguide.fish" "$tree/share/fish/vendor_completions.d/brewguide.fish"
cp "$package/README.md" "$package/LICENSE" "$tree/"
chmod -R u=rwX,go=rX "$tree"
tar --owner=0 --group=0 --numeric-owner --sort=name -C "$work" -czf "$tarball" "$name"

# The .deb: the same files under /usr, the documentation where Debian keeps it.
root="$work/deb"
mkdir -p "$root/DEBIAN" "$root/usr/bin" "$root/usr/share/man/man1" "$root/usr/share/doc/brewguide" \
    "$root/usr/share/bash-completion/completions" "$root/usr/share/zsh/vendor-completions" \
    "$root/usr/share/fish/vendor_completions.d"
cp "$stripped" "$root/usr/bin/brewguide"
for page in "$man"/*.1; do gzip -9n < "$page" > "$root/usr/share/man/man1/$(basename "$page").gz"; done
cp "$completions/brewguide.bash" "$root/usr/share/bash-completion/completions/brewguide"
cp "$completions/_brewguide" "$root/usr/share/zsh/vendor-completions/_brewguide"
cp "$completions/brewguide.fish" "$root/usr/share/fish/vendor_completions.d/brewguide.fish"
gzip -9n < "$package/README.md" > "$root/usr/share/doc/brewguide/README.md.gz"
{
    echo "Format: https://www.debian.org/doc/packaging-manuals/copyright-format/1.0/"
    echo "Upstream-Name: brewguide"
    echo
    echo "Files: *"
    echo "Copyright: $(sed -n 's/^Copyright (c) //p' "$package/LICENSE" | head -n 1)"
    echo "License: MIT"
    sed -n '/^Permission/,$p' "$package/LICENSE" | sed 's/^$/./; s/^/ /'
} > "$root/usr/share/doc/brewguide/copyright"
maintainer="brewguide maintainers <maintainers@brewguide.invalid>"
{
    echo "brewguide ($version) unstable; urgency=medium"
    echo
    echo "  * Release $version ($(echo "$version_line" | sed 's/^brewguide [^ ]* //'))."
    echo
    echo " -- $maintainer  $(date -R -u -d "@${SOURCE_DATE_EPOCH:-$(git -C "$package" log -1 --format=%ct 2>/dev/null || date +%s)}")"
} | gzip -9n > "$root/usr/share/doc/brewguide/changelog.gz"

# Depends: each NEEDED library's file, found as the dynamic loader finds it, and the Debian
# package dpkg says owns that file, at least the version installed here.
depends=()
for soname in $needed; do
    # awk reads to the end (no exit): ldconfig cut off by a closed pipe would fail the pipeline.
    path="$(ldconfig -p | awk -v so="$soname" '$1 == so && $0 ~ /x86-64|'"$arch"'/ && !found { print $NF; found = 1 }')"
    [ -n "$path" ] || path="$(ldconfig -p | awk -v so="$soname" '$1 == so && !found { print $NF; found = 1 }')"
    [ -n "$path" ] || { echo "error: no $soname on this system (ldconfig -p)" >&2; exit 1; }
    owner=""
    for candidate in "$path" "$(readlink -f "$path")" "${path#/usr}" "/usr$path"; do
        owner="$(dpkg -S "$candidate" 2>/dev/null | grep -v '^diversion' | sed -n '1s/:.*//p' || true)"
        [ -z "$owner" ] || break
    done
    [ -n "$owner" ] || { echo "error: no Debian package owns $path ($soname); install the library from Debian's packages" >&2; exit 1; }
    installed="$(dpkg-query -W -f='${Version}' "$owner")"
    upstream="${installed#*:}"; upstream="${upstream%-*}"
    say "  $soname: $path, from $owner $installed"
    depends+=("$owner (>= $upstream)")
done
depends_line="$(printf '%s\n' "${depends[@]}" | sort -u | paste -sd, | sed 's/,/, /g')"
installed_size="$(du -sk --apparent-size "$root/usr" | cut -f1)"
cat > "$root/DEBIAN/control" <<EOF
Package: brewguide
Version: $version
Architecture: $deb_arch
Maintainer: $maintainer
Installed-Size: $installed_size
Depends: $depends_line
Recommends: curl
Section: utils
Priority: optional
Homepage: https://github.com/brewguide/brewguide
Description: personal brew journal from coffee recipes and brew logs
 brewguide turns a home brewer's data (V60 recipes, brew logs, night-out
 sessions and kitchen recipes, as JSON or CSV files) into a static journal
 site and its Markdown twin, validates the data with located messages,
 scales recipes, serves the pages to a phone and exports or erases
 everything a person owns.
EOF
find "$root" -type d -exec chmod 755 {} +
find "$root/usr" -type f -exec chmod 644 {} +
chmod 755 "$root/usr/bin/brewguide"
fakeroot dpkg-deb --build -Zxz "$root" "$deb" >/dev/null

(cd "$dist" && sha256sum "$(basename "$tarball")" "$(basename "$deb")" > SHA256SUMS)
say "made $tarball ($(du -h "$tarball" | cut -f1)), $deb ($(du -h "$deb" | cut -f1)) and $dist/SHA256SUMS"
say "Depends: $depends_line"

if [ "$run_lintian" = 1 ]; then
    command -v lintian >/dev/null || { echo "error: lintian is not installed (apt-get install lintian)" >&2; exit 1; }
    lintian_out="$work/lintian.txt"
    lintian --no-tag-display-limit "$deb" > "$lintian_out" 2>&1 || true
    cat "$lintian_out" >&2
    if grep -E '^E: ' "$lintian_out" >/dev/null; then echo "error: lintian reports errors on $deb" >&2; exit 1; fi
    say "lintian: no errors"
fi
