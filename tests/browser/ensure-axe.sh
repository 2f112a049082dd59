#!/usr/bin/env sh
# The accessibility audit (tests/browser/test_browser_traps.py) runs axe-core in the pages.
# axe-core comes from the npm registry into tests/browser/.axe/ (git-ignored, never
# committed); Debian's npm is installed first when it is missing.
set -eu
DIR="$(cd "$(dirname "$0")" && pwd)/.axe"
[ -f "$DIR/node_modules/axe-core/axe.min.js" ] && exit 0
if ! command -v npm >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "the accessibility audit needs npm: run 'apt-get install npm' as root" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq npm >/dev/null
fi
mkdir -p "$DIR"
npm install --prefix "$DIR" --no-save --no-audit --no-fund --loglevel=error axe-core@4
test -f "$DIR/node_modules/axe-core/axe.min.js"
