//! When a recorded pass stops proving anything: the one staleness rule, for the drafter (which
//! writes "passed, but … was edited after it") and the validator's `staleness` rule.
//!
//! A run is stale when, after it, something changed that can change its outcome:
//! - a transcript edit later in event order (when the run has a place in the transcript), else
//!   later in time (when both have times);
//! - a file git reports as changed (not deleted, not a directory) whose worktree mtime is later
//!   than the run's time by more than [`MTIME_SLACK_SECS`] (coarse file-system clocks);
//! - a file that commits made after the session changed ([`super::since`]), for a run of that
//!   session (not one timed after it ended).
//!
//! Which paths count is the caller's: [`super::paths::affects_runs`] (not documentation, not a backup),
//! the analysis's narrower reading of what can change a run, or the files a claim names.

use super::Evidence;
use super::git::StatusEntry;
use super::paths;
use super::transcript::Edit;
use chrono::{DateTime, Utc};
use std::path::Path;

/// Seconds of slack when comparing a run's time with file mtimes.
pub(crate) const MTIME_SLACK_SECS: i64 = 1;

/// Where a run sits: its place in the transcript's event order and its time, when known.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct RunPoint {
    /// Event order in the transcript (`None` for test files and `--test-cmd` runs).
    pub seq: Option<u64>,
    /// When it ran.
    pub at: Option<DateTime<Utc>>,
}

/// The changes after a run that can affect it.
#[derive(Debug, Default)]
pub(crate) struct LaterChanges<'a> {
    /// Transcript edits, in transcript order.
    pub edits: Vec<&'a Edit>,
    /// Changed files modified after the run, in git status order.
    pub files: Vec<&'a StatusEntry>,
    /// Files later commits changed, for a run of the session they followed.
    pub committed: Vec<&'a str>,
}

/// Whether the transcript edit `e` came after the run.
pub(crate) fn edit_is_after(run: RunPoint, e: &Edit) -> bool {
    match (run.seq, run.at, e.at) {
        (Some(seq), _, _) => e.seq > seq,
        (None, Some(t), Some(et)) => et > t,
        _ => false,
    }
}

/// Whether a file modified at `mtime` changed after a run at `at`.
pub(crate) fn modified_after(at: DateTime<Utc>, mtime: DateTime<Utc>) -> bool {
    mtime > at + chrono::Duration::seconds(MTIME_SLACK_SECS)
}

/// The changes after `run` to paths `relevant` accepts.
pub(crate) fn changes_after<'a>(
    ev: &'a Evidence,
    run: RunPoint,
    relevant: impl Fn(&str) -> bool,
) -> LaterChanges<'a> {
    let mut out = git_changes_after(ev, run, &relevant);
    if let Some(t) = &ev.transcript {
        out.edits = t
            .edits
            .iter()
            .filter(|e| edit_is_after(run, e) && relevant(&e.path))
            .collect();
    }
    out
}

/// [`changes_after`] without the transcript's edits: the changes git shows after `run`. For a
/// caller that finds the later edits of many runs from a table of its own.
pub(crate) fn git_changes_after<'a>(
    ev: &'a Evidence,
    run: RunPoint,
    relevant: impl Fn(&str) -> bool,
) -> LaterChanges<'a> {
    let mut out = LaterChanges::default();
    if let (Some(at), Some(git)) = (run.at, &ev.git) {
        out.files = git
            .status
            .iter()
            .filter(|s| {
                s.index != "D" && s.worktree != "D" && !s.path.ends_with('/') && relevant(&s.path)
            })
            .filter(|s| mtime(&git.root, &s.path).is_some_and(|m| modified_after(at, m)))
            .collect();
    }
    if let Some(since) = &ev.since
        && run.at.is_none_or(|t| t <= since.session_ended)
    {
        out.committed = since
            .files_changed_after
            .iter()
            .map(String::as_str)
            .filter(|p| relevant(p))
            .collect();
    }
    out
}

/// The mtime of a file inside the worktree (`None` for paths leaving it, or no such file).
fn mtime(root: &str, rel: &str) -> Option<DateTime<Utc>> {
    let meta = std::fs::metadata(paths::under_root(Path::new(root), rel)?).ok()?;
    meta.is_file().then_some(())?;
    meta.modified().ok().map(DateTime::<Utc>::from)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::git::GitState;
    use crate::evidence::transcript::{EditKind, Transcript};

    fn at(s: &str) -> DateTime<Utc> {
        s.parse().unwrap_or_default()
    }

    fn edit(path: &str, seq: u64, when: Option<&str>) -> Edit {
        Edit {
            id: format!("E{seq}").into(),
            path: path.into(),
            kind: EditKind::Modify,
            tool: None,
            confirmed: true,
            at: when.map(at),
            seq,
            sidechain: false,
        }
    }

    #[test]
    fn order_decides_and_time_when_there_is_no_order() {
        let e = edit("src/a.py", 5, Some("2026-01-01T10:00:00Z"));
        let cmd = |seq| RunPoint {
            seq: Some(seq),
            at: Some(at("2026-01-01T11:00:00Z")),
        };
        // Event order wins over clocks when the run has a place in the transcript.
        assert!(edit_is_after(cmd(4), &e));
        assert!(!edit_is_after(cmd(6), &e));
        let file_run = |t| RunPoint {
            seq: None,
            at: Some(at(t)),
        };
        assert!(edit_is_after(file_run("2026-01-01T09:00:00Z"), &e));
        assert!(!edit_is_after(file_run("2026-01-01T10:00:00Z"), &e));
        assert!(!edit_is_after(RunPoint::default(), &e));
    }

    #[test]
    fn mtimes_within_the_slack_are_not_later() {
        let run = at("2026-01-01T10:00:00Z");
        assert!(!modified_after(run, at("2026-01-01T10:00:01Z")));
        assert!(modified_after(run, at("2026-01-01T10:00:02Z")));
    }

    #[test]
    fn documentation_and_deleted_files_do_not_make_a_run_stale() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        for f in ["a.py", "NOTES.md"] {
            std::fs::write(dir.path().join(f), "x").unwrap_or_else(|e| panic!("{e}"));
        }
        let status = |p: &str, wt: &str| StatusEntry {
            path: p.into(),
            old_path: None,
            index: " ".into(),
            worktree: wt.into(),
        };
        let ev = Evidence {
            git: Some(GitState {
                root: dir.path().display().to_string(),
                status: vec![
                    status("a.py", "M"),
                    status("NOTES.md", "M"),
                    status("gone.py", "D"),
                ],
                ..GitState::default()
            }),
            transcript: Some(Transcript {
                edits: vec![edit("README.md", 3, None), edit("a.py", 4, None)],
                ..Transcript::default()
            }),
            ..Evidence::default()
        };
        let long_ago = RunPoint {
            seq: Some(2),
            at: Some(at("2020-01-01T00:00:00Z")),
        };
        let later = changes_after(&ev, long_ago, crate::evidence::paths::affects_runs);
        let edits: Vec<&str> = later.edits.iter().map(|e| e.path.as_str()).collect();
        let files: Vec<&str> = later.files.iter().map(|s| s.path.as_str()).collect();
        assert_eq!(edits, ["a.py"]);
        assert_eq!(files, ["a.py"]);
        let now = RunPoint {
            seq: Some(9),
            at: Some(Utc::now() + chrono::Duration::seconds(60)),
        };
        let later = changes_after(&ev, now, crate::evidence::paths::affects_runs);
        assert!(later.edits.is_empty() && later.files.is_empty());
    }
}
