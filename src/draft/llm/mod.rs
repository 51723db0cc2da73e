//! The model drafter: an OpenAI-compatible `/chat/completions` client.
//!
//! The CLI is synchronous; a [`Model`] runs the async client on a current-thread tokio runtime
//! it owns. Runs that draft many notes build one [`Model`] (one HTTP client, one memory of what
//! the server refused) and draft every note with it.

mod body;
mod client;
pub(crate) mod limit;
mod markdown;
mod retry;
mod schema;
mod sse;
mod types;

pub use client::{ChunkRun, Client, Drafted, Failure};
pub(crate) use schema::json_schema;
pub use types::Usage;

use crate::analysis::Analysis;
use crate::config::ModelConfig;
use crate::evidence::Evidence;
use crate::prompt::chunk::Plan;

fn runtime() -> crate::Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| crate::Error::Model(format!("cannot start the async runtime: {e}")))
}

/// The model drafter of one run: one [`Client`] and the runtime its connections live on, for any
/// number of notes (a reqwest client must stay on the runtime that opened its connections).
pub struct Model {
    client: Client,
    runtime: tokio::runtime::Runtime,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("client", &self.client)
            .finish_non_exhaustive()
    }
}

impl Model {
    /// Sets up the client and the runtime.
    pub fn new(cfg: &ModelConfig) -> crate::Result<Model> {
        Ok(Model {
            client: Client::new(cfg)?,
            runtime: runtime()?,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &ModelConfig {
        self.client.config()
    }

    /// Drafts the sections of one note, with every detail of the run; a failure says what had
    /// been sent.
    pub fn draft(&self, ev: &Evidence) -> Result<Drafted, Failure> {
        self.draft_with(ev, &crate::analysis::analyse(ev))
    }

    /// [`Model::draft`] for evidence whose session analysis is `analysis` (the pipeline's, so
    /// that it is computed once).
    pub(crate) fn draft_with(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
    ) -> Result<Drafted, Failure> {
        self.runtime.block_on(self.client.draft_with(ev, analysis))
    }

    /// The repair round on `first`: `findings` sent back once in its conversation.
    pub fn repair(&self, first: &Drafted, findings: &[String]) -> Result<Drafted, Failure> {
        let message = self.client.repair_message(findings);
        self.runtime.block_on(self.client.repair(first, &message))
    }
}

/// Drafts the sections of a note with the configured model, with every detail of the run.
pub fn draft_detailed(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<Drafted> {
    Ok(Model::new(cfg)?.draft(ev)?)
}

/// What would be sent, without sending it: the system and user messages and a table of tokens
/// per block (for `summarize --dry-run`). For a session larger than the budget, first the chunk
/// plan and its cost in tokens, then the draft prompt its facts will go into.
pub fn dry_run(ev: &Evidence, cfg: &ModelConfig) -> crate::Result<String> {
    let client = Client::new(cfg)?;
    let analysis = crate::analysis::analyse(ev);
    let budget = cfg.prompt_budget();
    let mut out = String::new();
    let prompt = match client.plan(ev, &analysis, budget)? {
        Plan::Fits(prompt) => prompt,
        Plan::Chunked(plan) => {
            out.push_str("===== chunked: the older part is summarised first =====\n");
            out.push_str(&plan.table(client.chunk_output(), cfg.max_output_tokens));
            out.push('\n');
            // The draft prompt as it will be sent, less the facts the chunks will give.
            client.chunked_prompt(ev, &analysis, &plan, &[], budget)?
        }
    };
    let body = client.request_body(&prompt, cfg.max_output_tokens);
    let head = format!(
        "POST {}/chat/completions (model {}, {} {}, response_format {})\n\n",
        cfg.base_url,
        cfg.model,
        cfg.max_tokens_field.name(),
        cfg.max_output_tokens,
        cfg.response_mode.name(),
    );
    out.insert_str(0, &head);
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
