//! Test-result evidence through the real binary: `--tests FILE` for every format (real runner
//! output where a runner was available, see `tests/fixtures/test-output/README.md`),
//! `--test-cmd` with real commands, and bad input.

use crate::support::{collected, fixture, handoff};
use serde_json::Value;
use std::ffi::OsStr;
use std::path::Path;
use std::time::Duration;

/// Runs `handoff collect --json` with `args` in a fresh directory (no repository: only a
/// warning) and returns the test runs.
fn collect(args: &[&str]) -> Vec<Value> {
    let repo = tempfile::tempdir().unwrap();
    collect_in(repo.path(), args)
}

fn collect_in(repo: &Path, args: &[&str]) -> Vec<Value> {
    let mut all: Vec<&OsStr> = vec![OsStr::new("--repo"), repo.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    let ev = collected(all);
    ev["tests"].as_array().unwrap().clone()
}

fn one(file: &str) -> Value {
    let path = fixture(&format!("test-output/{file}"));
    let runs = collect(&["--tests", path.to_str().unwrap()]);
    assert_eq!(runs.len(), 1);
    runs[0].clone()
}

fn counts(run: &Value) -> (u64, u64, u64) {
    (
        run["passed"].as_u64().unwrap(),
        run["failed"].as_u64().unwrap(),
        run["skipped"].as_u64().unwrap(),
    )
}

fn failing(run: &Value) -> Vec<String> {
    run["failures"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| f["name"].as_str().unwrap().to_string())
        .collect()
}

/// (file, format, counts, ok, failing names)
type Case = (
    &'static str,
    &'static str,
    (u64, u64, u64),
    bool,
    &'static [&'static str],
);

