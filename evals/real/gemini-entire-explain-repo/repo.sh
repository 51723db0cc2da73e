#!/usr/bin/env bash
# Builds computermode/test-repo as it stood when the Gemini CLI session ended (2026-03-24 20:15Z, see SOURCE):
# branch test-checkpoints at "Add another test line", plus the untracked agent config the session read.
# Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
git init -q -b test-checkpoints
git config core.autocrlf false
git remote add origin https://github.com/computermode/test-repo.git
# The branch's real history, 201bbcd "Initial commit" .. 452c8fc "Add another test line" (16 commits, real
# authors, committers, dates and messages), exported from the mirrored repository with git fast-export.
git fast-import --quiet < "$F/history.fi"
git checkout -q -f test-checkpoints
# Untracked at the session's end: the Entire and Gemini CLI settings the session read (contents exactly as the
# transcript's read_file results show them). The session changed nothing.
cp -a "$F/untracked/." .
touch -d 2026-03-24T20:12:25Z .entire/settings.json .gemini/settings.json
