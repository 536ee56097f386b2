#!/usr/bin/env bash
# The test command of the README: installs what the tests need (scripts/setup.sh), then runs
# every test of the workspace. With cargo-nextest (on the project's machines) the tests of all
# binaries share the cores (`cargo test` runs one binary after the other, and a binary whose
# last test runs alone leaves a core idle); without it, or with extra arguments (they go to
# `cargo test`), `cargo test`. KAPPA_TEST_RUNNER=cargo forces `cargo test`.
#
# The installs (packages, the venv, mdbook) run while the tests build: on a fresh machine they
# took some four minutes of a CI run, mostly waiting for downloads. Building needs only gcc and
# libz3-dev; should they be missing, the build fails and runs again once setup has installed them.
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p target
scripts/setup.sh >target/setup.log 2>&1 &
setup=$!
finish_setup() {
    local rc=0
    [ -n "$setup" ] || return 0
    wait "$setup" || rc=$?
    setup=""
    cat target/setup.log >&2
    if [ "$rc" -ne 0 ]; then
        echo "test.sh: scripts/setup.sh failed (exit $rc)" >&2
        exit "$rc"
    fi
}
if ! cargo test --workspace --no-run; then
    finish_setup
    cargo test --workspace --no-run
fi
finish_setup
export KAPPA_VENV="$PWD/target/kappa-venv"
if [ $# -eq 0 ] && [ "${KAPPA_TEST_RUNNER:-}" != cargo ] && cargo nextest --version >/dev/null 2>&1; then
    cargo nextest run --workspace --no-fail-fast
    cargo test --workspace --doc
else
    cargo test --workspace "$@"
fi
