#!/usr/bin/env bash
# `npm run test:fast`: type check, lint and every unit/contract test; no stack, no browser.
# The same checks as every project's typecheck, lint and test targets (minus the platform tests),
# arranged for two cores (docs/decisions/0460): the type check (one tsc program per
# set of compiler options) and lint (one ESLint process) run side by side, each on one core; then
# one Jest run with every project's config on two workers.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }

step "Type check and lint"
npm run -s typecheck & typecheck=$!
npm run -s lint; lint=$?
wait "$typecheck"; typecheck=$?
if [ "$typecheck" -ne 0 ] || [ "$lint" -ne 0 ]; then
  echo "test:fast: type check exit $typecheck, lint exit $lint" >&2
  exit 1
fi

step "Unit and contract tests"
exec npx jest -c jest.unit.config.cjs --maxWorkers=2
