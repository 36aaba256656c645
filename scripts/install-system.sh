#!/bin/sh
# Install the system tools hisoutab uses when they are missing: Graphviz (`dot`), rsvg-convert (PNG
# pictures) and Chromium.
# Uses apt-get as root (or through sudo); elsewhere it says what to install and goes on.
set -u
need=""
command -v dot >/dev/null 2>&1 || need="$need graphviz"
command -v rsvg-convert >/dev/null 2>&1 || need="$need librsvg2-bin"
command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ] || need="$need chromium"
[ -z "$need" ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else SUDO="none"; fi
  if [ "$SUDO" != none ]; then
    echo "installing system packages:$need"
    $SUDO apt-get update -qq >/dev/null && DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need >/dev/null && exit 0
  fi
fi
echo "warning: please install$need with your system's package manager" >&2
exit 0
