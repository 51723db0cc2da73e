//! Open-loop candidates, each with an owner and a check: requests nothing answered (or whose
//! answer was undone); questions, offers and options the agent's final message leaves open;
//! steps it hands to the person; checks still failing; a session that stopped mid-task; claims
//! of completion nothing checked; uncommitted work; commands the user asked for that never ran.
//! Also: where the session stopped, and the results the agent reported that no command shows.

use super::checks::{self, Checks};
use super::commits::Commits;
use super::history::{History, last_said};
use super::project::{Project, Relation};
use super::requests::{Answer, Requests};
use super::scope::View;
use super::text::{self, Block};
use crate::evidence::Evidence;
use crate::evidence::git::GitState;
use crate::evidence::shell;
use crate::evidence::transcript::Role;
use crate::note::{code_list, code_span};
use crate::phrases;
use serde::{Deserialize, Serialize};

/// Who closes a loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum LoopOwner {
    /// The next agent.
    Agent,
    /// The next agent, once the owner has answered.
    AgentAfterOwner,
    /// The person.
    Human,
}

/// What kind of loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum LoopKind {
    /// A merge, rebase, cherry-pick, revert, bisect or `git am` stopped half-way, or paths left
    /// conflicted.
    Unfinished,
    /// A request nothing answered.
    Unanswered,
    /// A request whose answer the owner undid.
    Undone,
    /// Part of the request left because the agent said it was already done, unchecked.
    Skipped,
    /// A question or offer the final message leaves open.
    Question,
    /// Steps handed to the person.
    Handoff,
    /// A check still failing.
    Failing,
    /// A check that could not run (not found, not executable, killed, out of time).
    NotRun,
    /// The session stopped before its last step finished.
    Stopped,
    /// A claim of completion nothing checked.
    Unchecked,
    /// Uncommitted work.
    Uncommitted,
    /// A command the request asked for, never run.
    NeverRun,
    /// Files whose names look like an editing accident (a line of text taken as a file name).
    OddFiles,
    /// A TODO/FIXME the uncommitted diff adds.
    Todo,
    /// Stub code (a page "under construction", `NotImplementedError`) in files the session wrote.
    Stubs,
    /// A file the goal request names that the session never changed.
    Untouched,
}

/// One open-loop candidate.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct LoopFact {
    /// What kind.
    pub kind: LoopKind,
    /// Who closes it.
    pub owner: LoopOwner,
    /// What is open.
    pub text: String,
    /// How to tell it is closed (a command, or an observable event).
    pub verify: String,
    /// Evidence ids.
    pub cite: Vec<String>,
    /// The next action this loop makes, when it is chosen.
    pub next: String,
}

/// Where the session stopped.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Stopped {
    /// The last command (id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    /// It, shortened.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub command_text: String,
    /// True when its result is not in the transcript and nothing came after it.
    pub no_result: bool,
    /// The agent's last message (id).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub said: Option<String>,
    /// Its last sentence, shortened.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub said_text: String,
    /// The agent's stated next step when the session stopped before doing it.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub plan: String,
}

/// A result the agent reported that no recorded command shows ("Test 2 PASSED!").
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Reported {
    /// The claim.
    pub text: String,
    /// Where the agent said it was a simulation, quoted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub simulated: Option<String>,
    /// Evidence ids.
    pub cite: Vec<String>,
}

/// Where the session stopped.
pub(crate) fn stopped(view: &View) -> Stopped {
    let mut s = Stopped::default();
    let last_seq = view.last_seq();
    if let Some(c) = view.commands.last() {
        s.command = Some(c.id.to_string());
        s.command_text = checks::shown(&c.command);
        s.no_result = !c.has_result && Some(c.seq) == last_seq;
    }
    if let Some(m) = last_said(view) {
        s.said = Some(m.id.clone());
        let plain = text::plain(&text::without_fences(&m.text));
        let sents = text::sentences(&plain);
        // A file name alone (aider's whole-file edits end on `name.py` before the listing) says
        // nothing: the last sentence of three words or more does, if any.
        s.said_text = sents
            .iter()
            .rev()
            .find(|l| l.split_whitespace().count() >= 3)
            .map(|l| text::shorten(l, 200))
            .unwrap_or_default();
        // Stated next steps the session never got to: the message is (nearly) the last event;
        // the agent's intents since the person last spoke, the latest two.
        let after = view.commands.iter().filter(|c| c.seq > m.seq).count()
            + view.edits.iter().filter(|e| e.seq > m.seq).count();
        if after <= 1 && (s.no_result || after == 0) {
            let since = view
                .messages
                .iter()
                .filter(|u| u.role == Role::User && u.is_user_request() && u.seq < m.seq)
                .map(|u| u.seq)
                .next_back()
                .unwrap_or(0);
            let mut plans: Vec<String> = view
                .said()
                .filter(|x| x.seq > since)
                .flat_map(|x| {
                    text::sentences(&text::plain(&text::without_fences(&x.text)))
                        .into_iter()
                        .filter(|t| phrases::INTENT.is_match(t) && !phrases::QUESTION.is_match(t))
                        .map(|t| text::shorten(&t, 200))
                        .collect::<Vec<_>>()
                })
                .collect();
            let keep = plans.len().saturating_sub(2);
            plans.drain(..keep);
            s.plan = plans.join(" … ");
        }
    }
    s
}

/// Results the agent reported that no recorded command shows.
pub(crate) fn reported(view: &View) -> Vec<Reported> {
    static CLAIM: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"(?i)^\W*(?:test|step|check|scenario|case)\s+#?\d+\b[^.!|]{0,40}\b(?:passed|passes|works|succeeded|ok)\b")
            .expect("static regex")
    });
    let said: Vec<_> = view.said().collect();
    let mut out = Vec::new();
    for (k, m) in said.iter().enumerate() {
        let plain = text::plain(&text::without_fences(&m.text));
        let sents = text::sentences(&plain);
        let Some(first) = sents.iter().position(|s| CLAIM.is_match(s)) else {
            continue;
        };
        let claim = sents[first..]
            .iter()
            .take(2)
            .cloned()
            .collect::<Vec<_>>()
            .join(" ");
        // A command that judged the work in the same turn backs it.
        let from = if k > 0 { said[k - 1].seq } else { 0 };
        let backed = view.commands.iter().any(|c| {
            c.seq > from && c.seq < m.seq && (c.is_test || c.is_check) && c.ok == Some(true)
        });
        if backed {
            continue;
        }
        // The agent's words in this turn: since the person last spoke.
        let turn_start = view
            .messages
            .iter()
            .filter(|u| u.role == Role::User && u.seq < m.seq && u.is_user_request())
            .map(|u| u.seq)
            .next_back()
            .unwrap_or(0);
        let simulated = std::iter::once(*m)
            .chain(
                said[..k]
                    .iter()
                    .rev()
                    .copied()
                    .filter(|x| x.seq > turn_start),
            )
            .find_map(|x| {
                text::sentences(&text::plain(&x.text))
                    .into_iter()
                    .find(|s| phrases::SIMULATED.is_match(s) && !s.contains('|'))
                    .map(|s| (x.id.clone(), s))
            });
        let mut cite = vec![m.id.clone()];
        if let Some((id, _)) = &simulated
            && id != &m.id
        {
            cite.push(id.clone());
        }
        out.push(Reported {
            text: text::shorten(&claim, 160),
            simulated: simulated.map(|(_, s)| text::quote(&s, 160)),
            cite,
        });
    }
    out
}

