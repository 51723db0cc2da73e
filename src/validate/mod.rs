//! The deterministic validator: checks every claim of a note against the evidence, annotates
//! the note in place (`[UNVERIFIED: reason]`, files added from git status) and returns a report.
//! It never calls a model and never touches the network.

mod changes;
mod completeness;
mod content;
mod dump;
mod loops;
mod path_set;
mod paths;
mod scope;
mod secrets;
mod state;
mod structure;
mod symbols;
pub(crate) mod text;
mod verification;

use crate::analysis::Analysis;
use crate::evidence::Evidence;
use crate::note::{ClaimStatus, Counts, Flag, Note, Section};
use serde::{Deserialize, Serialize};
use std::cell::OnceCell;
use std::collections::BTreeMap;
use std::path::PathBuf;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// A broken note: missing section, secret, vague or missing next action…
    Error,
    /// A claim the evidence does not back.
    Unverified,
    /// Worth a look, not wrong (e.g. transcript dump).
    Warning,
}

/// One finding, printed as `NOTE.md:LINE: rule: message`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// Stable rule id, e.g. `verification`, `paths`, `next-action`.
    pub rule: String,
    /// Severity.
    pub severity: Severity,
    /// One line.
    pub message: String,
    /// 1-based line in the note, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// The verdict on one claim.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ClaimReport {
    /// Section the claim is in (`verified`, `partial`, `decisions`, `files`, `open_loops`…).
    pub section: Section,
    /// The claim's text.
    pub text: String,
    /// Verified, unverified or contradicted.
    pub status: ClaimStatus,
    /// The rule that decided.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rule: Option<String>,
    /// Evidence ids that decided.
    #[serde(default)]
    pub evidence: Vec<String>,
    /// 1-based line in the note, when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<usize>,
}

/// What the validator found.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// Totals, also shown in the note's header line.
    pub counts: Counts,
    /// Findings per rule id.
    pub per_rule: BTreeMap<String, usize>,
    /// Every finding.
    pub findings: Vec<Finding>,
    /// Every claim with its status.
    pub claims: Vec<ClaimReport>,
}

/// Stable rule ids, as printed in findings and counted in [`Report::per_rule`].
pub(crate) mod rule {
    /// The six sections exist and are non-empty.
    pub(crate) const STRUCTURE: &str = "structure";
    /// Cited evidence ids exist.
    pub(crate) const CITATIONS: &str = "citations";
    /// Claims of passing/working are backed by a successful run.
    pub(crate) const VERIFICATION: &str = "verification";
    /// A pass recorded before a later edit does not verify.
    pub(crate) const STALENESS: &str = "staleness";
    /// Paths named exist in the worktree or git status.
    pub(crate) const PATHS: &str = "paths";
    /// Symbols named for a file exist in it or in its diff.
    pub(crate) const SYMBOLS: &str = "symbols";
    /// A file said to read or contain quoted text holds it.
    pub(crate) const CONTENT: &str = "content";
    /// A file claimed changed was changed by the session.
    pub(crate) const CHANGES: &str = "changes";
    /// The goal is a request, not a greeting.
    pub(crate) const GOAL: &str = "goal";
    /// Every file in git status is listed under Files & Symbols.
    pub(crate) const COMPLETENESS: &str = "completeness";
    /// Open loops have an owner and a `Verify:` check.
    pub(crate) const OPEN_LOOPS: &str = "open-loops";
    /// Exactly one concrete next action.
    pub(crate) const NEXT_ACTION: &str = "next-action";
    /// "done / implemented / fixed" without verifying evidence.
    pub(crate) const GHOST_COMPLETION: &str = "ghost-completion";
    /// Long verbatim runs copied from the transcript.
    pub(crate) const TRANSCRIPT_DUMP: &str = "transcript-dump";
    /// Secret-shaped strings.
    pub(crate) const SECRETS: &str = "secrets";
    /// A claim citing only an earlier launch's events says so.
    pub(crate) const SCOPE: &str = "scope";
}

