#!/usr/bin/env bash
# `npm test`: every check that asserts. On a fresh Debian machine it installs what the later
# stages need (PostgreSQL, PgBouncer, pg_auto_failover, Chromium) itself, through the scripts CI
# uses, in a lane of its own in the background from the first second, where the PostgreSQL stages
# then run beside the checks, the build and the SQLite tests (postgres_lane). The app and the demo
# are built once, for every stage that serves them (BUILD_CACHE_DIR). Every stage runs even when an
# earlier one failed; each prints its time, the end prints them all and the total, and the exit
# code is non-zero if any stage failed. The browser figures that are printed, not asserted
# (Lighthouse, the return visit, the interactions) are `npm run perf`'s.
set -uo pipefail
cd "$(dirname "$0")/.."

work="$(mktemp -d)"
# Each test runner also writes a JSON report here; the last line sums them up.
reports="$work/reports"
mkdir -p "$reports"
export BUILD_CACHE_DIR="$work/build"
trap 'rm -rf "$work"' EXIT
# Stage times and failures go to files: the PostgreSQL lane's stages run in a background shell.
touch "$work/timings" "$work/failed"
# The machine's CPU counters at the start, to say at the end how busy its cores were.
head -1 /proc/stat >"$work/cpu-start" 2>/dev/null || true

# Runs a stage's command in a subshell of its own and writes the CPU seconds (user and system) that
# the command's processes used to the file $1: on a machine whose cores are all busy, a stage's CPU time says
# what it costs better than its wall time. The subshell's `times` counts its own children only; the
# main shell's would also count the PostgreSQL lane, whose processes it collects whenever that lane
# ends, whatever stage is running then (it had put 400 CPU-s of the lane on the SQLite tests).
run_counting_cpu() {
  local cpu_file="$1"
  shift
  (
    status=0
    "$@" || status=$?
    # `times` itself, not in a pipe: a pipe's side is one more subshell, with no children.
    times >"$cpu_file.times"
    awk 'NR == 2 { split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }' \
      "$cpu_file.times" >"$cpu_file"
    exit "$status"
  )
}

stage() {
  local name="$1"
  shift
  echo
  echo "=== $name ==="
  local start=$SECONDS
  local cpu_file="$work/cpu.$BASHPID.$RANDOM"
  local result=ok
  run_counting_cpu "$cpu_file" "$@" || result=FAILED
  local cpu
  cpu="$(cat "$cpu_file" 2>/dev/null || echo 0)"
  echo "=== $name: $result ($((SECONDS - start)) s, $cpu CPU-s) ==="
  local line
  line="$(printf '%5d s %5d CPU-s  %s' $((SECONDS - start)) "$cpu" "$name")"
  if [ "$result" != ok ]; then
    echo "$name" >>"$work/failed"
    line+="  (FAILED)"
  fi
  echo "$line" >>"$work/timings"
}

# .ci/run may already be installing them in the background, under the same lock: wait for it.
install_packages() {
  flock "${TMPDIR:-/tmp}/ruminations-packages.lock" \
    bash -c 'bash .ci/install-postgres.sh && bash .ci/install-browser.sh'
}

# Type check, lint, format check and the catalogues' check (scripts/i18n/check-catalogues.ts) at
# once: each is one process on one core.
static_checks() {
  local rc=0
  npm run --silent typecheck >"$work/tsc.log" 2>&1 &
  local tsc=$!
  npx eslint . --max-warnings 0 >"$work/eslint.log" 2>&1 &
  local eslint=$!
  npx prettier --check . --log-level warn >"$work/prettier.log" 2>&1 &
  local prettier=$!
  npm run --silent i18n:check >"$work/i18n.log" 2>&1 &
  local i18n=$!
  wait "$tsc" || { echo "type check failed:" && rc=1; }
  cat "$work/tsc.log"
  wait "$eslint" || { echo "lint failed:" && rc=1; }
  cat "$work/eslint.log"
  wait "$prettier" || { echo "format check failed:" && rc=1; }
  cat "$work/prettier.log"
  wait "$i18n" || { echo "catalogue check failed:" && rc=1; }
  cat "$work/i18n.log"
  return "$rc"
}

# The app (with Vite's manifest, for the client budget) and the demo, as scripts/support/vite-build.ts
# builds them: the journeys, the budget and `npm run perf` find them in BUILD_CACHE_DIR.
build_once() {
  local mode
  for mode in production demo; do
    local out="$BUILD_CACHE_DIR/dist"
    [ "$mode" = demo ] && out="$BUILD_CACHE_DIR/dist-demo"
    npx vite build --mode "$mode" --outDir "$out" --emptyOutDir --manifest --logLevel warn || return 1
  done
}

# The server files whose behaviour depends on a pooler (tests/server/through-pgbouncer.txt says why).
mapfile -t pooler_files < <(grep -v '^\s*\(#\|$\)' tests/server/through-pgbouncer.txt)

