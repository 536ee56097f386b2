#!/usr/bin/env bash
# The test command of the README: installs what the tests need (scripts/setup.sh), then runs
# every test of the workspace. Extra arguments go to `cargo test`.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
export KAPPA_VENV="$PWD/target/kappa-venv"
cargo test --workspace "$@"
