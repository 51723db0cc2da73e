//! `handoff` writes the note that bridges two coding-agent sessions.
//!
//! Data flows one way: **collect** ([`evidence`]) → budget → draft → validate → write. Facts
//! (git state, test runs, the transcript) are collected, prose is drafted, and a deterministic
//! validator is the judge. `main.rs` only parses arguments and maps results to exit codes.

#![warn(missing_docs)]

pub mod analysis;
pub mod cli;
pub mod commands;
pub mod config;
pub mod draft;
mod error;
pub mod eval;
pub mod evidence;
pub mod note;
pub mod pipeline;
pub mod prompt;
pub mod redact;
pub mod tokens;
pub mod validate;
pub mod write;

pub use commands::Outcome;
pub use error::{Error, Result};

/// Runs one parsed command line.
pub fn run(cli: cli::Cli) -> Result<Outcome> {
    match cli.command {
        cli::Command::Collect(args) => commands::collect::run(&args),
        cli::Command::Eval(args) => commands::eval::run(&args),
        cli::Command::Summarize(args) => commands::summarize::run(&args),
        cli::Command::Tokens(args) => commands::tokens::run(&args),
        cli::Command::Config(args) => commands::config::run(&args),
        cli::Command::Validate(args) => commands::validate::run(&args),
    }
}
