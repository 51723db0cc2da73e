//! The note's sections: one type for the whole vocabulary, used by the renderer, the note parser,
//! the validator (its structure rule and every claim's address) and eval scoring.
//!
//! A [`Section`] is either a headed section (`## Goal & Current State`) or one of the labelled
//! parts inside one (`**Verified:**` and `**Partial / unverified:**` in Goal & Current State,
//! `**Discarded:**` in Decisions & Discarded Paths): each is a list of claims in
//! [`crate::note::Note`], and [`Section::heading_section`] says under which heading it is written.
//!
//! Hand-written notes name sections their own way (the skill's example writes `### Decisions Made
//! (With Reasons)` and `### Files Changed`). [`HEADINGS`] and [`LABELS`] are the tables of what
//! is accepted, each entry tested by the examples below it.

use serde::{Deserialize, Serialize};

/// A section of the note, or a labelled part of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Section {
    /// `## Workspace State`: computed from git, never drafted.
    Workspace,
    /// `## Goal & Current State`, and its `**Goal:**` claim.
    Goal,
    /// `**Verified:**` items under Goal & Current State.
    Verified,
    /// `**Partial / unverified:**` items under Goal & Current State.
    Partial,
    /// `## Decisions & Discarded Paths`, and its `**Decision:**` items.
    Decisions,
    /// `**Discarded:**` items under Decisions & Discarded Paths (eval cases may say
    /// `dead_ends`).
    #[serde(alias = "dead_ends")]
    Discarded,
    /// `## Files & Symbols`.
    Files,
    /// `## Open Loops`.
    OpenLoops,
    /// `## Next Action`.
    NextAction,
    /// `## Watch-outs` (optional).
    WatchOuts,
}

/// The headed sections a note must have, in this order.
pub(crate) const REQUIRED: [Section; 6] = [
    Section::Workspace,
    Section::Goal,
    Section::Decisions,
    Section::Files,
    Section::OpenLoops,
    Section::NextAction,
];

/// How a heading names a section: the heading's words (lowercased, punctuation dropped) start
/// with one of these. The v1 heading comes first, then the names hand-written notes use.
///
/// Reconciled from three tables that disagreed: the note parser's, the structure rule's (which
/// alone knew `git status`) and eval scoring's (which knew only the v1 headings and a few
/// more). The union is accepted everywhere, so that a heading the validator counts as present
/// is also parsed and scored.
pub(crate) const HEADINGS: &[(Section, &[&str])] = &[
    (
        Section::Workspace,
        &["workspace", "git state", "git status", "repository state"],
    ),
    (Section::Goal, &["goal", "current state", "objective"]),
    (Section::Decisions, &["decision", "discarded", "dead end"]),
    (Section::Files, &["files", "key files", "changed files"]),
    (
        Section::OpenLoops,
        &["open loop", "open issues", "open questions"],
    ),
    (
        Section::NextAction,
        &["next action", "next step", "immediate next"],
    ),
    (
        Section::WatchOuts,
        &["watch", "gotcha", "caveat", "warnings"],
    ),
];

/// Bold labels inside Goal & Current State and Decisions & Discarded Paths, and the part of the
/// section each introduces. A label equal to an entry is only a keyword (dropped from the
/// claim); a label that starts with one is a title and stays part of the claim ("**Rejected
/// Stateless Tokens**: …"). Earlier rows win: `Partial / unverified` is partial before
/// `verified` can match.
pub(crate) const LABELS: &[(Section, Section, &[&str])] = &[
    (
        Section::Goal,
        Section::Goal,
        &[
            "goal",
            "target goal",
            "original goal",
            "objective",
            "task",
            "aim",
        ],
    ),
    (
        Section::Goal,
        Section::Partial,
        &[
            "partial / unverified",
            "partial",
            "unverified",
            "not verified",
        ],
    ),
    (
        Section::Goal,
        Section::Verified,
        &[
            "verified",
            "verification",
            "done",
            "working",
            "passing",
            "proven",
        ],
    ),
    (
        Section::Goal,
        Section::Partial,
        &[
            "current state",
            "state",
            "status",
            "in progress",
            "remaining",
            "todo",
        ],
    ),
    (
        Section::Decisions,
        Section::Decisions,
        &["decision", "decided", "chosen", "choice", "chose"],
    ),
    (
        Section::Decisions,
        Section::Discarded,
        &[
            "discarded",
            "rejected",
            "dead end",
            "tried",
            "abandoned",
            "failed",
            "reverted",
            "not working",
            "avoid",
            "don't",
            "do not",
        ],
    ),
];

