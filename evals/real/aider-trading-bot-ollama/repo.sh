#!/usr/bin/env bash
# Builds /opt/trading-bot as the aider launches of 2026-04-26 left it (see SOURCE): a git repository aider
# created at 19:45 with NO commit yet (aider: "Git repo: .git with 0 files"), every file untracked.
# Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
F="$HERE/files"
git init -q -b master
git config core.autocrlf false
git remote add origin https://github.com/Akash-Modi104/trading-bot.git
# the project files the launches added to the chat (stubs: head of each file as first committed in 4c05b9f)
for f in dashboard.py intraday_bot_v2.py local_scanner.py telegram_alerts.py watchlist.py requirements.txt; do
  cp "$F/$f" "$f"
done
# aider's first launch: "Added .aider*, .env to .gitignore"
printf '.aider*\n.env\n' > .gitignore
touch -d 2026-04-26T19:45:36Z .gitignore
# aider's own files at the end: the input history and the chat history (= the transcript)
cp "$F/aider.input.history" .aider.input.history
cp "$HERE/transcript.aider.chat.history.md" .aider.chat.history.md
touch -d 2026-04-26T20:18:12Z .aider.input.history
touch -d 2026-04-26T20:29:00Z .aider.chat.history.md
