//! The stages after collection, in the one order every caller uses: the session analysis →
//! draft (offline or a model) → header facts and the computed Workspace State → redaction →
//! validation → rendering. The analysis is computed once and handed to every later stage.
//!
//! Drafters return the drafted sections only; everything a drafter must not decide (which
//! drafter ran, the source, the time, the workspace, the validator's verdicts) is set here, once.
//! `summarize`, `eval` and the benchmarks call this module; it prints nothing.

use crate::analysis::{self, Analysis};
use crate::config::ModelConfig;
use crate::draft::{llm, offline};
use crate::evidence::Evidence;
use crate::note::{self, Note};
use crate::validate::{self, Report};
use crate::write::{EvidenceSummary, Sidecar};
use chrono::{DateTime, SecondsFormat, Utc};

mod repair;

pub(crate) use repair::Repair;

/// The creation time written into notes that are only judged, never written (the repair
/// round's candidates, eval's notes), so that two runs compare.
pub(crate) fn fixed_clock() -> DateTime<Utc> {
    DateTime::from_timestamp(1_767_225_600, 0).unwrap_or_default()
}

/// Which drafter writes the sections.
#[derive(Debug)]
pub enum Drafter {
    /// The deterministic, extractive offline drafter.
    Offline,
    /// A model behind an OpenAI-compatible API (one client and runtime for every note drafted).
    Model(Box<llm::Model>),
}

impl Drafter {
    /// `offline` or the model name.
    pub fn label(&self) -> String {
        match self {
            Drafter::Offline => "offline".into(),
            Drafter::Model(m) => m.config().model.clone(),
        }
    }

    /// The model configuration, for a model drafter.
    pub fn model(&self) -> Option<&ModelConfig> {
        match self {
            Drafter::Offline => None,
            Drafter::Model(m) => Some(m.config()),
        }
    }
}

/// What happens when the model fails: the offline draft is written instead (the header and a
/// warning say why), or the error ends the run (`--no-fallback`, and `eval`, which measures the
/// model).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnModelFailure {
    /// Draft offline and say why.
    Offline,
    /// Fail with the model's error.
    Fail,
}

/// What a model run cost and what the user should know about it (nothing for offline drafts).
#[derive(Debug, Clone)]
pub struct ModelRun {
    /// The model name.
    pub model: String,
    /// Server-reported usage of the successful request.
    pub usage: Option<llm::Usage>,
    /// Our own count of the prompt that was sent.
    pub prompt_tokens: usize,
    /// HTTP requests made (retries and fallbacks included).
    pub requests: u32,
    /// Fallbacks taken, silent truncation suspected.
    pub warnings: Vec<String>,
    /// Prompt blocks cut or dropped to fit the budget.
    pub cut_blocks: Vec<&'static str>,
    /// When the model failed and the offline draft stands in: the error, as one line.
    pub failed: Option<String>,
    /// The same in a few words, for the note's header.
    pub brief: Option<String>,
    /// The repair round, when one ran.
    pub repair: Option<Repair>,
    /// The chunk requests of a session larger than the budget, when it took that path.
    pub chunked: Option<llm::ChunkRun>,
}

impl ModelRun {
    /// The lines `summarize` prints on stderr: warnings, then usage and cut blocks (or why the
    /// model failed).
    pub fn report_lines(&self) -> Vec<String> {
        let mut out: Vec<String> = self
            .warnings
            .iter()
            .map(|w| format!("handoff: warning: {w}"))
            .collect();
        if let Some(error) = &self.failed {
            out.push(format!(
                "handoff: warning: the model failed ({error}); wrote the offline draft instead, which says so in its header (--no-fallback to exit with the error)"
            ));
            return out;
        }
        let usage = match self.usage {
            Some(u) => format!(
                "{} prompt + {} completion tokens",
                u.prompt_tokens, u.completion_tokens
            ),
            None => format!("~{} prompt tokens (no usage reported)", self.prompt_tokens),
        };
        let repair = self.repair.as_ref().map(Repair::report_line);
        out.extend(self.chunked.as_ref().map(llm::ChunkRun::report_line));
        out.push(format!(
            "handoff: model {}: {usage}, {} request(s){}",
            self.model,
            self.requests,
            if self.cut_blocks.is_empty() {
                String::new()
            } else {
                format!("; cut to fit the budget: {}", self.cut_blocks.join(", "))
            }
        ));
        out.extend(repair);
        out
    }
}

/// The drafted sections, before header facts, workspace state and validation.
#[derive(Debug, Clone)]
pub struct Draft {
    /// Title and the drafted sections; header and Workspace State are empty.
    pub sections: Note,
    /// For a model draft, what the run cost.
    pub model: Option<ModelRun>,
}

/// A drafted, validated and rendered note, ready to be written.
#[derive(Debug, Clone)]
pub struct Summary {
    /// The note as data (validated, redacted).
    pub note: Note,
    /// The validator's report.
    pub report: Report,
    /// The Markdown (redacted).
    pub markdown: String,
    /// The sidecar JSON (redacted).
    pub sidecar_json: String,
    /// For a model draft, what the run cost.
    pub model: Option<ModelRun>,
}

