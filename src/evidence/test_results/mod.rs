//! Test results: parsed from output files (JUnit XML, cargo test/nextest, pytest, go test, jest,
//! TAP, …) or from a command run now (`--test-cmd`). Each run becomes a `T*` evidence item.
//!
//! Everything is read as a stream with bounded state: XML through a pull parser, text line by
//! line through [`text::TextParser`] (which watches every text format at once and, at the end,
//! reports the most specific one that produced a result), jest JSON through a visitor that keeps
//! only counters and failures. A command's output is fed to the same line parser as it arrives.

mod command;
mod jest;
mod junit;
mod text;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::collections::HashSet;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::Path;

/// A test-output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum TestFormat {
    /// JUnit XML (pytest, cargo-nextest, jest-junit, go-junit-report, surefire).
    Junit,
    /// `cargo test` (libtest pretty output).
    CargoTest,
    /// `cargo nextest run` output.
    Nextest,
    /// pytest terminal output.
    Pytest,
    /// `go test` human output.
    GoTest,
    /// `go test -json`.
    GoTestJson,
    /// jest or vitest `--json`.
    JestJson,
    /// TAP 13/14 (node's TAP reporter included).
    Tap,
    /// jest or vitest terminal summary (`Tests: 1 failed, 4 passed, 5 total`).
    JestText,
    /// `node --test` spec reporter summary (`ℹ pass 4`).
    NodeSpec,
    /// mocha / hardhat summary (`4 passing`, `1 failing`, `2 pending`).
    Mocha,
    /// Playwright summary (`1 failed` … `4 passed (9s)` on separate lines).
    Playwright,
    /// The plain closing line `N passed, N failed[, N skipped]` of any runner.
    Generic,
    /// Nothing recognised; only an exit status (from `--test-cmd`) can judge the run.
    Unknown,
}

/// Passed/failed/skipped counts and failing test names, as read from one output.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TestSummary {
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed (errors included).
    pub failed: u64,
    /// Tests skipped or ignored.
    pub skipped: u64,
    /// Failing tests, in output order.
    pub failures: Vec<TestFailure>,
}

/// One failing test.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TestFailure {
    /// Fully qualified test name as the runner prints it.
    pub name: String,
    /// First line(s) of the failure message, bounded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// One test run: a `T*` evidence item.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct TestRun {
    /// Evidence id, `T1`, `T2`, …
    pub id: String,
    /// Where it came from: the file path, or `command` for `--test-cmd`.
    pub source: String,
    /// The command line, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// Detected or forced format.
    pub format: Option<TestFormat>,
    /// Tests that passed.
    pub passed: u64,
    /// Tests that failed.
    pub failed: u64,
    /// Tests skipped.
    pub skipped: u64,
    /// Failing tests.
    pub failures: Vec<TestFailure>,
    /// True when the run succeeded: no failures and (for commands) exit status 0.
    pub ok: bool,
    /// When the run happened (command finish time, or the output file's mtime).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
    /// Exit status of `--test-cmd`; `None` for files or when killed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub exit_code: Option<i32>,
    /// Wall time of `--test-cmd`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_ms: Option<u64>,
    /// True when `--test-cmd` was killed at the timeout.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub timed_out: bool,
    /// Why `--test-cmd` could not run the tests (not found, not executable, killed by a
    /// signal, out of time before any failure showed): its exit says nothing about the tests,
    /// so it neither passes nor fails them. `ok` is false.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub not_run: Option<String>,
    /// The last lines of `--test-cmd` output (ANSI stripped, redacted, bounded), so a reader can
    /// see what happened when no summary was recognised.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub output_tail: Option<String>,
}

/// Most failing tests kept per run; the count goes on past it.
pub(crate) const MAX_FAILURES: usize = 200;
/// Longest failure message kept, in characters.
pub(crate) const MAX_MESSAGE_CHARS: usize = 300;
/// Longest test name kept, in characters.
const MAX_NAME_CHARS: usize = 300;
/// Longest text line kept (a jest `--json` report is one line); longer lines are skipped.
const MAX_LINE_BYTES: usize = 8 * 1024 * 1024;
/// How much of a file is looked at to tell XML, JSON, text and binary apart.
const SNIFF_BYTES: usize = 8 * 1024;

