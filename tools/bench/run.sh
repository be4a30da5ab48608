#!/usr/bin/env bash
# Time talec on synthetic books (tools/bench/gen_book.py); print one markdown table.
#
# usage: tools/bench/run.sh [--sizes "1000 10000 100000"] [--runs 3] [--lang en|zh]
#                           [--build DIR] [--talec PATH]
#                           [--ink] [--ink-max N] [--ink-heap MiB]
#
# For each size, one row per work: `talec check`; `talec build` (the default:
# strings packed in blocks), `--unpacked` and `--stream`; `talec dump
# --paragraph K` (map the default file, fetch one paragraph); tbook_fetch
# (open_mapped + one paragraph, inside one process; its median of 20); the
# bare recogniser tales_recognise (the .tales grammar with no actions, lazy
# and eager positions; its own median of --runs parses); the inkjs compiler.
# Columns: median wall and median CPU time (user + system) of the runs, CPU
# per 1,000 paragraphs (linearity), the largest peak RSS (GNU time), the size
# of the output and its ratio to the .tales source. Below the table: the load
# average at start and at end (CPU time is the steadier figure on a busy
# machine). Progress goes to stderr, the table to stdout.
# --ink: inkjs@2.4.0 (installed with npm into DIR/bench/peers) on the same book
# written in ink, up to --ink-max paragraphs (default 20000; more needs more
# than node's default heap: give --ink-heap MiB, node's --max-old-space-size;
# above 20,000 it runs once). A run that fails says why ("out of memory").
# Benchmarks print; they never fail a build.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
sizes="1000 10000 100000"
runs=3
lang=en
build="$root/build"
ink=0
ink_max=20000
ink_heap=""
talec=""
while [ $# -gt 0 ]; do
  case "$1" in
  --sizes) sizes=$2; shift 2 ;;
  --runs) runs=$2; shift 2 ;;
  --lang) lang=$2; shift 2 ;;
  --build) build=$2; shift 2 ;;
  --talec) talec=$2; shift 2 ;;
  --ink) ink=1; shift ;;
  --ink-max) ink_max=$2; shift 2 ;;
  --ink-heap) ink_heap=$2; shift 2 ;;
  -h | --help) sed -n '2,23p' "$0"; exit 0 ;;
  *) echo "run.sh: unknown argument '$1'" >&2; exit 2 ;;
  esac
done
[ -n "$talec" ] || talec="$build/tools/talec"
# A program of tools/bench: next to talec, else in this build.
tool() { if [ -x "$(dirname "$talec")/$1" ]; then echo "$(dirname "$talec")/$1"; else echo "$build/tools/$1"; fi; }
fetch=$(tool tbook_fetch)
recognise=$(tool tales_recognise)
gnutime=/usr/bin/time
[ -x "$talec" ] || { echo "run.sh: no $talec: build first" >&2; exit 2; }
[ -x "$gnutime" ] || { echo "run.sh: GNU time missing (package 'time')" >&2; exit 2; }
work="$build/bench"
mkdir -p "$work"
load_start=$(cut -d' ' -f1-3 /proc/loadavg)

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

