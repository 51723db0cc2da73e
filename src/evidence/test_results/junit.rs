//! JUnit XML, read with a pull parser so that a report of any size is never held whole.
//!
//! Totals are recomputed from `<testcase>` elements: producers omit zero-valued counts and some
//! (pytest, nextest) disagree on whether errors are failures. The outcome of a case is its direct
//! `<failure>`, `<error>` or `<skipped>` child; nextest's and surefire's `<flakyFailure>` /
//! `<rerunFailure>` children record earlier attempts, so a case holding only those passed on
//! retry, and one with `<failure>` as well failed.

use super::{Failures, TestSummary};
use quick_xml::Reader;
use quick_xml::events::{BytesStart, Event};
use std::io::BufRead;

/// Most failure text gathered per case, to find a first line when there is no `message`.
const MAX_TEXT_BYTES: usize = 2048;

#[derive(Debug, Default, PartialEq, Clone, Copy)]
enum Outcome {
    #[default]
    Passed,
    Skipped,
    Failed,
}

#[derive(Debug, Default)]
struct Case {
    name: String,
    classname: String,
    depth: usize,
    outcome: Outcome,
    message: Option<String>,
    text: String,
    /// Depth of the outcome element whose text is being gathered.
    capturing: Option<usize>,
}

/// Parses a JUnit report. `Ok(None)` when the XML is well formed so far but its root is not
/// `<testsuites>`/`<testsuite>`; `Err` with a position for malformed or truncated XML.
pub(super) fn parse(reader: impl BufRead) -> Result<Option<TestSummary>, String> {
    let mut xml = Reader::from_reader(reader);
    xml.config_mut().check_end_names = true;
    let mut buf = Vec::new();
    let mut depth = 0usize;
    let mut root_seen = false;
    let mut case: Option<Case> = None;
    let mut summary = TestSummary::default();
    let mut failures = Failures::default();

    loop {
        let event = xml
            .read_event_into(&mut buf)
            .map_err(|e| format!("{e} at byte {}", xml.error_position()))?;
        match event {
            Event::Start(ref e) | Event::Empty(ref e) => {
                let empty = matches!(event, Event::Empty(_));
                let name = e.local_name();
                let name = name.as_ref();
                if !root_seen {
                    root_seen = true;
                    if name != "testsuites" && name != "testsuite" {
                        return Ok(None);
                    }
                }
                if !empty {
                    depth += 1;
                }
                let own_depth = if empty { depth + 1 } else { depth };
                match &mut case {
                    None if name == "testcase" => {
                        let mut c = Case {
                            name: attr(e, "name").unwrap_or_default(),
                            classname: attr(e, "classname").unwrap_or_default(),
                            depth: own_depth,
                            ..Case::default()
                        };
                        if empty {
                            finish_case(&mut c, &mut summary, &mut failures);
                        } else {
                            case = Some(c);
                        }
                    }
                    Some(c) if own_depth == c.depth + 1 => {
                        let outcome = match name {
                            "failure" | "error" => Outcome::Failed,
                            "skipped" => Outcome::Skipped,
                            // system-out, properties, flakyFailure, rerunFailure: no change.
                            _ => c.outcome,
                        };
                        if outcome_rank(outcome) > outcome_rank(c.outcome) {
                            c.outcome = outcome;
                            c.message = attr(e, "message").filter(|m| !m.trim().is_empty());
                            c.text.clear();
                            if !empty && outcome == Outcome::Failed {
                                c.capturing = Some(own_depth);
                            }
                        }
                    }
                    _ => {}
                }
            }
            Event::End(_) => {
                if let Some(c) = &mut case {
                    if c.capturing == Some(depth) {
                        c.capturing = None;
                    }
                    if depth == c.depth {
                        let mut done = case.take().unwrap_or_default();
                        finish_case(&mut done, &mut summary, &mut failures);
                    }
                }
                depth = depth.saturating_sub(1);
            }
            Event::Text(t) => {
                if let Some(c) = capturing(&mut case) {
                    push_text(&mut c.text, &t.xml10_content());
                }
            }
            Event::CData(t) => {
                if let Some(c) = capturing(&mut case) {
                    push_text(&mut c.text, &t.into_inner());
                }
            }
            Event::GeneralRef(r) => {
                if let Some(c) = capturing(&mut case) {
                    let resolved = match r.resolve_char_ref() {
                        Ok(Some(ch)) => ch.to_string(),
                        _ => quick_xml::escape::resolve_predefined_entity(&r)
                            .unwrap_or("")
                            .to_string(),
                    };
                    push_text(&mut c.text, &resolved);
                }
            }
            Event::Eof => break,
            _ => {}
        }
        buf.clear();
    }
    if !root_seen {
        return Err("no XML element found".into());
    }
    if depth > 0 {
        return Err(format!(
            "unexpected end of file with {depth} element(s) still open (truncated?)"
        ));
    }
    summary.failures = failures.into_vec();
    Ok(Some(summary))
}

