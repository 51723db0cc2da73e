//! The model drafter: an OpenAI-compatible `/chat/completions` client.
//!
//! The CLI is synchronous; [`draft`] runs the async client on a current-thread tokio runtime it
//! creates. Runs that draft many notes build one [`Client`] (one HTTP client, one memory of what
//! the server refused) and call [`Client::draft`] from their own runtime.

mod client;
pub mod limit;
mod markdown;
mod retry;
mod schema;
mod sse;

pub use client::{ApiError, Client, Completion, Drafted, Usage};
pub use schema::{DraftedNote, json_schema};

use crate::config::ModelConfig;
use crate::evidence::Evidence;
use crate::note::Note;
use crate::prompt::BlockStatus;

fn runtime() -> crate::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| crate::Error::Model(format!("cannot start the async runtime: {e}")))
}

/// Drafts a note with the configured model, with every detail of the run.
pub fn draft_detailed(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<Drafted> {
    let client = Client::new(cfg)?;
    runtime()?.block_on(client.draft(ev))
}

/// Drafts a note with the configured model. Warnings (fallbacks taken, a server that seems to
/// have cut the prompt) go to stderr.
pub fn draft(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<Note> {
    let drafted = draft_detailed(ev, cfg)?;
    for w in &drafted.warnings {
        eprintln!("handoff: warning: {w}");
    }
    let cut: Vec<&str> = drafted
        .prompt
        .iter()
        .filter(|b| matches!(b.status, BlockStatus::Cut | BlockStatus::Dropped))
        .map(|b| b.name)
        .collect();
    let usage = match drafted.usage {
        Some(u) => format!(
            "{} prompt + {} completion tokens",
            u.prompt_tokens, u.completion_tokens
        ),
        None => format!(
            "~{} prompt tokens (no usage reported)",
            drafted.prompt_tokens
        ),
    };
    eprintln!(
        "handoff: model {}: {usage}, {} request(s){}",
        cfg.model,
        drafted.requests,
        if cut.is_empty() {
            String::new()
        } else {
            format!("; cut to fit the budget: {}", cut.join(", "))
        }
    );
    Ok(drafted.note)
}

/// What would be sent, without sending it: the system and user messages and a table of tokens
/// per block (for `summarize --dry-run`).
pub fn dry_run(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<String> {
    let client = Client::new(cfg)?;
    let prompt = client.prompt(ev, cfg.prompt_budget())?;
    let body = client.request_body(&prompt, cfg.max_output_tokens);
    let mut out = String::new();
    out.push_str(&format!(
        "POST {}/chat/completions (model {}, {} {}, response_format {})\n\n",
        cfg.base_url,
        cfg.model,
        cfg.max_tokens_field.name(),
        cfg.max_output_tokens,
        cfg.response_mode.name(),
    ));
    out.push_str("===== system =====\n");
    out.push_str(&prompt.system);
    out.push_str("\n===== user =====\n");
    out.push_str(&prompt.user);
    out.push_str("\n===== tokens per block =====\n");
    out.push_str(&prompt.table());
    out.push_str(&format!(
        "context window {} tokens, output reserved {} tokens, request body {} bytes\n",
        cfg.context_window,
        cfg.max_output_tokens,
        body.to_string().len()
    ));
    Ok(out)
}