const FORMATS_HINT: &str = "pass JUnit XML or the output of cargo test, cargo nextest, pytest, go test (-json), \
jest/vitest (--json), TAP, mocha or Playwright, or force a format with --tests-format";

impl TestFormat {
    /// Every format, in declaration order.
    pub const ALL: [TestFormat; 14] = [
        TestFormat::Junit,
        TestFormat::CargoTest,
        TestFormat::Nextest,
        TestFormat::Pytest,
        TestFormat::GoTest,
        TestFormat::GoTestJson,
        TestFormat::JestJson,
        TestFormat::Tap,
        TestFormat::JestText,
        TestFormat::NodeSpec,
        TestFormat::Mocha,
        TestFormat::Playwright,
        TestFormat::Generic,
        TestFormat::Unknown,
    ];

    /// The name used on the command line (`--tests-format`) and in JSON.
    pub fn name(self) -> &'static str {
        match self {
            TestFormat::Junit => "junit",
            TestFormat::CargoTest => "cargo-test",
            TestFormat::Nextest => "nextest",
            TestFormat::Pytest => "pytest",
            TestFormat::GoTest => "go-test",
            TestFormat::GoTestJson => "go-test-json",
            TestFormat::JestJson => "jest-json",
            TestFormat::Tap => "tap",
            TestFormat::JestText => "jest-text",
            TestFormat::NodeSpec => "node-spec",
            TestFormat::Mocha => "mocha",
            TestFormat::Playwright => "playwright",
            TestFormat::Generic => "generic",
            TestFormat::Unknown => "unknown",
        }
    }
}

impl TestSummary {
    /// Adds another summary's counts and failures (used when one output holds several runs).
    fn absorb(&mut self, other: TestSummary, seen: &mut Failures) {
        // Saturating: a count read as huge stays huge (a failure stays one), never wraps.
        self.passed = self.passed.saturating_add(other.passed);
        self.failed = self.failed.saturating_add(other.failed);
        self.skipped = self.skipped.saturating_add(other.skipped);
        for f in other.failures {
            seen.push(f.name, f.message);
        }
    }
}

/// A bounded, de-duplicated list of failing tests (runners often print a failure twice: inline
/// and again in a closing recap).
#[derive(Debug, Default)]
pub(crate) struct Failures {
    items: Vec<TestFailure>,
    names: HashSet<String>,
}

impl Failures {
    /// Adds a failure unless the name is already listed or the list is full. Returns the index
    /// of the entry for this name, when it is kept.
    pub(crate) fn push(&mut self, name: impl AsRef<str>, message: Option<String>) -> Option<usize> {
        let name = bounded(name.as_ref().trim(), MAX_NAME_CHARS);
        if name.is_empty() {
            return None;
        }
        if self.names.contains(&name) {
            let i = self.items.iter().position(|f| f.name == name)?;
            if self.items[i].message.is_none() {
                self.items[i].message = message.and_then(|m| clean_message(&m));
            }
            return Some(i);
        }
        if self.items.len() >= MAX_FAILURES {
            return None;
        }
        self.names.insert(name.clone());
        self.items.push(TestFailure {
            name,
            message: message.and_then(|m| clean_message(&m)),
        });
        Some(self.items.len() - 1)
    }

    /// Sets the message of entry `i` when it has none yet.
    pub(crate) fn set_message(&mut self, i: usize, message: &str) {
        if let Some(f) = self.items.get_mut(i)
            && f.message.is_none()
        {
            f.message = clean_message(message);
        }
    }

    /// True when a failure of that name is listed.
    pub(crate) fn contains(&self, name: &str) -> bool {
        self.names.contains(name.trim())
    }

    /// True when entry `i` exists and has no message.
    pub(crate) fn message_missing(&self, i: Option<usize>) -> bool {
        i.and_then(|i| self.items.get(i))
            .is_some_and(|f| f.message.is_none())
    }

    pub(crate) fn len(&self) -> usize {
        self.items.len()
    }

    pub(crate) fn into_vec(self) -> Vec<TestFailure> {
        self.items
    }
}

/// `text` cut to at most `max` characters (with `…` when cut).
pub(crate) fn bounded(text: &str, max: usize) -> String {
    // Never through a secret: test output is redacted after this cut.
    crate::redact::clip(text, max).into_owned()
}

