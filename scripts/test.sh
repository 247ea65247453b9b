#!/usr/bin/env bash
# `npm test`: everything that proves Dossier works, in the order that fails fastest.
#   1. Debian's Chromium and PostgreSQL 15 are installed/started when missing (and possible).
#   2. Type checking, lint (with module boundaries) and unit tests of every project.
#   3. Platform tests (supabase-js against the local stack on PGlite and on PostgreSQL).
#   4. A production build of the shell and every remote, then Playwright in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
export NX_DAEMON=false NX_NO_CLOUD=true NX_TUI=false NX_SKIP_NX_CACHE=${NX_SKIP_NX_CACHE:-false}

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Prerequisites: Chromium and PostgreSQL"
bash scripts/ensure-chromium.sh
if [ -f scripts/ensure-postgres.sh ]; then
  bash scripts/ensure-postgres.sh
  export TEST_DATABASE_URL=${TEST_DATABASE_URL:-postgres://postgres:postgres@127.0.0.1:5432/postgres}
  export REQUIRE_POSTGRES=1
fi

step "Type check, lint and unit tests of every project"
npx nx run-many -t typecheck lint --parallel=2 --outputStyle=static
npx nx run-many -t test --parallel=1 --outputStyle=static

step "Production build of the shell and every remote"
npx nx run-many -t build --parallel=2 --outputStyle=static

step "End-to-end in Chromium against the production build"
# dist/ is the build just made: the global setup's own "build what changed" (for a developer's
# `npm run test:e2e` alone) would only hash every project again and restore the same files.
# Two workers (E2E_WORKERS=1 for one): the specs that share nothing run side by side, then the
# serial ones alone (e2e/playwright.config.ts, docs/testing-tiers.md): 10.6 min instead of 15.7.
E2E_SKIP_BUILD=1 E2E_WORKERS=${E2E_WORKERS:-2} npx playwright test -c e2e/playwright.config.ts
