//! Markdown rendering of a [`Note`] in format v1 (`docs/note-format.md`).

use super::{Claim, ClaimStatus, FileEntry, Flag, Header, Note, OpenLoop, Owner, Section};

/// Marker after a file the validator added from git status.
pub(crate) const ADDED_MARKER: &str = "(added from git status)";

/// Renders the whole note. Empty sections say `- None` so that a reader (and the structure rule)
/// can tell "nothing to report" from "forgotten".
pub fn render(note: &Note) -> String {
    let mut out = String::with_capacity(4096);
    let title = if note.title.trim().is_empty() {
        "Session"
    } else {
        note.title.trim()
    };
    out += &format!("# Session Handoff: {title}\n\n");
    out += &header_line(&note.header);
    out.push('\n');
    out += &heading(Section::Workspace);
    if note.workspace.iter().all(|l| l.trim().is_empty()) {
        out += "- None\n";
    } else {
        for line in &note.workspace {
            out += line;
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
        parts.push(format!("source: {}", one_line(s)));
    }
    let drafter = if h.drafter.trim().is_empty() {
        "offline"
    } else {
        h.drafter.trim()
    };
    parts.push(format!("drafter: {drafter}"));
    if let Some(m) = &h.model {
        parts.push(format!("model: {}", one_line(m)));
    }
    if let Some(t) = &h.created_at {
        parts.push(format!("written: {}", one_line(t)));
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
    let mut s = one_line(&c.text);
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

fn file_line(f: &FileEntry) -> String {
    let mut s = format!("- {}", code_span(&f.path));
    if !f.symbols.is_empty() {
        let syms: Vec<String> = f.symbols.iter().map(|x| code_span(x)).collect();
        s += " — ";
        s += &syms.join(", ");
    }
    let summary = one_line(&f.summary);
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
    match l.owner {
        Some(Owner::Agent) => s += "[Agent] ",
        Some(Owner::Human) => s += "[Human] ",
        None => {}
    }
    s += &one_line(&l.text);
    if let Some(v) = &l.verify {
        s += " — Verify: ";
        s += &code_span(&one_line(v));
    }
    push_cites(&mut s, &l.cite);
    push_flag(&mut s, l.flag.as_ref());
    s
}

fn push_cites(s: &mut String, cite: &[String]) {
    if !cite.is_empty() {
        *s += &format!(" ({})", cite.join(", "));
    }
}

fn push_flag(s: &mut String, flag: Option<&Flag>) {
    let Some(f) = flag else { return };
    let reason = one_line(&f.reason);
    match f.status {
        ClaimStatus::Verified => {}
        ClaimStatus::Unverified => *s += &format!(" [UNVERIFIED: {reason}]"),
        ClaimStatus::Contradicted => {
            if reason.to_lowercase().starts_with("contradicted") {
                *s += &format!(" [UNVERIFIED: {reason}]");
            } else {
                *s += &format!(" [UNVERIFIED: contradicted: {reason}]");
            }
        }
    }
}

/// A Markdown code span holding `text`, with enough backticks to hold backticks inside.
pub(crate) fn code_span(text: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::Counts;

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
}
