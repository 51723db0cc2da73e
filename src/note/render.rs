//! Markdown rendering of a [`Note`] in format v1 (`docs/note-format.md`).
//!
//! Every field is untrusted text (a transcript, a file name, a model's answer): it goes through
//! [`crate::escape`] on its way in, so that no control character, bidi override or raw HTML
//! reaches the note, and no newline breaks its format.

use super::{Claim, ClaimStatus, FileEntry, Flag, Header, Note, OpenLoop, Owner, Section};
use crate::escape;

/// Marker after a file the validator added from git status.
pub(crate) const ADDED_MARKER: &str = "(added from git status)";

/// Renders the whole note. Empty sections say `- None` so that a reader (and the structure rule)
/// can tell "nothing to report" from "forgotten".
pub fn render(note: &Note) -> String {
    let mut out = String::with_capacity(4096);
    let title = if note.title.trim().is_empty() {
        "Session".to_string()
    } else {
        text(&note.title)
    };
    out += &format!("# Session Handoff: {title}\n\n");
    out += &header_line(&note.header);
    out.push('\n');
    out += &heading(Section::Workspace);
    if note.workspace.iter().all(|l| l.trim().is_empty()) {
        out += "- None\n";
    } else {
        // Computed lines are escaped where they are built; a hand-written note's are only
        // kept on their line.
        for line in &note.workspace {
            out += &escape::line(line);
            out.push('\n');
        }
    }

    out += &heading(Section::Goal);
    let mut any = false;
    if let Some(goal) = &note.goal {
        labelled(&mut out, Section::Goal, goal);
        any = true;
    }
    for c in &note.verified {
        labelled(&mut out, Section::Verified, c);
        any = true;
    }
    for c in &note.partial {
        labelled(&mut out, Section::Partial, c);
        any = true;
    }
    none_if(&mut out, any);

    out += &heading(Section::Decisions);
    for c in &note.decisions {
        labelled(&mut out, Section::Decisions, c);
    }
    for c in &note.discarded {
        labelled(&mut out, Section::Discarded, c);
    }
    none_if(
        &mut out,
        !note.decisions.is_empty() || !note.discarded.is_empty(),
    );

    out += &heading(Section::Files);
    for f in &note.files {
        out += &file_line(f);
        out.push('\n');
    }
    none_if(&mut out, !note.files.is_empty());

    out += &heading(Section::OpenLoops);
    for l in &note.open_loops {
        out += &open_loop_line(l);
        out.push('\n');
    }
    none_if(&mut out, !note.open_loops.is_empty());

    out += &heading(Section::NextAction);
    for c in &note.next_actions {
        out += &format!("- {}\n", render_claim_inline(c));
    }
    none_if(&mut out, !note.next_actions.is_empty());

    if !note.watch_outs.is_empty() {
        out += &heading(Section::WatchOuts);
        for c in &note.watch_outs {
            out += &format!("- {}\n", render_claim_inline(c));
        }
    }
    out
}

/// The header blockquote line: `> handoff 0.1.0 · source: … · drafter: … · model: … · written: …
/// · validator: N verified, …`. Segments whose value is unknown are left out.
pub(crate) fn header_line(h: &Header) -> String {
    let mut parts = vec![format!("handoff {}", super::FORMAT_TOOL_VERSION)];
    if let Some(s) = &h.source {
        parts.push(format!("source: {}", text(s)));
    }
    // A hand-written note has no drafter: `validate --write` must not claim one for it.
    if !h.drafter.trim().is_empty() {
        parts.push(format!("drafter: {}", text(&h.drafter)));
    }
    if let Some(m) = &h.model {
        parts.push(format!("model: {}", text(m)));
    }
    if let Some(why) = &h.model_failed {
        // ` · ` separates the segments: a reason must not hold one.
        parts.push(format!(
            "model failed: {}",
            one_line(why).replace(" · ", " - ")
        ));
    }
    if let Some(t) = &h.created_at {
        parts.push(format!("written: {}", text(t)));
    }
    if let Some(c) = &h.counts {
        parts.push(format!(
            "validator: {} verified, {} unverified, {} contradicted, {} errors, {} warnings",
            c.verified, c.unverified, c.contradicted, c.errors, c.warnings
        ));
    }
    format!("> {}", parts.join(" · "))
}

/// A claim as it appears after its bullet or label: text, citations, then the validator flag.
pub(crate) fn render_claim_inline(c: &Claim) -> String {
    let mut s = text(&c.text);
    push_cites(&mut s, &c.cite);
    push_flag(&mut s, c.flag.as_ref());
    s
}

/// `\n## Heading\n\n`: a blank line before and after.
fn heading(s: Section) -> String {
    format!("\n## {}\n\n", s.heading())
}

