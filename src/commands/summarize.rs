//! `handoff summarize`: collect → draft → validate → render → redact → write.

use super::Outcome;
use crate::cli::SummarizeArgs;
use crate::evidence::{self, Evidence};
use crate::note::{self, Note};
use crate::write::{self, EvidenceSummary, Sidecar, Target};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Folder of default notes, in the repository root (left out of the git evidence).
pub const DEFAULT_DIR: &str = crate::evidence::git::NOTE_DIR;

/// A drafted, validated and rendered note, ready to be written.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The note as data (redacted).
    pub note: Note,
    /// The Markdown (redacted).
    pub markdown: String,
    /// The sidecar JSON (redacted).
    pub sidecar_json: String,
}

/// Runs `summarize`.
pub fn run(args: &SummarizeArgs) -> crate::Result<Outcome> {
    let ev = evidence::collect(&args.evidence.request())?;
    ev.report_to_stderr();
    if args.dry_run {
        let cfg = crate::config::resolve(&args.model)?
            .unwrap_or_else(|| crate::config::ModelConfig::preview(&args.model));
        print_stdout(&crate::draft::llm::dry_run(&ev, &cfg)?)?;
        return Ok(Outcome::Clean);
    }
    let cfg = crate::config::resolve(&args.model)?;
    let (mut note, model) = match cfg.filter(|_| !args.model.offline) {
        Some(cfg) => (
            crate::draft::llm::draft(&ev, &cfg)?,
            Some(cfg.model.clone()),
        ),
        None => {
            if !args.model.offline {
                eprintln!(
                    "handoff: no model configured; drafting offline (set HANDOFF_MODEL or pass --model)"
                );
            }
            (crate::draft::offline::draft(&ev), None)
        }
    };
    note.header.drafter = if model.is_some() { "llm" } else { "offline" }.into();
    note.header.model = model;
    let summary = finish(note, &ev, chrono::Utc::now())?;

    if args.stdout {
        let text = if args.json {
            &summary.sidecar_json
        } else {
            &summary.markdown
        };
        print_stdout(text)?;
        return Ok(Outcome::Clean);
    }
    let target = target(args, &ev);
    if args.out.is_none()
        && let Target::Dir(dir) = &target
    {
        write::ignore_note_dir(dir)?;
    }
    let session = ev.transcript.as_ref().and_then(|t| t.session.id.as_deref());
    let stem = write::default_stem(chrono::Utc::now(), session);
    let written = write::write_note(&target, &stem, &summary.markdown, &summary.sidecar_json)?;
    if let Some(c) = summary.note.header.counts {
        eprintln!(
            "handoff: validator: {} verified, {} unverified, {} contradicted, {} errors, {} warnings",
            c.verified, c.unverified, c.contradicted, c.errors, c.warnings
        );
    }
    if args.json {
        eprintln!("handoff: wrote {}", written.note.display());
        print_stdout(&summary.sidecar_json)?;
    } else {
        print_stdout(&format!("{}\n", written.note.display()))?;
    }
    Ok(Outcome::Clean)
}

/// The part after drafting, shared with batch and eval: header facts, computed workspace
/// state, validation, rendering and redaction.
pub fn finish(
    mut note: Note,
    ev: &Evidence,
    now: chrono::DateTime<chrono::Utc>,
) -> crate::Result<Summary> {
    // Workspace State is computed, never drafted, whichever drafter ran.
    note.workspace = note::workspace_lines(ev);
    if note.header.source.is_none() {
        note.header.source = ev.transcript.as_ref().map(|t| t.session.source.clone());
    }
    note.header.created_at = Some(now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true));
    let report = crate::validate::validate(&mut note, ev);
    note.header.counts = Some(report.counts);
    note.redact();
    let markdown = crate::redact::redact(&note::render(&note)).into_owned();
    let sidecar = Sidecar {
        note: note.clone(),
        report,
        evidence: EvidenceSummary::of(ev),
    };
    let json = serde_json::to_string_pretty(&sidecar)
        .map_err(|e| crate::Error::Usage(format!("cannot serialise the sidecar: {e}")))?;
    let sidecar_json = format!("{}\n", crate::redact::redact(&json));
    Ok(Summary {
        note,
        markdown,
        sidecar_json,
    })
}

/// `--out FILE`, `--out DIR`, or `.handoff/` in the repository root (the `--repo` folder when
/// there is no repository).
fn target(args: &SummarizeArgs, ev: &Evidence) -> Target {
    match &args.out {
        Some(out) if is_dir_like(out) => Target::Dir(out.clone()),
        Some(out) => Target::File {
            path: out.clone(),
            force: args.force,
        },
        None => {
            let base = ev
                .git
                .as_ref()
                .map(|g| PathBuf::from(&g.root))
                .unwrap_or_else(|| args.evidence.repo.clone());
            Target::Dir(base.join(DEFAULT_DIR))
        }
    }
}

fn is_dir_like(p: &Path) -> bool {
    p.is_dir()
        || p.as_os_str()
            .to_string_lossy()
            .ends_with(['/', std::path::MAIN_SEPARATOR])
}

fn print_stdout(text: &str) -> crate::Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(|e| crate::Error::io("<stdout>", e))
}