/// The open-loop candidates.
#[allow(clippy::too_many_arguments)]
pub(crate) fn of(
    ev: &Evidence,
    view: &View,
    project: &Project,
    requests: &Requests,
    checks: &Checks,
    commits: &Commits,
    history: &History,
    stopped: &Stopped,
) -> Vec<LoopFact> {
    let mut out: Vec<LoopFact> = Vec::new();
    // Nothing else can be done safely until a stopped merge, rebase… is finished or given up.
    out.extend(ev.git.as_ref().and_then(unfinished_operation));
    unanswered(view, requests, &mut out);
    // Part of the request left on the agent's word that it was already done, with nothing
    // recorded that looked first: the request may be only partly answered.
    for k in history.skipped.iter().filter(|k| k.after.is_empty()) {
        let request = requests
            .goal()
            .map(|r| format!(" of {} ({})", text::quote(&r.summary, 100), r.id))
            .unwrap_or_default();
        out.push(LoopFact {
            kind: LoopKind::Skipped,
            owner: LoopOwner::Agent,
            text: format!(
                "Left as it was on the agent's word that it needed nothing, which no recorded command checked ({}): {}",
                k.said,
                text::quote(&k.text, 200)
            ),
            verify: "read it and confirm, or do that part of the request".into(),
            cite: vec![k.said.clone()],
            next: format!(
                "Check the agent's unchecked judgement ({}) {} — if it is wrong, that part{request} is still to do",
                k.said,
                text::quote(&k.text, 200)
            ),
        });
    }
    let last = last_said(view);
    let last_request_seq = requests.goal().map(|r| r.seq).unwrap_or(0);
    if let Some(m) =
        last.filter(|m| m.seq > last_request_seq || open_request_after(requests, m.seq))
    {
        questions(m, &mut out);
        let asked_for_steps = requests
            .goal()
            .is_some_and(|r| phrases::STEPS_REQUEST.is_match(&r.text));
        handoffs(m, asked_for_steps, &mut out);
    }
    for c in checks.failing() {
        let error = match &c.latest {
            checks::Verdict::Fail { error } => error.clone(),
            _ => String::new(),
        };
        let shown = c
            .last()
            .map(|r| r.shown.clone())
            .unwrap_or_else(|| c.identity.clone());
        let human = needs_a_person(&error);
        let tests: Vec<String> = c.failing_tests.iter().map(|(n, _)| code_span(n)).collect();
        let (text, next) = match c.failing_tests.first() {
            Some((name, message)) => (
                format!(
                    "{} fails on its last run: {}{}",
                    c.label(),
                    tests.join(", "),
                    if message.is_empty() {
                        String::new()
                    } else {
                        format!(" ({message})")
                    }
                ),
                format!(
                    "Fix the failing test {}, then run {}",
                    code_span(name),
                    c.label()
                ),
            ),
            None => (
                format!("{} fails on its last run: {error}", c.label()),
                format!("Run {} and fix its first error: {error}", c.label()),
            ),
        };
        out.push(LoopFact {
            kind: LoopKind::Failing,
            owner: if human {
                LoopOwner::Human
            } else {
                LoopOwner::Agent
            },
            text,
            verify: shown.clone(),
            cite: vec![c.latest_run.clone()],
            next,
        });
    }
    for (c, why) in checks.not_run() {
        out.push(LoopFact {
            kind: LoopKind::NotRun,
            owner: LoopOwner::Agent,
            text: format!(
                "{} could not run, so what it checks is unknown: {why}",
                c.label()
            ),
            verify: c
                .last()
                .map(|r| r.shown.clone())
                .unwrap_or_else(|| c.identity.clone()),
            cite: vec![c.latest_run.clone()],
            next: format!("Get {} to run, then run it: {why}", c.label()),
        });
    }
    if stopped.no_result
        && let Some(id) = &stopped.command
        && let Some(cmd) = view.commands.iter().find(|c| &c.id == id)
    {
        out.push(cut_off(ev, cmd, requests, commits, stopped));
    }
    let stubs = stubs(ev, view, project);
    unchecked(view, checks, stubs.as_ref(), &mut out);
    odd_files(view, project, commits, &mut out);
    todos(ev, &mut out);
    out.extend(stubs.map(Stubs::into_loop));
    untouched(ev, view, project, requests, &mut out);
    uncommitted(ev, view, project, requests, &mut out);
    for u in &checks.unrun {
        out.push(LoopFact {
            kind: LoopKind::NeverRun,
            owner: LoopOwner::Agent,
            text: format!(
                "Requested in {} but never run: {}",
                u.request,
                code_span(&u.command)
            ),
            verify: u.command.clone(),
            cite: vec![u.request.clone()],
            next: format!(
                "Run {} (requested in {}) and read its output",
                code_span(&u.command),
                u.request
            ),
        });
    }
    out
}

/// The loop a session cut off on a command leaves: what that command did is read from what it
/// left (the files it names, the commit with its message, the paths written after it started),
/// and a command that changes state is never re-run to find out; then the request it was part
/// of is still to finish.
fn cut_off(
    ev: &Evidence,
    cmd: &crate::evidence::transcript::Command,
    requests: &Requests,
    commits: &Commits,
    stopped: &Stopped,
) -> LoopFact {
    let id = &cmd.id;
    let shown = code_span(&stopped.command_text);
    let written: Vec<String> = ev
        .git
        .iter()
        .flat_map(|g| g.status.iter())
        .filter(|s| {
            let name = s.path.rsplit('/').next().unwrap_or(&s.path);
            name.len() > 3 && cmd.command.contains(name)
        })
        .map(|s| s.path.clone())
        .collect();
    // Paths last written from the second it started to an hour later: probably its output.
    let after: Vec<String> = match (&ev.git, cmd.at) {
        (Some(g), Some(at)) => {
            let from = at - chrono::Duration::milliseconds(i64::from(at.timestamp_subsec_millis()));
            g.modified
                .iter()
                .filter(|(p, t)| {
                    **t >= from && **t <= at + chrono::Duration::hours(1) && !written.contains(p)
                })
                .map(|(p, _)| p.clone())
                .take(8)
                .collect()
        }
        _ => Vec::new(),
    };
    let made: Vec<&super::commits::SessionCommit> = commits
        .session
        .iter()
        .filter(|sc| sc.cite.iter().any(|c| c == id))
        .collect();
    let pushes = shell::segment_commands(&cmd.command)
        .iter()
        .any(|s| s.starts_with("git push"));
    let mut found: Vec<String> = Vec::new();
    if !written.is_empty() {
        found.push(format!(
            "it writes {}, which git shows as changed",
            list_spans(&written)
        ));
    }
    for sc in &made {
        found.push(format!(
            "its commit `{}` {} is in the history",
            sc.short(),
            text::quote(&sc.subject, 100)
        ));
    }
    if pushes {
        found.push("whether its `git push` went through is not recorded".into());
    }
    if !after.is_empty() {
        found.push(format!(
            "{} changed after it started (probably its output)",
            list_spans(&after)
        ));
    }
    let verify = if !written.is_empty() {
        code_span(&format!("ls -la {}", shell_quote_all(&written)))
    } else if !made.is_empty() || pushes {
        let mut v = code_span("git log --oneline -3");
        if pushes {
            v.push_str(&format!(
                " and {} (is the branch ahead of its upstream?)",
                code_span("git status -sb")
            ));
        }
        v
    } else if !after.is_empty() {
        code_span(&format!("ls -la {}", shell_quote_all(&after)))
    } else if shell::changes_state(&cmd.command) {
        format!(
            "what it changed ({} and the paths it names) before running it again: it changes state",
            code_span("git status --short")
        )
    } else {
        format!("re-run {shown} and read its output")
    };
    let plan = if stopped.plan.is_empty() {
        String::new()
    } else {
        format!(
            "; the agent's stated plan: {}",
            text::quote(&stopped.plan, 400)
        )
    };
    let request = requests
        .goal()
        .filter(|r| r.seq < cmd.seq)
        .map(|r| {
            format!(
                ", then take up the unfinished request {} ({})",
                text::quote(&r.summary, 120),
                r.id
            )
        })
        .unwrap_or_default();
    let mut cite = vec![id.to_string()];
    cite.extend(stopped.said.clone());
    LoopFact {
        kind: LoopKind::Stopped,
        owner: LoopOwner::Agent,
        text: format!(
            "The session ended on {shown} ({id}); its result is not recorded{}{plan}",
            found.iter().map(|f| format!("; {f}")).collect::<String>()
        ),
        verify: verify.clone(),
        cite,
        next: format!(
            "Check what the last command ({id}) did with {verify}{}{request}{}",
            if found.is_empty() {
                String::new()
            } else {
                format!(" ({})", found.join("; "))
            },
            if stopped.plan.is_empty() {
                String::new()
            } else {
                format!(
                    " from where it stopped; the agent's stated plan: {}",
                    text::quote(&stopped.plan, 200)
                )
            }
        ),
    }
}