/// The first non-blank line of a message, ANSI stripped and bounded; `None` when blank.
pub(crate) fn clean_message(message: &str) -> Option<String> {
    let stripped = strip_ansi_multiline(message);
    let line = stripped.lines().map(str::trim).find(|l| !l.is_empty())?;
    Some(bounded(line, MAX_MESSAGE_CHARS))
}

static ANSI: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"\x1b(?:\[[0-9;?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[@-Z\\-_])")
        .expect("static regex")
});

/// Removes ANSI escape sequences from text of several lines (carriage returns kept).
pub(crate) fn strip_ansi_multiline(text: &str) -> std::borrow::Cow<'_, str> {
    if text.contains('\x1b') {
        ANSI.replace_all(text, "")
    } else {
        std::borrow::Cow::Borrowed(text)
    }
}

/// Removes ANSI escape sequences (colours, cursor moves) and keeps the text after the last
/// carriage return, as a terminal would show it.
pub(crate) fn strip_ansi(line: &str) -> std::borrow::Cow<'_, str> {
    let line = match line.trim_end_matches('\r').rsplit_once('\r') {
        Some((_, last)) => last,
        None => line.trim_end_matches('\r'),
    };
    if line.contains('\x1b') {
        ANSI.replace_all(line, "")
    } else {
        std::borrow::Cow::Borrowed(line)
    }
}

/// Detects the format of test output text; `None` when nothing is recognised.
#[cfg(test)]
fn detect(text: &str) -> Option<TestFormat> {
    parse_output(text, None).map(|(format, _)| format)
}

/// Parses test output in the given format (or detected when `None`).
///
/// Returns `None` when the text holds no recognisable test result. Used for `--tests` files, for
/// `--test-cmd` output and for the output of test commands found in transcripts.
pub fn parse_output(text: &str, format: Option<TestFormat>) -> Option<(TestFormat, TestSummary)> {
    let trimmed = text.trim_start_matches('\u{feff}').trim_start();
    let forced_or = |f: TestFormat| format.is_none() || format == Some(f);
    if trimmed.starts_with('<') && forced_or(TestFormat::Junit) {
        if let Ok(Some(summary)) = junit::parse(trimmed.as_bytes()) {
            return Some((TestFormat::Junit, summary));
        }
        if format == Some(TestFormat::Junit) {
            return None;
        }
    }
    if format == Some(TestFormat::Junit) {
        return None;
    }
    // A pretty-printed jest report spans many lines; a one-line report is found by the line
    // parser too (it can follow other output such as npm's banner).
    if trimmed.starts_with('{')
        && forced_or(TestFormat::JestJson)
        && let Ok(summary) = jest::parse_str(trimmed)
    {
        return Some((TestFormat::JestJson, summary));
    }
    let mut parser = text::TextParser::new(format);
    for line in text.lines() {
        parser.line(line);
    }
    parser.finish()
}

/// Reads a test output file (format detected from content unless forced).
pub(crate) fn read_file(path: &Path, format: Option<TestFormat>) -> crate::Result<TestRun> {
    let (detected, summary) = read_summary(path, format)?;
    let at = std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .map(DateTime::<Utc>::from);
    let ok = summary.failed == 0 && summary.passed + summary.skipped > 0;
    Ok(TestRun {
        id: String::new(),
        source: path.display().to_string(),
        command: None,
        format: Some(detected),
        passed: summary.passed,
        failed: summary.failed,
        skipped: summary.skipped,
        failures: summary.failures,
        ok,
        at,
        ..TestRun::default()
    })
}

/// What a file's first bytes say it is.
#[derive(Debug, PartialEq)]
enum Shape {
    Xml,
    JsonDocument,
    Lines,
}

