//! `handoff` writes the note that bridges two coding-agent sessions.
//!
//! Data flows one way: **collect** (`evidence`) → budget → draft → validate → write. Facts
//! (git state, test runs, the transcript) are collected, prose is drafted, and a deterministic
//! validator is the judge. `main.rs` only parses arguments and maps results to exit codes.

#![warn(missing_docs)]
#![warn(unreachable_pub)]

mod analysis;
mod batch;
mod cli;
mod commands;
mod config;
mod draft;
mod error;
mod escape;
mod eval;
mod evidence;
mod hook;
mod init;
mod matcher;
mod note;
mod phrases;
mod pipeline;
mod prompt;
mod redact;
#[cfg(test)]
mod testkit;
mod tokens;
mod ui;
mod validate;
mod write;

// The facade: what the binary, the integration tests and the benchmarks use. Everything else
// is crate-private. The data types are the plain serde data passed between the stages (the
// evidence bundle of `collect --json`, the note, the validator's report).

/// The binary's entry points.
pub use cli::Cli;
pub use error::{Error, Outcome, Result};
pub use ui::error_line;

/// The agent hooks, handled in-process (the hook benchmark).
pub use cli::HookArgs;
pub use commands::hook::{Done as HookDone, handle as handle_hook};
pub use hook::HookInput;
pub use hook::context::{StoredNote, newest as newest_note};

/// Collect: the evidence bundle, its collectors and its data.
pub use evidence::git::{
    CommitInfo, DiffStat, FileHunks, FileStat, GitState, Head, Hunk, Operation, OperationKind,
    StatusEntry, Symbol, UntrackedFolder, collect as collect_git,
};
pub use evidence::test_results::{TestFailure, TestFormat, TestRun, TestSummary, parse_output};
pub use evidence::transcript::{
    Command, Compaction, Edit, EditKind, ErrorEvent, Format as TranscriptFormat, Message,
    MessageKind, Role, Session, Stats, Transcript, read as read_transcript,
};
pub use evidence::{Evidence, Request, collect};

/// Budget and draft: the model configuration, the prompt, the model client and the pipeline.
pub use config::{MaxTokensField, ModelConfig, ResponseMode};
pub use draft::llm::{ChunkRun, Client, Drafted, Failure, Model, Usage, draft_detailed, dry_run};
pub use pipeline::{Draft, Drafter, ModelRun, OnModelFailure, Summary, summarize};
pub use prompt::{
    BlockReport, BlockStatus, Prompt, PromptOptions, Templates, build as build_prompt,
};
pub use tokens::{Encoding, count_reader};

/// Validate and write: the note, the validator and redaction.
pub use note::{
    Claim, ClaimStatus, Counts, FileEntry, Flag, Header, Note, OpenLoop, Owner, Section,
    parse as parse_note, render as render_note,
};
pub use redact::redact;
pub use validate::{
    ClaimReport, Finding, Options as ValidateOptions, Report, Severity, sections_present,
    validate_with,
};

/// Runs one parsed command line.
pub fn run(cli: cli::Cli) -> Result<Outcome> {
    ui::init(cli.global.color, cli.global.quiet, cli.global.verbose);
    match cli.command {
        cli::Command::Batch(args) => commands::batch::run(&args),
        cli::Command::Collect(args) => commands::collect::run(&args),
        cli::Command::Eval(args) => commands::eval::run(&args),
        cli::Command::Summarize(args) => commands::summarize::run(&args),
        cli::Command::Tokens(args) => commands::tokens::run(&args),
        cli::Command::Config(args) => commands::config::run(&args),
        cli::Command::Validate(args) => commands::validate::run(&args),
        cli::Command::Hook(args) => commands::hook::run(&args),
        cli::Command::Init(args) => commands::init::run(&args),
        cli::Command::Show(args) => commands::show::run(&args),
        cli::Command::Completions(args) => commands::completions::run(&args),
        cli::Command::Man(args) => commands::completions::man(&args),
    }
}