fn list_spans(paths: &[String]) -> String {
    paths
        .iter()
        .map(|p| code_span(p))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Most conflicted paths named in one loop; `git diff --name-only --diff-filter=U` lists all.
const MAX_CONFLICTS_NAMED: usize = 3;

/// The loop of a merge, rebase, cherry-pick, revert, bisect or `git am` stopped half-way, or of
/// paths left conflicted (a `git stash pop` leaves them with no operation): its next step
/// resolves or abandons it, never commits a conflicted file.
fn unfinished_operation(g: &GitState) -> Option<LoopFact> {
    let conflicted: Vec<&str> = g.conflicted().collect();
    if g.operation.is_none() && conflicted.is_empty() {
        return None;
    }
    let named = code_list(&conflicted, MAX_CONFLICTS_NAMED);
    let list_cmd = "git diff --name-only --diff-filter=U";
    let (text, next, verify) = match &g.operation {
        Some(op) => {
            let w = op.kind.words();
            let what = match &op.subject {
                Some(s) => format!("A {} ({s})", code_span(&format!("git {}", w.name))),
                None => format!("A {}", code_span(&format!("git {}", w.name))),
            };
            match (conflicted.is_empty(), w.proceed) {
                (false, proceed) => (
                    format!(
                        "{what} stopped with {} conflicted path(s): {named}",
                        conflicted.len()
                    ),
                    format!(
                        "Resolve the conflict markers in {named}, mark each resolved with {}{}, or give the {} up with {}",
                        code_span("git add"),
                        proceed
                            .map(|p| format!(" and run {}", code_span(p)))
                            .unwrap_or_default(),
                        w.name,
                        code_span(w.abort)
                    ),
                    list_cmd.to_string(),
                ),
                (true, Some(proceed)) => (
                    format!("{what} is in progress with no conflict left"),
                    format!(
                        "Run {} to finish the {}, or {} to give it up",
                        code_span(proceed),
                        w.name,
                        code_span(w.abort)
                    ),
                    "git status".to_string(),
                ),
                (true, None) => (
                    format!("{what} is in progress"),
                    format!(
                        "Test the commit the bisect checked out and mark it with {} or {} ({} ends the bisect)",
                        code_span("git bisect good"),
                        code_span("git bisect bad"),
                        code_span(w.abort)
                    ),
                    "git bisect log".to_string(),
                ),
            }
        }
        None => (
            format!("{} path(s) left conflicted: {named}", conflicted.len()),
            format!(
                "Resolve the conflict markers in {named} and mark each resolved with {}",
                code_span("git add")
            ),
            list_cmd.to_string(),
        ),
    };
    Some(LoopFact {
        kind: LoopKind::Unfinished,
        owner: LoopOwner::Agent,
        text,
        verify,
        cite: vec!["G".into()],
        next,
    })
}

/// Whether an open request follows `seq` (the final message still stands when the person's
/// later messages went unanswered).
fn open_request_after(requests: &Requests, seq: u64) -> bool {
    requests.open_at_end().first().is_some_and(|r| r.seq > seq)
}

/// A failure only the person can fix: a missing tool, key, login or permission.
pub(crate) fn needs_a_person(error: &str) -> bool {
    phrases::NEEDS_A_PERSON.is_match(error)
}

fn unanswered(view: &View, requests: &Requests, out: &mut Vec<LoopFact>) {
    let open = requests.open_at_end();
    let Some(last) = open.last() else { return };
    let mut ids: Vec<String> = open.iter().flat_map(|r| r.also.iter().cloned()).collect();
    ids.extend(open.iter().map(|r| r.id.clone()));
    match &last.answer {
        Answer::Unanswered { errors, .. } => {
            let why = match errors.last() {
                Some(e) => format!(
                    "no reply: the session ended with {} model/API error(s), the last: {}",
                    errors.len(),
                    text::quote(e, 140)
                ),
                None => "no reply came before the session ended".to_string(),
            };
            let (verify, hint) = match named_command(view, &last.text) {
                Some((cmd, id)) => (
                    cmd.clone(),
                    format!(" — the agent named {} for it ({id})", code_span(&cmd)),
                ),
                None => {
                    // What the agent's last reply before it was about, to start from.
                    let context = last_said(view).filter(|m| m.seq < last.seq).and_then(|m| {
                        text::code_spans(&m.text)
                            .into_iter()
                            .find(|s| !s.contains(' ') && s.len() >= 4)
                            .map(|s| (s, m.id.clone()))
                    });
                    let verify = "the request is answered in the next session".to_string();
                    match context {
                        Some((s, id)) => (
                            verify,
                            format!(
                                " — the agent's last reply ({id}) was about {}",
                                code_span(&s)
                            ),
                        ),
                        None => (verify, String::new()),
                    }
                }
            };
            let what = if open.len() > 1 {
                format!("The last {} requests are unanswered", open.len())
            } else {
                "Unanswered request".to_string()
            };
            out.push(LoopFact {
                kind: LoopKind::Unanswered,
                owner: LoopOwner::Agent,
                text: format!(
                    "{what} ({}): {}; {why}{hint}",
                    ids.join(", "),
                    text::quote(&last.summary, 200)
                ),
                verify,
                cite: ids.clone(),
                // Its id is in `cite`, which the note prints after the text.
                next: match main_error(errors) {
                    // The model never answered: resending before it can answer repeats the failure.
                    Some((error, n)) => format!(
                        "Get the model answering first ({} {}), then send the request again: {}",
                        if n > 1 {
                            format!("{n}×")
                        } else {
                            "last".to_string()
                        },
                        text::quote(error_core(&error), 100),
                        text::quote(&last.summary, 120),
                    ),
                    None => format!(
                        "Answer the unanswered request {}{hint}",
                        text::quote(&last.summary, 160),
                    ),
                },
            });
        }
        Answer::Undone { by, commit } => {
            let what = match commit {
                Some(c) => format!("commit `{c}`"),
                None => "the agent's answer".to_string(),
            };
            out.push(LoopFact {
                kind: LoopKind::Undone,
                owner: LoopOwner::Human,
                text: format!(
                    "The owner undid the answer to {} {} with /undo ({by}): {what}; they have not said what they want instead",
                    last.id,
                    text::quote(&last.summary, 180)
                ),
                verify: "the owner says which approach to take".into(),
                cite: vec![last.id.clone(), by.clone()],
                next: format!(
                    "Ask the owner what they want for {} {} now that {what} was undone ({by})",
                    last.id,
                    text::quote(&last.summary, 140)
                ),
            });
        }
        Answer::Answered => {}
    }
}

/// A command the agent named in its messages for the request (shares a content word with it).
fn named_command(view: &View, request: &str) -> Option<(String, String)> {
    let words = text::content_words(request);
    for m in view.said().collect::<Vec<_>>().into_iter().rev() {
        for span in text::code_spans(&m.text).into_iter().rev() {
            let id = shell::normalise(&span);
            let looks_like_command = span.split_whitespace().count() >= 2
                && !id.command.is_empty()
                && !span.contains('(')
                && span.len() <= 160;
            if !looks_like_command {
                continue;
            }
            let lower = span.to_lowercase();
            if words.iter().any(|w| {
                let stem: String = w.chars().take(5).collect();
                lower.contains(&stem)
            }) {
                return Some((span, m.id.clone()));
            }
        }
    }
    None
}

/// Questions and offers in the final message, each with the heading it sits under.
fn questions(m: &crate::evidence::transcript::Message, out: &mut Vec<LoopFact>) {
    let blocks = text::blocks(&m.text);
    let mut heading = String::new();
    let mut found = 0;
    let mut asked_here;
    for (i, b) in blocks.iter().enumerate() {
        asked_here = false;
        if let Block::Heading(h) = b {
            heading = text::plain(h).trim().to_string();
            continue;
        }
        let (Block::Para(p) | Block::Item(p)) = b else {
            continue;
        };
        let plain = text::plain(p);
        for s in text::sentences(&plain) {
            let asks = phrases::QUESTION.is_match(&s)
                || s.trim_end().ends_with('?') && s.split_whitespace().count() >= 4;
            // One question per paragraph (its first), two per message.
            if !asks || found >= 2 || asked_here {
                continue;
            }
            found += 1;
            asked_here = true;
            // Options listed right after "Would you like to:".
            let options: Vec<String> = blocks[i + 1..]
                .iter()
                .take_while(|x| matches!(x, Block::Item(_)))
                .map(|x| text::shorten(&text::plain(x.text()), 80))
                .collect();
            let lead = bold_lead(p);
            let context = match (&lead, heading.is_empty()) {
                (Some(l), _) => format!(" under {}", text::quote(l, 80)),
                (None, false) => format!(" under {}", text::quote(&heading, 80)),
                _ => String::new(),
            };
            let mut asked = text::quote(&s, 300);
            if !options.is_empty() {
                asked.push_str(&format!(
                    " — options: {}",
                    options
                        .iter()
                        .enumerate()
                        .map(|(k, o)| format!("({}) {o}", k + 1))
                        .collect::<Vec<_>>()
                        .join("; ")
                ));
            }
            let offers: Vec<String> = text::sentences(&plain)
                .into_iter()
                .filter(|t| {
                    let l = t.to_lowercase();
                    (l.starts_with("i can ")
                        || l.contains(" i can help")
                        || l.starts_with("i could "))
                        && t != &s
                })
                .take(1)
                .chain(
                    // An offer earlier under the same heading ("I can help you modify
                    // `backend/api/x.js`…" before a list, then "Want me to…?").
                    blocks[..i]
                        .iter()
                        .rev()
                        .take_while(|x| !matches!(x, Block::Heading(_)))
                        .take(10)
                        .flat_map(|x| text::sentences(&text::plain(x.text())))
                        .filter(|t| {
                            let l = t.to_lowercase();
                            l.starts_with("i can ") || l.contains(" i can help")
                        })
                        .take(1),
                )
                .collect();
            let offer = offers
                .first()
                .map(|o| format!(" (offered: {})", text::quote(o, 160)))
                .unwrap_or_default();
            let about_commit = s.to_lowercase().contains("commit");
            out.push(LoopFact {
                kind: LoopKind::Question,
                owner: if about_commit {
                    LoopOwner::AgentAfterOwner
                } else {
                    LoopOwner::Human
                },
                text: format!("The agent asked ({}){context}: {asked}{offer}", m.id),
                verify: format!("the owner answers (a user message after {})", m.id),
                cite: vec![m.id.clone()],
                next: format!("Ask the owner{context} and wait for the answer: {asked}",),
            });
        }
    }
}

fn bold_lead(t: &str) -> Option<String> {
    let rest = t.trim_start().strip_prefix("**")?;
    let end = rest.find("**")?;
    Some(rest[..end].trim().trim_end_matches(':').to_string())
}

/// Steps the final message hands to the person: imperative items under a heading such as
/// "Next Steps (manual)" or "The Fix", and sentences such as "you'll need to…".
fn handoffs(
    m: &crate::evidence::transcript::Message,
    asked_for_steps: bool,
    out: &mut Vec<LoopFact>,
) {
    let blocks = text::blocks(&m.text);
    let mut steps: Vec<String> = Vec::new();
    let mut under: Option<String> = None;
    let mut context = String::new();
    for (i, b) in blocks.iter().enumerate() {
        match b {
            Block::Heading(h) => {
                let h = text::plain(h).trim().to_string();
                under = phrases::HANDOFF_HEADING
                    .is_match(&h)
                    .then(|| h.clone())
                    .or_else(|| {
                        // A numbered sub-heading inside a hand-off section keeps it open.
                        under
                            .clone()
                            .filter(|_| h.chars().next().is_some_and(|c| c.is_ascii_digit()))
                    });
                if let Some(u) = &under
                    && context.is_empty()
                {
                    context = u.clone();
                }
                if under.is_some() && IMPERATIVE_HEADING.is_match(&h) {
                    steps.push(text::shorten(h.trim_end_matches(':'), 120));
                }
            }
            Block::Item(t) if under.is_some() => {
                let plain = text::plain(t);
                if phrases::IMPERATIVE.is_match(plain.trim()) || phrases::HANDOFF.is_match(&plain) {
                    steps.push(text::shorten(&plain, 140));
                }
            }
            Block::Para(t) | Block::Item(t) => {
                let plain = text::plain(t);
                for s in text::sentences(&plain) {
                    if phrases::HANDOFF.is_match(&s) && !phrases::QUESTION.is_match(&s) {
                        // "You would need to:" leads a list: its items are the steps, the
                        // sentence says what they are for.
                        let listed: Vec<String> = if s.trim_end().ends_with(':') {
                            blocks[i + 1..]
                                .iter()
                                .take_while(|x| matches!(x, Block::Item(_)))
                                .take(8)
                                .map(|x| text::shorten(&text::plain(x.text()), 140))
                                .collect()
                        } else {
                            Vec::new()
                        };
                        if !listed.is_empty() {
                            if context.is_empty() {
                                context = text::shorten(s.trim_end().trim_end_matches(':'), 160);
                            }
                            steps.extend(listed);
                            continue;
                        }
                        let mut step = text::shorten(&s, 220);
                        if s.trim_end().ends_with(':')
                            && let Some(Block::Code(code)) = blocks.get(i + 1)
                            && code.lines().count() <= 2
                        {
                            step.push_str(&format!(" {}", code_span(&text::one_line(code))));
                        }
                        steps.push(step);
                    }
                }
            }
            Block::Code(_) => {}
        }
    }
    // The person asked how to do something: the answer's imperative sentences and the commands
    // in its code blocks are theirs to run.
    if steps.is_empty() && asked_for_steps {
        for b in &blocks {
            match b {
                Block::Para(t) | Block::Item(t) => {
                    for s in text::sentences(&text::plain(t)) {
                        let lead = s
                            .trim()
                            .trim_start_matches("Then ")
                            .trim_start_matches("Now ")
                            .trim_start_matches("then ")
                            .trim_start_matches("now ");
                        if phrases::IMPERATIVE.is_match(lead) {
                            steps.push(text::shorten(&s, 160));
                        }
                    }
                }
                // A file's source (a whole-file edit, a snippet) is no list of commands to run.
                Block::Code(code) if phrases::SOURCE_CODE_LINE.is_match(code) => {}
                Block::Code(code) => {
                    // Commands, continuation lines joined; a bare value (an address) is none.
                    let joined = code.replace("\\\n", " ");
                    let commands = joined
                        .lines()
                        .map(text::one_line)
                        .filter(|l| {
                            l.split_whitespace().count() >= 2
                                && l.split_whitespace().next().is_some_and(|w| {
                                    w.len() <= 24
                                        && w.starts_with(|c: char| c.is_ascii_alphabetic())
                                        && w.chars().all(|c| {
                                            c.is_ascii_alphanumeric() || "-_./".contains(c)
                                        })
                                })
                        })
                        .take(3)
                        .collect::<Vec<_>>();
                    for line in commands {
                        steps.push(code_span(&text::shorten(&line, 140)));
                    }
                }
                Block::Heading(_) => {}
            }
        }
        if !steps.is_empty() {
            let about = blocks.iter().find_map(|b| match b {
                Block::Para(t) => text::sentences(&text::plain(t)).into_iter().next(),
                _ => None,
            });
            if let Some(a) = about {
                context = text::shorten(&a, 160);
            }
        }
    }
    steps.dedup();
    if steps.is_empty() {
        return;
    }
    let shown: Vec<String> = steps.iter().take(8).cloned().collect();
    let more = steps.len().saturating_sub(shown.len());
    let ctx = if context.is_empty() {
        String::new()
    } else {
        format!(", {}", text::quote(&context, 160))
    };
    let list = shown.join("; ");
    out.push(LoopFact {
        kind: LoopKind::Handoff,
        owner: LoopOwner::Human,
        text: format!(
            "Left to the owner by the agent, not yet done as far as the transcript shows ({}{ctx}): {list}{}",
            m.id,
            if more > 0 { format!("; and {more} more") } else { String::new() }
        ),
        verify: "the owner confirms each step is done".into(),
        cite: vec![m.id.clone()],
        next: format!(
            "Ask the owner whether these steps are done before going on ({}): {}",
            m.id,
            text::shorten(&list, 300)
        ),
    });
}

static PLAN: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i)\b(?:i'd|i would|i'll|i will|will|would|could|should|if|once)\b")
        .expect("static regex")
});

