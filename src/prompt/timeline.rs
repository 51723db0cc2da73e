//! The session as one ordered list for the model: requests, file edits, commands with their
//! verdicts, errors, actions outside the workspace, commits and compactions, each with the id a note cites it by, in the order
//! they happened — so that a model can tell whether the last full test run came before or after
//! the last edit without merging separate lists.
//!
//! A command's verdict is the one the session analysis judged (`analysis::checks`) when the
//! command is a check; otherwise its recorded exit status. A command whose result the harness
//! did not record (Gemini stream runs, `… | tail -60`, aider `/run`) shows the tail of its
//! output, bounded and redacted, so that the outcome it printed can still be read.

use crate::analysis::Analysis;
use crate::analysis::checks::Verdict;
use crate::evidence::shell;
use crate::evidence::transcript::{Command, EditKind, Transcript};
use std::collections::HashMap;
use std::fmt::Write as _;

/// Longest command line shown (its programs always kept: [`shell::shorten_command`]).
pub(super) const COMMAND_CHARS: usize = 300;
/// Output lines shown for a command whose result is unknown: a check's, and any other's.
const CHECK_TAIL_LINES: usize = 8;
const OTHER_TAIL_LINES: usize = 3;
/// Error lines shown for a failed command.
const FAILURE_LINES: usize = 4;
/// Longest output line shown.
const LINE_CHARS: usize = 200;
/// Longest request quote.
const REQUEST_CHARS: usize = 240;
/// Errors listed at most.
const MAX_ERRORS: usize = 40;

/// One entry, with its place in the session's event order and the evidence id it shows.
pub(super) struct Entry {
    pub(super) seq: u64,
    /// The id the entry is cited by (`None`: a compaction or a commit, shown by others' ids).
    pub(super) id: Option<String>,
    pub(super) text: String,
}

/// The entries as the timeline block shows them, one per line (output tails indented under
/// their command).
pub(super) fn join(entries: &[Entry]) -> String {
    let mut out = String::new();
    for e in entries {
        out.push_str(&e.text);
        out.push('\n');
    }
    out
}

/// The timeline's entries of `t` in the order they happened. `r` redacts (or not, with
/// `--no-redact`).
pub(super) fn entries(t: &Transcript, a: &Analysis, r: &dyn Fn(&str) -> String) -> Vec<Entry> {
    let judged: HashMap<&str, &Verdict> = a
        .checks
        .items
        .iter()
        .flat_map(|c| c.runs.iter().map(|run| (run.id.as_str(), &run.verdict)))
        .collect();
    let seq_of: HashMap<&str, u64> = t
        .commands
        .iter()
        .map(|c| (c.id.as_str(), c.seq))
        .chain(t.messages.iter().map(|m| (m.id.as_str(), m.seq)))
        .collect();
    let mut entries: Vec<Entry> = Vec::new();

    for q in &a.requests.items {
        entries.push(Entry {
            seq: q.seq,
            id: Some(q.id.clone()),
            text: format!(
                "- {} user request: {}",
                q.id,
                crate::analysis::text::quote(&r(&q.text), REQUEST_CHARS)
            ),
        });
    }
    for e in &t.edits {
        let kind = match e.kind {
            EditKind::Create => "created",
            EditKind::Modify => "edited",
            EditKind::Delete => "deleted",
        };
        entries.push(Entry {
            seq: e.seq,
            id: Some(e.id.to_string()),
            text: format!(
                "- {} {kind} {}{}{}",
                e.id,
                r(&e.path),
                if e.confirmed { "" } else { " (unconfirmed)" },
                if e.sidechain { " (subagent)" } else { "" }
            ),
        });
    }
    for c in &t.commands {
        entries.push(Entry {
            seq: c.seq,
            id: Some(c.id.to_string()),
            text: command(c, judged.get(c.id.as_str()).copied(), r),
        });
    }
    for e in t.errors.iter().take(MAX_ERRORS) {
        let on = e
            .evidence
            .as_deref()
            .map(|id| format!(" (in {id})"))
            .unwrap_or_default();
        entries.push(Entry {
            seq: e.seq,
            id: Some(e.id.clone()),
            text: format!(
                "- {} error{on}: {}",
                e.id,
                crate::analysis::text::shorten(&r(&e.text), 300)
            ),
        });
    }
    for a in &t.actions {
        let outcome = match a.ok {
            Some(true) => "succeeded".to_string(),
            Some(false) => "FAILED".to_string(),
            None => "result not recorded".to_string(),
        };
        let answer = if a.output.is_empty() {
            String::new()
        } else {
            format!(
                ": {}",
                crate::analysis::text::shorten(
                    &r(&crate::analysis::text::one_line(&a.output)),
                    160
                )
            )
        };
        entries.push(Entry {
            seq: a.seq,
            id: Some(a.id.clone()),
            text: format!(
                "- {} {} ({}) outside the workspace: {outcome}{answer}{}",
                a.id,
                a.tool,
                r(&a.target),
                if a.sidechain { " (subagent)" } else { "" }
            ),
        });
    }
    for c in &t.compactions {
        let summary = c
            .summary_message
            .as_deref()
            .map(|m| format!(", summary in {m}"))
            .unwrap_or_default();
        entries.push(Entry {
            seq: c.seq,
            id: None,
            text: format!(
                "- context compacted ({}){summary}: earlier turns were summarised",
                c.trigger.as_deref().unwrap_or("trigger not recorded")
            ),
        });
    }
    for c in &a.commits.session {
        // After the command or message that shows it.
        let Some(seq) = c.cite.iter().find_map(|id| seq_of.get(id.as_str())) else {
            continue;
        };
        entries.push(Entry {
            seq: *seq,
            id: None,
            text: format!(
                "- commit `{}` {} ({})",
                c.short(),
                crate::analysis::text::quote(&r(&c.subject), 120),
                c.cite.join(", ")
            ),
        });
    }
    // Stable: a commit shown by a command follows it.
    entries.sort_by_key(|e| e.seq);
    entries
}

