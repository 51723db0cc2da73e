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
mkdir -p src test
cat > package.json <<'EOF2'
{ "name": "invoice", "version": "1.2.0", "scripts": { "test": "jest" }, "devDependencies": { "jest": "^29.7.0" } }
EOF2
cat > src/format.js <<'EOF2'
function formatCurrency(amount, locale = "en-US", currency = "USD") {
  const fixed = amount.toFixed(2);
  const [whole, cents] = fixed.split(".");
  return "$" + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + "." + cents;
}

module.exports = { formatCurrency };
EOF2
head -n 6 > test/format.test.js <<'EOF2'
const { formatCurrency } = require("../src/format");

test("positive", () => expect(formatCurrency(1234.5)).toBe("$1,234.50"));
test("zero", () => expect(formatCurrency(0)).toBe("$0.00"));
test("small", () => expect(formatCurrency(0.5)).toBe("$0.50"));
test("million", () => expect(formatCurrency(1e6)).toBe("$1,000,000.00"));
test("rounding", () => expect(formatCurrency(1.005)).toBe("$1.01"));
test("negative", () => expect(formatCurrency(-1234.5)).toBe("-$1,234.50"));
test("de-DE", () => expect(formatCurrency(1234.5, "de-DE", "EUR")).toBe("1.234,50\u00a0€"));
EOF2
commit 2026-03-04T18:00:00Z "invoice: currency formatting"
cat > src/format.js <<'EOF2'
function formatCurrency(amount, locale = "en-US", currency = "USD") {
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(amount);
}

module.exports = { formatCurrency };
EOF2
cat > test/format.test.js <<'EOF2'
const { formatCurrency } = require("../src/format");

test("positive", () => expect(formatCurrency(1234.5)).toBe("$1,234.50"));
test("zero", () => expect(formatCurrency(0)).toBe("$0.00"));
test("small", () => expect(formatCurrency(0.5)).toBe("$0.50"));
test("million", () => expect(formatCurrency(1e6)).toBe("$1,000,000.00"));
test("rounding", () => expect(formatCurrency(1.005)).toBe("$1.01"));
test("negative", () => expect(formatCurrency(-1234.5)).toBe("-$1,234.50"));
test("de-DE", () => expect(formatCurrency(1234.5, "de-DE", "EUR")).toBe("1.234,50\u00a0€"));
EOF2
mtime 2026-03-05T07:55:00Z test/format.test.js
mtime 2026-03-05T08:01:41Z src/format.js
