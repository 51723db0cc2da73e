//! Next Action: the one the analysis chose.

use super::claim;
use crate::analysis::Analysis;
use crate::note::Note;

pub(super) fn render(a: &Analysis, note: &mut Note) {
    note.next_actions = vec![claim(a.next.text.clone(), a.next.cite.clone())];
}
