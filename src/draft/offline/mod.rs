//! The offline drafter: deterministic, no network. It judges nothing itself: every item renders
//! a fact of the session analysis ([`crate::analysis`]) and cites the evidence ids it rests on,
//! one renderer per section.

mod decisions;
mod files;
mod goal;
mod loops;
mod next;
mod watch;

use crate::analysis::Analysis;
use crate::evidence::Evidence;
use crate::note::{Claim, Note};

/// Drafts the sections of a note from the analysis (header facts, the Workspace State and
/// redaction are the pipeline's).
pub(crate) fn draft(ev: &Evidence, a: &Analysis) -> Note {
    let mut note = Note::default();
    goal::render(ev, a, &mut note);
    decisions::render(a, &mut note);
    files::render(a, &mut note);
    loops::render(a, &mut note);
    next::render(a, &mut note);
    watch::render(a, &mut note);
    note
}

fn claim(text: impl Into<String>, cite: Vec<String>) -> Claim {
    Claim {
        text: text.into(),
        cite: dedup(cite),
        ..Claim::default()
    }
}

fn dedup(mut ids: Vec<String>) -> Vec<String> {
    let mut seen: Vec<String> = Vec::new();
    ids.retain(|i| {
        if seen.contains(i) {
            false
        } else {
            seen.push(i.clone());
            true
        }
    });
    ids
}

#[cfg(test)]
mod tests;
