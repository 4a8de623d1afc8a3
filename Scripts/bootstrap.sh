#!/usr/bin/env bash
# Installs what brewguide needs that Swift packages cannot bring: libcmark (Debian's
# libcmark-dev) for Markdown, libcrypto (libssl-dev) for the export archive's SHA-256 and libssl
# (the same package) for `serve --https`, zlib (zlib1g-dev) for
# Beanconqueror backup zips and gzip, libgd (libgd-dev) for the small grid copy of a clipped recipe's
# photo, and jemalloc (libjemalloc-dev), the allocator brewguide links. Clipping fetches pages with
# the curl program.
#
# `Scripts/bootstrap.sh --browser` also installs Debian's chromium (about 350 MB, a minute and a half)
# for the browser tests (the keyboard walk, cook mode's timers) and zbar-tools, whose zbarimg reads
# back the QR codes `serve --lan` draws, libnss3-tools, whose certutil makes the NSS database in
# which the `serve --https` test trusts its CA, and openssl, whose s_client checks the server;
# without them those tests are skipped, saying why.
set -euo pipefail
if [ "${1:-}" = "--browser" ] && ! { command -v chromium && command -v zbarimg && command -v certutil && command -v openssl; } >/dev/null 2>&1; then
  if ! command -v apt-get >/dev/null 2>&1; then echo "the browser tests need chromium (Debian/Ubuntu: apt-get install chromium)" >&2; exit 1; fi
  SUDO=""; if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "installing chromium, zbar-tools, libnss3-tools and openssl (browser, QR code and HTTPS tests) ..." >&2
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium zbar-tools libnss3-tools openssl >/dev/null
fi
needed="libcmark libcrypto libssl zlib gdlib"
# jemalloc is linked on Linux only.
if [ "$(uname -s)" = "Linux" ]; then needed="libcmark libcrypto libssl zlib gdlib jemalloc"; fi
if pkg-config --exists $needed 2>/dev/null && command -v curl >/dev/null 2>&1; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "brewguide needs libcmark, libcrypto, zlib, libgd and jemalloc with their pkg-config files, and curl (Debian/Ubuntu: libcmark-dev libssl-dev zlib1g-dev libgd-dev libjemalloc-dev curl; macOS: brew install cmark openssl gd)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing libcmark-dev (CommonMark), libssl-dev (SHA-256, TLS), zlib1g-dev (zip, gzip), libgd-dev (photo grid copies), libjemalloc-dev (memory allocator) and curl (clipping) ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcmark-dev libssl-dev zlib1g-dev libgd-dev libjemalloc-dev curl pkg-config >/dev/null
