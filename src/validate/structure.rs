//! Rule `structure`: the six sections exist and are non-empty (or say "None").
//!
//! A drafted note always renders every section (an empty one as "None"), so only parsed notes
//! are checked. For a parsed note the caller passes the sections the Markdown has with a body
//! ([`sections_present`]); headings are read with [`Section::from_heading`], so the skill
//! example's ("Decisions Made (With Reasons)", "Files Changed", …) count like the v1 headings.

use super::{Ctx, Severity, rule};
use crate::note::Section;
use crate::note::section::REQUIRED;
use pulldown_cmark::{Event, Parser, Tag, TagEnd};

/// The headed sections that `md` has with a non-empty body ("None" counts as a body).
pub fn sections_present(md: &str) -> Vec<Section> {
    let mut out: Vec<Section> = Vec::new();
    let mut current: Option<Section> = None;
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
                    if let Some(s) = Section::from_heading(&heading) {
                        current = Some(s);
                    } else if level <= pulldown_cmark::HeadingLevel::H3 {
                        current = None;
                    }
                }
            }
            Event::Text(t) | Event::Code(t) => {
                if in_heading {
                    heading.push_str(&t);
                } else if let Some(s) = current
                    && !t.trim().is_empty()
                    && !out.contains(&s)
                {
                    out.push(s);
                }
            }
            _ => {}
        }
    }
    out
}

pub(crate) fn check(present: Option<&[Section]>, cx: &mut Ctx) {
    // A drafted note renders every section (an empty one as "None"): complete by construction.
    let Some(present) = present else {
        return;
    };
    for section in REQUIRED {
        if !present.contains(&section) {
            cx.finding(
                None,
                None,
                rule::STRUCTURE,
                Severity::Error,
                format!(
                    "section \"{}\" is missing or empty (write \"None\" when there is nothing)",
                    section.heading()
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Options, validate_with};
    use super::*;
    use crate::evidence::Evidence;
    use crate::testkit::*;

    const FULL: &str = "# Session Handoff: x\n\n## Workspace State\nbranch `main`\n\n## Goal & Current State\n- goal\n\n## Decisions Made (With Reasons)\nNone\n\n## Files Changed\n- `a.rs`\n\n## Open Loops\nNone.\n\n### Next Action\nRun `cargo test`.\n";

    #[test]
    fn headings_of_both_styles() {
        // The skill example's headings name every required section.
        assert_eq!(sections_present(FULL), REQUIRED);
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
        let md = FULL
            .replace("## Open Loops\nNone.\n\n", "")
            .replace("Run `cargo test`.\n", "");
        let mut n = note();
        let opts = Options {
            sections: Some(sections_present(&md)),
            ..Options::default()
        };
        let r = validate_with(&mut n, &Evidence::default(), &opts);
        let structure: Vec<_> = r
            .findings
            .iter()
            .filter(|f| f.rule == "structure")
            .collect();
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
