#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster from Debian's packages on 127.0.0.1 and prints its DATABASE_URL.
# Usage: .ci/start-postgres.sh [port]   (root: runs the server as the postgres user)
set -euo pipefail
port="${1:-54329}"
pgbin="$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)"
root="$(mktemp -d /tmp/fsa-pg.XXXXXX)"
password="ci-$(od -An -N12 -tx1 /dev/urandom | tr -d ' \n')"
chown postgres:postgres "$root"
printf '%s\n' "$password" > "$root/pwfile"
chown postgres:postgres "$root/pwfile"
as_postgres() { su postgres -s /bin/bash -c "$*"; }
as_postgres "'$pgbin/initdb' -D '$root/data' -U postgres -A scram-sha-256 --pwfile='$root/pwfile' -E UTF8 --locale=C.UTF-8" >/dev/null
as_postgres "'$pgbin/pg_ctl' -D '$root/data' -l '$root/server.log' -w -t 60 -o \"-c listen_addresses=127.0.0.1 -c port=$port -c unix_socket_directories='$root' -c max_connections=200 -c fsync=off\" start" >/dev/null
export PGPASSWORD="$password"
psql -h 127.0.0.1 -p "$port" -U postgres -v ON_ERROR_STOP=1 -q -d postgres <<SQL
create role fsa login createdb password '$password';
create database fsa_test owner fsa;
SQL
echo "postgresql://fsa:$password@127.0.0.1:$port/fsa_test"
