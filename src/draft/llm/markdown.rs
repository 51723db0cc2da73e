//! The last fallback: a note the model wrote as Markdown (servers that refuse both JSON modes).
//!
//! Reads the section and line forms of `prompts/format-markdown.md`; lines it does not
//! recognise are ignored, and a note without a goal or next action is an error, like a JSON
//! answer missing them.

use crate::note::{Claim, FileEntry, Note, OpenLoop, Owner};
use regex::Regex;
use std::sync::LazyLock;

static CITES: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"\s*\(((?:G|[TCEM]\d+)(?:\s*,\s*(?:G|[TCEM]\d+))*)\)\s*\.?\s*$")
        .expect("citation pattern compiles")
});
static LABEL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^\*\*([^*]+?):?\*\*:?\s*").expect("label pattern compiles")
});

#[derive(Clone, Copy, PartialEq)]
enum Section {
    Other,
    Goal,
    Decisions,
    Files,
    OpenLoops,
    Next,
    WatchOuts,
}

fn section_of(heading: &str) -> Section {
    let h = heading.to_ascii_lowercase();
    if h.contains("goal") || h.contains("current state") {
        Section::Goal
    } else if h.contains("decision") || h.contains("discarded") {
        Section::Decisions
    } else if h.contains("file") {
        Section::Files
    } else if h.contains("open loop") {
        Section::OpenLoops
    } else if h.contains("next") {
        Section::Next
    } else if h.contains("watch") {
        Section::WatchOuts
    } else {
        Section::Other
    }
}

/// Splits trailing `(T1, C7)` citations off a line.
fn split_cites(text: &str) -> (String, Vec<String>) {
    match CITES.captures(text) {
        Some(c) => {
            let start = c.get(0).map_or(text.len(), |m| m.start());
            let ids = c[1].split(',').map(|s| s.trim().to_string()).collect();
            (text[..start].trim().to_string(), ids)
        }
        None => (text.trim().to_string(), Vec::new()),
    }
}

fn claim(text: &str, line: usize) -> Claim {
    let (text, cite) = split_cites(text);
    Claim {
        line: Some(line),
        text,
        cite,
        flag: None,
    }
}

/// Parses a Markdown note into the drafted sections.
pub fn parse(content: &str) -> Result<Note, String> {
    let mut note = Note::default();
    let mut section = Section::Other;
    for (i, raw) in content.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.trim();
        if let Some(h) = line.strip_prefix("## ") {
            section = section_of(h);
            continue;
        }
        let item = line
            .strip_prefix("- ")
            .or_else(|| line.strip_prefix("* "))
            .map(str::trim);
        let Some(item) = item.or((section == Section::Next && !line.is_empty()
            && !line.starts_with('#'))
        .then_some(line)) else {
            continue;
        };
        if item.is_empty() || item.eq_ignore_ascii_case("none") || item.eq_ignore_ascii_case("none.") {
            continue;
        }
        let (label, rest) = match LABEL.captures(item) {
            Some(c) => (
                c[1].trim().to_ascii_lowercase(),
                &item[c.get(0).map_or(0, |m| m.end())..],
            ),
            None => (String::new(), item),
        };
        match section {
            Section::Goal if label.starts_with("goal") => note.goal = Some(claim(rest, line_no)),
            Section::Goal if label.starts_with("verified") => {
                note.verified.push(claim(rest, line_no))
            }
            Section::Goal if label.starts_with("partial") || label.contains("unverified") => {
                note.partial.push(claim(rest, line_no))
            }
            Section::Goal => {}
            Section::Decisions
                if label.starts_with("discarded")
                    || label.starts_with("rejected")
                    || label.contains("dead end") =>
            {
                note.discarded.push(claim(rest, line_no))
            }
            Section::Decisions => note.decisions.push(claim(rest, line_no)),
            Section::Files => {
                let (text, cite) = split_cites(rest);
                let mut ticks = text.split('`').skip(1).step_by(2);
                let Some(path) = ticks.next() else { continue };
                let (head, summary) = match text.find(": ") {
                    Some(p) => (&text[..p], text[p + 2..].trim()),
                    None => (text.as_str(), ""),
                };
                let symbols = head
                    .split('`')
                    .skip(1)
                    .step_by(2)
                    .skip(1)
                    .map(str::to_string)
                    .collect();
                note.files.push(FileEntry {
                    line: Some(line_no),
                    path: path.to_string(),
                    symbols,
                    summary: summary.to_string(),
                    cite,
                    ..FileEntry::default()
                });
            }
            Section::OpenLoops => {
                let (owner, rest) = if let Some(r) = rest.strip_prefix("[Agent]") {
                    (Some(Owner::Agent), r)
                } else if let Some(r) = rest.strip_prefix("[Human]") {
                    (Some(Owner::Human), r)
                } else {
                    (None, rest)
                };
                let (body, cite) = split_cites(rest);
                let (text, verify) = match body.find("Verify:") {
                    Some(p) => (
                        body[..p].trim().trim_end_matches(['—', '-', ' ']).trim(),
                        Some(body[p + 7..].trim().trim_matches('`').to_string()),
                    ),
                    None => (body.as_str(), None),
                };
                note.open_loops.push(OpenLoop {
                    line: Some(line_no),
                    owner,
                    text: text.to_string(),
                    verify: verify.filter(|v| !v.is_empty()),
                    cite,
                    flag: None,
                });
            }
            Section::Next => note.next_actions.push(claim(rest, line_no)),
            Section::WatchOuts => note.watch_outs.push(claim(rest, line_no)),
            Section::Other => {}
        }
    }
    if note.goal.as_ref().is_none_or(|g| g.text.is_empty()) {
        return Err("the Markdown answer has no `- **Goal:**` line under ## Goal & Current State".into());
    }
    if note.next_actions.is_empty() {
        return Err("the Markdown answer has no ## Next Action".into());
    }
    Ok(note)
}

#[cfg(test)]
mod tests {
    use super::*;

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
        assert_eq!(note.files[0].summary, "what changed.");
        assert_eq!(note.open_loops[0].owner, Some(Owner::Agent));
        assert_eq!(note.open_loops[0].verify.as_deref(), Some("cargo test parse_line"));
        assert_eq!(note.next_actions.len(), 1);
        assert_eq!(note.watch_outs.len(), 1);
    }

    #[test]
    fn missing_sections_are_errors() {
        assert!(parse("just prose").unwrap_err().contains("Goal"));
        assert!(parse("## Goal & Current State\n- **Goal:** g (M1)\n").unwrap_err().contains("Next Action"));
    }
}
