//! Helpers shared by the integration tests.

use serde_json::Value;
use std::ffi::OsStr;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The `handoff` binary under test.
pub fn handoff() -> assert_cmd::Command {
    assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("handoff"))
}

/// Runs `cmd`, asserts it succeeded (its stderr is the failure message) and returns its stdout.
#[allow(dead_code)]
pub fn stdout_of(cmd: &mut assert_cmd::Command) -> String {
    let out = cmd.output().unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// `tests/fixtures/<rel>`.
#[allow(dead_code)]
pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// `../shared/<rel>` next to the repository (the public corpus). Only tests that first checked
/// [`corpus_present`] may use it.
#[allow(dead_code)]
pub fn shared(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel)
}

/// Whether the public corpus (`../shared/corpus`) is next to this checkout: CI has it, a clone
/// of the repository alone does not. When it is missing this prints `skipped (no
/// ../shared/corpus): TEST` for the calling test straight to the terminal (past the test
/// harness's output capture, so that every run lists what it did not check), and the test
/// returns without asserting anything.
#[allow(dead_code)]
pub fn corpus_present() -> bool {
    if shared("corpus/MANIFEST.tsv").is_file() {
        return true;
    }
    skipped("no ../shared/corpus");
    false
}

/// What `handoff collect --json ARGS` did: its exit status, the JSON it printed (`Null` when
/// none) and its stderr.
#[allow(dead_code)]
pub struct Collected {
    /// Exit status (-1 when killed by a signal).
    pub code: i32,
    /// The evidence bundle.
    pub json: Value,
    /// What it said on stderr.
    pub stderr: String,
}

/// Runs `handoff collect --json` with `args`.
#[allow(dead_code)]
pub fn collect_json<I, S>(args: I) -> Collected
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let out = handoff()
        .args(["collect", "--json"])
        .args(args)
        .timeout(std::time::Duration::from_secs(120))
        .output()
        .unwrap_or_else(|e| panic!("handoff collect did not run: {e}"));
    Collected {
        code: out.status.code().unwrap_or(-1),
        json: serde_json::from_slice(&out.stdout).unwrap_or(Value::Null),
        stderr: String::from_utf8_lossy(&out.stderr).into_owned(),
    }
}

/// Runs `handoff collect --json` with `args`, which must succeed; the evidence bundle.
#[allow(dead_code)]
pub fn collected<I, S>(args: I) -> Value
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let c = collect_json(args);
    assert_eq!(c.code, 0, "handoff collect failed: {}", c.stderr);
    assert!(
        !c.json.is_null(),
        "handoff collect printed no JSON: {}",
        c.stderr
    );
    c.json
}

/// The texts of the typed user messages of a `collect --json` transcript, in order.
#[allow(dead_code)]
pub fn typed_users(t: &Value) -> Vec<String> {
    t["messages"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|m| m["role"] == "user" && m["kind"] == "typed")
        .filter_map(|m| m["text"].as_str().map(str::to_string))
        .collect()
}

/// Runs `git` in `dir` with a fixed identity and no signing; panics with git's stderr on failure.
#[allow(dead_code)]
pub fn git(dir: &Path, args: &[&str]) {
    let out = std::process::Command::new("git")
        .args([
            "-c",
            "user.name=T",
            "-c",
            "user.email=t@e.st",
            "-c",
            "commit.gpgsign=false",
        ])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Reports the calling test as skipped, by name and why, straight to the terminal (past the
/// test harness's output capture, so that every run lists what it did not check):
/// `skipped (WHY): TEST`.
#[allow(dead_code)]
pub fn skipped(why: &str) {
    let thread = std::thread::current();
    let test = thread.name().unwrap_or("(unnamed test)");
    let _ = writeln!(std::io::stderr(), "skipped ({why}): {test}");
}
