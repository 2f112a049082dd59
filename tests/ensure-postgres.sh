#!/usr/bin/env sh
# The store and API tests also run on PostgreSQL: tests/pg_cluster.py starts a throwaway cluster
# from Debian's server binaries. Install Debian's postgresql package when they are missing.
set -eu
for initdb in /usr/lib/postgresql/*/bin/initdb; do
  [ -x "$initdb" ] && exit 0
done
if [ "$(id -u)" = 0 ]; then SUDO=""; elif command -v sudo >/dev/null; then SUDO="sudo"; else
  echo "the PostgreSQL tests need its server: run 'apt-get install postgresql' as root" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
# The package's own cluster (main) is not used; the tests start their own in a temp folder.
$SUDO apt-get install -y -qq postgresql >/dev/null
