#!/usr/bin/env bash
# Builds this case's repository. The Codex session (2026-07-11 17:18–17:19 UTC) ran in the user's home
# directory, which is not a git repository; its only edits are ~/.config/opencode/opencode.jsonc and
# ~/.zshrc. This is samar-58/scout — the repository the transcript was later published in — as of the
# same evening: its first two commits, made 45 and 60 minutes after the session ended. See SOURCE.
# `handoff eval` runs it with `bash repo.sh` in an empty temp dir.
set -euo pipefail
export GIT_AUTHOR_NAME="samar sayed" GIT_AUTHOR_EMAIL="sayedsamar58@gmail.com"
export GIT_COMMITTER_NAME="samar sayed" GIT_COMMITTER_EMAIL="sayedsamar58@gmail.com"
commit() { # commit DATE MESSAGE: stages everything, commits at a pinned date
  git add -A
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git commit -q -m "$2"
}
git init -q -b main
git remote add origin https://github.com/samar-58/scout.git

cat > .gitignore <<'EOF2'
# Python-generated files
__pycache__/
*.py[oc]
build/
dist/
wheels/
*.egg-info

# Virtual environments
.venv
EOF2
echo "3.14" > .python-version
: > README.md
cat > main.py <<'EOF2'
def main():
    print("Hello from multi-agent-learn!")


if __name__ == "__main__":
    main()
EOF2
cat > pyproject.toml <<'EOF2'
[project]
name = "multi-agent-learn"
version = "0.1.0"
description = "Add your description here"
readme = "README.md"
requires-python = ">=3.14"
dependencies = []
EOF2
commit 2026-07-11T23:34:19+05:30 "project init"

cat > main.py <<'EOF2'
from fastapi import FastAPI
import uvicorn

app = FastAPI()
@app.get("/")
def read_root():
    return {"message": "Hello, World!"}

if __name__ == "__main__":
    uvicorn.run(app, host="0.0.0.0", port=3000)
EOF2
cat > pyproject.toml <<'EOF2'
[project]
name = "multi-agent-learn"
version = "0.1.0"
description = "Add your description here"
readme = "README.md"
requires-python = ">=3.14"
dependencies = [
    "fastapi>=0.139.0",
    "uvicorn>=0.51.0",
]
EOF2
cat > uv.lock <<'EOF2'
version = 1
revision = 3
requires-python = ">=3.14"

# (stub: the real lock file pins fastapi, uvicorn and their dependencies; see SOURCE)
[[package]]
name = "fastapi"
source = { registry = "https://pypi.org/simple" }

[[package]]
name = "uvicorn"
source = { registry = "https://pypi.org/simple" }
EOF2
commit 2026-07-11T23:49:09+05:30 "fast api scaffold"
# Files as of the second commit (after the session; none of them is the session's).
find . -path ./.git -prune -o -print0 | xargs -0 touch -h -d 2026-07-11T18:19:09Z
