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
mkdir -p src tests
cat > Cargo.toml <<'EOF2'
[package]
name = "csvtool"
version = "0.3.0"
edition = "2021"
EOF2
cat > src/lib.rs <<'EOF2'
pub mod parser;
EOF2
cat > src/parser.rs <<'EOF2'
/// Splits one CSV line into fields.
pub fn parse_line(line: &str) -> Vec<String> {
    line.split(',').map(str::to_string).collect()
}
EOF2
cat > tests/parser.rs <<'EOF2'
use csvtool::parser::parse_line;

#[test]
fn plain() { assert_eq!(parse_line("a,b"), ["a", "b"]); }
#[test]
fn quoted_comma() { assert_eq!(parse_line("\"a,b\",c"), ["a,b", "c"]); }
#[test]
fn escaped_quote() { assert_eq!(parse_line("\"say \"\"hi\"\"\",x"), ["say \"hi\"", "x"]); }
#[test]
fn empty_fields() { assert_eq!(parse_line(",,"), ["", "", ""]); }
#[test]
fn single() { assert_eq!(parse_line("x"), ["x"]); }
#[test]
fn trailing_comma() { assert_eq!(parse_line("a,"), ["a", ""]); }
EOF2
commit 2026-03-03T16:00:00Z "csvtool: naive parser"
git checkout -q -b quoted-fields
cat > src/parser.rs <<'EOF2'
/// Splits one CSV line into fields; quoted fields may hold commas and `""` escapes.
pub fn parse_line(line: &str) -> Vec<String> {
    let mut fields = Vec::new();
    let mut field = String::new();
    let mut in_quotes = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, in_quotes) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', _) => in_quotes = !in_quotes,
            (',', false) => fields.push(std::mem::take(&mut field)),
            _ => field.push(c),
        }
    }
    fields.push(field);
    fields.into_iter().map(|f| trim_field(&f)).collect()
}

/// Unquoted fields lose surrounding spaces (RFC 4180 leaves this to the reader).
fn trim_field(field: &str) -> String {
    field.trim().to_string()
}
EOF2
mtime 2026-03-04T14:02:01Z src/parser.rs
