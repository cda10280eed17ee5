#!/usr/bin/env bash
# Starts a hot standby of the cluster scripts/start-postgres.sh starts: Debian's cluster "standby"
# on 127.0.0.1:5433, made by pg_basebackup from the primary on 5432 and streaming from it (read
# only; promoted with `pg_ctlcluster VERSION standby promote`). Prints the standby's URL, for
# POLITY_TEST_PG_STANDBY_URL or `--archive-read-db`. Run start-postgres.sh first. Needs root (or sudo).
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
as_postgres() { if [ "$(id -u)" -eq 0 ]; then su postgres -c "$*"; else sudo -u postgres sh -c "$*"; fi; }
VERSION="$(ls /etc/postgresql | sort -n | tail -1)"
PORT="${POLITY_STANDBY_PORT:-5433}"
cd /tmp
# The primary lets a replication role in from 127.0.0.1 (Debian's pg_hba.conf allows it by password).
as_postgres psql -qtAc "\"DO \\\$\\\$ BEGIN IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'polity_replica') THEN CREATE ROLE polity_replica LOGIN REPLICATION PASSWORD 'polity'; END IF; END \\\$\\\$\"" >/dev/null
# The tests pause and resume the standby's replay to make it lag, as the archive's role.
# A grant is per database: template1's passes to every database the tests create.
for DB in template1 polity_test; do
  as_postgres psql -d "$DB" -qtAc "\"GRANT EXECUTE ON FUNCTION pg_wal_replay_pause(), pg_wal_replay_resume() TO polity\"" >/dev/null
done
if ! pg_lsclusters -h | awk '{print $2}' | grep -qx standby; then
  $SUDO pg_createcluster "$VERSION" standby --port "$PORT" >/dev/null
fi
DATA="/var/lib/postgresql/$VERSION/standby"
if [ ! -f "$DATA/standby.signal" ]; then
  $SUDO pg_ctlcluster "$VERSION" standby stop 2>/dev/null || true
  as_postgres "rm -rf '$DATA' && PGPASSWORD=polity pg_basebackup -h 127.0.0.1 -p 5432 -U polity_replica -D '$DATA' -R -X stream -c fast"
fi
$SUDO pg_ctlcluster "$VERSION" standby start 2>/dev/null || true
for _ in $(seq 1 30); do
  as_postgres "psql -p $PORT -qtAc 'select pg_is_in_recovery()'" 2>/dev/null | grep -q t && break
  sleep 1
done
echo "postgres://polity:polity@127.0.0.1:$PORT/polity_test"
