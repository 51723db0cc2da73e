//! `handoff validate NOTE.md`: run the validator on any note, hand-written ones included.
//! Findings go to stdout like a linter's (`NOTE.md:LINE: rule: message`), the summary to stderr;
//! `--json` prints the report instead; `--write` puts the annotated note back atomically.

use super::{Outcome, print_json, print_text};
use crate::cli::ValidateArgs;
use crate::validate::{Options, Report, sections_present, validate_with};
use crate::write::write_atomic;
use crate::{Error, evidence, note};
use std::io::Read;
use std::path::{Path, PathBuf};

/// Notes larger than this are refused: a handoff note is a page, not a log.
const MAX_NOTE_BYTES: u64 = 16 * 1024 * 1024;

/// Runs `validate`.
pub(crate) fn run(args: &ValidateArgs) -> crate::Result<Outcome> {
    let text = read_note(&args.note)?;
    let mut parsed = note::parse(&text);
    let redact = !args.no_redact;
    let ev = evidence::collect(&evidence::Request {
        redact,
        ..args.evidence.request()
    })?;
    let opts = Options {
        root: Some(args.evidence.repo.clone()),
        sections: Some(sections_present(&text)),
        note_path: Some(args.note.clone()),
    };
    let report = validate_with(&mut parsed, &ev, &opts);
    let name = crate::escape::line(&args.note.display().to_string()).into_owned();

    if args.json {
        print_json(&report, redact)?;
    } else {
        print_text(&findings_text(&name, &report))?;
    }

    ev.report_to_stderr();
    if args.write {
        // A note handoff wrote round-trips through the renderer; any other keeps its author's
        // text, with the verdicts written in (and secrets redacted as everywhere).
        let rendered = if note::written_by_handoff(&text) {
            note::render(&parsed)
        } else {
            let annotated = note::annotate(&text, &parsed);
            crate::validate::scrub(&annotated).map_or(annotated, |(clean, _)| clean)
        };
        if !args.no_backup {
            let backup = with_suffix(&args.note, ".orig");
            write_atomic(&backup, text.as_bytes(), true)?;
        }
        write_atomic(&args.note, rendered.as_bytes(), true)?;
    }
    eprintln!("{}", summary(&name, &report, args.write));
    // A proven-false claim fails like an error; an unproven one only with --strict.
    let failing = report.has_errors()
        || report.counts.contradicted > 0
        || (args.strict && report.has_unverified());
    Ok(if failing {
        Outcome::Findings
    } else {
        Outcome::Clean
    })
}

/// One line per finding: `NOTE.md:LINE: rule: message` (no `:LINE` when the finding concerns
/// the whole note or an entry the validator added). A message quotes untrusted text (a file
/// name may hold a newline): it stays on its line.
pub(crate) fn findings_text(name: &str, report: &Report) -> String {
    let mut s = String::new();
    for f in &report.findings {
        let message = crate::escape::line(&f.message);
        match f.line {
            Some(line) => s += &format!("{name}:{line}: {}: {message}\n", f.rule),
            None => s += &format!("{name}: {}: {message}\n", f.rule),
        }
    }
    s
}

/// The one-line summary printed on stderr.
pub(crate) fn summary(name: &str, report: &Report, written: bool) -> String {
    let c = report.counts;
    format!(
        "{name}: {} verified, {} unverified, {} contradicted; {} error(s), {} warning(s){}",
        c.verified,
        c.unverified,
        c.contradicted,
        c.errors,
        c.warnings,
        if written {
            "; annotated note written"
        } else {
            ""
        }
    )
}

/// Reads a note, refusing what is no Markdown note with a one-line reason.
fn read_note(path: &Path) -> crate::Result<String> {
    let meta = std::fs::metadata(path).map_err(|e| match e.kind() {
        std::io::ErrorKind::NotFound => {
            Error::input(path, "no such file; give the path of a Markdown note")
        }
        _ => Error::io(path, e),
    })?;
    if meta.is_dir() {
        return Err(Error::input(
            path,
            "is a directory; give a Markdown note file",
        ));
    }
    if meta.len() > MAX_NOTE_BYTES {
        return Err(Error::input(
            path,
            format!(
                "{} bytes is too large for a handoff note (limit {MAX_NOTE_BYTES}); is this the right file?",
                meta.len()
            ),
        ));
    }
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(MAX_NOTE_BYTES).read_to_end(&mut bytes))
        .map_err(|e| Error::io(path, e))?;
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(&bytes);
    if bytes.contains(&0) {
        return Err(Error::input(path, "binary data, not a Markdown note"));
    }
    let text = std::str::from_utf8(bytes)
        .map_err(|_| Error::input(path, "not UTF-8 text; a note must be Markdown in UTF-8"))?;
    if text.trim().is_empty() {
        return Err(Error::input(path, "empty file; nothing to validate"));
    }
    if !has_heading(text) {
        return Err(Error::input(
            path,
            "not a Markdown note (no `#` heading); give a handoff note (`handoff summarize` writes one), not a transcript or log",
        ));
    }
    Ok(text.to_string())
}

/// Whether `text` has a Markdown ATX heading: every note has several, while a transcript, a
/// JSON file or a log has none.
fn has_heading(text: &str) -> bool {
    text.lines().any(|l| {
        let hashes = l.len() - l.trim_start_matches('#').len();
        (1..=6).contains(&hashes) && l[hashes..].starts_with([' ', '\t'])
    })
}

fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(suffix);
    PathBuf::from(s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bad_inputs_are_one_line_errors() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let missing = dir.path().join("nope.md");
        let msg = read_note(&missing)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(msg.contains("no such file"), "{msg}");
        let msg = read_note(dir.path())
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(msg.contains("is a directory"), "{msg}");
        let bin = dir.path().join("bin.md");
        std::fs::write(&bin, b"\x7fELF\x00\x01").unwrap_or_else(|e| panic!("{e}"));
        let msg = read_note(&bin)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(msg.contains("binary"), "{msg}");
        let jsonl = dir.path().join("session.jsonl");
        std::fs::write(
            &jsonl,
            "{\"type\":\"user\",\"message\":\"# not a heading\"}\n",
        )
        .unwrap_or_else(|e| panic!("{e}"));
        let msg = read_note(&jsonl)
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(msg.contains("not a Markdown note"), "{msg}");
        assert!(has_heading("intro\n## Next Action\n"));
        assert!(!has_heading("#hashtag\n####### seven\n"));
        let empty = dir.path().join("empty.md");
        std::fs::write(&empty, "\n").unwrap_or_else(|e| panic!("{e}"));
        assert!(read_note(&empty).is_err());
    }

    #[test]
    fn atomic_write_replaces_and_backs_up() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let p = dir.path().join("NOTE.md");
        std::fs::write(&p, "old").unwrap_or_else(|e| panic!("{e}"));
        write_atomic(&with_suffix(&p, ".orig"), b"old", true).unwrap_or_else(|e| panic!("{e}"));
        write_atomic(&p, b"new", true).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(std::fs::read_to_string(&p).unwrap_or_default(), "new");
        assert_eq!(
            std::fs::read_to_string(dir.path().join("NOTE.md.orig")).unwrap_or_default(),
            "old"
        );
        let leftovers = std::fs::read_dir(dir.path())
            .map(|d| d.count())
            .unwrap_or(0);
        assert_eq!(leftovers, 2);
    }
}