/// Openings of an unknown label in Decisions that still mark a discarded path ("**Rejecting
/// X**:", "**Avoid Y**:").
const DISCARDED_OPENINGS: &[&str] = &[
    "reject", "discard", "abandon", "dead end", "tried", "avoid", "don't", "do not",
];

impl Section {
    /// Every section, in note order.
    pub const ALL: [Section; 10] = [
        Section::Workspace,
        Section::Goal,
        Section::Verified,
        Section::Partial,
        Section::Decisions,
        Section::Discarded,
        Section::Files,
        Section::OpenLoops,
        Section::NextAction,
        Section::WatchOuts,
    ];

    /// The stable id used in reports, sidecars and eval cases (`open_loops`, `next_action`…).
    pub fn id(self) -> &'static str {
        match self {
            Section::Workspace => "workspace",
            Section::Goal => "goal",
            Section::Verified => "verified",
            Section::Partial => "partial",
            Section::Decisions => "decisions",
            Section::Discarded => "discarded",
            Section::Files => "files",
            Section::OpenLoops => "open_loops",
            Section::NextAction => "next_action",
            Section::WatchOuts => "watch_outs",
        }
    }

    /// The section whose heading this one is written under (itself for a headed section).
    pub fn heading_section(self) -> Section {
        match self {
            Section::Verified | Section::Partial => Section::Goal,
            Section::Discarded => Section::Decisions,
            s => s,
        }
    }

    /// The v1 heading (`Goal & Current State`) of the section this one is written under.
    pub fn heading(self) -> &'static str {
        match self.heading_section() {
            Section::Workspace => "Workspace State",
            Section::Goal => "Goal & Current State",
            Section::Decisions => "Decisions & Discarded Paths",
            Section::Files => "Files & Symbols",
            Section::OpenLoops => "Open Loops",
            Section::NextAction => "Next Action",
            _ => "Watch-outs",
        }
    }

    /// The bold label a claim of this part is rendered with, for the parts that have one.
    pub fn label(self) -> Option<&'static str> {
        match self {
            Section::Goal => Some("Goal"),
            Section::Verified => Some("Verified"),
            Section::Partial => Some("Partial / unverified"),
            Section::Decisions => Some("Decision"),
            Section::Discarded => Some("Discarded"),
            _ => None,
        }
    }

    /// The headed section a heading names ([`HEADINGS`]); `None` for other headings.
    pub fn from_heading(heading: &str) -> Option<Section> {
        let words = normalize(heading);
        HEADINGS
            .iter()
            .find(|(_, names)| names.iter().any(|n| words.starts_with(n)))
            .map(|(s, _)| *s)
    }

    /// The part a bold label introduces inside this headed section ([`LABELS`]), and whether
    /// the label is only that keyword.
    pub fn part_of_label(self, label: &str) -> Option<(Section, bool)> {
        let l = label.trim().trim_end_matches(':').trim().to_lowercase();
        let rows = || LABELS.iter().filter(move |(within, _, _)| *within == self);
        rows()
            .find(|(_, _, words)| words.iter().any(|w| l == *w))
            .map(|(_, part, _)| (*part, true))
            .or_else(|| {
                rows()
                    .find(|(_, _, words)| words.iter().any(|w| l.starts_with(w)))
                    .map(|(_, part, _)| (*part, false))
            })
    }

    /// Whether an unknown label in Decisions still marks a discarded path.
    pub fn label_opens_discarded(label: &str) -> bool {
        let l = label.to_lowercase();
        DISCARDED_OPENINGS.iter().any(|w| l.starts_with(w))
    }
}

