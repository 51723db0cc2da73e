//! Command-line definitions (clap derive). Only parsing lives here; `commands/` does the work.

use crate::config::Overrides;
use crate::evidence::{TestFormat, transcript};
use crate::tokens::Encoding;
use chrono::{DateTime, NaiveDate, Utc};
use clap::builder::PossibleValue;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

/// Writes verified session handoff notes for coding agents.
///
/// Facts are collected from git, test output and the agent's transcript; a deterministic
/// validator checks every claim before the note is written.
#[derive(Debug, Parser)]
#[command(name = "handoff", version = env!("HANDOFF_VERSION"), about, long_about = None)]
pub struct Cli {
    /// Output settings shared by every command.
    #[command(flatten)]
    pub global: GlobalArgs,

    /// What to do.
    #[command(subcommand)]
    pub(crate) command: Command,
}

/// Flags every command takes (before or after the subcommand).
#[derive(Debug, Clone, Args)]
pub struct GlobalArgs {
    /// Colour on stderr: auto (a terminal and NO_COLOR unset), always or never.
    #[arg(long, global = true, value_name = "WHEN", value_enum, default_value_t = crate::ui::ColorChoice::Auto)]
    pub color: crate::ui::ColorChoice,

    /// Print only errors on stderr (no notices or warnings).
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,

    /// Print more detail on stderr (repeat for more).
    #[arg(short, long, global = true, action = clap::ArgAction::Count)]
    pub verbose: u8,
}

/// Subcommands.
// Parsed once per run: boxing the big argument structs would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub(crate) enum Command {
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
    /// Run as an agent hook: read the hook's JSON on stdin, write the note before /clear or
    /// compaction, print the newest note when a session starts.
    Hook(HookArgs),
    /// Install (or remove) the hooks in an agent's settings, keeping everything else.
    Init(InitArgs),
    /// Print the newest note of this repository, re-validated against the repository now.
    Show(ShowArgs),
    /// Print a shell completion script.
    Completions(CompletionsArgs),
    /// Print the man page (roff), or write one page per command into a folder.
    Man(ManArgs),
}

/// Where the evidence comes from; shared by every command that collects.
#[derive(Debug, Clone, Args)]
pub(crate) struct EvidenceArgs {
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

    /// Agent transcript to read (format detected from content); `-` reads it from stdin.
    #[arg(long, value_name = "FILE")]
    pub transcript: Option<PathBuf>,

    /// Read the newest agent session whose project is this repository (Claude Code, Codex,
    /// Gemini CLI, Cline/Roo/Kilo, aider's last launch); see docs/integrations.md.
    #[arg(long, conflicts_with = "transcript")]
    pub latest: bool,

    /// With --latest, look only at this agent's sessions.
    #[arg(long, value_name = "NAME", value_enum, requires = "latest")]
    pub agent: Option<transcript::latest::Agent>,

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
pub(crate) struct CollectArgs {
    /// Evidence sources.
    #[command(flatten)]
    pub evidence: EvidenceArgs,

    /// Print the bundle as JSON on stdout (schema: docs/evidence.md).
    #[arg(long)]
    pub json: bool,

    /// Print secrets as they are (redaction is on by default).
    #[arg(long)]
    pub no_redact: bool,
}

/// `handoff summarize`.
#[derive(Debug, Args)]
pub(crate) struct SummarizeArgs {
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

    /// Print the note on stdout instead of writing it (nothing is written).
    #[arg(long)]
    pub stdout: bool,

    /// Write the note and its sidecar as usual, then print the JSON sidecar (note, validator
    /// report, evidence summary) on stdout instead of the note's path, which goes to stderr.
    /// With --stdout: print the sidecar and write nothing.
    #[arg(long)]
    pub json: bool,

    /// Replace an existing --out FILE.
    #[arg(long)]
    pub force: bool,

    /// Print the prompt that would be sent and a table of tokens per block; call no server and
    /// write nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// When the model fails, exit 2 with its error instead of writing the offline draft.
    #[arg(long)]
    pub no_fallback: bool,
}

/// `handoff batch`.
#[derive(Debug, Args)]
pub(crate) struct BatchArgs {
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
    #[arg(long, value_name = "DATE", value_parser = parse_date_from)]
    pub since: Option<chrono::DateTime<chrono::Utc>>,

