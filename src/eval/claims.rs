//! Validator precision and recall on labelled claims: each claim is put into a copy of the
//! drafted note, the note is validated against the case's evidence, and the claim counts as
//! "predicted false" when the validator flagged it (unverified or contradicted).

use super::case::LabelledClaim;
use crate::analysis::Analysis;
use crate::evidence::Evidence;
use crate::note::{Claim, FileEntry, Note, OpenLoop, Owner, Section};
use crate::validate::Severity;
use serde::Serialize;

/// The verdict on one labelled claim.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct ClaimOutcome {
    /// Section it was inserted into.
    pub section: Section,
    /// The claim.
    pub text: String,
    /// True when the claim holds on the evidence.
    pub label: bool,
    /// True when the validator flagged it.
    pub flagged: bool,
    /// The validator's reason, when flagged.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// Confusion counts, "false claim" being the positive class.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub(crate) struct Confusion {
    /// False claims flagged.
    pub true_pos: usize,
    /// True claims flagged.
    pub false_pos: usize,
    /// False claims let through.
    pub false_neg: usize,
    /// True claims let through.
    pub true_neg: usize,
}

impl Confusion {
    /// Counts the outcomes.
    pub(crate) fn of(outcomes: &[ClaimOutcome]) -> Confusion {
        let mut c = Confusion::default();
        for o in outcomes {
            match (o.label, o.flagged) {
                (false, true) => c.true_pos += 1,
                (true, true) => c.false_pos += 1,
                (false, false) => c.false_neg += 1,
                (true, false) => c.true_neg += 1,
            }
        }
        c
    }

    /// Sums two.
    pub(crate) fn plus(self, o: Confusion) -> Confusion {
        Confusion {
            true_pos: self.true_pos + o.true_pos,
            false_pos: self.false_pos + o.false_pos,
            false_neg: self.false_neg + o.false_neg,
            true_neg: self.true_neg + o.true_neg,
        }
    }

    /// Of the claims flagged, the share that were false; `None` when nothing was flagged.
    pub(crate) fn precision(self) -> Option<f64> {
        let flagged = self.true_pos + self.false_pos;
        (flagged > 0).then(|| self.true_pos as f64 / flagged as f64)
    }

    /// Of the false claims, the share flagged; `None` when there were none.
    pub(crate) fn recall(self) -> Option<f64> {
        let false_claims = self.true_pos + self.false_neg;
        (false_claims > 0).then(|| self.true_pos as f64 / false_claims as f64)
    }

    /// Claims judged.
    pub(crate) fn total(self) -> usize {
        self.true_pos + self.false_pos + self.false_neg + self.true_neg
    }
}

/// Judges every labelled claim, each in its own copy of `draft` (the note before validation).
pub(crate) fn judge_all(
    draft: &Note,
    ev: &Evidence,
    analysis: &Analysis,
    claims: &[LabelledClaim],
) -> Vec<ClaimOutcome> {
    claims
        .iter()
        .map(|c| judge(draft, ev, analysis, c))
        .collect()
}

/// The line number given to the inserted claim, so that findings about it (a vague next action,
/// an open loop without a check) can be told apart from findings about the rest of the draft.
const CLAIM_LINE: usize = 1_000_000;

/// Inserts one claim, validates, and reads the verdict on the inserted item: its flag, or an
/// error or unverified finding on its line.
pub(crate) fn judge(
    draft: &Note,
    ev: &Evidence,
    analysis: &Analysis,
    claim: &LabelledClaim,
) -> ClaimOutcome {
    let mut note = draft.clone();
    let slot = insert(&mut note, claim);
    let report = crate::validate::validate_against(
        &mut note,
        ev,
        analysis,
        &crate::validate::Options::default(),
    );
    let reason = flag_of(&mut note, &slot).map(|f| f.reason).or_else(|| {
        report
            .findings
            .iter()
            .find(|f| f.line == Some(CLAIM_LINE) && f.severity != Severity::Warning)
            .map(|f| format!("{}: {}", f.rule, f.message))
    });
    ClaimOutcome {
        section: claim.section,
        text: claim.text.clone(),
        label: claim.label,
        flagged: reason.is_some(),
        reason,
    }
}

/// Where the inserted claim went, to find it again after validation (a file entry also by its
/// path: the validator may add entries before it).
#[derive(Debug)]
struct Slot {
    section: Section,
    index: usize,
    path: Option<String>,
}

