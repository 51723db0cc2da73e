#!/usr/bin/env bash
# Builds the repository at the end of the last aider launch (2026-04-22 23:13, see SOURCE). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
commit() { # commit MSGFILE AUTHOR EMAIL ADATE COMMITTER CEMAIL CDATE
  git add -A
  GIT_AUTHOR_NAME="$2" GIT_AUTHOR_EMAIL="$3" GIT_AUTHOR_DATE="$4" \
  GIT_COMMITTER_NAME="$5" GIT_COMMITTER_EMAIL="$6" GIT_COMMITTER_DATE="$7" \
    git commit -q --no-verify -F "$1"
}
ME="Aleksandr Shchuka" MAIL=shuka@mindbox.cloud
git init -q -b main
git config core.autocrlf false
git config core.quotepath false
git remote add origin https://github.com/AlexShchuka/mozgoslav.git
cp -a "$F/base/." .
# base: 12f955c (main when the launches began), restricted to the paths the last launch read or named
commit "$F/00-base.msg" "Shchuka Alexander" shuka.sashaa@gmail.com 2026-04-22T20:57:12+03:00 GitHub noreply@github.com 2026-04-22T20:57:12+03:00
# the launch's aider commits (transcript: "Commit 2c924fe", "Commit f8bf6e6"); aider's whole-file parser took
# the line before each ``` fence as a file name, hence "Topology" and the junk path "-> Swift binary .../AX в ОС"
cp "$F/session/topology.txt" Topology
commit "$F/01-session.msg" "$ME" $MAIL 2026-04-22T23:24:00+03:00 "$ME" $MAIL 2026-04-22T23:24:00+03:00
cp "$F/session/analyzer-report-dictation-hotkey.md" analyzer-report-dictation-hotkey.md
mkdir -p -- "-> Swift binary отправляет CGEvent"
cp -- "$F/session/swift-binary-junk.md" "-> Swift binary отправляет CGEvent/AX в ОС"
commit "$F/02-session.msg" "$ME" $MAIL 2026-04-22T23:31:00+03:00 "$ME" $MAIL 2026-04-22T23:31:00+03:00
# uncommitted: the first launch (22:40:12) answered "Add .aider* to .gitignore?" with y
printf '.aider*\n' >> .gitignore
touch -d 2026-04-22T22:40:13+03:00 .gitignore
touch -d 2026-04-22T23:24:00+03:00 Topology
touch -d 2026-04-22T23:31:00+03:00 -- analyzer-report-dictation-hotkey.md "-> Swift binary отправляет CGEvent/AX в ОС"
