//! Command-line definitions (clap derive). Only parsing lives here; `commands/` does the work.

use crate::evidence::{TestFormat, transcript};
use clap::{Args, Parser, Subcommand};
use std::path::PathBuf;

/// Writes verified session handoff notes for coding agents.
///
/// Facts are collected from git, test output and the agent's transcript; a deterministic
/// validator checks every claim before the note is written.
#[derive(Debug, Parser)]
#[command(name = "handoff", version, about, long_about = None)]
pub struct Cli {
    /// What to do.
    #[command(subcommand)]
    pub command: Command,
}

/// Subcommands.
// Parsed once per run: boxing the big argument structs would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Print the evidence bundle (git state, test runs, transcript) without drafting anything.
    Collect(CollectArgs),
    /// Write a validated handoff note (default: .handoff/<time>-<session>.md in the repository).
    Summarize(SummarizeArgs),
    /// Check a note's claims against the evidence (git, test output, transcript).
    Validate(ValidateArgs),
    /// Summarize many recorded sessions into notes: resumable, concurrent, or through the OpenAI
    /// Batch API.
    Batch(BatchArgs),
    /// Run the pipeline on the eval cases and print a score table.
    Eval(EvalArgs),
    /// Count tokens in files, as the prompt budget counts them.
    Tokens(TokensArgs),
    /// Show where the config file is and what a run would use.
    Config(ConfigArgs),
}

/// Where the evidence comes from; shared by every command that collects.
#[derive(Debug, Clone, Args)]
pub struct EvidenceArgs {
    /// Repository (or any directory inside it) to read git state from.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub repo: PathBuf,

    /// Test output files (JUnit XML, cargo test/nextest, pytest, go test, jest --json, TAP).
    #[arg(long, value_name = "FILE", num_args = 1..)]
    pub tests: Vec<PathBuf>,

    /// Force the format of every --tests file instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum)]
    pub tests_format: Option<TestFormat>,

    /// Run this test command now (through the shell, in the repository root) and record it.
    #[arg(long, value_name = "CMD")]
    pub test_cmd: Option<String>,

    /// Kill --test-cmd after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub test_timeout: u64,

    /// Give up reading the git state after this many seconds (the note then says the git state
    /// is unavailable): a corrupt repository can make the git library loop forever.
    #[arg(long, value_name = "SECS", default_value_t = crate::evidence::GIT_TIMEOUT.as_secs_f64(), value_parser = positive_seconds)]
    pub git_timeout: f64,

    /// Agent transcript to read (format detected from content).
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,

    /// Read the newest Claude Code or Codex session whose working directory is this repository
    /// (or inside it), from ~/.claude/projects and ~/.codex/sessions.
    #[arg(long, conflicts_with = "transcript")]
    pub latest: bool,

    /// Force the transcript format instead of detecting it.
    #[arg(long, value_name = "FORMAT", value_enum)]
    pub format: Option<transcript::Format>,
}

/// A number of seconds greater than zero (fractions allowed), at most a day.
fn positive_seconds(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(secs) if secs > 0.0 && secs <= 86_400.0 => Ok(secs),
        _ => Err(format!(
            "`{s}` is not a number of seconds between 0 and 86400"
        )),
    }
}

/// `handoff collect`.
#[derive(Debug, Args)]
pub struct CollectArgs {
    /// Evidence sources.
    #[command(flatten)]
    pub evidence: EvidenceArgs,

    /// Print the bundle as JSON on stdout (schema: docs/evidence.md).
    #[arg(long)]
    pub json: bool,
}

/// `handoff summarize`.
#[derive(Debug, Args)]
pub struct SummarizeArgs {
    /// Evidence sources.
    #[command(flatten)]
    pub evidence: EvidenceArgs,

    /// Which model drafts the note.
    #[command(flatten)]
    pub model: ModelArgs,

    /// Where to write: a folder (default name inside it) or a file. Default: .handoff/ in the
    /// repository root.
    #[arg(long, value_name = "FILE|DIR")]
    pub out: Option<PathBuf>,

    /// Print the note on stdout instead of writing it.
    #[arg(long)]
    pub stdout: bool,

    /// Print the JSON sidecar (note, validator report, evidence summary) on stdout.
    #[arg(long)]
    pub json: bool,

    /// Replace an existing --out FILE.
    #[arg(long)]
    pub force: bool,

    /// Print the prompt that would be sent and a table of tokens per block; call no server and
    /// write nothing.
    #[arg(long)]
    pub dry_run: bool,
}