fn plain(claim: &LabelledClaim) -> Claim {
    Claim {
        line: Some(CLAIM_LINE),
        text: claim.text.trim().to_string(),
        cite: claim.cite.clone(),
        flag: None,
    }
}

fn push(v: &mut Vec<Claim>, c: Claim) -> usize {
    v.push(c);
    v.len() - 1
}

fn insert(note: &mut Note, claim: &LabelledClaim) -> Slot {
    let section = claim.section;
    let slot = |index| Slot {
        section,
        index,
        path: None,
    };
    match section {
        Section::Goal => {
            note.goal = Some(plain(claim));
            slot(0)
        }
        Section::NextAction => {
            note.next_actions = vec![plain(claim)];
            slot(0)
        }
        Section::Files => {
            let mut entry = parse_file_entry(&claim.text, &claim.cite);
            entry.line = Some(CLAIM_LINE);
            let path = entry.path.clone();
            // A claim about a file the draft already lists replaces that entry, so that the
            // validator judges the claim's symbols rather than the draft's.
            note.files.retain(|f| f.path != path);
            note.files.push(entry);
            Slot {
                section,
                index: note.files.len() - 1,
                path: Some(path),
            }
        }
        Section::OpenLoops => {
            let mut open_loop = parse_open_loop(&claim.text, &claim.cite);
            open_loop.line = Some(CLAIM_LINE);
            note.open_loops.push(open_loop);
            slot(note.open_loops.len() - 1)
        }
        Section::Verified => slot(push(&mut note.verified, plain(claim))),
        Section::Partial => slot(push(&mut note.partial, plain(claim))),
        Section::Decisions => slot(push(&mut note.decisions, plain(claim))),
        Section::Discarded => slot(push(&mut note.discarded, plain(claim))),
        // Workspace State is computed, never a claim (the case loader refuses it): a watch-out.
        Section::WatchOuts | Section::Workspace => Slot {
            section: Section::WatchOuts,
            ..slot(push(&mut note.watch_outs, plain(claim)))
        },
    }
}

fn flag_of(note: &mut Note, slot: &Slot) -> Option<crate::note::Flag> {
    if let Some(path) = &slot.path {
        let index = note
            .files
            .iter()
            .enumerate()
            .find(|(i, f)| *i == slot.index && &f.path == path)
            .or_else(|| {
                note.files
                    .iter()
                    .enumerate()
                    .find(|(_, f)| &f.path == path && !f.added_by_validator)
            })
            .map(|(i, _)| i)?;
        return note.flag_mut(Section::Files, index)?.clone();
    }
    note.flag_mut(slot.section, slot.index)?.clone()
}

/// `path` (backticked or bare) first, then backticked symbols, then ` — summary` (or `: summary`).
fn parse_file_entry(text: &str, cite: &[String]) -> FileEntry {
    let text = text.trim().trim_start_matches("- ").trim();
    // `path` — summary; or, as notes also write it, `path`: summary (the summary then holds
    // the code spans, as the note parser reads it).
    let (head, summary) = match text.split_once(" — ").or_else(|| text.split_once(" - ")) {
        Some((h, s)) => (h, s.trim().to_string()),
        None => match text.strip_prefix('`').and_then(|t| t.find('`')) {
            Some(i) => (
                &text[..i + 2],
                text[i + 2..].trim_start_matches(':').trim().to_string(),
            ),
            None => (text, String::new()),
        },
    };
    let mut ticks = backticked(head);
    let path = if head.starts_with('`') && !ticks.is_empty() {
        ticks.remove(0)
    } else {
        let word = head.split([' ', ':']).next().unwrap_or_default();
        if !crate::evidence::paths::looks_like_path(word) {
            // Prose ("No files were changed in this session"), as the note parser reads it.
            return FileEntry {
                line: None,
                path: String::new(),
                symbols: Vec::new(),
                summary: text.to_string(),
                cite: cite.to_vec(),
                added_by_validator: false,
                flag: None,
            };
        }
        word.to_string()
    };
    FileEntry {
        line: None,
        path,
        symbols: ticks
            .into_iter()
            .map(|s| s.trim_end_matches("()").to_string())
            .collect(),
        summary,
        cite: cite.to_vec(),
        added_by_validator: false,
        flag: None,
    }
}

