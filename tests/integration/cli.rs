//! Top-level CLI behaviour: help, version, usage errors.

use crate::support::handoff;
use predicates::prelude::*;

#[test]
fn help_and_version() {
    handoff()
        .arg("--help")
        .assert()
        .success()
        .stdout(predicate::str::contains("collect"));
    handoff()
        .arg("--version")
        .assert()
        .success()
        .stdout(predicate::str::contains(env!("CARGO_PKG_VERSION")));
}

#[test]
fn unknown_flag_is_usage_error() {
    handoff().arg("--nope").assert().code(2);
}

#[test]
fn missing_repo_is_input_error() {
    handoff()
        .args(["collect", "--repo", "/definitely/not/here"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("/definitely/not/here"));
}
