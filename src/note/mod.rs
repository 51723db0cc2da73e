//! The handoff note: six sections as typed data, each claim with the evidence ids it cites.
//! Drafters (offline or model) produce a [`Note`]; the validator annotates it; the writer renders
//! it to Markdown (format v1, `docs/note-format.md`) with a JSON sidecar. Hand-written notes are parsed back
//! into the same type so that `handoff validate` can check them.

mod annotate;
mod parse;
mod render;
pub(crate) mod section;
mod workspace;

pub(crate) use annotate::{annotate, written_by_handoff};
pub use parse::parse;
pub(crate) use render::code_span;
pub use render::render;
pub use section::Section;
pub(crate) use workspace::{code_list, workspace_lines};

/// Most git status paths listed one by one under Files & Symbols; one [`MORE_FILES`] line
/// counts the rest (a mass reformat or a generated tree must not make a note of 20,000
/// bullets). Read by the drafter and by the validator's completeness rule.
pub(crate) const MAX_STATUS_FILES: usize = 100;

/// The path of the Files & Symbols line that stands for more files than are listed.
pub(crate) const MORE_FILES: &str = "…";

use serde::{Deserialize, Serialize};

/// Version of the note format written in the header line (`handoff 0.1.0 · …`).
pub(crate) const FORMAT_TOOL_VERSION: &str = env!("CARGO_PKG_VERSION");

/// A whole note.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Note {
    /// Title after `# Session Handoff: `.
    pub title: String,
    /// The header line: source session, drafter, model, validator counts.
    pub header: Header,
    /// `## Workspace State`: computed from git, never drafted. Markdown lines as rendered.
    pub workspace: Vec<String>,
    /// `## Goal & Current State`: the goal in one sentence.
    pub goal: Option<Claim>,
    /// Verified items, each citing the run or command that proves it.
    pub verified: Vec<Claim>,
    /// Partial or unverified items.
    pub partial: Vec<Claim>,
    /// `## Decisions & Discarded Paths`: decisions with their reasons.
    pub decisions: Vec<Claim>,
    /// Rejected approaches with why they failed.
    pub discarded: Vec<Claim>,
    /// `## Files & Symbols`.
    pub files: Vec<FileEntry>,
    /// `## Open Loops`.
    pub open_loops: Vec<OpenLoop>,
    /// `## Next Action`: exactly one is expected; more or fewer is a validator finding.
    pub next_actions: Vec<Claim>,
    /// Optional `## Watch-outs`.
    pub watch_outs: Vec<Claim>,
}

/// The header line's facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Header {
    /// Source session (transcript path or session id), if any.
    pub source: Option<String>,
    /// `offline` or `llm`.
    pub drafter: String,
    /// Model name, for the LLM drafter.
    pub model: Option<String>,
    /// When a model was configured and failed, so that the offline drafter wrote the note: the
    /// model and what went wrong, in one line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_failed: Option<String>,
    /// When the note was written (RFC 3339).
    pub created_at: Option<String>,
    /// Validator counts, once validated.
    pub counts: Option<Counts>,
}

/// Validator counts shown in the header line.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Counts {
    /// Claims verified by evidence.
    pub verified: usize,
    /// Claims that could not be verified.
    pub unverified: usize,
    /// Claims contradicted by evidence.
    pub contradicted: usize,
    /// Errors (structure, secrets, next action…).
    pub errors: usize,
    /// Warnings.
    pub warnings: usize,
}

/// One claim: a sentence plus the evidence ids it cites.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Claim {
    /// 1-based line in the Markdown it was parsed from (for `NOTE.md:LINE` findings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// The text, Markdown inline (may hold `code`).
    pub text: String,
    /// Evidence ids cited: `G`, `T1`, `C7`, `E3`, `M12`.
    #[serde(default)]
    pub cite: Vec<String>,
    /// Set by the validator when the claim is not verified.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag>,
}

/// What the validator says about a claim it could not verify.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Flag {
    /// `unverified` or `contradicted`.
    pub status: ClaimStatus,
    /// Short reason, rendered as `[UNVERIFIED: reason]`.
    pub reason: String,
}

