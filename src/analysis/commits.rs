//! The commits a session made, attributed from evidence, never from timing alone: a `git
//! commit` whose output names the new commit (`[branch abc1234] message`), aider's `commit
//! abc1234 message` lines, each matched to this repository's history by id or, when the ids
//! differ (a rebuilt or rebased history), by message. Commits in the session's window that
//! nothing in the transcript made are listed apart: "also committed meanwhile".

use super::requests::aider_commit;
use super::scope::View;
use super::text;
use crate::evidence::Evidence;
use crate::evidence::transcript::Role;
use crate::phrases;
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::sync::LazyLock;

/// Commits made by the session and by others meanwhile.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Commits {
    /// The session's commits, oldest first.
    pub session: Vec<SessionCommit>,
    /// Commits in this repository's history made in the session's window but not by it, newest
    /// first.
    pub meanwhile: Vec<CommitRef>,
    /// A tool that writes commits through an API (GitHub's `push_files`…) the session called, and
    /// the event that shows it: commits meanwhile may then be the session's own, made without git.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_writer: Option<(String, String)>,
    /// What the session did outside the workspace and saw succeed (pushes, pull requests through
    /// a tool), in order: work a successor would otherwise redo or believe undone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub remote: Vec<RemoteAction>,
}

/// An action outside the workspace that succeeded.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct RemoteAction {
    /// Its evidence id (`A3`).
    pub id: String,
    /// The tool (`push_files`).
    pub tool: String,
    /// What it acted on, as recorded (`owner=…, repo=…, message=…`).
    pub target: String,
}

/// A commit the session made.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct SessionCommit {
    /// The id the transcript shows (short).
    pub sha: String,
    /// The first line of the message.
    pub subject: String,
    /// The rest of the message (trailers removed), when the transcript or the repository has it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub body: String,
    /// The branch the output names.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub branch: Option<String>,
    /// The matching commit in this repository's history (full id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repo_id: Option<String>,
    /// The paths it changed (from the repository), when matched.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
    /// The `git push` that published it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pushed_by: Option<String>,
    /// The aider `/undo` that removed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub undone_by: Option<String>,
    /// Evidence ids (the command or message that shows it).
    pub cite: Vec<String>,
}

impl SessionCommit {
    /// The id to show: this repository's when matched, else the transcript's.
    pub(crate) fn short(&self) -> String {
        let id = self.repo_id.as_deref().unwrap_or(&self.sha);
        id[..id.len().min(7)].to_string()
    }
}

/// A commit of this repository.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct CommitRef {
    /// Full id.
    pub id: String,
    /// First line.
    pub summary: String,
    /// The session's action that wrote it through an API (`push_files` with this message), when
    /// one did: then it is the session's own commit, made without git.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub by_action: Option<String>,
}

static COMMIT_OUTPUT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^\[([^\]\s]+)(?: \(root-commit\))? ([0-9a-f]{7,40})\] (.+)$").expect("regex")
});
static PUSH_RANGE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^\s*(?:\+ )?[0-9a-f]{7,40}\.{2,3}([0-9a-f]{7,40})\s").expect("regex")
});
static NEW_BRANCH_PUSH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^\s*\* \[new branch\]\s+(\S+)").expect("regex"));

/// Slack around the session's span, as for `in_session` marks.
const WINDOW_SLACK_SECS: i64 = 120;

