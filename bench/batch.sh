#!/usr/bin/env bash
# Benchmarks of `handoff batch` (not run in CI; needs ../shared/corpus, python3 and GNU time).
#   1. 1,000 real-shaped sessions offline, -j 2: wall time and peak memory.
#   2. Peak memory at 250, 500 and 1,000 sessions: flat means the sessions are streamed.
#   3. A model server answering in 500 ms, -j 32, 320 sessions: wall time against the ideal
#      (sessions / 32 x 0.5 s).
# Usage: bench/batch.sh [WORKDIR]   (default: a temp folder, removed at the end)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
[ -d "$corpus" ] || { echo "bench/batch.sh: needs $corpus" >&2; exit 2; }
work=${1:-$(mktemp -d)}
cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml"
bin="$here/target/release/handoff"
measure() { # label, then the command; prints wall seconds and peak RSS
  local label=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time.txt" "$@" >/dev/null 2>"$work/stderr.txt" || true
  read -r wall rss < "$work/time.txt"
  printf '%-44s wall %6.2f s   peak RSS %6.1f MB\n' "$label" "$wall" "$(echo "$rss / 1024" | bc -l)"
}
for n in 250 500 1000; do
  rm -rf "$work/s$n" "$work/o$n"
  python3 "$here/bench/gen_sessions.py" "$corpus" "$work/s$n" "$n" >/dev/null
  measure "offline, $n sessions, -j 2" "$bin" batch "$work/s$n" --out "$work/o$n" --offline -j 2 --quiet
  echo "   notes written: $(grep -c '"status":"done"' "$work/o$n/manifest.jsonl"), failed: $(grep -c '"status":"failed"' "$work/o$n/manifest.jsonl" || true)"
done
port=18765
python3 "$here/bench/model_server.py" "$port" 0.5 & server=$!
trap 'kill $server 2>/dev/null || true' EXIT
sleep 1
rm -rf "$work/s320" "$work/o320"
python3 "$here/bench/gen_sessions.py" "$corpus" "$work/s320" 320 >/dev/null
measure "model 500 ms, 320 sessions, -j 32 (ideal 5.00 s)" env OPENAI_API_KEY=bench "$bin" batch "$work/s320" --out "$work/o320" \
  --model bench --base-url "http://127.0.0.1:$port/v1" -j 32 --quiet
echo "   notes written: $(grep -c '"status":"done"' "$work/o320/manifest.jsonl"), failed: $(grep -c '"status":"failed"' "$work/o320/manifest.jsonl" || true)"
[ -n "${1:-}" ] || rm -rf "$work"
