#!/usr/bin/env sh
# usage: npm-install.sh DIR PACKAGE FILE -- the test tool PACKAGE from the npm registry into
# DIR (git-ignored, never committed) unless DIR/FILE is there; Debian's npm is installed first
# when it is missing (tests/browser/ensure-axe.sh, tests/ensure-spectral.sh).
set -eu
DIR="$1" PACKAGE="$2" FILE="$3"
[ -e "$DIR/$FILE" ] && exit 0
if ! command -v npm >/dev/null; then
  if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else
    echo "the tests need npm for $PACKAGE: run 'apt-get install npm' as root" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq npm >/dev/null
fi
mkdir -p "$DIR"
npm install --prefix "$DIR" --no-save --no-audit --no-fund --loglevel=error "$PACKAGE"
test -e "$DIR/$FILE"
