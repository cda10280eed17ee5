#!/usr/bin/env bash
# Starts Debian's PostgreSQL cluster on 127.0.0.1 and creates the role and database the archive
# tests use. Prints the connection URL to put in POLITY_TEST_PG_URL. Needs root (or sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$*"; else sudo -u postgres sh -c "$*"; fi; }
if ! command -v pg_ctlcluster >/dev/null 2>&1; then
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq postgresql >/dev/null
fi
VERSION="$(ls /etc/postgresql | sort -n | tail -1)"
$SUDO pg_ctlcluster "$VERSION" main start 2>/dev/null || true
for _ in $(seq 1 30); do
  as_postgres psql -qtAc "'select 1'" >/dev/null 2>&1 && break
  sleep 1
done
cd /tmp
as_postgres psql -qtAc "\"CREATE ROLE polity LOGIN PASSWORD 'polity' CREATEDB\"" >/dev/null 2>&1 || true
as_postgres createdb -O polity polity_test >/dev/null 2>&1 || true
echo "postgres://polity:polity@127.0.0.1:5432/polity_test"
