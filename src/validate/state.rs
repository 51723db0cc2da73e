//! What a note says about the state of the work against git: a claim that the working tree is
//! clean when git status lists changes (rule `verification`).

use super::completeness::is_note_file;
use super::{Ctx, Severity, claims, rule};
use crate::note::{ClaimStatus, Note};
use crate::phrases;
use std::path::Path;

pub(crate) fn check(note: &Note, note_path: Option<&Path>, cx: &mut Ctx) {
    clean_tree(note, note_path, cx);
}

/// Claims (and hand-written Workspace State lines) saying nothing is uncommitted, while git
/// status lists changes other than the note's own files.
fn clean_tree(note: &Note, note_path: Option<&Path>, cx: &mut Ctx) {
    let Some(git) = &cx.ev.git else {
        return;
    };
    let changed = git
        .status
        .iter()
        .filter(|s| s.index != "!" && !is_note_file(cx, &s.path, note_path))
        .count();
    if changed == 0 {
        return;
    }
    let reason = format!("git status lists {changed} changed path(s)");
    for c in claims(note) {
        if c.flagged.is_none() && !c.added_by_validator && phrases::CLEAN_TREE.is_match(&c.text) {
            cx.flag(
                c.key,
                ClaimStatus::Contradicted,
                rule::VERIFICATION,
                format!("G — {reason}"),
                vec!["G".into()],
            );
        }
    }
    // Lines `handoff` computed from git cite (G) and describe the tree when the note was
    // written; a hand-written line has no such excuse.
    for l in &note.workspace {
        if !l.trim_end().ends_with("(G)") && phrases::CLEAN_TREE.is_match(l) {
            cx.finding(
                None,
                None,
                rule::VERIFICATION,
                Severity::Error,
                format!("Workspace State says the tree is clean, but {reason}"),
            );
        }
    }
}