/// Attributes commits.
pub(crate) fn of(ev: &Evidence, view: &View) -> Commits {
    let mut session: Vec<SessionCommit> = Vec::new();
    // `git commit` output.
    for (c, parsed) in view.commands.iter().zip(&view.parsed) {
        let runs_commit = parsed.segments.iter().any(|s| s.starts_with("git commit"));
        if !runs_commit {
            continue;
        }
        let body = message_body(&c.command);
        // The paths `git add` named on the same line: what the commit holds when this
        // repository's history does not have it.
        let added: Vec<String> = crate::evidence::shell::lexer::parse(&c.command)
            .segments
            .iter()
            .filter(|s| s.len() > 2 && s[0] == "git" && s[1] == "add")
            .flat_map(|s| s[2..].iter())
            .filter(|w| !w.starts_with('-') && *w != "." && !w.contains('*'))
            .cloned()
            .collect();
        // A commit whose result the transcript lost (the session was cut off on it): the
        // repository's commit with its exact message, made no earlier than the command ran,
        // is its product.
        if !c.has_result
            && let Some(git) = ev.git.as_ref()
            && let Some(subject) = message_of(&c.command)
                .lines()
                .next()
                .map(text::one_line)
                .filter(|s| !s.is_empty())
            && let Some(made) = git.commits.iter().find(|g| {
                text::one_line(&g.summary) == subject
                    && match (g.time, c.at) {
                        (Some(t), Some(at)) => {
                            t >= at - chrono::Duration::seconds(WINDOW_SLACK_SECS)
                        }
                        _ => false,
                    }
            })
        {
            session.push(SessionCommit {
                sha: made.id[..made.id.len().min(7)].to_string(),
                subject,
                body: body.clone(),
                branch: None,
                repo_id: None,
                files: added.clone(),
                pushed_by: None,
                undone_by: None,
                cite: vec![c.id.to_string()],
            });
            continue;
        }
        for m in COMMIT_OUTPUT.captures_iter(&c.output) {
            session.push(SessionCommit {
                sha: m[2].to_string(),
                subject: text::one_line(&m[3]),
                body: body.clone(),
                branch: Some(m[1].to_string()),
                repo_id: None,
                files: added.clone(),
                pushed_by: None,
                undone_by: None,
                cite: vec![c.id.to_string()],
            });
        }
    }
    // aider's commit lines and /undo.
    let mut undo_points: Vec<(u64, String)> = Vec::new();
    for m in &view.messages {
        if m.role != Role::Assistant
            && let Some((sha, msg)) = aider_commit(&m.text)
        {
            session.push(SessionCommit {
                sha,
                subject: msg,
                body: String::new(),
                branch: None,
                repo_id: None,
                files: Vec::new(),
                pushed_by: None,
                undone_by: None,
                cite: vec![m.id.clone()],
            });
        }
        if m.role == Role::User && m.text.trim() == "/undo" {
            undo_points.push((m.seq, m.id.clone()));
        }
    }
    let seqs = EvidenceSeqs::of(view, &session);
    session.sort_by_key(|sc| seqs.of_commit(sc).unwrap_or(0));
    for (seq, id) in undo_points {
        let seq_of = |sc: &SessionCommit| seqs.of_commit(sc).unwrap_or(0);
        if let Some(sc) = session
            .iter_mut()
            .rfind(|sc| sc.undone_by.is_none() && seq_of(sc) < seq)
        {
            sc.undone_by = Some(id);
        }
    }
    // Pushes.
    for (c, parsed) in view.commands.iter().zip(&view.parsed) {
        let pushes = parsed.segments.iter().any(|s| s.starts_with("git push"));
        if !pushes {
            continue;
        }
        let tips: Vec<String> = PUSH_RANGE
            .captures_iter(&c.output)
            .map(|m| m[1].to_string())
            .collect();
        let new_branch: Vec<String> = NEW_BRANCH_PUSH
            .captures_iter(&c.output)
            .map(|m| m[1].to_string())
            .collect();
        for sc in &mut session {
            let tip = tips
                .iter()
                .any(|t| t.starts_with(&sc.sha) || sc.sha.starts_with(t.as_str()));
            let branch = sc.branch.as_ref().is_some_and(|b| new_branch.contains(b));
            if (tip || branch) && sc.pushed_by.is_none() {
                sc.pushed_by = Some(c.id.to_string());
            }
        }
    }
    // Match to this repository's history.
    let Some(git) = ev.git.as_ref() else {
        return Commits {
            session,
            meanwhile: Vec::new(),
            api_writer: api_writer(view),
            remote: remote_actions(view),
        };
    };
    let mut taken: Vec<usize> = Vec::new();
    for sc in &mut session {
        let by_id = git.commits.iter().position(|c| c.id.starts_with(&sc.sha));
        let by_message = || {
            git.commits
                .iter()
                .enumerate()
                .position(|(i, c)| !taken.contains(&i) && text::one_line(&c.summary) == sc.subject)
        };
        if let Some(i) = by_id.or_else(by_message) {
            taken.push(i);
            let c = &git.commits[i];
            sc.repo_id = Some(c.id.clone());
            sc.files = c.files.clone();
            if sc.body.is_empty() {
                sc.body = strip_trailers(&c.body);
            }
        }
    }
    // Meanwhile: unmatched commits inside the session's window, or between its own commits.
    let t = view.transcript;
    let scope_start = t.and_then(|t| t.session.started_at);
    let end = t.and_then(|t| t.session.ended_at);
    let slack = chrono::Duration::seconds(WINDOW_SLACK_SECS);
    let span = match (taken.iter().min(), taken.iter().max()) {
        (Some(&newest), Some(&oldest)) => Some((newest, oldest)),
        _ => None,
    };
    let meanwhile = git
        .commits
        .iter()
        .enumerate()
        .filter(|(i, _)| !taken.contains(i))
        .filter(|(i, c)| {
            let in_window = match (scope_start, end, c.time) {
                (Some(s), Some(e), Some(at)) => at >= s - slack && at <= e + slack,
                _ => false,
            };
            let between = span.is_some_and(|(newest, oldest)| *i > newest && *i < oldest);
            in_window || between
        })
        .map(|(_, c)| {
            let summary = text::one_line(&c.summary);
            CommitRef {
                id: c.id.clone(),
                by_action: committed_by_action(view, &summary),
                summary,
            }
        })
        .collect();
    let api_writer = api_writer(view);
    Commits {
        session,
        meanwhile,
        api_writer,
        remote: remote_actions(view),
    }
}

