#!/usr/bin/env bash
# Builds the repository at the end of the last aider launch (2025-08-04, see SOURCE). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
NAME=machinemonk EMAIL=152024465+machinemonk@users.noreply.github.com
commit() { # commit MSGFILE DATE: the real author, committer and date
  git add -A
  GIT_AUTHOR_NAME="$NAME" GIT_AUTHOR_EMAIL="$EMAIL" GIT_AUTHOR_DATE="$2" \
  GIT_COMMITTER_NAME="$NAME" GIT_COMMITTER_EMAIL="$EMAIL" GIT_COMMITTER_DATE="$2" \
    git commit -q --no-verify -F "$1"
}
apply() { git apply --whitespace=nowarn "$1"; }
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/AFI-Protocol/afi-core.git
cp -a "$F/base/." .
# aider's own history files are tracked in this repo; stubs stand in for them (see SOURCE)
printf '\n# aider chat started at 2025-07-15 11:38:37\n\n(stub: eight earlier aider launches, 2025-07-15 .. 2025-07-23)\n' > .aider.chat.history.md
printf '\n# 2025-07-23 11:25:21.000000\n+pwd\n' > .aider.input.history
# base: c93940b, the last commit before the launch
commit "$F/00-base.msg" 2025-08-04T00:29:40-04:00
# the launch's aider commits (transcript: "Commit 96b3fd7", "Commit 9a6175d", "Commit 10dec01")
apply "$F/01-96b3fd7.patch"
commit "$F/01-96b3fd7.msg" 2025-08-04T14:21:35-04:00
apply "$F/02-9a6175d.patch"
commit "$F/02-9a6175d.msg" 2025-08-04T14:31:47-04:00
apply "$F/03-10dec01.patch"
commit "$F/03-10dec01.msg" 2025-08-04T14:36:07-04:00
# uncommitted at the end: ".aider*" added to .gitignore at launch start; aider appended this launch to its history
printf '.aider*\n' >> .gitignore
printf '\n# aider chat started at 2025-08-04 13:59:12\n\n(stub: the launch this case covers)\n' >> .aider.chat.history.md
printf '\n# 2025-08-04 14:37:40.000000\n+/exit\n' >> .aider.input.history
touch -d 2025-08-04T13:59:13-04:00 .gitignore
touch -d 2025-08-04T14:31:47-04:00 dist/index.js
touch -d 2025-08-04T14:31:52-04:00 dist/dags/index.js dist/dags/signalProcessingDAG.js
touch -d 2025-08-04T14:36:07-04:00 dist/schemas/index.d.ts dist/validators/index.d.ts
touch -d 2025-08-04T14:36:10-04:00 dist/index.d.ts
touch -d 2025-08-04T14:37:40-04:00 .aider.chat.history.md .aider.input.history
