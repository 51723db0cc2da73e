//! The last fallback: a note the model wrote as Markdown (servers that refuse both JSON modes).
//!
//! The note parser ([`crate::note::parse`]) reads it; a note without a goal or a next action is
//! an error here, as a JSON answer missing them is.

use crate::note::Note;

/// Parses a Markdown answer into the drafted sections.
pub(super) fn parse(content: &str) -> Result<Note, String> {
    let mut note = crate::note::parse(content);
    if note.goal.as_ref().is_none_or(|g| g.text.trim().is_empty()) {
        return Err(
            "the Markdown answer has no `- **Goal:**` line under ## Goal & Current State".into(),
        );
    }
    if note.next_actions.is_empty() {
        return Err("the Markdown answer has no ## Next Action".into());
    }
    // Line numbers point into the model's answer, not into the note that will be written; the
    // drafted header and workspace are not the model's to write either.
    note.header = Default::default();
    note.workspace.clear();
    note.title.clear();
    let clear = |l: &mut Option<usize>| *l = None;
    note.goal.iter_mut().for_each(|c| clear(&mut c.line));
    for c in note
        .verified
        .iter_mut()
        .chain(note.partial.iter_mut())
        .chain(note.decisions.iter_mut())
        .chain(note.discarded.iter_mut())
        .chain(note.next_actions.iter_mut())
        .chain(note.watch_outs.iter_mut())
    {
        clear(&mut c.line);
    }
    note.files.iter_mut().for_each(|f| clear(&mut f.line));
    note.open_loops.iter_mut().for_each(|l| clear(&mut l.line));
    Ok(note)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::Owner;

    #[test]
    fn parses_the_prompt_example() {
        let example = include_str!("../../../prompts/format-markdown.md");
        let note = parse(example).unwrap();
        assert_eq!(note.goal.as_ref().unwrap().cite, ["M1"]);
        assert_eq!(note.verified[0].cite, ["T1"]);
        assert_eq!(note.partial.len(), 1);
        assert_eq!(note.decisions.len(), 1);
        assert_eq!(note.discarded[0].cite, ["C2"]);
        assert_eq!(note.files[0].path, "src/lib.rs");
        assert_eq!(note.files[0].symbols, ["parse_line"]);
        assert_eq!(note.open_loops[0].owner, Some(Owner::Agent));
        assert_eq!(
            note.open_loops[0].verify.as_deref(),
            Some("cargo test parse_line")
        );
        assert_eq!(note.next_actions.len(), 1);
        assert_eq!(note.watch_outs.len(), 1);
        assert!(note.goal.unwrap().line.is_none());
    }

    #[test]
    fn missing_sections_are_errors() {
        assert!(parse("just prose").unwrap_err().contains("Goal"));
        assert!(
            parse("## Goal & Current State\n- **Goal:** g (M1)\n")
                .unwrap_err()
                .contains("Next Action")
        );
    }
}
