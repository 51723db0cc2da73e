//! Files & Symbols: git status first, then files the session changed that git no longer shows,
//! folders of many files as one entry, and files outside the repository on one line.

use crate::analysis::Analysis;
use crate::note::{FileEntry, MORE_FILES, Note, code_span};

/// Members named for a folder entry.
const MAX_MEMBERS: usize = 6;

pub(super) fn render(a: &Analysis, note: &mut Note) {
    for f in &a.files.entries {
        let summary = if f.members.is_empty() {
            f.state.clone()
        } else {
            let shown: Vec<String> = f
                .members
                .iter()
                .take(MAX_MEMBERS)
                .map(|m| code_span(m))
                .collect();
            let more = f.members.len().saturating_sub(MAX_MEMBERS);
            format!(
                "{} files, {}: {}{}",
                f.members.len(),
                f.state,
                shown.join(", "),
                if more > 0 {
                    format!(" and {more} more")
                } else {
                    String::new()
                }
            )
        };
        note.files.push(FileEntry {
            path: f.path.clone(),
            symbols: f.symbols.clone(),
            summary,
            cite: f.cite.clone(),
            ..FileEntry::default()
        });
    }
    // One line stands for the rest; the validator takes it as covering them.
    if a.files.more > 0 {
        note.files.push(FileEntry {
            path: MORE_FILES.into(),
            summary: format!(
                "and {} more changed path(s) in git status: see Workspace State",
                a.files.more
            ),
            cite: vec!["G".into()],
            ..FileEntry::default()
        });
    }
    if let Some((first, rest)) = a.files.outside.split_first() {
        let others = if rest.is_empty() {
            String::new()
        } else {
            format!(
                "; also {}",
                rest.iter()
                    .take(5)
                    .map(|p| code_span(p))
                    .collect::<Vec<_>>()
                    .join(", ")
            )
        };
        note.files.push(FileEntry {
            path: first.clone(),
            summary: format!(
                "outside the repository: {} file(s) the session wrote{others}",
                a.files.outside.len()
            ),
            cite: a
                .files
                .outside_cite
                .iter()
                .take(4)
                .map(|id| id.to_string())
                .collect(),
            ..FileEntry::default()
        });
    }
}