/// `[Agent] text — Verify: check` (owner and check optional).
fn parse_open_loop(text: &str, cite: &[String]) -> OpenLoop {
    let mut rest = text.trim().trim_start_matches("- ").trim();
    let mut when = None;
    let mut owner = None;
    for (tag, who) in [("[Agent", Owner::Agent), ("[Human", Owner::Human)] {
        if let Some(r) = rest.strip_prefix(tag)
            && let Some(close) = r.find(']')
        {
            let cond = r[..close].trim_start_matches([',', ' ']).trim();
            when = (!cond.is_empty()).then(|| cond.to_string());
            owner = Some(who);
            rest = r[close + 1..].trim();
            break;
        }
    }
    let (body, verify) = match rest.find("Verify:") {
        Some(i) => {
            let check = rest[i + "Verify:".len()..]
                .trim()
                .trim_matches('`')
                .to_string();
            let body = rest[..i]
                .trim()
                .trim_end_matches(['—', '-', ';', ','])
                .trim();
            (body.to_string(), (!check.is_empty()).then_some(check))
        }
        None => (rest.to_string(), None),
    };
    OpenLoop {
        line: None,
        owner,
        when,
        text: body,
        verify,
        cite: cite.to_vec(),
        flag: None,
    }
}

fn backticked(s: &str) -> Vec<String> {
    s.split('`')
        .skip(1)
        .step_by(2)
        .map(str::to_string)
        .filter(|t| !t.is_empty())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_claims_parse_path_symbols_and_summary() {
        let f = parse_file_entry(
            "`src/auth.py`: `refresh_token()`, `Session` — rotates tokens",
            &[],
        );
        assert_eq!(f.path, "src/auth.py");
        assert_eq!(f.symbols, ["refresh_token", "Session"]);
        assert_eq!(f.summary, "rotates tokens");
        let f = parse_file_entry("src/a.rs `parse`", &["E1".into()]);
        assert_eq!(f.path, "src/a.rs");
        assert_eq!(f.symbols, ["parse"]);
        assert_eq!(f.cite, ["E1"]);
    }

    #[test]
    fn open_loop_claims_parse_owner_and_check() {
        let l = parse_open_loop("[Human] pick the limit — Verify: `pytest -k limit`", &[]);
        assert_eq!(l.owner, Some(Owner::Human));
        assert_eq!(l.text, "pick the limit");
        assert_eq!(l.verify.as_deref(), Some("pytest -k limit"));
        let l = parse_open_loop("no owner here", &[]);
        assert_eq!(l.owner, None);
        assert_eq!(l.verify, None);
    }

    #[test]
    fn confusion_rates() {
        let o = |label, flagged| ClaimOutcome {
            section: Section::Verified,
            text: String::new(),
            label,
            flagged,
            reason: None,
        };
        let c = Confusion::of(&[
            o(false, true),
            o(false, false),
            o(true, true),
            o(true, false),
        ]);
        assert_eq!(c.precision(), Some(0.5));
        assert_eq!(c.recall(), Some(0.5));
        assert_eq!(Confusion::default().precision(), None);
        assert_eq!(c.total(), 4);
    }

    #[test]
    fn a_files_claim_names_a_path_only_when_it_looks_like_one() {
        let entry = parse_file_entry("No files were changed in this session", &[]);
        assert_eq!(entry.path, "");
        assert_eq!(entry.summary, "No files were changed in this session");
        let entry = parse_file_entry("src/a.py: reads the config", &[]);
        assert_eq!(entry.path, "src/a.py");
        let entry = parse_file_entry("`Makefile`: `test` — new target", &[]);
        assert_eq!((entry.path.as_str(), entry.symbols.len()), ("Makefile", 1));
    }

    #[test]
    fn inserted_claims_are_found_again() {
        let mut note = Note::default();
        let claim = |section, text: &str| LabelledClaim {
            section,
            text: text.into(),
            label: true,
            cite: vec![],
        };
        let slot = insert(&mut note, &claim(Section::Verified, "x works"));
        assert_eq!((slot.section, slot.index), (Section::Verified, 0));
        note.verified[0].flag = Some(crate::note::Flag {
            status: crate::note::ClaimStatus::Unverified,
            reason: "no run".into(),
        });
        assert_eq!(
            flag_of(&mut note, &slot).map(|f| f.reason),
            Some("no run".to_string())
        );
        note.files.push(FileEntry {
            path: "a.rs".into(),
            ..FileEntry::default()
        });
        let slot = insert(&mut note, &claim(Section::Files, "`a.rs`: `f`"));
        assert_eq!(note.files.len(), 1);
        assert!(flag_of(&mut note, &slot).is_none());
    }
}