static IMPERATIVE_HEADING: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"(?i)^\d+[.)]?\s+(?:add|create|update|set|go|run|install|deploy|configure|replace|get|make)\b")
        .expect("static regex")
});

/// Claims of completion in the final message when no check passed after the last change.
fn unchecked(view: &View, checks: &Checks, stubs: Option<&Stubs>, out: &mut Vec<LoopFact>) {
    let Some(m) = last_said(view) else { return };
    let last_edit = view.edits.iter().map(|e| e.seq).max();
    let proven = checks.items.iter().any(|c| {
        c.fresh_pass()
            && c.last()
                .is_some_and(|r| last_edit.is_none_or(|e| r.seq > e))
    });
    if proven || view.edits.is_empty() && checks.items.iter().any(|c| c.latest.passed()) {
        return;
    }
    // Statements in paragraphs (not the steps of a list), about the work, not about commits
    // (git shows those).
    let paras: Vec<String> = text::blocks(&text::without_fences(&m.text))
        .into_iter()
        .filter_map(|b| match b {
            Block::Para(p) => Some(text::plain(&p)),
            _ => None,
        })
        .collect();
    let claims: Vec<String> = paras
        .iter()
        .flat_map(|p| text::sentences(p))
        .filter(|s| {
            let l = s.to_lowercase();
            !(l.contains("commit") || l.contains("landed") || l.contains("pushed"))
        })
        .filter(|s| s.split_whitespace().count() >= 4 && !phrases::QUESTION.is_match(s))
        .filter(|s| {
            // What a run would print is a claim even in the conditional it is written in.
            phrases::PREDICTED_RUN.is_match(s)
                // Plans and steps ("Mark FW-007 done…", "I'd run…") claim nothing yet.
                || phrases::COMPLETION.is_match(s)
                    && !phrases::IMPERATIVE.is_match(s.trim())
                    && !PLAN.is_match(s)
        })
        .take(2)
        .collect();
    if claims.is_empty() {
        return;
    }
    let quoted: Vec<String> = claims.iter().map(|c| text::quote(c, 200)).collect();
    // The check: a grep for a claim of absence, else the session's own last check re-run, else
    // a look at what the claim is about.
    let last_check = checks
        .items
        .iter()
        .rev()
        .find(|c| matches!(c.kind, checks::CheckKind::Test | checks::CheckKind::Build))
        .and_then(|c| c.last().map(|r| r.shown.clone()));
    let predicted = claims.iter().any(|c| phrases::PREDICTED_RUN.is_match(c));
    let verify = absence_check(&claims.join(" "))
        // A claim of completion over files that still hold stubs is checked by those stubs.
        .or_else(|| {
            stubs
                .filter(|_| claims.iter().any(|c| phrases::COMPLETION.is_match(c)))
                .map(Stubs::verify)
        })
        .or_else(|| {
            // A prediction of what a script prints is checked by running that script.
            predicted
                .then(|| script_run(&m.text))
                .flatten()
                .map(|run| format!("{} prints what the claim says", code_span(&run)))
        })
        .or_else(|| {
            last_check.map(|c| format!("{} passes and shows what the claim says", code_span(&c)))
        })
        .unwrap_or_else(|| {
            let last = view
                .edits
                .last()
                .map(|e| crate::evidence::paths::normalize(&e.path))
                .unwrap_or_default();
            if last.is_empty() {
                "a command that shows it (a test, a build, or running it) passes".into()
            } else {
                format!(
                    "a test or a run that exercises {} shows it",
                    code_span(&last)
                )
            }
        });
    out.push(LoopFact {
        kind: LoopKind::Unchecked,
        owner: LoopOwner::Agent,
        text: format!(
            "Unchecked claim in the agent's last message ({}): {} — no test, build or command after the last change shows it",
            m.id,
            quoted.join(" ")
        ),
        verify: verify.clone(),
        cite: vec![m.id.clone()],
        next: format!("Check the agent's last claim ({}) before building on it: {verify}", m.id),
    });
}

/// Most files read for stubs, and most bytes read of each.
const STUB_FILES: usize = 40;
const STUB_BYTES: u64 = 256 * 1024;

/// Source files (by extension) a stub marker means something in; prose and data are left out.
const CODE_EXTENSIONS: &[&str] = &[
    "ts", "tsx", "js", "jsx", "mjs", "cjs", "vue", "svelte", "py", "rs", "go", "rb", "java", "kt",
    "swift", "c", "cc", "cpp", "h", "hpp", "cs", "php", "dart", "scala",
];

/// Stub code in the files the session wrote, as they are now.
#[derive(Debug, Clone)]
struct Stubs {
    /// (repository path, first stub line, stub lines in it).
    files: Vec<(String, String, usize)>,
    /// The markers found, for the grep that checks them.
    markers: Vec<String>,
    cite: Vec<String>,
}

impl Stubs {
    fn listed(&self) -> String {
        let mut parts: Vec<String> = self
            .files
            .iter()
            .take(4)
            .map(|(p, line, n)| {
                let more = if *n > 1 {
                    format!(", {n}×")
                } else {
                    String::new()
                };
                format!("{} ({}{more})", code_span(p), text::quote(line, 60))
            })
            .collect();
        if self.files.len() > 4 {
            parts.push(format!("and {} more", self.files.len() - 4));
        }
        parts.join(", ")
    }

    fn verify(&self) -> String {
        let pattern = self
            .markers
            .iter()
            .map(|m| regex::escape(m))
            .collect::<Vec<_>>()
            .join("|");
        let files: Vec<String> = self.files.iter().map(|(p, ..)| shell_quote(p)).collect();
        format!(
            "`grep -niE '{pattern}' {}` prints nothing (stubs left: {})",
            files.join(" "),
            self.listed()
        )
    }

