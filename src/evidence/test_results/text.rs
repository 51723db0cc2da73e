//! Line-oriented test output: every text format is watched at once, line by line, each by a
//! small state machine ([`LineFormat`]) holding counters and a bounded failure list. At the end
//! the most specific format that recognised a result wins; the precedence is the order of
//! [`FORMATS`], written once.
//!
//! Lines are fed one at a time, so the same parser reads a file, a command's live output or a
//! transcript's captured output, and none of them is held whole.

use super::{Failures, TestFormat, TestSummary, jest, strip_ansi};
use regex::Regex;
use serde::Deserialize;
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

macro_rules! regex {
    ($name:ident, $pattern:expr) => {
        static $name: LazyLock<Regex> =
            LazyLock::new(|| Regex::new($pattern).expect("static regex"));
    };
}

/// The count in group `i`: 0 when the group is absent, `None` when it does not fit a `u64` (an
/// out-of-range count is unknown, never 0: a "0 failed" read from it would judge the run green).
fn num(caps: &regex::Captures<'_>, i: usize) -> Option<u64> {
    match caps.get(i) {
        None => Some(0),
        Some(m) => m.as_str().parse().ok(),
    }
}

/// The counts in groups `passed`, `failed` (summed) and `skipped` of `caps`; `None` when one
/// is out of range, so the line is not taken as a result.
fn counts_of(
    caps: &regex::Captures<'_>,
    passed: usize,
    failed: &[usize],
    skipped: usize,
) -> Option<Counts> {
    let mut failed_sum = 0u64;
    for &i in failed {
        failed_sum = failed_sum.checked_add(num(caps, i)?)?;
    }
    Some(Counts {
        passed: num(caps, passed)?,
        failed: failed_sum,
        skipped: num(caps, skipped)?,
    })
}

/// Counts as a runner reports them.
#[derive(Debug, Default, Clone, Copy, PartialEq)]
struct Counts {
    passed: u64,
    failed: u64,
    skipped: u64,
}

impl Counts {
    /// Sums saturate: a huge count stays huge (and a failure stays a failure), never wraps.
    fn add(&mut self, other: Counts) {
        self.passed = self.passed.saturating_add(other.passed);
        self.failed = self.failed.saturating_add(other.failed);
        self.skipped = self.skipped.saturating_add(other.skipped);
    }

    fn only_passed(n: u64) -> Counts {
        Counts {
            passed: n,
            ..Counts::default()
        }
    }

    fn only_failed(n: u64) -> Counts {
        Counts {
            failed: n,
            ..Counts::default()
        }
    }

    fn only_skipped(n: u64) -> Counts {
        Counts {
            skipped: n,
            ..Counts::default()
        }
    }

    fn total(&self) -> u64 {
        self.passed
            .saturating_add(self.failed)
            .saturating_add(self.skipped)
    }

    fn into_summary(self, failures: Failures) -> TestSummary {
        TestSummary {
            passed: self.passed,
            failed: self.failed,
            skipped: self.skipped,
            failures: failures.into_vec(),
        }
    }
}

/// Sets the message of a just-listed failure from the next non-blank line (jest `●`, mocha,
/// node's spec reporter all print the error right under the name).
#[derive(Debug, Default)]
struct NextLineMessage {
    target: Option<usize>,
    lines_left: u8,
}

impl NextLineMessage {
    fn expect(&mut self, index: Option<usize>) {
        self.target = index;
        self.lines_left = 4;
    }

    fn line(&mut self, line: &str, failures: &mut Failures) {
        let Some(i) = self.target else { return };
        let t = line.trim();
        if t.is_empty() {
            self.lines_left = self.lines_left.saturating_sub(1);
            if self.lines_left == 0 {
                self.target = None;
            }
            return;
        }
        failures.set_message(i, t);
        self.target = None;
    }
}

/// Finds a Rust panic message under a failing test's captured output: `panicked at file:l:c:`
/// followed by the message line (Rust ≥ 1.73), or the older `panicked at 'msg', file:l:c`.
#[derive(Debug, Default)]
struct PanicMessage {
    target: Option<usize>,
    next_is_message: bool,
    lines_left: u16,
}

impl PanicMessage {
    fn expect(&mut self, index: Option<usize>) {
        self.target = index;
        self.next_is_message = false;
        self.lines_left = 60;
    }

    fn line(&mut self, line: &str, failures: &mut Failures) {
        let Some(i) = self.target else { return };
        if self.lines_left == 0 {
            self.target = None;
            return;
        }
        self.lines_left -= 1;
        let t = line.trim();
        if self.next_is_message {
            if !t.is_empty() {
                failures.set_message(i, t);
                self.target = None;
            }
            return;
        }
        if let Some((_, rest)) = t.split_once("panicked at ") {
            match rest.strip_prefix('\'') {
                Some(old) => {
                    let msg = old.rsplit_once("', ").map_or(old, |(m, _)| m);
                    failures.set_message(i, msg);
                    self.target = None;
                }
                None => self.next_is_message = true,
            }
        } else if t.starts_with("Error: ") {
            failures.set_message(i, t);
            self.target = None;
        }
    }
}

// ---------------------------------------------------------------------------------------------
// cargo test (libtest pretty output)

regex!(
    CARGO_RESULT,
    r"^test result: (?:ok|FAILED)\. (\d+) passed; (\d+) failed; (\d+) ignored; (\d+) measured; (\d+) filtered out"
);
regex!(CARGO_TEST, r"^test (.+?) \.\.\. (ok|FAILED|ignored)\b");
regex!(CARGO_STDOUT, r"^---- (.+?) stdout ----$");
regex!(CARGO_RUNNING, r"^running \d+ tests?$");
regex!(CARGO_LISTED, r"^    (\S.*?)\s*$");

#[derive(Debug, Default)]
struct Cargo {
    summaries: u32,
    counts: Counts,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    /// Counted from `test x ... ok` lines, for output cut before its `test result:` line.
    per_test: Counts,
    running_seen: bool,
    in_failure_list: bool,
    failures: Failures,
    panic: PanicMessage,
}

impl Cargo {
    fn line(&mut self, l: &str) {
        self.panic.line(l, &mut self.failures);
        if l.starts_with("test ") {
            if let Some(c) = CARGO_RESULT.captures(l) {
                self.summaries += 1;
                match counts_of(&c, 1, &[2], 3) {
                    Some(counts) => self.counts.add(counts),
                    None => self.unreadable_count = true,
                }
                self.in_failure_list = false;
            } else if let Some(c) = CARGO_TEST.captures(l) {
                match &c[2] {
                    "ok" => self.per_test.passed += 1,
                    "FAILED" => {
                        self.per_test.failed += 1;
                        self.failures.push(&c[1], None);
                    }
                    _ => self.per_test.skipped += 1,
                }
            }
        } else if l.starts_with("---- ") {
            if let Some(c) = CARGO_STDOUT.captures(l) {
                let i = self.failures.push(&c[1], None);
                self.panic.expect(i);
                self.in_failure_list = false;
            }
        } else if l == "failures:" {
            self.in_failure_list = true;
        } else if l.starts_with("running ") && CARGO_RUNNING.is_match(l) {
            self.running_seen = true;
        } else if self.in_failure_list
            && let Some(c) = CARGO_LISTED.captures(l)
        {
            self.failures.push(&c[1], None);
        } else if self.in_failure_list && !l.is_empty() && !l.starts_with(' ') {
            self.in_failure_list = false;
        }
    }

