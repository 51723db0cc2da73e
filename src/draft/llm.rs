//! The model drafter: an OpenAI-compatible `/chat/completions` client.

use crate::config::ModelConfig;
use crate::evidence::Evidence;
use crate::note::Note;

/// Drafts a note with the configured model.
pub fn draft(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<Note> {
    let _ = ev;
    Err(crate::Error::Model(format!(
        "{}: model drafting is not implemented yet",
        cfg.base_url
    )))
}