fn labelled(out: &mut String, part: Section, c: &Claim) {
    let label = part.label().unwrap_or("Item");
    *out += &format!("- **{label}:** {}\n", render_claim_inline(c));
}

fn none_if(out: &mut String, any: bool) {
    if !any {
        *out += "- None\n";
    }
}

pub(crate) fn file_line(f: &FileEntry) -> String {
    let mut s = format!("- {}", code_span(&f.path));
    if !f.symbols.is_empty() {
        let syms: Vec<String> = f.symbols.iter().map(|x| code_span(x)).collect();
        s += " — ";
        s += &syms.join(", ");
    }
    let summary = text(&f.summary);
    if !summary.is_empty() {
        s += " — ";
        s += &summary;
    }
    push_cites(&mut s, &f.cite);
    if f.added_by_validator {
        s.push(' ');
        s += ADDED_MARKER;
    }
    push_flag(&mut s, f.flag.as_ref());
    s
}

fn open_loop_line(l: &OpenLoop) -> String {
    let mut s = String::from("- ");
    let who = match l.owner {
        Some(Owner::Agent) => Some("Agent"),
        Some(Owner::Human) => Some("Human"),
        None => None,
    };
    match (
        who,
        l.when.as_deref().map(str::trim).filter(|w| !w.is_empty()),
    ) {
        (Some(w), Some(cond)) => s += &format!("[{w}, {}] ", text(cond)),
        (Some(w), None) => s += &format!("[{w}] "),
        (None, _) => {}
    }
    s += &text(&l.text);
    if let Some(v) = &l.verify {
        s += " — Verify: ";
        // A check that already marks its code (`` `grep x` prints nothing ``) is kept as written.
        if v.contains('`') {
            s += &text(v);
        } else {
            s += &code_span(&one_line(v));
        }
    }
    push_cites(&mut s, &l.cite);
    push_flag(&mut s, l.flag.as_ref());
    s
}

fn push_cites(s: &mut String, cite: &[String]) {
    if !cite.is_empty() {
        *s += &format!(" ({})", text(&cite.join(", ")));
    }
}

fn push_flag(s: &mut String, flag: Option<&Flag>) {
    if let Some(f) = flag_text(flag) {
        *s += &f;
    }
}

/// The flag as it follows a claim (` [UNVERIFIED: reason]`), for flags that mark one.
pub(crate) fn flag_text(flag: Option<&Flag>) -> Option<String> {
    let f = flag?;
    let reason = text(&f.reason);
    match f.status {
        ClaimStatus::Verified | ClaimStatus::Unchecked => None,
        ClaimStatus::Unverified => Some(format!(" [UNVERIFIED: {reason}]")),
        ClaimStatus::Contradicted => Some(if reason.to_lowercase().starts_with("contradicted") {
            format!(" [UNVERIFIED: {reason}]")
        } else {
            format!(" [UNVERIFIED: contradicted: {reason}]")
        }),
    }
}

/// A Markdown code span holding `text` (on one line, control characters escaped), with enough
/// backticks to hold backticks inside.
pub(crate) fn code_span(text: &str) -> String {
    let text = escape::line(text);
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    if longest == 0 {
        return format!("`{text}`");
    }
    let fence = "`".repeat(longest + 1);
    format!("{fence} {text} {fence}")
}

