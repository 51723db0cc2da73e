//! `handoff` writes the note that bridges two coding-agent sessions.
//!
//! Data flows one way: **collect** ([`evidence`]) → budget → draft → validate → write. Facts
//! (git state, test runs, the transcript) are collected, prose is drafted, and a deterministic
//! validator is the judge. `main.rs` only parses arguments and maps results to exit codes.

#![warn(missing_docs)]

pub mod batch;
pub mod cli;
pub mod commands;
pub mod config;
pub mod draft;
mod error;
pub mod escape;
pub mod eval;
pub mod evidence;
pub mod hook;
pub mod init;
pub mod note;
pub mod prompt;
pub mod redact;
pub mod tokens;
pub mod ui;
pub mod validate;
pub mod write;

pub use commands::Outcome;
pub use error::{Error, Result};

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