/// The whole pipeline after collection: draft, complete, validate, render.
pub fn summarize(
    ev: &Evidence,
    drafter: &Drafter,
    on_failure: OnModelFailure,
    now: DateTime<Utc>,
) -> crate::Result<Summary> {
    let analysis = analysis::analyse(ev);
    let draft = draft(ev, &analysis, drafter, on_failure)?;
    let note = match &draft.model {
        // The offline drafter stood in for a failed model: its header says so.
        Some(run) if run.failed.is_some() => {
            let mut note = complete(draft.sections, ev, &analysis, None, now);
            note.header.model_failed = run.brief.clone();
            note
        }
        _ => complete(draft.sections, ev, &analysis, drafter.model(), now),
    };
    let repair = draft.model.as_ref().and_then(|m| m.repair.clone());
    let mut summary = finish_with(note, ev, &analysis, repair)?;
    summary.model = draft.model;
    Ok(summary)
}

/// Drafts the sections. A model that fails is replaced by the offline drafter when `on_failure`
/// says so (the [`ModelRun`] then holds the error); otherwise its failure is returned, with what
/// had been sent.
pub(crate) fn draft(
    ev: &Evidence,
    analysis: &Analysis,
    drafter: &Drafter,
    on_failure: OnModelFailure,
) -> Result<Draft, llm::Failure> {
    match drafter {
        Drafter::Offline => Ok(Draft {
            sections: offline::draft(ev, analysis),
            model: None,
        }),
        Drafter::Model(m) => {
            let d = match m.draft_with(ev, analysis) {
                Ok(d) => d,
                Err(f) if on_failure == OnModelFailure::Offline => {
                    return Ok(Draft {
                        sections: offline::draft(ev, analysis),
                        model: Some(ModelRun {
                            model: m.config().model.clone(),
                            usage: None,
                            prompt_tokens: f.prompt_tokens,
                            requests: f.requests,
                            warnings: f.warnings,
                            cut_blocks: Vec::new(),
                            failed: Some(f.error.to_string()),
                            brief: Some(f.brief),
                            repair: None,
                            chunked: None,
                        }),
                    });
                }
                Err(f) => return Err(f),
            };
            let (d, repair) = if m.config().repair {
                repair::round(m, d, ev, analysis)
            } else {
                (d, None)
            };
            let cut_blocks = d
                .prompt
                .iter()
                .filter(|b| {
                    matches!(
                        b.status,
                        crate::prompt::BlockStatus::Cut | crate::prompt::BlockStatus::Dropped
                    )
                })
                .map(|b| b.name)
                .collect();
            Ok(Draft {
                sections: d.note,
                model: Some(ModelRun {
                    model: m.config().model.clone(),
                    usage: d.usage,
                    prompt_tokens: d.prompt_tokens,
                    requests: d.requests,
                    warnings: d.warnings,
                    cut_blocks,
                    failed: None,
                    brief: None,
                    repair,
                    chunked: d.chunked,
                }),
            })
        }
    }
}

/// The note the validator judges: the drafted sections plus the header facts (drafter, model,
/// source, time), the Workspace State computed from git, and redaction. `model` is the model
/// that drafted the sections (`None`: the offline drafter); callers that draft their own way
/// (batch's concurrent workers) pass it here too.
///
/// `header.source` is always the transcript file the evidence was read from (the session id is
/// in the file name `summarize` writes and in the sidecar). Drafted texts are redacted before
/// the validator sees them, except for a model run with `--no-redact`: that model saw the
/// secrets, so what it echoes is left for the validator's `secrets` rule to report (the
/// written note is redacted either way).
pub(crate) fn complete(
    mut note: Note,
    ev: &Evidence,
    analysis: &Analysis,
    model: Option<&ModelConfig>,
    now: DateTime<Utc>,
) -> Note {
    note.header = note::Header {
        source: ev
            .transcript
            .as_ref()
            .map(|t| t.session.source.clone())
            .filter(|s| !s.is_empty()),
        drafter: if model.is_some() { "llm" } else { "offline" }.into(),
        model: model.map(|m| m.model.clone()),
        model_failed: None,
        created_at: Some(now.to_rfc3339_opts(SecondsFormat::Secs, true)),
        counts: None,
    };
    note.workspace = note::workspace_lines(ev, Some(analysis));
    if model.is_none_or(|m| m.redact) {
        note.redact();
    }
    note
}

/// Validates a completed note (with the same analysis it was drafted from), then redacts and
/// renders it with its sidecar.
pub(crate) fn finish(note: Note, ev: &Evidence, analysis: &Analysis) -> crate::Result<Summary> {
    finish_with(note, ev, analysis, None)
}

/// [`finish`], with what the repair round did recorded in the sidecar.
pub(crate) fn finish_with(
    mut note: Note,
    ev: &Evidence,
    analysis: &Analysis,
    repair: Option<Repair>,
) -> crate::Result<Summary> {
    let report = validate::validate_against(&mut note, ev, analysis, &validate::Options::default());
    note.redact();
    let markdown = crate::redact::redact(&note::render(&note)).into_owned();
    let sidecar = Sidecar {
        note: note.clone(),
        report,
        evidence: EvidenceSummary::of(ev),
        repair,
    };
    let json = serde_json::to_string_pretty(&sidecar)
        .map_err(|e| crate::Error::io("<sidecar>", std::io::Error::from(e)))?;
    // Terminal-safe bytes for the same data: `summarize --json` prints it.
    let sidecar_json = format!("{}\n", crate::escape::json(&crate::redact::redact(&json)));
    Ok(Summary {
        note,
        report: sidecar.report,
        markdown,
        sidecar_json,
        model: None,
    })
}
