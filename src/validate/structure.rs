//! Rule `structure`: the six sections exist and are non-empty (or say "None").
//!
//! A drafted note always renders every section (an empty one as "None"), so only parsed notes
//! are checked. For a parsed
//! note the caller passes the sections the Markdown has with a body ([`sections_present`]): the
//! headings of the skill's own example ("Decisions Made (With Reasons)", "Files Changed", …) are
//! accepted alongside the v1 headings.

use super::{Ctx, Severity, rule};
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// Section ids a note must have, with the heading shown in messages.
pub const REQUIRED_SECTIONS: &[(&str, &str)] = &[
    ("workspace", "Workspace State"),
    ("goal", "Goal & Current State"),
    ("decisions", "Decisions & Discarded Paths"),
    ("files", "Files & Symbols"),
    ("open_loops", "Open Loops"),
    ("next_action", "Next Action"),
];

/// The section id a heading names, accepting v1 headings and the skill example's; `None` for
/// other headings.
pub fn section_id(heading: &str) -> Option<&'static str> {
    // Same reading as the note parser's: normalized words, matched at the start.
    let norm: String = heading
        .to_lowercase()
        .chars()
        .map(|c| if c.is_alphanumeric() { c } else { ' ' })
        .collect::<String>()
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let starts = |ps: &[&str]| ps.iter().any(|p| norm.starts_with(p));
    if starts(&["workspace", "git state", "git status", "repository state"]) {
        Some("workspace")
    } else if starts(&["goal", "current state", "objective"]) {
        Some("goal")
    } else if starts(&["decision", "discarded", "dead end"]) {
        Some("decisions")
    } else if starts(&["files", "key files", "changed files"]) {
        Some("files")
    } else if starts(&["open loop", "open issues", "open questions"]) {
        Some("open_loops")
    } else if starts(&["next action", "next step", "immediate next"]) {
        Some("next_action")
    } else if starts(&["watch", "gotcha", "caveat", "warnings"]) {
        Some("watch_outs")
    } else {
        None
    }
}

/// Ids of the sections that `md` has with a non-empty body ("None" counts as a body).
pub fn sections_present(md: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    let mut current: Option<&'static str> = None;
    let mut in_heading = false;
    let mut heading = String::new();
    for ev in Parser::new(md) {
        match ev {
            Event::Start(Tag::Heading { level, .. }) => {
                in_heading = true;
                heading.clear();
                if level == pulldown_cmark::HeadingLevel::H1 {
                    current = None;
                }
            }
            Event::End(TagEnd::Heading(level)) => {
                in_heading = false;
                if level != pulldown_cmark::HeadingLevel::H1 {
                    // A sub-heading inside a section (`#### Verified`) keeps the section.
                    if let Some(id) = section_id(&heading) {
                        current = Some(id);
                    } else if level <= pulldown_cmark::HeadingLevel::H3 {
                        current = None;
                    }
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if in_heading {
                    heading.push_str(&t);
                } else if let Some(id) = current
                    && !t.trim().is_empty()
                    && !out.iter().any(|s| s == id)
                {
                    out.push(id.to_string());
                }
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn check(present: Option<&[String]>, cx: &mut Ctx) {
    // A drafted note renders every section (an empty one as "None"): complete by construction.
    let Some(present) = present else {
        return;
    };
    for (id, heading) in REQUIRED_SECTIONS {
        if !present.iter().any(|p| p == id) {
            cx.finding(
                None,
                None,
                rule::STRUCTURE,
                Severity::Error,
                format!(
                    "section \"{heading}\" is missing or empty (write \"None\" when there is nothing)"
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::testkit::*;
    use super::super::{Options, validate_with};
    use super::*;
    use crate::evidence::Evidence;

    const FULL: &str = "# Session Handoff: x\n\n## Workspace State\nbranch `main`\n\n## Goal & Current State\n- goal\n\n## Decisions Made (With Reasons)\nNone\n\n## Files Changed\n- `a.rs`\n\n## Open Loops\nNone.\n\n### Next Action\nRun `cargo test`.\n";

    #[test]
    fn headings_of_both_styles() {
        assert_eq!(section_id("Files Changed"), Some("files"));
        assert_eq!(section_id("Decisions Made (With Reasons)"), Some("decisions"));
        assert_eq!(section_id("Watch-outs"), Some("watch_outs"));
        assert_eq!(section_id("Goal & Current State"), Some("goal"));
        assert_eq!(section_id("Appendix"), None);
        assert_eq!(
            sections_present(FULL),
            ["workspace", "goal", "decisions", "files", "open_loops", "next_action"]
        );
    }

    #[test]
    fn complete_note_passes() {
        let mut n = note();
        let opts = Options {
            sections: Some(sections_present(FULL)),
            ..Options::default()
        };
        let r = validate_with(&mut n, &Evidence::default(), &opts);
        assert!(!rules(&r).contains(&"structure".to_string()), "{r:?}");
    }

    #[test]
    fn missing_and_empty_sections_are_errors() {
        let md = FULL.replace("## Open Loops\nNone.\n\n", "").replace("Run `cargo test`.\n", "");
        let mut n = note();
        let opts = Options {
            sections: Some(sections_present(&md)),
            ..Options::default()
        };
        let r = validate_with(&mut n, &Evidence::default(), &opts);
        let structure: Vec<_> = r.findings.iter().filter(|f| f.rule == "structure").collect();
        assert_eq!(structure.len(), 2, "{structure:?}");
        assert!(structure[0].message.contains("Open Loops"));
        assert!(structure[1].message.contains("Next Action"));
    }

    #[test]
    fn drafted_note_is_complete_by_construction() {
        let mut n = note();
        n.goal = None;
        n.decisions.clear();
        let r = crate::validate::validate(&mut n, &Evidence::default());
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }
}
