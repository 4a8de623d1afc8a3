#!/usr/bin/env bash
# Installs brewguide for one person: the binary (which carries its templates), completions for
# bash, zsh and fish, and a man page when one can be made here.
#
#   Scripts/install.sh [PREFIX]               build the release binary and install it under PREFIX (default ~/.local)
#   Scripts/install.sh --binary PATH [PREFIX] install PATH (a binary already built) instead of building
#   Scripts/install.sh --uninstall [PREFIX]   remove what an install put under PREFIX
#
# Every install writes a manifest, PREFIX/share/brewguide/install-manifest: each file it put in
# place with its SHA-256. --uninstall removes only the files the manifest names that are still as
# installed (a file changed since, such as your own wrapper at bin/brewguide, is kept and said),
# says each file it removed, and says "nothing was installed" when PREFIX has no manifest.
#
# Files (PREFIX=~/.local):
#   bin/brewguide
#   share/bash-completion/completions/brewguide
#   share/zsh/site-functions/_brewguide
#   share/fish/vendor_completions.d/brewguide.fish
#   share/man/man1/brewguide.1 (and one page per subcommand), when made
set -euo pipefail
package="$(cd "$(dirname "$0")/.." && pwd)"

binary=""
uninstall=0
prefix=""
while [ $# -gt 0 ]; do
    case "$1" in
        --binary) binary="${2:?--binary needs a path}"; shift 2 ;;
        --uninstall) uninstall=1; shift ;;
        -h|--help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        -*) echo "error: unknown option $1 (see --help)" >&2; exit 2 ;;
        *) [ -z "$prefix" ] || { echo "error: one PREFIX only, found $prefix and $1" >&2; exit 2; }; prefix="$1"; shift ;;
    esac
done
prefix="${prefix:-$HOME/.local}"

bin_path="$prefix/bin/brewguide"
bash_path="$prefix/share/bash-completion/completions/brewguide"
zsh_path="$prefix/share/zsh/site-functions/_brewguide"
fish_path="$prefix/share/fish/vendor_completions.d/brewguide.fish"
man_dir="$prefix/share/man/man1"
manifest_dir="$prefix/share/brewguide"
manifest="$manifest_dir/install-manifest"

# The SHA-256 of a file, alone.
checksum() { sha256sum "$1" | cut -d' ' -f1; }

if [ "$uninstall" = 1 ]; then
    if [ ! -f "$manifest" ]; then
        echo "Nothing was installed under $prefix by this script (no manifest at $manifest); nothing removed."
        for path in "$bin_path" "$bash_path" "$zsh_path" "$fish_path" "$man_dir"/brewguide.1; do
            [ -e "$path" ] && echo "  not removed, as no install recorded it: $path"
        done
        exit 0
    fi
    removed=0
    kept=0
    # Each line: the SHA-256, two spaces, the path (sha256sum's own format).
    while IFS= read -r line; do
        sum="${line%%  *}"
        path="${line#*  }"
        [ -n "$path" ] || continue
        if [ ! -e "$path" ] && [ ! -L "$path" ]; then
            echo "  already gone: $path"
        elif [ -f "$path" ] && [ ! -L "$path" ] && [ "$(checksum "$path")" = "$sum" ]; then
            rm -f "$path" && echo "  removed $path" && removed=$((removed + 1))
        else
            echo "  kept $path: it changed since the install (not the file installed)"
            kept=$((kept + 1))
        fi
    done < "$manifest"
    rm -f "$manifest"
    rmdir "$manifest_dir" 2>/dev/null || true
    echo "Removed $removed file$([ "$removed" = 1 ] || echo s) of brewguide from $prefix$([ "$kept" = 0 ] || echo "; kept $kept changed since") (your journals are untouched)."
    exit 0
fi

if [ -z "$binary" ]; then
    "$package/Scripts/bootstrap.sh"
    echo "Building the release binary (a few minutes the first time)…"
    (cd "$package" && swift build -c release --product brewguide)
    binary="$package/.build/release/brewguide"
fi
[ -x "$binary" ] || { echo "error: $binary is not an executable file" >&2; exit 1; }

mkdir -p "$prefix/bin" "$(dirname "$bash_path")" "$(dirname "$zsh_path")" "$(dirname "$fish_path")"
# Copied to a temporary name and renamed, so a running brewguide is never overwritten in place.
cp "$binary" "$bin_path.new.$$" && chmod 755 "$bin_path.new.$$" && mv -f "$bin_path.new.$$" "$bin_path"
"$bin_path" --generate-completion-script bash > "$bash_path"
"$bin_path" --generate-completion-script zsh > "$zsh_path"
"$bin_path" --generate-completion-script fish > "$fish_path"

# The man pages: argument-parser's generate-manual (built here from the package's own dependency,
# offline, about a minute the first time) reads the binary's --experimental-dump-help.
# BREWGUIDE_NO_MAN=1 skips them.
man_made=0
if [ "${BREWGUIDE_NO_MAN:-}" != 1 ] && command -v swift >/dev/null 2>&1; then
    man_tmp="$(mktemp -d)"
    if (cd "$package" && swift build -c release --product generate-manual >/dev/null 2>&1) \
        && "$package/.build/release/generate-manual" "$bin_path" --multi-page --output-directory "$man_tmp" >/dev/null 2>&1 \
        && [ -f "$man_tmp/brewguide.1" ]; then
        mkdir -p "$man_dir"
        cp "$man_tmp"/brewguide*.1 "$man_dir/"
        man_made=1
    fi
    rm -rf "$man_tmp"
fi

# The manifest of what was put where, for --uninstall (the earlier install's files, when it named
# others, are not forgotten: its lines for files this install did not write are kept).
mkdir -p "$manifest_dir"
{
    for path in "$bin_path" "$bash_path" "$zsh_path" "$fish_path"; do echo "$(checksum "$path")  $path"; done
    if [ "$man_made" = 1 ]; then for path in "$man_dir"/brewguide*.1; do echo "$(checksum "$path")  $path"; done; fi
} > "$manifest.new.$$"
if [ -f "$manifest" ]; then
    while IFS= read -r line; do
        grep -qxF -- "${line#*  }" <(sed 's/^[^ ]*  //' "$manifest.new.$$") || echo "$line"
    done < "$manifest" >> "$manifest.new.$$"
fi
mv -f "$manifest.new.$$" "$manifest"

echo "Installed $("$bin_path" --version) as $bin_path"
echo "  completions: $bash_path, $zsh_path, $fish_path"
if [ "$man_made" = 1 ]; then echo "  man page: $man_dir/brewguide.1 (man brewguide)"; else echo "  no man page (brewguide --help and each command's --help say the same)"; fi
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "Add $prefix/bin to your PATH, e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "Remove it with: Scripts/install.sh --uninstall${prefix:+ $prefix}"