/// Every rule with its severity and one line of documentation (the long form with examples is
/// `docs/validator.md`, which a test checks against this table).
#[cfg(test)]
const RULES: &[(&str, Severity, &str)] = &[
    (
        rule::STRUCTURE,
        Severity::Error,
        "the six sections exist and are non-empty (or say None)",
    ),
    (
        rule::CITATIONS,
        Severity::Unverified,
        "every cited evidence id (G, T*, C*, E*, M*) exists",
    ),
    (
        rule::VERIFICATION,
        Severity::Unverified,
        "a claim that something passes or works is backed by a successful run; a failed run contradicts it",
    ),
    (
        rule::STALENESS,
        Severity::Unverified,
        "a pass recorded before a later edit of the files in question does not verify",
    ),
    (
        rule::PATHS,
        Severity::Unverified,
        "every path named exists in the worktree or in git status",
    ),
    (
        rule::SYMBOLS,
        Severity::Unverified,
        "every identifier named for a file exists in that file or its diff",
    ),
    (
        rule::CONTENT,
        Severity::Unverified,
        "a file said to read, say or contain quoted text holds it in the worktree; a file without it contradicts the claim",
    ),
    (
        rule::CHANGES,
        Severity::Unverified,
        "a file claimed changed (created, edited, now does something) was changed by the session; a claim about a file's current content does not cite an edit the session later redid",
    ),
    (
        rule::GOAL,
        Severity::Warning,
        "the goal is a request, not a greeting or acknowledgement",
    ),
    (
        rule::COMPLETENESS,
        Severity::Warning,
        "every file in git status is listed under Files & Symbols (added when missing)",
    ),
    (
        rule::OPEN_LOOPS,
        Severity::Error,
        "each open loop has an owner ([Agent]/[Human]) and a Verify: check",
    ),
    (
        rule::NEXT_ACTION,
        Severity::Error,
        "exactly one next action, naming a path, symbol or command, and not a vague continuation",
    ),
    (
        rule::GHOST_COMPLETION,
        Severity::Unverified,
        "done / complete / implemented / fixed without verifying evidence",
    ),
    (
        rule::TRANSCRIPT_DUMP,
        Severity::Warning,
        "long verbatim runs copied from the transcript",
    ),
    (
        rule::SECRETS,
        Severity::Error,
        "secret-shaped strings are redacted and reported",
    ),
    (
        rule::SCOPE,
        Severity::Unverified,
        "a claim that cites only events from before the part the note covers (aider: an earlier launch) says so",
    ),
];

/// Settings beyond the evidence.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Directory paths are resolved against when there is no git repository (with one, its
    /// worktree root is used).
    pub root: Option<PathBuf>,
    /// Sections a parsed note has with a non-empty body ([`sections_present`]). `None` for
    /// drafted notes, whose sections are all rendered (empty ones as "None").
    pub sections: Option<Vec<Section>>,
    /// The note's own file, when it lives in the worktree: not a change the note must list.
    pub note_path: Option<PathBuf>,
}

pub use structure::sections_present;

/// `text` with every secret-shaped string redacted, and the kinds found (`None`: clean), by the
/// same rules the `secrets` rule applies to a note's claims.
pub(crate) fn scrub(text: &str) -> Option<(String, Vec<String>)> {
    secrets::scrub(text)
}

/// Validates `note` against `ev`, annotating it in place, and returns the report (the tests'
/// short form of [`validate_with`]).
#[cfg(test)]
pub(crate) fn validate(note: &mut Note, ev: &Evidence) -> Report {
    validate_with(note, ev, &Options::default())
}

/// [`validate`] with options.
pub fn validate_with(note: &mut Note, ev: &Evidence, opts: &Options) -> Report {
    let analysis = crate::analysis::analyse(ev);
    validate_against(note, ev, &analysis, opts)
}

