#!/usr/bin/env bash
# Builds the task repository at the end of the SWE-agent run: test-repo at 3b37cb2 plus the submitted diff,
# uncommitted (SWE-agent submits a diff; it does not commit). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
commit() { # commit MSGFILE DATE COMMITTER CEMAIL: author Kilian Lieret, the real dates
  git add -A
  GIT_AUTHOR_NAME="Kilian Lieret" GIT_AUTHOR_EMAIL=kilian.lieret@posteo.de GIT_AUTHOR_DATE="$2" \
  GIT_COMMITTER_NAME="$3" GIT_COMMITTER_EMAIL="$4" GIT_COMMITTER_DATE="$2" \
    git commit -q --no-verify -F "$1"
}
apply() { git apply --whitespace=nowarn "$1"; }
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/SWE-agent/test-repo.git
cp -a "$F/base/." .
# the repository's whole real history up to the issue (3a6dc88 .. 3b37cb2)
commit "$F/00-base.msg" 2024-04-03T19:29:36-04:00 "Kilian Lieret" kilian.lieret@posteo.de
apply "$F/01-e0a4369.patch"
commit "$F/01-e0a4369.msg" 2024-04-03T19:29:45-04:00 "Kilian Lieret" kilian.lieret@posteo.de
apply "$F/02-7f1b0b4.patch"
commit "$F/02-7f1b0b4.msg" 2024-04-03T19:32:59-04:00 "Kilian Lieret" kilian.lieret@posteo.de
apply "$F/03-e97cf83.patch"
commit "$F/03-e97cf83.msg" 2024-04-03T19:36:11-04:00 GitHub noreply@github.com
apply "$F/04-3b37cb2.patch"
commit "$F/04-3b37cb2.msg" 2024-04-03T19:37:58-04:00 GitHub noreply@github.com
# the run's one edit (`edit 4:4`), exactly the diff it submitted (info.submission), left uncommitted
apply "$F/submission.patch"
touch -d 2024-04-04T00:15:00Z tests/missing_colon.py