/// `handoff batch`.
#[derive(Debug, Args)]
pub struct BatchArgs {
    /// Session files, folders (walked; aider histories found in projects) or globs. Default:
    /// every agent's session store on this machine (docs/batch.md).
    #[arg(value_name = "SOURCE")]
    pub sources: Vec<String>,

    /// Folder of the notes, `manifest.jsonl` and `index.md`.
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,

    /// Sessions summarized at once (default: the number of cores offline, 4 with a model).
    #[arg(short = 'j', long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub jobs: Option<u32>,

    /// Only sessions active on or after DATE (YYYY-MM-DD or RFC 3339).
    #[arg(long, value_name = "DATE", value_parser = crate::batch::parse_date_from)]
    pub since: Option<chrono::DateTime<chrono::Utc>>,

    /// Only sessions started on or before DATE (YYYY-MM-DD or RFC 3339).
    #[arg(long, value_name = "DATE", value_parser = crate::batch::parse_date_until)]
    pub until: Option<chrono::DateTime<chrono::Utc>>,

    /// Only sessions whose project (working directory) is PATH or inside it.
    #[arg(long, value_name = "PATH")]
    pub project: Option<PathBuf>,

    /// Folders whose child repositories may hold a session's project that has moved since.
    #[arg(long, value_name = "DIR")]
    pub repo_root: Vec<PathBuf>,

    /// Which model drafts the notes (offline when none is configured).
    #[command(flatten)]
    pub model: ModelArgs,

    /// List what would be summarized (agent, project, date, size, state, estimated prompt
    /// tokens) and exit.
    #[arg(long)]
    pub dry_run: bool,

    /// Summarize again the sessions that failed in an earlier run.
    #[arg(long)]
    pub retry_failed: bool,

    /// Requests per minute sent to the model server, by all workers together.
    #[arg(long, value_name = "N")]
    pub max_requests_per_minute: Option<u32>,

    /// Tokens (prompt and output) per minute sent to the model server, by all workers together.
    #[arg(long, value_name = "N")]
    pub max_tokens_per_minute: Option<u64>,

    /// Give up on one session after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = 600)]
    pub session_timeout: u64,

    /// Start no new session once the model has used this many tokens in this run.
    #[arg(long, value_name = "N")]
    pub budget_tokens: Option<u64>,

    /// No progress and no summary table (failures are still printed).
    #[arg(long, short = 'q')]
    pub quiet: bool,

    /// Write the model requests as OpenAI Batch API input (JSONL; also vLLM `run_batch`) to FILE
    /// (split into FILE-2, FILE-3… at the API's limits) instead of calling the model.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["import_openai_batch", "via", "dry_run"])]
    pub export_openai_batch: Option<PathBuf>,

    /// Read Batch API (or vLLM `run_batch`) results files and write their notes.
    #[arg(long, value_name = "FILE", num_args = 1.., conflicts_with_all = ["via", "dry_run"])]
    pub import_openai_batch: Vec<PathBuf>,

    /// Run the model requests through the server's Batch API: upload, create, poll, download
    /// and import (resumable: a later run picks the batch up again).
    #[arg(long, value_name = "API", value_enum, conflicts_with = "dry_run")]
    pub via: Option<BatchVia>,

    /// First wait between two polls of a submitted batch, in seconds (it grows up to 60 s).
    #[arg(long, value_name = "SECS", default_value_t = 15.0)]
    pub poll_interval: f64,
}

/// Where `batch --via` sends the requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum BatchVia {
    /// The OpenAI Batch API (`/v1/files`, `/v1/batches`).
    OpenaiBatch,
}

/// `handoff validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// The note to check (Markdown, written by handoff or by hand).
    #[arg(value_name = "NOTE.md")]
    pub note: PathBuf,

    /// Evidence sources.
    #[command(flatten)]
    pub evidence: EvidenceArgs,

    /// Print the report (counts, findings, every claim's status) as JSON on stdout.
    #[arg(long)]
    pub json: bool,

    /// Exit 1 on unverified or contradicted claims too, not only on errors.
    #[arg(long)]
    pub strict: bool,

    /// Write the annotated note back in place (atomically), keeping the original as NOTE.md.orig.
    #[arg(long)]
    pub write: bool,

    /// With --write, do not keep the original as NOTE.md.orig.
    #[arg(long, requires = "write")]
    pub no_backup: bool,
}

