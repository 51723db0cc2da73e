#!/usr/bin/env bash
# Scaling of collect and summarize --offline with session size (issue 19; not run in CI; needs
# ../shared/corpus, python3 and GNU time). A real Claude Code and a real Codex session are
# scaled to each size by bench/scale_session.py (records repeated with unique ids); for each:
# `collect --json` and `summarize --offline --stdout`, wall time, MB/s and peak RSS, and the
# ratio summarize / collect (linear summarize keeps it flat). Paired runs, so compare ratios.
# Usage: bench/scale.sh [SIZES_MB…]   (default: 10 50 100)
#        HANDOFF_BIN=path/to/handoff bench/scale.sh 10 100 1000
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
[ -d "$corpus" ] || { echo "bench/scale.sh: needs $corpus" >&2; exit 2; }
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(10 50 100)
bin=${HANDOFF_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml"
  bin="$here/target/release/handoff"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git -C "$work" init -q repo
measure() { # prints "wall rss_kb" of the command
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" \
    || { echo "failed: $* ($(tail -1 "$work/stderr.txt"))" >&2; exit 1; }
  cat "$work/time.txt"
}
printf '%-12s %6s  %9s %8s %8s  %9s %8s  %s\n' agent MiB collect_s MB/s RSS_MiB summ_s RSS_MiB summ/coll
for src in claude-code/cipherbox-compacted-playwright.jsonl codex/soulpass-frontend-tsc.jsonl; do
  for mb in "${sizes[@]}"; do
    file="$work/session.jsonl"
    python3 "$here/bench/scale_session.py" "$corpus/$src" "$mb" "$file" >/dev/null
    real=$(stat -c %s "$file")
    read -r cw crss < <(measure "$bin" collect --repo "$work/repo" --transcript "$file" --json)
    read -r sw srss < <(measure "$bin" summarize --repo "$work/repo" --transcript "$file" --offline --stdout)
    awk -v a="${src%%/*}" -v b="$real" -v cw="$cw" -v cr="$crss" -v sw="$sw" -v sr="$srss" 'BEGIN {
      mib = b / 1048576; printf "%-12s %6.0f  %9.2f %8.0f %8.1f  %9.2f %8.1f  %6.2f\n",
        a, mib, cw, (cw > 0 ? b / 1e6 / cw : 0), cr / 1024, sw, sr / 1024, (cw > 0 ? sw / cw : 0) }'
    rm -f "$file"
  done
done
