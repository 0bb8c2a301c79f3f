#!/usr/bin/env bash
# The sources the page's engine (web/engine/morph.wasm) needs beyond Debian's
# wasm32 toolchain: jansson, which the library's JSON forms use, has no
# WebAssembly build in Debian, so the engine's build compiles Debian's own
# source package of it (the version of the installed libjansson-dev). apt
# fetches and checks it (the signed index's hashes) with a sources list of its own under deps/apt (the
# machine's apt configuration is left alone), and it is unpacked in
# deps/jansson. Does nothing when it is there.
set -euo pipefail
cd "$(dirname "$0")/.."

dest=deps/jansson
[ -f "$dest/src/jansson.h" ] && exit 0

version=$(dpkg-query -W -f='${Version}' libjansson-dev 2>/dev/null || true)
[ -n "$version" ] || { echo "wasm_deps: libjansson-dev is not installed (scripts/setup.sh installs it)" >&2; exit 1; }
suite=$(. /etc/os-release && echo "${VERSION_CODENAME:-bookworm}")

apt=$PWD/deps/apt
rm -rf "$apt" && mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial" "$apt/src"
# The archive this machine's apt already uses for the suite (deb822 .sources or one-line lists):
# the source package comes from the same place as the binary packages.
uri=$(awk -v s="$suite" '
    /^URIs:/ { u = $2 } /^Suites:/ { for (i = 2; i <= NF; i++) if ($i == s && u != "") { print u; exit } }
    $1 == "deb" && $3 == s { print $2; exit }' /etc/apt/sources.list.d/*.sources /etc/apt/sources.list 2>/dev/null || true)
[ -n "$uri" ] || { echo "wasm_deps: no apt source for Debian $suite on this machine (/etc/apt/sources.list*)" >&2; exit 1; }
echo "deb-src $uri $suite main" > "$apt/sources.list"
opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=/dev/null"
      -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache" -o "APT::Sandbox::User=$(id -un)")
echo "wasm_deps: fetching Debian's source package jansson $version"
apt-get -qq "${opts[@]}" update
(cd "$apt/src" && apt-get -qq "${opts[@]}" source --download-only "jansson=$version")
rm -rf "$dest.tmp"
if command -v dpkg-source >/dev/null; then
    # unpacked as Debian builds it: the upstream sources with Debian's patches
    dpkg-source -q --no-check -x "$(ls "$apt"/src/jansson_*.dsc | head -n 1)" "$dest.tmp" >/dev/null
else
    mkdir -p "$dest.tmp"
    tar -xf "$(ls "$apt"/src/jansson_*.orig.tar.* | head -n 1)" -C "$dest.tmp" --strip-components=1
fi
rm -rf "$dest" && mv "$dest.tmp" "$dest"
rm -rf "$apt"
echo "wasm_deps: jansson sources in $dest"