/// Status of a claim after validation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ClaimStatus {
    /// Backed by evidence.
    Verified,
    /// No evidence either way.
    Unverified,
    /// Evidence says otherwise.
    Contradicted,
    /// No rule had anything to check in it (a goal, a plan, an instruction): neither backed nor
    /// doubted, so not counted as verified.
    Unchecked,
}

/// One changed or relevant file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileEntry {
    /// 1-based line in the Markdown it was parsed from (for `NOTE.md:LINE` findings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// Path relative to the repository root.
    pub path: String,
    /// Functions/types touched, bare identifiers.
    #[serde(default)]
    pub symbols: Vec<String>,
    /// What changed, one line.
    #[serde(default)]
    pub summary: String,
    /// Evidence ids.
    #[serde(default)]
    pub cite: Vec<String>,
    /// True when the validator added it from git status because the draft forgot it.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub added_by_validator: bool,
    /// Validator flag (path or symbol not found).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag>,
}

/// Who closes an open loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Owner {
    /// The next agent session.
    Agent,
    /// A person.
    Human,
}

/// One open loop.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct OpenLoop {
    /// 1-based line in the Markdown it was parsed from (for `NOTE.md:LINE` findings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
    /// `[Agent]` or `[Human]`; `None` when a hand-written note left it out (a finding).
    pub owner: Option<Owner>,
    /// A condition on the owner, rendered after it: `[Agent, after the owner says so]`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub when: Option<String>,
    /// What is open.
    pub text: String,
    /// The deterministic check that closes it (a command or test id).
    pub verify: Option<String>,
    /// Evidence ids.
    #[serde(default)]
    pub cite: Vec<String>,
    /// Validator flag.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub flag: Option<Flag>,
}

impl Note {
    /// Passes every text of the note through `f` (used for secret redaction before writing).
    pub fn map_texts(&mut self, mut f: impl FnMut(&str) -> String) {
        self.title = f(&self.title);
        for l in &mut self.workspace {
            *l = f(l);
        }
        for c in self
            .goal
            .iter_mut()
            .chain(&mut self.verified)
            .chain(&mut self.partial)
            .chain(&mut self.decisions)
            .chain(&mut self.discarded)
            .chain(&mut self.next_actions)
            .chain(&mut self.watch_outs)
        {
            c.text = f(&c.text);
        }
        for e in &mut self.files {
            e.path = f(&e.path);
            e.summary = f(&e.summary);
        }
        for l in &mut self.open_loops {
            l.text = f(&l.text);
            l.verify = l.verify.as_deref().map(&mut f);
        }
    }

    /// The validator's flag of the `index`th claim of `section` (`None` when there is no such
    /// claim; Workspace lines are computed, not claims, and have none).
    pub fn flag_mut(&mut self, section: Section, index: usize) -> Option<&mut Option<Flag>> {
        let i = index;
        match section {
            Section::Goal => self.goal.as_mut().map(|c| &mut c.flag),
            Section::Verified => self.verified.get_mut(i).map(|c| &mut c.flag),
            Section::Partial => self.partial.get_mut(i).map(|c| &mut c.flag),
            Section::Decisions => self.decisions.get_mut(i).map(|c| &mut c.flag),
            Section::Discarded => self.discarded.get_mut(i).map(|c| &mut c.flag),
            Section::Files => self.files.get_mut(i).map(|c| &mut c.flag),
            Section::OpenLoops => self.open_loops.get_mut(i).map(|c| &mut c.flag),
            Section::NextAction => self.next_actions.get_mut(i).map(|c| &mut c.flag),
            Section::WatchOuts => self.watch_outs.get_mut(i).map(|c| &mut c.flag),
            Section::Workspace => None,
        }
    }

    /// Redacts secrets in every text of the note ([`crate::redact::redact`]).
    pub fn redact(&mut self) {
        self.map_texts(|s| crate::redact::redact(s).into_owned());
    }
}

#[cfg(test)]
mod tests;
