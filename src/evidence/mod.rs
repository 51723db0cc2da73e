//! The facts a note is built from: git state, test runs and the transcript, each item with a
//! short stable id (`G`, `T*`, `M*`, `C*`, `E*`) that drafts cite and the validator resolves.

pub(crate) mod freshness;
pub(crate) mod git;
pub(crate) mod paths;
pub(crate) mod read;
pub(crate) mod shell;
pub(crate) mod since;
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
    /// Git snapshot (`G`); `None` outside a repository, or when it could not be read in time.
    pub git: Option<GitState>,
    /// Why there is no git snapshot although there may be a repository ("git state
    /// unavailable: … (timed out after N s)").
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git_unavailable: Option<String>,
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
    /// What the repository did after the session ended (later commits, files changed since).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub since: Option<since::Since>,
}

impl Evidence {
    /// Prints the notices and warnings on stderr, one line each, as every command shows them.
    pub fn report_to_stderr(&self) {
        for n in &self.notices {
            crate::ui::info(n);
        }
        for w in &self.warnings {
            crate::ui::warn(w);
        }
    }

    /// Redacts secrets in every text of the evidence, so that nothing downstream (the prompt,
    /// either drafter, the validator's quotes, `collect --json`) ever holds one.
    pub(crate) fn redact(&mut self) {
        self.map_texts(|s| match crate::redact::redact(s) {
            std::borrow::Cow::Owned(r) => Some(r),
            std::borrow::Cow::Borrowed(_) => None,
        });
    }

