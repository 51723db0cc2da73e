//! Goal & Current State: the requests in order (latest last), what the checks verified, what is
//! partial (failing, stale, not recorded, reported without a command, never run), and where
//! the session stopped.

use super::claim;
use crate::analysis::Analysis;
use crate::analysis::checks::{CheckKind, Verdict};
use crate::analysis::text;
use crate::evidence::Evidence;
use crate::note::{Note, code_span};

/// Most earlier requests listed (the first ones and the latest ones).
const MAX_EARLIER: usize = 8;
/// Longest earlier request.
const EARLIER_CHARS: usize = 180;
/// Longest title.
const TITLE_CHARS: usize = 70;
/// Longest last output line of a script shown.
const PRINTED_CHARS: usize = 160;

/// The last non-empty output line of command `id`, when it has output.
fn printed_last(ev: &Evidence, id: &str) -> Option<String> {
    let t = ev.transcript.as_ref()?;
    let c = t.commands.iter().find(|c| c.id == id)?;
    c.output
        .lines()
        .map(str::trim)
        .rfind(|l| !l.is_empty())
        .map(str::to_string)
}

pub(super) fn render(ev: &Evidence, a: &Analysis, note: &mut Note) {
    let reqs = &a.requests;
    if let Some(g) = reqs.goal() {
        let mut ids: Vec<String> = Vec::new();
        let mut text = String::new();
        let earlier = reqs.earlier();
        if earlier.is_empty() {
            text.push_str(&g.summary);
        } else {
            text.push_str(&format!("{} requests, in order: ", earlier.len() + 1));
            let mut parts: Vec<String> = Vec::new();
            let skip = earlier.len().saturating_sub(MAX_EARLIER);
            for (k, r) in earlier.iter().enumerate() {
                if skip > 0 && k >= 3 && k < 3 + skip {
                    if k == 3 {
                        parts.push(format!("… {skip} more …"));
                    }
                    continue;
                }
                parts.push(format!(
                    "({}) {} ({})",
                    k + 1,
                    text::shorten(&r.summary, EARLIER_CHARS),
                    r.id
                ));
                ids.push(r.id.clone());
            }
            parts.push(format!("({}, latest) {}", earlier.len() + 1, g.summary));
            text.push_str(&parts.join("; "));
        }
        if !g.also.is_empty() {
            text.push_str(&format!(" (also sent as {})", g.also.join(", ")));
        }
        ids.push(g.id.clone());
        note.goal = Some(claim(text, ids));
        note.title = title(&g.summary);
    } else {
        note.title = match ev.git.as_ref().and_then(|g| g.branch.as_deref()) {
            Some(b) => format!("work on branch {b}"),
            None => "workspace snapshot".to_string(),
        };
    }

    for c in &a.checks.items {
        let Some(last) = c.last() else { continue };
        match &c.latest {
            Verdict::Pass { how } if c.fresh_pass() => {
                let (what, how) = match c.kind {
                    CheckKind::Script => (
                        "ran cleanly",
                        how.strip_prefix("ran cleanly; ").unwrap_or(how).to_string(),
                    ),
                    _ => ("passed", how.clone()),
                };
                // What a script printed last is often its result (a computed answer, a URL);
                // not when the output shown was cut, where the last line is only where it was.
                let printed = match c.kind {
                    CheckKind::Script if !how.contains("cut") => printed_last(ev, &last.id)
                        .map(|line| format!("; it printed {}", text::quote(&line, PRINTED_CHARS)))
                        .unwrap_or_default(),
                    _ => String::new(),
                };
                note.verified.push(match &c.renewed_by {
                    // A later passing test run built it again after the changes.
                    Some((id, shown)) => claim(
                        format!(
                            "{} {what} ({how}); {} built it again after the last change and passed",
                            c.label(),
                            code_span(shown)
                        ),
                        vec![last.id.clone(), id.clone()],
                    ),
                    None => claim(
                        format!(
                            "{} {what} ({how}) after the last change{printed}",
                            c.label()
                        ),
                        vec![last.id.clone()],
                    ),
                });
            }
            Verdict::Pass { how } => {
                let paths: Vec<String> =
                    c.stale_paths.iter().take(3).map(|p| code_span(p)).collect();
                let more = c.stale_paths.len().saturating_sub(3);
                let mut cite = vec![last.id.clone()];
                cite.extend(c.stale_by.iter().rev().take(3).rev().cloned());
                note.partial.push(claim(
                    format!(
                        "{} passed ({how}), but {}{} changed after it; not re-run since",
                        c.label(),
                        paths.join(", "),
                        if more > 0 {
                            format!(" and {more} more")
                        } else {
                            String::new()
                        }
                    ),
                    cite,
                ));
            }
            Verdict::Fail { error } => note.partial.push(claim(
                format!("{} failed on its last run: {error}", c.label()),
                vec![last.id.clone()],
            )),
            Verdict::Unknown { why } if matches!(c.kind, CheckKind::Test | CheckKind::Build) => {
                note.partial.push(claim(
                    format!("{} ran, but its result is not recorded ({why})", c.label()),
                    vec![last.id.clone()],
                ))
            }
            Verdict::NotRun { why } => note.partial.push(claim(
                format!("{} could not run: {why}", c.label()),
                vec![last.id.clone()],
            )),
            Verdict::Unknown { .. } => {}
        }
    }
    for r in &a.reported {
        let sim = r
            .simulated
            .as_ref()
            .map(|s| format!("; a simulation, not the real thing: {s}"))
            .unwrap_or_default();
        note.partial.push(claim(
            format!(
                "Reported by the agent, not shown by any recorded command: {}{sim}",
                text::quote(&r.text, 160)
            ),
            r.cite.clone(),
        ));
    }
    for k in &a.history.skipped {
        let on = if k.after.is_empty() {
            "not checked by any recorded command".to_string()
        } else {
            format!("after {}", k.after.join(", "))
        };
        // Cited by the message alone: the commands before it are context, not proof.
        let cite = vec![k.said.clone()];
        note.partial.push(claim(
            format!(
                "Left as it was on the agent's word that it needed nothing ({on}; unverified): {}",
                text::quote(&k.text, 200)
            ),
            cite,
        ));
    }
    // Changes no check ran after.
    let checked = a
        .checks
        .items
        .iter()
        .any(|c| !matches!(c.latest, Verdict::Unknown { .. } | Verdict::NotRun { .. }));
    let changed: Vec<&crate::analysis::files::FileFact> = a
        .files
        .entries
        .iter()
        .filter(|f| f.edits > 0 && crate::evidence::paths::affects_runs(&f.path))
        .collect();
    if !checked && !changed.is_empty() {
        let shown: Vec<String> = changed.iter().take(3).map(|f| code_span(&f.path)).collect();
        let more = changed.len().saturating_sub(3);
        let cite: Vec<String> = changed
            .iter()
            .flat_map(|f| f.cite.iter().filter(|c| c.starts_with('E')).cloned())
            .take(4)
            .collect();
        note.partial.push(claim(
            format!(
                "Edits to {}{} were never tested: no test, build or check ran in the session",
                shown.join(", "),
                if more > 0 {
                    format!(" and {more} more files")
                } else {
                    String::new()
                }
            ),
            cite,
        ));
    }
    let s = &a.stopped;
    if let Some(id) = &s.said {
        let cmd = s
            .command
            .as_ref()
            .map(|c| {
                let result = if s.no_result {
                    ", no result recorded"
                } else {
                    ""
                };
                format!(
                    "last command {} ({c}{result}); ",
                    code_span(&s.command_text)
                )
            })
            .unwrap_or_default();
        let words = if s.said_text.is_empty() {
            "the agent's last message holds file listings and code only".to_string()
        } else {
            format!("the agent's last words: {}", text::quote(&s.said_text, 200))
        };
        note.partial.push(claim(
            format!("Where it stopped: {cmd}{words}"),
            vec![id.clone()],
        ));
    }
}

/// The title: the latest request, shortened at a word.
fn title(summary: &str) -> String {
    let t = text::shorten(summary, TITLE_CHARS);
    t.trim_end_matches(['.', '!', '?', ':', ',']).to_string()
}
