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
mkdir -p tests
cat > tests/missing_colon.py <<'EOF2'
#!/usr/bin/env python3


def division(a: float, b: float) -> float
    return a/b


if __name__ == "__main__":
    print(division(123, 15))
EOF2
chmod +x tests/missing_colon.py
commit 2024-05-01T12:00:00Z "test repo"
sed -i 's/-> float$/-> float:/' tests/missing_colon.py
mtime 2024-05-01T12:30:00Z tests/missing_colon.py