/// A heading's words: lowercased, anything not alphanumeric a space, spaces collapsed.
fn normalize(heading: &str) -> String {
    heading
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Per headed section: headings that name it and headings that must not.
    const HEADING_EXAMPLES: &[(Section, &[&str], &[&str])] = &[
        (
            Section::Workspace,
            &[
                "Workspace State",
                "Git State",
                "Git status",
                "Repository state (end of session)",
            ],
            &["Work log", "State of the art"],
        ),
        (
            Section::Goal,
            &[
                "Goal & Current State",
                "Current State",
                "Objective",
                "Goals",
            ],
            &["Good to know", "Stated goals of others"],
        ),
        (
            Section::Decisions,
            &[
                "Decisions & Discarded Paths",
                "Decisions Made (With Reasons)",
                "Discarded approaches",
                "Dead ends",
            ],
            &["Deciding factors", "Dead code"],
        ),
        (
            Section::Files,
            &[
                "Files & Symbols",
                "Files Changed",
                "Key files",
                "Changed files",
            ],
            &["File system notes", "Profiles"],
        ),
        (
            Section::OpenLoops,
            &["Open Loops", "Open issues", "Open questions"],
            &["Open source", "Loops"],
        ),
        (
            Section::NextAction,
            &["Next Action", "Next steps", "Immediate next step"],
            &["Next week", "Actions taken"],
        ),
        (
            Section::WatchOuts,
            &["Watch-outs", "Watch outs", "Gotchas", "Caveats", "Warnings"],
            &["Warn", "Notes"],
        ),
    ];

    #[test]
    fn every_heading_synonym_is_exemplified() {
        for (section, names) in HEADINGS {
            let examples = HEADING_EXAMPLES
                .iter()
                .find(|(s, _, _)| s == section)
                .map(|(_, yes, _)| *yes)
                .unwrap_or_default();
            for name in *names {
                assert!(
                    examples.iter().any(|e| normalize(e).starts_with(name)),
                    "{section:?}: no example for {name:?}"
                );
            }
        }
    }

    #[test]
    fn headings_name_their_section_and_no_other() {
        for (section, yes, no) in HEADING_EXAMPLES {
            for h in *yes {
                assert_eq!(Section::from_heading(h), Some(*section), "{h:?}");
            }
            for h in *no {
                assert_ne!(Section::from_heading(h), Some(*section), "{h:?}");
            }
        }
        assert_eq!(Section::from_heading("Appendix"), None);
    }

    #[test]
    fn v1_headings_and_ids_round_trip() {
        for s in Section::ALL {
            assert_eq!(
                Section::from_heading(s.heading()),
                Some(s.heading_section()),
                "{s:?}"
            );
            let json = serde_json::to_string(&s).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", s.id()));
        }
        assert_eq!(REQUIRED.len(), 6);
        assert!(REQUIRED.iter().all(|s| s.heading_section() == *s));
    }

    #[test]
    fn labels_name_their_part() {
        /// Within a section, a label, and the part it introduces (keyword-only or not).
        type LabelCase = (Section, &'static str, Option<(Section, bool)>);
        let cases: &[LabelCase] = &[
            (Section::Goal, "Goal:", Some((Section::Goal, true))),
            (Section::Goal, "Target Goal", Some((Section::Goal, true))),
            (
                Section::Goal,
                "Partial / unverified",
                Some((Section::Partial, true)),
            ),
            (Section::Goal, "Unverified", Some((Section::Partial, true))),
            (
                Section::Goal,
                "Verification",
                Some((Section::Verified, true)),
            ),
            (
                Section::Goal,
                "Current State",
                Some((Section::Partial, true)),
            ),
            (
                Section::Goal,
                "Done so far",
                Some((Section::Verified, false)),
            ),
            (Section::Goal, "Background", None),
            (
                Section::Decisions,
                "Decision",
                Some((Section::Decisions, true)),
            ),
            (
                Section::Decisions,
                "Rejected",
                Some((Section::Discarded, true)),
            ),
            (
                Section::Decisions,
                "Rejected Stateless Refresh Tokens",
                Some((Section::Discarded, false)),
            ),
            (Section::Decisions, "Used Redis", None),
            // Labels only mean something inside the two labelled sections.
            (Section::Files, "Verified", None),
        ];
        for (within, label, want) in cases {
            assert_eq!(within.part_of_label(label), *want, "{within:?} {label:?}");
        }
        assert!(Section::label_opens_discarded("Rejecting the cache"));
        assert!(Section::label_opens_discarded("Avoid global state"));
        assert!(!Section::label_opens_discarded("Used Redis"));
    }
}
