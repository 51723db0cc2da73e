//! `handoff tokens FILE…`: count tokens the way the prompt budget does.

use super::Outcome;
use crate::cli::TokensArgs;
use crate::evidence::read::{BINARY_SNIFF_BYTES, looks_binary};
use crate::tokens::{Encoding, count_reader};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{IsTerminal, Read, Write};
use std::num::NonZeroUsize;
use std::path::Path;

/// Inputs at least this large show progress: a bar on a terminal, else one line saying what
/// is being counted, so that a long count is never silent.
const PROGRESS_FROM_BYTES: u64 = 16 << 20;

/// Counts one input (`name` in errors), refusing binary data as every command that reads text
/// does ([`looks_binary`]); `size` (when known) decides whether progress is shown.
fn count_input(
    name: &Path,
    reader: impl Read,
    size: Option<u64>,
    enc: Encoding,
) -> crate::Result<usize> {
    let mut reader = reader;
    let mut head = Vec::with_capacity(BINARY_SNIFF_BYTES);
    (&mut reader)
        .take(BINARY_SNIFF_BYTES as u64)
        .read_to_end(&mut head)
        .map_err(|e| crate::Error::io(name, e))?;
    if looks_binary(&head) {
        return Err(crate::Error::input(
            name,
            "binary data, not text; `tokens` counts text files (a transcript, a prompt, a note)",
        ));
    }
    let bar = size.filter(|&s| s >= PROGRESS_FROM_BYTES).map(|s| {
        if std::io::stderr().is_terminal() {
            let bar = ProgressBar::with_draw_target(Some(s), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template("{bar:30} {bytes}/{total_bytes} ETA {eta}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        } else {
            eprintln!(
                "handoff: tokens: counting {} ({} MB)…",
                crate::escape::line(&name.display().to_string()),
                s >> 20
            );
            ProgressBar::hidden()
        }
    });
    // Every core the process may run on (`taskset` narrows it).
    let threads = std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN);
    let reader = std::io::Cursor::new(head).chain(reader);
    let counted = count_reader(reader, enc, threads, |read| {
        if let Some(b) = &bar {
            b.set_position(read);
        }
    })
    .map_err(|e| crate::Error::io(name, e));
    if let Some(b) = bar {
        b.finish_and_clear();
    }
    counted
}

/// Runs `tokens`.
pub(crate) fn run(args: &TokensArgs) -> crate::Result<Outcome> {
    let enc = args.encoding.unwrap_or_else(|| {
        args.model
            .as_deref()
            .map(Encoding::for_model)
            .unwrap_or_default()
    });
    let mut rows = Vec::new();
    for path in &args.files {
        let n = if path == Path::new("-") {
            count_input(Path::new("<stdin>"), std::io::stdin().lock(), None, enc)?
        } else {
            let file = std::fs::File::open(path).map_err(|e| {
                crate::Error::input(path, format!("cannot read ({e}); pass an existing file"))
            })?;
            let meta = file.metadata().ok();
            if meta.as_ref().is_some_and(|m| m.is_dir()) {
                return Err(crate::Error::input(path, "is a directory; pass files"));
            }
            count_input(path, file, meta.map(|m| m.len()), enc)?
        };
        rows.push((path.display().to_string(), n));
    }
    let total: usize = rows.iter().map(|(_, n)| n).sum();
    let mut out = String::new();
    if args.json {
        let files: Vec<_> = rows
            .iter()
            .map(|(p, n)| serde_json::json!({"path": p, "tokens": n}))
            .collect();
        out =
            serde_json::json!({"encoding": enc.name(), "files": files, "total": total}).to_string();
        out.push('\n');
    } else {
        for (p, n) in &rows {
            out.push_str(&format!("{n:>10}  {p}\n"));
        }
        if rows.len() > 1 {
            out.push_str(&format!("{total:>10}  total\n"));
        }
    }
    std::io::stdout()
        .lock()
        .write_all(out.as_bytes())
        .map_err(|e| crate::Error::io("<stdout>", e))?;
    if !args.json {
        let ctx = args
            .model
            .as_deref()
            .and_then(crate::tokens::context_window)
            .map(|c| {
                format!(
                    ", context window of {} is {c}",
                    args.model.as_deref().unwrap_or("")
                )
            })
            .unwrap_or_default();
        eprintln!("({}{ctx})", enc.name());
    }
    Ok(Outcome::Clean)
}