const CASES: &[Case] = &[
    ("cargo-test-pass.txt", "cargo-test", (3, 0, 1), true, &[]),
    (
        "cargo-test-fail.txt",
        "cargo-test",
        (3, 2, 1),
        false,
        &["tests::bad_math", "api_overflow_panics"],
    ),
    ("nextest-pass.txt", "nextest", (2, 0, 3), true, &[]),
    (
        "nextest-fail.txt",
        "nextest",
        (2, 2, 1),
        false,
        &["demo tests::bad_math", "demo::api api_overflow_panics"],
    ),
    ("nextest-junit-pass.xml", "junit", (2, 0, 0), true, &[]),
    (
        "nextest-junit-fail.xml",
        "junit",
        (2, 2, 0),
        false,
        &["demo tests::bad_math", "demo::api api_overflow_panics"],
    ),
    ("pytest-pass.txt", "pytest", (4, 0, 1), true, &[]),
    (
        "pytest-fail.txt",
        "pytest",
        (4, 2, 2),
        false,
        &[
            "tests/test_auth.py::test_refresh_rotation",
            "tests/test_auth.py::test_with_db",
        ],
    ),
    ("pytest-q-pass.txt", "pytest", (3, 0, 0), true, &[]),
    (
        "pytest-q-fail.txt",
        "pytest",
        (4, 2, 2),
        false,
        &[
            "tests/test_auth.py::test_refresh_rotation",
            "tests/test_auth.py::test_with_db",
        ],
    ),
    ("pytest-junit-pass.xml", "junit", (4, 0, 1), true, &[]),
    (
        "pytest-junit-fail.xml",
        "junit",
        (4, 2, 2),
        false,
        &[
            "tests.test_auth.test_refresh_rotation",
            "tests.test_auth.test_with_db",
        ],
    ),
    ("go-test-pass.txt", "go-test", (2, 0, 0), true, &[]),
    (
        "go-test-fail.txt",
        "go-test",
        (1, 3, 0),
        false,
        &["TestDivide", "TestParse", "TestParse/empty"],
    ),
    ("go-test-verbose-pass.txt", "go-test", (3, 0, 1), true, &[]),
    (
        "go-test-verbose-fail.txt",
        "go-test",
        (2, 4, 1),
        false,
        &[
            "TestDivide",
            "TestParse",
            "TestParse/empty",
            "example.com/calc/broken",
        ],
    ),
    (
        "go-test-json-pass.jsonl",
        "go-test-json",
        (3, 0, 0),
        true,
        &[],
    ),
    (
        "go-test-json-fail.jsonl",
        "go-test-json",
        (1, 2, 1),
        false,
        &["TestDivide", "example.com/calc/broken"],
    ),
    (
        "go-junit-report.xml",
        "junit",
        (1, 4, 1),
        false,
        &[
            "example.com/calc.TestDivide",
            "example.com/calc.TestParse",
            "example.com/calc.TestParse/empty",
            "example.com/calc/broken.[build failed]",
        ],
    ),
    (
        "surefire-fail.xml",
        "junit",
        (2, 2, 1),
        false,
        &[
            "com.example.CalculatorTest.dividesByZero",
            "com.example.CalculatorTest.multiplies",
        ],
    ),
    ("jest-pass.json", "jest-json", (1, 0, 1), true, &[]),
    (
        "jest-fail.json",
        "jest-json",
        (3, 2, 3),
        false,
        &[
            "math divides exactly",
            "/home/dev/webapp/src/broken.test.js",
        ],
    ),
    (
        "vitest-fail.json",
        "jest-json",
        (3, 1, 3),
        false,
        &["math divides exactly"],
    ),
    ("jest-junit-pass.xml", "junit", (1, 0, 1), true, &[]),
    (
        "jest-junit-fail.xml",
        "junit",
        (4, 1, 2),
        false,
        &["math divides exactly"],
    ),
    ("jest-pass.txt", "jest-text", (1, 0, 1), true, &[]),
    (
        "jest-fail.txt",
        "jest-text",
        (3, 2, 3),
        false,
        &["math › divides exactly", "src/broken.test.js"],
    ),
    ("vitest-pass.txt", "jest-text", (1, 0, 1), true, &[]),
    (
        "vitest-fail.txt",
        "jest-text",
        (3, 1, 3),
        false,
        &["vt/math.test.mjs > math > divides exactly"],
    ),
    ("node-tap-pass.tap", "tap", (3, 0, 1), true, &[]),
    (
        "node-tap-fail.tap",
        "tap",
        (2, 2, 2),
        false,
        &["parses config", "tokens > rotates"],
    ),
    ("tap14-pass.tap", "tap", (2, 0, 1), true, &[]),
    (
        "tap14-fail.tap",
        "tap",
        (1, 1, 2),
        false,
        &["parser > parses strings"],
    ),
    (
        "node-spec-fail.txt",
        "node-spec",
        (2, 2, 2),
        false,
        &["parses config", "rotates"],
    ),
    ("mocha-pass.txt", "mocha", (2, 0, 1), true, &[]),
    (
        "mocha-fail.txt",
        "mocha",
        (2, 2, 1),
        false,
        &[
            "top level check",
            "Token transfer reverts when balance is too low",
        ],
    ),
    ("playwright-pass.txt", "playwright", (3, 0, 1), true, &[]),
    (
        "playwright-fail.txt",
        "playwright",
        (5, 1, 0),
        false,
        &["[chromium] › tests/example.spec.ts:10:5 › get started link"],
    ),
    ("generic-pass.txt", "generic", (12, 0, 0), true, &[]),
    ("generic-fail.txt", "generic", (12, 1, 2), false, &[]),
];

#[test]
fn every_format_passing_and_failing() {
    for &(file, format, expected, ok, names) in CASES {
        let run = one(file);
        assert_eq!(run["format"], format, "{file}");
        assert_eq!(counts(&run), expected, "{file}");
        assert_eq!(run["ok"], ok, "{file}");
        assert_eq!(failing(&run), names, "{file}");
        assert_eq!(run["id"], "T1", "{file}");
        assert!(run["source"].as_str().unwrap().ends_with(file), "{file}");
        assert!(run.get("command").is_none(), "{file}");
        assert!(run["at"].is_string(), "{file}");
    }
}

#[test]
fn several_files_get_ids_in_order_and_the_summary_lists_failures() {
    let a = fixture("test-output/pytest-fail.txt");
    let b = fixture("test-output/cargo-test-pass.txt");
    let runs = collect(&["--tests", a.to_str().unwrap(), b.to_str().unwrap()]);
    assert_eq!(runs.len(), 2);
    assert_eq!(runs[0]["id"], "T1");
    assert_eq!(runs[1]["id"], "T2");
    assert_eq!(runs[1]["format"], "cargo-test");

    let repo = tempfile::tempdir().unwrap();
    handoff()
        .args(["collect", "--repo"])
        .arg(repo.path())
        .args(["--tests", a.to_str().unwrap()])
        .assert()
        .success()
        .stdout(predicates::str::contains(
            "T1: FAILED: 4 passed, 2 failed, 2 skipped",
        ))
        .stdout(predicates::str::contains(
            "  failed: tests/test_auth.py::test_refresh_rotation",
        ));
}

