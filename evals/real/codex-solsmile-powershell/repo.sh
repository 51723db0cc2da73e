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
git remote add origin https://github.com/yashpunmiya/Solsmile.git
cp -a "$F/base/." .
# base: the files the session reads, edits or names, as of 89a6e15 (see SOURCE)
commit "$F/00-base.msg" yashpunmiya yyash7379@gmail.com 2025-06-14T15:11:58+05:30 yashpunmiya yyash7379@gmail.com 2025-06-14T15:11:58+05:30
mkdir -p .dist   # listed by Get-ChildItem; empty, so git does not show it
# untracked at the end: the two transcripts the last command copied into the project root (stubs; see SOURCE)
cp "$F/untracked/codex-session.jsonl" "$F/untracked/claude-session.jsonl" .
touch -d 2026-07-02T09:58:23Z codex-session.jsonl
touch -d 2026-03-19T11:59:10Z claude-session.jsonl
