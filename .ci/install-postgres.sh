#!/usr/bin/env bash
# Installs what the PostgreSQL stages need when it is missing (CI on a fresh machine): Debian's
# PostgreSQL server binaries, PgBouncer (scripts/pg/start-test-pgbouncer.sh) and pg_auto_failover
# (postgresql-15-auto-failover, pg-auto-failover-cli's pg_autoctl), pgBackRest (the backup drill,
# scripts/pg/with-test-pgbackrest.sh). Only the binaries are needed:
# the tests start their own temporary servers, so the cluster and the pgbouncer service that the
# packages create and may start are not used (the service is stopped and disabled below).
set -euo pipefail
if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 &&
  ls /usr/lib/postgresql/*/lib/pgautofailover.so >/dev/null 2>&1 &&
  command -v pg_autoctl >/dev/null 2>&1 &&
  command -v pgbackrest >/dev/null 2>&1 &&
  { command -v pgbouncer || ls /usr/sbin/pgbouncer; } >/dev/null 2>&1; then
  echo "PostgreSQL, PgBouncer, pg_auto_failover and pgBackRest already installed: $(ls -d /usr/lib/postgresql/*/bin | tr '\n' ' ')"
  exit 0
fi
export DEBIAN_FRONTEND=noninteractive
sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -qq
"${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends postgresql postgresql-contrib \
  pgbouncer postgresql-15-auto-failover pg-auto-failover-cli pgbackrest >/dev/null
# The package's own pgbouncer (port 6432) would only hold a port and connections: the tests start
# theirs on a free port. Where services do not run (a container), there is nothing to stop.
if command -v systemctl >/dev/null 2>&1 && systemctl is-enabled --quiet pgbouncer 2>/dev/null; then
  "${sudo_cmd[@]}" systemctl disable --now pgbouncer >/dev/null 2>&1 || true
fi
"${sudo_cmd[@]}" service pgbouncer stop >/dev/null 2>&1 || true
ls -d /usr/lib/postgresql/*/bin
