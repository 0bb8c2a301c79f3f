#!/usr/bin/env bash
# Installs the Debian packages morph needs to build and test, when missing.
# Safe to run again: it does nothing when everything is there.
set -euo pipefail

# clang and its runtime (libFuzzer, sanitizers) build the fuzz targets; the
# unversioned names follow Debian's default clang (14 on Debian 12).
packages=(gcc make pkg-config libjansson-dev libcmocka-dev jq tmux clang libclang-rt-dev)

missing=()
for p in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$p")
    fi
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "setup: installing missing packages: ${missing[*]}"
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "setup: need root or sudo to install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
fi
export DEBIAN_FRONTEND=noninteractive
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
