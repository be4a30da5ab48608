#!/usr/bin/env bash
# The whole test suite: builds (installing what is missing) and runs ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --no-check
build=${TALEBOOK_BUILD_DIR:-build}
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