/// [`validate_with`] judging with an analysis already computed from `ev` (the pipeline's, so
/// that the drafter and the validator read the same facts).
pub(crate) fn validate_against(
    note: &mut Note,
    ev: &Evidence,
    analysis: &Analysis,
    opts: &Options,
) -> Report {
    let root = ev
        .git
        .as_ref()
        .map(|g| PathBuf::from(&g.root))
        .or_else(|| opts.root.clone());
    if note.header.counts.is_some() {
        // Validated before (a note `handoff` wrote): judge afresh rather than keep old verdicts.
        clear_annotations(note);
    }
    let mut cx = Ctx {
        ev,
        analysis,
        root,
        index: OnceCell::new(),
        status_paths: OnceCell::new(),
        verdicts: Vec::new(),
        findings: Vec::new(),
    };
    // Secrets first: every later report quotes the redacted text.
    secrets::check(note, &mut cx);
    structure::check(opts.sections.as_deref(), &mut cx);
    verification::check_citations(note, &mut cx);
    paths::check(note, &mut cx);
    symbols::check(note, &mut cx);
    content::check(note, &mut cx);
    verification::check(note, &mut cx);
    changes::check(note, &mut cx);
    scope::check(note, &mut cx);
    goal_check(note, &mut cx);
    loops::check(note, &mut cx);
    state::check(note, opts.note_path.as_deref(), &mut cx);
    dump::check(note, &mut cx);
    // Last, so that the entries it adds are not themselves checked.
    completeness::check(note, opts.note_path.as_deref(), &mut cx);
    let report = cx.finish(note);
    note.header.counts = Some(report.counts);
    report
}

/// Rule `goal` (warning): a goal that is a greeting ("yo wassup") says nothing a successor can
/// act on.
fn goal_check(note: &Note, cx: &mut Ctx) {
    let Some(g) = &note.goal else { return };
    let plain = text::mentions(&g.text).plain;
    if crate::phrases::GREETING.is_match(plain.trim()) {
        cx.finding(
            Some(Key {
                section: Section::Goal,
                index: 0,
            }),
            g.line,
            rule::GOAL,
            Severity::Warning,
            "the goal is a greeting, not a request: state what the user asked for",
        );
    }
}

/// Removes the flags and added files of an earlier validation.
fn clear_annotations(note: &mut Note) {
    note.files.retain(|f| !f.added_by_validator);
    for c in note
        .goal
        .iter_mut()
        .chain(&mut note.verified)
        .chain(&mut note.partial)
        .chain(&mut note.decisions)
        .chain(&mut note.discarded)
        .chain(&mut note.next_actions)
        .chain(&mut note.watch_outs)
    {
        c.flag = None;
    }
    for f in &mut note.files {
        f.flag = None;
    }
    for l in &mut note.open_loops {
        l.flag = None;
    }
}

/// One claim's address: section and index within it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Key {
    pub section: Section,
    pub index: usize,
}

/// A read-only view of one claim, whatever its section's type.
#[derive(Debug, Clone)]
pub(crate) struct ClaimView {
    pub key: Key,
    /// The text as written (for files: the summary; for open loops: the text).
    pub text: String,
    /// The `Verify:` text of an open loop.
    pub verify: Option<String>,
    /// The path of a file entry.
    pub path: Option<String>,
    pub cite: Vec<String>,
    pub line: Option<usize>,
    pub added_by_validator: bool,
    /// A flag the note already carried (a hand-written `[UNVERIFIED]`): the claim admits it is
    /// unverified, so it is not re-judged as a claim of success, and the label is kept.
    pub flagged: Option<Flag>,
}

impl ClaimView {
    /// The text shown in reports.
    pub(crate) fn display(&self) -> String {
        match (&self.path, &self.verify) {
            (Some(p), _) if self.text.is_empty() => format!("`{p}`"),
            (Some(p), _) => format!("`{p}`: {}", self.text),
            (None, Some(v)) => format!("{} Verify: {v}", self.text),
            (None, None) => self.text.clone(),
        }
    }
}

