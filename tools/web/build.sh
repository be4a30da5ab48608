#!/usr/bin/env bash
# The web build: the reader and the engine as WebAssembly, in one script
# build-web/engine/web/talebook-web.js (engine/web/; docs/web.md, "Play in the
# browser"). Debian's emscripten (tools/setup.sh installs it); emcc's link
# step needs Debian's node modules (acorn), which node 20 does not look for in
# /usr/share/nodejs by itself. A second run is a quick no-op.
#   bash tools/web/build.sh    # from anywhere; then talec html --player build-web/engine/web/talebook-web.js
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! command -v emcc >/dev/null; then
  echo "tools/web/build.sh: emcc is missing (Debian package emscripten): run 'bash tools/setup.sh'" >&2
  exit 1
fi
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"
# Warnings as errors as tools/setup.sh has them (CI=true, or TALEBOOK_WERROR).
werror=OFF
[ "${CI:-}" = true ] && werror=ON
werror=${TALEBOOK_WERROR:-$werror}
cmake --preset web -DTALEBOOK_WERROR="$werror" >/dev/null
cmake --build --preset web --parallel "${TALEBOOK_WEB_JOBS:-2}"
