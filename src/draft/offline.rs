//! The offline drafter: deterministic and extractive, evidence only, no network.

use crate::evidence::Evidence;
use crate::note::Note;

/// Drafts a note from the evidence alone.
pub fn draft(ev: &Evidence) -> Note {
    let _ = ev;
    Note::default()
}
