//! Rule `completeness` (warning): every file in git status appears under Files & Symbols. A
//! missing one is added to the note (`added_by_validator`, rendered with a marker saying so), so
//! the next session sees every change even when the draft forgot it. Past
//! [`MAX_STATUS_FILES`] status paths, one `…` line counts the rest; a `…` line citing `G`
//! already in the note stands for the paths it does not list.

use super::path_set::PathSet;
use super::{Ctx, Key, Section, Severity, rule};
use crate::note::{FileEntry, MAX_STATUS_FILES, MORE_FILES, Note};
use std::path::Path;

fn describe(index: &str, worktree: &str) -> &'static str {
    match (index, worktree) {
        ("?", "?") => "untracked",
        ("A", _) => "added",
        ("D", _) | (_, "D") => "deleted",
        ("R", _) => "renamed",
        ("C", _) => "copied",
        ("U", _) | (_, "U") => "conflicted",
        _ => "modified",
    }
}

/// Whether a changed path is the note itself, its backup, or a note `handoff` wrote.
fn is_note_file(cx: &Ctx, path: &str, note_path: Option<&Path>) -> bool {
    if path.starts_with(".handoff/") || path.ends_with(".md.orig") {
        return true;
    }
    let (Some(note), Some(full)) = (note_path, cx.resolve(path)) else {
        return false;
    };
    match (note.canonicalize(), full.canonicalize()) {
        (Ok(a), Ok(b)) => a == b,
        _ => false,
    }
}

pub(crate) fn check(note: &mut Note, note_path: Option<&Path>, cx: &mut Ctx) {
    let Some(git) = &cx.ev.git else {
        return;
    };
    // Indexed once: checking each status path against every listed file was quadratic.
    // A name holding a newline is listed escaped (as the note shows it); git has it raw.
    let listed_paths: Vec<String> = note
        .files
        .iter()
        .map(|f| crate::escape::unline(&f.path).into_owned())
        .collect();
    let listed = PathSet::new(listed_paths.iter().map(String::as_str));
    // A `…` line citing git ("and N more changed path(s) …: see Workspace State") stands for
    // the paths the note does not list one by one.
    let rest_line = note
        .files
        .iter()
        .any(|f| f.path == MORE_FILES && f.cite.iter().any(|c| c == "G"));
    let mut missing = Vec::new();
    for s in git.status.iter().take(MAX_STATUS_FILES) {
        if s.index == "!" || is_note_file(cx, &s.path, note_path) {
            continue;
        }
        let covered = listed.same(&s.path)
            || s.old_path.as_deref().is_some_and(|o| listed.same(o))
            // An untracked directory is covered by any file listed inside it, and a listed
            // directory covers what changed in it.
            || (s.path.ends_with('/') && listed.holds_something_in(&s.path))
            || listed.contains_a_parent_of(&s.path);
        if !covered && !rest_line {
            missing.push(s);
        }
    }
    for s in missing {
        let what = match git.folder_files(&s.path) {
            Some(n) => format!("an untracked folder of {n} files"),
            None => describe(&s.index, &s.worktree).to_string(),
        };
        let summary = match &s.old_path {
            Some(old) => format!("{what} from `{old}` (in git status; not in the draft)"),
            None => format!("{what} (in git status; not in the draft)"),
        };
        add(
            note,
            cx,
            FileEntry {
                path: s.path.clone(),
                summary,
                cite: vec!["G".into()],
                added_by_validator: true,
                ..FileEntry::default()
            },
            format!(
                "`{}` is {what} in git status but not under Files & Symbols; added",
                s.path
            ),
        );
    }
    // Past the bound, one line stands for the rest (Workspace State counts them too).
    let rest = git.status.len().saturating_sub(MAX_STATUS_FILES);
    if rest > 0
        && !note
            .files
            .iter()
            .any(|f| f.path == MORE_FILES && f.cite.iter().any(|c| c == "G"))
    {
        add(
            note,
            cx,
            FileEntry {
                path: MORE_FILES.into(),
                summary: format!("and {rest} more changed path(s) in git status"),
                cite: vec!["G".into()],
                added_by_validator: true,
                ..FileEntry::default()
            },
            format!(
                "{rest} more changed path(s) in git status are not under Files & Symbols; counted"
            ),
        );
    }
}

fn add(note: &mut Note, cx: &mut Ctx, entry: FileEntry, message: String) {
    note.files.push(entry);
    let index = note.files.len() - 1;
    cx.finding(
        Some(Key {
            section: Section::Files,
            index,
        }),
        None,
        rule::COMPLETENESS,
        Severity::Warning,
        message,
    );
}

#[cfg(test)]
mod tests {
    use crate::testkit::*;
    use crate::validate::validate;

    #[test]
    fn listed_files_pass() {
        let (_dir, ev) = worktree(
            &[("src/a.py", "x\n"), ("new/b.py", "y\n")],
            &[(" M", "src/a.py"), ("??", "new/")],
        );
        let mut n = note();
        n.files = vec![
            file("./src/a.py", &[], "changed"),
            file("new/b.py", &[], "new"),
        ];
        let r = validate(&mut n, &ev);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        assert_eq!(n.files.len(), 2);
    }

    #[test]
    fn the_note_itself_is_not_a_missing_file() {
        let (dir, ev) = worktree(
            &[("NOTE.md", "x\n"), (".handoff/a.md", "y\n")],
            &[("??", "NOTE.md"), ("??", ".handoff/a.md")],
        );
        let mut n = note();
        let opts = crate::validate::Options {
            note_path: Some(dir.path().join("NOTE.md")),
            ..Default::default()
        };
        let r = crate::validate::validate_with(&mut n, &ev, &opts);
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }

    #[test]
    fn missing_files_are_added() {
        let (_dir, ev) = worktree(
            &[("src/a.py", "x\n")],
            &[(" M", "src/a.py"), (" D", "src/gone.py")],
        );
        let mut n = note();
        n.files = vec![file("src/a.py", &[], "changed")];
        let r = validate(&mut n, &ev);
        assert_eq!(rules(&r), ["completeness"]);
        assert_eq!(n.files.len(), 2);
        assert!(n.files[1].added_by_validator);
        assert_eq!(n.files[1].path, "src/gone.py");
        assert!(n.files[1].summary.starts_with("deleted"));
        // The added entry is reported as a claim backed by git.
        assert!(
            r.claims.iter().any(|c| c.text.contains("src/gone.py")
                && c.status == crate::note::ClaimStatus::Verified)
        );
    }
}
