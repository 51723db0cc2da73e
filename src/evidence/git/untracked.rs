//! Untracked files summarised by folder, the way `git status` shows `?? node_modules/`: an
//! unignored `venv/` or `node_modules/` is one entry, not 20,000, so that every later stage
//! (the note's Workspace State and Files & Symbols, the validator, the prompt) stays small.
//!
//! A folder is *wholly untracked* when the index holds nothing under it; git prints the
//! outermost such folder instead of its files. Here a small one (at most
//! [`MAX_FILES_PER_FOLDER`] files, a new module the session wrote) keeps its files listed one by
//! one, as `git status -uall` would, so that each can carry its symbols; a bigger one is folded.
//! When the untracked entries are still more than [`MAX_UNTRACKED_ENTRIES`], every wholly
//! untracked folder is folded, exactly as `git status` prints them.

use std::collections::HashMap;

/// A wholly untracked folder with more files than this is one `dir/` entry.
pub(crate) const MAX_FILES_PER_FOLDER: usize = 10;
/// More untracked entries than this, and every wholly untracked folder is folded.
pub(crate) const MAX_UNTRACKED_ENTRIES: usize = 100;

/// One untracked entry after folding: a file, or a folder with how many files it holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Untracked {
    /// Repository-relative path; a folder ends with `/`.
    pub path: String,
    /// Files under it (1 for a file; a nested repository counts 1).
    pub files: usize,
    /// A folder standing for the files under it.
    pub folded: bool,
}

/// Folds `paths` (untracked, sorted as git sorts them, each a file or a `dir/` libgit2 did not
/// descend into) by their outermost wholly untracked folder. `tracked_under("a/b/")` says whether
/// the index holds a path under `a/b/`. Linear in the total length of the paths.
pub(crate) fn fold(
    paths: &[String],
    mut tracked_under: impl FnMut(&str) -> bool,
) -> Vec<Untracked> {
    // (outermost wholly untracked folder or None, path), in path order: the files of a folder
    // are contiguous, since they share its prefix.
    let mut known: HashMap<&str, bool> = HashMap::new();
    let mut tops: Vec<Option<&str>> = Vec::with_capacity(paths.len());
    for p in paths {
        let mut top = None;
        for (i, _) in p.match_indices('/') {
            let dir = &p[..=i];
            let tracked = *known.entry(dir).or_insert_with(|| tracked_under(dir));
            if !tracked {
                top = Some(dir);
                break;
            }
        }
        tops.push(top);
    }
    // Runs of paths sharing a folder.
    let mut runs: Vec<(Option<&str>, std::ops::Range<usize>)> = Vec::new();
    for (i, top) in tops.iter().enumerate() {
        match runs.last_mut() {
            Some((t, range)) if *t == *top && top.is_some() => range.end = i + 1,
            _ => runs.push((*top, i..i + 1)),
        }
    }
    let folds = |all: bool| {
        runs.iter()
            .map(|(top, range)| top.is_some() && (all || range.len() > MAX_FILES_PER_FOLDER))
            .collect::<Vec<bool>>()
    };
    let mut fold_run = folds(false);
    let entries = |fold_run: &[bool]| -> usize {
        runs.iter()
            .zip(fold_run)
            .map(|((_, r), &f)| if f { 1 } else { r.len() })
            .sum()
    };
    if entries(&fold_run) > MAX_UNTRACKED_ENTRIES {
        fold_run = folds(true);
    }
    let mut out = Vec::with_capacity(entries(&fold_run));
    for ((top, range), fold) in runs.iter().zip(fold_run) {
        match top {
            Some(dir) if fold => out.push(Untracked {
                path: dir.to_string(),
                files: range.len(),
                folded: true,
            }),
            _ => out.extend(paths[range.clone()].iter().map(|p| Untracked {
                path: p.clone(),
                files: 1,
                folded: false,
            })),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(paths: &[&str], tracked_dirs: &[&str]) -> Vec<(String, usize)> {
        let paths: Vec<String> = paths.iter().map(|p| p.to_string()).collect();
        fold(&paths, |d| tracked_dirs.contains(&d))
            .into_iter()
            .map(|u| (u.path, u.files))
            .collect()
    }

    fn many(prefix: &str, n: usize) -> Vec<String> {
        (0..n).map(|i| format!("{prefix}{i:05}.js")).collect()
    }

    #[test]
    fn a_big_untracked_folder_is_one_entry_at_its_outermost_untracked_level() {
        let mut paths = vec!["README.new".to_string(), "src/new.rs".to_string()];
        paths.extend(many("node_modules/pkg/lib/f", 50));
        paths.sort();
        let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
        assert_eq!(
            run(&refs, &["src/"]),
            [
                ("README.new".to_string(), 1),
                ("node_modules/".to_string(), 50),
                ("src/new.rs".to_string(), 1)
            ]
        );
    }

    #[test]
    fn a_small_new_folder_keeps_its_files() {
        let got = run(&["src/fresh/a.rs", "src/fresh/b.rs"], &["src/"]);
        assert_eq!(
            got,
            [
                ("src/fresh/a.rs".to_string(), 1),
                ("src/fresh/b.rs".to_string(), 1)
            ]
        );
    }

    #[test]
    fn files_in_tracked_folders_are_never_folded() {
        let paths = many("src/gen/f", 30);
        let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
        assert_eq!(run(&refs, &["src/", "src/gen/"]).len(), 30);
    }

    #[test]
    fn too_many_small_folders_are_all_folded_as_git_prints_them() {
        let paths: Vec<String> = (0..60)
            .flat_map(|d| (0..3).map(move |f| format!("pkgs/p{d:02}/f{f}.txt")))
            .collect();
        let refs: Vec<&str> = paths.iter().map(String::as_str).collect();
        let got = run(&refs, &["pkgs/"]);
        assert_eq!(got.len(), 60);
        assert_eq!(got[0], ("pkgs/p00/".to_string(), 3));
    }

    #[test]
    fn nested_repositories_count_as_one_file() {
        let got = run(&["vendor/other/"], &[]);
        assert_eq!(got, [("vendor/other/".to_string(), 1)]);
    }
}
