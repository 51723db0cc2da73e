//! The one next action, chosen from how the session ended, in this order: a merge, rebase…
//! stopped half-way (resolve or abort it, never commit a conflicted file); a request nothing
//! answered (or whose answer was undone, or part of it left on the agent's unchecked word that
//! it was already done); the question the agent left the owner; steps it handed
//! the owner; a check still failing (its first error); a last command whose result is unknown;
//! a claim nothing checked; a requested command never run; uncommitted work; else a review of
//! what the session committed or last ran. Never `git status` alone, never `git diff` of a path
//! without a diff.

use super::checks::Checks;
use super::files::Files;
use super::loops::{LoopFact, LoopKind};
use super::requests::Requests;
use super::scope::View;
use crate::note::code_span;
use serde::{Deserialize, Serialize};

/// The next action.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct NextAction {
    /// One instruction.
    pub text: String,
    /// Evidence ids.
    pub cite: Vec<String>,
    /// What it follows from (a loop kind, or `review`).
    pub from: String,
}

/// The order loops are taken in.
const ORDER: &[LoopKind] = &[
    LoopKind::Unfinished,
    LoopKind::Unanswered,
    LoopKind::Undone,
    LoopKind::Skipped,
    LoopKind::Question,
    LoopKind::Handoff,
    LoopKind::Failing,
    LoopKind::NotRun,
    LoopKind::Stopped,
    LoopKind::Unchecked,
    LoopKind::Stubs,
    LoopKind::OddFiles,
    LoopKind::Todo,
    LoopKind::Untouched,
    LoopKind::NeverRun,
    LoopKind::Uncommitted,
];

/// Chooses the next action.
pub(crate) fn of(
    view: &View,
    requests: &Requests,
    checks: &Checks,
    loops: &[LoopFact],
    files: &Files,
) -> NextAction {
    let _ = requests;
    for kind in ORDER {
        if let Some(l) = loops.iter().find(|l| l.kind == *kind) {
            return NextAction {
                text: l.next.clone(),
                cite: l.cite.clone(),
                from: serde_json::to_value(kind)
                    .ok()
                    .and_then(|v| v.as_str().map(str::to_string))
                    .unwrap_or_default(),
            };
        }
    }
    // Nothing open: review what the session produced.
    let committed = files
        .entries
        .iter()
        .find(|f| f.state.starts_with("committed in `"))
        .and_then(|f| f.state.split('`').nth(1).map(str::to_string));
    if let Some(sha) = committed {
        return NextAction {
            text: format!(
                "Review what the session committed with {} before building on it",
                code_span(&format!("git show --stat {sha}"))
            ),
            cite: Vec::new(),
            from: "review".into(),
        };
    }
    if let Some(c) = checks.items.iter().rev().find(|c| c.latest.passed()) {
        return NextAction {
            text: format!(
                "Re-run {} to confirm the state the session left before changing anything",
                c.label()
            ),
            cite: vec![c.latest_run.clone()],
            from: "review".into(),
        };
    }
    if let Some(e) = view.edits.last() {
        return NextAction {
            text: format!(
                "Read the session's last change to {} and decide whether it needs a test",
                code_span(&crate::evidence::paths::normalize(&e.path))
            ),
            cite: vec![e.id.to_string()],
            from: "review".into(),
        };
    }
    match requests.goal() {
        Some(r) => NextAction {
            text: format!(
                "Start on the request {} ({}): nothing in the session changed a file yet",
                super::text::quote(&r.summary, 160),
                r.id
            ),
            cite: vec![r.id.clone()],
            from: "request".into(),
        },
        None => NextAction {
            text: format!(
                "Ask the owner what to do next: the evidence shows no open request (check with {})",
                code_span("git log --oneline -5")
            ),
            cite: Vec::new(),
            from: "none".into(),
        },
    }
}
