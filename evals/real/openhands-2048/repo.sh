#!/usr/bin/env bash
# Builds the OpenHands sandbox workspace (/workspace) as the run left it (2025-01-27, see SOURCE).
# Run: bash repo.sh in an empty dir.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# A fresh sandbox: no commit and no remote exist; the one file the agent created is untracked.
git init -q -b main
cp "$HERE/files/game_2048.py" game_2048.py
touch -d 2025-01-27T22:45:13Z game_2048.py
