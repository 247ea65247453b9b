#!/usr/bin/env bash
# Makes Debian's PostgreSQL available on 127.0.0.1:5432 with user postgres / password postgres,
# for the platform tests' PostgreSQL leg and the benchmark. Idempotent: safe to run every time.
# Needs root (CI and the dev machines run as root); without it, it says so and exits 0 so that
# the tests report the PostgreSQL leg as not run (or fail it when CI / REQUIRE_POSTGRES is set).
set -euo pipefail

if [ "$(id -u)" -ne 0 ]; then
  echo "ensure-postgres: not root; skipping (start PostgreSQL yourself and set TEST_DATABASE_URL)"
  exit 0
fi

if ! command -v pg_ctlcluster >/dev/null 2>&1 || ! ls /usr/lib/postgresql/*/bin/postgres >/dev/null 2>&1; then
  echo "ensure-postgres: installing postgresql"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq postgresql >/dev/null
fi

version="$(ls /usr/lib/postgresql | sort -V | tail -n1)"
if ! pg_lsclusters -h | awk '{print $1" "$2}' | grep -q "^${version} main$"; then
  pg_createcluster "$version" main >/dev/null
fi
if ! pg_lsclusters -h | awk -v v="$version" '$1==v && $2=="main" {print $4}' | grep -q online; then
  pg_ctlcluster "$version" main start
fi

for _ in $(seq 1 30); do
  if su postgres -c "psql -qAt -c 'select 1'" >/dev/null 2>&1; then break; fi
  sleep 1
done
su postgres -c "psql -qAt -c \"alter user postgres with password 'postgres'\"" >/dev/null
echo "ensure-postgres: PostgreSQL ${version} ready on 127.0.0.1:5432 (postgres/postgres)"
