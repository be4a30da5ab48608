#!/usr/bin/env bash
# The main job: install what is missing (Debian 12), configure, build talec,
# the libraries and the sample book (build/book.tbook; not the tests:
# tools/test.sh builds those), and check the sample book. Safe to run again; it
# only does what is not done.
set -euo pipefail
cd "$(dirname "$0")/.."

# time (GNU time): peak memory in tools/bench/run.sh.
# pre-commit and git: the test of the pre-commit hook (.pre-commit-hooks.yaml).
# python3-jsonschema: the test that validates talec's SARIF against its schema.
# clang and its runtime libraries (libclang-rt-dev: libFuzzer and the
# sanitizers) build the sanitizer suite and the fuzzers of .ci/run.
# graphviz: the test of `talec graph` renders its DOT with dot -Tsvg.
# lcov: the test of `talec simulate --coverage` renders its tracefile with genhtml.
# neovim: the editor client of the language server's end-to-end test.
# libzstd-dev: the .tbook codec (format 1.3), which the reader links.
# libunistring-dev: gettext's own line breaking, so that PO files wrap as msgcat writes them.
# chromium: the browser of the web tests (tests/web/, driven by playwright-core)
# and of `talec html --pdf`. emscripten: the engine and reader as WebAssembly
# (the `web` preset, engine/web/), which the browser game of `talec html` plays.
# fonts-wqy-microhei: Chinese glyphs in the web tests' screenshots (without a
# CJK font chromium draws none).
packages=(g++ cmake make tao-pegtl-dev libicu-dev nlohmann-json3-dev libzstd-dev catch2 gettext libunistring-dev pre-commit git
  clang libclang-rt-dev time graphviz lcov python3-jsonschema neovim chromium emscripten fonts-wqy-microhei)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# node and npm (any install that provides the commands): the editor tests.
command -v npm >/dev/null 2>&1 || missing+=(nodejs npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi

# npm test tools, pinned, into build/npm (never committed): vscode-tmgrammar-test
# checks the TextMate grammar of tools/editor/vscode/ (tests/editor/);
# playwright-core drives Debian's chromium in the web tests (tests/web/), and
# axe-core audits the pages' accessibility there.
npm_dir=${TALEBOOK_NPM_DIR:-build/npm}
npm_packages=(vscode-tmgrammar-test@0.1.3 playwright-core@1.65.2 axe-core@4.14.1)
for p in "${npm_packages[@]}"; do
  if [ ! -f "$npm_dir/node_modules/${p%@*}/package.json" ] ||
    ! grep -q "\"version\": \"${p##*@}\"" "$npm_dir/node_modules/${p%@*}/package.json"; then
    echo "setup: installing $p into $npm_dir"
    mkdir -p "$npm_dir"
    npm install --prefix "$npm_dir" --save-exact --no-audit --no-fund --loglevel=error "$p"
  fi
done

[ "${1:-}" = "--deps-only" ] && exit 0

build=${TALEBOOK_BUILD_DIR:-build}
# Warnings are errors with TALEBOOK_WERROR=ON, and by default in CI (CI=true).
werror=OFF
[ "${CI:-}" = true ] && werror=ON
werror=${TALEBOOK_WERROR:-$werror}
# The build type: RelWithDebInfo, or TALEBOOK_BUILD_TYPE (.ci/run builds
# Release: without debug information g++ compiles in about two thirds of the
# time).
build_type=${TALEBOOK_BUILD_TYPE:-RelWithDebInfo}
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE="$build_type" -DTALEBOOK_WERROR="$werror" >/dev/null
cmake --build "$build" -j "$(nproc)"
if [ "${1:-}" != "--no-check" ]; then
  "$build/tools/talec" check book
  echo "setup: the sample book checks clean"
fi
