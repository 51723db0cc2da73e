#!/usr/bin/env bash
# Builds this case's repository. `handoff eval` runs it with `bash repo.sh` in an empty temp dir.
set -euo pipefail
export GIT_AUTHOR_NAME="Eval Author" GIT_AUTHOR_EMAIL="author@example.com"
export GIT_COMMITTER_NAME="Eval Author" GIT_COMMITTER_EMAIL="author@example.com"
commit() { # commit DATE MESSAGE: stages everything, commits at a pinned date
  git add -A
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git commit -q -m "$2"
}
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
git init -q -b main
mkdir -p src/app tests
cat > src/app/__init__.py <<'PY'
PY
cat > src/app/auth.py <<'PY'
def check_password(user: str, password: str) -> bool:
    return password == "hunter2"
PY
cat > src/app/routes.py <<'PY'
from flask import Flask, request, jsonify

from app.auth import check_password

app = Flask(__name__)


@app.post("/login")
def login():
    body = request.get_json(force=True)
    if not check_password(body["user"], body["password"]):
        return jsonify(error="bad credentials"), 401
    return jsonify(ok=True)
PY
commit 2026-03-01T09:00:00Z "Login endpoint"
git checkout -q -b feature/login-rate-limit
cat > src/app/routes.py <<'PY'
from flask import Flask, request, jsonify

from app.auth import check_password
from app.limiter import TokenBucket

app = Flask(__name__)
buckets: dict[str, TokenBucket] = {}


@app.post("/login")
def login():
    bucket = buckets.setdefault(request.remote_addr, TokenBucket(capacity=5, rate_per_sec=5 / 60))
    if not bucket.allow():
        return jsonify(error="too many attempts"), 429
    body = request.get_json(force=True)
    if not check_password(body["user"], body["password"]):
        return jsonify(error="bad credentials"), 401
    return jsonify(ok=True)
PY
cat > src/app/limiter.py <<'PY'
import time


class TokenBucket:
    """At most `capacity` requests at once, refilled at `rate_per_sec`."""

    def __init__(self, capacity: int, rate_per_sec: float, clock=time.monotonic):
        self.capacity = capacity
        self.rate_per_sec = rate_per_sec
        self.clock = clock
        self.tokens = float(capacity)
        self.last = clock()

    def refill(self) -> None:
        now = self.clock()
        elapsed_ms = (now - self.last) * 1000
        self.tokens = min(self.capacity, self.tokens + elapsed_ms * self.rate_per_sec / 1_000_000)
        self.last = now

    def allow(self) -> bool:
        self.refill()
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False
PY
cat > tests/test_limiter.py <<'PY'
from app.limiter import TokenBucket


class FakeClock:
    def __init__(self):
        self.now = 0.0

    def __call__(self):
        return self.now


def test_allows_capacity():
    b = TokenBucket(5, 1.0, clock=FakeClock())
    assert all(b.allow() for _ in range(5))


def test_blocks_after_capacity():
    b = TokenBucket(5, 1.0, clock=FakeClock())
    for _ in range(5):
        b.allow()
    assert not b.allow()


def test_partial_refill():
    clock = FakeClock()
    b = TokenBucket(5, 1.0, clock=clock)
    for _ in range(5):
        b.allow()
    clock.now += 0.5
    assert not b.allow()


def test_refill_after_window():
    clock = FakeClock()
    b = TokenBucket(5, 5 / 60, clock=clock)
    for _ in range(5):
        b.allow()
    clock.now += 60
    assert sum(b.allow() for _ in range(5)) == 5
PY
mtime 2026-03-02T10:01:00Z src/app/limiter.py
mtime 2026-03-02T10:01:40Z src/app/routes.py
mtime 2026-03-02T10:02:10Z tests/test_limiter.py