fn sniff(head: &[u8]) -> Shape {
    let head = head.strip_prefix(b"\xef\xbb\xbf").unwrap_or(head);
    let start = head.iter().position(|b| !b.is_ascii_whitespace());
    match start.map(|i| head[i]) {
        Some(b'<') => Shape::Xml,
        Some(b'{') => {
            // `go test -json` is one object per line, each with an "Action".
            let rest = &head[start.unwrap_or(0)..];
            let first_line = rest.split(|&b| b == b'\n').next().unwrap_or(rest);
            if contains(first_line, b"\"Action\"") {
                Shape::Lines
            } else {
                Shape::JsonDocument
            }
        }
        _ => Shape::Lines,
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

fn open(path: &Path) -> crate::Result<File> {
    File::open(path).map_err(|e| crate::Error::io(path, e))
}

fn read_summary(
    path: &Path,
    format: Option<TestFormat>,
) -> crate::Result<(TestFormat, TestSummary)> {
    let meta = match std::fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(crate::Error::input(
                path,
                "no such file; pass the path of a test output file to --tests",
            ));
        }
        Err(e) => return Err(crate::Error::io(path, e)),
    };
    if meta.is_dir() {
        return Err(crate::Error::input(
            path,
            format!("is a directory, not a test output file; {FORMATS_HINT}"),
        ));
    }
    let mut file = open(path)?;
    let mut head = Vec::with_capacity(SNIFF_BYTES);
    (&mut file)
        .take(SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|e| crate::Error::io(path, e))?;
    if head.iter().all(|b| b.is_ascii_whitespace()) {
        return Err(crate::Error::input(
            path,
            format!("empty file, no test results in it; {FORMATS_HINT}"),
        ));
    }
    if crate::evidence::read::looks_binary(&head) {
        return Err(crate::Error::input(
            path,
            format!("binary data, not test output; {FORMATS_HINT}"),
        ));
    }
    let shape = sniff(&head);
    let reader = BufReader::new(std::io::Cursor::new(head).chain(file));
    let unrecognised = |what: &str| match format {
        Some(f) => crate::Error::input(
            path,
            format!(
                "not {} output ({what}); check the file or drop --tests-format {}",
                f.name(),
                f.name()
            ),
        ),
        None => crate::Error::input(path, format!("no test results recognised; {FORMATS_HINT}")),
    };

    match (shape, format) {
        (Shape::Xml, None | Some(TestFormat::Junit)) => match junit::parse(reader) {
            Ok(Some(summary)) => Ok((TestFormat::Junit, summary)),
            Ok(None) => Err(crate::Error::input(
                path,
                "XML but not JUnit (no <testsuites> or <testsuite> root); pass a JUnit XML report",
            )),
            Err(e) => Err(crate::Error::input(
                path,
                format!("invalid JUnit XML: {e}; pass a complete, well-formed report"),
            )),
        },
        (_, Some(TestFormat::Junit)) => Err(unrecognised("it is not XML")),
        (Shape::JsonDocument, None | Some(TestFormat::JestJson)) => {
            match jest::parse_reader(reader) {
                Ok(summary) => Ok((TestFormat::JestJson, summary)),
                Err(e) if format == Some(TestFormat::JestJson) => Err(unrecognised(&format!(
                    "not a jest/vitest --json report: {e}"
                ))),
                // Not a jest report: read it again as text (a JSON-looking first line can
                // still begin a text log).
                Err(_) => parse_lines(BufReader::new(open(path)?), path, format)?
                    .ok_or_else(|| unrecognised("no summary found")),
            }
        }
        (_, Some(TestFormat::JestJson)) => parse_lines(reader, path, format)?
            .ok_or_else(|| unrecognised("no jest JSON report found")),
        _ => parse_lines(reader, path, format)?.ok_or_else(|| unrecognised("no summary found")),
    }
}

fn parse_lines(
    reader: impl BufRead,
    path: &Path,
    format: Option<TestFormat>,
) -> crate::Result<Option<(TestFormat, TestSummary)>> {
    use crate::evidence::read::{Line, LineReader};
    let mut lines = LineReader::with_limit(reader, MAX_LINE_BYTES);
    let mut parser = text::TextParser::new(format);
    while let Some(line) = lines.next_line().map_err(|e| crate::Error::io(path, e))? {
        if let Line::Text { text, .. } = line {
            parser.line(&text);
        }
    }
    Ok(parser.finish())
}

