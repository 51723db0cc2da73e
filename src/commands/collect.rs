//! `handoff collect`: print the evidence bundle.

use super::{Outcome, print_json, print_text};
use crate::cli::CollectArgs;
use crate::evidence::{self, Evidence};

/// Runs `collect`: JSON on stdout with `--json`, else a short human summary. Secrets are
/// redacted unless `--no-redact`.
pub(crate) fn run(args: &CollectArgs) -> crate::Result<Outcome> {
    let redact = !args.no_redact;
    let ev = evidence::collect(&crate::evidence::Request {
        redact,
        ..args.evidence.request()
    })?;
    if args.json {
        // The evidence, plus the session analysis judged from it under `analysis`: serialised
        // straight to stdout, never copied into a JSON value first.
        let analysis = crate::analysis::analyse(&ev);
        let value = Output {
            evidence: &ev,
            analysis: &analysis,
        };
        print_json(&value, redact)?;
    } else {
        print_text(&summary(&ev))?;
    }
    ev.report_to_stderr();
    Ok(Outcome::Clean)
}

/// What `collect --json` prints: the evidence's fields, then `analysis`.
#[derive(serde::Serialize)]
struct Output<'a> {
    #[serde(flatten)]
    evidence: &'a Evidence,
    analysis: &'a crate::analysis::Analysis,
}

/// The human summary: a few lines per source.
pub(crate) fn summary(ev: &Evidence) -> String {
    let mut s = String::new();
    match &ev.git {
        Some(g) => {
            let branch = g.branch.as_deref().unwrap_or("(detached HEAD)");
            let head = g
                .head
                .as_ref()
                .map(|h| format!("{} {}", &h.id[..h.id.len().min(10)], h.summary))
                .unwrap_or_else(|| "(no commits yet)".into());
            s += &format!("git: {} on {branch} at {head}\n", g.root);
            s += &format!(
                "  {} changed path(s); diff: {} file(s), +{} -{}; {} symbol(s) touched\n",
                g.status.len(),
                g.diffstat.files,
                g.diffstat.insertions,
                g.diffstat.deletions,
                g.symbols.len()
            );
        }
        None => s += "git: none\n",
    }
    for t in &ev.tests {
        let verdict = match (t.ok, t.timed_out) {
            (_, true) => "TIMED OUT",
            (true, _) => "ok",
            (false, _) => "FAILED",
        };
        s += &format!(
            "{}: {verdict}: {} passed, {} failed, {} skipped ({})\n",
            t.id,
            t.passed,
            t.failed,
            t.skipped,
            t.command.as_deref().unwrap_or(&t.source)
        );
        for f in t.failures.iter().take(10) {
            s += &format!("  failed: {}\n", f.name);
        }
    }
    if let Some(t) = &ev.transcript {
        let users = t.messages.iter().filter(|m| m.is_user_request()).count();
        s += &format!(
            "transcript: {} ({}): {} message(s), {} typed by the user; {} command(s), {} test run(s); {} edit(s); {} compaction(s); {} record(s) read, {} skipped\n",
            t.session.source,
            t.session.agent.map(|f| f.name()).unwrap_or("?"),
            t.message_count(),
            users,
            t.commands.len(),
            t.commands.iter().filter(|c| c.is_test).count(),
            t.edits.len(),
            t.compactions.len(),
            t.stats.records,
            t.stats.skipped
        );
    }
    s
}
