# Sourced by the start-test-*.sh scripts, which start servers on ports of 127.0.0.1.

# free_port: prints a port of 127.0.0.1 that nothing listens on (the kernel picks it). It is free
# only until another process takes it, so a server that cannot listen on it is started again on a
# new one (start-test-postgres.sh, start-test-pgbouncer.sh).
free_port() {
  node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})'
}
