//! `handoff show`: the newest note of this repository, re-validated against the repository now,
//! on stdout; what changed since it was written on stderr.

use super::Outcome;
use crate::cli::ShowArgs;
use crate::hook::context;
use crate::{Error, Result, ui};
use std::io::Write;

/// Runs `show`.
pub(crate) fn run(args: &ShowArgs) -> Result<Outcome> {
    if !args.repo.is_dir() {
        return Err(Error::input(
            &args.repo,
            "no such directory; pass an existing path to --repo",
        ));
    }
    let root = crate::evidence::git::collect_root(&args.repo).unwrap_or_else(|| args.repo.clone());
    let stored = context::newest(&root).ok_or_else(|| context::no_note(&root))?;
    ui::debug(&format!(
        "re-validating against {} with the transcript {}",
        root.display(),
        stored
            .sidecar
            .evidence
            .transcript
            .as_ref()
            .map_or("(none)", |t| t.source.as_str())
    ));
    let shown = context::revalidate(&stored, &root)?;
    ui::info(&format!(
        "{} (written {})",
        stored.path.display(),
        stored
            .written_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    ));
    if shown.changes.is_empty() {
        ui::info("re-validated now: nothing changed since it was written");
    }
    for c in &shown.changes {
        ui::info(&format!("since then: {c}"));
    }
    let text = match args.inject_budget {
        Some(budget) => context::trim(&shown.markdown, budget, &stored.path).text,
        None => shown.markdown,
    };
    // A stored note may have been edited by hand: shown without raw control characters.
    let text = crate::escape::terminal(&text);
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| Error::io("<stdout>", e))?;
    Ok(Outcome::Clean)
}
