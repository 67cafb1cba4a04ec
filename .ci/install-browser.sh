#!/usr/bin/env bash
# Installs the browser the e2e tests drive (Debian's Chromium, see playwright.config.ts) when it is
# missing. `npx playwright install` is not used: its downloads are not reachable from CI machines here.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  exit 0
fi

export DEBIAN_FRONTEND=noninteractive
SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then
  SUDO="sudo"
fi
$SUDO apt-get update
$SUDO apt-get install -y chromium
/usr/bin/chromium --version
