//! `handoff tokens FILE…`: count tokens the way the prompt budget does.

use super::Outcome;
use crate::cli::TokensArgs;
use crate::evidence::read::{BINARY_SNIFF_BYTES, looks_binary};
use crate::tokens::Encoding;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::{BufRead, BufReader, IsTerminal, Read, Write};
use std::path::Path;

/// Text is counted in pieces of about this size, cut at line ends, so memory stays bounded on
/// huge files (counts of pieces add up to within a token per cut).
const PIECE_BYTES: usize = 1 << 20;

/// Inputs at least this large show progress: a bar on a terminal, else one line saying what
/// is being counted, so that a long count is never silent.
const PROGRESS_FROM_BYTES: u64 = 16 << 20;

/// Counts the tokens of a reader, piece by piece, on every core: the pieces are independent,
/// so the reading thread hands them to one counting thread per core (through a channel that
/// holds two pieces per thread, so memory stays bounded) and adds up their counts. The
/// vocabulary is built once, by the first thread that needs it. `progress` is called with the
/// bytes read so far after each piece is read.
pub(crate) fn count_reader(
    reader: impl Read,
    enc: Encoding,
    progress: impl FnMut(u64),
) -> std::io::Result<usize> {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut pieces = Pieces {
        reader: BufReader::new(reader),
        read: 0,
        progress,
    };
    let Some(first) = pieces.next()? else {
        return Ok(0);
    };
    let Some(second) = pieces.next()? else {
        return Ok(count_piece(enc, &first));
    };
    if threads < 2 {
        let mut total = count_piece(enc, &first) + count_piece(enc, &second);
        while let Some(piece) = pieces.next()? {
            total += count_piece(enc, &piece);
        }
        return Ok(total);
    }
    let (send, receive) = std::sync::mpsc::sync_channel::<Vec<u8>>(2 * threads);
    let receive = std::sync::Mutex::new(receive);
    std::thread::scope(|scope| {
        let counters: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| {
                    let mut total = 0;
                    loop {
                        let next = receive
                            .lock()
                            .unwrap_or_else(std::sync::PoisonError::into_inner)
                            .recv();
                        match next {
                            Ok(piece) => total += count_piece(enc, &piece),
                            Err(_) => return total,
                        }
                    }
                })
            })
            .collect();
        let mut read = Ok(());
        for piece in [first, second] {
            // A send fails only when every counter is gone, which a panic alone causes.
            let _ = send.send(piece);
        }
        loop {
            match pieces.next() {
                Ok(Some(piece)) => {
                    let _ = send.send(piece);
                }
                Ok(None) => break,
                Err(e) => {
                    read = Err(e);
                    break;
                }
            }
        }
        drop(send);
        let total = counters
            .into_iter()
            .map(|c| c.join().unwrap_or_else(|p| std::panic::resume_unwind(p)))
            .sum();
        read.map(|()| total)
    })
}

fn count_piece(enc: Encoding, piece: &[u8]) -> usize {
    enc.count(&String::from_utf8_lossy(piece))
}

/// Text cut into pieces of about [`PIECE_BYTES`] at line ends, telling `progress` how much is
/// read.
struct Pieces<R, P> {
    reader: BufReader<R>,
    read: u64,
    progress: P,
}

impl<R: Read, P: FnMut(u64)> Pieces<R, P> {
    fn next(&mut self) -> std::io::Result<Option<Vec<u8>>> {
        let mut piece: Vec<u8> = Vec::with_capacity(PIECE_BYTES + 4096);
        loop {
            let n = self.reader.read_until(b'\n', &mut piece)?;
            self.read += n as u64;
            if n == 0 || piece.len() >= PIECE_BYTES {
                (self.progress)(self.read);
                return Ok((!piece.is_empty()).then_some(piece));
            }
        }
    }
}

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
    let counted = count_reader(std::io::Cursor::new(head).chain(reader), enc, |read| {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn piecewise_count_is_close_to_whole() {
        let text: String = (0..60_000)
            .map(|i| format!("line {i}: some words here\n"))
            .collect();
        assert!(text.len() > PIECE_BYTES);
        let whole = Encoding::O200kBase.count(&text);
        let mut seen = Vec::new();
        let pieces = count_reader(text.as_bytes(), Encoding::O200kBase, |n| seen.push(n)).unwrap();
        assert!(whole.abs_diff(pieces) <= 2, "{whole} vs {pieces}");
        // Progress rises to the whole input.
        assert!(seen.windows(2).all(|w| w[0] <= w[1]), "{seen:?}");
        assert_eq!(seen.last().copied(), Some(text.len() as u64));
        assert_eq!(
            count_reader(&b""[..], Encoding::O200kBase, |_| {}).unwrap(),
            0
        );
    }

    #[test]
    fn counting_on_every_core_adds_up_the_same_pieces() {
        let text: String = (0..150_000)
            .map(|i| format!("line {i}: ünïcødé words and more words\n"))
            .collect();
        let mut pieces = Pieces {
            reader: BufReader::new(text.as_bytes()),
            read: 0,
            progress: |_| {},
        };
        let (mut sequential, mut n) = (0, 0);
        while let Some(piece) = pieces.next().unwrap() {
            sequential += count_piece(Encoding::Cl100kBase, &piece);
            n += 1;
        }
        assert!(n > 3, "{n} pieces");
        assert_eq!(
            count_reader(text.as_bytes(), Encoding::Cl100kBase, |_| {}).unwrap(),
            sequential
        );
    }
}
