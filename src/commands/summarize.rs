//! `handoff summarize`: collect, run the [`crate::pipeline`], write the note and its sidecar.

use super::Outcome;
use crate::cli::SummarizeArgs;
use crate::evidence::{self, Evidence};
use crate::pipeline::{self, Drafter, OnModelFailure};
use crate::write::{self, Target};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Runs `summarize`.
pub(crate) fn run(args: &SummarizeArgs) -> crate::Result<Outcome> {
    let ev = evidence::collect(&evidence::Request {
        redact: !args.model.no_redact,
        ..args.evidence.request()
    })?;
    ev.report_to_stderr();
    if args.dry_run {
        let overrides = args.model.overrides();
        let cfg = crate::config::resolve(&overrides)?
            .unwrap_or_else(|| crate::config::ModelConfig::preview(&overrides));
        print_stdout(&crate::escape::terminal(&crate::draft::llm::dry_run(
            &ev, &cfg,
        )?))?;
        return Ok(Outcome::Clean);
    }
    let cfg = crate::config::resolve(&args.model.overrides())?;
    let drafter = match cfg.filter(|_| !args.model.offline) {
        Some(cfg) => Drafter::Model(Box::new(crate::draft::llm::Model::new(&cfg)?)),
        None => {
            if !args.model.offline {
                eprintln!(
                    "handoff: no model configured; drafting offline (set HANDOFF_MODEL or pass --model)"
                );
            }
            Drafter::Offline
        }
    };
    if let Drafter::Model(m) = &drafter {
        let cfg = m.config();
        eprintln!(
            "handoff: drafting with {} (up to {} s; --timeout)",
            cfg.server_label(),
            cfg.timeout.as_secs()
        );
    }
    let on_failure = if args.no_fallback {
        OnModelFailure::Fail
    } else {
        OnModelFailure::Offline
    };
    let summary = pipeline::summarize(&ev, &drafter, on_failure, chrono::Utc::now())?;
    for line in summary.model.iter().flat_map(|m| m.report_lines()) {
        eprintln!("{line}");
    }

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
    let c = summary.report.counts;
    eprintln!(
        "handoff: validator: {} verified, {} unverified, {} contradicted, {} errors, {} warnings",
        c.verified, c.unverified, c.contradicted, c.errors, c.warnings
    );
    if args.json {
        eprintln!(
            "handoff: wrote {}",
            crate::escape::line(&written.note.display().to_string())
        );
        print_stdout(&summary.sidecar_json)?;
    } else {
        print_stdout(&format!(
            "{}\n",
            crate::escape::line(&written.note.display().to_string())
        ))?;
    }
    Ok(Outcome::Clean)
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
            Target::Dir(base.join(write::DEFAULT_DIR))
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