    /// Only sessions started on or before DATE (YYYY-MM-DD or RFC 3339).
    #[arg(long, value_name = "DATE", value_parser = parse_date_until)]
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

impl BatchArgs {
    /// The flags as the batch run's options.
    pub(crate) fn options(&self) -> crate::batch::Options {
        crate::batch::Options {
            sources: self.sources.clone(),
            out: self.out.clone(),
            jobs: self.jobs,
            since: self.since,
            until: self.until,
            project: self.project.clone(),
            repo_root: self.repo_root.clone(),
            dry_run: self.dry_run,
            retry_failed: self.retry_failed,
            max_requests_per_minute: self.max_requests_per_minute,
            max_tokens_per_minute: self.max_tokens_per_minute,
            session_timeout: self.session_timeout,
            budget_tokens: self.budget_tokens,
            quiet: self.quiet,
            export_openai_batch: self.export_openai_batch.clone(),
            import_openai_batch: self.import_openai_batch.clone(),
            poll_interval: self.poll_interval,
            model: self.model.overrides(),
            via: self.via.map(|v| match v {
                BatchVia::OpenaiBatch => crate::batch::Via::OpenaiBatch,
            }),
        }
    }
}

/// Where `batch --via` sends the requests.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum BatchVia {
    /// The OpenAI Batch API (`/v1/files`, `/v1/batches`).
    OpenaiBatch,
}

/// `handoff validate`.
#[derive(Debug, Args)]
pub(crate) struct ValidateArgs {
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

    /// Read the evidence and print the report with secrets as they are (redaction is on by
    /// default; the note itself is always checked for secrets).
    #[arg(long)]
    pub no_redact: bool,
}

/// Which model drafts the note (shared by `summarize`, `batch` and `eval`).
#[derive(Debug, Clone, Default, Args)]
pub(crate) struct ModelArgs {
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
    pub encoding: Option<Encoding>,

    /// Upper bound on the tokens the model may write (sent as max_tokens or
    /// max_completion_tokens, per provider).
    #[arg(long, value_name = "N")]
    pub max_output_tokens: Option<u32>,

    /// Directory with system.md / user.md (and format-*.md) overriding the built-in prompts.
    #[arg(long, value_name = "DIR")]
    pub prompt_dir: Option<PathBuf>,

    /// Collect the evidence and send it to the model with secrets as they are (redaction is on
    /// by default; the written note is redacted either way).
    #[arg(long)]
    pub no_redact: bool,

    /// Stream the answer (server-sent events) instead of one JSON response.
    #[arg(long)]
    pub stream: bool,

    /// Skip the repair round: by default the validator's findings on a model's draft
    /// (contradicted claims, unknown evidence ids, structure errors) are sent back once, and the
    /// draft with fewer findings is kept.
    #[arg(long)]
    pub no_repair: bool,

    /// Chunk requests at most for a session larger than the prompt budget: its older part is
    /// summarised in chunks first, then drafted from their facts and the recent turns whole
    /// (default 8; 0 trims instead; `--dry-run` states the plan and its tokens).
    #[arg(long, value_name = "N")]
    pub max_chunks: Option<usize>,

    /// Deadline in seconds for the whole model step of a note: every request, retry and wait
    /// (default 300; connecting has its own 10 s limit).
    #[arg(long, value_name = "SECS")]
    pub timeout: Option<u64>,

    /// Give up on a stream that sends no byte for this many seconds mid-answer (default 60).
    #[arg(long, value_name = "SECS")]
    pub idle_timeout: Option<u64>,

    /// Retries on 408/409/429/5xx and connection errors (default 2).
    #[arg(long, value_name = "N")]
    pub max_retries: Option<u32>,
}

/// `handoff eval`.
#[derive(Debug, Args)]
pub(crate) struct EvalArgs {
    /// The evals directory (cases in DIR/cases/<name>/), or a folder of cases such as
    /// evals/real (DIR/<name>/expected.toml).
    #[arg(value_name = "DIR", default_value = "evals")]
    pub dir: PathBuf,

    /// Which model drafts the notes (offline when none is configured).
    #[command(flatten)]
    pub model: ModelArgs,

    /// Run only this case.
    #[arg(long, value_name = "NAME")]
    pub case: Option<String>,

    /// Score the model path on recorded answers: each case's recorded-answer.json is replayed
    /// through an in-process OpenAI-compatible server (no model, no network); a recording made
    /// for another prompt fails its case; cases without one are skipped and named.
    #[arg(long, conflicts_with_all = ["offline", "model", "base_url", "profile", "dump_prompts"])]
    pub replay: bool,

