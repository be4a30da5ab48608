#!/usr/bin/env bash
# The fuzzers of tests/fuzz (libFuzzer, clang, AddressSanitizer + UBSan):
# builds them in build-clang-asan/, seeds their corpora from the sample books,
# and runs the four at once, each for SECONDS of a core (default 60).
# Longer runs: `bash tools/fuzz.sh 3600`.
# The corpora grow in build-clang-asan/fuzz-corpus/ (kept between runs); a
# crash is written to build-clang-asan/fuzz-artifacts/ and fails the script.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
build=${TALEBOOK_FUZZ_BUILD_DIR:-build-clang-asan}
jobs=$(nproc)

if [ ! -f "$build/CMakeCache.txt" ]; then
  CC=clang CXX=clang++ cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Debug \
    -DCMAKE_CXX_FLAGS_DEBUG="-O1 -gline-tables-only" -DCMAKE_C_FLAGS_DEBUG="-O1 -gline-tables-only" \
    -DTALEBOOK_FUZZ=ON >/dev/null
fi
cmake --build "$build" -j "$jobs" --target talec fuzz_tales fuzz_tbook fuzz_po fuzz_lsp

corpus=$build/fuzz-corpus
artifacts=$build/fuzz-artifacts
mkdir -p "$corpus/tales" "$corpus/tbook" "$corpus/po" "$corpus/lsp" "$artifacts"
# Seeds: the sample book and the golden examples; the sample books compiled
# (packed, in small frames, and not); the Chinese translation as a PO file.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
cp book/*.tales tests/golden/*.tales "$corpus/tales/"
talec=$build/tools/talec
"$talec" build book -o "$corpus/tbook/book.tbook"
"$talec" build book --unpacked -o "$corpus/tbook/book-unpacked.tbook"
# Frames of 256 bytes: every record section of the sample book but the smallest
# in frames behind a frame table (format 1.4), as a large book stores them.
"$talec" build book --frame-size 256 -o "$corpus/tbook/book-frames.tbook"
"$talec" build locales/zh -o "$corpus/tbook/zh.tbook" >/dev/null 2>&1 || true
"$talec" po export locales/zh -o "$corpus/po/zh.po"
cp tests/golden/TB0055-po-duplicate-entry/*.po tests/golden/TB0056-po-bad-msgstr/*.po "$corpus/po/"
# The corpora kept in the tree (tests/fuzz/corpus/TARGET: hand-made hostile
# inputs and inputs that once broke talec; every build replays them, the
# tests fuzz_corpus_TARGET).
for dir in tests/fuzz/corpus/*/; do cp "$dir"* "$corpus/$(basename "$dir")/"; done

# The four run at once, sharing the machine's cores: each gets SECONDS of one
# core (on two cores, all four run for 2 x SECONDS of wall time).
targets=(tales tbook po lsp)
share=$(( jobs < ${#targets[@]} ? jobs : ${#targets[@]} ))
wall=$(( (seconds * ${#targets[@]} + share - 1) / share ))
declare -A pids
for target in "${targets[@]}"; do
  echo "fuzz: fuzz_$target for ${seconds}s of a core (${wall}s beside the others)"
  "$build/tests/fuzz/fuzz_$target" -max_total_time="$wall" -print_final_stats=1 \
    -artifact_prefix="$artifacts/$target-" "$corpus/$target" >"$build/fuzz-$target.log" 2>&1 &
  pids[$target]=$!
done
status=0
for target in "${targets[@]}"; do
  log=$build/fuzz-$target.log
  if ! wait "${pids[$target]}"; then
    echo "fuzz: fuzz_$target FAILED (log: $log)"
    tail -n 40 "$log"
    status=1
    continue
  fi
  # "#123456 DONE cov: 1234 ft: 5678 corp: ..." and the final stats.
  { grep -E "^#[0-9]+[[:space:]]+DONE" "$log" | tail -n 1
    grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$log"; } | sed "s/^/fuzz: fuzz_$target /" || true
done
exit $status
