#!/usr/bin/env bash
# api-server.sh — requests per second and p99 latency of onlinestore-api, with wrk, on SQLite
# and PostgreSQL, next to the framework's own ceiling (a hello-world route of the same server,
# measured in the same run).
#
#   swift build -c release --product onlinestore-api
#   Benchmarks/api-server.sh [SECONDS] [CONNECTIONS] [BINARY...]
#
# With BINARY paths (an earlier release build, say), each is measured in turn in the same run,
# on the same databases, beside this checkout's .build/release/onlinestore-api.
#
# Needs wrk (apt-get install wrk) and, for PostgreSQL, Debian's postgresql package: a throwaway
# cluster is started with .ci/postgres-cluster.sh and stopped at the end. Every POST /carts
# carries a new Idempotency-Key and is a new order; after each run the orders stored are
# counted (the newest order's number: numbers are given in order and never reused), so
# "orders/s" counts only orders that are in the database. Orders are posted twice: as a plain
# FakeStore client sends them, and from checkout, with an address, a delivery, the prices shown
# and the total, which the server checks and charges.
#
# Then, for this checkout's build only (earlier ones have no stock), orders that take stock: all
# of one product (each order locks the same row), and spread over a catalog of 1,000 products,
# every one with a stock. After each run the stock left is compared with the orders stored: a
# unit sold twice or lost fails the benchmark.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-10}
connections=${2:-64}
shift 2 2>/dev/null || shift $#
binaries=("$@" .build/release/onlinestore-api)
for binary in "${binaries[@]}"; do
  [ -x "$binary" ] || { echo "$binary is missing: swift build -c release --product onlinestore-api" >&2; exit 2; }
done
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 2; }

work=$(mktemp -d /tmp/onlinestore-api-bench.XXXXXX)
postgres_directory=""
server_pid=""
cleanup() {
  [ -z "$server_pid" ] || kill "$server_pid" 2>/dev/null || true
  [ -z "$postgres_directory" ] || .ci/postgres-cluster.sh stop "$postgres_directory" || true
  rm -rf "$work" ${postgres_directory:+"$postgres_directory"}
}
trap cleanup EXIT

cat >"$work/order.lua" <<'LUA'
local counter = 0
local threads = 0
function setup(thread)
  thread:set("name", threads)
  threads = threads + 1