/// The successful commit-writing action whose recorded message begins with `summary`.
fn committed_by_action(view: &View, summary: &str) -> Option<String> {
    let wrote = format!("message={summary}");
    view.actions
        .iter()
        .find(|a| {
            a.ok == Some(true)
                && phrases::API_COMMIT_TOOL.is_match(&a.tool)
                && a.target.contains(&wrote)
        })
        .map(|a| a.id.clone())
}

/// The session's actions outside the workspace that succeeded, in order.
fn remote_actions(view: &View) -> Vec<RemoteAction> {
    view.actions
        .iter()
        .filter(|a| a.ok == Some(true))
        .map(|a| RemoteAction {
            id: a.id.clone(),
            tool: a.tool.clone(),
            target: a.target.clone(),
        })
        .collect()
}

/// The first commit-writing API tool the session called, else the first its errors or own
/// messages name.
fn api_writer(view: &View) -> Option<(String, String)> {
    let called = view
        .actions
        .iter()
        .find(|a| phrases::API_COMMIT_TOOL.is_match(&a.tool));
    if let Some(a) = called {
        return Some((a.tool.clone(), a.id.clone()));
    }
    let errors = view.errors.iter().map(|e| (e.text.as_str(), &e.id));
    let said = view.said().map(|m| (m.text.as_str(), &m.id));
    errors.chain(said).find_map(|(text, id)| {
        let m = phrases::API_COMMIT_TOOL.regex().find(text)?;
        Some((m.as_str().to_string(), id.clone()))
    })
}

/// The transcript order of the evidence that shows a commit.
/// The order (`seq`) of each command and message a commit cites first, found by one scan: a long
/// session's commits were each looked up by a scan of every command while sorting, and a table of
/// every id held some 100,000 entries for the few that commits cite.
struct EvidenceSeqs<'v> {
    commands: HashMap<&'v str, u64>,
    messages: HashMap<&'v str, u64>,
}

impl<'v> EvidenceSeqs<'v> {
    fn of(view: &View<'v>, session: &[SessionCommit]) -> EvidenceSeqs<'v> {
        let cited: HashSet<&str> = session
            .iter()
            .filter_map(|sc| sc.cite.first())
            .map(String::as_str)
            .collect();
        // The first of equal ids, as a scan finds it.
        let mut commands = HashMap::new();
        for c in view
            .commands
            .iter()
            .filter(|c| cited.contains(c.id.as_str()))
        {
            commands.entry(c.id.as_str()).or_insert(c.seq);
        }
        let mut messages = HashMap::new();
        for m in view
            .messages
            .iter()
            .filter(|m| cited.contains(m.id.as_str()))
        {
            messages.entry(m.id.as_str()).or_insert(m.seq);
        }
        EvidenceSeqs { commands, messages }
    }

    /// The `seq` of the command (else the message) a commit's first citation names.
    fn of_commit(&self, sc: &SessionCommit) -> Option<u64> {
        let id = sc.cite.first()?.as_str();
        self.commands
            .get(id)
            .or_else(|| self.messages.get(id))
            .copied()
    }
}

/// The message body a `git commit -m …` (or a here-doc) wrote: the lines after the first,
/// without trailers (`Co-Authored-By:`, `Signed-off-by:`).
pub(crate) fn message_body(command: &str) -> String {
    let message = message_of(command);
    let body = message.split_once('\n').map(|(_, b)| b).unwrap_or("");
    strip_trailers(body)
}

/// The whole message a `git commit -m …` (or a here-doc) wrote, empty when it names none.
fn message_of(command: &str) -> String {
    static HEREDOC: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?s)<<-?\s*['"]?(\w+)['"]?\s*\n(.*?)\n\s*(\w+)\s*(?:\n|$)"#).expect("regex")
    });
    static DASH_M: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r#"(?s)(?:^|\s)-m\s+(?:"((?:[^"\\]|\\.)*)"|'([^']*)')"#).expect("regex")
    });
    if let Some(h) = HEREDOC.captures(command).filter(|h| h[1] == h[3]) {
        h[2].to_string()
    } else {
        let parts: Vec<String> = DASH_M
            .captures_iter(command)
            .filter_map(|m| {
                m.get(1)
                    .or(m.get(2))
                    .map(|x| x.as_str().replace("\\\"", "\""))
            })
            .collect();
        parts.join("\n\n")
    }
}

