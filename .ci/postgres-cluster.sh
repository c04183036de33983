#!/usr/bin/env bash
# A throwaway PostgreSQL cluster for the tests, on 127.0.0.1 and a free port, trusting local
# connections, in a directory of its own.
#
#   .ci/postgres-cluster.sh start DIR   # prints the address to give ONLINESTORE_TEST_POSTGRES
#   .ci/postgres-cluster.sh stop DIR
#
# Needs Debian's postgresql package. As root, the server runs as the postgres user (initdb
# refuses to run as root).
set -euo pipefail
command=${1:?start or stop}
directory=${2:?a directory for the cluster}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)
[ -n "$bin" ] || { echo "PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; }

as_postgres() {
  if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case $command in
  start)
    mkdir -p "$directory"
    [ "$(id -u)" -ne 0 ] || chown postgres "$directory"
    as_postgres "$bin/initdb" -D "$directory/data" -U onlinestore --auth=trust -E UTF8 >"$directory/initdb.log"
    port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    as_postgres "$bin/pg_ctl" -D "$directory/data" -l "$directory/server.log" -w \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $directory" start >/dev/null
    echo "postgres://onlinestore@127.0.0.1:$port/postgres"
    ;;
  stop)
    as_postgres "$bin/pg_ctl" -D "$directory/data" -m fast -w stop >/dev/null
    ;;
  *)
    echo "usage: $0 start|stop DIR" >&2
    exit 2
    ;;
esac
