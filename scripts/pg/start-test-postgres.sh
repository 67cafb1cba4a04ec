#!/usr/bin/env bash
# Starts a throw-away PostgreSQL cluster for tests and benchmarks: Debian's PostgreSQL binaries, a
# temporary data folder, a free port on 127.0.0.1, trust authentication (nothing listens beyond
# loopback). Run as root, the server runs as the postgres user via runuser (PostgreSQL refuses to run
# as root); run as anyone else, it runs as that user.
#
# Prints shell assignments on stdout, so that a caller can `eval "$(scripts/pg/start-test-postgres.sh)"`:
#   PG_TEST_DIR=/tmp/ruminations-pg.XXXX  (the folder to hand to stop-test-postgres.sh)
#   DATABASE_URL=postgres://postgres@127.0.0.1:PORT/postgres
# and writes the same lines to $PG_TEST_DIR/env. Progress goes to stderr.
#
# PG_EXTRA_OPTS adds server options, e.g. PG_EXTRA_OPTS="-c shared_buffers=512MB".
# PG_STANDBY_OF=postgres://postgres@127.0.0.1:PORT/postgres makes the new cluster a streaming
# replica (hot standby) of that one, copied with pg_basebackup, instead of an empty one
# (start-test-replica.sh).
set -euo pipefail

here="$(cd "$(dirname "$0")" && pwd)"
bindir="$("$here/find-postgres-bin.sh")"
# shellcheck source=free-port.sh
. "$here/free-port.sh"

dir="$(mktemp -d "${TMPDIR:-/tmp}/ruminations-pg.XXXXXX")"
chmod 755 "$dir"
data="$dir/data"
sock="$dir/sock"
mkdir -p "$data" "$sock"

as_pg=()
if [ "$(id -u)" = 0 ]; then
  chown -R postgres:postgres "$dir"
  as_pg=(runuser -u postgres --)
fi
pg_user=postgres

if [ -n "${PG_STANDBY_OF:-}" ]; then
  # A copy of the primary that follows it (-R writes primary_conninfo and standby.signal); the
  # primary's pg_hba (initdb --auth=trust) already lets loopback connect for replication. A fast
  # checkpoint: the default spreads it over minutes once the primary holds a loaded data set.
  "${as_pg[@]}" "$bindir/pg_basebackup" -d "$PG_STANDBY_OF" -D "$data" -R -X stream --checkpoint=fast --no-sync \
    >"$dir/initdb.log" 2>&1 ||
    {
      cat "$dir/initdb.log" >&2
      exit 1
    }
  # pg_basebackup keeps the folder's mode (made by mkdir above); PostgreSQL wants 0700.
  chmod 700 "$data"
else
  "${as_pg[@]}" "$bindir/initdb" -D "$data" -U "$pg_user" --auth=trust --encoding=UTF8 \
    --locale=C.UTF-8 --no-sync >"$dir/initdb.log" 2>&1 ||
    {
      cat "$dir/initdb.log" >&2
      exit 1
    }
fi

# fsync/synchronous_commit off: a test cluster is thrown away, durability only costs time.
start_postgres() {
  "${as_pg[@]}" "$bindir/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 30 start \
    -o "-p $1 -k $sock -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200 ${PG_EXTRA_OPTS:-}" \
    >/dev/null 2>&1
}
start_on_free_port PostgreSQL start_postgres "$dir/postgres.log" || exit 1

url="postgres://$pg_user@127.0.0.1:$port/postgres"
printf 'PG_TEST_DIR=%q\nDATABASE_URL=%q\n' "$dir" "$url" | tee "$dir/env"
echo "PostgreSQL started on 127.0.0.1:$port (data in $dir); stop with scripts/pg/stop-test-postgres.sh $dir" >&2
