#!/usr/bin/env sh
# The browser tests drive Debian's chromium through Playwright (Playwright's own browser
# download is never used). Install it, with CJK fonts for the ja/ko screenshots, when missing.
set -eu
[ -x /usr/bin/chromium ] && exit 0
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else
  echo "the browser tests need chromium: run 'apt-get install chromium fonts-noto-cjk' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium fonts-noto-cjk >/dev/null
