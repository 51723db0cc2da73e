#!/usr/bin/env bash
# Builds the polydot project at the session's end state (see SOURCE). Run: bash repo.sh in an empty dir.
# The real repository is not public: every file is rebuilt from the transcript's Write/Edit calls
# (files/tree), plus stubs for what the transcript does not show (lock files, next-env.d.ts).
# The session ran `git init` and `git add -A` but never committed: the branch is unborn.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
git init -q -b master
git config core.autocrlf false
# The session's repo had no remote; this is the repository its transcript was published in (see SOURCE).
git remote add origin https://github.com/yashpunmiya/Solsmile.git
cp -a "$F/tree/." .
# Two files the tree's own .gitignore keeps out of this repository's history (so files/tree cannot
# hold them): written here, with the content SOURCE describes.
mkdir -p .claude
printf '{}\n' > .claude/settings.local.json
printf 'PRIVATE_KEY=your_private_key_here\n' > contracts/.env
mkdir -p .dist
# 10:01:46Z `git init && git add -A`: the .gitignore of that moment did not yet ignore .claude/
grep -vx '.claude/' .gitignore > .gitignore.tmp && mv .gitignore.tmp .gitignore
git add -A
# 10:02:19Z `git rm --cached -f .claude/settings.local.json`
git rm -q --cached -f .claude/settings.local.json
# 10:02:35Z Edit: `.claude/` appended to .gitignore (not staged again)
cp "$F/tree/.gitignore" .gitignore
# mtimes: the last write of each file in the session (tool-result times)
touch -d 2026-03-19T09:13:06Z 'contracts/contracts/interfaces/ISystem.sol'
touch -d 2026-03-19T09:13:07Z 'contracts/contracts/mocks/MockSystem.sol'
touch -d 2026-03-19T09:13:09Z 'contracts/.gitignore'
touch -d 2026-03-19T09:13:11Z 'contracts/.env'
touch -d 2026-03-19T09:14:37Z 'contracts/contracts/PolyDot.sol'
touch -d 2026-03-19T09:30:04Z 'contracts/package.json'
touch -d 2026-03-19T09:30:04Z 'contracts/package-lock.json'
touch -d 2026-03-19T09:30:21Z 'contracts/hardhat.config.js'
touch -d 2026-03-19T09:32:43Z 'contracts/scripts/deploy.js'
touch -d 2026-03-19T09:33:06Z 'contracts/test/PolyDot.test.js'
touch -d 2026-03-19T09:39:31Z 'frontend/package.json'
touch -d 2026-03-19T09:42:34Z 'frontend/package-lock.json'
touch -d 2026-03-19T09:42:47Z 'frontend/next.config.ts'
touch -d 2026-03-19T09:42:48Z 'frontend/postcss.config.mjs'
touch -d 2026-03-19T09:43:38Z 'frontend/src/lib/wagmi.ts'
touch -d 2026-03-19T09:43:39Z 'frontend/src/lib/contract.ts'
touch -d 2026-03-19T09:43:40Z 'frontend/src/lib/utils.ts'
touch -d 2026-03-19T09:44:08Z 'frontend/src/app/globals.css'
touch -d 2026-03-19T09:44:09Z 'frontend/src/components/OddsBar.tsx'
touch -d 2026-03-19T09:44:10Z 'frontend/src/components/StatusBadge.tsx'
touch -d 2026-03-19T09:44:11Z 'frontend/src/components/CountdownTimer.tsx'
touch -d 2026-03-19T09:44:39Z 'frontend/src/components/SkeletonCard.tsx'
touch -d 2026-03-19T09:44:40Z 'frontend/src/components/Header.tsx'
touch -d 2026-03-19T09:44:41Z 'frontend/src/components/TxButton.tsx'
touch -d 2026-03-19T09:45:05Z 'frontend/src/components/PVMIdentityBox.tsx'
touch -d 2026-03-19T09:45:35Z 'frontend/src/hooks/useMarkets.ts'
touch -d 2026-03-19T09:45:36Z 'frontend/src/hooks/useMarket.ts'
touch -d 2026-03-19T09:45:37Z 'frontend/src/hooks/usePosition.ts'
touch -d 2026-03-19T09:45:38Z 'frontend/src/hooks/useContractActions.ts'
touch -d 2026-03-19T09:45:50Z 'frontend/src/components/Providers.tsx'
touch -d 2026-03-19T09:45:51Z 'frontend/src/app/layout.tsx'
touch -d 2026-03-19T09:46:12Z 'frontend/src/app/page.tsx'
touch -d 2026-03-19T09:46:47Z 'frontend/src/app/create/page.tsx'
touch -d 2026-03-19T09:47:49Z 'frontend/src/app/market/[id]/page.tsx'
touch -d 2026-03-19T09:48:10Z 'frontend/src/app/portfolio/page.tsx'
touch -d 2026-03-19T09:58:18Z 'frontend/next-env.d.ts'
touch -d 2026-03-19T09:58:48Z 'frontend/tsconfig.json'
touch -d 2026-03-19T09:59:32Z 'frontend/src/components/MarketCard.tsx'
touch -d 2026-03-19T10:01:30Z 'README.md'
touch -d 2026-03-19T10:01:38Z 'contracts/.env.example'
touch -d 2026-03-19T10:02:35Z '.gitignore'
