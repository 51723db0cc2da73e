#!/usr/bin/env bash
# Builds this case's repository. `handoff eval` runs it with `bash repo.sh` in an empty temp dir.
set -euo pipefail
export GIT_AUTHOR_NAME="Eval Author" GIT_AUTHOR_EMAIL="author@example.com"
export GIT_COMMITTER_NAME="Eval Author" GIT_COMMITTER_EMAIL="author@example.com"
commit() { # commit DATE MESSAGE: stages everything, commits at a pinned date
  git add -A
  GIT_AUTHOR_DATE="$1" GIT_COMMITTER_DATE="$1" git commit -q -m "$2"
}
mtime() { # mtime TIME FILE...: the time the session last wrote these files
  local t="$1"; shift; touch -d "$t" "$@"
}
git init -q -b main
mkdir -p scripts
cat > scripts/backup.sh <<'EOF2'
#!/usr/bin/env bash
set -euo pipefail
DEST=${BACKUP_DEST:-/var/backups/shop}
pg_dump --format=custom --file "$DEST/shop-$(date +%F).dump" shop
EOF2
cat > README.md <<'EOF2'
# shop-ops
Operational scripts for the shop database.
EOF2
commit 2026-02-20T10:00:00Z "backup script"
cat > scripts/backup.sh <<'EOF2'
#!/usr/bin/env bash
set -euo pipefail
DEST=${BACKUP_DEST:-/var/backups/shop}
PG_DUMP=${PG_DUMP:-/usr/lib/postgresql/16/bin/pg_dump}
if [[ "${1:-}" == "--dry-run" ]]; then
  echo "would run: $PG_DUMP --format=custom --file $DEST/shop-$(date +%F).dump shop"
  exit 0
fi
"$PG_DUMP" --format=custom --file "$DEST/shop-$(date +%F).dump" shop
EOF2
mtime 2026-03-09T11:40:00Z scripts/backup.sh