/// Every claim of the note, in note order.
pub(crate) fn claims(note: &Note) -> Vec<ClaimView> {
    let mut out = Vec::new();
    let mut push = |section, index, c: &crate::note::Claim| {
        out.push(ClaimView {
            key: Key { section, index },
            text: c.text.clone(),
            verify: None,
            path: None,
            cite: c.cite.clone(),
            line: c.line,
            added_by_validator: false,
            flagged: c.flag.clone(),
        })
    };
    if let Some(g) = &note.goal {
        push(Section::Goal, 0, g);
    }
    for (section, list) in [
        (Section::Verified, &note.verified),
        (Section::Partial, &note.partial),
        (Section::Decisions, &note.decisions),
        (Section::Discarded, &note.discarded),
    ] {
        for (i, c) in list.iter().enumerate() {
            push(section, i, c);
        }
    }
    for (i, f) in note.files.iter().enumerate() {
        out.push(ClaimView {
            key: Key {
                section: Section::Files,
                index: i,
            },
            text: f.summary.clone(),
            verify: None,
            // An entry without a path is prose: judged like any other claim.
            path: (!f.path.is_empty()).then(|| f.path.clone()),
            cite: f.cite.clone(),
            line: f.line,
            added_by_validator: f.added_by_validator,
            flagged: f.flag.clone(),
        });
    }
    for (i, l) in note.open_loops.iter().enumerate() {
        out.push(ClaimView {
            key: Key {
                section: Section::OpenLoops,
                index: i,
            },
            text: l.text.clone(),
            verify: l.verify.clone(),
            path: None,
            cite: l.cite.clone(),
            line: l.line,
            added_by_validator: false,
            flagged: l.flag.clone(),
        });
    }
    let mut push = |section, index, c: &crate::note::Claim| {
        out.push(ClaimView {
            key: Key { section, index },
            text: c.text.clone(),
            verify: None,
            path: None,
            cite: c.cite.clone(),
            line: c.line,
            added_by_validator: false,
            flagged: c.flag.clone(),
        })
    };
    for (i, c) in note.next_actions.iter().enumerate() {
        push(Section::NextAction, i, c);
    }
    for (i, c) in note.watch_outs.iter().enumerate() {
        push(Section::WatchOuts, i, c);
    }
    out
}

/// A rule's decision on one claim.
#[derive(Debug, Clone)]
pub(crate) struct Verdict {
    pub key: Key,
    pub status: ClaimStatus,
    pub rule: &'static str,
    pub reason: String,
    pub evidence: Vec<String>,
}

/// State shared by the rules during one validation.
pub(crate) struct Ctx<'a> {
    pub ev: &'a Evidence,
    /// The session analysis the note is judged with.
    pub analysis: &'a Analysis,
    /// Worktree root, when known.
    pub root: Option<PathBuf>,
    /// Paths tracked in the git index, read on first use.
    index: OnceCell<Vec<String>>,
    /// The git status paths (and rename sources), indexed on first use.
    status_paths: OnceCell<path_set::PathSet<'a>>,
    pub verdicts: Vec<Verdict>,
    pub findings: Vec<(Option<Key>, Finding)>,
}