    /// Passes every free text of the evidence through `f` (`None` keeps the text). Ids,
    /// statuses and counts are not texts.
    fn map_texts(&mut self, f: impl Fn(&str) -> Option<String>) {
        let one = |s: &mut String| {
            if let Some(new) = f(s) {
                *s = new;
            }
        };
        let opt = |s: &mut Option<String>| {
            if let Some(s) = s {
                one(s);
            }
        };
        let shared = |s: &mut transcript::SharedText| {
            if let Some(new) = f(s) {
                *s = new.into();
            }
        };
        if let Some(g) = &mut self.git {
            one(&mut g.root);
            opt(&mut g.branch);
            if let Some(h) = &mut g.head {
                one(&mut h.summary);
            }
            for e in &mut g.status {
                one(&mut e.path);
                opt(&mut e.old_path);
            }
            for f in &mut g.diffstat.per_file {
                one(&mut f.path);
            }
            for s in &mut g.symbols {
                one(&mut s.path);
                one(&mut s.name);
            }
            for f in &mut g.hunks {
                one(&mut f.path);
                for h in &mut f.hunks {
                    one(&mut h.header);
                    h.lines.iter_mut().for_each(one);
                }
            }
            for c in &mut g.commits {
                one(&mut c.summary);
            }
        }
        for t in &mut self.tests {
            one(&mut t.source);
            opt(&mut t.command);
            opt(&mut t.output_tail);
            for f in &mut t.failures {
                one(&mut f.name);
                opt(&mut f.message);
            }
        }
        if let Some(t) = &mut self.transcript {
            let s = &mut t.session;
            opt(&mut s.id);
            one(&mut s.source);
            opt(&mut s.cwd);
            s.branches.iter_mut().for_each(one);
            s.models.iter_mut().for_each(one);
            s.subagent_models.iter_mut().for_each(one);
            for m in &mut t.messages {
                one(&mut m.text);
            }
            for c in &mut t.commands {
                shared(&mut c.command);
                shared(&mut c.output);
                if let Some(s) = &mut c.tests {
                    for f in &mut s.failures {
                        one(&mut f.name);
                        opt(&mut f.message);
                    }
                }
            }
            for e in &mut t.edits {
                shared(&mut e.path);
            }
            for e in &mut t.errors {
                one(&mut e.text);
            }
            let reasons = std::mem::take(&mut t.stats.skipped_reasons);
            for (mut reason, n) in reasons {
                one(&mut reason);
                *t.stats.skipped_reasons.entry(reason).or_default() += n;
            }
        }
        if let Some(s) = &mut self.since {
            s.files_changed_after.iter_mut().for_each(one);
        }
        self.warnings.iter_mut().for_each(one);
        self.notices.iter_mut().for_each(one);
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
    /// Limit for reading the git state (see [`git::collect_within`]).
    pub git_timeout: Duration,
    /// Transcript file.
    pub transcript: Option<PathBuf>,
    /// Forces the transcript format.
    pub transcript_format: Option<transcript::Format>,
    /// Use the newest agent session of this repository (`--latest`).
    pub latest: bool,
    /// With `latest`, only this agent's sessions (`--agent`).
    pub agent: Option<transcript::latest::Agent>,
    /// Redact secrets in everything collected (off only with `--no-redact`).
    pub redact: bool,
}

/// Default limit for reading the git state: reading a 40,000-file repository takes well under a
/// second; an agent hook must not wait much longer than this for a repository that hangs.
/// The evidence ids a note cites, as a regex fragment: `G` (git now), then by kind and number
/// `T` test reports, `M` messages, `C` commands, `E` file edits, `X` errors and `A` actions
/// outside the workspace. One grammar for the note parser and the validator.
pub(crate) const ID_PATTERN: &str = r"(?:G|[TMCEXA][1-9][0-9]*)";

pub(crate) const GIT_TIMEOUT: Duration = Duration::from_secs(20);

impl Default for Request {
    fn default() -> Self {
        Request {
            repo: PathBuf::from("."),
            tests: Vec::new(),
            tests_format: None,
            test_cmd: None,
            test_timeout: Duration::from_secs(600),
            git_timeout: GIT_TIMEOUT,
            transcript: None,
            transcript_format: None,
            latest: false,
            agent: None,
            redact: true,
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
    read_git(&mut ev, &req.repo, req.git_timeout)?;
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
        if let Some(why) = &run.not_run {
            ev.warnings
                .push(format!("--test-cmd `{cmd}` could not run the tests: {why}"));
        }
        ev.tests.push(run);
    }
    let latest = if req.latest {
        let root = ev
            .git
            .as_ref()
            .map(|g| PathBuf::from(&g.root))
            .unwrap_or_else(|| req.repo.clone());
        let found = transcript::latest::find(&root, req.agent)?;
        let launch = match found.start {
            Some((_, line)) => format!(", its last launch from line {line}"),
            None => String::new(),
        };
        ev.notices.push(format!(
            "--latest: reading the newest {} session {} (cwd {}{launch})",
            found.agent.name(),
            found.path.display(),
            found.cwd
        ));
        Some(found)
    } else {
        None
    };
    let source = match &latest {
        Some(found) => Some((
            &found.path,
            Some(found.format),
            found.start.map_or(0, |(offset, _)| offset),
        )),
        None => req
            .transcript
            .as_ref()
            .map(|p| (p, req.transcript_format, 0)),
    };
    if let Some((path, format, start)) = source {
        add_transcript(&mut ev, path, format, start)?;
    }
    if req.redact {
        ev.redact();
    }
    Ok(ev)
}

/// Evidence of one recorded session (for `batch`), redacted: its transcript, and the git state
/// of its project when `repo` is given and is a repository. No test runs: an old session's
/// checks cannot be re-run for it.
pub(crate) fn collect_session(
    transcript: &std::path::Path,
    format: Option<transcript::Format>,
    repo: Option<&std::path::Path>,
) -> crate::Result<Evidence> {
    let mut ev = Evidence::default();
    match repo {
        Some(dir) => read_git(&mut ev, dir, GIT_TIMEOUT)?,
        None => ev.warnings.push(
            "the session's project folder is not on this machine; the workspace state is unknown"
                .to_string(),
        ),
    }
    add_transcript(&mut ev, transcript, format, 0)?;
    // A recorded session is over: what the repository did after it is part of its evidence.
    // (`summarize` describes the session in progress, so it has nothing after it.)
    ev.since = match (&ev.git, &ev.transcript) {
        (Some(g), Some(t)) => since::collect(g, t),
        _ => None,
    };
    // Old sessions are summarized in bulk, unattended: always redacted.
    ev.redact();
    Ok(ev)
}

/// Reads the git state of the repository containing `dir` into `ev`, within `limit`. No
/// repository, or one that could not be read in time, is a warning; the note says so.
fn read_git(ev: &mut Evidence, dir: &std::path::Path, limit: Duration) -> crate::Result<()> {
    match git::collect_within(dir, limit)? {
        git::Reading::State(state) => ev.git = Some(*state),
        git::Reading::NoRepository => ev
            .warnings
            .push(format!("no git repository at {}", dir.display())),
        git::Reading::TimedOut(limit) => {
            let why = format!(
                "git state unavailable: reading the repository at {} did not finish (timed out after {} s); run `git status` there: a corrupt object (one cut short by a crash or a full disk) does this",
                dir.display(),
                limit.as_secs_f64()
            );
            ev.warnings.push(why.clone());
            ev.git_unavailable = Some(why);
        }
    }
    Ok(())
}

/// Reads the transcript at `path` (`-`: the standard input) from byte `start` on (aider's last
/// launch; 0 for a whole file) into `ev`, with its reading warnings, and dates the commits
/// against it.
fn add_transcript(
    ev: &mut Evidence,
    path: &std::path::Path,
    format: Option<transcript::Format>,
    start: u64,
) -> crate::Result<()> {
    let t = if path == std::path::Path::new(transcript::STDIN_ARG) {
        transcript::read_stdin(&mut std::io::stdin().lock(), format)?
    } else if start == 0 && transcript::read_once(path) {
        transcript::read_pipe(path, format)?
    } else {
        transcript::read_from(path, format, start)?
    };
    if t.stats.invalid_utf8 > 0 {
        ev.warnings.push(format!(
            "{}: invalid UTF-8 in {} record(s), replaced with U+FFFD",
            t.session.source, t.stats.invalid_utf8
        ));
    }
    for (reason, n) in &t.stats.skipped_reasons {
        ev.warnings.push(format!(
            "{}: skipped {n} record(s): {reason}",
            t.session.source
        ));
    }
    if let Some(git) = ev.git.as_mut() {
        mark_session_commits(git, &t);
    }
    ev.transcript = Some(t);
    Ok(())
}

/// Slack around the session's first and last record: a commit made by a hook or right after the
/// last message still belongs to the session.
const SESSION_COMMIT_SLACK_SECS: i64 = 120;

/// Marks the commits made while the session ran: those the agent itself says it made (aider's
/// `Commit <sha>` lines, matched by id: its times have no zone), and those whose committer time
/// lies within the session's span.
fn mark_session_commits(git: &mut GitState, t: &Transcript) {
    let named: Vec<&str> = t
        .session
        .launches
        .iter()
        .flat_map(|l| l.commits.iter().map(String::as_str))
        .filter(|sha| sha.len() >= 7)
        .collect();
    let span = t.session.started_at.zip(t.session.ended_at);
    let slack = chrono::Duration::seconds(SESSION_COMMIT_SLACK_SECS);
    for c in &mut git.commits {
        let by_id = named.iter().any(|sha| c.id.starts_with(sha));
        let by_time = span.is_some_and(|(start, end)| {
            c.time
                .is_some_and(|at| at >= start - slack && at <= end + slack)
        });
        c.in_session = by_id || by_time;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{DateTime, Utc};

    fn at(s: &str) -> Option<DateTime<Utc>> {
        s.parse().ok()
    }

    fn commit(id: &str, t: &str) -> git::CommitInfo {
        git::CommitInfo {
            id: id.into(),
            summary: format!("commit {id}"),
            time: at(t),
            in_session: false,
            ..git::CommitInfo::default()
        }
    }

    #[test]
    fn commits_inside_the_session_span_are_marked() {
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

    #[test]
    fn commits_the_agent_names_are_marked_by_id_without_a_clock() {
        let mut g = GitState {
            commits: vec![
                commit("1b2614a0c0ffee", "2025-12-03T19:45:00Z"),
                commit("9999999abcdef0", "2025-12-03T19:46:00Z"),
            ],
            ..GitState::default()
        };
        // aider: local-time headings only, so no span; the launch names its commit.
        let mut t = Transcript::default();
        t.session.launches = vec![transcript::Launch {
            commits: vec!["1b2614a".into()],
            ..Default::default()
        }];
        mark_session_commits(&mut g, &t);
        let marked: Vec<bool> = g.commits.iter().map(|c| c.in_session).collect();
        assert_eq!(marked, [true, false]);
    }
}
