//! One OpenAI-compatible `/chat/completions` client per run: the HTTP client is built once, and
//! what the server refused (a response format, the output-cap field name) is remembered for the
//! rest of the run.

use super::body::{self, Body, Limits};
use super::types::{ApiError, Completion, ServerContext, Usage, error_chain};
use super::{limit::Limiter, retry, schema, sse};
use crate::analysis::Analysis;
use crate::config::{MaxTokensField, ModelConfig, ResponseMode};
use crate::evidence::Evidence;
use crate::note::Note;
use crate::prompt::chunk::{self, ChunkFacts, ChunkPlan, Plan};
use crate::prompt::{self, Prompt, PromptOptions, Templates};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::time::Instant;

/// A drafted note plus what it cost.
#[derive(Debug, Clone)]
pub struct Drafted {
    /// The drafted sections (header facts and workspace are the pipeline's).
    pub note: Note,
    /// Server-reported usage of the successful request.
    pub usage: Option<Usage>,
    /// Our own count of the prompt that was sent.
    pub prompt_tokens: usize,
    /// The per-block report of that prompt.
    pub prompt: Vec<prompt::BlockReport>,
    /// The response mode that worked.
    pub mode: ResponseMode,
    /// HTTP requests made (retries and fallbacks included).
    pub requests: u32,
    /// Things the user should know (fallbacks taken, silent truncation suspected).
    pub warnings: Vec<String>,
    /// The conversation so far: the system and user messages sent and the answer's text, so that
    /// a repair round can continue it (empty for an imported answer).
    pub conversation: Conversation,
    /// For a session larger than the budget: what its chunk requests cost and kept.
    pub chunked: Option<ChunkRun>,
}

/// The chunk requests of a session larger than the budget: what they cost and what they kept.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ChunkRun {
    /// Chunk requests planned (one per part of the older part).
    pub chunks: usize,
    /// Parts whose answer gave facts the draft used.
    pub answered: usize,
    /// Facts kept.
    pub facts: usize,
    /// Facts dropped: uncited, or citing ids their part does not show.
    pub dropped_facts: usize,
    /// The oldest items left out beyond the cap.
    pub left_out_items: usize,
    /// Our count of the chunk prompts sent (every attempt).
    pub prompt_tokens: usize,
    /// Server-reported prompt and completion tokens of the chunk answers, when reported.
    pub usage: Option<(u64, u64)>,
    /// HTTP requests the chunks made (retries included).
    pub requests: u32,
}

impl ChunkRun {
    /// The line `summarize` prints on stderr.
    pub fn report_line(&self) -> String {
        let tokens = match self.usage {
            Some((p, c)) => format!(
                "~{} prompt tokens by our count; the server counted {p} prompt + {c} completion",
                self.prompt_tokens
            ),
            None => format!("~{} prompt tokens", self.prompt_tokens),
        };
        format!(
            "handoff: chunked: the older part of the session in {} chunk(s) ({tokens}, {} request(s)); {} answered, {} fact(s) kept, {} dropped{}",
            self.chunks,
            self.requests,
            self.answered,
            self.facts,
            self.dropped_facts,
            if self.left_out_items > 0 {
                format!(
                    "; the oldest {} items left out (--max-chunks)",
                    self.left_out_items
                )
            } else {
                String::new()
            }
        )
    }
}

/// The messages of one draft's conversation, in order (system, user, assistant, …).
#[derive(Debug, Clone, Default)]
pub struct Conversation {
    /// `(role, content)` pairs as sent and answered (redacted as the prompt is).
    pub messages: Vec<(String, String)>,
}

/// Why a model draft failed, and what it had sent by then.
#[derive(Debug)]
pub struct Failure {
    /// The error, one line, as the user sees it.
    pub error: crate::Error,
    /// What went wrong in a few words: the model, then the cause (for a note's header).
    pub brief: String,
    /// Our count of the last prompt sent (0: nothing was sent).
    pub prompt_tokens: usize,
    /// HTTP requests made.
    pub requests: u32,
    /// What the user should know from the attempts (fallbacks taken, re-budgeting).
    pub warnings: Vec<String>,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.error.fmt(f)
    }
}

impl From<Failure> for crate::Error {
    fn from(f: Failure) -> crate::Error {
        f.error
    }
}

/// What one draft has sent so far.
#[derive(Debug, Default)]
struct Sent {
    prompt_tokens: usize,
    requests: u32,
    warnings: Vec<String>,
}

/// The output cap of a chunk request: facts are short, and they all share the draft prompt.
const CHUNK_OUTPUT_TOKENS: u32 = 2048;

/// Which answer a request asks for: a note, or a chunk's facts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Asked {
    Note,
    ChunkFacts,
}

/// The deadline of one note's model step.
#[derive(Debug)]
struct Clock {
    deadline: Instant,
}

impl Clock {
    fn start(total: Duration) -> Clock {
        Clock {
            deadline: Instant::now() + total,
        }
    }

    fn remaining(&self) -> Duration {
        self.deadline.saturating_duration_since(Instant::now())
    }

    /// Moves the deadline by time that does not count against it.
    fn extend(&mut self, by: Duration) {
        self.deadline += by;
    }
}

/// The model drafter for one run.
pub struct Client {
    cfg: ModelConfig,
    http: reqwest::Client,
    url: String,
    templates: Templates,
    mode: Mutex<ResponseMode>,
    field: Mutex<MaxTokensField>,
    limiter: Option<Arc<Limiter>>,
}

