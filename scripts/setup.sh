#!/usr/bin/env bash
# Installs what one use of morph needs, when missing: Debian packages, and
# for the tests the browser tests' npm packages (tests/browser, pinned by its
# package-lock.json). Safe to run again: it does nothing when everything is
# there.
#
#   scripts/setup.sh [--dry-run] [PROFILE...]
#
#   run      building and running morph (the default; every profile includes it)
#   test     make test: unit, command-line, browser and fuzz tests, PostgreSQL runs
#   cluster  make cluster: PostgreSQL, HAProxy and several servers
#   fuzz     make fuzz: the fuzz targets, built with clang
#
# --dry-run prints what would be installed (apt-get -s) and changes nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

# One list per profile, one package a line with its reason (add yours so).
# run: the compiler and the libraries the binary links.
run=(
    gcc make pkg-config
    libjansson-dev      # JSON
    libmicrohttpd-dev   # morph serve's HTTP
    libsqlite3-dev      # the default store
    libpq-dev           # the PostgreSQL store
    nettle-dev          # SHA-256 of tokens
    libsodium-dev       # Argon2id password hashes
    libdeflate-dev      # gzip answers of morph serve
    libzstd-dev         # zstd answers of morph serve
    # the page's engine (web/engine/morph.wasm, built by make and served with the page): clang
    # compiles for wasm32-wasi with Debian's wasi-libc, compiler-rt's wasm32 builtins and wasm-ld;
    # jansson's sources come from Debian's source package (scripts/wasm_deps.sh, below)
    clang wasi-libc libclang-rt-dev-wasm32 lld
)
# cluster: scripts/cluster.sh runs a PostgreSQL cluster of its own (initdb)
# and HAProxy in front of the servers, and checks them with curl.
cluster=(
    postgresql postgresql-common
    haproxy
    curl
)
# fuzz: clang and its runtime (libFuzzer, sanitizers); the unversioned names
# follow Debian's default clang (14 on Debian 12).
fuzz=(
    clang libclang-rt-dev
)
# test: everything the suites of tests/run.sh use, the fuzz replays and the
# cluster's test included.
test=(
    libcmocka-dev       # unit tests
    zlib1g-dev          # the compression test reads morph serve's gzip with another library
    jq                  # command-line tests read JSON
    tmux                # the terminal client's tests (80x24 windows)
    curl                # command-line tests drive morph serve
    chromium            # browser tests (playwright-core on Node.js)
    postgresql postgresql-common  # pg_virtualenv: a throwaway cluster per test run
    haproxy             # tests/cli/test_cluster.sh
    "${fuzz[@]}"        # every fuzz target over its corpus
    # the Python package (python/, docs/python.md) and its pytest suite: Debian's python3 with
    # numpy, pytest and setuptools (pip installs the package offline from them)
    python3 python3-numpy python3-pytest python3-setuptools python3-wheel python3-pip
)

dry=
profiles=()
for arg in "$@"; do
    case $arg in
        --dry-run) dry=1 ;;
        run|test|cluster|fuzz) profiles+=("$arg") ;;
        *) echo "setup: unknown profile '$arg' (expected run, test, cluster or fuzz, or --dry-run)" >&2; exit 2 ;;
    esac
done
packages=("${run[@]}")
for p in "${profiles[@]}"; do
    [ "$p" = run ] && continue
    declare -n list=$p
    packages+=("${list[@]}")
    unset -n list
done
mapfile -t packages < <(printf '%s\n' "${packages[@]}" | awk '!seen[$0]++') # each once, in order
# Node.js, for every profile: make checks the page's engine it builds
# against the page's own loader (scripts/check_wasm.mjs). It may come from
# elsewhere than Debian: what counts is the command.
command -v node >/dev/null || packages+=(nodejs)
browser=
if [[ " ${profiles[*]} " == *" test "* ]]; then
    browser=1
    command -v npm >/dev/null || packages+=(npm)
fi

missing=()
if command -v dpkg-query >/dev/null; then
    for p in "${packages[@]}"; do
        if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
            missing+=("$p")
        fi
    done
else
    echo "setup: not a Debian system (no dpkg-query): install these yourself: ${packages[*]}" >&2
fi
if [ ${#missing[@]} -gt 0 ]; then
    if [ -n "$dry" ]; then
        echo "setup: would install: ${missing[*]}"
        apt-get install -s --no-install-recommends "${missing[@]}" | grep '^Inst ' || true
    else
        echo "setup: installing missing packages: ${missing[*]}"
        sudo=()
        if [ "$(id -u)" -ne 0 ]; then
            command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
            sudo=(sudo)
        fi
        export DEBIAN_FRONTEND=noninteractive
        "${sudo[@]}" apt-get update -qq
        "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
    fi
elif [ -n "$dry" ]; then
    echo "setup: every package is there (${packages[*]})"
fi

# jansson's sources for the page's engine (nothing to do when deps/jansson is there).
[ -n "$dry" ] || bash scripts/wasm_deps.sh

# The browser tests' packages (playwright-core, axe-core): npm ci only when
# node_modules is not what the lockfile pins (so an up-to-date tree needs no
# network).
[ -n "$browser" ] || exit 0
dir=tests/browser
if [ -n "$dry" ] && ! command -v node >/dev/null; then
    echo "setup: would install the browser tests' npm packages (npm ci in $dir)"
    exit 0
fi
pinned() {
    node -p "require('./$dir/package-lock.json').packages['node_modules/$1'].version"
}
installed() {
    node -p "require('./$dir/node_modules/$1/package.json').version" 2>/dev/null || true
}
if [ "$(pinned playwright-core)" != "$(installed playwright-core)" ] || [ "$(pinned axe-core)" != "$(installed axe-core)" ]; then
    what="playwright-core $(pinned playwright-core), axe-core $(pinned axe-core)"
    if [ -n "$dry" ]; then
        echo "setup: would install the browser tests' npm packages ($what, npm ci in $dir)"
    else
        echo "setup: installing the browser tests' npm packages ($what)"
        (cd "$dir" && npm ci --no-audit --no-fund --loglevel=error)
    fi
fi
