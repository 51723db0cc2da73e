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
git init -q -b bug-fix-01
git config core.autocrlf false
git remote add origin https://github.com/Sarthib7/FundWise.git
cp -a "$F/base/." .
# base: the files the session reads, edits or names, as of 3bbbccd (see SOURCE)
commit "$F/00-base.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:26:05+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:26:05+02:00
# also committed meanwhile (13:33Z), not in this transcript: c9d3fd4 fix(demo): align settlement story with debtor flow
apply "$F/01-c9d3fd4.patch"
commit "$F/01-c9d3fd4.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:33:25+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:33:25+02:00
# also committed meanwhile, not in this transcript: ed58911 docs(status): complete responsive qa
apply "$F/02-ed58911.patch"
commit "$F/02-ed58911.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:42:15+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:42:15+02:00
# also committed meanwhile, not in this transcript: 547ccd1 docs(submission): add judge demo brief
apply "$F/03-547ccd1.patch"
commit "$F/03-547ccd1.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:51:29+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:51:29+02:00
# also committed meanwhile, not in this transcript (only app/groups/[id]/page.tsx of its 3 files is kept): 3cddee6 fix(lifi): polish top-up handoff copy
apply "$F/04-3cddee6.patch"
commit "$F/04-3cddee6.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:55:23+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:55:23+02:00
# also committed meanwhile, not in this transcript: b73f2b8 docs(status): complete lifi handoff polish
apply "$F/05-b73f2b8.patch"
commit "$F/05-b73f2b8.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:56:27+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T15:56:27+02:00
# also committed meanwhile, not in this transcript: 88bf269 docs(status): add agent handoff queue
apply "$F/06-88bf269.patch"
commit "$F/06-88bf269.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:01:02+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:01:02+02:00
# the session's commit (transcript: [bug-fix-01 f8e6fe0]): f8e6fe0 feat(zerion): add FW-005 wallet-readiness CLI support demo
apply "$F/07-f8e6fe0.patch"
commit "$F/07-f8e6fe0.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:32:48+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:32:48+02:00
# the session's commit (transcript: [bug-fix-01 73f00b8]): 73f00b8 docs(status): mark FW-005 zerion readiness shipped
apply "$F/08-73f00b8.patch"
commit "$F/08-73f00b8.msg" sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:34:19+02:00 sarthib7 sarthiborkar7@gmail.com 2026-05-04T16:34:19+02:00
# left uncommitted by the session (4 modified, 4 untracked), content as the owner committed it later in 4ac7091..4013313
apply "$F/09-uncommitted.patch"
touch -d 2026-05-04T13:41:33Z docs/adr/0021-gtm-rollout-order-split-fundy-fund-mode-beta.md
touch -d 2026-05-04T13:41:54Z docs/adr/0022-fundy-moves-to-a-separate-repository.md
touch -d 2026-05-04T13:42:09Z docs/adr/0023-tax-advisory-and-filing-live-in-fundy.md
touch -d 2026-05-04T13:42:39Z docs/adr/0024-visa-frontier-track-and-card-partnerships.md
touch -d 2026-05-04T13:43:04Z DECISIONS.md
touch -d 2026-05-04T13:43:23Z ROADMAP.md
touch -d 2026-05-04T13:43:32Z docs/adr/0018-agent-skill-endpoint-and-fundy-telegram-bot.md
touch -d 2026-05-04T13:43:51Z docs/adr/0018-fundy-telegram-bot.md
touch -d 2026-05-04T14:10:36Z scripts/zerion-readiness.mjs
touch -d 2026-05-04T14:11:39Z package.json
touch -d 2026-05-04T14:12:08Z docs/zerion-readiness.md
touch -d 2026-05-04T14:33:40Z issues.md
touch -d 2026-05-04T14:34:12Z STATUS.md
