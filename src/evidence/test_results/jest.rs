//! `jest --json` / `vitest --reporter=json` reports (`FormattedTestResults`).
//!
//! Test results are visited one by one and only counters and a bounded failure list are kept,
//! so a report with many thousands of tests (or a coverage map) is not held as a value tree.

use super::{Failures, TestSummary, clean_message};
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde::Deserialize;
use std::fmt;
use std::io::Read;

/// The first non-blank line of a string value, bounded.
#[derive(Debug, Default)]
struct FirstLine(Option<String>);

impl<'de> Deserialize<'de> for FirstLine {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Option::<String>::deserialize(d)?;
        Ok(FirstLine(s.as_deref().and_then(clean_message)))
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Report {
    num_total_tests: Option<u64>,
    num_passed_tests: Option<u64>,
    num_failed_tests: Option<u64>,
    num_pending_tests: Option<u64>,
    num_todo_tests: Option<u64>,
    test_results: Option<SuiteTally>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Suite {
    #[serde(default)]
    name: String,
    #[serde(default)]
    status: Option<String>,
    #[serde(default)]
    message: FirstLine,
    #[serde(default)]
    assertion_results: AssertionTally,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Assertion {
    #[serde(default)]
    full_name: Option<String>,
    #[serde(default)]
    ancestor_titles: Vec<String>,
    #[serde(default)]
    title: String,
    #[serde(default)]
    status: String,
    #[serde(default)]
    failure_messages: Vec<FirstLine>,
}

#[derive(Default)]
struct Tally {
    passed: u64,
    failed: u64,
    skipped: u64,
    /// Suites that failed without a failing test (they did not run).
    suite_errors: u64,
    failures: Failures,
}

#[derive(Default)]
struct AssertionTally(Tally);

#[derive(Default)]
struct SuiteTally(Tally);

impl<'de> Deserialize<'de> for AssertionTally {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = AssertionTally;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of assertion results")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut t = Tally::default();
                while let Some(a) = seq.next_element::<Assertion>()? {
                    match a.status.as_str() {
                        "passed" => t.passed += 1,
                        "failed" => {
                            t.failed += 1;
                            let name = a.full_name.filter(|n| !n.trim().is_empty()).unwrap_or_else(
                                || {
                                    let mut parts = a.ancestor_titles;
                                    parts.push(a.title);
                                    parts.join(" ")
                                },
                            );
                            let message = a.failure_messages.into_iter().find_map(|m| m.0);
                            t.failures.push(name, message);
                        }
                        "pending" | "skipped" | "todo" | "disabled" => t.skipped += 1,
                        _ => {}
                    }
                }
                Ok(AssertionTally(t))
            }
        }
        d.deserialize_seq(V)
    }
}

impl<'de> Deserialize<'de> for SuiteTally {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = SuiteTally;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of test results")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
                let mut t = Tally::default();
                while let Some(suite) = seq.next_element::<Suite>()? {
                    let inner = suite.assertion_results.0;
                    t.passed += inner.passed;
                    t.failed += inner.failed;
                    t.skipped += inner.skipped;
                    // A suite that failed with no failing test did not run (syntax error,
                    // missing module): the run failed, and only the suite can be named.
                    if suite.status.as_deref() == Some("failed") && inner.failed == 0 {
                        t.suite_errors += 1;
                        t.failures.push(&suite.name, suite.message.0);
                    }
                    for f in inner.failures.into_vec() {
                        t.failures.push(f.name, f.message);
                    }
                }
                Ok(SuiteTally(t))
            }
        }
        d.deserialize_seq(V)
    }
}

fn summarise(report: Report) -> Result<TestSummary, String> {
    if report.num_total_tests.is_none() && report.test_results.is_none() {
        return Err("no numTotalTests or testResults".into());
    }
    let tally = report.test_results.map(|t| t.0).unwrap_or_default();
    // The report's own counters are authoritative when present; suites that failed to run are
    // not in them, so they are added.
    Ok(TestSummary {
        passed: report.num_passed_tests.unwrap_or(tally.passed),
        failed: report.num_failed_tests.unwrap_or(tally.failed) + tally.suite_errors,
        skipped: match (report.num_pending_tests, report.num_todo_tests) {
            (None, None) => tally.skipped,
            (p, t) => p.unwrap_or(0) + t.unwrap_or(0),
        },
        failures: tally.failures.into_vec(),
    })
}

/// Parses a report given as text (the first JSON value; trailing output is ignored).
pub(super) fn parse_str(text: &str) -> Result<TestSummary, String> {
    let mut values = serde_json::Deserializer::from_str(text).into_iter::<Report>();
    match values.next() {
        Some(Ok(report)) => summarise(report),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("no JSON value".into()),
    }
}

/// Parses a report from a reader without building a value tree.
pub(super) fn parse_reader(reader: impl Read) -> Result<TestSummary, String> {
    let mut values = serde_json::Deserializer::from_reader(reader).into_iter::<Report>();
    match values.next() {
        Some(Ok(report)) => summarise(report),
        Some(Err(e)) => Err(e.to_string()),
        None => Err("no JSON value".into()),
    }
}

