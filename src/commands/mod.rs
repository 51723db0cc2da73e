//! One module per subcommand: each turns parsed arguments into library calls and output.

pub(crate) mod batch;
pub(crate) mod collect;
pub(crate) mod completions;
pub(crate) mod config;
pub(crate) mod eval;
pub(crate) mod hook;
pub(crate) mod init;
pub(crate) mod show;
pub(crate) mod summarize;
pub(crate) mod tokens;
pub(crate) mod validate;

use crate::cli::EvidenceArgs;
use crate::evidence::Request;
use serde::Serialize;
use std::io::{BufWriter, Write};
use std::time::Duration;

pub(crate) use crate::error::Outcome;

/// Writes to stdout through one buffer, flushed at the end, for the writers that stream
/// (completion scripts, man pages): they write a line at a time, and stdout's own line
/// buffering would make each line a system call. ([`print_text`] and [`print_json`] write
/// their whole, escaped text at once.)
pub(crate) fn write_stdout(
    write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>,
) -> crate::Result<()> {
    let mut out = BufWriter::with_capacity(64 * 1024, std::io::stdout().lock());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| crate::Error::io("<stdout>", e))
}

impl EvidenceArgs {
    /// The collection request these arguments describe.
    pub(crate) fn request(&self) -> Request {
        Request {
            repo: self.repo.clone(),
            tests: self.tests.clone(),
            tests_format: self.tests_format,
            test_cmd: self.test_cmd.clone(),
            test_timeout: Duration::from_secs(self.test_timeout),
            git_timeout: Duration::from_secs_f64(self.git_timeout),
            transcript: self.transcript.clone(),
            transcript_format: self.format,
            latest: self.latest,
            redact: true,
            agent: self.agent,
        }
    }
}

/// Prints `text` on stdout with control characters and bidi overrides shown as escapes
/// ([`crate::escape::terminal`]): what a command prints quotes transcripts, file names and
/// commit subjects, which must not drive the reader's terminal.
pub(crate) fn print_text(text: &str) -> crate::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(crate::escape::terminal(text).as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| crate::Error::io("<stdout>", e))
}

/// Prints `value` as pretty JSON on stdout, safe for a terminal ([`crate::escape::json`]), and
/// redacted as a last line of defence when `redact`.
pub(crate) fn print_json<T: Serialize>(value: &T, redact: bool) -> crate::Result<()> {
    let json = serde_json::to_string_pretty(value)
        .map_err(|e| crate::Error::Usage(format!("cannot serialise the output: {e}")))?;
    let json = crate::redact::redact_if(&json, redact);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(crate::escape::json(&json).as_bytes())
        .and_then(|()| out.write_all(b"\n"))
        .and_then(|()| out.flush())
        .map_err(|e| crate::Error::io("<stdout>", e))
}