# The Debian packages, then the stages on PostgreSQL, hostile input, crashes and the failover: a
# lane of its own in the background from the first second, beside the checks, the build and the
# SQLite tests (the downloads wait on the network, the stages on PostgreSQL, sockets and timers
# more than they use the CPU); its output is printed once it has ended.
postgres_lane() {
  stage "install PostgreSQL, PgBouncer, pg_auto_failover and Chromium" install_packages
  stage "server tests (PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
    npx vitest run --project server --reporter=default --reporter=json \
    --outputFile.json="$reports/vitest-pg.json"
  # Prepared statements off, LISTEN direct: scripts/pg/with-test-pgbouncer.sh.
  stage "server tests through PgBouncer (transaction mode), ${#pooler_files[@]} files" \
    bash scripts/pg/with-test-pgbouncer.sh \
    npx vitest run --project server --reporter=default --reporter=json \
    --outputFile.json="$reports/vitest-pgbouncer.json" "${pooler_files[@]}"
  stage "hostile input (2,000 requests, SQLite)" npm run --silent fuzz -- --requests 2000
  stage "hostile input (2,000 requests, PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
    bash -c 'npm run --silent fuzz -- --requests 2000 --seed 2 --database-url "$DATABASE_URL"'
  stage "crash test (3 rounds of kill -9, SQLite)" npm run --silent crashtest -- --rounds 3
  # pgBackRest: backup, point-in-time restore of a lost cluster, erasures re-applied (docs/operations.md).
  stage "backup drill (pgBackRest, point-in-time)" bash scripts/pg/with-test-pgbackrest.sh \
    npx vitest run --project server tests/server/backup-drill-pg.test.ts
  # The journeys may start now: the failover waits on timers more than it uses the CPU (34 CPU-s in
  # 72 s), so it runs beside them instead of holding them up.
  touch "$work/journeys-may-start"
  # The journey that needs PostgreSQL (skipped by the journeys' stage): two instances, live updates
  # across them. Here rather than after the journeys, where it ran alone on one core for 16 s.
  while [ ! -e "$work/builds-done" ]; do sleep 1; done
  stage "browser journey on two instances (PostgreSQL)" bash scripts/pg/with-test-postgres.sh \
    env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright-pg.json" \
    npx playwright test tests/e2e/notifications-two-instances.spec.ts --reporter=list,json \
    --output test-results-pg
  # pg_auto_failover's monitor and two synchronous nodes; kill -9 of the primary under writes.
  stage "failover (kill -9 of the primary, pg_auto_failover)" npm run --silent failover
}

postgres_lane >"$work/postgres-lane.log" 2>&1 &
lane_pid=$!
stage "type check, lint and format" static_checks
stage "build the app and the demo (once)" build_once
# Built or not, the lane's journey may go on (it builds what is missing itself, and fails if it cannot).
touch "$work/builds-done"
stage "unit, component, mock backend and server tests (SQLite)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json="$reports/vitest-sqlite.json"
# The journeys wait for the lane's stages that load the machine, not for its failover.
while [ ! -e "$work/journeys-may-start" ] && kill -0 "$lane_pid" 2>/dev/null; do
  sleep 1
done
stage "client budget (bytes Chromium transfers)" npm run --silent budget -- \
  --dist "$BUILD_CACHE_DIR/dist"
stage "browser journeys and accessibility" \
  env PLAYWRIGHT_JSON_OUTPUT_NAME="$reports/playwright.json" npx playwright test --reporter=list,json

echo
echo "=== (the PostgreSQL lane, run beside the stages above) ==="
wait "$lane_pid"
cat "$work/postgres-lane.log"

echo
echo "Stage times (the PostgreSQL lane's, from the install to the failover, ran beside the others;"
echo "its failover beside the journeys):"
cat "$work/timings"
echo "Total: $SECONDS s ($((SECONDS / 60)) min $((SECONDS % 60)) s)"
if [ -s "$work/cpu-start" ]; then
  # Fields of /proc/stat's cpu line: user nice system idle iowait irq softirq steal ...
  head -1 /proc/stat | cat "$work/cpu-start" - | awk '
    { busy[NR] = $2 + $3 + $4 + $7 + $8 + $9; idle[NR] = $5 + $6 }
    END { b = busy[2] - busy[1]; i = idle[2] - idle[1]
          if (b + i > 0) printf "The cores were busy %d%% of the time (%d CPU-s used by everything on the machine).\n", 100 * b / (b + i), b / 100 }'
fi
mapfile -t failed <"$work/failed"
if [ ${#failed[@]} -gt 0 ]; then
  echo "Failed stages: ${failed[*]}"
else
  echo "All stages passed."
fi
node scripts/sum-test-reports.mjs "$reports"
[ ${#failed[@]} -eq 0 ]