impl<'a> Ctx<'a> {
    /// The git status paths and rename sources, for lookups by a named path.
    pub(crate) fn status_paths(&self) -> &path_set::PathSet<'a> {
        let ev: &'a Evidence = self.ev;
        self.status_paths.get_or_init(|| {
            let status = ev.git.iter().flat_map(|g| &g.status);
            path_set::PathSet::new(
                status.flat_map(|s| std::iter::once(s.path.as_str()).chain(s.old_path.as_deref())),
            )
        })
    }

    /// Whether `rule` has judged the claim at `key`.
    pub(crate) fn judged_by(&self, key: Key, rule: &str) -> bool {
        self.verdicts.iter().any(|v| v.key == key && v.rule == rule)
    }

    /// Records a claim as verified by `rule` on `evidence`.
    pub(crate) fn verified(&mut self, key: Key, rule: &'static str, evidence: Vec<String>) {
        self.verdicts.push(Verdict {
            key,
            status: ClaimStatus::Verified,
            rule,
            reason: String::new(),
            evidence,
        });
    }

    /// Records a claim as unverified (or contradicted) by `rule`.
    pub(crate) fn flag(
        &mut self,
        key: Key,
        status: ClaimStatus,
        rule: &'static str,
        reason: impl Into<String>,
        evidence: Vec<String>,
    ) {
        self.verdicts.push(Verdict {
            key,
            status,
            rule,
            reason: reason.into(),
            evidence,
        });
    }

    /// Records a finding that is not a claim verdict (error or warning).
    pub(crate) fn finding(
        &mut self,
        key: Option<Key>,
        line: Option<usize>,
        rule: &'static str,
        severity: Severity,
        message: impl Into<String>,
    ) {
        self.findings.push((
            key,
            Finding {
                rule: rule.to_string(),
                severity,
                message: message.into(),
                line,
            },
        ));
    }

    /// Paths tracked in the git index (empty without a repository).
    pub(crate) fn tracked(&self) -> &[String] {
        self.index.get_or_init(|| {
            let Some(root) = &self.root else {
                return Vec::new();
            };
            let Ok(repo) = git2::Repository::open(root) else {
                return Vec::new();
            };
            let Ok(index) = repo.index() else {
                return Vec::new();
            };
            index
                .iter()
                .map(|e| String::from_utf8_lossy(&e.path).into_owned())
                .collect()
        })
    }

    /// The worktree path of `rel`, when there is a root and `rel` stays inside it.
    pub(crate) fn resolve(&self, rel: &str) -> Option<PathBuf> {
        crate::evidence::paths::under_root(self.root.as_ref()?, rel)
    }

    fn finish(self, note: &mut Note) -> Report {
        let mut report = Report::default();
        let all = claims(note);
        let mut by_key: BTreeMap<Key, Vec<&Verdict>> = BTreeMap::new();
        for v in &self.verdicts {
            by_key.entry(v.key).or_default().push(v);
        }
        let mut findings = Vec::new();
        for c in &all {
            let verdicts = by_key.get(&c.key).map(Vec::as_slice).unwrap_or(&[]);
            let rank = |s: ClaimStatus| match s {
                ClaimStatus::Contradicted => 2,
                ClaimStatus::Unverified => 1,
                ClaimStatus::Verified | ClaimStatus::Unchecked => 0,
            };
            let worst = verdicts.iter().max_by_key(|v| rank(v.status)).copied();
            // A claim no rule judged is not "verified": the counts say only what was checked.
            let mut status = worst.map(|v| v.status).unwrap_or(ClaimStatus::Unchecked);
            if matches!(status, ClaimStatus::Verified | ClaimStatus::Unchecked)
                && let Some(own) = &c.flagged
            {
                // The note's own label stands; nothing to report.
                status = own.status;
                report.claims.push(ClaimReport {
                    section: c.key.section,
                    text: c.display(),
                    status,
                    rule: None,
                    evidence: Vec::new(),
                    line: c.line,
                });
                continue;
            }
            let mut evidence: Vec<String> = Vec::new();
            for v in verdicts.iter().filter(|v| v.status == status) {
                for e in &v.evidence {
                    if !evidence.contains(e) {
                        evidence.push(e.clone());
                    }
                }
            }
            if matches!(status, ClaimStatus::Unverified | ClaimStatus::Contradicted) {
                let mut reasons: Vec<&str> = Vec::new();
                for v in verdicts
                    .iter()
                    .filter(|v| v.status != ClaimStatus::Verified)
                {
                    findings.push(Finding {
                        rule: v.rule.to_string(),
                        severity: Severity::Unverified,
                        message: if v.status == ClaimStatus::Contradicted {
                            format!("{}: contradicted by {}", short(&c.display()), v.reason)
                        } else {
                            format!("{}: {}", short(&c.display()), v.reason)
                        },
                        line: c.line,
                    });
                    if !reasons.contains(&v.reason.as_str()) {
                        reasons.push(&v.reason);
                    }
                }
                let reason = match status {
                    ClaimStatus::Contradicted => {
                        format!(
                            "contradicted by {}",
                            worst.map(|v| v.reason.as_str()).unwrap_or("")
                        )
                    }
                    _ => reasons.join("; "),
                };
                if let Some(slot) = note.flag_mut(c.key.section, c.key.index) {
                    *slot = Some(Flag { status, reason });
                }
            }
            report.claims.push(ClaimReport {
                section: c.key.section,
                text: c.display(),
                status,
                rule: worst.map(|v| v.rule.to_string()),
                evidence,
                line: c.line,
            });
        }
        findings.extend(self.findings.into_iter().map(|(_, f)| f));
        findings.sort_by_key(|f| (f.line.unwrap_or(0), f.severity));
        for f in &findings {
            *report.per_rule.entry(f.rule.clone()).or_default() += 1;
            match f.severity {
                Severity::Error => report.counts.errors += 1,
                Severity::Warning => report.counts.warnings += 1,
                Severity::Unverified => {}
            }
        }
        for c in &report.claims {
            match c.status {
                ClaimStatus::Verified => report.counts.verified += 1,
                ClaimStatus::Unverified => report.counts.unverified += 1,
                ClaimStatus::Contradicted => report.counts.contradicted += 1,
                ClaimStatus::Unchecked => {}
            }
        }
        report.findings = findings;
        demote_unbacked_verified(note, &mut report);
        report
    }
}

