//! Watch-outs: the analysis's hazards.

use super::claim;
use crate::analysis::Analysis;
use crate::note::Note;

pub(super) fn render(a: &Analysis, note: &mut Note) {
    for h in &a.hazards {
        note.watch_outs.push(claim(h.text.clone(), h.cite.clone()));
    }
}
