#!/usr/bin/env bash
# Installs what kappa's tests need when it is missing: Debian packages (as root, or through sudo),
# a Python virtual environment with BenchExec under target/kappa-venv, and mdbook (the user guide). Safe to run again:
# it only installs what is not there. Fails loudly when something cannot be installed, so that
# no test silently skips.
set -euo pipefail
cd "$(dirname "$0")/.."

need=()
have_cmd() { command -v "$1" >/dev/null 2>&1; }
have_pkg() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }

# command or package -> Debian package
have_cmd cc        || need+=(gcc)
have_pkg libz3-dev || need+=(libz3-dev)
have_cmd lcov      || need+=(lcov)          # lcov tracefiles, genhtml (coverage reports)
have_cmd gcov      || need+=(gcc)           # coverage of replayed tests
have_cmd dot       || need+=(graphviz)      # trees and PSS-CFGs rendered
have_cmd cvc5      || need+=(cvc5)          # second solver
have_cmd afl-fuzz  || need+=(afl++)         # fuzzing baseline of the utilities benchmark
have_pkg gcc-multilib || need+=(gcc-multilib)   # ILP32 replay with gcc -m32
have_cmd xmllint   || need+=(libxml2-utils)   # Test-Comp suites checked against their DTDs
have_pkg parallel  || need+=(parallel)   # GNU parallel (not moreutils'): contrib/parallel.sh, tests/merge.rs
have_cmd python3   || need+=(python3)
have_cmd chromium  || need+=(chromium)        # the HTML report's tests (tests/report.rs)
have_cmd chromedriver || need+=(chromium-driver)   # WebDriver for them
python3 -c 'import venv, ensurepip' >/dev/null 2>&1 || need+=(python3-venv)

if [ ${#need[@]} -gt 0 ]; then
    echo "setup: installing ${need[*]}" >&2
    if [ "$(id -u)" = 0 ]; then sudo=""; elif have_cmd sudo; then sudo="sudo"; else
        echo "setup: need root (or sudo) to install: ${need[*]}" >&2; exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    $sudo apt-get update -qq
    $sudo apt-get install -y -qq "${need[@]}" >/dev/null
fi

# BenchExec (PyPI) in a private virtual environment.
venv=target/kappa-venv
if ! "$venv/bin/python3" -c 'import benchexec' >/dev/null 2>&1; then
    echo "setup: creating $venv with benchexec" >&2
    python3 -m venv "$venv"
    "$venv/bin/pip" install -q benchexec
fi

# mdbook builds the user guide (docs/guide; crates/kappa-cli/tests/docs.rs). Debian 12 has no
# package: built from crates.io, pinned, without the web server and file watcher, into cargo's
# bin directory, which outlives target/ (once per machine). An unoptimised build (`--debug`)
# takes half the CPU time of a release build, and the guide is small.
mdbook_version=0.5.4
cargo_bin="${CARGO_HOME:-$HOME/.cargo}/bin"
if ! have_cmd mdbook && ! [ -x "$cargo_bin/mdbook" ]; then
    echo "setup: installing mdbook $mdbook_version into $cargo_bin" >&2
    cargo install mdbook --debug --locked --no-default-features --features search --version "$mdbook_version"
fi