/// Rewrites the flags of `note` (as validated against `ev`) so that they name no evidence id
/// the note does not cite itself: `validate --write` puts them into a note whose reader (a
/// hand-written note has no ids) could not look the id up.
pub(crate) fn name_undefined_ids(note: &mut Note, ev: &Evidence) {
    let defined: Vec<String> = claims(note).into_iter().flat_map(|c| c.cite).collect();
    for c in claims(note) {
        if let Some(Some(flag)) = note.flag_mut(c.key.section, c.key.index) {
            flag.reason = describe_undefined_ids(&flag.reason, &defined, ev);
        }
    }
}

/// An evidence id in a flag's reason.
static REASON_ID: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(&format!(r"\b{}\b", crate::evidence::ID_PATTERN)).expect("regex")
});

/// `reason` with every evidence id the note does not cite itself (`defined`) replaced by what it
/// is — a command as `` `npx tsc --noEmit` ``, a test run by its command or file, an edit by its
/// path, `git status` for `G` — so that a note (a hand-written one has no ids) never shows an id
/// its reader cannot look up.
fn describe_undefined_ids(reason: &str, defined: &[String], ev: &Evidence) -> String {
    REASON_ID
        .replace_all(reason, |m: &regex::Captures| {
            let id = &m[0];
            if defined.iter().any(|d| d == id) {
                return id.to_string();
            }
            describe_id(id, ev).unwrap_or_else(|| id.to_string())
        })
        .into_owned()
}

