//! The analysis as the model reads it: one compact block of judged facts, each with the evidence
//! ids it rests on, so that a model drafts from the same verdicts the validator will judge its
//! note with (which checks pass now, which a later change made stale, which requests went
//! unanswered, what is left to whom) instead of re-deriving them from a cut transcript.

use super::Analysis;
use super::checks::Verdict;
use super::loops::LoopOwner;
use super::project::Relation;
use super::requests::Answer;
use super::text;
use std::fmt::Write as _;

/// Items listed per kind at most.
const MAX_ITEMS: usize = 6;
/// Requests listed at most (the latest ones).
const MAX_REQUESTS: usize = 5;
/// Longest text of one item.
const ITEM_CHARS: usize = 200;
/// Longest suggested next action: whole, since a cut one ("Check what C13 did…") loses the
/// step that follows it, and a model drafting from it stops where the cut did.
const NEXT_CHARS: usize = 600;

/// The facts, one per line, grouped under short headings; empty groups are left out.
pub(crate) fn brief(a: &Analysis) -> String {
    let mut out = String::new();
    let t = |s: &str| text::shorten(s, ITEM_CHARS);
    let ids = |c: &[String]| {
        if c.is_empty() {
            String::new()
        } else {
            format!(" ({})", c.join(", "))
        }
    };

    match a.project.relation {
        Relation::Moved => {
            let _ = writeln!(
                out,
                "project: the session ran in another copy of this repository ({})",
                a.project.reason
            );
        }
        Relation::Elsewhere => {
            let _ = writeln!(
                out,
                "project: the session's folder is NOT this repository ({}); git here says nothing about its changes",
                a.project.reason
            );
        }
        Relation::Same | Relation::Unknown => {}
    }

    let earlier = a.requests.items.len().saturating_sub(MAX_REQUESTS);
    let requests: Vec<String> = (earlier > 0)
        .then(|| format!("- ({earlier} earlier request(s) not listed)"))
        .into_iter()
        .chain(a.requests.items.iter().skip(earlier).map(|r| {
            let state = match &r.answer {
                Answer::Answered => "answered".to_string(),
                Answer::Unanswered { errors, .. } if errors.is_empty() => "UNANSWERED".to_string(),
                Answer::Unanswered { errors, error_ids } => format!(
                    "UNANSWERED: {}{}",
                    t(errors.last().map(String::as_str).unwrap_or_default()),
                    ids(&error_ids[error_ids.len().saturating_sub(1)..])
                ),
                Answer::Undone { by, .. } => format!("answer undone by the owner ({by})"),
            };
            format!("- {} {} — {state}", r.id, text::quote(&r.summary, 120))
        }))
        .collect();
    group(
        &mut out,
        "requests, oldest first (the last is the current goal)",
        &requests,
    );

    let checks: Vec<String> = a
        .checks
        .items
        .iter()
        .rev()
        .take(MAX_ITEMS)
        .rev()
        .map(|c| {
            let verdict = match &c.latest {
                Verdict::Pass { how } if c.fresh_pass() => match &c.renewed_by {
                    Some((id, shown)) => format!(
                        "PASSED ({how}); the later passing `{shown}` ({id}) built it again after the last change that can affect it"
                    ),
                    None => format!("PASSED ({how}) after the last change that can affect it"),
                },
                Verdict::Pass { how } => format!(
                    "passed ({how}) but STALE: {} changed after it",
                    c.stale_paths
                        .iter()
                        .take(4)
                        .map(|p| format!("`{p}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                Verdict::Fail { error } => format!("FAILS on its last run: {}", t(error)),
                Verdict::NotRun { why } => format!("COULD NOT RUN, no result either way: {why}"),
                Verdict::Unknown { why } => format!("result unknown: {why}"),
            };
            let before = c
                .resolved
                .as_ref()
                .map(|r| {
                    format!(
                        "; failed {}× before (first {}: {})",
                        r.failures,
                        r.first,
                        t(&r.first_error)
                    )
                })
                .unwrap_or_default();
            let mut cite = vec![c.latest_run.clone()];
            cite.extend(c.stale_by.iter().take(3).cloned());
            format!("- {}: {verdict}{before}{}", c.label(), ids(&cite))
        })
        .collect();
    group(
        &mut out,
        "checks (test runs, builds, scripts) by what they run, latest run decides",
        &checks,
    );
    let unrun: Vec<String> = a
        .checks
        .unrun
        .iter()
        .map(|u| format!("- `{}` ({})", u.command, u.request))
        .collect();
    group(
        &mut out,
        "commands the user asked for that never ran",
        &unrun,
    );

    let commits: Vec<String> = a
        .commits
        .session
        .iter()
        .map(|c| {
            let mut s = format!("- `{}` {}", c.short(), t(&c.subject));
            if c.repo_id.is_none() {
                s.push_str(" (not in this branch's history)");
            }
            if c.pushed_by.is_some() {
                s.push_str(", pushed");
            }
            if let Some(by) = &c.undone_by {
                let _ = write!(s, ", undone ({by})");
            }
            s + &ids(&c.cite)
        })
        .chain(a.commits.meanwhile.iter().map(|c| match (&c.by_action, &a.commits.api_writer) {
            (Some(action), _) => format!(
                "- `{}` {} — made by this session through a tool, not git (G, {action})",
                &c.id[..c.id.len().min(7)],
                t(&c.summary)
            ),
            // Made in the session's time by no git command of it, while it wrote through an API.
            (None, Some((tool, id))) => format!(
                "- `{}` {} — no git command of this session made it; the session also wrote through `{tool}`, which may have (G, {id})",
                &c.id[..c.id.len().min(7)],
                t(&c.summary)
            ),
            (None, None) => format!(
                "- `{}` {} — NOT by this session (G)",
                &c.id[..c.id.len().min(7)],
                t(&c.summary)
            ),
        }))
        .collect();
    group(&mut out, "commits", &commits);

    let items = |v: &[super::history::Item]| -> Vec<String> {
        v.iter()
            .take(MAX_ITEMS)
            .map(|i| format!("- {}{}", t(&i.text), ids(&i.cite)))
            .collect()
    };
    group(&mut out, "decisions", &items(&a.history.decisions));
    group(
        &mut out,
        "dead ends (do not retry)",
        &items(&a.history.dead_ends),
    );

    let reported: Vec<String> = a
        .reported
        .iter()
        .take(MAX_ITEMS)
        .map(|r| format!("- {}{}", t(&r.text), ids(&r.cite)))
        .collect();
    group(
        &mut out,
        "results the agent reported that no recorded command shows",
        &reported,
    );

    let loops: Vec<String> = a
        .loops
        .iter()
        .take(MAX_ITEMS)
        .map(|l| {
            let owner = match l.owner {
                LoopOwner::Agent => "Agent",
                LoopOwner::AgentAfterOwner => "Agent, after the owner says so",
                LoopOwner::Human => "Human",
            };
            format!(
                "- [{owner}] {} — verify: {}{}",
                t(&l.text),
                t(&l.verify),
                ids(&l.cite)
            )
        })
        .collect();
    group(&mut out, "open loops", &loops);

    let hazards: Vec<String> = a
        .hazards
        .iter()
        .take(MAX_ITEMS)
        .map(|h| format!("- {}{}", t(&h.text), ids(&h.cite)))
        .collect();
    group(&mut out, "watch-outs", &hazards);

    if !a.next.text.is_empty() {
        let _ = writeln!(
            out,
            "suggested next action: {}{}",
            text::shorten(&a.next.text, NEXT_CHARS),
            ids(&a.next.cite)
        );
    }
    out
}

fn group(out: &mut String, heading: &str, lines: &[String]) {
    if lines.is_empty() {
        return;
    }
    let _ = writeln!(out, "{heading}:");
    for l in lines {
        out.push_str(l);
        out.push('\n');
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::analyse;
    use crate::testkit::*;

    #[test]
    fn the_brief_carries_verdicts_staleness_and_ids() {
        let mut t = chat(vec![
            user(1, "Fix the parser in `a.py`.", 0),
            said(2, "Fixed; the tests pass.", 5),
            user(3, "Now deploy it.", 6),
        ]);
        t.commands = vec![
            ran(
                1,
                "pytest -q",
                Some(1),
                "FAILED tests/test_a.py::test_x - AssertionError",
                2,
            ),
            ran(2, "pytest -q", Some(0), "3 passed in 0.1s", 3),
        ];
        t.edits = vec![edit("E1", "a.py", 1), edit("E2", "a.py", 4)];
        let b = brief(&analyse(&evidence(t)));
        assert!(b.contains("M3 \"Now deploy it.\" — UNANSWERED"), "{b}");
        assert!(b.contains("`pytest -q`: passed (exit 0) but STALE: `a.py` changed after it; failed 1× before (first C1"), "{b}");
        assert!(b.contains("(C2, E2)"), "{b}");
        assert!(b.contains("suggested next action:"), "{b}");
    }
}