    fn into_loop(self) -> LoopFact {
        LoopFact {
            kind: LoopKind::Stubs,
            owner: LoopOwner::Agent,
            text: format!("Stubs left in files the session wrote: {}", self.listed()),
            verify: self.verify(),
            cite: self.cite.clone(),
            next: format!("Replace the stubs the session left: {}", self.listed()),
        }
    }
}

/// Reads the files the session created or edited (bounded) for stub markers.
fn stubs(ev: &Evidence, view: &View, project: &Project) -> Option<Stubs> {
    let root = std::path::Path::new(&ev.git.as_ref()?.root);
    let mut seen = std::collections::BTreeSet::new();
    let mut found = Stubs {
        files: Vec::new(),
        markers: Vec::new(),
        cite: Vec::new(),
    };
    for e in view.edits.iter().rev() {
        if e.kind == crate::evidence::transcript::EditKind::Delete {
            continue;
        }
        let path = project.repo_path(&e.path, view);
        let code = path
            .rsplit_once('.')
            .is_some_and(|(_, ext)| CODE_EXTENSIONS.contains(&ext));
        let lower = path.to_lowercase();
        let test_like = ["test", "spec", "mock", "fixture"]
            .iter()
            .any(|w| lower.contains(w));
        let outside = path.starts_with('/') || path.starts_with('~') || path.starts_with("..");
        if !code || test_like || outside || !seen.insert(path.clone()) {
            continue;
        }
        if seen.len() > STUB_FILES {
            break;
        }
        let Ok(file) = std::fs::File::open(root.join(&path)) else {
            continue;
        };
        let mut body = String::new();
        if std::io::Read::read_to_string(&mut std::io::Read::take(file, STUB_BYTES), &mut body)
            .is_err()
        {
            continue;
        }
        // A marker under a condition (`if not KEY: raise NotImplementedError(…)`) is a guard
        // the code means to keep, not a stub.
        let mut after_condition = false;
        let hits: Vec<(&str, String)> = body
            .lines()
            .filter_map(|l| {
                let t = l.trim();
                let guarded = after_condition;
                if !t.is_empty() && !t.starts_with('#') && !t.starts_with("//") {
                    after_condition = phrases::CONDITION_LINE.is_match(t);
                }
                let m = phrases::STUB_MARKER.regex().find(l)?;
                if guarded {
                    return None;
                }
                let marker = m.as_str().trim_end_matches(|c: char| !c.is_alphanumeric());
                Some((t, marker.to_lowercase()))
            })
            .collect();
        let Some((first, _)) = hits.first() else {
            continue;
        };
        found.files.push((path, first.to_string(), hits.len()));
        for (_, m) in &hits {
            if !found.markers.contains(m) {
                found.markers.push(m.clone());
            }
        }
        found.cite.push(e.id.to_string());
    }
    found.files.reverse();
    found.cite.reverse();
    (!found.files.is_empty()).then_some(found)
}

/// When the model server itself was down (it stops the next session too), the error that
/// stopped it most often (numbers aside: "5.3 GiB" and "5.4 GiB" are one error), the latest on a
/// tie, and how often it came.
fn main_error(errors: &[String]) -> Option<(String, usize)> {
    let key = |e: &str| {
        e.chars()
            .filter(|c| !c.is_ascii_digit())
            .collect::<String>()
    };
    let mut best: Option<(&String, usize)> = None;
    for e in errors
        .iter()
        .filter(|e| phrases::MODEL_SERVER_DOWN.is_match(e))
    {
        let k = key(e);
        let n = errors.iter().filter(|x| key(x) == k).count();
        if best.is_none_or(|(_, m)| n >= m) {
            best = Some((e, n));
        }
    }
    best.map(|(e, n)| (e.clone(), n))
}

/// What an error says, without the client's wrapping: `litellm.APIConnectionError:
/// OllamaException - {"error":"model requires …"}` → `model requires …`.
fn error_core(e: &str) -> &str {
    let tail = e.rsplit(" - ").next().unwrap_or(e);
    for key in ["\"error\":\"", "'error':'"] {
        if let Some(i) = tail.find(key) {
            let rest = &tail[i + key.len()..];
            return rest.split(['"', '\'']).next().unwrap_or(rest);
        }
    }
    tail
}

/// How a script file is run, by its extension.
const SCRIPT_RUNNERS: &[(&str, &str)] = &[
    ("py", "python"),
    ("js", "node"),
    ("mjs", "node"),
    ("cjs", "node"),
    ("ts", "npx tsx"),
    ("rb", "ruby"),
    ("sh", "bash"),
    ("pl", "perl"),
    ("php", "php"),
];

/// The command that runs the first script file `text` names (`multi.py` → `python multi.py`).
fn script_run(text: &str) -> Option<String> {
    text.split(|c: char| c.is_whitespace() || matches!(c, '`' | '"' | '\'' | '(' | ')' | ',' | '*'))
        .map(|w| w.trim_end_matches(['.', ':', ';']))
        .filter(|w| !w.contains("://") && !w.starts_with('-'))
        .find_map(|w| {
            let (stem, ext) = w.rsplit_once('.')?;
            let runner = SCRIPT_RUNNERS.iter().find(|(e, _)| *e == ext)?.1;
            (!stem.is_empty()).then(|| format!("{runner} {w}"))
        })
}

/// Most TODO loops.
const MAX_TODOS: usize = 10;

/// TODO/FIXME/XXX/HACK lines the uncommitted diff adds.
fn todos(ev: &Evidence, out: &mut Vec<LoopFact>) {
    let Some(g) = &ev.git else { return };
    let mut n = 0;
    for fh in &g.hunks {
        for h in &fh.hunks {
            for line in &h.lines {
                let Some(added) = line.strip_prefix('+').filter(|_| !line.starts_with("+++"))
                else {
                    continue;
                };
                let Some(m) = phrases::TODO_MARKER.regex().find(added) else {
                    continue;
                };
                if n == MAX_TODOS {
                    return;
                }
                n += 1;
                let marker = m
                    .as_str()
                    .split(|c: char| !c.is_ascii_alphabetic())
                    .next()
                    .unwrap_or("TODO");
                let todo = m.as_str().trim();
                let needle: String = todo
                    .chars()
                    .filter(|c| !matches!(c, '\'' | '"' | '`' | '\\'))
                    .take(40)
                    .collect();
                out.push(LoopFact {
                    kind: LoopKind::Todo,
                    owner: LoopOwner::Agent,
                    text: format!(
                        "Resolve the {marker} added in {}: {}",
                        code_span(&fh.path),
                        text::shorten(todo, 120)
                    ),
                    verify: format!("! grep -qF '{}' {}", needle.trim(), shell_quote(&fh.path)),
                    cite: vec!["G".into()],
                    next: format!(
                        "Resolve the {marker} in {}: {}",
                        code_span(&fh.path),
                        text::shorten(todo, 120)
                    ),
                });
            }
        }
    }
}

/// Files the goal request names that exist here but that the session neither edited nor left
/// changed: work asked for and not done (only when the session changed something, so that an
/// untouched request is not listed file by file).
fn untouched(
    ev: &Evidence,
    view: &View,
    project: &Project,
    requests: &Requests,
    out: &mut Vec<LoopFact>,
) {
    static PATHLIKE: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(
            r"[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.[A-Za-z0-9]{1,8}\b|\b[A-Z][A-Z0-9_-]{3,}\b",
        )
        .expect("regex")
    });
    let (Some(g), Some(r)) = (&ev.git, requests.goal()) else {
        return;
    };
    if view.edits.is_empty() {
        return;
    }
    let root = std::path::Path::new(&g.root);
    // A set: a long session edits a few files thousands of times. Extended one path at a time:
    // collecting into it first gathers every edit's path (36,000 strings in a 2 GB session).
    let mut touched: std::collections::BTreeSet<String> = std::collections::BTreeSet::new();
    touched.extend(
        view.edits
            .iter()
            .map(|e| project.repo_path(&e.path, view))
            .chain(g.status.iter().map(|s| s.path.clone())),
    );
    let root_names: Vec<String> = std::fs::read_dir(root)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let mut found: Vec<String> = Vec::new();
    // Only files a sentence asks to change: a file the request names as input (to read, run or
    // decrypt) is no unfinished work when it stays unchanged.
    let asked: Vec<String> = text::sentences(&r.text)
        .into_iter()
        .filter(|s| crate::phrases::CHANGE_ASKED.is_match(s))
        .collect();
    for m in asked.iter().flat_map(|s| PATHLIKE.find_iter(s)) {
        let word = m.as_str().trim_matches('.').trim_start_matches("./");
        // `README` stands for `README.md`: a capitalised word names a top-level file by stem.
        let path = if root.join(word).is_file() {
            word.to_string()
        } else if let Some(name) = root_names
            .iter()
            .find(|n| n.split('.').next() == Some(word) && root.join(n).is_file())
        {
            name.clone()
        } else {
            continue;
        };
        let done = touched
            .iter()
            .any(|p| p == &path || p.ends_with(&format!("/{path}")));
        if !done && !found.contains(&path) {
            found.push(path);
        }
        if found.len() == 3 {
            break;
        }
    }
    for path in found {
        let q = shell_quote(&path);
        out.push(LoopFact {
            kind: LoopKind::Untouched,
            owner: LoopOwner::Agent,
            text: format!(
                "The request ({}) names {}, but the session never changed it",
                r.id,
                code_span(&path)
            ),
            verify: format!("! git diff --quiet HEAD -- {q}"),
            cite: vec![r.id.clone(), "G".into()],
            next: format!(
                "Make the change the request ({}) asks of {}, which the session never changed",
                r.id,
                code_span(&path)
            ),
        });
    }
}