/// Runs `command` through the shell in `dir` now, with a time limit, keeping its output bounded,
/// and parses the output with the same parsers as files. A fresh run is the strongest evidence.
pub(crate) fn run_command(
    command: &str,
    dir: &Path,
    timeout: std::time::Duration,
) -> crate::Result<TestRun> {
    command::run(command, dir, timeout)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    fn fixture(name: &str) -> std::path::PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures/test-output")
            .join(name)
    }

    #[test]
    fn detect_by_content() {
        let read = |n: &str| std::fs::read_to_string(fixture(n)).unwrap();
        let cases = [
            ("pytest-junit-fail.xml", TestFormat::Junit),
            ("surefire-fail.xml", TestFormat::Junit),
            ("jest-pass.json", TestFormat::JestJson),
            ("go-test-json-pass.jsonl", TestFormat::GoTestJson),
            ("cargo-test-pass.txt", TestFormat::CargoTest),
            ("nextest-pass.txt", TestFormat::Nextest),
            ("pytest-q-pass.txt", TestFormat::Pytest),
            ("go-test-pass.txt", TestFormat::GoTest),
            ("node-tap-pass.tap", TestFormat::Tap),
            ("vitest-pass.txt", TestFormat::JestText),
            ("mocha-pass.txt", TestFormat::Mocha),
            ("playwright-pass.txt", TestFormat::Playwright),
            ("generic-pass.txt", TestFormat::Generic),
        ];
        for (name, format) in cases {
            assert_eq!(detect(&read(name)), Some(format), "{name}");
        }
        assert_eq!(detect(&read("no-results.txt")), None);
        assert_eq!(detect("<html><body>ok</body></html>"), None);
    }

    #[test]
    fn parse_output_reads_pretty_printed_jest_json_and_xml_text() {
        let pretty = "{\n  \"numTotalTests\": 2,\n  \"numPassedTests\": 2,\n  \"numFailedTests\": 0,\n  \"numPendingTests\": 0,\n  \"testResults\": []\n}\n";
        let (f, s) = parse_output(pretty, None).unwrap();
        assert_eq!((f, s.passed), (TestFormat::JestJson, 2));
        let xml = std::fs::read_to_string(fixture("nextest-junit-fail.xml")).unwrap();
        let (f, s) = parse_output(&xml, None).unwrap();
        assert_eq!((f, s.failed), (TestFormat::Junit, 2));
        assert!(parse_output(&xml, Some(TestFormat::Pytest)).is_none());
        assert!(parse_output("garbage <", Some(TestFormat::Junit)).is_none());
    }

    #[test]
    fn read_file_sets_source_time_and_verdict() {
        let path = fixture("pytest-junit-fail.xml");
        let run = read_file(&path, None).unwrap();
        assert_eq!(run.source, path.display().to_string());
        assert_eq!(run.format, Some(TestFormat::Junit));
        assert_eq!((run.passed, run.failed, run.skipped), (4, 2, 2));
        assert!(!run.ok);
        assert!(run.at.is_some());
        assert_eq!(run.command, None);
        let run = read_file(&fixture("pytest-junit-pass.xml"), None).unwrap();
        assert!(run.ok);
    }

    #[test]
    fn read_file_rejects_bad_input_with_one_line_errors() {
        let dir = tempfile::tempdir().unwrap();
        let empty = dir.path().join("empty.txt");
        std::fs::File::create(&empty).unwrap();
        let binary = dir.path().join("garbage.bin");
        std::fs::File::create(&binary)
            .unwrap()
            .write_all(&[[0x7f, b'E', b'L', b'F'].as_slice(), &[0; 64]].concat())
            .unwrap();
        let cases: [(std::path::PathBuf, Option<TestFormat>, &str); 8] = [
            (dir.path().join("missing.xml"), None, "no such file"),
            (dir.path().to_path_buf(), None, "is a directory"),
            (empty, None, "empty file"),
            (binary, None, "binary data"),
            (fixture("invalid.xml"), None, "invalid JUnit XML"),
            (fixture("truncated.xml"), None, "truncated"),
            (
                fixture("no-results.txt"),
                None,
                "no test results recognised",
            ),
            (
                fixture("pytest-fail.txt"),
                Some(TestFormat::Junit),
                "not junit output",
            ),
        ];
        for (path, format, expected) in cases {
            let err = read_file(&path, format).unwrap_err().to_string();
            assert!(err.contains(expected), "{err}");
            assert!(err.starts_with(&path.display().to_string()), "{err}");
            assert!(!err.contains('\n'), "{err}");
        }
        let err = read_file(&fixture("cargo-test-fail.txt"), Some(TestFormat::GoTest))
            .unwrap_err()
            .to_string();
        assert!(err.contains("not go-test output"), "{err}");
    }

    #[test]
    fn forced_format_reads_the_file_that_way() {
        let run = read_file(&fixture("nextest-fail.txt"), Some(TestFormat::Nextest)).unwrap();
        assert_eq!((run.passed, run.failed), (2, 2));
        let run = read_file(&fixture("jest-fail.json"), Some(TestFormat::JestJson)).unwrap();
        assert_eq!(run.failed, 2);
    }

    #[test]
    fn messages_and_names_are_bounded() {
        let mut f = Failures::default();
        let long = "x".repeat(5000);
        let i = f.push(&long, Some(format!("\n\n  {long}\nsecond line")));
        let item = &f.into_vec()[i.unwrap()];
        assert_eq!(item.name.chars().count(), MAX_NAME_CHARS + 1);
        assert_eq!(
            item.message.as_ref().unwrap().chars().count(),
            MAX_MESSAGE_CHARS + 1
        );
    }

    #[test]
    fn strip_ansi_keeps_the_last_carriage_return_segment() {
        assert_eq!(strip_ansi("\x1b[1m\x1b[31mFAIL\x1b[0m x"), "FAIL x");
        assert_eq!(strip_ansi("a\rb\r"), "b");
        assert_eq!(strip_ansi("\x1b]8;;http://x\x07link\x1b]8;;\x07"), "link");
    }

    /// The real reports of every runner (JUnit XML, jest JSON, TAP, text), damaged, parsed as
    /// detected and as each format, never panic.
    fn damaged_reports() -> &'static [Vec<u8>] {
        static REPORTS: std::sync::LazyLock<Vec<Vec<u8>>> = std::sync::LazyLock::new(|| {
            crate::testkit::damage::fixture_files("tests/fixtures/test-output")
        });
        &REPORTS
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(256))]

        #[test]
        fn damaged_real_reports_never_panic_a_parser(
            which in proptest::prelude::any::<usize>(),
            damages in proptest::collection::vec(crate::testkit::damage::damage(), 1..4),
        ) {
            let all = damaged_reports();
            let bytes = crate::testkit::damage::apply(all[which % all.len()].clone(), &damages);
            let text = String::from_utf8_lossy(&bytes);
            let _ = parse_output(&text, None);
            for format in TestFormat::ALL {
                let _ = parse_output(&text, Some(format));
            }
            let _ = junit::parse(bytes.as_slice());
            let _ = jest::parse_reader(bytes.as_slice());
        }
    }

    proptest::proptest! {
        #[test]
        fn parse_output_never_panics_on_arbitrary_text(text in "\\PC{0,400}") {
            let _ = parse_output(&text, None);
        }

        #[test]
        fn parse_output_never_panics_on_mixed_runner_lines(
            lines in proptest::collection::vec(proptest::sample::select(vec![
                "test result: FAILED. 1 passed; 2 failed; 0 ignored; 0 measured; 0 filtered out",
                "---- a::b stdout ----", "failures:", "    a::b", "running 3 tests",
                "thread 'x' panicked at src/a.rs:1:1:", "TAP version 14", "1..3", "not ok 1 - x",
                "    # Subtest: y", "    not ok 1 - y", "  ---", "  error: |-", "  ...",
                "# tests 3", "ℹ pass 2", "✖ failing tests:", "✖ x (1ms)", "  1 failing",
                "  1) Suite", "       title:", "  2 passing (3ms)", "  1 failed",
                "    [chromium] › a.spec.ts:1:1 › t", "--- FAIL: TestX (0.00s)", "FAIL\tpkg\t0.1s",
                "{\"Action\":\"fail\",\"Package\":\"p\"}", "{\"numTotalTests\":1",
                "Tests:       1 failed, 1 total", "  ● a › b", "=== 1 failed in 0.1s ===",
                "FAILED t.py::x - boom", "     Summary [   0.1s] 1 test run: 0 passed, 1 failed",
                "        FAIL [   0.1s] (1/1) bin t", "<testsuite>", "\u{1b}[31m", "",
            ]), 0..40)
        ) {
            let text = lines.join("\n");
            if let Some((_, s)) = parse_output(&text, None) {
                proptest::prop_assert!(s.failures.len() <= MAX_FAILURES);
            }
        }
    }
}