    /// Write today's prompt of every case to DIR/<case>/ (system.md, user.md, prompt.sha256,
    /// request.json) and exit without scoring: the prompts a recorded answer must answer.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["offline", "model", "base_url", "profile"])]
    pub dump_prompts: Option<PathBuf>,

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

    /// Real-session cases: fail when more than N traps are stated unmarked, all cases together.
    #[arg(long, value_name = "N")]
    pub max_traps: Option<usize>,

    /// Real-session cases: fail when the share of right next actions is below X.
    #[arg(long, value_name = "X", value_parser = unit_interval)]
    pub min_next_action: Option<f64>,
}

impl ModelArgs {
    /// The flags as the configuration's overrides.
    pub(crate) fn overrides(&self) -> Overrides {
        Overrides {
            offline: self.offline,
            model: self.model.clone(),
            base_url: self.base_url.clone(),
            profile: self.profile.clone(),
            config: self.config.clone(),
            api_key_env: self.api_key_env.clone(),
            allow_insecure_http: self.allow_insecure_http,
            budget: self.budget,
            context: self.context,
            encoding: self.encoding,
            max_output_tokens: self.max_output_tokens,
            prompt_dir: self.prompt_dir.clone(),
            no_redact: self.no_redact,
            no_repair: self.no_repair,
            max_chunks: self.max_chunks,
            stream: self.stream,
            timeout: self.timeout,
            idle_timeout: self.idle_timeout,
            max_retries: self.max_retries,
        }
    }
}

/// The domain enums are read from the command line by their own names (`cargo-test`,
/// `claude-code`, `o200k_base`); they know nothing of clap.
macro_rules! value_enum {
    ($($ty:ty => $name:ident),* $(,)?) => {$(
        impl ValueEnum for $ty {
            fn value_variants<'a>() -> &'a [Self] {
                &<$ty>::ALL
            }

            fn to_possible_value(&self) -> Option<PossibleValue> {
                Some(PossibleValue::new(self.$name()))
            }
        }
    )*};
}

value_enum!(
    TestFormat => name,
    transcript::Format => name,
    Encoding => name,
    crate::evidence::transcript::latest::Agent => id,
    crate::hook::HookAgent => arg,
    crate::ui::ColorChoice => name,
);

/// `--since DATE`: a day means its start.
fn parse_date_from(s: &str) -> Result<DateTime<Utc>, String> {
    parse_date(s, false)
}

/// `--until DATE`: a day means its end.
fn parse_date_until(s: &str) -> Result<DateTime<Utc>, String> {
    parse_date(s, true)
}

fn parse_date(s: &str, end_of_day: bool) -> Result<DateTime<Utc>, String> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&Utc));
    }
    let d = NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .map_err(|_| format!("{s:?} is not a date; use YYYY-MM-DD or RFC 3339"))?;
    let t = if end_of_day {
        d.and_hms_opt(23, 59, 59)
    } else {
        d.and_hms_opt(0, 0, 0)
    };
    Ok(t.map(|t| t.and_utc()).unwrap_or_default())
}

fn unit_interval(s: &str) -> Result<f64, String> {
    match s.parse::<f64>() {
        Ok(v) if (0.0..=1.0).contains(&v) => Ok(v),
        _ => Err(format!("{s:?} is not a number between 0 and 1")),
    }
}

/// `handoff tokens`.
#[derive(Debug, Args)]
pub(crate) struct TokensArgs {
    /// Files to count (`-` for stdin).
    #[arg(value_name = "FILE", required = true)]
    pub files: Vec<PathBuf>,

    /// Model whose encoding to use (o200k_base unless it is a GPT-4/GPT-3.5-era model).
    #[arg(long, value_name = "MODEL")]
    pub model: Option<String>,

    /// Encoding, overriding the one chosen from --model.
    #[arg(long, value_name = "ENCODING", value_enum)]
    pub encoding: Option<Encoding>,

    /// Print JSON on stdout.
    #[arg(long)]
    pub json: bool,
}

/// `handoff config`.
#[derive(Debug, Args)]
pub(crate) struct ConfigArgs {
    /// What to show.
    #[command(subcommand)]
    pub action: ConfigAction,
}