/// One command: its id, verdict, the line itself, and what the verdict leaves open (the error
/// lines of a failure; the output tail when the result is unknown).
fn command(c: &Command, judged: Option<&Verdict>, r: &dyn Fn(&str) -> String) -> String {
    let recorded = match (c.ok, c.exit_code) {
        (_, Some(code)) if code != 0 => Some(format!("failed, exit {code}")),
        (Some(false), _) => Some("failed".into()),
        (Some(true), Some(code)) => Some(format!("ok, exit {code}")),
        (Some(true), None) => Some("ok".into()),
        (None, _) => None,
    };
    let status = match (judged, &recorded) {
        (Some(Verdict::Pass { how }), _) => format!("PASSED: {how}"),
        (Some(Verdict::Fail { error }), _) => {
            format!("FAILED: {}", crate::analysis::text::shorten(&r(error), 160))
        }
        (Some(Verdict::NotRun { why }), _) => {
            format!("COULD NOT RUN, no result either way: {}", r(why))
        }
        (_, Some(s)) => s.clone(),
        (Some(Verdict::Unknown { why }), None) => format!("result unknown: {why}"),
        (None, None) if !c.has_result => "no result recorded".into(),
        (None, None) => "result unknown: no exit status recorded".into(),
    };
    let mut s = format!("- {} [{status}]", c.id);
    if c.sidechain {
        s.push_str(" (subagent)");
    }
    let _ = write!(
        s,
        " $ {}",
        shell::shorten_command(&r(&c.command), COMMAND_CHARS)
    );
    if let Some(t) = &c.tests {
        let _ = write!(
            s,
            " — tests: {} passed, {} failed, {} skipped",
            t.passed, t.failed, t.skipped
        );
    }
    s.push('\n');
    // Redacted whole before it is split into lines: a private key spans lines.
    let output = r(&crate::analysis::checks::strip_ansi(&c.output));
    let lines: Vec<&str> = output.lines().filter(|l| !l.trim().is_empty()).collect();
    let failed = recorded.as_deref().is_some_and(|s| s.starts_with("failed"))
        || matches!(judged, Some(Verdict::Fail { .. }));
    let shown: &[&str] = if failed {
        &lines[..lines.len().min(FAILURE_LINES)]
    } else if recorded.is_none() {
        let n = if judged.is_some() {
            CHECK_TAIL_LINES
        } else {
            OTHER_TAIL_LINES
        };
        if lines.len() > n {
            let _ = writeln!(s, "    | [… {} earlier output lines …]", lines.len() - n);
        }
        &lines[lines.len().saturating_sub(n)..]
    } else {
        &[]
    };
    for l in shown {
        let _ = writeln!(s, "    | {}", crate::redact::clip(l.trim_end(), LINE_CHARS));
    }
    s.pop();
    s
}
