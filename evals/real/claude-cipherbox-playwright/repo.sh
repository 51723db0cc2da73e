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
git remote add origin https://github.com/FSM1/cipher-box.git
cp -a "$F/base/." .
# base: the files the session reads, edits or names, as of a07cb26 (see SOURCE)
commit "$F/00-base.msg" 'Michael Yankelev' 12774278+FSM1@users.noreply.github.com 2026-02-13T19:38:21+01:00 GitHub noreply@github.com 2026-02-13T19:38:21+01:00
git checkout -q -b feat/phase-12.2-encrypted-device-registry
# phase 12.2 branch before the session (rebased at 04:17Z): f1c9c63 docs(12.2): capture phase context for Encrypted Device Registry
apply "$F/01-f1c9c63.patch"
commit "$F/01-f1c9c63.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T21:40:43+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:38+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 904e16a docs(12.2): research phase domain for encrypted device registry
commit "$F/02-904e16a.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T21:49:48+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 70a40d0 docs(12.2): create phase plan for encrypted device registry
commit "$F/03-70a40d0.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:07:48+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 344a284 feat(12.2-01): add registry and device crypto modules
apply "$F/04-344a284.patch"
commit "$F/04-344a284.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:31:28+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 7e6b8d0 test(12.2-01): add unit tests for registry crypto operations
apply "$F/05-7e6b8d0.patch"
commit "$F/05-7e6b8d0.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:32:26+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): df7cb6d docs(12.2-01): complete registry crypto primitives plan
apply "$F/06-df7cb6d.patch"
commit "$F/06-df7cb6d.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:34:06+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 98bf255 feat(12.2-02): device identity persistence and info detection
apply "$F/07-98bf255.patch"
commit "$F/07-98bf255.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:37:34+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:39+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 60d0632 feat(12.2-02): device registry service with IPFS/IPNS lifecycle
apply "$F/08-60d0632.patch"
commit "$F/08-60d0632.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:39:29+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:40+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): eaa4edd docs(12.2-02): complete registry service layer plan
apply "$F/09-eaa4edd.patch"
commit "$F/09-eaa4edd.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:41:07+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:40+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): c615c49 feat(12.2-03): add Zustand store and polling hook for device registry
apply "$F/10-c615c49.patch"
commit "$F/10-c615c49.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:43:39+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:40+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 438d514 feat(12.2-03): wire device registry into auth flow and logout
apply "$F/11-438d514.patch"
commit "$F/11-438d514.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:44:48+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:40+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): b3a69d8 docs(12.2-03): complete auth flow integration plan
apply "$F/12-b3a69d8.patch"
commit "$F/12-b3a69d8.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:46:14+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:40+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 12e2ccb fix(12.2): mount useDeviceRegistrySync hook in FileBrowser
commit "$F/13-12e2ccb.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:56:30+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:41+01:00
# phase 12.2 branch before the session (rebased at 04:17Z): 0fada8d docs(12.2): complete Encrypted Device Registry phase
apply "$F/14-0fada8d.patch"
commit "$F/14-0fada8d.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-13T22:57:09+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:17:41+01:00
# the session's commit, pushed to origin (transcript: [feat/phase-12.2-encrypted-device-registry cbb3b6d38]): cbb3b6d fix(12.2): address CodeRabbit review feedback
apply "$F/15-cbb3b6d.patch"
commit "$F/15-cbb3b6d.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:58:51+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T05:58:51+01:00
git checkout -q main
# on origin/main before the session (PR #124 merge, 04:16Z), pulled by the session: ed0b599 docs: capture todo - Add bring-your-own IPFS node support (#124)
apply "$F/16-ed0b599.patch"
commit "$F/16-ed0b599.msg" 'Michael Yankelev' 12774278+FSM1@users.noreply.github.com 2026-02-14T05:16:17+01:00 GitHub noreply@github.com 2026-02-14T05:16:17+01:00
# also committed meanwhile, not in this transcript: PR #125 squash-merged on GitHub at 05:16Z (f3e354e), pulled by the session at 05:19Z.
# Its tree (for the kept paths) is exactly the PR branch files on top of #124, checked out here
git checkout -q feat/phase-12.2-encrypted-device-registry -- .
commit "$F/17-f3e354e.msg" 'Michael Yankelev' 12774278+FSM1@users.noreply.github.com 2026-02-14T06:16:21+01:00 GitHub noreply@github.com 2026-02-14T06:16:21+01:00
git checkout -q -b feat/add-file-metadata-v2-todo
# the session's commit (transcript: [feat/add-file-metadata-v2-todo 909e61f8d]), not pushed: 909e61f docs: capture todo - split file metadata into per-file IPNS objects (v2)
apply "$F/18-909e61f.patch"
commit "$F/18-909e61f.msg" 'Michael Yankelev' myankelev@gmail.com 2026-02-14T06:29:30+01:00 'Michael Yankelev' myankelev@gmail.com 2026-02-14T06:29:30+01:00
# git-ignored local config the session read and edited (secrets replaced by placeholders; see SOURCE)
cp -a "$F/ignored/." .
touch -d 2026-02-14T04:46:12Z apps/api/.env
touch -d 2026-02-14T05:19:57Z apps/web/src/services/device-registry.service.ts packages/crypto/src/registry/derive-ipns.ts packages/crypto/src/registry/encrypt.ts
touch -d 2026-02-14T05:29:06Z .planning/todos/pending/2026-02-14-file-metadata-evolution-v2.md
touch -d 2026-02-14T05:29:26Z .planning/STATE.md
