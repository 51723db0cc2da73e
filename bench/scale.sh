#!/usr/bin/env bash
# Scaling of collect and summarize --offline with session size, against their floors (issue 19;
# not run in CI; needs ../shared/corpus, python3 and GNU time). A real Claude Code and a real
# Codex session are scaled to each size by bench/scale_session.py (records repeated with unique
# ids); for each: `collect --json` and `summarize --offline --stdout`, wall time, MB/s and peak
# RSS; the floors over the same file in the same run (examples/json_floor.rs: every line parsed
# into a serde_json `Value`, and only scanned with `IgnoredAny`); and the ratios collect speed /
# floor speed and summarize / collect time (linear summarize keeps it flat). Times are CPU
# seconds (user + system), which other work on a shared machine changes far less than wall
# time.
# Usage: bench/scale.sh [SIZES_MB…]   (default: 10 50 100)
#        HANDOFF_BIN=path/to/handoff FLOOR_BIN=path/to/json_floor bench/scale.sh 10 100 1000
#        SCALED_DIR=dir bench/scale.sh …   keeps the scaled sessions in dir and reuses them
#        DISTINCT=1 bench/scale.sh …   copies whose long texts differ (scale_session.py
#        --distinct-text), so that nothing gains from sharing equal texts
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
[ -d "$corpus" ] || { echo "bench/scale.sh: needs $corpus" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 50 100)
bin=${HANDOFF_BIN:-}
floor=${FLOOR_BIN:-}
if [ -z "$bin" ] || [ -z "$floor" ]; then
  cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml" --bin handoff --example json_floor
  bin=${bin:-"$here/target/release/handoff"}
  floor=${floor:-"$here/target/release/examples/json_floor"}
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$work" init -q repo
measure() { # prints "cpu_seconds rss_kb" of the command
  /usr/bin/time -f "%U %S %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" \
    || { echo "failed: $* ($(tail -1 "$work/stderr.txt"))" >&2; exit 1; }
  awk '{ printf "%.2f %s\n", $1 + $2, $3 }' "$work/time.txt"
}
printf '%-7s %5s | %7s %6s %7s | %6s %6s %7s | %5s %5s | %7s %6s %7s %6s\n' \
  agent MiB coll_s MB/s RSS_MiB Value Ignore RSS_MiB xValue xIgn summ_s MB/s RSS_MiB s/coll
# Linearity: each agent's collect and summarize speed (MB per CPU second) at every size, as a
# multiple of its speed at the first size; a linear stage keeps it near 1.
rates="$work/rates.txt"
: >"$rates"
for src in claude-code/cipherbox-compacted-playwright.jsonl codex/soulpass-frontend-tsc.jsonl; do
  for mb in "${sizes[@]}"; do
    file="${SCALED_DIR:-$work}/${DISTINCT:+distinct-}${src%%/*}-$mb.jsonl"
    [ -s "$file" ] || python3 "$here/bench/scale_session.py" ${DISTINCT:+--distinct-text} "$corpus/$src" "$mb" "$file" >/dev/null
    real=$(stat -c %s "$file")
    # Read once first: whichever run read the file from disk would pay for the page cache's
    # filling (system time), and the first is collect.
    cat "$file" >/dev/null
    read -r cw crss < <(measure "$bin" collect --repo "$work/repo" --transcript "$file" --json)
    read -r vw vrss < <(measure "$floor" value "$file")
    read -r iw _ < <(measure "$floor" ignored "$file")
    read -r sw srss < <(measure "$bin" summarize --repo "$work/repo" --transcript "$file" --offline --stdout)
    awk -v a="${src%%/*}" -v b="$real" -v cw="$cw" -v cr="$crss" -v vw="$vw" -v vr="$vrss" \
      -v iw="$iw" -v sw="$sw" -v sr="$srss" 'function rate(t) { return t > 0 ? b / 1e6 / t : 0 }
      BEGIN {
        printf "%-7s %5.0f | %7.2f %6.0f %7.1f | %6.0f %6.0f %7.1f | %5.2f %5.2f | %7.2f %6.0f %7.1f %6.2f\n",
          substr(a, 1, 7), b / 1048576, cw, rate(cw), cr / 1024, rate(vw), rate(iw), vr / 1024,
          (cw > 0 ? vw / cw : 0), (cw > 0 ? iw / cw : 0), sw, rate(sw), sr / 1024, (cw > 0 ? sw / cw : 0) }'
    awk -v a="${src%%/*}" -v mb="$mb" -v b="$real" -v cw="$cw" -v sw="$sw" \
      'BEGIN { printf "%s %s %f %f\n", a, mb, (cw > 0 ? b / cw : 0), (sw > 0 ? b / sw : 0) }' >>"$rates"
    [ -n "${SCALED_DIR:-}" ] || rm -f "$file"
  done
done
awk '$1 != agent {
    if (agent != "") print ""
    agent = $1; c0 = $3; s0 = $4
    printf "linearity, %s (MB/s at each size / MB/s at %s MB):", agent, $2
  }
  { printf " %s MB collect %.2f summarize %.2f;", $2, (c0 > 0 ? $3 / c0 : 0), (s0 > 0 ? $4 / s0 : 0) }
  END { print "" }' "$rates"
echo "_s: CPU seconds. MB/s: megabytes of the session per CPU second. Value / Ignore: the floors' MB/s. xValue, xIgn:"
echo "collect's speed as a multiple of the floor's (goal: >= 1.4x Value, >= 0.5x IgnoredAny)."
echo "s/coll: summarize --offline time / collect time (goal: <= 1.3). RSS: peak resident memory"
echo "(goal: <= 64 MiB for collect and summarize). linearity: near 1 at every size = linear in the size."
