#!/usr/bin/env bash
# The main job: install what is missing (Debian 12), configure, build, and
# check the sample book. Safe to run again; it only does what is not done.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make tao-pegtl-dev libicu-dev nlohmann-json3-dev catch2 gettext time)
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

build=${TALEBOOK_BUILD_DIR:-build}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j "$(nproc)"
if [ "${1:-}" != "--no-check" ]; then
  "$build/tools/talec" check book
  echo "setup: the sample book checks clean"
fi
