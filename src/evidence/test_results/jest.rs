//! `jest --json` / `vitest --reporter=json` reports (`FormattedTestResults`).
//!
//! Test results are visited one by one and only counters and a bounded failure list are kept,
//! so a report with many thousands of tests (or a coverage map) is not held as a value tree.

use super::{Failures, TestSummary, clean_message};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
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

/// A suite's message: its first line that is not jest's `● Test suite failed to run` header.
#[derive(Debug, Default)]
struct SuiteMessage(Option<String>);

impl<'de> Deserialize<'de> for SuiteMessage {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let s = Option::<String>::deserialize(d)?.unwrap_or_default();
        let stripped = super::strip_ansi_multiline(&s);
        let line = stripped
            .lines()
            .map(str::trim)
            .find(|l| !l.is_empty() && !l.starts_with('●'));
        Ok(SuiteMessage(line.and_then(clean_message)))
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
    message: SuiteMessage,
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
                            let name =
                                a.full_name
                                    .filter(|n| !n.trim().is_empty())
                                    .unwrap_or_else(|| {
                                        let mut parts = a.ancestor_titles;
                                        parts.push(a.title);
                                        parts.join(" ")
                                    });
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

#[cfg(test)]
mod tests {
    use super::*;

    const JEST_FAIL: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-output/jest-fail.json"
    ));
    const VITEST_FAIL: &str = include_str!(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/test-output/vitest-fail.json"
    ));

    #[test]
    fn jest_report_counts_suites_that_did_not_run() {
        let s = parse_reader(JEST_FAIL.as_bytes()).unwrap();
        // numFailedTests 1 + one suite that failed to run; pending 2 + todo 1.
        assert_eq!((s.passed, s.failed, s.skipped), (3, 2, 3));
        assert_eq!(s.failures[0].name, "math divides exactly");
        assert_eq!(
            s.failures[0].message.as_deref(),
            Some("Error: expect(received).toBe(expected) // Object.is equality")
        );
        assert_eq!(s.failures[1].name, "/home/dev/webapp/src/broken.test.js");
        assert!(
            s.failures[1]
                .message
                .as_deref()
                .unwrap()
                .contains("Cannot find module './does-not-exist'")
        );
    }

    #[test]
    fn vitest_report_has_the_same_shape() {
        let s = parse_str(VITEST_FAIL).unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (3, 1, 3));
        assert_eq!(s.failures[0].name, "math divides exactly");
    }

    #[test]
    fn counts_from_assertions_when_totals_are_missing() {
        let text = r#"{"testResults":[{"name":"a.test.js","status":"failed","assertionResults":[
            {"ancestorTitles":["a"],"title":"x","status":"failed","failureMessages":["\u001b[31mboom\u001b[39m\n  at x"]},
            {"fullName":"a y","status":"passed"},{"fullName":"a z","status":"todo"}]}],"coverageMap":{"big":{"s":{"0":1}}}}"#;
        let s = parse_str(text).unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (1, 1, 1));
        assert_eq!(s.failures[0].name, "a x");
        assert_eq!(s.failures[0].message.as_deref(), Some("boom"));
    }

    #[test]
    fn other_json_is_not_a_report() {
        assert!(parse_str(r#"{"name":"webapp","version":"1.0.0"}"#).is_err());
        assert!(parse_str(r#"{"Action":"pass","Package":"x"}"#).is_err());
        assert!(parse_str("{not json").is_err());
    }
}