/// Whether a file name looks like a line of text an editing tool took for a name: an arrow or
/// spaces in it, or a bare capitalised word at the top level that no ecosystem uses as a file.
fn odd_name(path: &str) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path);
    let prose =
        path.contains("->") || path.contains(" → ") || name.contains(' ') && !name.contains('.');
    let top_word = !path.contains('/')
        && !name.contains('.')
        && name.chars().next().is_some_and(|c| c.is_uppercase())
        && name.chars().all(|c| c.is_alphanumeric())
        && !crate::evidence::paths::PLAIN_NAMES.contains(&name);
    prose || top_word
}

/// Files the session created (or committed) whose names look like an accident.
fn odd_files(view: &View, project: &Project, commits: &Commits, out: &mut Vec<LoopFact>) {
    let mut odd: Vec<String> = Vec::new();
    let mut cite: Vec<String> = Vec::new();
    for e in &view.edits {
        let p = project.repo_path(&e.path, view);
        if odd_name(&p) && !odd.contains(&p) {
            odd.push(p);
            cite.push(e.id.to_string());
        }
    }
    for c in commits.session.iter().filter(|c| c.undone_by.is_none()) {
        for f in &c.files {
            if odd_name(f) && !odd.contains(f) {
                odd.push(f.clone());
                cite.extend(c.cite.iter().cloned());
            }
        }
    }
    if odd.is_empty() {
        return;
    }
    let list = odd
        .iter()
        .map(|p| code_span(p))
        .collect::<Vec<_>>()
        .join(", ");
    let quoted = shell_quote_all(&odd);
    out.push(LoopFact {
        kind: LoopKind::OddFiles,
        owner: LoopOwner::Agent,
        text: format!(
            "The session created {list}: names that look like a line of text taken for a file name; check them and remove them if they are accidents"
        ),
        verify: format!("git ls-files -- {quoted}"),
        cite,
        next: format!(
            "Check {list}, which look like editing accidents, and remove them with {} if they are",
            code_span(&format!("git rm -r -- {quoted}"))
        ),
    });
}

/// A `grep` that checks a claim of absence ("no `require` … found under `dist/`"): the code
/// spans it names, in the folder it names.
fn absence_check(claim: &str) -> Option<String> {
    let lower = claim.to_lowercase();
    if !(lower.contains("no ") || lower.contains("none")) {
        return None;
    }
    let spans = text::code_spans(claim);
    let folder = spans
        .iter()
        .find(|s| s.ends_with('/') && !s.contains(' '))
        .cloned()
        .or_else(|| {
            claim
                .split_whitespace()
                .map(|w| {
                    w.trim_matches(|c: char| {
                        !c.is_alphanumeric() && c != '/' && c != '.' && c != '_' && c != '-'
                    })
                })
                .find(|w| w.ends_with('/') && w.len() > 1)
                .map(str::to_string)
        })?;
    let terms: Vec<String> = spans
        .iter()
        .filter(|s| !s.ends_with('/') && !s.contains(' ') && s.len() <= 40)
        .map(|s| regex::escape(s.trim_end_matches('*')))
        .collect();
    if terms.is_empty() {
        return None;
    }
    Some(format!(
        "{} prints nothing",
        code_span(&format!(
            "grep -rnE {} {}",
            shell_quote(&terms.join("|")),
            shell_quote(&folder)
        ))
    ))
}

/// Uncommitted changes: the session's own first, with a `git status --short -- PATHS` check.
/// Whether a command line writes a file called `name`: a redirection into it, or a program that
/// writes its arguments (`cp`, `mv`, `tee`, `touch`…) naming it. Reading it (`pytest x`, `cat x`)
/// is no writing.
fn writes(command: &str, name: &str) -> bool {
    const WRITERS: &[&str] = &[
        "cp", "mv", "tee", "touch", "ln", "install", "rsync", "unzip", "tar", "curl", "wget", "git",
    ];
    let redirected = command.match_indices('>').any(|(i, _)| {
        command[i + 1..]
            .trim_start_matches('>')
            .split_whitespace()
            .next()
            .is_some_and(|target| target.trim_matches(['"', '\'']).ends_with(name))
    });
    redirected
        || shell::segment_commands(command).iter().any(|seg| {
            let mut words = seg.split_whitespace();
            let prog = words.next().unwrap_or("");
            let sub = words.next().unwrap_or("");
            let writer = WRITERS.contains(&prog)
                && (prog != "git" || matches!(sub, "mv" | "checkout" | "restore" | "show"));
            writer && seg.contains(name)
        })
}

fn uncommitted(
    ev: &Evidence,
    view: &View,
    project: &Project,
    requests: &Requests,
    out: &mut Vec<LoopFact>,
) {
    let _ = requests;
    let Some(g) = &ev.git else { return };
    let own: Vec<&str> = g
        .status
        .iter()
        .map(|s| s.path.as_str())
        .filter(|p| !phrases::BOOKKEEPING.is_match(p))
        .collect();
    if own.is_empty() || project.relation == Relation::Elsewhere {
        return;
    }
    let edited: Vec<String> = view
        .edits
        .iter()
        .map(|e| project.repo_path(&e.path, view))
        .collect();
    // Written by the session: edited, or named by one of its commands (`cp x codex-session.jsonl`).
    let by_session = own
        .iter()
        .filter(|p| {
            let name = p.rsplit('/').next().unwrap_or(p);
            edited
                .iter()
                .any(|e| crate::evidence::paths::same_path(e, p))
                || name.len() > 3 && view.commands.iter().any(|c| writes(&c.command, name))
        })
        .count();
    let shown: Vec<&str> = own.iter().take(4).copied().collect();
    let more = own.len() - shown.len();
    let list = format!(
        "{}{}",
        shown
            .iter()
            .map(|p| code_span(p))
            .collect::<Vec<_>>()
            .join(", "),
        if more > 0 {
            format!(" and {more} more")
        } else {
            String::new()
        }
    );
    let unborn = g.head.is_none();
    let whose = if view.transcript.is_none() {
        "no transcript to tell whose".to_string()
    } else if by_session == own.len() {
        "all changed by this session".to_string()
    } else if by_session > 0 {
        format!("{by_session} changed by this session")
    } else {
        "none edited by this session".to_string()
    };
    // The agent said it kept them out on purpose, or asked when to commit: the owner decides.
    let deferred = last_said(view).is_some_and(|m| {
        let l = m.text.to_lowercase();
        (l.contains("uncommitted") || l.contains("commit"))
            && (phrases::QUESTION.is_match(&m.text)
                || l.contains("deliberately")
                || l.contains("kept them out"))
    });
    let verify_paths: Vec<String> = own.iter().take(6).map(|p| p.to_string()).collect();
    let verify = if unborn {
        "git log --oneline -1".to_string()
    } else {
        format!("git status --short -- {}", shell_quote_all(&verify_paths))
    };
    let text = if unborn {
        format!(
            "Nothing is committed yet: branch {} has no commits and {} path(s) are uncommitted ({list}; {whose}) — make the first commit",
            g.branch
                .as_deref()
                .map(code_span)
                .unwrap_or_else(|| "HEAD".into()),
            own.len()
        )
    } else {
        format!(
            "{} uncommitted path(s) ({list}; {whose}) — commit or discard them",
            own.len()
        )
    };
    // A tracked change to review; never a conflicted path (that is resolved, not committed).
    let next_path = g
        .status
        .iter()
        .find(|s| {
            s.index != "?"
                && s.worktree != "?"
                && !s.path.ends_with('/')
                && !s.is_conflicted()
                && !phrases::BOOKKEEPING.is_match(&s.path)
        })
        .map(|s| s.path.as_str());
    let next = match (unborn, next_path) {
        (true, _) => format!(
            "Review the staged files with {} and make the first commit",
            code_span("git status --short")
        ),
        (false, Some(p)) => format!(
            "Review the uncommitted change with {} and commit or discard it",
            code_span(&format!("git diff HEAD -- {}", shell_quote(p)))
        ),
        (false, None) => format!(
            "Review the untracked files with {} and commit or discard them",
            code_span(&format!(
                "git status --short -- {}",
                shell_quote_all(&verify_paths)
            ))
        ),
    };
    out.push(LoopFact {
        kind: LoopKind::Uncommitted,
        owner: if deferred {
            LoopOwner::AgentAfterOwner
        } else {
            LoopOwner::Agent
        },
        text,
        verify,
        cite: vec!["G".into()],
        next,
    });
}

