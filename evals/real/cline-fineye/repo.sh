#!/usr/bin/env bash
# Builds the repository as the Cline session left it (2026-01-05, read-only session, see SOURCE). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/haram-333/fineye.git
cp -a "$F/base/." .
git add -A
# No commit before the session is published (the repo's first commit, 3f3dddc, is from 2026-01-11);
# one commit by the real owner, dated before the session, holds the files as the session read them.
GIT_AUTHOR_NAME=haram-333 GIT_AUTHOR_EMAIL=haramnawaz77@gmail.com GIT_AUTHOR_DATE=2026-01-05T23:00:00+05:00 \
GIT_COMMITTER_NAME=haram-333 GIT_COMMITTER_EMAIL=haramnawaz77@gmail.com GIT_COMMITTER_DATE=2026-01-05T23:00:00+05:00 \
  git commit -q --no-verify -F "$F/00-base.msg"
# The session (20:28Z-21:28Z) only read files: no edit, no command; the tree stays clean.
