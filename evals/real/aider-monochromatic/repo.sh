#!/usr/bin/env bash
# Builds the repository at the end of the last aider launch in this history (2025-06-02 14:29, see SOURCE).
# Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
commit() { # commit MSGFILE AUTHOR DATE COMMITTER: email an@aquati.cat, the real names and dates
  git add -A
  GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL=an@aquati.cat GIT_AUTHOR_DATE="$3" \
  GIT_COMMITTER_NAME="$4" GIT_COMMITTER_EMAIL=an@aquati.cat GIT_COMMITTER_DATE="$3" \
    git commit -q --no-verify -F "$1"
}
apply() { git apply --whitespace=nowarn "$1"; }
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/Aquaticat/Monochromatic.git
cp -a "$F/base/." .
# The history as of the base commit: every launch before the last one. (Rebuilt from the transcript,
# because this folder's .gitignore, the real one, keeps .aider* out of git here too.)
sed -n '1,/^# aider chat started at 2025-06-02 14:29:21/p' "$HERE/transcript.aider.chat.history.md" | sed '$d' > .aider.chat.history.md
git add -f .aider.chat.history.md # tracked in the real repo although .gitignore lists .aider*
# base: dd581c5f, the last commit before the launch (after the previous launch's /undo)
commit "$F/00-base.msg" Aquaticat 2025-06-02T14:24:15-04:00 "Aquaticat (aider)"
# the launch: aider first commits the owner's pending CONVENTIONS.md edits ("Commit 8f826e8"), then its
# one applied SEARCH/REPLACE block ("Commit 1619e93"); the second block never matched
apply "$F/01-8f826e8.patch"
commit "$F/01-8f826e8.msg" Aquaticat 2025-06-02T14:32:02-04:00 "Aquaticat (aider)"
apply "$F/02-1619e93.patch"
commit "$F/02-1619e93.msg" "Aquaticat (aider)" 2025-06-02T14:32:04-04:00 "Aquaticat (aider)"
# uncommitted at the end: packages/module/es/src/CONVENTIONS.md deleted on disk but still tracked (aider:
# "Has it been deleted from the file system but not from git?"), and aider's history file, which the
# owner tracks, now holding this whole transcript (committed as is in bc189254)
rm packages/module/es/src/CONVENTIONS.md
cp "$HERE/transcript.aider.chat.history.md" .aider.chat.history.md
touch -d 2025-06-02T14:32:04-04:00 CONVENTIONS.md
touch -d 2025-06-02T14:32:40-04:00 .aider.chat.history.md
