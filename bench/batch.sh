#!/usr/bin/env bash
# Benchmarks of `handoff batch` (not run in CI; needs ../shared/corpus, python3 and GNU time).
#   1. 1,000 real-shaped sessions offline, -j 2: wall time and peak memory.
#   2. Peak memory at 250, 500 and 1,000 sessions: flat means the sessions are streamed.
#   3. A model server answering in 500 ms, -j 32, 320 sessions: wall time against the ideal
#      (sessions / 32 x 0.5 s).
# Usage: bench/batch.sh [WORKDIR]   (default: a temp folder, removed at the end)
#        HANDOFF_BIN=path/to/handoff bench/batch.sh
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
corpus="$here/../shared/corpus"
[ -d "$corpus" ] || { echo "bench/batch.sh: needs $corpus" >&2; exit 2; }
work=${1:-$(mktemp -d)}
# HANDOFF_BIN: a binary already built (skips the release build).
bin=${HANDOFF_BIN:-}
if [ -z "$bin" ]; then
  cargo build --release --locked --quiet --manifest-path "$here/Cargo.toml"
  bin="$here/target/release/handoff"
fi
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
# The same with tiny sessions: what the concurrency machinery costs when the model's latency
# is all there is (on 2 cores, 320 real-shaped sessions need more CPU than the ideal 5 s).
rm -rf "$work/t320" "$work/ot320"
python3 - "$work/t320" <<'PY'
import json, os, sys
d = sys.argv[1]; os.makedirs(d)
for i in range(320):
    rec = lambda t, role, content: json.dumps({"type": role, "sessionId": "tiny-%d" % i, "uuid": "%d-%s" % (i, t),
        "cwd": "/nowhere/app", "timestamp": "2026-01-01T10:0%s:00Z" % t, "message": {"role": role, "content": content}})
    open(os.path.join(d, "t%03d.jsonl" % i), "w").write(rec("1", "user", "Fix bug %d in src/parse.rs" % i) + "\n" +
        rec("2", "assistant", [{"type": "text", "text": "Fixed it."}]) + "\n")
PY
measure "model 500 ms, 320 tiny sessions, -j 32 (ideal 5.00 s)" env OPENAI_API_KEY=bench "$bin" batch "$work/t320" --out "$work/ot320" \
  --model bench --base-url "http://127.0.0.1:$port/v1" -j 32 --quiet
echo "   notes written: $(grep -c '"status":"done"' "$work/ot320/manifest.jsonl"), failed: $(grep -c '"status":"failed"' "$work/ot320/manifest.jsonl" || true)"
[ -n "${1:-}" ] || rm -rf "$work"
