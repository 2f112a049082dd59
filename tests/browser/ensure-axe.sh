#!/usr/bin/env sh
# The accessibility audit (tests/browser/test_browser_traps.py) runs axe-core in the pages:
# installed into tests/browser/.axe/ from the npm registry.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
sh "$HERE/../npm-install.sh" "$HERE/.axe" axe-core@4 node_modules/axe-core/axe.min.js
