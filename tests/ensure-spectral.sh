#!/usr/bin/env sh
# The OpenAPI document is linted with Stoplight's Spectral (the `oas` ruleset) by
# tests/test_api_contract.py: installed into tests/.spectral/ from the npm registry.
set -eu
HERE="$(cd "$(dirname "$0")" && pwd)"
sh "$HERE/npm-install.sh" "$HERE/.spectral" @stoplight/spectral-cli@6.16.3 \
  node_modules/.bin/spectral