/// A path as one POSIX shell word: bare when it is safe, else single-quoted (`'` as `'\''`).
pub(crate) fn shell_quote(word: &str) -> String {
    let safe = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "/._-+:@%=,".contains(c));
    if safe {
        word.to_string()
    } else if word.chars().any(char::is_control) {
        // A newline or control character cannot stay on the note's one line inside '…':
        // `$'…'` (POSIX.1-2024, bash, zsh, ksh) spells it as an escape the shell turns back.
        let mut out = String::from("$'");
        for c in word.chars() {
            match c {
                '\\' => out.push_str("\\\\"),
                '\'' => out.push_str("\\'"),
                '\n' => out.push_str("\\n"),
                '\t' => out.push_str("\\t"),
                c if c.is_control() => {
                    let mut buf = [0u8; 4];
                    for b in c.encode_utf8(&mut buf).bytes() {
                        out.push_str(&format!("\\x{b:02x}"));
                    }
                }
                c => out.push(c),
            }
        }
        out.push('\'');
        out
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

fn shell_quote_all(words: &[String]) -> String {
    words
        .iter()
        .map(|w| shell_quote(w))
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_quoted_path_stays_on_one_line_and_the_shell_reads_it_back() {
        for word in [
            "evil\n## Goal\nx.py",
            "tab\there's\\x\u{1b}[31m.py",
            "plain it's.py",
        ] {
            let quoted = shell_quote(word);
            assert!(!quoted.chars().any(char::is_control), "{quoted}");
            let out = std::process::Command::new("bash")
                .arg("-c")
                .arg(format!("printf '%s' {quoted}"))
                .output()
                .expect("bash");
            assert_eq!(String::from_utf8_lossy(&out.stdout), word, "{quoted}");
        }
    }
    use crate::analysis::scope::{self, View};
    use crate::analysis::{project, requests};
    use crate::evidence::transcript::EditKind;
    use crate::testkit::*;

    fn loops(ev: &Evidence) -> Vec<LoopFact> {
        let s = scope::of(ev);
        let v = View::new(ev, &s);
        let p = project::of(ev, &v);
        let r = requests::of(&v);
        let c = checks::of(ev, &v, &p, &r);
        let k = super::super::commits::of(ev, &v);
        let h = super::super::history::of(ev, &v, &p, &c, &k);
        let st = stopped(&v);
        of(ev, &v, &p, &r, &c, &k, &h, &st)
    }

    #[test]
    fn a_command_writes_a_file_only_by_redirection_or_a_writing_program() {
        assert!(writes(
            "cp ~/.codex/sessions/x.jsonl codex-session.jsonl",
            "codex-session.jsonl"
        ));
        assert!(writes("echo hi > notes.txt", "notes.txt"));
        assert!(writes("git show HEAD:a.py >a.py.orig", "a.py.orig"));
        assert!(!writes("pytest tests/test_csv.py", "test_csv.py"));
        assert!(!writes("cat notes.txt | head", "notes.txt"));
        assert!(!writes("git diff -- notes.txt", "notes.txt"));
    }

    #[test]
    fn questions_carry_their_heading_and_options() {
        let ev = evidence(chat(vec![
            user(1, "help decide FW-007", 0),
            said(
                2,
                "## FW-007 — recommendation\n\n**Source Currency: future-only.**\n\nWant me to (a) pull the trigger, (b) include the mock, or (c) something else?\n\n**Note on uncommitted state:** ROADMAP.md is uncommitted. Let me know when you want a separate `docs(roadmap)` commit for those.",
                1,
            ),
        ]));
        let l = loops(&ev);
        let q: Vec<&LoopFact> = l.iter().filter(|x| x.kind == LoopKind::Question).collect();
        assert_eq!(q.len(), 2, "{l:?}");
        assert!(
            q[0].text.contains("FW-007 — recommendation"),
            "{}",
            q[0].text
        );
        assert_eq!(q[0].owner, LoopOwner::Human);
        assert!(q[1].text.contains("docs(roadmap)"));
        assert_eq!(q[1].owner, LoopOwner::AgentAfterOwner);
        let ev = evidence(chat(vec![
            user(1, "add a todo", 0),
            said(
                2,
                "Todo saved.\n\nWould you like to:\n\n1. Continue with current work (switch back to main)\n2. Add another todo\n3. View all todos (`/gsd:check-todos`)",
                1,
            ),
        ]));
        let l = loops(&ev);
        assert!(
            l.iter()
                .any(|x| x.text.contains("check-todos") && x.text.contains("(2) Add another todo")),
            "{l:?}"
        );
    }

    #[test]
    fn steps_handed_to_the_person() {
        let ev = evidence(chat(vec![
            user(1, "build it", 0),
            said(
                2,
                "Done.\n\n### Next Steps (manual)\n1. Add your private key to `contracts/.env`\n2. Deploy: `cd contracts && npx hardhat run scripts/deploy.js --network polkadotTestnet`\n3. Update `CONTRACT_ADDRESS` in contract.ts with the deployed address",
                1,
            ),
        ]));
        let l = loops(&ev);
        let h = l
            .iter()
            .find(|x| x.kind == LoopKind::Handoff)
            .expect("handoff");
        assert!(
            h.text.contains("CONTRACT_ADDRESS") && h.text.contains("Next Steps (manual)"),
            "{}",
            h.text
        );
        assert_eq!(h.owner, LoopOwner::Human);
    }

    /// Asked how to do something, the agent's answer hands over the commands in it, not the
    /// lines of a file it lists (an aider whole-file edit, a snippet).
    #[test]
    fn source_listings_are_not_steps_for_the_person() {
        let ev = evidence(chat(vec![
            user(1, "how do I add the extraction step?", 0),
            said(
                2,
                "Here's the updated file:\n\ndoc_processor.py\n```python\nfrom typing import List, Dict\nimport dataclasses\n\nclass DocumentProcessor:\n    pass\n```\n\nThen install the package:\n\n```bash\npip install langgraph\n```",
                1,
            ),
        ]));
        let l = loops(&ev);
        let h = l
            .iter()
            .find(|x| x.kind == LoopKind::Handoff)
            .expect("handoff");
        assert!(h.text.contains("pip install langgraph"), "{}", h.text);
        assert!(!h.text.contains("import"), "{}", h.text);
        // A message that ends on a listed file stops on its last words, not the file's name.
        let ev = evidence(chat(vec![
            user(1, "add the extraction step", 0),
            said(
                2,
                "I've applied the changes.\n\nHere's the updated file:\n\ndoc_processor.py\n```python\nimport re\n\nclass DocumentProcessor:\n    pass\n```",
                1,
            ),
        ]));
        let s = stopped(&View::new(&ev, &crate::analysis::scope::of(&ev)));
        assert_eq!(s.said_text, "Here's the updated file:");
    }

    #[test]
    fn a_cut_off_command_that_changes_state_is_read_from_what_it_left_never_re_run() {
        let at = |s: &str| s.parse().ok();
        let mut t = chat(vec![user(1, "package the release notes for me", 0)]);
        let mut last = ran(1, "bash scripts/bundle.sh .", None, "", 1);
        last.has_result = false;
        last.at = at("2026-03-01T10:00:05.400Z");
        t.commands = vec![last];
        let mut g = git_state(&[("??", "bundle.zip"), ("??", "old-notes.txt")]);
        // Written in the second the command started (mtimes have whole seconds on some
        // systems), and a file from the day before.
        g.modified
            .insert("bundle.zip".into(), at("2026-03-01T10:00:05Z").unwrap());
        g.modified
            .insert("old-notes.txt".into(), at("2026-02-28T09:00:00Z").unwrap());
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let l = loops(&ev);
        let s = l
            .iter()
            .find(|x| x.kind == LoopKind::Stopped)
            .expect("stopped");
        assert!(
            s.text.contains("`bundle.zip` changed after it started"),
            "{}",
            s.text
        );
        assert!(!s.text.contains("old-notes"), "{}", s.text);
        assert!(s.next.contains("ls -la bundle.zip"), "{}", s.next);
        assert!(s.next.contains("unfinished request"), "{}", s.next);
        assert!(!s.next.contains("re-run"), "{}", s.next);
        // Nothing left behind: a state-changing command is still not re-run blindly.
        let mut t = chat(vec![user(1, "publish it", 0)]);
        let mut last = ran(1, "npm publish", None, "", 1);
        last.has_result = false;
        t.commands = vec![last];
        let l = loops(&evidence(t));
        let s = l
            .iter()
            .find(|x| x.kind == LoopKind::Stopped)
            .expect("stopped");
        assert!(
            s.next.contains("it changes state") && !s.next.contains("re-run"),
            "{}",
            s.next
        );
        // A check cut off is simply run again.
        let mut t = chat(vec![user(1, "run the tests", 0)]);
        let mut last = ran(1, "pytest -q", None, "", 1);
        last.has_result = false;
        t.commands = vec![last];
        let l = loops(&evidence(t));
        let s = l
            .iter()
            .find(|x| x.kind == LoopKind::Stopped)
            .expect("stopped");
        assert!(s.next.contains("re-run `pytest -q`"), "{}", s.next);
    }

    #[test]
    fn part_of_the_request_left_on_the_agents_unchecked_word_is_open() {
        let ev = evidence(chat(vec![
            user(1, "sort every list in STYLE.md", 0),
            said(
                2,
                "The list under \"Imports\" is already sorted, so no changes are needed there.\n\nShould I also sort the glossary?",
                1,
            ),
        ]));
        let l = loops(&ev);
        let k = l
            .iter()
            .position(|x| x.kind == LoopKind::Skipped)
            .expect("skipped");
        assert!(
            l[k].next.contains("Imports") && l[k].next.contains("M1"),
            "{}",
            l[k].next
        );
        // Ranked before the agent's question: the request itself may be unanswered.
        let s = scope::of(&ev);
        let v = View::new(&ev, &s);
        let n = super::super::next::of(
            &v,
            &requests::of(&v),
            &Checks::default(),
            &l,
            &super::super::files::Files::default(),
        );
        assert_eq!(n.from, "skipped");
        // Something it ran first (a read of the config) makes it no open loop.
        let mut t = chat(vec![
            user(1, "set up the tool", 0),
            said(3, "Good, telemetry already configured.", 2),
        ]);
        t.commands = vec![ran(
            1,
            "cat ~/.tool/config.json",
            None,
            "TELEMETRY: anonymous",
            1,
        )];
        assert!(
            loops(&evidence(t))
                .iter()
                .all(|x| x.kind != LoopKind::Skipped)
        );
    }

    #[test]
    fn a_list_after_a_you_would_need_to_lead_in_is_the_persons_steps() {
        let ev = evidence(chat(vec![
            user(1, "write a tiny CLI clock; no need to run it", 0),
            said(
                2,
                "I've written clock.py.\n\nTo use it, you would need to:\n1. Install the `rich` package (`pip install rich`)\n2. Run it from a real terminal\n\nPress q to quit.",
                1,
            ),
        ]));
        let l = loops(&ev);
        let h = l
            .iter()
            .find(|x| x.kind == LoopKind::Handoff)
            .expect("handoff");
        assert!(
            h.text.contains("pip install rich") && h.text.contains("real terminal"),
            "{}",
            h.text
        );
        assert!(
            h.text.contains("To use it, you would need to"),
            "{}",
            h.text
        );
        assert!(h.next.contains("pip install rich"), "{}", h.next);
        assert!(!h.text.contains("Press q"), "{}", h.text);
    }

    #[test]
    fn an_unanswered_request_names_the_command_the_agent_gave_for_it() {
        let ev = evidence(chat(vec![
            user(1, "build it", 0),
            said(
                2,
                "3. Deploy: `cd contracts && npx hardhat run scripts/deploy.js --network polkadotTestnet`",
                1,
            ),
            user(3, "deploy the contract i have updated env with tokens", 2),
        ]));
        let l = loops(&ev);
        let u = l
            .iter()
            .find(|x| x.kind == LoopKind::Unanswered)
            .expect("unanswered");
        assert!(u.next.contains("deploy.js"), "{}", u.next);
        assert!(u.verify.contains("hardhat run"));
    }

    #[test]
    fn an_unchecked_claim_of_absence_gets_a_grep() {
        let mut t = chat(vec![
            user(1, "scan dist/ for CommonJS", 0),
            said(
                2,
                "After scanning all provided files under `dist/`, **no CommonJS usage** (`require`, `module.exports`, `exports.*`) was found.",
                2,
            ),
        ]);
        t.edits = vec![edit_of(1, "dist/index.js", EditKind::Modify, 1)];
        let l = loops(&evidence(t));
        let u = l
            .iter()
            .find(|x| x.kind == LoopKind::Unchecked)
            .expect("unchecked");
        assert_eq!(
            u.verify,
            "`grep -rnE 'require|module\\.exports|exports\\.' dist/` prints nothing"
        );
    }

    #[test]
    fn a_predicted_output_nobody_ran_is_checked_by_running_the_script() {
        let t = chat(vec![
            user(1, "explain what multi.py does", 0),
            said(
                2,
                "`multi.py` defines `main()` (though it's not called) and two printers.\n\nWhen executed, the script would output:\n```text\nHello World!\nOk\n```",
                1,
            ),
        ]);
        let l = loops(&evidence(t));
        let u = l
            .iter()
            .find(|x| x.kind == LoopKind::Unchecked)
            .expect("unchecked");
        assert_eq!(u.verify, "`python multi.py` prints what the claim says");
        assert!(u.text.contains("When executed"), "{}", u.text);
    }

    #[test]
    fn a_request_the_model_server_could_not_answer_waits_for_the_server() {
        let with_errors = |texts: &[&str]| {
            let mut t = chat(vec![user(1, "how to fix the server it is not loading", 0)]);
            t.errors = texts
                .iter()
                .enumerate()
                .map(|(i, text)| crate::evidence::transcript::ErrorEvent {
                    id: format!("X{}", i + 1),
                    text: (*text).into(),
                    evidence: None,
                    at: None,
                    seq: i as u64 + 1,
                })
                .collect();
            loops(&evidence(t))
                .into_iter()
                .find(|x| x.kind == LoopKind::Unanswered)
                .expect("unanswered")
                .next
        };
        let down = with_errors(&[
            "litellm.APIConnectionError: OllamaException - {\"error\":\"model requires more system memory (5.7 GiB) than is available (5.3 GiB)\"}",
            "litellm.APIConnectionError: OllamaException - {\"error\":\"model requires more system memory (5.7 GiB) than is available (5.5 GiB)\"}",
            "litellm.APIConnectionError: OllamaException - litellm.Timeout: Connection timed out after 600.0 seconds.",
        ]);
        assert_eq!(
            down,
            "Get the model answering first (2× \"model requires more system memory (5.7 GiB) than is available (5.5 GiB)\"), then send the request again: \"how to fix the server it is not loading\""
        );
        // A bad request of the old session is no reason to hold the next one back.
        let bad_request = with_errors(&[
            "API Error: 400 invalid_request_error: Invalid model: claude-sonnet-4.6",
        ]);
        assert!(
            bad_request.starts_with("Answer the unanswered request"),
            "{bad_request}"
        );
    }

    #[test]
    fn a_script_is_run_by_its_extension() {
        for (text, run) in [
            ("`multi.py` is a script", Some("python multi.py")),
            ("see scripts/seed.mjs, then", Some("node scripts/seed.mjs")),
            ("run (deploy.sh) later", Some("bash deploy.sh")),
            ("read https://x.io/a.py and README.md", None),
            ("no script here.", None),
        ] {
            assert_eq!(script_run(text).as_deref(), run, "{text}");
        }
    }

    #[test]
    fn stubs_in_files_the_session_wrote_are_open_and_check_its_claim_of_completion() {
        let (_dir, mut ev) = worktree(
            &[
                (
                    "src/pages/Orders.tsx",
                    "export const Orders = () => <p>This page is under construction.</p>;\n",
                ),
                (
                    "src/pages/Search.tsx",
                    "<input placeholder=\"Search...\" className=\"placeholder-white\" />\n",
                ),
                ("src/pages/Orders.test.tsx", "it.todo('coming soon')\n"),
                ("NOTES.md", "Coming soon: charts\n"),
                (
                    "backend/deps.py",
                    "def call():\n    if not KEY:\n        # maps NotImplementedError to 501\n        raise NotImplementedError(\"KEY is not set\")\n    try:\n        go()\n    except NotImplementedError:\n        pass\n",
                ),
            ],
            &[],
        );
        let mut t = chat(vec![
            user(1, "build the admin pages", 0),
            said(
                2,
                "The admin dashboard has been implemented with every page.",
                9,
            ),
        ]);
        for (i, p) in [
            "src/pages/Orders.tsx",
            "src/pages/Search.tsx",
            "src/pages/Orders.test.tsx",
            "NOTES.md",
            "backend/deps.py",
        ]
        .iter()
        .enumerate()
        {
            t.edits
                .push(edit_of(i + 1, p, EditKind::Create, i as u64 + 1));
        }
        ev.transcript = Some(t);
        let l = loops(&ev);
        let stub = l.iter().find(|x| x.kind == LoopKind::Stubs).expect("stubs");
        // Only the code file with a real stub: not an input's placeholder attribute or class,
        // not a test, not prose, not a guard under a condition or an `except` clause.
        assert_eq!(stub.cite, ["E1"]);
        assert!(
            stub.text.contains("`src/pages/Orders.tsx`"),
            "{}",
            stub.text
        );
        let claim = l
            .iter()
            .find(|x| x.kind == LoopKind::Unchecked)
            .expect("unchecked");
        assert!(
            claim.verify.starts_with(
                "`grep -niE 'under construction' src/pages/Orders.tsx` prints nothing"
            ),
            "{}",
            claim.verify
        );
    }

    #[test]
    fn only_files_the_request_asks_to_change_are_open_when_unchanged() {
        let (_dir, mut ev) = worktree(
            &[
                ("msg.enc", "x"),
                ("chall.py", "x"),
                ("README.md", "x"),
                ("solve.py", "x"),
            ],
            &[("??", "solve.py")],
        );
        let mut t = chat(vec![user(
            1,
            "Decrypt the message in msg.enc; chall.py encrypted it. Then update README.md with the flag.",
            0,
        )]);
        t.edits.push(edit_of(1, "solve.py", EditKind::Create, 1));
        ev.transcript = Some(t);
        let open: Vec<String> = loops(&ev)
            .into_iter()
            .filter(|l| l.kind == LoopKind::Untouched)
            .map(|l| l.text)
            .collect();
        assert_eq!(open.len(), 1, "{open:?}");
        assert!(open[0].contains("README.md"), "{open:?}");
    }

    #[test]
    fn uncommitted_work_is_checked_with_quoted_paths() {
        let mut ev = evidence(chat(vec![user(1, "x", 0)]));
        ev.git = Some(git_state(&[
            (" M", "src/x$(touch PWNED).py"),
            ("??", "new file.txt"),
        ]));
        let l = loops(&ev);
        let u = l
            .iter()
            .find(|x| x.kind == LoopKind::Uncommitted)
            .expect("uncommitted");
        assert!(
            u.verify.contains("'src/x$(touch PWNED).py'"),
            "{}",
            u.verify
        );
        assert!(
            u.next.contains("git diff HEAD -- 'src/x$(touch PWNED).py'"),
            "{}",
            u.next
        );
        assert_eq!(shell_quote("it's"), "'it'\\''s'");
    }

    #[test]
    fn reported_results_and_simulations() {
        let t = chat(vec![
            user(1, "run the test plan", 0),
            said(
                2,
                "To simulate a second device, I'll clear the device keypair from IndexedDB.",
                1,
            ),
            said(3, "**Test 2 PASSED!** The registry now has 2 devices.", 2),
        ]);
        let ev = evidence(t);
        let s = scope::of(&ev);
        let r = reported(&View::new(&ev, &s));
        assert_eq!(r.len(), 1);
        assert!(r[0].simulated.as_deref().unwrap().contains("IndexedDB"));
    }
}

#[cfg(test)]
mod odd_name_tests {
    #[test]
    fn names_that_look_like_accidents() {
        assert!(super::odd_name("Topology"));
        assert!(super::odd_name("-> Swift binary sends CGEvent/AX in OS"));
        assert!(!super::odd_name("Makefile"));
        assert!(!super::odd_name("bin/run"));
        assert!(!super::odd_name("src/App.tsx"));
        assert!(!super::odd_name("docs/My Notes.md"));
    }
}
