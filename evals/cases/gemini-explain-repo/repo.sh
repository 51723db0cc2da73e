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
cat > README.md <<'EOF2'
another test
Test repo for various gh integrations
EOF2
cat > hello.py <<'EOF2'
print("Hello World")
EOF2
cat > multi.py <<'EOF2'
def main():
    printHelloWorld()
    printTest()


def printHelloWorld():
    print("Hello World")


def printTest():
    print("Test")
EOF2
cat > coalescing.md <<'EOF2'
# Coalescing
Notes on coalescing checkpoints.
EOF2
commit 2026-03-24T19:00:00Z "test repo"
