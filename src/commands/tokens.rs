//! `handoff tokens FILE…`: count tokens the way the prompt budget does.

use super::Outcome;
use crate::cli::TokensArgs;
use crate::tokens::Encoding;
use std::io::{BufRead, BufReader, Read, Write};
use std::path::Path;

/// Text is counted in pieces of about this size, cut at line ends, so memory stays bounded on
/// huge files (counts of pieces add up to within a token per cut).
const PIECE_BYTES: usize = 1 << 20;

/// Counts the tokens of a reader, piece by piece.
pub(crate) fn count_reader(reader: impl Read, enc: Encoding) -> std::io::Result<usize> {
    let mut reader = BufReader::new(reader);
    let mut piece: Vec<u8> = Vec::with_capacity(PIECE_BYTES + 4096);
    let mut total = 0;
    loop {
        let n = reader.read_until(b'\n', &mut piece)?;
        if n == 0 || piece.len() >= PIECE_BYTES {
            total += enc.count(&String::from_utf8_lossy(&piece));
            piece.clear();
        }
        if n == 0 {
            return Ok(total);
        }
    }
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
            count_reader(std::io::stdin().lock(), enc)
                .map_err(|e| crate::Error::io("<stdin>", e))?
        } else {
            let file = std::fs::File::open(path).map_err(|e| {
                crate::Error::input(path, format!("cannot read ({e}); pass an existing file"))
            })?;
            if file.metadata().is_ok_and(|m| m.is_dir()) {
                return Err(crate::Error::input(path, "is a directory; pass files"));
            }
            count_reader(file, enc).map_err(|e| crate::Error::io(path, e))?
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
        let pieces = count_reader(text.as_bytes(), Encoding::O200kBase).unwrap();
        assert!(whole.abs_diff(pieces) <= 2, "{whole} vs {pieces}");
        assert_eq!(count_reader(&b""[..], Encoding::O200kBase).unwrap(), 0);
    }
}
