# Sourced by the start-test-*.sh scripts, which start servers on ports of 127.0.0.1.

# free_port: prints a port of 127.0.0.1 that nothing listens on (the kernel picks it). It is free
# only until another process takes it, so a server that cannot listen on it is started again on a
# new one (start_on_free_port below).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}

# start_on_free_port WHAT START LOG...: runs `START PORT` on a free port until it succeeds, five
# tries (the port is free only until another process takes it), and leaves the port in $port. After
# the fifth failure it prints the logs and returns 1.
start_on_free_port() {
  local what="$1" start="$2"
  shift 2
  local attempt
  for attempt in 1 2 3 4 5; do
    port="$(free_port)"
    if "$start" "$port"; then return 0; fi
  done
  echo "$what did not start; log:" >&2
  cat "$@" >&2 2>/dev/null || true
  return 1
}
