#!/bin/sh
# Writes a Swift source holding every file under a templates folder as text:
#   Scripts/embed-templates.sh TEMPLATES_DIR OUTPUT.swift
# The build runs it (Plugins/EmbedBuiltIns) whenever a file under Templates/ changes, so the
# binary carries the default templates and assets and needs no Templates/ beside it.
# Each file is a raw multi-line string literal: its bytes exactly, no escaping. A file that is not
# UTF-8 text, or holds the literal's delimiter, stops the build with a message.
set -eu
templates=$1
output=$2
delimiter='####'
tmp="$output.tmp.$$"
{
    echo "// Generated from Templates/ by Scripts/embed-templates.sh during the build. Do not edit."
    echo "extension BuiltInTemplates {"
    echo "    /// Every file under Templates/, by its path there (\"layout.html.mustache\", \"assets/style.css\")."
    echo "    public static let files: [String: String] = ["
    (cd "$templates" && find . -type f ! -name '.*' ! -name '*~' | sed 's|^\./||' | LC_ALL=C sort) | while IFS= read -r relative; do
        file="$templates/$relative"
        if ! iconv -f UTF-8 -t UTF-8 "$file" >/dev/null 2>&1; then
            echo "$file: error: a built-in template or asset must be UTF-8 text" >&2; exit 1
        fi
        if grep -qF -e "\"\"\"$delimiter" -e "\\$delimiter" -e "$(printf '\r')" "$file"; then
            echo "$file: error: holds \"\"\"$delimiter, \\$delimiter or a carriage return, which the embedded literal cannot carry" >&2; exit 1
        fi
        printf '        "%s": %s"""\n' "$relative" "$delimiter"
        cat "$file"
        # The line break before the closing delimiter is not part of the literal: this one is ours.
        printf '\n"""%s,\n' "$delimiter"
    done
    echo "    ]"
    echo "}"
} > "$tmp"
mv "$tmp" "$output"
