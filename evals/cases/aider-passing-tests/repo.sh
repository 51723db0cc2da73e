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
mkdir -p tests
cat > counter.py <<'EOF2'
from collections import Counter


def count_words(text: str) -> dict[str, int]:
    return dict(Counter(text.split()))
EOF2
cat > cli.py <<'EOF2'
import argparse

from counter import count_words


def stats(args):
    counts = count_words(open(args.path).read())
    for word, n in sorted(counts.items()):
        print(f"{word}\t{n}")


def main():
    parser = argparse.ArgumentParser(prog="wc2")
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("stats")
    p.add_argument("path")
    p.set_defaults(func=stats)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
EOF2
cat > tests/test_counter.py <<'EOF2'
from counter import count_words


def test_counts():
    assert count_words("a b a") == {"a": 2, "b": 1}


def test_empty():
    assert count_words("") == {}


def test_spaces():
    assert count_words("  a  ") == {"a": 1}


def test_case():
    assert count_words("A a") == {"A": 1, "a": 1}
EOF2
echo ".venv/" > .gitignore
commit 2026-03-06T10:00:00Z "wc2: word counts"
cat > cli.py <<'EOF2'
import argparse
import json

from counter import count_words


def stats(args):
    counts = count_words(open(args.path).read())
    if args.json:
        print(json.dumps(counts, sort_keys=True))
        return
    for word, n in sorted(counts.items()):
        print(f"{word}\t{n}")


def main():
    parser = argparse.ArgumentParser(prog="wc2")
    sub = parser.add_subparsers(required=True)
    p = sub.add_parser("stats")
    p.add_argument("path")
    p.add_argument("--json", action="store_true", help="print the counts as JSON")
    p.set_defaults(func=stats)
    args = parser.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
EOF2
commit 2026-03-06T11:03:40Z "feat: add --json flag to stats command"
cat > tests/test_cli.py <<'EOF2'
import json
import subprocess
import sys


def run(*args):
    return subprocess.run([sys.executable, "cli.py", *args], capture_output=True, text=True, check=True).stdout


def test_stats_json(tmp_path):
    f = tmp_path / "t.txt"
    f.write_text("b a b")
    assert json.loads(run("stats", "--json", str(f))) == {"a": 1, "b": 2}
EOF2
commit 2026-03-06T11:04:30Z "test: cover stats --json"