fn strip_trailers(body: &str) -> String {
    body.lines()
        .filter(|l| {
            let t = l.trim_start().to_ascii_lowercase();
            !(t.starts_with("co-authored-by:")
                || t.starts_with("signed-off-by:")
                || t.starts_with("🤖 generated with")
                || t.starts_with("generated with [claude"))
        })
        .collect::<Vec<_>>()
        .join("\n")
        .trim()
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::scope::{self, View};
    use crate::evidence::git::CommitInfo;
    use crate::testkit::*;

    #[test]
    fn a_commit_writing_api_tool_the_session_called_is_noticed() {
        let mut t = chat(vec![
            user(1, "push the app to GitHub", 0),
            said(
                2,
                "I'll create README.md with create_or_update_file first.",
                2,
            ),
        ]);
        t.errors = vec![crate::evidence::transcript::ErrorEvent {
            id: "X1".into(),
            text: "push_files: MCP tool 'push_files' reported tool error".into(),
            evidence: None,
            at: None,
            seq: 1,
        }];
        let ev = evidence(t);
        let s = scope::of(&ev);
        let c = of(&ev, &View::new(&ev, &s));
        assert_eq!(c.api_writer, Some(("push_files".into(), "X1".into())));
        let plain = evidence(chat(vec![said(1, "git push origin main", 0)]));
        let s = scope::of(&plain);
        assert_eq!(of(&plain, &View::new(&plain, &s)).api_writer, None);
    }

    #[test]
    fn a_commit_whose_result_was_lost_is_the_sessions_by_its_exact_message() {
        let at = |s: &str| s.parse().ok();
        let mut t = chat(vec![user(1, "scaffold the app and push it", 0)]);
        t.session.started_at = at("2026-02-01T10:00:00Z");
        t.session.ended_at = at("2026-02-01T10:20:00Z");
        let mut last = ran(
            1,
            "git init && \\\ngit add . && \\\ngit commit -m \"Scaffold the app\" && \\\ngit push -u origin main -f",
            None,
            "",
            1,
        );
        last.has_result = false;
        last.at = at("2026-02-01T10:20:00Z");
        t.commands = vec![last];
        let mut g = git_state(&[]);
        g.commits = vec![
            // Made 40 s after the last recorded event: the cut-off command's commit.
            CommitInfo {
                id: "d5e7b37aa0".into(),
                summary: "Scaffold the app".into(),
                time: at("2026-02-01T10:20:40Z"),
                ..CommitInfo::default()
            },
            // The same message long before the command ran is someone else's.
            CommitInfo {
                id: "11aa22bb33".into(),
                summary: "Scaffold the app".into(),
                time: at("2026-01-01T09:00:00Z"),
                ..CommitInfo::default()
            },
        ];
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let s = scope::of(&ev);
        let c = of(&ev, &View::new(&ev, &s));
        assert_eq!(c.session.len(), 1, "{c:?}");
        assert_eq!(c.session[0].short(), "d5e7b37");
        assert_eq!(c.session[0].cite, vec!["C1".to_string()]);
        assert!(c.meanwhile.is_empty(), "{c:?}");
        // A commit the command's recorded output does not show is not attributed by message.
        let mut t = chat(vec![user(1, "commit", 0)]);
        t.commands = vec![ran(
            1,
            "git commit -m \"Scaffold the app\"",
            Some(1),
            "nothing to commit",
            1,
        )];
        let ev = Evidence {
            git: ev.git.clone(),
            ..evidence(t)
        };
        let s = scope::of(&ev);
        assert!(of(&ev, &View::new(&ev, &s)).session.is_empty());
    }

    #[test]
    fn commits_are_attributed_by_output_and_matched_by_message() {
        let mut t = chat(vec![user(1, "commit it", 0)]);
        t.session.started_at = "2026-05-04T13:33:00Z".parse().ok();
        t.session.ended_at = "2026-05-04T14:35:00Z".parse().ok();
        t.commands = vec![
            ran(
                1,
                "git add a && git commit -m \"$(cat <<'EOF'\nfeat(zerion): add demo\n\nWraps the CLI in an isolated script.\n\nCo-Authored-By: Claude <x@y>\nEOF\n)\"",
                None,
                "[bug-fix-01 f8e6fe0] feat(zerion): add demo\n 3 files changed",
                1,
            ),
            ran(
                2,
                "git push",
                None,
                "To https://github.com/o/r.git\n   0fada8d..f8e6fe0  bug-fix-01 -> bug-fix-01\n",
                2,
            ),
        ];
        let at = |s: &str| s.parse().ok();
        let mut g = git_state(&[]);
        g.commits = vec![
            CommitInfo {
                id: "5a4ca4ad00".into(),
                summary: "feat(zerion): add demo".into(),
                time: at("2026-05-04T14:32:48Z"),
                ..CommitInfo::default()
            },
            CommitInfo {
                id: "09f9df9f00".into(),
                summary: "docs(status): add agent handoff queue".into(),
                time: at("2026-05-04T14:01:02Z"),
                ..CommitInfo::default()
            },
            CommitInfo {
                id: "6c2e8d3d00".into(),
                summary: "fix(demo): before the session".into(),
                time: at("2026-05-04T13:26:05Z"),
                ..CommitInfo::default()
            },
        ];
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let s = scope::of(&ev);
        let c = of(&ev, &View::new(&ev, &s));
        assert_eq!(c.session.len(), 1);
        let sc = &c.session[0];
        assert_eq!(sc.short(), "5a4ca4a");
        assert_eq!(sc.body, "Wraps the CLI in an isolated script.");
        assert_eq!(sc.pushed_by.as_deref(), Some("C2"));
        assert_eq!(c.meanwhile.len(), 1);
        assert_eq!(
            c.meanwhile[0].summary,
            "docs(status): add agent handoff queue"
        );
    }

    /// A commit in the session's time whose message a successful `push_files` of the session
    /// wrote is the session's own, made through the tool; a failed push attributes nothing.
    #[test]
    fn a_commit_a_push_through_a_tool_wrote_is_the_sessions() {
        let mut t = chat(vec![user(1, "push the app to GitHub", 0)]);
        t.session.started_at = "2026-01-30T06:00:00Z".parse().ok();
        t.session.ended_at = "2026-01-30T06:20:00Z".parse().ok();
        t.actions = vec![
            action(
                1,
                "push_files",
                "repo=r, message=Initial commit: app",
                false,
                1,
            ),
            action(
                2,
                "create_or_update_file",
                "path=README.md, message=Initial commit",
                true,
                2,
            ),
            action(
                3,
                "push_files",
                "repo=r, files: 17 item(s), message=Source code",
                true,
                3,
            ),
        ];
        let mut g = git_state(&[]);
        g.commits = ["Source code", "Initial commit", "Unrelated fix"]
            .iter()
            .enumerate()
            .map(|(i, summary)| CommitInfo {
                id: format!("{i}abcdef000"),
                summary: summary.to_string(),
                time: "2026-01-30T06:15:00Z".parse().ok(),
                ..CommitInfo::default()
            })
            .collect();
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let s = scope::of(&ev);
        let c = of(&ev, &View::new(&ev, &s));
        let by: Vec<(&str, Option<&str>)> = c
            .meanwhile
            .iter()
            .map(|m| (m.summary.as_str(), m.by_action.as_deref()))
            .collect();
        assert_eq!(
            by,
            vec![
                ("Source code", Some("A3")),
                ("Initial commit", Some("A2")),
                ("Unrelated fix", None)
            ]
        );
        let remote: Vec<&str> = c.remote.iter().map(|r| r.id.as_str()).collect();
        assert_eq!(remote, vec!["A2", "A3"]);
        assert_eq!(c.api_writer, Some(("push_files".into(), "A1".into())));
    }

    #[test]
    fn aider_commits_and_undo() {
        let t = chat(vec![
            user(1, "cache it", 0),
            meta(
                2,
                "commit 8971d08 aider: Refactored ApiKeyGuard to use in-memory cache",
                1,
            ),
            wrapper(3, "/undo", 2),
        ]);
        let ev = evidence(t);
        let s = scope::of(&ev);
        let c = of(&ev, &View::new(&ev, &s));
        assert_eq!(c.session[0].undone_by.as_deref(), Some("M3"));
    }

    #[test]
    fn message_bodies() {
        assert_eq!(
            message_body("git commit -m 'fix: a' -m 'because b'"),
            "because b"
        );
        assert_eq!(message_body("git commit -m \"fix: a\""), "");
    }
}
