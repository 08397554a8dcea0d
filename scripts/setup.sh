#!/usr/bin/env bash
# Installs everything scorm-tester needs on a Debian/Ubuntu machine that has only Node.js and npm:
# the npm dependencies (and our build) and, when no Chromium is found, Debian's chromium package.
# Never downloads a browser build of its own. Safe to run again: it skips what is already there.
set -euo pipefail
cd "$(dirname "$0")/.."

node_major=$(node -p 'process.versions.node.split(".")[0]')
if [ "$node_major" -lt 20 ]; then
  echo "scorm-tester needs Node.js >= 20 (found $(node --version))." >&2
  exit 1
fi

have_browser() {
  [ -n "${SCORM_TESTER_CHROMIUM:-}" ] && [ -x "${SCORM_TESTER_CHROMIUM}" ] && return 0
  for b in chromium chromium-browser google-chrome google-chrome-stable; do
    command -v "$b" >/dev/null 2>&1 && return 0
  done
  return 1
}

if ! have_browser; then
  if command -v apt-get >/dev/null 2>&1; then
    SUDO=""
    [ "$(id -u)" -ne 0 ] && SUDO="sudo"
    echo "Installing Debian's chromium (needed to run courses)..." >&2
    $SUDO apt-get update -qq >&2
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >&2
  else
    echo "No Chromium found and no apt-get: install Chromium or Chrome and set SCORM_TESTER_CHROMIUM to its path." >&2
    echo "(Validation works without a browser; running courses does not.)" >&2
  fi
fi

if [ -d node_modules ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  echo "npm dependencies are up to date." >&2
else
  npm ci --no-audit --no-fund --loglevel=error >&2
fi
npm run --silent build >&2
