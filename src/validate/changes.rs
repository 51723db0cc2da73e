//! Rule `changes`: a claim that a file was changed (created, edited, now does something) names a
//! file the session changed — in git status, in the transcript's edits, in a commit the session
//! made, or outside the repository where the session wrote it. A file the session only read is
//! no change of it. And a claim about a file's current content that cites an edit the session
//! later edited again rests on a state that no longer holds (rule `staleness`).

use super::text::mentions;
use super::{Ctx, Section, claims, rule};
use crate::evidence::paths::same_path;
use crate::note::{ClaimStatus, Note};
use crate::phrases;
use regex::Regex;
use std::sync::LazyLock;

/// Words that say a file changed.
static CHANGED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:now|new|added|adds|created|creates|edited|changed|updated|modified|replaced|rewrote|rewritten|appends?|appended|was edited|refactored|fixed)\b")
        .expect("regex")
});

/// Words that say a file was not changed ("read, not changed").
static NOT_CHANGED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:not|never|no)\s+(?:changed|edited|modified|updated)\b|\bunchanged\b|\bread only\b|\bonly read\b|\bread,")
        .expect("regex")
});

/// The file a change was made in: "to `multi.py`", "in `src/a.py`".
static CHANGED_IN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:to|in|into|inside)\s+(?:the\s+file\s+)?`([^`]+)`").expect("regex")
});

/// Words that say a file's content is in some state now.
static NOW: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(?:now|currently|points (?:to|at))\b").expect("regex"));

/// A quotation ("…" or “…”).
static QUOTED: LazyLock<Regex> = LazyLock::new(|| Regex::new(r#""[^"]*"|“[^”]*”"#).expect("regex"));

/// Whether the session changed `path`.
fn changed_by_session(cx: &Ctx, path: &str) -> bool {
    change_evidence(cx, path).is_some()
}

/// The evidence that the session changed `path`: `G` (git status, or a commit of the session),
/// the ids of its latest confirmed edits in the covered part, the outside write's edit id; `None`:
/// no change.
fn change_evidence(cx: &Ctx, path: &str) -> Option<Vec<String>> {
    let a = cx.analysis;
    let p = path.trim_start_matches("./").trim_end_matches('/');
    let in_status = cx.ev.git.as_ref().is_some_and(|g| {
        g.status
            .iter()
            .any(|s| same_path(p, &s.path) || s.path.starts_with(&format!("{p}/")))
    });
    // An edit no tool confirmed (refused, failed) is an attempt, not a change: the analysis's
    // rule (analysis/files.rs). Only edits in the part of the transcript the note covers count
    // (aider: the last launch; an earlier launch's edit is not this session's).
    let from = a.scope.from_seq.unwrap_or(0);
    let edits: Vec<String> = cx
        .ev
        .transcript
        .iter()
        .flat_map(|t| &t.edits)
        .filter(|e| e.confirmed && e.seq >= from)
        .filter(|e| {
            let rel = crate::evidence::paths::normalize(&e.path);
            exact_or_under(&rel, p) || rel.ends_with(&format!("/{p}"))
        })
        .map(|e| e.id.to_string())
        .collect();
    let committed = a
        .commits
        .session
        .iter()
        .any(|c| c.files.iter().any(|f| same_path(f, p)));
    let outside = a
        .files
        .outside
        .iter()
        .any(|o| o == p || o.ends_with(&format!("/{p}")));
    if !(in_status || committed || outside || !edits.is_empty()) {
        return None;
    }
    let mut evidence = Vec::new();
    if in_status || committed {
        evidence.push("G".to_string());
    }
    // The latest edits say most about the file's state.
    evidence.extend(edits.iter().rev().take(3).rev().cloned());
    if outside && evidence.is_empty() {
        evidence.extend(a.files.outside_cite.iter().take(1).map(|id| id.to_string()));
    }
    Some(evidence)
}

fn exact_or_under(path: &str, p: &str) -> bool {
    path == p || path.starts_with(&format!("{p}/"))
}

/// A Files & Symbols entry says "the session changed this file": the change backs it.
fn verify_entry(cx: &mut Ctx, c: &super::ClaimView, plain: &str) {
    if let (Some(p), Section::Files) = (&c.path, c.key.section)
        && let Some(evidence) = change_evidence(cx, p)
        && !NOT_CHANGED.is_match(plain)
    {
        cx.verified(c.key, rule::CHANGES, evidence);
    }
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    // Without a transcript the session's edits are unknown: no claim of a change is called
    // false, but git status still backs the entries it shows.
    let knows_edits = cx.ev.transcript.is_some();
    for c in claims(note) {
        if c.flagged.is_some() || c.added_by_validator {
            continue;
        }
        let plain = mentions(&c.text).plain;
        if !knows_edits {
            verify_entry(cx, &c, &plain);
            continue;
        }
        let says_change = CHANGED.is_match(&plain) && !NOT_CHANGED.is_match(&plain);
        let about: Vec<String> = match (&c.path, c.key.section) {
            (Some(p), Section::Files) if says_change => vec![p.clone()],
            (_, Section::Verified | Section::Partial) if says_change => mentions(&c.text)
                .paths
                .into_iter()
                .map(|p| p.path)
                .collect(),
            // "Added a guard to `multi.py`": a decision that states a change the session made
            // in a file. ("Created `README.md` with the GitHub API" may be a remote change.)
            (_, Section::Decisions) if phrases::CHANGE_DONE.is_match(&plain) => CHANGED_IN
                .captures_iter(&c.text)
                .filter_map(|m| super::text::path_ref(&m[1], false))
                .map(|p| p.path)
                .collect(),
            _ => Vec::new(),
        };
        let unchanged: Vec<String> = about
            .into_iter()
            .filter(|p| !p.trim().is_empty() && !changed_by_session(cx, p))
            .collect();
        if let Some(p) = unchanged.first() {
            cx.flag(
                c.key,
                ClaimStatus::Unverified,
                rule::CHANGES,
                format!("the session did not change `{p}` (no edit, commit or git status entry)"),
                Vec::new(),
            );
            continue;
        }
        verify_entry(cx, &c, &plain);
        // A cited edit that a later edit of the same file superseded (and that the claim does not
        // cite too). Quoted words are the agent's, not the claim's ("…the agent said: "Now I
        // need to update the `.env`"").
        if !NOW.is_match(&QUOTED.replace_all(&mentions(&c.text).plain, " ")) {
            continue;
        }
        let Some(t) = &cx.ev.transcript else { continue };
        for id in &c.cite {
            let Some(e) = t.edits.iter().find(|e| &e.id == id) else {
                continue;
            };
            if let Some(later) = t
                .edits
                .iter()
                .rfind(|x| x.seq > e.seq && x.path == e.path)
                .filter(|later| !c.cite.iter().any(|x| *x == later.id))
            {
                cx.flag(
                    c.key,
                    ClaimStatus::Unverified,
                    rule::STALENESS,
                    format!("{} edited `{}` again after {id}", later.id, e.path),
                    vec![later.id.to_string()],
                );
                break;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::note::{ClaimStatus, FileEntry};
    use crate::testkit::*;
    use crate::validate::validate;

    #[test]
    fn a_file_the_session_only_read_is_no_change() {
        let (_dir, mut ev) = worktree(&[("src/a.py", "x"), ("src/b.py", "y")], &[]);
        ev.transcript = Some(transcript(vec![], vec![edit("E1", "src/a.py", 1)], vec![]));
        let mut n = note();
        n.files = vec![
            FileEntry {
                path: "src/b.py".into(),
                summary: "now preprocesses images".into(),
                ..FileEntry::default()
            },
            FileEntry {
                path: "src/a.py".into(),
                summary: "now preprocesses images".into(),
                ..FileEntry::default()
            },
        ];
        let r = validate(&mut n, &ev);
        let verdicts: Vec<(ClaimStatus, Option<&str>)> = r
            .claims
            .iter()
            .filter(|c| c.section == crate::note::Section::Files)
            .map(|c| (c.status, c.rule.as_deref()))
            .collect();
        assert_eq!(
            verdicts[0],
            (ClaimStatus::Unverified, Some("changes")),
            "{:?}",
            r.claims
        );
        // The edit backs the other entry: verified by the change, with the edit as evidence.
        assert_eq!(verdicts[1], (ClaimStatus::Verified, Some("changes")));
        let evidence = r
            .claims
            .iter()
            .rfind(|c| c.section == crate::note::Section::Files);
        assert_eq!(
            evidence.map(|c| c.evidence.clone()),
            Some(vec!["E1".to_string()])
        );
    }

    #[test]
    fn an_unconfirmed_edit_and_a_decision_that_names_an_unchanged_file() {
        let (_dir, mut ev) = worktree(&[("chall.py", "x"), ("multi.py", "y")], &[]);
        let mut refused = edit("E1", "chall.py", 1);
        refused.confirmed = false;
        ev.transcript = Some(transcript(vec![], vec![refused], vec![]));
        let mut n = note();
        n.files = vec![FileEntry {
            path: "chall.py".into(),
            summary: "now reads `msg.enc`".into(),
            ..FileEntry::default()
        }];
        n.decisions = vec![
            claim("Added a `__main__` guard to `multi.py` so the script runs"),
            claim("Kept `multi.py` as it is"),
        ];
        let r = validate(&mut n, &ev);
        let rule_of = |section, k: usize| {
            r.claims
                .iter()
                .filter(|c| c.section == section)
                .nth(k)
                .and_then(|c| c.rule.clone())
        };
        assert_eq!(
            rule_of(crate::note::Section::Files, 0).as_deref(),
            Some("changes")
        );
        assert_eq!(
            rule_of(crate::note::Section::Decisions, 0).as_deref(),
            Some("changes")
        );
        assert_eq!(rule_of(crate::note::Section::Decisions, 1), None);
    }

    #[test]
    fn an_earlier_aider_launchs_edit_is_not_this_sessions_change() {
        let mut ev = evidence(aider_two_launches());
        let (_dir, wt) = worktree(&[("schemas/meta.ts", "export const x = 1;\n")], &[]);
        ev.git = wt.git;
        let mut n = note();
        n.files = vec![FileEntry {
            path: "schemas/meta.ts".into(),
            summary: "`ValidatorMetadataSchema` added in this launch".into(),
            ..FileEntry::default()
        }];
        let r = validate(&mut n, &ev);
        let c = r
            .claims
            .iter()
            .find(|c| c.section == crate::note::Section::Files)
            .unwrap();
        assert_eq!(c.status, ClaimStatus::Unverified, "{c:?}");
        assert_eq!(c.rule.as_deref(), Some("changes"));
    }

    #[test]
    fn a_superseded_edit_backs_no_claim_about_now() {
        let (_dir, mut ev) = worktree(&[("apps/api/.env", "X=1")], &[]);
        ev.transcript = Some(transcript(
            vec![],
            vec![
                edit("E1", "apps/api/.env", 1),
                edit("E2", "apps/api/.env", 2),
            ],
            vec![],
        ));
        let mut n = note();
        n.partial = vec![cited(
            "`apps/api/.env` now points the provider at the host",
            &["E1"],
        )];
        let r = validate(&mut n, &ev);
        let c = r
            .claims
            .iter()
            .find(|c| c.section == crate::note::Section::Partial)
            .unwrap();
        assert_eq!(c.status, ClaimStatus::Unverified, "{c:?}");
        assert_eq!(c.rule.as_deref(), Some("staleness"));
    }
}