/// What an answer held: a note, or too little to be one (cut at the output cap, or empty),
/// which a live run retries once with a smaller prompt.
// Returned once per answer and unpacked at once.
#[allow(clippy::large_enum_variant)]
enum Answer {
    Note(Note),
    Short(String),
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("cfg", &self.cfg)
            .finish_non_exhaustive()
    }
}

impl Client {
    /// Builds the HTTP client (rustls, timeouts) and loads the prompt templates.
    pub fn new(cfg: &ModelConfig) -> crate::Result<Client> {
        // No whole-request timeout here: the deadline and the idle timeout are timed per note
        // (body.rs), so that each is reported as what it is. Redirects are never followed: a
        // server on loopback could otherwise send the prompt on to any host, plain http included.
        let http = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .redirect(reqwest::redirect::Policy::none())
            .user_agent(concat!("handoff/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| {
                crate::Error::Model(format!(
                    "cannot set up the HTTP client: {}",
                    error_chain(&e)
                ))
            })?;
        Ok(Client {
            url: format!("{}/chat/completions", cfg.base_url.trim_end_matches('/')),
            templates: Templates::load(cfg.prompt_dir.as_deref())?,
            mode: Mutex::new(cfg.response_mode),
            field: Mutex::new(cfg.max_tokens_field),
            cfg: cfg.clone(),
            http,
            limiter: None,
        })
    }

    /// Sends every request through `limiter`, shared with the other clients of the run: its
    /// per-minute budgets apply, and a 429 pauses them all.
    pub fn with_limiter(mut self, limiter: Arc<Limiter>) -> Client {
        self.limiter = Some(limiter);
        self
    }

    /// The configuration.
    pub fn config(&self) -> &ModelConfig {
        &self.cfg
    }