median() { printf "%s\n" "$@" | sort -g | awk '{a[NR] = $1} END {print a[int((NR + 1) / 2)]}'; }
bytes() { if [ -e "$1" ]; then du -sb "$1" | cut -f1; else echo 0; fi; }
tales_bytes() { cat "$1"/*.tales | wc -c; }
commas() { echo "$1" | sed ':a;s/\B[0-9]\{3\}\>/,&/;ta'; }

# measure RUNS CMD...: runs CMD; sets wall and cpu (medians), rss (largest, KB)
# and note (empty, or why it failed: "out of memory", "failed (exit N): ...").
measure() {
  local n=$1 times=() cpus=() rc=0 log="$work/time.log" err="$work/stderr.log"
  shift
  rss=0 note=""
  for ((r = 0; r < n; r++)); do
    "$gnutime" -f "%e %U %S %M" -o "$log" "$@" >"$work/stdout.log" 2>"$err"
    rc=$?
    read -r t u s m < <(tail -1 "$log")
    [ "${m:-0}" -gt "$rss" ] && rss=$m
    times+=("$t")
    cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN {print u + s}')")
    [ $rc -eq 0 ] || break
  done
  wall=$(median "${times[@]}")
  cpu=$(median "${cpus[@]}")
  if [ $rc -ne 0 ]; then
    if grep -qiE "out of memory|heap limit|bad_alloc|allocation failed" "$err"; then
      note="out of memory (exit $rc)"
    else
      note="failed (exit $rc): $(head -1 "$err" | cut -c1-120 | tr '|' '/')"
    fi
  fi
  return $rc
}

# row N WORK WALL CPU RSS_KB OUT_BYTES NOTE: one line of the table ("" = none).
table=""
row() {
  table+=$(awk -v n="$1" -v work="$2" -v wall="$3" -v cpu="$4" -v rss="$5" -v out="$6" \
    -v src="$source" -v note="$7" -v label="$(commas "$1")" '
    function t(s) { if (s == "") return "—"; return s < 1 ? sprintf("%.1f ms", s * 1000) : sprintf("%.2f s", s) }
    BEGIN {
      per = cpu == "" || work ~ /^open/ ? "—" : t(cpu * 1000 / n)
      mem = rss == "" ? "—" : sprintf("%d MiB", rss / 1024)
      size = out == "" ? "—" : sprintf("%.1f MiB", out / 1048576)
      ratio = out == "" ? "—" : sprintf("%.2f×", out / src)
      printf "| %s | %s | %s | %s | %s | %s | %s | %s | %s |\n", label, work, t(wall), t(cpu), per, mem, size, ratio, note
    }')$'\n'
  echo "run.sh: $1 $2: wall ${3:-—} s, cpu ${4:-—} s, ${5:-—} KB ${7}" >&2
}

# time_row N WORK RUNS [--output FILE] [--note TEXT] CMD...: measure CMD, add
# its row (a failure's note first, then TEXT).
time_row() {
  local n=$1 name=$2 k=$3 out="" more=""
  shift 3
  if [ "$1" = --output ]; then out=$2; shift 2; fi
  if [ "$1" = --note ]; then more=$2; shift 2; fi
  rm -f "$out"
  measure "$k" "$@"
  local size=""
  [ -n "$out" ] && [ -f "$out" ] && size=$(bytes "$out")
  [ -n "$note" ] && [ -n "$more" ] && note+="; "
  row "$n" "$name" "$wall" "$cpu" "$rss" "$size" "$note$more"
}

for n in $sizes; do
  book="$work/book-$lang-$n"
  if [ ! -f "$book/book.json" ] || [ "$here/gen_book.py" -nt "$book/book.json" ]; then
    rm -rf "$book"
    python3 "$here/gen_book.py" "$n" "$book" --lang "$lang" --ink "$work/book-$lang-$n.ink" >&2
  fi
  source=$(tales_bytes "$book")
  row "$n" "source (.tales)" "" "" "" "$source" "$(ls "$book"/*.tales | wc -l) files, $lang"
  packed="$work/packed.tbook"
  time_row "$n" "check" "$runs" "$talec" check "$book"
  time_row "$n" "build" "$runs" --output "$packed" "$talec" build "$book" -o "$packed"
  time_row "$n" "build --unpacked" "$runs" --output "$work/unpacked.tbook" \
    "$talec" build "$book" -o "$work/unpacked.tbook" --unpacked
  time_row "$n" "build --stream" "$runs" --output "$work/stream.tbook" \
    "$talec" build "$book" -o "$work/stream.tbook" --stream
  if [ ! -f "$packed" ]; then
    row "$n" "dump --paragraph" "" "" "" "" "not run: no default .tbook"
    row "$n" "open + fetch" "" "" "" "" "not run: no default .tbook"
  else
    time_row "$n" "dump --paragraph" "$runs" "$talec" dump "$packed" --paragraph $((n / 2 + 1))
    if [ ! -x "$fetch" ]; then
      row "$n" "open + fetch" "" "" "" "" "not run: no $(basename "$fetch")"
    elif measure 1 "$fetch" "$packed" 20; then
      read -r fw fc fv < <(sed -n 's/.*median \([0-9.]*\) ms wall, \([0-9.]*\) ms CPU.*verify \([0-9.]*\) ms.*/\1 \2 \3/p' \
        "$work/stdout.log")
      row "$n" "open + fetch" "$(awk -v x="$fw" 'BEGIN {print x / 1000}')" \
        "$(awk -v x="$fc" 'BEGIN {print x / 1000}')" "$rss" "" "median of 20 in one process; verify ${fv} ms"
    else
      row "$n" "open + fetch" "" "" "$rss" "" "$note"
    fi
  fi
  if [ ! -x "$recognise" ]; then
    row "$n" "recogniser (lazy)" "" "" "" "" "not run: no $(basename "$recognise")"
    row "$n" "recogniser (eager)" "" "" "" "" "not run: no $(basename "$recognise")"
  elif measure 1 "$recognise" "$book" "$runs"; then
    for mode in lazy eager; do
      read -r rw rcpu < <(sed -n "s/^$mode positions: \([0-9.]*\) s wall \([0-9.]*\) s cpu/\1 \2/p" "$work/stdout.log")
      row "$n" "recogniser ($mode)" "$rw" "$rcpu" "$rss" "" "the parse alone, median of $runs; the process ($runs + $runs parses): ${cpu} s CPU"
    done
  else
    row "$n" "recogniser (lazy)" "" "" "$rss" "" "$note"
    row "$n" "recogniser (eager)" "" "" "$rss" "" "$note"
  fi
  inkfile="$work/book-$lang-$n.ink"
  if [ "$ink" = 0 ]; then
    row "$n" "inkjs" "" "" "" "" "not run (--ink)"
  elif [ -z "$inkc" ]; then
    row "$n" "inkjs" "" "" "" "" "not run: inkjs@2.4.0 not installed"
  elif [ "$n" -gt "$ink_max" ]; then
    row "$n" "inkjs" "" "" "" "" "not run: above --ink-max $ink_max"
  else
    heap=() k=$runs inknote="ink source $(awk -v b="$(bytes "$inkfile")" 'BEGIN {printf "%.1f MiB", b / 1048576}')"
    if [ -n "$ink_heap" ]; then
      avail=$(awk '/MemAvailable/ {print int($2 / 1024)}' /proc/meminfo)
      heap=(--max-old-space-size="$ink_heap")
      inknote+="; node heap $ink_heap MiB"
      [ "$ink_heap" -gt "$avail" ] && inknote+=" (more than the $avail MiB available)"
    fi
    [ "$n" -gt 20000 ] && k=1 && inknote+="; 1 run"
    time_row "$n" "inkjs" "$k" --output "$work/ink.json" --note "$inknote" \
      node "${heap[@]}" "$inkc" -o "$work/ink.json" "$inkfile"
  fi
done

commit=$(git -C "$(dirname "$talec")" rev-parse --short HEAD 2>/dev/null || echo "?")
echo "\`$(basename "$talec")\` $commit, runs: $runs, $(nproc) cores, $(awk '/MemTotal/ {printf "%.0f GiB", $2 / 1048576}' /proc/meminfo);" \
  "median wall and CPU time (user + system), largest peak RSS; output / source: file size over the .tales"
echo
echo "| paragraphs | work | wall | CPU | CPU per 1,000 ¶ | peak RSS | output | output / source | note |"
echo "|---:|---|---:|---:|---:|---:|---:|---:|---|"
printf "%s" "$table"
echo
echo "Load average (1, 5, 15 min) at start: $load_start; at end: $(cut -d' ' -f1-3 /proc/loadavg)"
exit 0