#[test]
fn forced_format() {
    let path = fixture("test-output/nextest-fail.txt");
    let runs = collect(&[
        "--tests",
        path.to_str().unwrap(),
        "--tests-format",
        "nextest",
    ]);
    assert_eq!(counts(&runs[0]), (2, 2, 1));

    let repo = tempfile::tempdir().unwrap();
    let out = handoff()
        .args(["collect", "--repo"])
        .arg(repo.path())
        .args(["--tests", path.to_str().unwrap(), "--tests-format", "junit"])
        .assert()
        .code(2)
        .get_output()
        .stderr
        .clone();
    let err = String::from_utf8(out).unwrap();
    assert!(err.contains("nextest-fail.txt"), "{err}");
    assert!(err.contains("not junit output"), "{err}");
    assert_eq!(err.trim_end().lines().count(), 1, "{err}");
}

/// Asserts exit 2 with a one-line message naming `path` and containing `expected`.
fn rejects(path: &Path, expected: &str) {
    let repo = tempfile::tempdir().unwrap();
    let out = handoff()
        .args(["collect", "--repo"])
        .arg(repo.path())
        .arg("--tests")
        .arg(path)
        .assert()
        .code(2)
        .get_output()
        .clone();
    let err = String::from_utf8_lossy(&out.stderr);
    let lines: Vec<&str> = err.lines().filter(|l| !l.starts_with("warning:")).collect();
    assert_eq!(lines.len(), 1, "{err}");
    assert!(lines[0].contains(&path.display().to_string()), "{err}");
    assert!(lines[0].contains(expected), "{err}");
    assert!(!err.contains("panicked"), "{err}");
    assert!(out.stdout.is_empty(), "nothing half-written to stdout");
}

#[test]
fn bad_test_files_are_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    rejects(&dir.path().join("nope.xml"), "no such file");
    rejects(dir.path(), "is a directory");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, "").unwrap();
    rejects(&empty, "empty file");
    let garbage = dir.path().join("garbage.bin");
    let bytes: Vec<u8> = (0..4096u32).map(|i| (i * 7919 % 251) as u8).collect();
    std::fs::write(&garbage, bytes).unwrap();
    rejects(&garbage, "binary data");
    rejects(&fixture("test-output/invalid.xml"), "invalid JUnit XML");
    rejects(&fixture("test-output/truncated.xml"), "invalid JUnit XML");
    rejects(
        &fixture("test-output/no-results.txt"),
        "no test results recognised",
    );
}

/// A failure count too big to read is not "0 failed": the run is unknown, never green.
#[test]
fn an_out_of_range_failure_count_is_not_read_as_zero() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("cargo.txt");
    std::fs::write(
        &out,
        "running 1 test\ntest result: FAILED. 1 passed; 99999999999999999999 failed; 0 ignored; 0 measured; 0 filtered out\n",
    )
    .unwrap();
    rejects(&out, "no test results recognised");
}

/// A tiny crate with one passing and one failing test, for a real `cargo test` run.
fn tiny_crate() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("Cargo.toml"),
        "[package]\nname = \"tiny\"\nversion = \"0.1.0\"\nedition = \"2021\"\n\n[workspace]\n",
    )
    .unwrap();
    std::fs::create_dir(dir.path().join("src")).unwrap();
    std::fs::write(
        dir.path().join("src/lib.rs"),
        "#[cfg(test)]\nmod tests {\n    #[test]\n    fn good() { assert_eq!(1 + 1, 2); }\n    #[test]\n    fn bad() { assert_eq!(1 + 1, 3, \"math is broken\"); }\n}\n",
    )
    .unwrap();
    dir
}

