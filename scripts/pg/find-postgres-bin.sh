#!/usr/bin/env bash
# Prints the folder of PostgreSQL's server binaries (initdb, pg_ctl): PG_BIN when set, else the
# newest of Debian's /usr/lib/postgresql/<version>/bin, else whatever initdb is on the PATH.
set -euo pipefail
if [ -n "${PG_BIN:-}" ]; then
  echo "$PG_BIN"
  exit 0
fi
for d in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V -r); do
  if [ -x "$d/initdb" ] && [ -x "$d/pg_ctl" ]; then
    echo "$d"
    exit 0
  fi
done
if command -v initdb >/dev/null 2>&1; then
  dirname "$(command -v initdb)"
  exit 0
fi
echo "PostgreSQL server binaries not found (install Debian's postgresql package, e.g. .ci/install-postgres.sh, or set PG_BIN)" >&2
exit 1
