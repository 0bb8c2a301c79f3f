#!/usr/bin/env bash
# Installs what morph needs to build and test, when missing: Debian packages,
# then the browser tests' npm packages (tests/browser, pinned by its
# package-lock.json). Safe to run again: it does nothing when everything is there.
set -euo pipefail
cd "$(dirname "$0")/.."

# libmicrohttpd, SQLite, libpq, nettle (SHA-256) and libsodium (Argon2id password hashes)
# build morph serve; curl drives it in tests; PostgreSQL (pg_virtualenv of postgresql-common
# makes a throwaway cluster per test run) and HAProxy run the tests of several servers over
# one database (scripts/cluster.sh); Chromium runs the browser tests (driven by
# playwright-core on Node.js); clang and its runtime (libFuzzer, sanitizers) build the fuzz
# targets (the unversioned names follow Debian's default clang, 14 on Debian 12).
packages=(gcc make pkg-config libjansson-dev libcmocka-dev jq tmux libmicrohttpd-dev libsqlite3-dev nettle-dev libsodium-dev curl
          chromium clang libclang-rt-dev libpq-dev postgresql postgresql-common haproxy)
# Node.js may come from elsewhere than Debian: what counts is the commands.
command -v node >/dev/null || packages+=(nodejs)
command -v npm >/dev/null || packages+=(npm)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
if [ ${#missing[@]} -gt 0 ]; then
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

# The browser tests' packages (playwright-core, axe-core): npm ci only when
# node_modules is not what the lockfile pins (so an up-to-date tree needs no
# network).
browser=tests/browser
pinned() {
    node -p "require('./$browser/package-lock.json').packages['node_modules/$1'].version"
}
installed() {
    node -p "require('./$browser/node_modules/$1/package.json').version" 2>/dev/null || true
}
if [ "$(pinned playwright-core)" != "$(installed playwright-core)" ] || [ "$(pinned axe-core)" != "$(installed axe-core)" ]; then
    echo "setup: installing the browser tests' npm packages (playwright-core $(pinned playwright-core), axe-core $(pinned axe-core))"
    (cd "$browser" && npm ci --no-audit --no-fund --loglevel=error)
fi