    fn mode(&self) -> ResponseMode {
        *self.mode.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn field(&self) -> MaxTokensField {
        *self.field.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Builds the prompt as it would be sent now (for `--dry-run`).
    pub fn prompt(&self, ev: &Evidence, budget: usize) -> crate::Result<Prompt> {
        self.prompt_with(ev, &crate::analysis::analyse(ev), budget)
    }

    /// [`Client::prompt`] for evidence whose session analysis is `analysis`.
    pub(crate) fn prompt_with(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
        budget: usize,
    ) -> crate::Result<Prompt> {
        prompt::build_with(ev, analysis, &self.templates, &self.options(budget))
    }

    /// Today's prompt, or the chunked plan when the session does not fit `budget`.
    pub(crate) fn plan(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
        budget: usize,
    ) -> crate::Result<Plan> {
        chunk::plan(
            ev,
            analysis,
            &self.templates,
            &self.options(budget),
            self.cfg.max_chunks,
        )
    }

    /// The draft prompt of the chunked path: `facts` from `plan`'s chunks, the recent part whole.
    pub(crate) fn chunked_prompt(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
        plan: &ChunkPlan,
        facts: &[ChunkFacts],
        budget: usize,
    ) -> crate::Result<Prompt> {
        chunk::build_chunked(
            ev,
            analysis,
            &self.templates,
            &self.options(budget),
            plan,
            facts,
        )
    }

    /// After the server refused `mode`'s response format: the next mode for the rest of the
    /// run, and the warning that says so.
    fn fall_back_from(&self, mode: ResponseMode) -> String {
        let next = mode.fallback().unwrap_or(ResponseMode::Markdown);
        *self.mode.lock().unwrap_or_else(|e| e.into_inner()) = next;
        format!(
            "{} refused response_format {}; using {} for the rest of the run",
            self.cfg.base_url,
            mode.name(),
            next.name()
        )
    }

    /// The output cap of a chunk request.
    pub fn chunk_output(&self) -> u32 {
        self.cfg.max_output_tokens.min(CHUNK_OUTPUT_TOKENS)
    }

    fn options(&self, budget: usize) -> PromptOptions {
        PromptOptions {
            encoding: self.cfg.encoding,
            budget,
            mode: self.mode(),
            redact: self.cfg.redact,
        }
    }

    /// The request body for `prompt`. Never logged: it holds the (redacted) transcript.
    pub fn request_body(&self, prompt: &Prompt, max_output: u32) -> Value {
        let messages = [
            ("system".to_string(), prompt.system.clone()),
            ("user".to_string(), prompt.user.clone()),
        ];
        self.request_body_for(&messages, self.mode(), max_output, Asked::Note)
    }

    /// The request body for a conversation of `(role, content)` messages in `mode`, asking for
    /// `asked`.
    fn request_body_for(
        &self,
        messages: &[(String, String)],
        mode: ResponseMode,
        max_output: u32,
        asked: Asked,
    ) -> Value {
        let messages: Vec<Value> = messages
            .iter()
            .map(|(role, content)| json!({"role": role, "content": content}))
            .collect();
        let mut body = json!({
            "model": self.cfg.model,
            "messages": messages,
        });
        body[self.field().name()] = json!(max_output);
        match mode {
            ResponseMode::JsonSchema => {
                body["response_format"] = match asked {
                    Asked::Note => schema::response_format_json_schema(),
                    Asked::ChunkFacts => schema::response_format_chunk_schema(),
                }
            }
            ResponseMode::JsonObject => body["response_format"] = json!({"type": "json_object"}),
            ResponseMode::Markdown => {}
        }
        if let Some(t) = self.cfg.temperature {
            body["temperature"] = json!(t);
        }
        if self.cfg.stream {
            body["stream"] = json!(true);
            body["stream_options"] = json!({"include_usage": true});
        }
        body
    }

    /// Drafts a note: budget, send (with retries), fall back, check, convert, all within the
    /// deadline (`cfg.timeout`). A failure says what was sent.
    pub async fn draft(&self, ev: &Evidence) -> Result<Drafted, Failure> {
        self.draft_with(ev, &crate::analysis::analyse(ev)).await
    }

    /// [`Client::draft`] for evidence whose session analysis is `analysis` (computed once by
    /// the caller, who judges the note with it).
    pub(crate) async fn draft_with(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
    ) -> Result<Drafted, Failure> {
        let mut sent = Sent::default();
        self.draft_within(ev, analysis, &mut sent)
            .await
            .map_err(|error| Failure {
                brief: self.brief(&error),
                error,
                prompt_tokens: sent.prompt_tokens,
                requests: sent.requests,
                warnings: sent.warnings,
            })
    }

    async fn draft_within(
        &self,
        ev: &Evidence,
        analysis: &Analysis,
        sent: &mut Sent,
    ) -> crate::Result<Drafted> {
        if self.cfg.api_key.is_none() && crate::config::needs_key(&self.cfg.base_url) {
            return Err(crate::Error::Model(format!(
                "{var} is not set: {} needs an API key — export {var}, name another variable with --api-key-env, or use --offline",
                self.cfg.server_label(),
                var = self.cfg.api_key_env
            )));
        }
        let mut clock = Clock::start(self.cfg.timeout);
        let mut budget = self.cfg.prompt_budget();
        // The user's output cap is never exceeded, only lowered to fit a server's window.
        let mut max_output = self.cfg.max_output_tokens;
        let mut rebudgeted = false;
        let mut length_retried = false;
        let mut field_switched = false;
        // A session larger than the budget: its older part through chunk requests first.
        let (mut first, chunked, chunk_run) = match self.plan(ev, analysis, budget)? {
            Plan::Fits(prompt) => (Some(prompt), None, None),
            Plan::Chunked(plan) => {
                let (facts, run) = self.summarise(&plan, sent).await?;
                if facts.is_empty() {
                    sent.warnings.push(format!(
                        "none of the {} chunk answers could be used; the draft prompt is trimmed to the budget instead",
                        plan.chunks.len()
                    ));
                    (None, None, Some(run))
                } else {
                    (None, Some((plan, facts)), Some(run))
                }
            }
        };
        let warnings = &mut sent.warnings;
        loop {
            let mode = self.mode();
            let prompt = match (first.take(), &chunked) {
                (Some(p), _) => p,
                (None, Some((plan, facts))) => {
                    self.chunked_prompt(ev, analysis, plan, facts, budget)?
                }
                (None, None) => self.prompt_with(ev, analysis, budget)?,
            };
            let body = self.request_body(&prompt, max_output);
            sent.prompt_tokens = prompt.total_tokens;
            let (result, n) = self
                .complete(
                    &body,
                    prompt.total_tokens as u64 + u64::from(max_output),
                    max_output,
                    &mut clock,
                )
                .await;
            sent.requests += n;
            let completion = match result {
                Ok(c) => c,
                Err(e) if e.is_format_refusal() && mode.fallback().is_some() => {
                    warnings.push(self.fall_back_from(mode));
                    continue;
                }
                Err(e) if e.is_context_length() && !rebudgeted => {
                    let server = e.server_context();
                    let (smaller, output) =
                        self.refit(prompt.total_tokens.min(budget), max_output, server);
                    warnings.push(match server {
                        Some(c) => format!(
                            "{}: the server's context is {} tokens and it counted {} in the prompt; retrying with a prompt budget of {smaller} and an output cap of {output} (pass --context {} to start there)",
                            self.cfg.base_url,
                            c.window,
                            c.prompt.map_or_else(|| "too many".to_string(), |p| p.to_string()),
                            c.window
                        ),
                        None => format!(
                            "{}: the prompt ({} tokens) is longer than the model's context; retrying with a budget of {smaller} (pass --context to set the window)",
                            self.cfg.base_url, prompt.total_tokens
                        ),
                    });
                    rebudgeted = true;
                    budget = smaller;
                    max_output = output;
                    continue;
                }
                Err(e) if e.is_max_tokens_param() && !field_switched => {
                    field_switched = true;
                    let mut field = self.field.lock().unwrap_or_else(|e| e.into_inner());
                    *field = match *field {
                        MaxTokensField::MaxTokens => MaxTokensField::MaxCompletionTokens,
                        MaxTokensField::MaxCompletionTokens => MaxTokensField::MaxTokens,
                    };
                    continue;
                }
                Err(e) => {
                    return Err(self.error(&e, n, rebudgeted, max_output));
                }
            };
            let note = match self.read_answer(&completion, mode, max_output)? {
                Answer::Note(note) => note,
                Answer::Short(why) => {
                    // Only a smaller prompt can change the outcome (the output cap stays the
                    // user's): retry once if the prompt would shrink, never resend it as is.
                    let smaller = (budget * 6 / 10).max(512);
                    if !length_retried && prompt.total_tokens > smaller {
                        length_retried = true;
                        warnings.push(format!(
                            "{why}; retrying once with a prompt budget of {smaller}"
                        ));
                        budget = smaller;
                        continue;
                    }
                    return Err(crate::Error::Model(format!(
                        "{}: {why}{} — raise --max-output-tokens (now {max_output}), or use --offline",
                        self.cfg.server_label(),
                        if length_retried {
                            ", again with a smaller prompt"
                        } else {
                            ""
                        }
                    )));
                }
            };
            if let Some(u) = completion.usage
                && (u.prompt_tokens as usize) * 2 < prompt.total_tokens
            {
                warnings.push(format!(
                    "{} counted {} prompt tokens where {} were sent: the server may have cut the prompt to fit its context (e.g. Ollama's num_ctx); pass --context with the real window",
                    self.cfg.base_url, u.prompt_tokens, prompt.total_tokens
                ));
            }
            let conversation = Conversation {
                messages: vec![
                    ("system".into(), prompt.system),
                    ("user".into(), prompt.user),
                    (
                        "assistant".into(),
                        completion.content.clone().unwrap_or_default(),
                    ),
                ],
            };
            return Ok(Drafted {
                note: self.finish_note(note),
                usage: completion.usage,
                prompt_tokens: prompt.total_tokens,
                prompt: prompt.blocks,
                mode,
                requests: sent.requests,
                warnings: std::mem::take(warnings),
                conversation,
                chunked: chunk_run,
            });
        }
    }

    /// The chunk requests of `plan`, one per part, each within its own deadline: the facts each
    /// answer gives, checked against its part's ids. An answer that is not the asked JSON is
    /// asked again once, then its part is left out with a warning; so is an answer whose every
    /// fact cites ids the part does not show. A failed request (after its retries) is the
    /// model's failure, with the usual fallback.
    async fn summarise(
        &self,
        plan: &ChunkPlan,
        sent: &mut Sent,
    ) -> crate::Result<(Vec<ChunkFacts>, ChunkRun)> {
        let max_output = self.chunk_output();
        let parts = plan.chunks.len();
        let mut run = ChunkRun {
            chunks: parts,
            left_out_items: plan.left_out_items,
            ..ChunkRun::default()
        };
        let mut out = Vec::new();
        for (i, c) in plan.chunks.iter().enumerate() {
            let mut asked_again = false;
            loop {
                let mode = self.mode();
                let messages = [
                    ("system".to_string(), c.system.clone()),
                    ("user".to_string(), c.user.clone()),
                ];
                let body = self.request_body_for(&messages, mode, max_output, Asked::ChunkFacts);
                let mut clock = Clock::start(self.cfg.timeout);
                let (result, n) = self
                    .complete(
                        &body,
                        c.tokens as u64 + u64::from(max_output),
                        max_output,
                        &mut clock,
                    )
                    .await;
                sent.requests += n;
                sent.prompt_tokens = c.tokens;
                run.requests += n;
                run.prompt_tokens += c.tokens;
                let completion = match result {
                    Ok(c) => c,
                    Err(e) if e.is_format_refusal() && mode.fallback().is_some() => {
                        sent.warnings.push(self.fall_back_from(mode));
                        continue;
                    }
                    Err(e) => return Err(self.error(&e, n, false, max_output)),
                };
                if let Some(u) = completion.usage {
                    let (p, c) = run.usage.unwrap_or_default();
                    run.usage = Some((p + u.prompt_tokens, c + u.completion_tokens));
                }
                let answer = chunk_answer(&completion).and_then(|facts| {
                    let (kept, dropped) = chunk::keep_cited(facts, &c.ids);
                    if kept.is_empty() && dropped > 0 {
                        Err(format!(
                            "all {dropped} of its facts cite ids its part does not show"
                        ))
                    } else {
                        Ok((kept, dropped))
                    }
                });
                match answer {
                    Ok((kept, dropped)) => {
                        if dropped > 0 {
                            sent.warnings.push(format!(
                                "chunk {} of {parts}: dropped {dropped} fact(s) citing no id, or ids its part does not show",
                                i + 1
                            ));
                        }
                        run.dropped_facts += dropped;
                        if !kept.is_empty() {
                            run.answered += 1;
                            run.facts += kept.len();
                            out.push(ChunkFacts {
                                part: i + 1,
                                span: plan.span(i),
                                facts: kept,
                            });
                        }
                        break;
                    }
                    Err(why) if !asked_again => {
                        asked_again = true;
                        sent.warnings.push(format!(
                            "chunk {} of {parts}: {why}; asking once more",
                            i + 1
                        ));
                    }
                    Err(why) => {
                        sent.warnings.push(format!(
                            "chunk {} of {parts}: {why} again; its part is left out of the draft",
                            i + 1
                        ));
                        break;
                    }
                }
            }
        }
        Ok((out, run))
    }

    /// The prompt budget and output cap for a retry after a context-length error. When the server
    /// said its window (and how it counted the prompt), both are fitted to it, in our tokens;
    /// otherwise the prompt gets 60 % of what it had.
    fn refit(
        &self,
        prompt_tokens: usize,
        max_output: u32,
        server: Option<ServerContext>,
    ) -> (usize, u32) {
        let Some(c) = server else {
            return ((prompt_tokens * 6 / 10).max(512), max_output);
        };
        let window = c.window as usize;
        let output = (max_output as usize).min(window / 2);
        let margin = (window / 20).max(256).min(window / 4);
        let room = window.saturating_sub(output + margin);
        // The server's tokenizer is not ours: scale by how it counted this very prompt.
        let ours_per_theirs = match c.prompt {
            Some(theirs) if theirs > 0 => prompt_tokens as f64 / theirs as f64,
            _ => 1.0,
        };
        let budget = ((room as f64 * ours_per_theirs) as usize).max(256);
        (budget, output as u32)
    }

    /// Turns one answer into a note: a refusal or a content-filter stop is an error; an answer
    /// cut at the output cap or empty is [`Answer::Short`].
    fn read_answer(
        &self,
        completion: &Completion,
        mode: ResponseMode,
        max_output: u32,
    ) -> crate::Result<Answer> {
        if let Some(refusal) = completion.refusal.as_deref().filter(|r| !r.is_empty()) {
            return Err(crate::Error::Model(format!(
                "{}: the model refused: {}; try another model or --offline",
                self.cfg.server_label(),
                one_line(&crate::redact::redact(refusal), 300)
            )));
        }
        let finish = completion.finish_reason.as_deref().unwrap_or("stop");
        if finish == "content_filter" {
            return Err(crate::Error::Model(format!(
                "{}: the server's content filter stopped the answer (finish_reason content_filter); try --offline, or another model or provider",
                self.cfg.server_label()
            )));
        }
        let content = completion
            .content
            .as_deref()
            .filter(|c| !c.trim().is_empty());
        let Some(content) = content.filter(|_| finish != "length") else {
            return Ok(Answer::Short(if finish == "length" {
                let chars = completion
                    .content
                    .as_deref()
                    .map_or(0, |c| c.chars().count());
                let tokens = completion
                    .usage
                    .map(|u| format!("{} completion tokens, ", u.completion_tokens))
                    .unwrap_or_default();
                format!(
                    "the answer was cut off at the {max_output}-token output cap (finish_reason length) after {tokens}{chars} characters"
                )
            } else {
                "the answer had no content".to_string()
            }));
        };
        match mode {
            ResponseMode::Markdown => super::markdown::parse(content),
            _ => schema::parse_json(content).map(schema::DraftedNote::into_note),
        }
        .map(Answer::Note)
        .map_err(|why| {
            crate::Error::Model(format!(
                "{}: {why} — {}",
                self.cfg.server_label(),
                match mode {
                    ResponseMode::Markdown => "try another model, or --offline",
                    _ => "try response_format = \"markdown\" in the profile, another model, or --offline",
                }
            ))
        })
    }

    /// A note from a chat-completions response body that came back some other way (an OpenAI
    /// Batch API or vLLM `run_batch` results file), judged and finished exactly as a live answer.
    pub fn import_answer(&self, response: &Value) -> crate::Result<Drafted> {
        let completion = completion_of(response)
            .map_err(|e| self.error(&e, 1, false, self.cfg.max_output_tokens))?;
        // The request asked for JSON unless the profile says Markdown; a server that ignored
        // `response_format` may still have written Markdown.
        let looks_json = completion
            .content
            .as_deref()
            .map(|c| c.trim_start())
            .is_some_and(|c| c.starts_with('{') || c.starts_with("```"));
        let mode = match self.mode() {
            ResponseMode::Markdown => ResponseMode::Markdown,
            m if looks_json => m,
            _ => ResponseMode::Markdown,
        };
        let note = match self.read_answer(&completion, mode, self.cfg.max_output_tokens)? {
            Answer::Note(note) => note,
            Answer::Short(why) => {
                return Err(crate::Error::Model(format!(
                    "{}: {why}; raise --max-output-tokens and export again",
                    self.cfg.server_label()
                )));
            }
        };
        Ok(Drafted {
            note: self.finish_note(note),
            usage: completion.usage,
            prompt_tokens: 0,
            prompt: Vec::new(),
            mode,
            requests: 0,
            warnings: Vec::new(),
            conversation: Conversation::default(),
            chunked: None,
        })
    }

    /// The repair round's message listing `findings` (from the templates).
    pub fn repair_message(&self, findings: &[String]) -> String {
        self.templates.repair_message(findings)
    }

    /// The repair round: `message` (the validator's findings) sent once more in `first`'s
    /// conversation, and the revised note. One request plus the usual retries, within the
    /// deadline; no fallbacks (the first draft stands when this fails).
    pub async fn repair(&self, first: &Drafted, message: &str) -> Result<Drafted, Failure> {
        let mut sent = Sent::default();
        let fail = |error: crate::Error, sent: &Sent| Failure {
            brief: self.brief(&error),
            error,
            prompt_tokens: sent.prompt_tokens,
            requests: sent.requests,
            warnings: Vec::new(),
        };
        let mut clock = Clock::start(self.cfg.timeout);
        let max_output = self.cfg.max_output_tokens;
        let mut messages = first.conversation.messages.clone();
        messages.push(("user".into(), message.to_string()));
        let enc = self.cfg.encoding;
        sent.prompt_tokens = messages
            .iter()
            .map(|(_, m)| enc.count(m) + prompt::MESSAGE_OVERHEAD / 2)
            .sum();
        let body = self.request_body_for(&messages, first.mode, max_output, Asked::Note);
        let (result, n) = self
            .complete(
                &body,
                sent.prompt_tokens as u64 + u64::from(max_output),
                max_output,
                &mut clock,
            )
            .await;
        sent.requests += n;
        let completion = match result {
            Ok(c) => c,
            Err(e) => return Err(fail(self.error(&e, n, false, max_output), &sent)),
        };
        let note = match self.read_answer(&completion, first.mode, max_output) {
            Ok(Answer::Note(note)) => note,
            Ok(Answer::Short(why)) => {
                return Err(fail(
                    crate::Error::Model(format!("{}: {why}", self.cfg.server_label())),
                    &sent,
                ));
            }
            Err(e) => return Err(fail(e, &sent)),
        };
        messages.push((
            "assistant".into(),
            completion.content.clone().unwrap_or_default(),
        ));
        Ok(Drafted {
            note: self.finish_note(note),
            usage: completion.usage,
            prompt_tokens: sent.prompt_tokens,
            prompt: first.prompt.clone(),
            mode: first.mode,
            requests: sent.requests,
            warnings: Vec::new(),
            conversation: Conversation { messages },
            chunked: None,
        })
    }

    /// The drafted sections as the pipeline expects them: a title when the model gave none.
    fn finish_note(&self, mut note: Note) -> Note {
        if let Some(goal) = &note.goal
            && note.title.is_empty()
        {
            note.title = one_line(&goal.text, 80);
        }
        note
    }

    /// Sends with retries within the deadline; returns the result and the number of requests
    /// made. `tokens` is the request's share of a shared limiter's token budget; `max_output` the
    /// output cap the answer's size is bounded by.
    ///
    /// Refused connections and retryable statuses are retried up to `max_retries` times; a
    /// request the server took on and then failed (a stall, a broken connection) at most once,
    /// since the model may have been generating all along; the deadline never.
    async fn complete(
        &self,
        body: &Value,
        tokens: u64,
        max_output: u32,
        clock: &mut Clock,
    ) -> (Result<Completion, ApiError>, u32) {
        let mut retries = 0;
        let mut accepted_retries = 0;
        loop {
            if let Some(l) = &self.limiter {
                // Waiting for a shared rate budget is not the server's time.
                let queued = Instant::now();
                l.acquire(tokens).await;
                clock.extend(queued.elapsed());
            }
            let result = self.attempt(body, max_output, clock).await;
            let err = match result {
                Ok(c) => return (Ok(c), retries + 1),
                Err(e) => e,
            };
            if !err.retryable()
                || retries >= self.cfg.max_retries
                || (err.after_accepted() && accepted_retries >= 1)
            {
                return (Err(err), retries + 1);
            }
            let hint = match &err {
                ApiError::Status { retry_after, .. } => *retry_after,
                _ => None,
            };
            if let Some(h) = hint
                && h > self.cfg.retry_after_cap
            {
                return (Err(err), retries + 1);
            }
            let wait = hint.unwrap_or_else(|| retry::backoff(retries, retry::jitter()));
            if wait >= clock.remaining() {
                // The deadline would pass while waiting: the last error is the answer.
                return (Err(err), retries + 1);
            }
            if let (Some(l), ApiError::Status { status: 429, .. }) = (&self.limiter, &err) {
                // The server is rate limiting: every worker waits, not just this one.
                l.pause(wait);
            }
            tokio::time::sleep(wait).await;
            retries += 1;
            if err.after_accepted() {
                accepted_retries += 1;
            }
        }
    }

    async fn attempt(
        &self,
        body: &Value,
        max_output: u32,
        clock: &Clock,
    ) -> Result<Completion, ApiError> {
        let mut req = self.http.post(&self.url).json(body);
        if let Some(key) = &self.cfg.api_key {
            req = req.bearer_auth(key);
        }
        req = req.header(
            reqwest::header::ACCEPT,
            if self.cfg.stream {
                "text/event-stream"
            } else {
                "application/json"
            },
        );
        // Until the headers arrive only the deadline applies: a server may think for long before
        // its first byte (prompt processing on a CPU), and a silent one is given up at the
        // deadline.
        let resp = tokio::time::timeout_at(clock.deadline, req.send())
            .await
            .map_err(|_| ApiError::Deadline { received: 0 })?
            .map_err(ApiError::from_reqwest)?;
        let status = resp.status();
        if status.is_redirection() {
            return Err(ApiError::Redirect {
                status: status.as_u16(),
                location: resp
                    .headers()
                    .get(reqwest::header::LOCATION)
                    .and_then(|v| v.to_str().ok())
                    .map(|v| one_line(&crate::redact::redact(v), 200)),
            });
        }
        if !status.is_success() {
            let retry_after = retry::retry_after(resp.headers());
            let should_retry = retry::should_retry_header(resp.headers());
            let text = body::error_text(resp, clock.deadline, self.cfg.idle_timeout).await;
            return Err(status_error(
                status.as_u16(),
                &text,
                retry_after,
                should_retry,
            ));
        }
        let is_sse = resp
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.starts_with("text/event-stream"));
        let streamed = self.cfg.stream && is_sse;
        let limits = Limits::for_output(max_output, streamed);
        let answer = Body::new(resp, clock.deadline, self.cfg.idle_timeout, limits.body);
        if streamed {
            return sse::read(answer.into_stream(), limits.content).await;
        }
        let bytes = answer.collect().await?;
        let v: Value = serde_json::from_slice(&bytes).map_err(|e| {
            ApiError::Body(format!(
                "the response is not JSON ({e}): {}",
                one_line(
                    &crate::redact::redact(&String::from_utf8_lossy(&bytes)),
                    200
                )
            ))
        })?;
        completion_of(&v)
    }

    /// One line: the server, what happened, the server's own words, what to do.
    fn error(
        &self,
        e: &ApiError,
        requests: u32,
        rebudgeted: bool,
        max_output: u32,
    ) -> crate::Error {
        let server = self.cfg.server_label();
        let tries = if requests > 1 {
            format!(" after {requests} attempts")
        } else {
            String::new()
        };
        let deadline = self.cfg.timeout.as_secs();
        let msg = match e {
            ApiError::Status {
                status,
                message,
                retry_after,
                context,
                ..
            } => {
                let said = if message.is_empty() {
                    String::new()
                } else {
                    format!(": {message}")
                };
                let todo = if let Some(h) = retry_after.filter(|h| *h > self.cfg.retry_after_cap) {
                    format!(
                        "the server asks to wait {} s before retrying, longer than the {} s this run waits; try again later",
                        h.as_secs(),
                        self.cfg.retry_after_cap.as_secs()
                    )
                } else if e.is_quota() {
                    "the account's quota is used up; check the plan and billing".into()
                } else if let (true, Some(c)) = (e.is_context_length(), context) {
                    format!(
                        "the server's context is {} tokens{}, too small for this prompt and a {max_output}-token answer; start the server with a larger context, or pass --context {} and a smaller --max-output-tokens",
                        c.window,
                        c.prompt
                            .map(|p| format!(" (it counted {p} in the prompt)"))
                            .unwrap_or_default(),
                        c.window
                    )
                } else if e.is_context_length() && rebudgeted {
                    "the prompt is still too long after re-budgeting; pass a smaller --budget or the model's real --context".into()
                } else {
                    match status {
                        401 if self.cfg.api_key.is_none() => format!(
                            "no API key was sent; set {} (or name another variable with --api-key-env)",
                            self.cfg.api_key_env
                        ),
                        401 => format!(
                            "check the key in {} (or name another variable with --api-key-env)",
                            self.cfg.api_key_env
                        ),
                        402 => "the account has no credits left; add credits".into(),
                        403 => "the key may not use this model (or this region); check the key's permissions".into(),
                        404 => format!(
                            "check --model, and that --base-url ends in /v1 (requested {})",
                            self.url
                        ),
                        408 | 409 | 429 => "the server is rate limiting; try again later or lower concurrency".into(),
                        413 => "the request is too large; pass a smaller --budget".into(),
                        s if *s >= 500 => "the server failed; try again later, or use --offline".into(),
                        _ => "the server rejected the request; check --model and the profile's settings (docs/llm.md)".into(),
                    }
                };
                format!("{server}: HTTP {status}{said}{tries} — {todo}")
            }
            ApiError::Deadline { received: 0 } => format!(
                "{server}: no answer within the {deadline} s deadline (--timeout){tries}: the server took the request and sent nothing — raise --timeout or lower --max-output-tokens for a slow model, or check the server"
            ),
            ApiError::Deadline { received } => format!(
                "{server}: the answer was still arriving when the {deadline} s deadline passed ({received} bytes received; --timeout){tries} — raise --timeout, or lower --max-output-tokens"
            ),
            ApiError::Stalled { idle, received } => format!(
                "{server}: the stream stalled: no bytes for {} s after {received} bytes (--idle-timeout){tries} — the server may be overloaded; try again, or raise --idle-timeout",
                idle.as_secs()
            ),
            ApiError::Redirect { status, location } => format!(
                "{server}: HTTP {status}: the server redirects to {}; handoff does not follow redirects (the prompt would go to an address you did not choose) — if you trust it, pass it as --base-url",
                location.as_deref().unwrap_or("an address it did not give")
            ),
            ApiError::Oversized { limit } => format!(
                "{server}: the answer is larger than {} KiB, far more than {max_output} output tokens can hold: the server ignores the output cap — check its settings, or use --offline",
                limit / 1024
            ),
            ApiError::Connect(m) => format!(
                "{server}: cannot connect ({m}){tries} — is the server running at that address? check --base-url"
            ),
            ApiError::Transport(m) => format!(
                "{server}: the connection failed ({m}){tries} — try again, or check proxies between here and the server"
            ),
            ApiError::Stream(m) => format!(
                "{server}: the server reported an error mid-answer: {} — try again, or without --stream",
                one_line(&crate::redact::redact(m), 300)
            ),
            ApiError::Truncated(m) => {
                format!("{server}: {m} (the answer is incomplete) — try again, or without --stream")
            }
            ApiError::Body(m) => {
                format!("{server}: {m} — check that --base-url points at an OpenAI-compatible API")
            }
        };
        crate::Error::Model(self.scrub_key(msg))
    }

    /// What went wrong, without the server label and the advice: for a note's header.
    fn brief(&self, e: &crate::Error) -> String {
        let msg = match e {
            crate::Error::Model(m) => m.clone(),
            e => e.to_string(),
        };
        let label = format!("{}: ", self.cfg.server_label());
        let msg = msg.strip_prefix(&label).unwrap_or(&msg);
        let msg = msg.split(" — ").next().unwrap_or(msg);
        // The server's own words may hold terminal escapes; a header holds none.
        let msg: String = msg.chars().filter(|c| !c.is_control()).collect();
        format!("{}: {}", self.cfg.model, one_line(&msg, 240))
    }

    /// Removes the API key from a message whatever its shape (servers echo wrong keys back, and
    /// a local server's key need not look like any known token).
    fn scrub_key(&self, msg: String) -> String {
        match self.cfg.api_key.as_deref().filter(|k| k.len() >= 4) {
            Some(key) if msg.contains(key) => msg.replace(key, "[REDACTED:api-key]"),
            _ => msg,
        }
    }
}

/// The answer in a chat-completions response body (an error body arriving with 200 is an error).
/// The facts of a chunk's answer, or why there are none usable (a refusal, a filtered, cut or
/// empty answer, or not the asked JSON).
fn chunk_answer(completion: &Completion) -> Result<Vec<(String, Vec<String>)>, String> {
    if completion.refusal.as_deref().is_some_and(|r| !r.is_empty()) {
        return Err("the model refused".into());
    }
    let finish = completion.finish_reason.as_deref().unwrap_or("stop");
    if finish == "content_filter" || finish == "length" {
        return Err(format!("the answer stopped early (finish_reason {finish})"));
    }
    match completion
        .content
        .as_deref()
        .filter(|c| !c.trim().is_empty())
    {
        Some(content) => schema::parse_chunk(content),
        None => Err("the answer had no content".into()),
    }
}

fn completion_of(v: &Value) -> Result<Completion, ApiError> {
    if !v["error"].is_null() {
        let e = status_error(200, &v.to_string(), None, None);
        if let ApiError::Status { message, .. } = e {
            return Err(ApiError::Stream(message));
        }
    }
    let choice = v["choices"].get(0).ok_or_else(|| {
        ApiError::Body(
            "the response has no choices[0]; is this a chat-completions endpoint?".into(),
        )
    })?;
    Ok(Completion {
        content: choice["message"]["content"].as_str().map(str::to_string),
        refusal: choice["message"]["refusal"].as_str().map(str::to_string),
        finish_reason: choice["finish_reason"].as_str().map(str::to_string),
        usage: Usage::from_json(&v["usage"]),
    })
}

/// One line of at most `max` characters.
fn one_line(s: &str, max: usize) -> String {
    let flat: String = s.split_whitespace().collect::<Vec<_>>().join(" ");
    if flat.chars().count() <= max {
        flat
    } else {
        let mut cut: String = flat.chars().take(max).collect();
        cut.push('…');
        cut
    }
}

/// Parses an error body defensively: `error` may be an object or a string, `code` a string,
/// a number or null, and the body may not be JSON at all (gateways send HTML).
fn status_error(
    status: u16,
    text: &str,
    retry_after: Option<Duration>,
    should_retry: Option<bool>,
) -> ApiError {
    let v: Value = serde_json::from_str(text).unwrap_or(Value::Null);
    let err = if v["error"].is_null() {
        &v
    } else {
        &v["error"]
    };
    let str_of = |x: &Value| match x {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    };
    let message = match err {
        Value::String(s) => s.clone(),
        Value::Object(_) => err["message"]
            .as_str()
            .or_else(|| err["detail"].as_str())
            .map(str::to_string)
            .unwrap_or_default(),
        _ => text.to_string(),
    };
    ApiError::Status {
        status,
        message: one_line(&crate::redact::redact(&message), 300),
        kind: str_of(&err["type"]),
        code: str_of(&err["code"]),
        param: str_of(&err["param"]),
        retry_after,
        should_retry,
        context: ServerContext::of(err, &message),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn error_bodies_of_every_server_shape() {
        let e = status_error(
            429,
            r#"{"error":{"message":"You exceeded your current quota","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}"#,
            None,
            None,
        );
        assert!(!e.retryable());
        let e = status_error(
            429,
            r#"{"error":{"message":"slow down","code":"429"}}"#,
            None,
            None,
        );
        assert!(e.retryable());
        let e = status_error(
            400,
            r#"{"error":"'response_format.type' must be 'json_schema' or 'text'"}"#,
            None,
            None,
        );
        assert!(e.is_format_refusal() && !e.retryable());
        let e = status_error(
            400,
            r#"{"error":{"code":400,"message":"request (9000 tokens) exceeds the available context size (4096 tokens)","type":"exceed_context_size_error"}}"#,
            None,
            None,
        );
        assert!(e.is_context_length());
        let e = status_error(
            400,
            r#"{"error":{"message":"Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.","type":"invalid_request_error","param":"max_tokens","code":"unsupported_parameter"}}"#,
            None,
            None,
        );
        assert!(e.is_max_tokens_param() && !e.is_context_length());
        let e = status_error(502, "<html>Bad Gateway</html>", None, None);
        assert!(e.retryable());
        assert!(matches!(e, ApiError::Status { message, .. } if message.contains("Bad Gateway")));
        let e = status_error(
            501,
            r#"{"error":{"message":"x","type":"not_supported_error"}}"#,
            None,
            None,
        );
        assert!(!e.retryable());
        let e = status_error(
            500,
            r#"{"object":"error","message":"flat vllm"}"#,
            None,
            Some(false),
        );
        assert!(!e.retryable());
        assert!(matches!(e, ApiError::Status { message, .. } if message == "flat vllm"));
        // Secrets echoed in an error body are redacted.
        let e = status_error(
            401,
            r#"{"error":{"message":"Incorrect API key provided: sk-proj-Zt9qL2mX8vN4bR7cK1pW5yH3jD6fG0sA"}}"#,
            None,
            None,
        );
        assert!(matches!(e, ApiError::Status { message, .. } if !message.contains("Zt9qL2mX8")));
    }
}
