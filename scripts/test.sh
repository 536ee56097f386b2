#!/usr/bin/env bash
# The test command of the README: installs what the tests need (scripts/setup.sh), then runs
# every test of the workspace. With cargo-nextest (on the project's machines) the tests of all
# binaries share the cores (`cargo test` runs one binary after the other, and a binary whose
# last test runs alone leaves a core idle); without it, or with extra arguments (they go to
# `cargo test`), `cargo test`. KAPPA_TEST_RUNNER=cargo forces `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export KAPPA_VENV="$PWD/target/kappa-venv"
if [ $# -eq 0 ] && [ "${KAPPA_TEST_RUNNER:-}" != cargo ] && cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --workspace --no-fail-fast
    cargo test --workspace --doc
else
    cargo test --workspace "$@"
fi
