#!/usr/bin/env bash
# Installs what brewguide needs that Swift packages cannot bring: libcmark (Debian's
# libcmark-dev) for Markdown, libcrypto (libssl-dev) for the export archive's SHA-256, zlib (zlib1g-dev) for
# Beanconqueror backup zips, and jemalloc (libjemalloc-dev), the allocator brewguide links.
set -euo pipefail
needed="libcmark libcrypto zlib"
# jemalloc is linked on Linux only.
if [ "$(uname -s)" = "Linux" ]; then needed="libcmark libcrypto zlib jemalloc"; fi
if pkg-config --exists $needed 2>/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "brewguide needs libcmark, libcrypto, zlib and jemalloc with their pkg-config files (Debian/Ubuntu: libcmark-dev libssl-dev zlib1g-dev libjemalloc-dev; macOS: brew install cmark openssl)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing libcmark-dev (CommonMark), libssl-dev (SHA-256), zlib1g-dev (zip) and libjemalloc-dev (memory allocator) ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcmark-dev libssl-dev zlib1g-dev libjemalloc-dev pkg-config >/dev/null
