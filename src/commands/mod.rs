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
/// buffering would make each line a system call. ([`print_text`] writes its whole, escaped
/// text at once; [`print_json`] buffers its own.)
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
/// redacted as a last line of defence when `redact`. Streamed: the JSON is filtered in chunks
/// of whole lines as it is serialised, so a large evidence bundle is never held as text (and
/// then twice more, redacted and escaped) besides its data.
///
/// The evidence's texts are redacted when collected, but not all that is printed is: the
/// analysis derives texts of its own (normalised command lines, excerpts, joined words), some
/// fields are not free texts of the evidence (compaction and job records, statistics' keys),
/// and JSON sets a value beside its field name or map key on one line and escapes it, a context
/// the redactor also knows. The pass is kept for those; it costs a keyword scan of the JSON and
/// a rule's pattern only on the lines holding that rule's keywords ([`crate::redact`]).
pub(crate) fn print_json<T: Serialize>(value: &T, redact: bool) -> crate::Result<()> {
    let mut out = JsonLines::new(std::io::stdout().lock(), redact);
    serde_json::to_writer_pretty(&mut out, value).map_err(|e| {
        if e.is_io() {
            crate::Error::io("<stdout>", std::io::Error::from(e))
        } else {
            crate::Error::Usage(format!("cannot serialise the output: {e}"))
        }
    })?;
    out.finish().map_err(|e| crate::Error::io("<stdout>", e))
}

/// Serialised JSON on its way to `out`: held until a chunk of whole lines has gathered, then
/// redacted (when asked) and escaped, chunk by chunk. Pretty JSON keeps every string on one
/// line, so no secret spans two chunks: the result is the same as filtering the whole text.
struct JsonLines<W: Write> {
    out: BufWriter<W>,
    pending: Vec<u8>,
    redact: bool,
}

impl<W: Write> JsonLines<W> {
    /// How much JSON gathers before it is filtered: large enough that redaction runs a few
    /// times per megabyte, small enough to stay a buffer.
    const CHUNK: usize = 256 * 1024;

    fn new(out: W, redact: bool) -> Self {
        JsonLines {
            out: BufWriter::with_capacity(64 * 1024, out),
            pending: Vec::with_capacity(Self::CHUNK + 4096),
            redact,
        }
    }

    /// Filters and writes `pending[..end]` and keeps the rest.
    fn emit(&mut self, end: usize) -> std::io::Result<()> {
        let text = std::str::from_utf8(&self.pending[..end]).map_err(std::io::Error::other)?;
        let redacted = crate::redact::redact_if(text, self.redact);
        self.out
            .write_all(crate::escape::json(&redacted).as_bytes())?;
        self.pending.drain(..end);
        Ok(())
    }

    /// Writes what is left and the closing newline.
    fn finish(mut self) -> std::io::Result<()> {
        self.emit(self.pending.len())?;
        self.out.write_all(b"\n")?;
        self.out.flush()
    }
}

impl<W: Write> Write for JsonLines<W> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.pending.extend_from_slice(buf);
        if self.pending.len() >= Self::CHUNK
            && let Some(last) = memchr::memrchr(b'\n', &self.pending)
        {
            self.emit(last + 1)?;
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}