fn outcome_rank(o: Outcome) -> u8 {
    match o {
        Outcome::Passed => 0,
        Outcome::Skipped => 1,
        Outcome::Failed => 2,
    }
}

fn capturing(case: &mut Option<Case>) -> Option<&mut Case> {
    case.as_mut().filter(|c| c.capturing.is_some())
}

fn push_text(buf: &mut String, text: &str) {
    if buf.len() >= MAX_TEXT_BYTES {
        return;
    }
    let room = MAX_TEXT_BYTES - buf.len();
    let mut end = text.len().min(room);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    buf.push_str(&text[..end]);
}

fn finish_case(c: &mut Case, summary: &mut TestSummary, failures: &mut Failures) {
    match c.outcome {
        Outcome::Passed => summary.passed += 1,
        Outcome::Skipped => summary.skipped += 1,
        Outcome::Failed => {
            summary.failed += 1;
            let message = c
                .message
                .take()
                .or_else(|| Some(std::mem::take(&mut c.text)));
            failures.push(case_name(&c.classname, &c.name), message);
        }
    }
}

/// The failing test's name from `classname` and `name`: Rust-style ids (nextest: binary id and
/// `mod::test`) are joined with a space as nextest prints them; others with a dot
/// (`tests.test_auth.test_login`, `example.com/pkg.TestX`). jest-junit repeats the class name in
/// the name, so it is not doubled.
fn case_name(classname: &str, name: &str) -> String {
    let classname = classname.trim();
    let name = name.trim();
    if classname.is_empty() || name.starts_with(classname) {
        name.to_string()
    } else if name.is_empty() {
        classname.to_string()
    } else if classname.contains("::") || name.contains("::") {
        format!("{classname} {name}")
    } else {
        format!("{classname}.{name}")
    }
}