/// `handoff config` subcommands.
#[derive(Debug, Subcommand)]
pub(crate) enum ConfigAction {
    /// Print the config file path (HANDOFF_CONFIG, else the XDG config directory).
    Path,
    /// Print the resolved model settings (the API key is only said to be set or not).
    Show(Box<ModelArgs>),
    /// Write a commented example config file (every line a comment until you uncomment it).
    Init(ConfigInitArgs),
}

/// `handoff config init`.
#[derive(Debug, Args)]
pub(crate) struct ConfigInitArgs {
    /// Where to write it instead of the default (see `handoff config path`); also
    /// HANDOFF_CONFIG.
    #[arg(long, value_name = "FILE")]
    pub config: Option<PathBuf>,

    /// Replace an existing config file with the example.
    #[arg(long)]
    pub force: bool,
}

/// `handoff hook`.
#[derive(Debug, Args)]
pub struct HookArgs {
    /// The agent whose hook protocol to speak.
    #[arg(value_enum)]
    pub agent: crate::hook::HookAgent,

    /// Most tokens of note text a session start receives (Next Action and Open Loops are always
    /// kept whole).
    #[arg(
        long,
        value_name = "N",
        env = "HANDOFF_HOOK_BUDGET",
        default_value_t = 2000
    )]
    pub inject_budget: usize,

    /// At a fresh start (`startup`), print the newest note only when it is at most this old
    /// (e.g. 90m, 12h, 2d) and was not printed before.
    #[arg(long, value_name = "AGE", env = "HANDOFF_HOOK_RECENT", default_value = "24h", value_parser = crate::hook::parse_age)]
    pub recent: chrono::Duration,

    /// Which model drafts the replacement note (the hook itself always drafts offline first).
    #[command(flatten)]
    pub(crate) model: ModelArgs,

    /// Internal: the detached model draft that replaces this offline note.
    #[arg(long, value_name = "NOTE", hide = true)]
    pub upgrade: Option<PathBuf>,

    /// Internal: the hook input handed to a detached writer (read, then removed).
    #[arg(long, value_name = "FILE", hide = true, conflicts_with = "upgrade")]
    pub input: Option<PathBuf>,
}

/// `handoff init`.
#[derive(Debug, Args)]
pub(crate) struct InitArgs {
    /// The agent whose settings to change.
    #[arg(value_enum)]
    pub agent: crate::hook::HookAgent,

    /// Install for every project of this user (the default).
    #[arg(long, conflicts_with = "project")]
    pub user: bool,

    /// Install for this repository only (its .claude/, .codex/ or .gemini/ folder).
    #[arg(long)]
    pub project: bool,

    /// With --project: the repository (or a folder inside it).
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub repo: PathBuf,

    /// Show the change as a diff and write nothing.
    #[arg(long)]
    pub dry_run: bool,

    /// Remove exactly what init added.
    #[arg(long)]
    pub uninstall: bool,
}

/// `handoff show`.
#[derive(Debug, Args)]
pub(crate) struct ShowArgs {
    /// Repository (or any folder inside it) whose newest note to show.
    #[arg(long, value_name = "DIR", default_value = ".")]
    pub repo: PathBuf,

    /// Trim the note to this many tokens as the hook does (Next Action and Open Loops kept
    /// whole); the whole note when left out.
    #[arg(long, value_name = "N")]
    pub inject_budget: Option<usize>,
}

/// `handoff completions`.
#[derive(Debug, Args)]
pub(crate) struct CompletionsArgs {
    /// The shell.
    #[arg(value_enum)]
    pub shell: clap_complete::Shell,
}

/// `handoff man`.
#[derive(Debug, Args)]
pub(crate) struct ManArgs {
    /// Write handoff.1 and one page per command (handoff-summarize.1, …) into this folder
    /// instead of printing the main page.
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_mean_the_start_or_the_end_of_the_day() {
        assert_eq!(
            parse_date_from("2026-02-03").unwrap().to_rfc3339(),
            "2026-02-03T00:00:00+00:00"
        );
        assert_eq!(
            parse_date_until("2026-02-03").unwrap().to_rfc3339(),
            "2026-02-03T23:59:59+00:00"
        );
        assert!(parse_date_from("2026-02-03T10:00:00+02:00").is_ok());
        assert!(
            parse_date_from("yesterday")
                .unwrap_err()
                .contains("YYYY-MM-DD")
        );
    }
}
