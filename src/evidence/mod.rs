//! The facts a note is built from: git state, test runs and the transcript, each item with a
//! short stable id (`G`, `T*`, `M*`, `C*`, `E*`) that drafts cite and the validator resolves.

pub(crate) mod freshness;
pub(crate) mod git;
pub(crate) mod paths;
pub(crate) mod read;
pub(crate) mod shell;
pub(crate) mod symbols;
pub(crate) mod test_results;
pub(crate) mod transcript;

use serde::{Deserialize, Serialize};
use std::path::PathBuf;
use std::time::Duration;

pub(crate) use git::GitState;
pub(crate) use test_results::{TestFormat, TestRun};
pub(crate) use transcript::Transcript;

/// Everything collected for one note. Plain data: it is what `handoff collect --json` prints.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Evidence {
    /// Git snapshot (`G`); `None` outside a repository.
    pub git: Option<GitState>,
    /// Test runs (`T1`…), files first, then the fresh `--test-cmd` run.
    pub tests: Vec<TestRun>,
    /// The session transcript, when one was given or found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<Transcript>,
    /// Problems that did not stop collection (no repository, skipped records…).
    pub warnings: Vec<String>,
    /// Choices made for the user that they should see (which session `--latest` picked).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub notices: Vec<String>,
}

impl Evidence {
    /// Prints the notices and warnings on stderr, one line each, as every command shows them.
    pub fn report_to_stderr(&self) {
        for n in &self.notices {
            eprintln!("handoff: {n}");
        }
        for w in &self.warnings {
            eprintln!("handoff: warning: {w}");
        }
    }
}

/// What to collect.
#[derive(Debug, Clone)]
pub struct Request {
    /// Directory whose repository is read (default: the current directory).
    pub repo: PathBuf,
    /// Test output files.
    pub tests: Vec<PathBuf>,
    /// Forces the format of every test output file.
    pub tests_format: Option<TestFormat>,
    /// A test command to run now in the repository root.
    pub test_cmd: Option<String>,
    /// Limit for `test_cmd`.
    pub test_timeout: Duration,
    /// Transcript file.
    pub transcript: Option<PathBuf>,
    /// Forces the transcript format.
    pub transcript_format: Option<transcript::Format>,
    /// Use the newest Claude Code or Codex session of this repository (`--latest`).
    pub latest: bool,
}

impl Default for Request {
    fn default() -> Self {
        Request {
            repo: PathBuf::from("."),
            tests: Vec::new(),
            tests_format: None,
            test_cmd: None,
            test_timeout: Duration::from_secs(600),
            transcript: None,
            transcript_format: None,
            latest: false,
        }
    }
}

/// Collects the evidence. Input errors (a missing file, a file that is no transcript) fail the
/// whole collection; a missing repository is only a warning.
pub fn collect(req: &Request) -> crate::Result<Evidence> {
    let mut ev = Evidence::default();
    if !req.repo.exists() {
        return Err(crate::Error::input(
            &req.repo,
            "no such directory; pass an existing path to --repo",
        ));
    }
    ev.git = git::collect(&req.repo)?;
    if ev.git.is_none() {
        ev.warnings
            .push(format!("no git repository at {}", req.repo.display()));
    }
    for path in &req.tests {
        let mut run = test_results::read_file(path, req.tests_format)?;
        run.id = format!("T{}", ev.tests.len() + 1);
        ev.tests.push(run);
    }
    if let Some(cmd) = &req.test_cmd {
        let dir = ev
            .git
            .as_ref()
            .map(|g| PathBuf::from(&g.root))
            .unwrap_or_else(|| req.repo.clone());
        let mut run = test_results::run_command(cmd, &dir, req.test_timeout)?;
        run.id = format!("T{}", ev.tests.len() + 1);
        ev.tests.push(run);
    }
    let latest = if req.latest {
        let root = ev
            .git
            .as_ref()
            .map(|g| PathBuf::from(&g.root))
            .unwrap_or_else(|| req.repo.clone());
        let found = transcript::latest::find(&root)?;
        ev.notices.push(format!(
            "--latest: reading the newest {} session {} (cwd {})",
            found.format.name(),
            found.path.display(),
            found.cwd
        ));
        Some(found.path)
    } else {
        None
    };
    if let Some(path) = latest.as_ref().or(req.transcript.as_ref()) {
        let t = transcript::read(path, req.transcript_format)?;
        if t.stats.invalid_utf8 > 0 {
            ev.warnings.push(format!(
                "{}: invalid UTF-8 in {} record(s), replaced with U+FFFD",
                path.display(),
                t.stats.invalid_utf8
            ));
        }
        for (reason, n) in &t.stats.skipped_reasons {
            ev.warnings.push(format!(
                "{}: skipped {n} record(s): {reason}",
                path.display()
            ));
        }
        if let Some(git) = ev.git.as_mut() {
            mark_session_commits(git, &t);
        }
        ev.transcript = Some(t);
    }
    Ok(ev)
}

/// Slack around the session's first and last record: a commit made by a hook or right after the
/// last message still belongs to the session.
const SESSION_COMMIT_SLACK_SECS: i64 = 120;

/// Marks the commits made while the session ran (by committer time within its span).
fn mark_session_commits(git: &mut GitState, t: &Transcript) {
    let (Some(start), Some(end)) = (t.session.started_at, t.session.ended_at) else {
        return;
    };
    let slack = chrono::Duration::seconds(SESSION_COMMIT_SLACK_SECS);
    for c in &mut git.commits {
        c.in_session = c
            .time
            .is_some_and(|at| at >= start - slack && at <= end + slack);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};

    fn at(s: &str) -> Option<DateTime<Utc>> {
        s.parse().ok()
    }

    #[test]
    fn commits_inside_the_session_span_are_marked() {
        let commit = |id: &str, t: &str| git::CommitInfo {
            id: id.into(),
            summary: format!("commit {id}"),
            time: at(t),
            in_session: false,
            ..git::CommitInfo::default()
        };
        let mut g = GitState {
            commits: vec![
                commit("c3", "2026-01-01T12:01:00Z"), // just after the last record: slack
                commit("c2", "2026-01-01T11:30:00Z"),
                commit("c1", "2026-01-01T09:00:00Z"), // before the session
            ],
            ..GitState::default()
        };
        let mut t = Transcript::default();
        t.session.started_at = at("2026-01-01T11:00:00Z");
        t.session.ended_at = at("2026-01-01T12:00:00Z");
        mark_session_commits(&mut g, &t);
        let marked: Vec<bool> = g.commits.iter().map(|c| c.in_session).collect();
        assert_eq!(marked, [true, true, false]);
    }
}