fn attr(e: &BytesStart<'_>, key: &str) -> Option<String> {
    e.attributes().flatten().find_map(|a| {
        (a.key.local_name().as_ref() == key).then(|| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .map(|v| v.into_owned())
                .unwrap_or_else(|_| a.value.to_string())
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse_str(s: &str) -> Result<Option<TestSummary>, String> {
        parse(s.as_bytes())
    }

    #[test]
    fn pytest_report_counts_errors_as_failures_and_xfail_as_skipped() {
        let xml = r#"<?xml version="1.0" encoding="utf-8"?><testsuites name="pytest tests"><testsuite name="pytest" errors="1" failures="1" skipped="2" tests="6"><testcase classname="tests.test_auth" name="test_login" time="0.000" /><testcase classname="tests.test_auth" name="test_refresh" time="0.000"><failure message="AssertionError: token not rotated&#10;assert 10 == 20">def test_refresh():
&gt;       assert token["exp"] == 20</failure></testcase><testcase classname="tests.test_auth" name="test_remote"><skipped type="pytest.skip" message="needs network">x.py:18: needs network</skipped></testcase><testcase classname="tests.test_auth" name="test_known"><skipped type="pytest.xfail" message="known bug" /></testcase><testcase classname="tests.test_auth" name="test_with_db"><error message="failed on setup with &quot;RuntimeError: db&quot;">boom</error></testcase><testcase classname="tests.test_auth.TestLogout" name="test_logout" /></testsuite></testsuites>"#;
        let s = parse_str(xml).unwrap().unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (2, 2, 2));
        assert_eq!(s.failures[0].name, "tests.test_auth.test_refresh");
        assert_eq!(
            s.failures[0].message.as_deref(),
            Some("AssertionError: token not rotated")
        );
        assert_eq!(s.failures[1].name, "tests.test_auth.test_with_db");
        assert_eq!(
            s.failures[1].message.as_deref(),
            Some("failed on setup with \"RuntimeError: db\"")
        );
    }

    #[test]
    fn single_testsuite_root_and_message_from_text() {
        let xml = r#"<testsuite name="com.example.CalcTest" tests="3" failures="1">
  <testcase name="adds" classname="com.example.CalcTest" time="0.01"/>
  <testcase name="divides" classname="com.example.CalcTest">
    <failure type="java.lang.AssertionError"><![CDATA[
expected:<2> but was:<3>
	at com.example.CalcTest.divides(CalcTest.java:20)]]></failure>
  </testcase>
  <testcase name="later" classname="com.example.CalcTest"><skipped/></testcase>
</testsuite>"#;
        let s = parse_str(xml).unwrap().unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (1, 1, 1));
        assert_eq!(s.failures[0].name, "com.example.CalcTest.divides");
        assert_eq!(
            s.failures[0].message.as_deref(),
            Some("expected:<2> but was:<3>")
        );
    }

    #[test]
    fn nextest_flaky_passes_and_rerun_failure_fails() {
        let xml = r#"<testsuites name="nextest-run" tests="3" failures="1" errors="0">
  <testsuite name="demo" tests="3">
    <testcase name="tests::flaky" classname="demo">
      <flakyFailure message="first try" type="test failure"><system-out>x</system-out></flakyFailure>
    </testcase>
    <testcase name="tests::broken" classname="demo">
      <failure message="thread 'tests::broken' panicked at src/lib.rs:3:5" type="test failure with exit code 101">...</failure>
      <rerunFailure message="again" type="test failure"/>
    </testcase>
    <testcase name="api_adds" classname="demo::api"/>
  </testsuite>
</testsuites>"#;
        let s = parse_str(xml).unwrap().unwrap();
        assert_eq!((s.passed, s.failed, s.skipped), (2, 1, 0));
        assert_eq!(s.failures[0].name, "demo tests::broken");
    }

    #[test]
    fn jest_junit_names_are_not_doubled_and_nested_suites_count() {
        let xml = r#"<testsuites name="jest tests"><testsuite name="outer"><testsuite name="math">
<testcase classname="math adds" name="math adds" time="0.001"/>
<testcase classname="math divides" name="math divides"><failure>Error: expect(received).toBe(expected)

Expected: 2</failure></testcase>
</testsuite></testsuite></testsuites>"#;
        let s = parse_str(xml).unwrap().unwrap();
        assert_eq!((s.passed, s.failed), (1, 1));
        assert_eq!(s.failures[0].name, "math divides");
        assert_eq!(
            s.failures[0].message.as_deref(),
            Some("Error: expect(received).toBe(expected)")
        );
    }

    #[test]
    fn go_junit_report_build_error() {
        let xml = r#"<testsuites tests="2" failures="1" errors="1">
	<testsuite name="example.com/app" tests="1" failures="1" errors="0" id="0" hostname="h" time="0.004" timestamp="2024-01-01T00:00:00Z">
		<properties><property name="go.version" value="go1.22.0 linux/amd64"></property></properties>
		<testcase name="TestParse/empty" classname="example.com/app" time="0.000"><failure message="Failed"><![CDATA[    parse_test.go:14: got 1, want 0]]></failure></testcase>
	</testsuite>
	<testsuite name="example.com/app/cmd" tests="1" failures="0" errors="1">
		<testcase name="[build failed]" classname="example.com/app/cmd" time="0.000"><error message="Build error"><![CDATA[cmd/main.go:3:2: undefined: x]]></error></testcase>
	</testsuite>
</testsuites>"#;
        let s = parse_str(xml).unwrap().unwrap();
        assert_eq!((s.passed, s.failed), (0, 2));
        assert_eq!(s.failures[0].name, "example.com/app.TestParse/empty");
        assert_eq!(s.failures[0].message.as_deref(), Some("Failed"));
        assert_eq!(s.failures[1].name, "example.com/app/cmd.[build failed]");
    }

    #[test]
    fn not_junit_and_malformed() {
        assert_eq!(parse_str("<html><body/></html>").unwrap(), None);
        assert!(parse_str("<testsuite><testcase name='a'></testsuite>").is_err());
        assert!(parse_str("<testsuites><testsuite>").is_err());
        assert!(parse_str("<testsuites").is_err());
        assert!(parse_str("   ").is_err());
    }

    #[test]
    fn empty_report_has_zero_counts() {
        let s = parse_str(r#"<testsuites tests="0"/>"#).unwrap().unwrap();
        assert_eq!(s, TestSummary::default());
    }
}
