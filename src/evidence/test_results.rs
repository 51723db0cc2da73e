//! Test results: parsed from output files (JUnit XML, cargo test/nextest, pytest, go test, jest,
//! TAP) or from a command run now (`--test-cmd`). Each run becomes a `T*` evidence item.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// A test-output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, clap::ValueEnum)]
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
    /// TAP 13/14.
    Tap,
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
}

/// Detects the format of test output text; `None` when nothing is recognised.
pub fn detect(text: &str) -> Option<TestFormat> {
    let _ = text;
    None
}

/// Parses test output in the given format (or detected when `None`).
///
/// Returns `None` when the text holds no recognisable test result. Used for `--tests` files, for
/// `--test-cmd` output and for the output of test commands found in transcripts.
pub fn parse_output(text: &str, format: Option<TestFormat>) -> Option<(TestFormat, TestSummary)> {
    let _ = (text, format);
    None
}

/// Reads a test output file (format detected from content unless forced).
pub fn read_file(path: &Path, format: Option<TestFormat>) -> crate::Result<TestRun> {
    Err(crate::Error::input(
        path,
        format!("test output parsing not implemented yet ({format:?})"),
    ))
}

/// Runs `command` through the shell in `dir` now, with a time limit, keeping its output bounded,
/// and parses the output with the same parsers as files. A fresh run is the strongest evidence.
pub fn run_command(
    command: &str,
    dir: &Path,
    timeout: std::time::Duration,
) -> crate::Result<TestRun> {
    let _ = (dir, timeout);
    Err(crate::Error::Usage(format!(
        "--test-cmd {command:?}: not implemented yet"
    )))
}
