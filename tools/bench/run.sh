#!/usr/bin/env bash
# Time talec on synthetic books (tools/bench/gen_book.py) and print medians.
#
# usage: tools/bench/run.sh [--sizes "1000 10000 100000"] [--runs 3] [--lang en|zh]
#                           [--build DIR] [--talec PATH] [--ink]
#
# For each size: `talec check`, `talec build` (the default: strings packed in
# blocks; --unpacked; --stream) and `talec dump --paragraph K` (map the default
# file and fetch one paragraph); median wall time and CPU time (user + system)
# of the runs and the largest peak RSS (GNU time; CPU time is the steadier
# figure on a busy machine), the sizes of the source and of the .tbook files,
# and tbook_fetch's time of open_mapped + one paragraph inside one process.
# --ink also times the inkjs compiler (inkjs@2.4.0, installed with npm into
# DIR/bench/peers) on the same book written in ink (up to 20,000 paragraphs).
# Benchmarks print; they never fail a build.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sizes="1000 10000 100000"
runs=3
lang=en
build="$root/build"
ink=0
talec=""
while [ $# -gt 0 ]; do
  case "$1" in
  --sizes) sizes=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  --lang) lang=$2; shift 2 ;;
  --build) build=$2; shift 2 ;;
  --talec) talec=$2; shift 2 ;;
  --ink) ink=1; shift ;;
  -h | --help) sed -n '2,15p' "$0"; exit 0 ;;
  *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$talec" ] || talec="$build/tools/talec"
fetch="$(dirname "$talec")/tbook_fetch"
gnutime=/usr/bin/time
[ -x "$talec" ] || { echo "run.sh: no $talec: build first" >&2; exit 2; }
[ -x "$gnutime" ] || { echo "run.sh: GNU time missing (package 'time')" >&2; exit 2; }
work="$build/bench"
mkdir -p "$work"

inkc=""
if [ "$ink" = 1 ]; then
  peers="$work/peers"
  if [ ! -x "$peers/node_modules/.bin/inkjs-compiler" ]; then
    mkdir -p "$peers"
    (cd "$peers" && npm install --no-audit --no-fund --silent inkjs@2.4.0 >/dev/null 2>&1) ||
      echo "run.sh: npm could not install inkjs@2.4.0: no ink figures" >&2
  fi
  [ -x "$peers/node_modules/.bin/inkjs-compiler" ] && inkc="$peers/node_modules/.bin/inkjs-compiler"
fi

# measure NAME CMD...: run CMD $runs times; print the median wall time and the
# largest peak RSS. A failing command prints its exit code instead.
measure() {
  local name=$1
  shift
  local times=() cpus=() rss=0 rc=0 log="$work/time.log"
  for ((r = 0; r < runs; r++)); do
    "$gnutime" -f "%e %U %S %M" -o "$log" "$@" >/dev/null 2>"$work/stderr.log"
    rc=$?
    [ $rc -eq 0 ] || break
    read -r t u s m < <(tail -1 "$log")
    times+=("$t")
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
    [ "$m" -gt "$rss" ] && rss=$m
  done
  if [ $rc -ne 0 ]; then
    printf "  %-22s failed (exit %d): %s\n" "$name" "$rc" "$(head -c 200 "$work/stderr.log")"
    return
  fi
  printf "  %-22s %8.2f s wall %8.2f s cpu %6d MB\n" "$name" "$(median "${times[@]}")" \
    "$(median "${cpus[@]}")" "$((rss / 1024))"
}

median() { printf "%s\n" "$@" | sort -n | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }

mb() { awk -v b="$(du -sb "$1" | cut -f1)" 'BEGIN {printf "%.1f MB", b / 1048576}'; }

echo "$talec ($(git -C "$root" rev-parse --short HEAD 2>/dev/null)), $runs runs: median wall and CPU time, peak RSS"
for n in $sizes; do
  book="$work/book-$lang-$n"
  if [ ! -f "$book/book.json" ] || [ "$here/gen_book.py" -nt "$book/book.json" ]; then
    rm -rf "$book"
    python3 "$here/gen_book.py" "$n" "$book" --lang "$lang" --ink "$work/book-$lang-$n.ink"
  fi
  echo "$n paragraphs ($lang, source $(mb "$book"))"
  measure "check" "$talec" check "$book"
  measure "build" "$talec" build "$book" -o "$work/packed.tbook"
  measure "build --unpacked" "$talec" build "$book" -o "$work/unpacked.tbook" --unpacked
  measure "build --stream" "$talec" build "$book" -o "$work/stream.tbook" --stream
  measure "dump --paragraph" "$talec" dump "$work/packed.tbook" --paragraph $((n / 2 + 1))
  [ -f "$work/packed.tbook" ] && echo "  .tbook default $(mb "$work/packed.tbook"), unpacked $(mb "$work/unpacked.tbook"), stream $(mb "$work/stream.tbook")"
  [ -x "$fetch" ] && [ -f "$work/packed.tbook" ] && echo "  $("$fetch" "$work/packed.tbook" 20)"
  if [ -n "$inkc" ] && [ "$n" -gt 20000 ]; then
    echo "  inkjs-compiler         skipped: more than 4 GB above 20,000 paragraphs"
  elif [ -n "$inkc" ]; then
    measure "inkjs-compiler" node "$inkc" -o "$work/ink.json" "$work/book-$lang-$n.ink"
  fi
done
exit 0
