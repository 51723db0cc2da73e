//! Decisions & Discarded Paths: the analysis's decisions (commit messages, decision records,
//! statements, findings, open recommendations) and dead ends, as they are.

use super::claim;
use crate::analysis::Analysis;
use crate::analysis::history::Source;
use crate::note::Note;
use crate::phrases;

pub(super) fn render(a: &Analysis, note: &mut Note) {
    for d in &a.history.decisions {
        let text = match d.source {
            // "Root cause found: …" says what it is; only a bare statement needs the label.
            Source::Finding if phrases::FINDING.is_match(&d.text) => d.text.clone(),
            Source::Finding => format!("Finding: {}", d.text),
            Source::Record => d.text.replacen(" (`", " (decision record `", 1),
            _ => d.text.clone(),
        };
        note.decisions.push(claim(text, d.cite.clone()));
    }
    for d in &a.history.dead_ends {
        note.discarded.push(claim(d.text.clone(), d.cite.clone()));
    }
}
