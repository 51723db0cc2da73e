//! Helpers shared by the integration tests.

use std::io::Write;
use std::path::PathBuf;

/// The `handoff` binary under test.
pub fn handoff() -> assert_cmd::Command {
    assert_cmd::Command::new(assert_cmd::cargo::cargo_bin!("handoff"))
}

/// `tests/fixtures/<rel>`.
#[allow(dead_code)]
pub fn fixture(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures")
        .join(rel)
}

/// `../shared/<rel>` next to the repository (the corpus and references).
#[allow(dead_code)]
pub fn shared(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../shared")
        .join(rel)
}

/// The texts of the typed user messages of a `collect --json` transcript, in order.
#[allow(dead_code)]
pub fn typed_users(t: &serde_json::Value) -> Vec<String> {
    t["messages"]
        .as_array()
        .map(|a| a.as_slice())
        .unwrap_or_default()
        .iter()
        .filter(|m| m["role"] == "user" && m["kind"] == "typed")
        .filter_map(|m| m["text"].as_str().map(str::to_string))
        .collect()
}

/// Reports an opt-in test as skipped, by name and why, on the terminal (written to stderr
/// directly: the test harness captures only `print!`/`eprint!` output of passing tests).
#[allow(dead_code)]
pub fn skip(test: &str, why: &str) {
    let _ = writeln!(std::io::stderr(), "test {test} ... SKIPPED: {why}");
}
