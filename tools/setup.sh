#!/usr/bin/env bash
# The main job: install what is missing (Debian 12), configure, build, and
# check the sample book. Safe to run again; it only does what is not done.
set -euo pipefail
cd "$(dirname "$0")/.."

# time (GNU time): peak memory in tools/bench/run.sh.
# pre-commit and git: the test of the pre-commit hook (.pre-commit-hooks.yaml).
# clang and its runtime libraries (libclang-rt-dev: libFuzzer and the
# sanitizers) build the sanitizer suite and the fuzzers of .ci/run.
# neovim: the editor client of the language server's end-to-end test.
packages=(g++ cmake make tao-pegtl-dev libicu-dev nlohmann-json3-dev catch2 gettext pre-commit git
  clang libclang-rt-dev time neovim)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

[ "${1:-}" = "--deps-only" ] && exit 0

build=${TALEBOOK_BUILD_DIR:-build}
# TALEBOOK_WERROR=ON (CI) turns warnings into errors.
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DTALEBOOK_WERROR="${TALEBOOK_WERROR:-OFF}" >/dev/null
cmake --build "$build" -j "$(nproc)"
if [ "${1:-}" != "--no-check" ]; then
  "$build/tools/talec" check book
  echo "setup: the sample book checks clean"
fi
