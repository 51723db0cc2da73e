#!/usr/bin/env bash
# Builds the repository at the end of the aider session (2024-06-11, see SOURCE). Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
commit() { # commit MSGFILE DATE: the real author (Matěj Pešl), committer and date
  git add -A
  GIT_AUTHOR_NAME="Matěj Pešl" GIT_AUTHOR_EMAIL="matejpesl1@gmail.com" GIT_AUTHOR_DATE="$2" \
  GIT_COMMITTER_NAME="Matěj Pešl" GIT_COMMITTER_EMAIL="matejpesl1@gmail.com" GIT_COMMITTER_DATE="$2" \
    git commit -q --no-verify -F "$1"
}
apply() { git apply --whitespace=nowarn "$1"; }
history_stub() { # aider's history file, tracked by the owner's commits; a stub stands in (see SOURCE)
  printf '%s\n' "$1" >> .aider.chat.history.md
}
git init -q -b main
git config core.autocrlf false
git remote add origin https://github.com/AspireOne/laura-backend.git
cp -a "$F/base/." .
# base: 4ac87a1, the last commit before the session (02:29:05 +02:00)
commit "$F/00-base.msg" 2024-06-11T02:04:57+02:00
# aider commits the owner's dirty src/app.module.ts before its first edit (transcript: "Commit 637317c")
apply "$F/01-637317c.patch"
commit "$F/01-637317c.msg" 2024-06-11T02:31:21+02:00
# the session's aider commits (transcript: "Commit 8c7927a", "Commit 3587f6e", "Commit 25a5275");
# 7169d94 (First/SecondCronService imports) is not in the real history: it was removed before 3587f6e
apply "$F/02-8c7927a.patch"
commit "$F/02-8c7927a.msg" 2024-06-11T02:31:23+02:00
apply "$F/03-3587f6e.patch"
commit "$F/03-3587f6e.msg" 2024-06-11T02:45:51+02:00
apply "$F/04-25a5275.patch"
commit "$F/04-25a5275.msg" 2024-06-11T02:48:33+02:00
# also committed meanwhile by the owner, not in this transcript: 7b0270f, e044a5e, 44205d4, c12302c, 7513f61
apply "$F/05-7b0270f.patch"
history_stub '# aider chat started at 2024-06-11 02:29:05'
history_stub '(stub: the first part of this session, as the owner committed it in 7b0270f)'
commit "$F/05-7b0270f.msg" 2024-06-11T02:50:22+02:00
apply "$F/06-e044a5e.patch"
commit "$F/06-e044a5e.msg" 2024-06-11T02:51:50+02:00
apply "$F/07-44205d4.patch"
commit "$F/07-44205d4.msg" 2024-06-11T02:52:06+02:00
apply "$F/08-c12302c.patch"
history_stub '(stub: the API_KEY env exchange, committed in c12302c)'
commit "$F/08-c12302c.msg" 2024-06-11T03:15:04+02:00
apply "$F/09-7513f61.patch"
commit "$F/09-7513f61.msg" 2024-06-11T03:17:56+02:00
# the session's aider commits (transcript: "Commit 5210e24", "Commit 2dc2037"), then aider commits the
# owner's dirty guard before its caching edit ("Commit d3b4f74"); the caching commit 8971d08 was /undo-ne
apply "$F/10-5210e24.patch"
commit "$F/10-5210e24.msg" 2024-06-11T03:33:21+02:00
apply "$F/11-2dc2037.patch"
commit "$F/11-2dc2037.msg" 2024-06-11T03:35:00+02:00
apply "$F/12-d3b4f74.patch"
commit "$F/12-d3b4f74.msg" 2024-06-11T03:38:50+02:00
# end state: the api_keys migration the session added to the chat is untracked (committed later in 81d397d);
# aider appended the rest of the session to its history file
mkdir -p migrations
cp "$F/20240611T012325-add-api-keys-table.ts" migrations/
history_stub '(stub: the ApiKeyGuard requests and the final /undo)'
touch -d 2024-06-11T03:23:25+02:00 migrations/20240611T012325-add-api-keys-table.ts
touch -d 2024-06-11T02:45:51+02:00 src/providers/openai.provider.ts
touch -d 2024-06-11T03:33:21+02:00 src/app.module.ts
touch -d 2024-06-11T03:39:30+02:00 src/guards/api-key.guard.ts
touch -d 2024-06-11T03:39:40+02:00 .aider.chat.history.md
