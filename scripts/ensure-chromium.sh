#!/usr/bin/env bash
# Playwright drives Debian's Chromium (/usr/bin/chromium); we never download a browser.
# Installs it with apt-get when missing and we are allowed to; otherwise stops with a clear message.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
if [ -x "$CHROMIUM" ]; then
  echo "Chromium: $("$CHROMIUM" --version 2>/dev/null || echo present) at $CHROMIUM"
  exit 0
fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Chromium is missing: installing Debian's chromium package (apt-get)…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  echo "Chromium: $("$CHROMIUM" --version)"
  exit 0
fi
if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then
  sudo apt-get update -qq && sudo DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  exit 0
fi
cat >&2 <<MSG
Chromium is required for the end-to-end tests and was not found at $CHROMIUM.
Install Debian's package as root:   apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium/Chrome binary, then run npm test again.
MSG
exit 1
