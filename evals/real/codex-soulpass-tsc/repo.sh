#!/usr/bin/env bash
# Builds this case's repository (MeetCivitas/Civitas-SOL at the end of the Codex session of 2026-04-21).
# `handoff eval` runs it with `bash repo.sh` in an empty temp dir. See SOURCE for what is approximate.
set -euo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
export GIT_AUTHOR_NAME="rythmern02" GIT_AUTHOR_EMAIL="rythme@Rythmes-MacBook-Pro.local"
export GIT_COMMITTER_NAME="rythmern02" GIT_COMMITTER_EMAIL="rythme@Rythmes-MacBook-Pro.local"
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
git init -q -b main
git remote add origin https://github.com/MeetCivitas/Civitas-SOL.git

# The last commit before the session (184de83 in the real history), files stubbed to what the session touched.
cp -R "$HERE/files/base/." .
git add -A
GIT_AUTHOR_DATE="2026-04-21T17:13:05+05:30" GIT_COMMITTER_DATE="2026-04-21T17:31:10+05:30" \
  git commit -q -m "architecturing the initial source code for Civitas incl deployed programs on devnet"

# End state, all uncommitted: the ~26 paths already dirty when the session started plus the session's edits.
while IFS= read -r p; do [ -n "$p" ] && rm -f -- "$p"; done < "$HERE/files/deleted.txt"
cp -R "$HERE/files/end/." .
rmdir frontend/app/employer/employees/\[id\] frontend/app/employer/employees 2>/dev/null || true

# Git-ignored (.env* in frontend/.gitignore): the session switched NEXT_PUBLIC_USDC_MINT in both files.
# Only the public Solana settings the transcript printed are reconstructed.
for f in frontend/.env.local frontend/.env.example; do
cat > "$f" <<'EOF2'
# =============================================================================
# Civitas-Sol — Production Environment Variables
# Copy to .env.local for development, set in Vercel Dashboard for production
# =============================================================================

# ── Solana Network ─────────────────────────────────────────────────────────
# "devnet" | "mainnet-beta"
NEXT_PUBLIC_SOLANA_CLUSTER=devnet

# Anchor Program ID (update after `anchor deploy`)
NEXT_PUBLIC_CIVITAS_PROGRAM_ID=CQW3TnN4X6iG2potguVv2hCKfk4f9tf8PMG7dTV6e24y

# RPC endpoint — use a paid RPC for production (Helius, QuickNode, etc.)
NEXT_PUBLIC_SOLANA_RPC_URL=https://api.devnet.solana.com

# Token-2022 mint address used by initialize_vault.
# Devnet demo: NATIVE_MINT_2022 (owned by TokenzQd...)
# Mainnet production: deploy/configure a real Token-2022 confidential USDC mint.
NEXT_PUBLIC_USDC_MINT=9pan9bMn5HatX4EJdBwg9VgCa7Uz5HL8N1m5D3NdXejP
EOF2
done

# Untracked before the session (root node_modules/ and target/ of the Anchor workspace), stubbed.
mkdir -p node_modules target/idl
echo '{"name":"Civitas-Sol","lockfileVersion":3,"packages":{}}' > node_modules/.package-lock.json
echo '{"address":"CQW3TnN4X6iG2potguVv2hCKfk4f9tf8PMG7dTV6e24y","instructions":[{"name":"initialize_vault"},{"name":"deposit_usdc"}]}' > target/idl/civitas_payroll.json

# Everything else was last written before the session started (13:47 UTC); then the session's own writes.
find . -path ./.git -prune -o -print0 | xargs -0 touch -h -d 2026-04-21T13:40:00Z
mtime 2026-04-21T13:49:26Z frontend/components/layout/dashboard-layout.tsx
mtime 2026-04-21T13:49:57Z frontend/components/employer/employer-dashboard.tsx
mtime 2026-04-21T14:41:43Z frontend/lib/solana-wallet.tsx frontend/app/register/page.tsx
mtime 2026-04-21T16:56:57Z frontend/lib/server/nillion-server.ts frontend/app/api/payroll/commit/route.ts \
  frontend/lib/use-initialize-vault.ts frontend/app/api/payroll/generate/route.ts
mtime 2026-04-21T16:57:42Z frontend/components/employer/create-payroll-wizard.tsx frontend/app/employer/payrolls/create/page.tsx
mtime 2026-04-21T17:03:09Z frontend/lib/solana.ts frontend/app/api/vault/init/route.ts frontend/.env.local frontend/.env.example
mtime 2026-04-21T17:07:16Z frontend/app/api/vault/deposit/route.ts frontend/app/employer/page.tsx
