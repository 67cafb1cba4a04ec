#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL cluster whose WAL is archived by pgBackRest into a
# repository in the same temporary folder (the PostgreSQL backup drill, tests/server/backup-drill-pg.test.ts).
# Modelled on start-test-postgres.sh: Debian's binaries, a free port on 127.0.0.1, trust
# authentication, fsync off; run as root, PostgreSQL and pgBackRest run as the postgres user.
# Unlike there, every server setting lives in the data folder (postgresql.conf), not on pg_ctl's
# command line, so that a cluster restored by pgBackRest starts with a plain `pg_ctl start`.
#
# Exports to the command: DATABASE_URL and TEST_DATABASE_URL, PGBACKREST_CONFIG (pgBackRest reads
# it itself), BACKUP_PG_STANZA (ruminations) and TEST_PGBACKREST_PGDATA (the cluster's data folder).
# The stanza exists, no backup yet. The cluster and the repository are deleted however the command ends.
# Usage: with-test-pgbackrest.sh COMMAND [ARGS...]
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
if [ "$#" = 0 ]; then
  echo "usage: $0 COMMAND [ARGS...]" >&2
  exit 2
fi
command -v pgbackrest >/dev/null 2>&1 || {
  echo "pgbackrest not found (install Debian's pgbackrest package, e.g. .ci/install-postgres.sh)" >&2
  exit 1
}
bindir="$("$here/find-postgres-bin.sh")"
# shellcheck source=free-port.sh
. "$here/free-port.sh"

# The prefix of start-test-postgres.sh's folders: stop-test-postgres.sh stops and deletes this one too.
dir="$(mktemp -d "${TMPDIR:-/tmp}/ruminations-pg.XXXXXX")"
trap '"$here/stop-test-postgres.sh" "$dir"' EXIT
chmod 755 "$dir"
data="$dir/data"
sock="$dir/sock"
conf="$dir/pgbackrest.conf"
stanza=ruminations
mkdir -p "$data" "$sock" "$dir/repo" "$dir/log" "$dir/lock" "$dir/spool"

as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

"${as_pg[@]}" "$bindir/initdb" -D "$data" -U postgres --auth=trust --encoding=UTF8 \
  --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 || {
  cat "$dir/initdb.log" >&2
  exit 1
}

# fsync/synchronous_commit off: a test cluster is thrown away, durability only costs time. WAL
# archiving (wal_level replica is the default) through pgBackRest's archive-push, as
# docs/operations.md configures a real one. The port is in a file of its own, rewritten per attempt.
"${as_pg[@]}" tee -a "$data/postgresql.conf" >/dev/null <<CONF
listen_addresses = '127.0.0.1'
unix_socket_directories = '$sock'
fsync = off
synchronous_commit = off
full_page_writes = off
max_connections = 200
archive_mode = on
archive_command = 'pgbackrest --config=$conf --stanza=$stanza archive-push %p'
include_if_exists = 'test-port.conf'
CONF

write_pgbackrest_conf() {
  "${as_pg[@]}" tee "$conf" >/dev/null <<CONF
[global]
repo1-path=$dir/repo
repo1-retention-full=2
compress-type=none
start-fast=y
log-path=$dir/log
lock-path=$dir/lock
spool-path=$dir/spool
log-level-console=warn
log-level-file=off

[$stanza]
pg1-path=$data
pg1-port=$1
pg1-socket-path=$sock
CONF
}

start_postgres() {
  echo "port = $1" | "${as_pg[@]}" tee "$data/test-port.conf" >/dev/null
  write_pgbackrest_conf "$1"
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 30 start >/dev/null 2>&1
}
start_on_free_port PostgreSQL start_postgres "$dir/postgres.log" || exit 1

"${as_pg[@]}" pgbackrest --config="$conf" --stanza="$stanza" stanza-create >&2
echo "PostgreSQL started on 127.0.0.1:$port, WAL archived by pgBackRest into $dir/repo (stanza $stanza)" >&2

export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$DATABASE_URL"
export PGBACKREST_CONFIG="$conf"
export BACKUP_PG_STANZA="$stanza"
export TEST_PGBACKREST_PGDATA="$data"
"$@"
