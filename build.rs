//! Puts the git commit into `handoff --version` when the crate is built from a git checkout.
//!
//! `HANDOFF_VERSION` is `0.1.0 (abc1234 2026-11-30)` inside a checkout and plain `0.1.0`
//! anywhere else (a crates.io download, a tarball, no `git` on PATH): this script never fails
//! the build.

use std::path::{Path, PathBuf};
use std::process::Command;

fn main() {
    let version = env!("CARGO_PKG_VERSION");
    let full = match commit() {
        Some((id, date)) => format!("{version} ({id} {date})"),
        None => version.to_string(),
    };
    println!("cargo:rustc-env=HANDOFF_VERSION={full}");
    println!("cargo:rerun-if-changed=build.rs");
    for path in watched() {
        println!("cargo:rerun-if-changed={}", path.display());
    }
}

/// The short HEAD id and its commit date, when `git` answers.
fn commit() -> Option<(String, String)> {
    // Only this crate's own checkout counts, not a repository that happens to contain a copy.
    let top = git(&["rev-parse", "--show-toplevel"])?;
    let manifest = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR")?);
    let same = |a: &Path, b: &Path| match (a.canonicalize(), b.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    };
    if !same(Path::new(top.trim()), &manifest) {
        return None;
    }
    let out = git(&["log", "-1", "--format=%h %cs"])?;
    let (id, date) = out.trim().split_once(' ')?;
    (!id.is_empty()).then(|| (id.to_string(), date.to_string()))
}

/// HEAD and the ref it points to, so that a new commit rebuilds the version string.
fn watched() -> Vec<PathBuf> {
    if commit().is_none() {
        return Vec::new();
    }
    let Some(git_dir) = git(&["rev-parse", "--git-dir"]) else {
        return Vec::new();
    };
    // `git` may answer with a path relative to the manifest folder it ran in.
    let base = PathBuf::from(std::env::var_os("CARGO_MANIFEST_DIR").unwrap_or_default());
    let git_dir = base.join(git_dir.trim());
    let mut paths = vec![git_dir.join("HEAD")];
    if let Some(head_ref) = git(&["symbolic-ref", "-q", "HEAD"]) {
        let common = git(&["rev-parse", "--git-common-dir"])
            .map(|d| base.join(d.trim()))
            .unwrap_or_else(|| git_dir.clone());
        let loose = common.join(head_ref.trim());
        paths.push(if loose.exists() {
            loose
        } else {
            common.join("packed-refs")
        });
    }
    paths.retain(|p| Path::new(p).exists());
    paths
}

fn git(args: &[&str]) -> Option<String> {
    let dir = std::env::var_os("CARGO_MANIFEST_DIR")?;
    let out = Command::new("git")
        .args(args)
        .current_dir(dir)
        .output()
        .ok()?;
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
}