    fn finish(self) -> Option<TestSummary> {
        if self.unreadable_count {
            None
        } else if self.summaries > 0 {
            Some(self.counts.into_summary(self.failures))
        } else if self.running_seen && self.per_test.total() > 0 {
            Some(self.per_test.into_summary(self.failures))
        } else {
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// cargo nextest

regex!(
    NEXTEST_SUMMARY,
    r"^\s*Summary \[\s*[0-9.]+s\] (\d+)(?:/(\d+))? (?:tests? run|stress run iterations): (\d+) passed(?: \([^)]*\))?(?:, (\d+) failed)?(?:, (\d+) exec failed)?(?:, (\d+) timed out)?(?:, (\d+) skipped)?"
);
regex!(
    NEXTEST_FAIL,
    r"^\s*(?:FAIL(?: \+ LEAK)?|SIG[A-Z0-9]+|ABORT|TIMEOUT|LEAK-FAIL)\s+\[\s*[0-9.]+s\](?:\s+\(\s*\d+/\s*\d+\))?(?:\s+\[[^\]]+\])?\s+(\S+)\s+(.+?)\s*$"
);
regex!(NEXTEST_PASS, r"^\s*(?:PASS|FLAKY \d+/\d+|LEAK)\s+\[");
regex!(NEXTEST_SKIP, r"^\s*SKIP\s+\[");
regex!(
    NEXTEST_START,
    r"^\s*Starting \d+ tests? across \d+ binar(?:y|ies)"
);

#[derive(Debug, Default)]
struct Nextest {
    summaries: u32,
    counts: Counts,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    started: bool,
    per_test: Counts,
    failures: Failures,
    panic: PanicMessage,
}

impl Nextest {
    fn line(&mut self, l: &str) {
        self.panic.line(l, &mut self.failures);
        let t = l.trim_start();
        let Some(first) = t.as_bytes().first() else {
            return;
        };
        if !matches!(first, b'S' | b'P' | b'F' | b'A' | b'T' | b'L') {
            return;
        }
        if t.starts_with("Summary [") {
            if let Some(c) = NEXTEST_SUMMARY.captures(l) {
                self.summaries += 1;
                match counts_of(&c, 3, &[4, 5, 6], 7) {
                    Some(counts) => self.counts.add(counts),
                    None => self.unreadable_count = true,
                }
            }
        } else if t.starts_with("Starting ") && NEXTEST_START.is_match(l) {
            self.started = true;
        } else if let Some(c) = NEXTEST_FAIL.captures(l) {
            let name = format!("{} {}", &c[1], &c[2]);
            if !self.failures_contains(&name) {
                self.per_test.failed += 1;
            }
            let i = self.failures.push(name, None);
            self.panic.expect(i);
        } else if NEXTEST_PASS.is_match(l) {
            self.per_test.passed += 1;
        } else if NEXTEST_SKIP.is_match(l) {
            self.per_test.skipped += 1;
        }
    }

    fn failures_contains(&self, name: &str) -> bool {
        self.failures.contains(name)
    }

    fn finish(self) -> Option<TestSummary> {
        if self.unreadable_count {
            None
        } else if self.summaries > 0 {
            Some(self.counts.into_summary(self.failures))
        } else if self.started && self.per_test.total() > 0 {
            Some(self.per_test.into_summary(self.failures))
        } else {
            None
        }
    }
}

// ---------------------------------------------------------------------------------------------
// pytest

regex!(
    PYTEST_FINAL,
    r"^=*\s*(.+?) in ([0-9.]+)(?:s| seconds)(?: \([0-9:.]+\))?\s*=*$"
);
regex!(PYTEST_PART, r"^(\d+) ([a-z ]+)$");
regex!(PYTEST_SHORT, r"^(?:FAILED|ERROR) (\S+)(?: - (.*))?$");
regex!(PYTEST_VERBOSE, r"^(\S+::\S+) (?:FAILED|ERROR)\b");

#[derive(Debug, Default)]
struct Pytest {
    summaries: u32,
    counts: Counts,
    session_seen: bool,
    failures: Failures,
}

impl Pytest {
    fn line(&mut self, l: &str) {
        if l.starts_with("FAILED ") || l.starts_with("ERROR ") {
            if let Some(c) = PYTEST_SHORT.captures(l) {
                self.failures
                    .push(&c[1], c.get(2).map(|m| m.as_str().to_string()));
            }
            return;
        }
        if l.contains(" in ")
            && (l.contains("passed")
                || l.contains("failed")
                || l.contains("error")
                || l.contains("no tests ran")
                || l.contains("skipped")
                || l.contains("deselected"))
        {
            if let Some(c) = PYTEST_FINAL.captures(l)
                && let Some(counts) = pytest_parts(&c[1])
            {
                self.summaries += 1;
                self.counts.add(counts);
            }
            return;
        }
        if l.contains(" test session starts ") || l.starts_with("collected ") {
            self.session_seen = true;
        } else if l.contains("::")
            && let Some(c) = PYTEST_VERBOSE.captures(l)
        {
            self.failures.push(&c[1], None);
        }
    }

    fn finish(self) -> Option<TestSummary> {
        if self.summaries > 0 {
            Some(self.counts.into_summary(self.failures))
        } else if self.session_seen && self.failures.len() > 0 {
            // Cut before the closing line (`pytest | head`): the failures listed are all we know.
            let failed = self.failures.len() as u64;
            Some(
                Counts {
                    failed,
                    ..Counts::default()
                }
                .into_summary(self.failures),
            )
        } else {
            None
        }
    }
}

/// `1 failed, 4 passed, 1 skipped, 1 xfailed, 1 error` → counts; `None` unless every part is a
/// count and one of them is a known outcome.
fn pytest_parts(text: &str) -> Option<Counts> {
    if text == "no tests ran" {
        return Some(Counts::default());
    }
    let mut counts = Counts::default();
    let mut known = false;
    for part in text.split(", ") {
        let c = PYTEST_PART.captures(part.trim())?;
        let n = num(&c, 1)?;
        match &c[2] {
            "passed" | "xpassed" => counts.add(Counts::only_passed(n)),
            "failed" | "error" | "errors" => counts.add(Counts::only_failed(n)),
            "skipped" | "xfailed" => counts.add(Counts::only_skipped(n)),
            "deselected" | "warning" | "warnings" | "rerun" => {}
            _ => continue,
        }
        known = true;
    }
    known.then_some(counts)
}

// ---------------------------------------------------------------------------------------------
// go test (human)

regex!(GO_TEST, r"^\s*--- (PASS|FAIL|SKIP): (\S+) \([0-9.]+s\)");
regex!(
    GO_PACKAGE,
    r"^(ok|FAIL|\?)\s+(\S+)\s+(?:[0-9.]+s|\(cached\)|\[no test files\]|(\[build failed\]|\[setup failed\]))"
);
regex!(GO_MESSAGE, r"^\s+(\S+\.go:\d+: .*?)\s*$");

#[derive(Debug, Default)]
struct GoTest {
    tests: Counts,
    packages: Counts,
    recognised: bool,
    failures: Failures,
    /// The last `file_test.go:N: …` line since the last `=== RUN` (verbose output prints a
    /// test's log before its `--- FAIL`).
    last_message: Option<String>,
    /// A failure listed without a message yet (non-verbose output prints the log after it).
    awaiting: Option<usize>,
}

impl GoTest {
    fn line(&mut self, l: &str) {
        let t = l.trim_start();
        if t.starts_with("--- ") {
            self.awaiting = None;
            if let Some(c) = GO_TEST.captures(l) {
                self.recognised = true;
                match &c[1] {
                    "PASS" => self.tests.passed += 1,
                    "SKIP" => self.tests.skipped += 1,
                    _ => {
                        self.tests.failed += 1;
                        let i = self.failures.push(&c[2], self.last_message.take());
                        if self.failures.message_missing(i) {
                            self.awaiting = i;
                        }
                    }
                }
            }
        } else if t.starts_with("=== ") {
            self.last_message = None;
            self.awaiting = None;
        } else if l.starts_with("ok ")
            || l.starts_with("ok\t")
            || l.starts_with("FAIL")
            || l.starts_with('?')
        {
            if let Some(c) = GO_PACKAGE.captures(l) {
                self.recognised = true;
                match &c[1] {
                    "ok" => self.packages.passed += 1,
                    "FAIL" => {
                        self.packages.failed += 1;
                        if let Some(why) = c.get(3) {
                            // Nothing ran: the package itself is the failure.
                            self.tests.failed += 1;
                            self.failures.push(&c[2], Some(why.as_str().to_string()));
                        }
                    }
                    _ => {}
                }
            }
        } else if l.contains(".go:")
            && let Some(c) = GO_MESSAGE.captures(l)
        {
            match self.awaiting.take() {
                Some(i) => self.failures.set_message(i, &c[1]),
                None => {
                    if self.last_message.is_none() {
                        self.last_message = Some(c[1].to_string());
                    }
                }
            }
        } else if let Some(panic) = t.strip_prefix("panic: ")
            && let Some(i) = self.awaiting.take()
        {
            self.failures.set_message(i, &format!("panic: {panic}"));
        }
    }

    fn finish(self) -> Option<TestSummary> {
        if !self.recognised {
            return None;
        }
        // Without -v only failing tests are listed; passing packages are then the only unit.
        let counts = if self.tests.passed + self.tests.skipped > 0 || self.packages.total() == 0 {
            self.tests
        } else {
            Counts {
                passed: self.packages.passed,
                failed: self.tests.failed.max(self.packages.failed),
                skipped: 0,
            }
        };
        Some(counts.into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// go test -json

#[derive(Deserialize)]
struct GoEvent {
    #[serde(rename = "Action")]
    action: String,
    #[serde(rename = "Package", default)]
    package: String,
    #[serde(rename = "ImportPath", default)]
    import_path: String,
    #[serde(rename = "Test", default)]
    test: Option<String>,
    #[serde(rename = "Output", default)]
    output: Option<String>,
    #[serde(rename = "FailedBuild", default)]
    failed_build: Option<String>,
}

/// Tests whose first log line is remembered until their outcome arrives.
const GO_JSON_MAX_PENDING: usize = 512;

#[derive(Debug, Default)]
struct GoJson {
    events: u64,
    counts: Counts,
    failures: Failures,
    packages_with_failed_tests: HashSet<String>,
    first_log_line: HashMap<(String, String), String>,
}

impl GoJson {
    fn line(&mut self, l: &str) {
        if !l.starts_with('{') || !l.contains("\"Action\"") {
            return;
        }
        let Ok(ev) = serde_json::from_str::<GoEvent>(l) else {
            return;
        };
        self.events += 1;
        let package = if ev.package.is_empty() {
            ev.import_path
        } else {
            ev.package
        };
        match (ev.action.as_str(), ev.test) {
            ("output", Some(test)) => {
                let key = (package, test);
                if self.first_log_line.len() < GO_JSON_MAX_PENDING
                    && !self.first_log_line.contains_key(&key)
                    && let Some(out) = ev.output
                    && let Some(c) = GO_MESSAGE.captures(out.trim_end())
                {
                    self.first_log_line.insert(key, c[1].to_string());
                }
            }
            ("pass", Some(test)) => {
                self.counts.passed += 1;
                self.first_log_line.remove(&(package, test));
            }
            ("skip", Some(test)) => {
                self.counts.skipped += 1;
                self.first_log_line.remove(&(package, test));
            }
            ("fail", Some(test)) => {
                self.counts.failed += 1;
                let message = self.first_log_line.remove(&(package.clone(), test.clone()));
                self.failures.push(&test, message);
                if self.packages_with_failed_tests.len() < 10_000 {
                    self.packages_with_failed_tests.insert(package);
                }
            }
            // Go ≥ 1.24 also sends `build-fail` for the import path; the package's own `fail`
            // (with `FailedBuild`) follows, and is the one counted.
            // A package failing with no failed test did not build or crashed outside tests.
            ("fail", None)
                if !package.is_empty() && !self.packages_with_failed_tests.contains(&package) =>
            {
                self.counts.failed += 1;
                let why = if ev.failed_build.is_some() {
                    "build failed"
                } else {
                    "package failed outside any test"
                };
                self.failures.push(&package, Some(why.into()));
                self.packages_with_failed_tests.insert(package);
            }
            _ => {}
        }
    }

    fn finish(self) -> Option<TestSummary> {
        (self.events > 0).then(|| self.counts.into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// TAP 13/14 (and node --test's TAP reporter, which closes with `# pass N` comments)

regex!(
    TAP_POINT,
    r"^( *)(not )?ok\b(?:\s+\d+)?(?:\s*-)?\s*([^#]*?)\s*(?:#\s*((?i:skip|todo))\S*\s*(.*))?$"
);
regex!(TAP_PLAN, r"^1\.\.(\d+)(?:\s*#\s*(.*))?$");
regex!(
    NODE_SUMMARY,
    r"^(?:#|ℹ) (tests|suites|pass|fail|cancelled|skipped|todo) (\d+)$"
);
regex!(TAP_ERROR, r"^\s+(?:error|message): ?(.*)$");

/// `# pass 2` / `ℹ pass 2` summary counters of node's test runner.
#[derive(Debug, Default)]
struct NodeCounters {
    seen: bool,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    pass: u64,
    fail: u64,
    cancelled: u64,
    skipped: u64,
    todo: u64,
}

impl NodeCounters {
    fn line(&mut self, l: &str) -> bool {
        let Some(c) = NODE_SUMMARY.captures(l) else {
            return false;
        };
        let Some(n) = num(&c, 2) else {
            self.unreadable_count = true;
            return true;
        };
        let counter = match &c[1] {
            "tests" => {
                self.seen = true;
                return true;
            }
            "pass" => &mut self.pass,
            "fail" => &mut self.fail,
            "cancelled" => &mut self.cancelled,
            "skipped" => &mut self.skipped,
            "todo" => &mut self.todo,
            _ => return true,
        };
        *counter = counter.saturating_add(n);
        true
    }

    fn counts(&self) -> Counts {
        Counts {
            passed: self.pass,
            failed: self.fail.saturating_add(self.cancelled),
            skipped: self.skipped.saturating_add(self.todo),
        }
    }
}

#[derive(Debug, Default)]
struct Tap {
    version_seen: bool,
    plan_seen: bool,
    /// Top-level test points (subtests are indented and summarised by their parent).
    top: Counts,
    points: u64,
    node: NodeCounters,
    failures: Failures,
    /// `# Subtest: name` announcements by depth, to name nested failures by their path. Node
    /// announces a test at its own depth; TAP 14 producers announce at the children's depth,
    /// where the slot of the parent's depth stays empty and the path is shorter.
    subtests: Vec<Option<String>>,
    /// Depths at which a failing point was seen since the parent's own point.
    child_failed: Vec<bool>,
    in_yaml: Option<usize>,
    yaml_target: Option<usize>,
    yaml_block_error: bool,
    bailed: bool,
}

impl Tap {
    fn line(&mut self, l: &str) {
        if let Some(indent) = self.in_yaml {
            let t = l.trim_start();
            if t == "..." && l.len() - t.len() == indent {
                self.in_yaml = None;
                self.yaml_target = None;
            } else if let Some(i) = self.yaml_target {
                if self.yaml_block_error {
                    if !t.is_empty() {
                        self.failures.set_message(i, t);
                        self.yaml_target = None;
                    }
                } else if let Some(c) = TAP_ERROR.captures(l) {
                    let v = c[1].trim();
                    if v.is_empty() || v.starts_with('|') || v.starts_with('>') {
                        self.yaml_block_error = true;
                    } else {
                        self.failures.set_message(i, &yaml_scalar(v));
                        self.yaml_target = None;
                    }
                }
            }
            return;
        }
        let t = l.trim_start();
        let indent = l.len() - t.len();
        if t.starts_with("TAP version ") {
            self.version_seen = true;
        } else if t.starts_with('#') {
            if let Some(name) = t.strip_prefix("# Subtest: ") {
                let depth = indent / 4;
                self.subtests.resize(depth, None);
                self.subtests.push(Some(name.trim().to_string()));
            } else if indent == 0 {
                self.node.line(l);
            }
        } else if t == "---" {
            self.in_yaml = Some(indent);
            self.yaml_block_error = false;
        } else if t.starts_with("1..") {
            if indent == 0 && TAP_PLAN.is_match(t) {
                self.plan_seen = true;
            }
        } else if t.starts_with("ok") || t.starts_with("not ok") {
            if let Some(c) = TAP_POINT.captures(l) {
                self.point(&c, indent / 4);
            }
        } else if let Some(reason) = t.strip_prefix("Bail out!") {
            self.bailed = true;
            self.failures
                .push("Bail out!", Some(reason.trim().to_string()));
        }
    }

    fn point(&mut self, c: &regex::Captures<'_>, depth: usize) {
        let failed = c.get(2).is_some();
        let directive = c.get(4).map(|m| m.as_str().to_ascii_lowercase());
        let description = c.get(3).map_or("", |m| m.as_str());
        if self.child_failed.len() < depth + 2 {
            self.child_failed.resize(depth + 2, false);
        }
        let children_failed = std::mem::take(&mut self.child_failed[depth + 1]);
        self.yaml_target = None;
        if depth == 0 {
            self.points += 1;
        }
        let counted = match (failed, directive.as_deref()) {
            (_, Some("skip")) => Counts {
                skipped: 1,
                ..Counts::default()
            },
            (true, Some("todo")) => Counts {
                skipped: 1,
                ..Counts::default()
            },
            (true, _) => Counts {
                failed: 1,
                ..Counts::default()
            },
            (false, _) => Counts {
                passed: 1,
                ..Counts::default()
            },
        };
        if depth == 0 {
            self.top.add(counted);
        }
        if counted.failed > 0 {
            self.child_failed[depth] = true;
            // A parent failing because its subtests failed is named through them.
            if !children_failed {
                let mut path: Vec<&str> = self
                    .subtests
                    .iter()
                    .take(depth)
                    .flatten()
                    .map(String::as_str)
                    .collect();
                path.push(description);
                let i = self.failures.push(path.join(" > "), None);
                self.yaml_target = i;
            }
        }
        self.subtests.truncate(depth);
    }

    fn finish(self) -> Option<TestSummary> {
        if self.node.unreadable_count {
            return None;
        }
        let recognised = (self.version_seen || self.plan_seen) && self.points > 0;
        if self.node.seen && (recognised || self.version_seen) {
            let mut counts = self.node.counts();
            if self.bailed {
                counts.failed = counts.failed.saturating_add(1);
            }
            return Some(counts.into_summary(self.failures));
        }
        if !(recognised || self.bailed && self.version_seen) {
            return None;
        }
        let mut counts = self.top;
        if self.bailed {
            counts.failed += 1;
        }
        Some(counts.into_summary(self.failures))
    }
}

/// A one-line YAML scalar without its quotes.
fn yaml_scalar(v: &str) -> String {
    if let Some(inner) = v.strip_prefix('\'').and_then(|r| r.strip_suffix('\'')) {
        inner.replace("''", "'")
    } else if let Some(inner) = v.strip_prefix('"').and_then(|r| r.strip_suffix('"')) {
        inner.replace("\\\"", "\"")
    } else {
        v.to_string()
    }
}

// ---------------------------------------------------------------------------------------------
// node --test spec reporter

regex!(NODE_FAILING, r"^\s*✖ (.+?) \([0-9.]+m?s\)(.*)$");

#[derive(Debug, Default)]
struct NodeSpec {
    counters: NodeCounters,
    in_failing_list: bool,
    failures: Failures,
    message: NextLineMessage,
}

impl NodeSpec {
    fn line(&mut self, l: &str) {
        self.message.line(l, &mut self.failures);
        if l.starts_with("ℹ ") {
            self.counters.line(l);
        } else if l.starts_with("✖ failing tests:") {
            self.in_failing_list = true;
        } else if self.in_failing_list
            && l.trim_start().starts_with('✖')
            && let Some(c) = NODE_FAILING.captures(l)
            && !c[2].contains("# TODO")
        {
            let i = self.failures.push(&c[1], None);
            self.message.expect(i);
        }
    }

    fn finish(self) -> Option<TestSummary> {
        self.counters
            .seen
            .then(|| self.counters.counts().into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// jest / vitest terminal summary

regex!(JEST_TESTS, r"^Tests:\s+(.*\btotal)\s*$");
regex!(JEST_SUITES, r"^Test Suites:\s+(.*\btotal)\s*$");
regex!(VITEST_TESTS, r"^\s*Tests\s+(\d+ .+?)\s+\(\d+\)\s*$");
regex!(VITEST_FILES, r"^\s*Test Files\s+(\d+ .+?)\s+\(\d+\)\s*$");
regex!(JEST_PART, r"(\d+) (failed|skipped|todo|passed)\b");
regex!(JEST_FILE, r"^\s*(PASS|FAIL)\s+(\S+)");
regex!(VITEST_FAIL, r"^\s*FAIL\s+(\S.*? > .+?)\s*$");

#[derive(Debug, Default)]
struct JestText {
    summaries: u32,
    counts: Counts,
    suites_failed: u64,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    /// `● Test suite failed to run` blocks: suites with no test counted (as in the JSON report).
    suites_not_run: u64,
    last_file: Option<String>,
    failures: Failures,
    message: NextLineMessage,
}

/// `None` when a count is out of range.
fn jest_parts(text: &str) -> Option<Counts> {
    let mut counts = Counts::default();
    for c in JEST_PART.captures_iter(text) {
        let n = num(&c, 1)?;
        counts.add(match &c[2] {
            "passed" => Counts::only_passed(n),
            "failed" => Counts::only_failed(n),
            _ => Counts::only_skipped(n),
        });
    }
    Some(counts)
}

impl JestText {
    fn line(&mut self, l: &str) {
        self.message.line(l, &mut self.failures);
        let t = l.trim_start();
        if let Some(name) = t.strip_prefix("● ") {
            let name = name.trim();
            if name == "Test suite failed to run" {
                self.suites_not_run += 1;
                let file = self.last_file.clone().unwrap_or_else(|| name.to_string());
                let i = self.failures.push(file, None);
                self.message.expect(i);
            } else if !name.starts_with("Console") {
                let i = self.failures.push(name, None);
                self.message.expect(i);
            }
        } else if t.starts_with("Tests") || t.starts_with("Test ") {
            if let Some(c) = JEST_TESTS.captures(l).or_else(|| VITEST_TESTS.captures(l)) {
                match jest_parts(&c[1]) {
                    Some(counts) => {
                        self.summaries += 1;
                        self.counts.add(counts);
                    }
                    None => self.unreadable_count = true,
                }
            } else if let Some(c) = JEST_SUITES.captures(l).or_else(|| VITEST_FILES.captures(l)) {
                match jest_parts(&c[1]) {
                    Some(p) => self.suites_failed = self.suites_failed.saturating_add(p.failed),
                    None => self.unreadable_count = true,
                }
            }
        } else if t.starts_with("FAIL") || t.starts_with("PASS") {
            if let Some(c) = VITEST_FAIL.captures(l) {
                let i = self.failures.push(&c[1], None);
                self.message.expect(i);
            } else if let Some(c) = JEST_FILE.captures(l) {
                self.last_file = Some(c[2].to_string());
            }
        }
    }

    fn finish(mut self) -> Option<TestSummary> {
        if self.summaries == 0 || self.unreadable_count {
            return None;
        }
        // A suite that failed to run has no failed test but fails the run (counted as one
        // failure each, as the JSON reader does).
        self.counts.failed = self.counts.failed.saturating_add(self.suites_not_run);
        if self.counts.failed == 0 && self.suites_failed > 0 {
            self.counts.failed = self.suites_failed;
        }
        Some(self.counts.into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// mocha / hardhat

regex!(
    MOCHA_COUNT,
    r"^\s*(\d+) (passing|failing|pending)(?: \([^)]*\))?\s*$"
);
regex!(MOCHA_ITEM, r"^\s*(\d+)\) (.+?)\s*$");

#[derive(Debug, Default)]
struct Mocha {
    passing_seen: bool,
    counts: Counts,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    in_failures: bool,
    /// Title parts of a failure being read (`1) Suite` / `   test title:`).
    pending_name: Option<(Vec<String>, u8)>,
    failures: Failures,
    message: NextLineMessage,
}

impl Mocha {
    fn line(&mut self, l: &str) {
        self.message.line(l, &mut self.failures);
        let t = l.trim();
        if let Some((mut parts, lines)) = self.pending_name.take() {
            if t.is_empty() && lines < 8 {
                self.pending_name = Some((parts, lines + 1));
                return;
            }
            if let Some(last) = t.strip_suffix(':') {
                parts.push(last.to_string());
                let i = self.failures.push(parts.join(" "), None);
                self.message.expect(i);
            } else if lines < 8 && !t.is_empty() && !MOCHA_ITEM.is_match(l) {
                parts.push(t.to_string());
                self.pending_name = Some((parts, lines + 1));
                return;
            } else {
                self.failures.push(parts.join(" "), None);
            }
        }
        if (t.ends_with("passing")
            || t.ends_with("failing")
            || t.ends_with("pending")
            || t.ends_with(')'))
            && let Some(c) = MOCHA_COUNT.captures(l)
        {
            let Some(n) = num(&c, 1) else {
                self.unreadable_count = true;
                return;
            };
            self.counts.add(match &c[2] {
                "passing" => {
                    self.passing_seen = true;
                    Counts::only_passed(n)
                }
                "failing" => {
                    self.in_failures = true;
                    Counts::only_failed(n)
                }
                _ => Counts::only_skipped(n),
            });
            return;
        }
        if self.in_failures
            && let Some(c) = MOCHA_ITEM.captures(l)
        {
            let title = &c[2];
            match title.strip_suffix(':') {
                Some(whole) => {
                    let i = self.failures.push(whole, None);
                    self.message.expect(i);
                }
                None => self.pending_name = Some((vec![title.to_string()], 0)),
            }
        }
    }

    fn finish(mut self) -> Option<TestSummary> {
        if let Some((parts, _)) = self.pending_name.take() {
            self.failures.push(parts.join(" "), None);
        }
        (self.passing_seen && !self.unreadable_count)
            .then(|| self.counts.into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// Playwright

regex!(
    PLAYWRIGHT_COUNT,
    r"^\s*(\d+) (passed|failed|flaky|skipped|did not run|interrupted)(?: \([^)]*\))?\s*$"
);
regex!(
    PLAYWRIGHT_TEST,
    r"^\s+((?:\[[^\]]+\] › )?\S+:\d+:\d+ › .+?)[\s─]*$"
);

#[derive(Debug, Default)]
struct Playwright {
    lines_seen: u32,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
    counts: Counts,
    in_failed_block: bool,
    failures: Failures,
}

impl Playwright {
    fn line(&mut self, l: &str) {
        let t = l.trim_start();
        if t.as_bytes().first().is_some_and(u8::is_ascii_digit)
            && let Some(c) = PLAYWRIGHT_COUNT.captures(l)
        {
            self.lines_seen += 1;
            self.in_failed_block = false;
            let Some(n) = num(&c, 1) else {
                self.unreadable_count = true;
                return;
            };
            self.counts.add(match &c[2] {
                "passed" | "flaky" => Counts::only_passed(n),
                "failed" | "interrupted" => {
                    self.in_failed_block = true;
                    Counts::only_failed(n)
                }
                _ => Counts::only_skipped(n),
            });
        } else if self.in_failed_block {
            match PLAYWRIGHT_TEST.captures(l) {
                Some(c) => {
                    self.failures.push(&c[1], None);
                }
                None => self.in_failed_block = false,
            }
        }
    }

    fn finish(self) -> Option<TestSummary> {
        (self.lines_seen > 0 && !self.unreadable_count)
            .then(|| self.counts.into_summary(self.failures))
    }
}

// ---------------------------------------------------------------------------------------------
// The plain closing line `N passed, N failed[, N skipped]`

regex!(
    GENERIC,
    r"^\s*(?:[A-Za-z]+: )?(\d+) passed, (\d+) failed(?:, (\d+) skipped)?\s*$"
);

#[derive(Debug, Default)]
struct Generic {
    lines_seen: u32,
    counts: Counts,
    /// A count did not fit: what failed is unknown, so the run is too.
    unreadable_count: bool,
}

impl Generic {
    fn line(&mut self, l: &str) {
        if l.contains(" passed, ")
            && let Some(c) = GENERIC.captures(l)
        {
            self.lines_seen += 1;
            match counts_of(&c, 1, &[2], 3) {
                Some(counts) => self.counts.add(counts),
                None => self.unreadable_count = true,
            }
        }
    }

    fn finish(self) -> Option<TestSummary> {
        (self.lines_seen > 0 && !self.unreadable_count)
            .then(|| self.counts.into_summary(Failures::default()))
    }
}

// ---------------------------------------------------------------------------------------------

/// `jest --json` results printed on one line (several when a command ran jest more than once):
/// summed.
#[derive(Debug, Default)]
struct JestJsonLines {
    total: Option<(TestSummary, Failures)>,
}

impl LineFormat for JestJsonLines {
    fn line(&mut self, l: &str) -> bool {
        if !l.contains("\"numTotalTests\"") {
            return false;
        }
        let Ok(summary) = jest::parse_str(l) else {
            return false;
        };
        let (total, seen) = self.total.get_or_insert_with(Default::default);
        total.absorb(summary, seen);
        true
    }

    fn finish(self: Box<Self>) -> Option<TestSummary> {
        self.total.map(|(mut s, seen)| {
            s.failures = seen.into_vec();
            s
        })
    }
}

/// One line-oriented format: fed every line, asked for its result once at the end.
trait LineFormat: std::fmt::Debug + Send {
    /// Reads one line (ANSI colours and the newline removed). Lines starting with `{` are JSON
    /// records: only the JSON formats see them, and the first one that returns true keeps the
    /// line from the others. Text formats all see every other line and return false.
    fn line(&mut self, l: &str) -> bool;
    /// The result, when the format recognised one.
    fn finish(self: Box<Self>) -> Option<TestSummary>;
}

/// Implements [`LineFormat`] for the formats with inherent `line` and `finish` (none of them
/// keeps a line from the others).
macro_rules! line_format {
    ($($ty:ty),* $(,)?) => {$(
        impl LineFormat for $ty {
            fn line(&mut self, l: &str) -> bool {
                <$ty>::line(self, l);
                false
            }
            fn finish(self: Box<Self>) -> Option<TestSummary> {
                <$ty>::finish(*self)
            }
        }
    )*};
}

line_format!(
    GoJson, Nextest, Cargo, Pytest, GoTest, JestText, NodeSpec, Tap, Mocha, Playwright, Generic,
);

/// Makes a fresh parser of one format.
type NewFormat = fn() -> Box<dyn LineFormat>;

fn boxed<T: LineFormat + Default + 'static>() -> Box<dyn LineFormat> {
    Box::<T>::default()
}

/// Every line format, in precedence order: when several recognise a result, the first wins.
/// JSON formats first; nextest before cargo test, because nextest prints libtest's own lines
/// inside its captured output; Playwright and the plain closing line last, because their lines
/// are the least distinctive.
const FORMATS: &[(TestFormat, NewFormat)] = &[
    (TestFormat::JestJson, boxed::<JestJsonLines>),
    (TestFormat::GoTestJson, boxed::<GoJson>),
    (TestFormat::Nextest, boxed::<Nextest>),
    (TestFormat::CargoTest, boxed::<Cargo>),
    (TestFormat::Pytest, boxed::<Pytest>),
    (TestFormat::GoTest, boxed::<GoTest>),
    (TestFormat::JestText, boxed::<JestText>),
    (TestFormat::NodeSpec, boxed::<NodeSpec>),
    (TestFormat::Tap, boxed::<Tap>),
    (TestFormat::Mocha, boxed::<Mocha>),
    (TestFormat::Playwright, boxed::<Playwright>),
    (TestFormat::Generic, boxed::<Generic>),
];

/// The formats whose lines are JSON records.
fn is_json(format: TestFormat) -> bool {
    matches!(format, TestFormat::JestJson | TestFormat::GoTestJson)
}

/// Watches every text format at once (or only the forced one).
#[derive(Debug)]
pub(crate) struct TextParser {
    /// The formats watched, in [`FORMATS`] order.
    formats: Vec<(TestFormat, Box<dyn LineFormat>)>,
}

impl Default for TextParser {
    fn default() -> Self {
        TextParser::new(None)
    }
}

impl TextParser {
    /// A parser for all text formats, or only `forced`.
    pub(crate) fn new(forced: Option<TestFormat>) -> Self {
        TextParser {
            formats: FORMATS
                .iter()
                .filter(|(f, _)| forced.is_none_or(|x| x == *f))
                .map(|(f, make)| (*f, make()))
                .collect(),
        }
    }

    /// Feeds one line (with or without its newline, ANSI colours and `\r` allowed).
    pub(crate) fn line(&mut self, raw: &str) {
        let stripped = strip_ansi(raw.trim_end_matches('\n'));
        let l: &str = &stripped;
        let json = l.starts_with('{');
        for (format, parser) in &mut self.formats {
            if is_json(*format) == json && parser.line(l) {
                return;
            }
        }
    }

    /// The result of the most specific format that recognised one.
    pub(crate) fn finish(self) -> Option<(TestFormat, TestSummary)> {
        self.formats
            .into_iter()
            .find_map(|(format, parser)| parser.finish().map(|s| (format, s)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_out_of_range_count_makes_the_run_unknown_never_green() {
        let huge = "99999999999999999999"; // one more digit than u64 holds
        let outputs = [
            format!(
                "running 2 tests\ntest a ... ok\ntest result: FAILED. 1 passed; {huge} failed; 0 ignored; 0 measured; 0 filtered out\n"
            ),
            format!(
                "    Starting 1 test across 1 binary\n     Summary [   0.02s] 1 test run: 1 passed, {huge} failed, 0 skipped\n"
            ),
            format!("==== {huge} failed, 3 passed in 0.12s ====\n"),
            format!("Tests:       {huge} failed, 3 passed, 3 total\n"),
            format!(
                "Test Suites: {huge} failed, 1 passed, 2 total\nTests:       3 passed, 3 total\n"
            ),
            format!("  3 passing (12ms)\n  {huge} failing\n"),
            format!("  3 passed (1.2s)\n  {huge} failed\n"),
            format!("TAP version 13\nok 1 - a\n1..1\n# tests 1\n# pass 1\n# fail {huge}\n"),
            format!("3 passed, {huge} failed\n"),
        ];
        for out in &outputs {
            let mut p = TextParser::default();
            for l in out.lines() {
                p.line(l);
            }
            let read = p.finish();
            assert!(
                read.as_ref().is_none_or(|(_, s)| s.failed > 0),
                "{out}\nread as {read:?}"
            );
            assert!(read.is_none(), "{out}\nread as {read:?}");
        }
        // The largest count that fits is read, and sums saturate instead of wrapping.
        let max = u64::MAX;
        let mut p = TextParser::default();
        for l in [
            format!(
                "test result: FAILED. 0 passed; {max} failed; 0 ignored; 0 measured; 0 filtered out"
            ),
            "test result: FAILED. 0 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out"
                .to_string(),
        ] {
            p.line(&l);
        }
        let (_, s) = p.finish().unwrap();
        assert_eq!(s.failed, u64::MAX);
    }

    #[test]
    fn every_format_is_listed_once_and_a_forced_format_reads_alone() {
        let mut listed: Vec<String> = FORMATS.iter().map(|(f, _)| format!("{f:?}")).collect();
        let n = listed.len();
        listed.sort();
        listed.dedup();
        assert_eq!(listed.len(), n);
        // nextest output holds libtest lines: nextest wins unless cargo test is forced.
        let out = "    Starting 2 tests across 1 binary\n        PASS [   0.01s] x tests::a\ntest result: ok. 1 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out\n     Summary [   0.02s] 2 tests run: 2 passed, 0 skipped\n";
        let read = |forced| {
            let mut p = TextParser::new(forced);
            for l in out.lines() {
                p.line(l);
            }
            p.finish().map(|(f, s)| (f, s.passed))
        };
        assert_eq!(read(None), Some((TestFormat::Nextest, 2)));
        assert_eq!(
            read(Some(TestFormat::CargoTest)),
            Some((TestFormat::CargoTest, 1))
        );
    }

    macro_rules! fixture {
        ($name:literal) => {
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/tests/fixtures/test-output/",
                $name
            ))
        };
    }

    fn parse_with(text: &str, forced: Option<TestFormat>) -> Option<(TestFormat, TestSummary)> {
        let mut p = TextParser::new(forced);
        for l in text.lines() {
            p.line(l);
        }
        p.finish()
    }

    fn parse(text: &str) -> (TestFormat, TestSummary) {
        parse_with(text, None).expect("a test summary")
    }

    fn counts(s: &TestSummary) -> (u64, u64, u64) {
        (s.passed, s.failed, s.skipped)
    }

    fn names(s: &TestSummary) -> Vec<&str> {
        s.failures.iter().map(|f| f.name.as_str()).collect()
    }

    fn message<'a>(s: &'a TestSummary, name: &str) -> Option<&'a str> {
        s.failures
            .iter()
            .find(|f| f.name == name)
            .and_then(|f| f.message.as_deref())
    }

    #[test]
    fn cargo_test_sums_binaries_and_names_failures() {
        let (f, s) = parse(fixture!("cargo-test-fail.txt"));
        assert_eq!(f, TestFormat::CargoTest);
        assert_eq!(counts(&s), (3, 2, 1));
        assert_eq!(names(&s), ["tests::bad_math", "api_overflow_panics"]);
        assert_eq!(
            message(&s, "tests::bad_math"),
            Some("assertion `left == right` failed: two plus two")
        );
        assert_eq!(
            message(&s, "api_overflow_panics"),
            Some("index out of bounds: the len is 0 but the index is 3")
        );
        let (f, s) = parse(fixture!("cargo-test-pass.txt"));
        assert_eq!(f, TestFormat::CargoTest);
        assert_eq!(counts(&s), (3, 0, 1));
        assert!(s.failures.is_empty());
    }

    #[test]
    fn cargo_test_old_panic_format_and_cut_output() {
        let text = "running 2 tests\ntest a::one ... ok\ntest a::two ... FAILED\n\nfailures:\n\n---- a::two stdout ----\nthread 'a::two' panicked at 'assertion failed: x', src/a.rs:3:5\n";
        let (f, s) = parse(text);
        assert_eq!(f, TestFormat::CargoTest);
        assert_eq!(counts(&s), (1, 1, 0));
        assert_eq!(message(&s, "a::two"), Some("assertion failed: x"));
        // The `failures:` list alone also names them.
        let text = "failures:\n    m::x\n    src/lib.rs - add (line 3)\n\ntest result: FAILED. 0 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\n";
        assert_eq!(names(&parse(text).1), ["m::x", "src/lib.rs - add (line 3)"]);
    }

    #[test]
    fn nextest_summary_wins_over_the_libtest_lines_it_captures() {
        let (f, s) = parse(fixture!("nextest-fail.txt"));
        assert_eq!(f, TestFormat::Nextest);
        assert_eq!(counts(&s), (2, 2, 1));
        assert_eq!(
            names(&s),
            ["demo tests::bad_math", "demo::api api_overflow_panics"]
        );
        assert_eq!(
            message(&s, "demo tests::bad_math"),
            Some("assertion `left == right` failed: two plus two")
        );
        let (f, s) = parse(fixture!("nextest-pass.txt"));
        assert_eq!(f, TestFormat::Nextest);
        assert_eq!(counts(&s), (2, 0, 3));
    }

    #[test]
    fn nextest_full_summary_line() {
        let text = "     Summary [  15.750s] 8/10 tests run: 5 passed (1 slow, 1 flaky, 1 leaky), 2 failed, 1 exec failed, 1 timed out, 2 skipped\n        TIMEOUT [  60.000s] (7/10) my-binary-id slow::test\n";
        let (f, s) = parse(text);
        assert_eq!(f, TestFormat::Nextest);
        assert_eq!(counts(&s), (5, 4, 2));
        assert_eq!(names(&s), ["my-binary-id slow::test"]);
    }

    #[test]
    fn pytest_default_and_quiet() {
        for text in [fixture!("pytest-fail.txt"), fixture!("pytest-q-fail.txt")] {
            let (f, s) = parse(text);
            assert_eq!(f, TestFormat::Pytest);
            // 1 failed + 1 error; 1 skipped + 1 xfailed.
            assert_eq!(counts(&s), (4, 2, 2));
            assert_eq!(
                names(&s),
                [
                    "tests/test_auth.py::test_refresh_rotation",
                    "tests/test_auth.py::test_with_db"
                ]
            );
            assert_eq!(
                message(&s, "tests/test_auth.py::test_with_db"),
                Some("RuntimeError: database unavailable")
            );
        }
        assert_eq!(counts(&parse(fixture!("pytest-pass.txt")).1), (4, 0, 1));
        assert_eq!(counts(&parse(fixture!("pytest-q-pass.txt")).1), (3, 0, 0));
    }

    #[test]
    fn pytest_variants() {
        let (_, s) = parse(
            "========================= 5 passed in 61.24s (0:01:01) =========================",
        );
        assert_eq!(counts(&s), (5, 0, 0));
        let (_, s) = parse("==== 3 passed, 1 warning in 0.12 seconds ====");
        assert_eq!(counts(&s), (3, 0, 0));
        let (f, s) = parse(
            "!!!! Interrupted: 1 error during collection !!!!\n=============== 1 error in 0.12s ===============",
        );
        assert_eq!(f, TestFormat::Pytest);
        assert_eq!(counts(&s), (0, 1, 0));
        let (_, s) = parse("============ no tests ran in 0.01s ============");
        assert_eq!(counts(&s), (0, 0, 0));
        // Cut by `| head`: the session header and the failures seen are all there is.
        let (f, s) = parse(
            "============================= test session starts ==============================\ncollected 3 items\n\ntests/test_a.py::test_x FAILED                                [ 33%]\n",
        );
        assert_eq!(f, TestFormat::Pytest);
        assert_eq!(counts(&s), (0, 1, 0));
        assert_eq!(names(&s), ["tests/test_a.py::test_x"]);
    }

    #[test]
    fn go_test_human_output() {
        let (f, s) = parse(fixture!("go-test-verbose-fail.txt"));
        assert_eq!(f, TestFormat::GoTest);
        assert_eq!(counts(&s), (2, 4, 1));
        assert_eq!(
            names(&s),
            [
                "TestDivide",
                "TestParse",
                "TestParse/empty",
                "example.com/calc/broken"
            ]
        );
        assert_eq!(
            message(&s, "TestDivide"),
            Some("calc_test.go:14: Divide(7, 2) = 3; want 3.5")
        );
        assert_eq!(
            message(&s, "example.com/calc/broken"),
            Some("[build failed]")
        );

        let (_, s) = parse(fixture!("go-test-fail.txt"));
        assert_eq!(names(&s), ["TestDivide", "TestParse", "TestParse/empty"]);
        assert_eq!(
            message(&s, "TestDivide"),
            Some("calc_test.go:14: Divide(7, 2) = 3; want 3.5")
        );
        assert_eq!(s.failed, 3);

        // Non-verbose success: packages are the only unit reported.
        let (f, s) = parse(fixture!("go-test-pass.txt"));
        assert_eq!(f, TestFormat::GoTest);
        assert_eq!(counts(&s), (2, 0, 0));
        assert_eq!(
            counts(&parse(fixture!("go-test-verbose-pass.txt")).1),
            (3, 0, 1)
        );
    }

    #[test]
    fn go_test_json() {
        let (f, s) = parse(fixture!("go-test-json-fail.jsonl"));
        assert_eq!(f, TestFormat::GoTestJson);
        assert_eq!(counts(&s), (1, 2, 1));
        assert_eq!(names(&s), ["TestDivide", "example.com/calc/broken"]);
        assert_eq!(
            message(&s, "TestDivide"),
            Some("calc_test.go:14: Divide(7, 2) = 3; want 3.5")
        );
        assert_eq!(message(&s, "example.com/calc/broken"), Some("build failed"));
        let (f, s) = parse(fixture!("go-test-json-pass.jsonl"));
        assert_eq!(f, TestFormat::GoTestJson);
        assert_eq!(counts(&s), (3, 0, 0));
    }

    #[test]
    fn node_tap_uses_its_leaf_counters_and_names_leaves() {
        let (f, s) = parse(fixture!("node-tap-fail.tap"));
        assert_eq!(f, TestFormat::Tap);
        // `# pass 2`, `# fail 2`, `# skipped 1`, `# todo 1`.
        assert_eq!(counts(&s), (2, 2, 2));
        assert_eq!(names(&s), ["parses config", "tokens > rotates"]);
        assert_eq!(
            message(&s, "parses config"),
            Some("Expected values to be strictly deep-equal:")
        );
        assert_eq!(message(&s, "tokens > rotates"), Some("rotation broke"));
        let (_, s) = parse(fixture!("node-tap-pass.tap"));
        assert_eq!(counts(&s), (3, 0, 1));
    }

    #[test]
    fn tap14_counts_top_level_points() {
        let (f, s) = parse(fixture!("tap14-fail.tap"));
        assert_eq!(f, TestFormat::Tap);
        // not ok 1 (its subtest failed), ok # SKIP, not ok # TODO (not a failure), ok.
        assert_eq!(counts(&s), (1, 1, 2));
        assert_eq!(names(&s), ["parser > parses strings"]);
        assert_eq!(
            message(&s, "parser > parses strings"),
            Some("expected \"a\" got \"b\"")
        );
        assert_eq!(counts(&parse(fixture!("tap14-pass.tap")).1), (2, 0, 1));
        // No plan, no version: `ok` lines alone are not TAP.
        assert!(parse_with("ok 1 - a\nnot ok 2 - b\n", None).is_none());
        let (_, s) = parse("TAP version 13\n1..2\nok 1 - a\nBail out! database down\n");
        assert_eq!(counts(&s), (1, 1, 0));
        assert_eq!(message(&s, "Bail out!"), Some("database down"));
    }

    #[test]
    fn node_spec_reporter() {
        let (f, s) = parse(fixture!("node-spec-fail.txt"));
        assert_eq!(f, TestFormat::NodeSpec);
        assert_eq!(counts(&s), (2, 2, 2));
        assert_eq!(names(&s), ["parses config", "rotates"]);
        assert_eq!(
            message(&s, "rotates"),
            Some("AssertionError [ERR_ASSERTION]: rotation broke")
        );
    }

    #[test]
    fn jest_and_vitest_terminal_summaries() {
        let (f, s) = parse(fixture!("jest-fail.txt"));
        assert_eq!(f, TestFormat::JestText);
        // 1 failed test + 1 suite that failed to run; 2 skipped + 1 todo.
        assert_eq!(counts(&s), (3, 2, 3));
        assert_eq!(names(&s), ["math › divides exactly", "src/broken.test.js"]);
        assert_eq!(
            message(&s, "math › divides exactly"),
            Some("expect(received).toBe(expected) // Object.is equality")
        );
        assert_eq!(
            message(&s, "src/broken.test.js"),
            Some("Cannot find module './does-not-exist' from 'src/broken.test.js'")
        );
        assert_eq!(counts(&parse(fixture!("jest-pass.txt")).1), (1, 0, 1));

        let (f, s) = parse(fixture!("vitest-fail.txt"));
        assert_eq!(f, TestFormat::JestText);
        assert_eq!(counts(&s), (3, 1, 3));
        assert_eq!(names(&s), ["vt/math.test.mjs > math > divides exactly"]);
        assert_eq!(
            message(&s, "vt/math.test.mjs > math > divides exactly"),
            Some("AssertionError: expected 3 to be 3.5 // Object.is equality")
        );
        assert_eq!(counts(&parse(fixture!("vitest-pass.txt")).1), (1, 0, 1));
    }

    #[test]
    fn jest_json_on_one_line_after_other_output() {
        let text = format!(
            "> webapp@1.0.0 test\n> jest --json\n\n{}",
            fixture!("jest-fail.json")
        );
        let (f, s) = parse(&text);
        assert_eq!(f, TestFormat::JestJson);
        assert_eq!(counts(&s), (3, 2, 3));
    }

    #[test]
    fn mocha_and_hardhat() {
        let (f, s) = parse(fixture!("mocha-fail.txt"));
        assert_eq!(f, TestFormat::Mocha);
        assert_eq!(counts(&s), (2, 2, 1));
        assert_eq!(
            names(&s),
            [
                "top level check",
                "Token transfer reverts when balance is too low"
            ]
        );
        assert_eq!(message(&s, "top level check"), Some("Error: boom at top"));
        assert_eq!(
            message(&s, "Token transfer reverts when balance is too low"),
            Some("AssertionError [ERR_ASSERTION]: expected revert")
        );
        assert_eq!(counts(&parse(fixture!("mocha-pass.txt")).1), (2, 0, 1));
    }

    #[test]
    fn playwright_failed_line_before_passed_line_fails_the_run() {
        let (f, s) = parse(fixture!("playwright-fail.txt"));
        assert_eq!(f, TestFormat::Playwright);
        // 4 passed + 1 flaky (passed on retry).
        assert_eq!(counts(&s), (5, 1, 0));
        assert_eq!(
            names(&s),
            ["[chromium] › tests/example.spec.ts:10:5 › get started link"]
        );
        assert_eq!(counts(&parse(fixture!("playwright-pass.txt")).1), (3, 0, 1));
    }

    #[test]
    fn generic_closing_line() {
        let (f, s) = parse(fixture!("generic-fail.txt"));
        assert_eq!(f, TestFormat::Generic);
        assert_eq!(counts(&s), (12, 1, 2));
        assert_eq!(counts(&parse(fixture!("generic-pass.txt")).1), (12, 0, 0));
        assert!(parse_with("we passed, then failed", None).is_none());
    }

    #[test]
    fn forced_format_only_reads_that_format() {
        let text = fixture!("pytest-fail.txt");
        assert!(parse_with(text, Some(TestFormat::CargoTest)).is_none());
        let (f, _) = parse_with(text, Some(TestFormat::Pytest)).unwrap();
        assert_eq!(f, TestFormat::Pytest);
        // Forcing the lower-priority reading of nextest output reads libtest's captured lines?
        // No: those are indented, so cargo test finds nothing there.
        assert!(parse_with(fixture!("nextest-fail.txt"), Some(TestFormat::CargoTest)).is_none());
    }

    #[test]
    fn ansi_colours_and_carriage_returns_are_ignored() {
        let text = "\x1b[32mtest result: ok.\x1b[0m 4 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.01s\r\n";
        let (f, s) = parse(text);
        assert_eq!(f, TestFormat::CargoTest);
        assert_eq!(counts(&s), (4, 0, 0));
        let (_, s) = parse("progress 10%\r\x1b[1m=== 2 passed in 0.1s ===\x1b[0m");
        assert_eq!(counts(&s), (2, 0, 0));
    }

    #[test]
    fn ordinary_output_is_not_a_test_result() {
        for text in [
            fixture!("no-results.txt"),
            "",
            "total 12\ndrwxr-xr-x 2 root root 4096 Jan  1 00:00 src\n-rw-r--r-- 1 root root  120 Jan  1 00:00 Cargo.toml\n",
            "   Compiling demo v0.1.0\n    Finished `dev` profile in 1.2s\n",
            "On branch main\nnothing to commit, working tree clean\n",
            "{\"name\": \"webapp\", \"version\": \"1.0.0\"}\n",
            "FAIL\nPASS\nok\n",
        ] {
            assert_eq!(parse_with(text, None), None, "{text:?}");
        }
    }

    #[test]
    fn failures_are_bounded() {
        let mut text = String::from("running 1000 tests\n");
        for i in 0..1000 {
            text.push_str(&format!("test t{i} ... FAILED\n"));
        }
        text.push_str("test result: FAILED. 0 passed; 1000 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n");
        let (_, s) = parse(&text);
        assert_eq!(s.failed, 1000);
        assert_eq!(s.failures.len(), super::super::MAX_FAILURES);
    }
}