/// What an evidence id stands for, in a few words.
fn describe_id(id: &str, ev: &Evidence) -> Option<String> {
    let code = |s: &str| crate::note::code_span(&crate::redact::clip(s.trim(), 60));
    let t = ev.transcript.as_ref();
    Some(match id.as_bytes().first()? {
        b'G' => "git status".to_string(),
        b'C' => code(&crate::analysis::checks::shown(
            &t?.commands.iter().find(|c| c.id == id)?.command,
        )),
        b'T' => {
            let run = ev.tests.iter().find(|r| r.id == id)?;
            match &run.command {
                Some(cmd) => code(cmd),
                None => format!("the test output {}", code(&run.source)),
            }
        }
        b'E' => format!(
            "the edit of {}",
            code(&t?.edits.iter().find(|e| e.id == id)?.path)
        ),
        b'M' => "a transcript message".to_string(),
        b'X' => "an error in the transcript".to_string(),
        b'A' => {
            let a = t?.actions.iter().find(|a| a.id == id)?;
            format!("the {} call", code(&a.tool))
        }
        _ => return None,
    })
}

/// Moves every Verified item the validator (or the note itself) flags to Partial / unverified,/// Moves every Verified item the validator (or the note itself) flags to Partial / unverified,
/// where its reason reads true: one line never carries both "Verified" and "[UNVERIFIED]".
fn demote_unbacked_verified(note: &mut Note, report: &mut Report) {
    let (flagged, kept): (Vec<_>, Vec<_>) = std::mem::take(&mut note.verified)
        .into_iter()
        .partition(|c| c.flag.is_some());
    note.verified = kept;
    note.partial.extend(flagged);
    for c in &mut report.claims {
        if c.section == Section::Verified
            && matches!(
                c.status,
                ClaimStatus::Unverified | ClaimStatus::Contradicted
            )
        {
            c.section = Section::Partial;
        }
    }
}

/// A claim's text cut for a one-line message.
fn short(s: &str) -> String {
    const MAX: usize = 60;
    let s = s.trim();
    if s.chars().count() <= MAX {
        return s.to_string();
    }
    crate::redact::clip(s, MAX - 1).into_owned()
}

impl Report {
    /// Whether any finding is an error.
    pub fn has_errors(&self) -> bool {
        self.counts.errors > 0
    }

    /// Whether any claim is unverified or contradicted.
    pub fn has_unverified(&self) -> bool {
        self.counts.unverified + self.counts.contradicted > 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn written_flags_name_the_ids_the_note_does_not_cite() {
        use crate::testkit::*;
        let ev = Evidence {
            transcript: Some(transcript(
                vec![cmd("C1", "cd web && npx tsc --noEmit 2>&1", Some(true), 1)],
                vec![edit("E1", "src/a.ts", 2)],
                vec![],
            )),
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![claim("`npx tsc --noEmit` passed")];
        validate(&mut n, &ev);
        let reason = |n: &Note| {
            n.partial
                .iter()
                .chain(&n.verified)
                .find_map(|c| c.flag.as_ref().map(|f| f.reason.clone()))
        };
        assert_eq!(
            reason(&n).as_deref(),
            Some("last passing run C1 was before a later edit to src/a.ts")
        );
        name_undefined_ids(&mut n, &ev);
        assert_eq!(
            reason(&n).as_deref(),
            Some(
                "last passing run `cd web && npx tsc --noEmit` was before a later edit to src/a.ts"
            )
        );
        // An id the note cites is the note's own: kept.
        let mut n = note();
        n.verified = vec![cited("`npx tsc --noEmit` passed", &["C1"])];
        validate(&mut n, &ev);
        name_undefined_ids(&mut n, &ev);
        assert!(
            reason(&n).is_some_and(|r| r.contains("run C1 ")),
            "{:?}",
            reason(&n)
        );
    }

    /// `RULES` is the list the docs are written from: every rule has its section in
    /// docs/validator.md, with the same severity.
    #[test]
    fn every_rule_is_documented_with_its_severity() {
        let doc = include_str!("../../docs/validator.md");
        for (id, severity, _) in RULES {
            let severity = serde_json::to_value(severity).unwrap();
            let heading = format!("### `{id}` ({}", severity.as_str().unwrap());
            assert!(
                doc.contains(&heading),
                "docs/validator.md lacks {heading:?}…"
            );
        }
    }
}