#[test]
fn test_cmd_runs_real_cargo_test() {
    let krate = tiny_crate();
    // Cargo's own variables from the outer `cargo test` must not leak into the inner build.
    let base = "unset CARGO_TARGET_DIR RUSTFLAGS CARGO_BUILD_TARGET; CARGO_TARGET_DIR=target cargo test --offline";
    let pass_cmd = format!("{base} -- --skip bad");
    let runs = collect_in(krate.path(), &["--test-cmd", &pass_cmd]);
    let run = &runs[0];
    assert_eq!(run["id"], "T1");
    assert_eq!(run["source"], "command");
    assert_eq!(run["command"], pass_cmd.as_str());
    assert_eq!(run["format"], "cargo-test", "{run}");
    assert_eq!(counts(run), (1, 0, 0), "{run}");
    assert_eq!(run["exit_code"], 0);
    assert_eq!(run["ok"], true);
    assert!(run["duration_ms"].is_u64());
    assert!(run["at"].is_string());
    assert!(run.get("timed_out").is_none());

    let runs = collect_in(krate.path(), &["--test-cmd", base]);
    let run = &runs[0];
    assert_eq!(counts(run), (1, 1, 0), "{run}");
    assert_eq!(failing(run), ["tests::bad"]);
    assert!(
        run["failures"][0]["message"]
            .as_str()
            .unwrap()
            .ends_with("failed: math is broken"),
        "{run}"
    );
    assert_eq!(run["exit_code"], 101);
    assert_eq!(run["ok"], false);
    assert!(
        run["output_tail"]
            .as_str()
            .unwrap()
            .contains("test result: FAILED. 1 passed; 1 failed")
    );
}

#[test]
fn test_cmd_exit_status_decides_when_no_summary() {
    let runs = collect(&["--test-cmd", "true"]);
    assert_eq!(runs[0]["format"], "unknown");
    assert_eq!(runs[0]["ok"], true);
    assert_eq!(runs[0]["exit_code"], 0);
    let runs = collect(&["--test-cmd", "echo 'error: something broke' >&2; exit 1"]);
    assert_eq!(runs[0]["ok"], false);
    assert_eq!(runs[0]["exit_code"], 1);
    assert_eq!(runs[0]["output_tail"], "error: something broke\n");
}

#[test]
fn test_cmd_reads_a_failure_through_a_pipeline_that_exits_zero() {
    // `pytest | tail` exits 0 even when tests fail: the output decides.
    let cmd = "printf '=== 1 failed, 4 passed in 0.12s ===\\n' | tail -n 5";
    let runs = collect(&["--test-cmd", cmd]);
    assert_eq!(runs[0]["exit_code"], 0);
    assert_eq!(counts(&runs[0]), (4, 1, 0));
    assert_eq!(runs[0]["ok"], false);
}

#[test]
fn test_cmd_timeout_kills_the_command_and_its_children() {
    // The grandchild `sleep` keeps the output pipe open; only killing the process group ends it.
    // assert_cmd's timeout turns a hang into a failure instead of a stuck test run.
    let runs = collect(&[
        "--test-cmd",
        "echo started; (sleep 30; echo late) & sleep 30",
        "--test-timeout",
        "1",
    ]);
    let run = &runs[0];
    assert_eq!(run["timed_out"], true);
    assert_eq!(run["ok"], false);
    assert!(run.get("exit_code").is_none());
    assert!(run["duration_ms"].as_u64().unwrap() >= 1000);
    assert_eq!(run["output_tail"], "started\n");

    let repo = tempfile::tempdir().unwrap();
    handoff()
        .args(["collect", "--repo"])
        .arg(repo.path())
        .args(["--test-cmd", "sleep 30", "--test-timeout", "1"])
        .timeout(Duration::from_secs(60))
        .assert()
        .success()
        .stdout(predicates::str::contains("T1: TIMED OUT: 0 passed"));
}

#[test]
fn test_cmd_that_cannot_start_is_reported() {
    // A shell that exits 127: the command does not exist.
    let runs = collect(&["--test-cmd", "definitely-not-a-test-runner-xyz"]);
    assert_eq!(runs[0]["exit_code"], 127);
    assert_eq!(runs[0]["ok"], false);
    assert!(
        runs[0]["output_tail"]
            .as_str()
            .unwrap()
            .contains("not found")
    );
}

#[test]
fn transcript_style_parse_output_is_none_for_ordinary_output() {
    use handoff::parse_output;
    assert!(parse_output("Cargo.toml\nsrc\ntarget\n", None).is_none());
    let text = std::fs::read_to_string(fixture("test-output/playwright-fail.txt")).unwrap();
    let (_, s) = parse_output(&text, None).unwrap();
    assert_eq!((s.passed, s.failed), (5, 1));
}
