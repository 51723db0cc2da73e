//! The repair round: after validation, a model draft whose claims the evidence contradicts, that
//! cites ids the evidence does not have, or that breaks the note's structure is sent back once,
//! in the same conversation, with each finding and its evidence; the revised draft is validated
//! too, and the draft with fewer such findings is kept (the first on a tie). This closes the
//! loop between the model and the validator: the model hears what the validator will mark.

use crate::analysis::Analysis;
use crate::config::ModelConfig;
use crate::draft::llm::{Drafted, Model};
use crate::evidence::Evidence;
use crate::note::{ClaimStatus, Note};
use crate::validate::{self, Severity, rule};
use serde::{Deserialize, Serialize};

/// Longest claim text quoted in a finding.
const CLAIM_CHARS: usize = 200;

/// What the repair round did: reported on stderr, in the sidecar and in `eval --json`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Repair {
    /// The findings sent back (the first draft's), one line each.
    pub findings: Vec<String>,
    /// How many findings the revised draft has (`None`: the round failed).
    pub revised_findings: Option<usize>,
    /// The draft kept: `first` or `revised`.
    pub kept: String,
    /// Our count of the conversation sent.
    pub prompt_tokens: usize,
    /// Server-reported usage of the round, when reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub completion_tokens: Option<u64>,
    /// Server-reported prompt tokens of the round, when reported.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_prompt_tokens: Option<u64>,
    /// HTTP requests the round made.
    pub requests: u32,
    /// Why the round failed (the first draft stands).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Repair {
    /// The line `summarize` prints on stderr.
    pub fn report_line(&self) -> String {
        let tokens = match (self.server_prompt_tokens, self.completion_tokens) {
            (Some(p), Some(c)) => format!("{p} prompt + {c} completion tokens"),
            _ => format!("~{} prompt tokens", self.prompt_tokens),
        };
        let outcome = match (&self.error, self.revised_findings) {
            (Some(e), _) => format!("the round failed ({e}); kept the first draft"),
            (None, Some(n)) => format!("the revised draft has {n}; kept the {} draft", self.kept),
            (None, None) => format!("kept the {} draft", self.kept),
        };
        format!(
            "handoff: repair round: sent back {} finding(s); {outcome} ({tokens}, {} request(s))",
            self.findings.len(),
            self.requests
        )
    }
}

/// The findings of `note` a repair round can fix, one line each with its evidence: contradicted
/// claims, citations of ids the evidence does not have, structure errors. The note is completed
/// and validated as the pipeline would (with the same analysis).
pub(crate) fn findings(
    note: &Note,
    ev: &Evidence,
    analysis: &Analysis,
    model: &ModelConfig,
) -> Vec<String> {
    let mut n = super::complete(
        note.clone(),
        ev,
        analysis,
        Some(model),
        super::fixed_clock(),
    );
    let report = validate::validate_against(&mut n, ev, analysis, &validate::Options::default());
    let views = validate::claims(&n);
    let mut out = Vec::new();
    for c in &report.claims {
        if c.status != ClaimStatus::Contradicted {
            continue;
        }
        let reason = views
            .iter()
            .find(|v| v.key.section == c.section && v.display() == c.text)
            .and_then(|v| v.flagged.as_ref())
            .map(|f| f.reason.clone())
            .unwrap_or_default();
        let evidence = if c.evidence.is_empty() {
            String::new()
        } else {
            format!(" (evidence: {})", c.evidence.join(", "))
        };
        out.push(format!(
            "- {} claim {}: {reason}{evidence}",
            c.section.id(),
            crate::analysis::text::quote(&c.text, CLAIM_CHARS),
        ));
    }
    for f in &report.findings {
        if f.rule == rule::CITATIONS {
            out.push(format!("- {}", f.message));
        } else if f.rule == rule::STRUCTURE && f.severity == Severity::Error {
            out.push(format!("- structure: {}", f.message));
        }
    }
    out
}

/// Runs the round on `first` when it has findings: the draft kept and what the round did
/// (`None`: nothing to repair, no request made).
pub(crate) fn round(
    model: &Model,
    first: Drafted,
    ev: &Evidence,
    analysis: &Analysis,
) -> (Drafted, Option<Repair>) {
    let cfg = model.config();
    let sent = findings(&first.note, ev, analysis, cfg);
    if sent.is_empty() || first.conversation.messages.is_empty() {
        return (first, None);
    }
    match model.repair(&first, &sent) {
        Ok(revised) => {
            let after = findings(&revised.note, ev, analysis, cfg).len();
            let better = after < sent.len();
            let repair = Repair {
                revised_findings: Some(after),
                kept: if better { "revised" } else { "first" }.into(),
                prompt_tokens: revised.prompt_tokens,
                completion_tokens: revised.usage.map(|u| u.completion_tokens),
                server_prompt_tokens: revised.usage.map(|u| u.prompt_tokens),
                requests: revised.requests,
                error: None,
                findings: sent,
            };
            (if better { revised } else { first }, Some(repair))
        }
        Err(f) => {
            let repair = Repair {
                revised_findings: None,
                kept: "first".into(),
                prompt_tokens: f.prompt_tokens,
                completion_tokens: None,
                server_prompt_tokens: None,
                requests: f.requests,
                error: Some(f.brief),
                findings: sent,
            };
            (first, Some(repair))
        }
    }
}
