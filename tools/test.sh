#!/usr/bin/env bash
# The whole test suite: the main job's build (tools/setup.sh, installing what
# is missing), then the tests' programs, then ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
bash tools/setup.sh --no-check
build=${TALEBOOK_BUILD_DIR:-build}
cmake --build "$build" -j "$(nproc)" --target talebook_test_programs
ctest --test-dir "$build" --output-on-failure -j "$(nproc)"
