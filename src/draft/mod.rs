//! Drafters turn evidence into a [`crate::note::Note`]: the offline drafter (deterministic,
//! extractive) or a model behind an OpenAI-compatible API. Both return the same type, so the
//! validator and the renderer do not know which one ran.

pub(crate) mod llm;
pub(crate) mod offline;
