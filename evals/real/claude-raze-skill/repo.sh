#!/usr/bin/env bash
# Builds the repository at the session's end state (see SOURCE). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
commit() { # commit MSGFILE AUTHOR EMAIL ADATE COMMITTER CEMAIL CDATE
  git add -A
  GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$3" GIT_AUTHOR_DATE="$4" \
  GIT_COMMITTER_NAME="$5" GIT_COMMITTER_EMAIL="$6" GIT_COMMITTER_DATE="$7" \
    git commit -q --allow-empty --no-verify -F "$1"
}
apply() { git apply --whitespace=nowarn "$1"; }
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/uzaxirr/raze.git
cp -a "$F/base/." .
# base: the files the session reads, edits or names, as of 58257b4 (see SOURCE)
commit "$F/00-base.msg" uzaxirr uzaxirr@gmail.com 2026-04-17T12:23:56+08:00 uzaxirr uzaxirr@gmail.com 2026-04-17T12:23:56+08:00
# untracked at the end: what export-session.sh copied into the root (stubs; see SOURCE)
cp "$F/untracked/claude-session.jsonl" "$F/untracked/codex-session.jsonl" .
touch -d 2026-04-17T05:08:55Z claude-session.jsonl codex-session.jsonl
