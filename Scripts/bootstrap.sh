#!/usr/bin/env bash
# Installs what brewguide needs that Swift packages cannot bring: libcmark (Debian's libcmark-dev).
set -euo pipefail
if pkg-config --exists libcmark 2>/dev/null; then
  exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "brewguide needs libcmark and its pkg-config file (Debian/Ubuntu: libcmark-dev; macOS: brew install cmark)" >&2
  exit 1
fi
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
echo "installing libcmark-dev (CommonMark) ..." >&2
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq libcmark-dev pkg-config >/dev/null