end
-- The customers orders are spread over: the two accounts and 40 key shoppers registered first,
-- so that the per-customer rate (lifted, but an earlier build's ceiling is 100,000 a minute)
-- never caps the measurement.
local customers = {1, 2}
for number = 1001, 1040 do customers[#customers + 1] = number end
function request()
  counter = counter + 1
  local key = string.format("bench-%s-%d-%d", os.time(), name, counter)
  local body = '{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":3,"quantity":2},{"productId":7,"quantity":1}]}'
  body = string.gsub(body, '"userId":1,', '"userId":' .. customers[counter % #customers + 1] .. ',')
  return wrk.format("POST", "/carts", { ["Content-Type"] = "application/json", ["Idempotency-Key"] = key }, body)
end
LUA

sed -e 's|local body = .*|local body = '"'"'{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":3,"quantity":2,"price":32.95},{"productId":7,"quantity":1,"price":28.4}],"shipping":{"fullName":"김민지","line1":"세종대로 110","line2":"","city":"서울","region":"","postalCode":"04524","country":"KR","email":"minji@example.kr","phone":""},"delivery":"standard","total":99.3}'"'"'|' \
  "$work/order.lua" >"$work/checkout.lua"

# A catalog of 1,000 products, and orders spread over them.
python3 - "$work/catalog-1000.json" <<'PY'
import json, sys
products = [{"id": n, "title": f"Product {n}", "price": 10 + n % 90, "description": "", "category": f"category {n % 10}",
             "image": "", "rating": {"rate": 4, "count": 1}} for n in range(1, 1001)]
json.dump(products, open(sys.argv[1], "w"))
PY
sed -e 's|local body = .*|local body = '"'"'{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":3,"quantity":1}]}'"'"'|' \
  "$work/order.lua" >"$work/stock-hot.lua"
sed -e 's|local body = .*|local body = '"'"'{"userId":1,"date":"2026-11-21T10:00:00Z","products":[{"productId":PRODUCT,"quantity":1}]}'"'"'\n  body = string.gsub(body, "PRODUCT", tostring(counter % 1000 + 1))|' \
  "$work/order.lua" >"$work/stock-spread.lua"
printf 'admin-bench-token-0123456789abcdef' >"$work/admin.token"
chmod 600 "$work/admin.token"

start_server() {
  # The customers order here as fast as the machine allows: the per-customer rate (10 a minute
  # by default) is lifted as far as every build measured allows. GET /_bench/hello is asked for
  # where the binary needs asking (builds before it moved behind --benchmark-route serve it always).
  local bench=()
  "$binary" --help | grep -q -- --benchmark-route && bench=(--benchmark-route)
  "$binary" --listen 127.0.0.1:0 --database "$1" --orders-per-minute 100000 --new-keys-per-hour 1000 "${bench[@]}" "${@:2}" \
    >"$work/server.out" 2>"$work/server.err" &
  server_pid=$!
  for _ in $(seq 100); do
    grep -q "listening on" "$work/server.out" 2>/dev/null && break
    sleep 0.1
  done
  port=$(sed -n 's/.*listening on 127\.0\.0\.1:\([0-9]*\).*/\1/p' "$work/server.out")
  [ -n "$port" ] || { cat "$work/server.err" >&2; exit 1; }
  # The 40 key shoppers (numbers 1001… on a fresh database).
  for n in $(seq 40); do
    curl -s -o /dev/null -X POST "http://127.0.0.1:$port/shop/key-customers" -d "{\"fingerprint\":\"SHA256:bench$n\",\"origin\":\"192.0.2.$n\"}"
  done
}

stop_server() {
  kill "$server_pid"
  wait "$server_pid" 2>/dev/null || true
  server_pid=""
}

# Prints "requests/s p99" of one wrk run.
measure() {
  wrk -t2 -c"$connections" -d"${seconds}s" --latency "$@" >"$work/wrk.txt"
  local rps p99 errors
  rps=$(awk '/Requests\/sec/ { print $2 }' "$work/wrk.txt")
  p99=$(awk '$1 == "99%" { print $2 }' "$work/wrk.txt")
  errors=$(awk '/Non-2xx/ { print $5 }' "$work/wrk.txt")
  echo "$rps $p99 ${errors:-0}"
}

orders_stored() {
  curl -s "http://127.0.0.1:$port/carts?sort=desc&limit=1" | python3 -c 'import json, sys; orders = json.load(sys.stdin); print(orders[0]["id"] if orders else 0)'
}

# Sets the stock of products FIRST…LAST to N through the back office.
set_stock() {
  for id in $(seq "$1" "$2"); do
    curl -s -o /dev/null -X PUT -H "Authorization: Bearer $(cat "$work/admin.token")" "http://127.0.0.1:$port/admin/products/$id/stock" -d "{\"stock\":$3}"
  done
}

# The units of products FIRST…LAST left, added up.
stock_left() {
  curl -s -H "Authorization: Bearer $(cat "$work/admin.token")" "http://127.0.0.1:$port/admin/stock" |
    python3 -c 'import json, sys; first, last = int(sys.argv[1]), int(sys.argv[2]); print(sum(row["stock"] or 0 for row in json.load(sys.stdin) if first <= row["productId"] <= last))' "$1" "$2"
}

fresh_database() {
  if [ "${1%%:*}" = sqlite ]; then
    echo "sqlite:$work/api-$RANDOM.sqlite"
  else
    local name="bench_$RANDOM"
    psql "${1%/*}/postgres" -qc "CREATE DATABASE $name" >/dev/null
    echo "${1%/*}/$name"
  fi
}

databases=("sqlite:$work/api.sqlite")
if [ -d /usr/lib/postgresql ]; then
  postgres_directory=$(mktemp -d /tmp/onlinestore-api-bench-pg.XXXXXX)
  databases+=("$(.ci/postgres-cluster.sh start "$postgres_directory")")
fi

printf 'wrk -t2 -c%s -d%ss, %s cores\n\n' "$connections" "$seconds" "$(nproc)"
printf '%-40s %-12s %-26s %12s %10s %10s\n' binary database route "requests/s" "p99" "non-2xx"
for binary in "${binaries[@]}"; do
for database in "${databases[@]}"; do
  kind=${database%%:*}
  # A database of its own for each binary, on the same cluster.
  start_server "$(fresh_database "$database")"
  for route in /_bench/hello /products; do
    read -r rps p99 errors < <(measure "http://127.0.0.1:$port$route")
    printf '%-40s %-12s %-26s %12s %10s %10s\n' "$binary" "$kind" "GET $route" "$rps" "$p99" "$errors"
  done
  for kind_of_order in order checkout; do
    before=$(orders_stored)
    read -r rps p99 errors < <(measure -s "$work/$kind_of_order.lua" "http://127.0.0.1:$port")
    after=$(orders_stored)
    label="POST /carts"
    [ "$kind_of_order" = checkout ] && label="POST /carts (checkout)"
    printf '%-40s %-12s %-26s %12s %10s %10s   %s orders stored, %s durable orders/s\n' "$binary" "$kind" "$label" "$rps" "$p99" "$errors" \
      "$((after - before))" "$(( (after - before) / seconds ))"
  done
  stop_server
done
done

binary=.build/release/onlinestore-api
echo
for database in "${databases[@]}"; do
  kind=${database%%:*}
  start_server "$(fresh_database "$database")" --catalog "$work/catalog-1000.json" --admin-token-file "$work/admin.token"
  set_stock 1 1000 1000000
  for script in stock-hot stock-spread; do
    if [ "$script" = stock-hot ]; then label="POST /carts (stock, 1 product)"; first=3; last=3; else label="POST /carts (stock, 1,000)"; first=1; last=1000; fi
    left_before=$(stock_left "$first" "$last")
    before=$(orders_stored)
    read -r rps p99 errors < <(measure -s "$work/$script.lua" "http://127.0.0.1:$port")
    # Orders wrk sent just before its end are still being stored: let them land first.
    sleep 2
    after=$(orders_stored)
    left_after=$(stock_left "$first" "$last")
    stored=$((after - before))
    # Each order took one unit: the units gone are the orders stored, or a unit was oversold or lost.
    [ $((left_before - left_after)) -eq "$stored" ] || { echo "stock: $((left_before - left_after)) units gone for $stored orders" >&2; exit 1; }
    printf '%-40s %-12s %-26s %12s %10s %10s   %s orders stored, %s durable orders/s, stock exact\n' "$binary" "$kind" "$label" "$rps" "$p99" "$errors" \
      "$stored" "$((stored / seconds))"
  done
  stop_server
done