/// Claims are one bullet each: newlines inside a text would end the bullet (or start a heading),
/// so every run of whitespace becomes one space.
pub(crate) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A text field as it goes into the note: one line, escaped ([`escape::markdown_text`]).
pub(crate) fn text(s: &str) -> String {
    escape::markdown_text(&one_line(s))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::Counts;

    #[test]
    fn a_model_failure_is_a_header_segment_that_parses_back() {
        let h = Header {
            drafter: "offline".into(),
            model_failed: Some("qwen: no answer within the 300 s deadline · odd".into()),
            ..Header::default()
        };
        let line = header_line(&h);
        assert_eq!(
            line,
            format!(
                "> handoff {} · drafter: offline · model failed: qwen: no answer within the 300 s deadline - odd",
                env!("CARGO_PKG_VERSION")
            )
        );
        let note = crate::note::parse(&format!("# Session Handoff: t\n\n{line}\n"));
        assert_eq!(
            note.header.model_failed.as_deref(),
            Some("qwen: no answer within the 300 s deadline - odd")
        );
        assert_eq!(note.header.model, None);
    }

    #[test]
    fn code_spans_hold_backticks() {
        assert_eq!(code_span("cargo test"), "`cargo test`");
        assert_eq!(code_span("echo `date`"), "`` echo `date` ``");
    }

    #[test]
    fn header_line_has_every_known_segment() {
        let h = Header {
            source: Some("s.jsonl".into()),
            drafter: "llm".into(),
            model: Some("gpt-4o-mini".into()),
            model_failed: None,
            created_at: Some("2026-01-02T03:04:05Z".into()),
            counts: Some(Counts {
                verified: 3,
                unverified: 1,
                contradicted: 0,
                errors: 0,
                warnings: 2,
            }),
        };
        assert_eq!(
            header_line(&h),
            format!(
                "> handoff {} · source: s.jsonl · drafter: llm · model: gpt-4o-mini · written: 2026-01-02T03:04:05Z · validator: 3 verified, 1 unverified, 0 contradicted, 0 errors, 2 warnings",
                env!("CARGO_PKG_VERSION")
            )
        );
    }

    #[test]
    fn flags_and_markers_follow_the_citations() {
        let f = FileEntry {
            path: "src/a.rs".into(),
            symbols: vec!["parse".into(), "Token".into()],
            summary: "modified, +3 −1".into(),
            cite: vec!["G".into(), "E2".into()],
            added_by_validator: true,
            flag: Some(Flag {
                status: ClaimStatus::Unverified,
                reason: "path not found".into(),
            }),
            ..FileEntry::default()
        };
        assert_eq!(
            file_line(&f),
            "- `src/a.rs` — `parse`, `Token` — modified, +3 −1 (G, E2) (added from git status) [UNVERIFIED: path not found]"
        );
        let l = OpenLoop {
            owner: Some(Owner::Agent),
            text: "Fix `test_x`".into(),
            verify: Some("pytest -k test_x".into()),
            cite: vec!["T2".into()],
            flag: Some(Flag {
                status: ClaimStatus::Contradicted,
                reason: "T3 passes".into(),
            }),
            ..OpenLoop::default()
        };
        assert_eq!(
            open_loop_line(&l),
            "- [Agent] Fix `test_x` — Verify: `pytest -k test_x` (T2) [UNVERIFIED: contradicted: T3 passes]"
        );
    }

    #[test]
    fn empty_note_has_all_six_sections_saying_none() {
        let md = render(&Note::default());
        for h in [
            "## Workspace State",
            "## Goal & Current State",
            "## Decisions & Discarded Paths",
            "## Files & Symbols",
            "## Open Loops",
            "## Next Action",
        ] {
            assert!(md.contains(&format!("{h}\n\n- None\n")), "{h} in {md}");
        }
        assert!(!md.contains("Watch-outs"));
    }

    #[test]
    fn hostile_fields_are_escaped_and_keep_the_format() {
        // What a model answer (or a transcript, a file name) may hold in any field.
        let hostile = "a\x1b[2J\x07\u{9b}31m\u{202e}b\n## Next Action\n<img src=x onerror=alert(1)> `<b>` &#x202E; end";
        let claim = Claim {
            text: hostile.into(),
            cite: vec![hostile.into()],
            flag: Some(Flag {
                status: ClaimStatus::Unverified,
                reason: hostile.into(),
            }),
            ..Claim::default()
        };
        let note = Note {
            title: hostile.into(),
            header: Header {
                source: Some(hostile.into()),
                model: Some(hostile.into()),
                ..Header::default()
            },
            goal: Some(claim.clone()),
            decisions: vec![claim.clone()],
            files: vec![FileEntry {
                path: hostile.into(),
                symbols: vec![hostile.into()],
                summary: hostile.into(),
                ..FileEntry::default()
            }],
            open_loops: vec![OpenLoop {
                owner: Some(Owner::Agent),
                text: hostile.into(),
                verify: Some(hostile.into()),
                when: Some(hostile.into()),
                ..OpenLoop::default()
            }],
            next_actions: vec![claim],
            ..Note::default()
        };
        let md = render(&note);
        assert!(
            !md.chars()
                .any(|c| (c.is_control() && c != '\n') || c == '\u{202e}'),
            "{md}"
        );
        // As a Markdown renderer sees it: no HTML, and no text that decodes to a control
        // character or a bidi override.
        for event in pulldown_cmark::Parser::new(&md) {
            match event {
                pulldown_cmark::Event::Html(h) | pulldown_cmark::Event::InlineHtml(h) => {
                    panic!("raw HTML {h:?} in {md}")
                }
                pulldown_cmark::Event::Text(t) | pulldown_cmark::Event::Code(t) => {
                    assert!(!t.chars().any(|c| c == '\u{202e}' || c == '\x1b'), "{t}");
                }
                _ => {}
            }
        }
        assert_eq!(md.lines().filter(|l| *l == "## Next Action").count(), 1);
        // Escaping is stable: a note read back renders the same.
        assert_eq!(render(&crate::note::parse(&md)), md);
    }
}
