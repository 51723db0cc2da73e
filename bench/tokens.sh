#!/usr/bin/env bash
# `handoff tokens FILE` against its floors as whole processes, vocabulary build included (issue
# 19; not run in CI; needs ../shared/corpus, taskset and GNU time). The file is 50 MB of real
# transcripts (every ../shared/corpus file in name order, repeated). For each encoding: handoff
# on one core (`taskset -c 0`: the counter uses as many threads as the process may use cores)
# and on every core, bpe-openai and tiktoken-rs's plain encode_ordinary on one core
# (examples/tokens_floor.rs); the median of RUNS runs (default 3) of wall and CPU seconds, and
# each one's wall time as a multiple of bpe-openai's (goal: <= 1.0 on one core, lower on both).
# Usage: bench/tokens.sh            RUNS=5 bench/tokens.sh
#        HANDOFF_BIN=path/to/handoff FLOOR_BIN=path/to/tokens_floor bench/tokens.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
[ -d "$corpus" ] || { echo "bench/tokens.sh: needs $corpus" >&2; exit 2; }
runs=${RUNS:-3}
bin=${HANDOFF_BIN:-}
floor=${FLOOR_BIN:-}
if [ -z "$bin" ] || [ -z "$floor" ]; then
  cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml" --features bpe-floor \
    --bin handoff --example tokens_floor
  bin=${bin:-"$here/target/release/handoff"}
  floor=${floor:-"$here/target/release/examples/tokens_floor"}
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
file="$work/corpus-50mb.txt"
find "$corpus" -type f ! -name MANIFEST.tsv | sort | xargs cat > "$work/unit.txt"
while [ "$(stat -c %s "$file" 2>/dev/null || echo 0)" -lt 50000000 ]; do
  cat "$work/unit.txt" >> "$file"
done
cores=$(nproc)
measure() { # prints "wall_s cpu_s count" of the run with the median wall time of $runs runs
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S" -o "$work/time.txt" "$@" >"$work/out.txt" 2>"$work/err.txt" \
      || { echo "failed: $* ($(tail -1 "$work/err.txt"))" >&2; exit 1; }
    awk -v c="$(grep -o '[0-9]\+' "$work/out.txt" | head -1)" \
      '{ printf "%s %.2f %s\n", $1, $2 + $3, c }' "$work/time.txt"
  done | sort -n | awk -v n="$runs" '{ r[NR] = $0 } END { print r[int((n + 1) / 2)] }'
}
echo "$(stat -c %s "$file") bytes; $cores cores; median of $runs runs"
printf '%-11s %-16s %7s %7s %5s %10s %6s %6s\n' encoding counter wall_s cpu_s cpu/w tokens MB/s x_bpe
for enc in o200k_base cl100k_base; do
  read -r bw bc bn < <(measure taskset -c 0 "$floor" bpe-openai "$enc" "$file")
  rows=("bpe-openai,1-core $bw $bc $bn")
  read -r w c n < <(measure taskset -c 0 "$floor" tiktoken "$enc" "$file")
  rows+=("tiktoken,1-core $w $c $n")
  read -r w c n < <(measure taskset -c 0 "$bin" tokens --encoding "$enc" "$file")
  rows+=("handoff,1-core $w $c $n")
  read -r w c n < <(measure taskset -c "0-$((cores - 1))" "$bin" tokens --encoding "$enc" "$file")
  rows+=("handoff,$cores-cores $w $c $n")
  for row in "${rows[@]}"; do
    read -r name w c n <<<"$row"
    awk -v e="$enc" -v name="${name/,/ }" -v w="$w" -v c="$c" -v n="$n" -v b="$bw" \
      -v s="$(stat -c %s "$file")" \
      'BEGIN { printf "%-11s %-16s %7.2f %7.2f %5.2f %10s %6.1f %6.2f\n", e, name, w, c, c / w, n, s / 1e6 / w, w / b }'
  done
done
echo "wall_s, cpu_s: wall and CPU (user + system) seconds of the whole process (the run with the"
echo "median wall time). cpu/w: cores busy on average (below 1 on one core: other work took the core)."
echo "MB/s: per wall second. x_bpe: wall time / bpe-openai's (goal: <= 1.0 on one core; lower on every"
echo "core). On a shared machine compare cpu_s for one core; wall_s shows scaling only on idle cores."