/// Which model drafts the note (shared by `summarize`, `batch` and `eval`).
#[derive(Debug, Clone, Default, Args)]
pub struct ModelArgs {
    /// Draft offline (deterministic, no network) even when a model is configured.
    #[arg(long)]
    pub offline: bool,

    /// Model name (also HANDOFF_MODEL or the config file).
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,

    /// Base URL of an OpenAI-compatible API (also OPENAI_BASE_URL).
    #[arg(long, value_name = "URL")]
    pub base_url: Option<String>,

    /// Named profile from the config file or a built-in one (ollama, vllm, llamacpp, lmstudio,
    /// openai, openrouter); also HANDOFF_PROFILE.
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,

    /// Config file to read instead of the default (see `handoff config path`); also
    /// HANDOFF_CONFIG.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Environment variable that holds the API key (default OPENAI_API_KEY).
    #[arg(long, value_name = "NAME")]
    pub api_key_env: Option<String>,

    /// Allow a plain-http base URL that is not loopback (the key and transcript travel unencrypted).
    #[arg(long)]
    pub allow_insecure_http: bool,

    /// Prompt budget in tokens (default: context window − reserved output − margin).
    #[arg(long, value_name = "N")]
    pub budget: Option<usize>,

    /// Context window of the model in tokens, when the built-in table does not know it.
    #[arg(long, value_name = "N")]
    pub context: Option<usize>,

    /// Token encoding used for budgeting (default from the model name).
    #[arg(long, value_name = "ENCODING", value_enum)]
    pub encoding: Option<crate::tokens::Encoding>,

    /// Upper bound on the tokens the model may write (sent as max_tokens or
    /// max_completion_tokens, per provider).
    #[arg(long, value_name = "N")]
    pub max_output_tokens: Option<u32>,

    /// Directory with system.md / user.md (and format-*.md) overriding the built-in prompts.
    #[arg(long, value_name = "DIR")]
    pub prompt_dir: Option<PathBuf>,

    /// Send and write secrets as they are (redaction is on by default).
    #[arg(long)]
    pub no_redact: bool,

    /// Stream the answer (server-sent events) instead of one JSON response.
    #[arg(long)]
    pub stream: bool,

    /// Give up on one request after this many seconds (connecting has its own 10 s limit).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,

    /// Retries on 408/409/429/5xx and connection errors (default 2).
    #[arg(long, value_name = "N")]
    pub max_retries: Option<u32>,
}

/// `handoff eval`.
#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The evals directory (cases in DIR/cases/<name>/).
    #[arg(value_name = "DIR", default_value = "evals")]
    pub dir: PathBuf,

    /// Which model drafts the notes (offline when none is configured).
    #[command(flatten)]
    pub model: ModelArgs,

    /// Run only this case.
    #[arg(long, value_name = "NAME")]
    pub case: Option<String>,

    /// Print the results as JSON on stdout instead of the table.
    #[arg(long)]
    pub json: bool,

    /// Fail (exit 1) when total fact recall is below X (0..1).
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub min_recall: Option<f64>,

    /// Fail when the validator's precision on the labelled claims is below X.
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub min_precision: Option<f64>,

    /// Fail when the validator's recall on the false claims is below X.
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub min_claim_recall: Option<f64>,

    /// Fail when the share of notes with a good structure is below X.
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub min_structure: Option<f64>,

    /// Fail when the share of vague (or missing) next actions is above X.
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub max_vague: Option<f64>,
}

fn unit_interval(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("{s:?} is not a number between 0 and 1")),
    }
}

/// `handoff tokens`.
#[derive(Debug, Args)]
pub struct TokensArgs {
    /// Files to count (`-` for stdin).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Model whose encoding to use (o200k_base unless it is a GPT-4/GPT-3.5-era model).
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,

    /// Encoding, overriding the one chosen from --model.
    #[arg(long, value_name = "ENCODING", value_enum)]
    pub encoding: Option<crate::tokens::Encoding>,

    /// Print JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// `handoff config`.
#[derive(Debug, Args)]
pub struct ConfigArgs {
    /// What to show.
    #[command(subcommand)]
    pub action: ConfigAction,
}

/// `handoff config` subcommands.
#[derive(Debug, Subcommand)]
pub enum ConfigAction {
    /// Print the config file path (HANDOFF_CONFIG, else the XDG config directory).
    Path,
    /// Print the resolved model settings (the API key is only said to be set or not).
    Show(Box<ModelArgs>),
}
