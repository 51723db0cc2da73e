//! Helpers shared by the integration tests.

use std::path::{Path, PathBuf};

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
