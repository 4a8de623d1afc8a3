#!/usr/bin/env bash
# Installs brewguide for one person: the binary (which carries its templates), completions for
# bash, zsh and fish, and a man page when one can be made here.
#
#   Scripts/install.sh [PREFIX]               build the release binary and install it under PREFIX (default ~/.local)
#   Scripts/install.sh --binary PATH [PREFIX] install PATH (a binary already built) instead of building
#   Scripts/install.sh --uninstall [PREFIX]   remove what an install put under PREFIX
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

if [ "$uninstall" = 1 ]; then
    rm -f "$bin_path" "$bash_path" "$zsh_path" "$fish_path" "$man_dir"/brewguide.1 "$man_dir"/brewguide.*.1
    echo "Removed brewguide from $prefix (your journals are untouched)."
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

echo "Installed $("$bin_path" --version) as $bin_path"
echo "  completions: $bash_path, $zsh_path, $fish_path"
if [ "$man_made" = 1 ]; then echo "  man page: $man_dir/brewguide.1 (man brewguide)"; else echo "  no man page (brewguide --help and each command's --help say the same)"; fi
case ":$PATH:" in
    *":$prefix/bin:"*) ;;
    *) echo "Add $prefix/bin to your PATH, e.g. in ~/.profile: export PATH=\"$prefix/bin:\$PATH\"" ;;
esac
echo "Remove it with: Scripts/install.sh --uninstall${prefix:+ $prefix}"
