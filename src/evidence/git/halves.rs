//! The worktree cut into two disjoint halves, each a list of literal pathspecs, so that its
//! status is read on two threads (`git status` preloads the index on several threads; libgit2
//! walks on one, and most of that walk is `lstat` in the kernel).
//!
//! A half names top-level entries, or, when one folder holds more than half of the tracked
//! files (`src/`), that folder's entries instead, and so on down. libgit2's iterators skip a
//! path outside the pathspec list before they `lstat` it, so together the halves stat every
//! path once. Each name is listed from both the disk and the index, so that an untracked file
//! and a folder deleted from the disk are both covered.

use std::collections::BTreeMap;
use std::path::Path;

/// Fewer index entries than this, and the status is read in one walk: a second walk's set-up
/// would cost more than it saves.
pub(super) const MIN_ENTRIES_TO_SPLIT: usize = 4_096;

/// The first half's share of the index entries, in eighths: its thread also compares HEAD with
/// the index, which takes about a quarter of a whole walk's time (measured on a 38,000-file
/// repository: 16 ms against 64 ms), so that both threads finish together.
const FIRST_EIGHTHS: usize = 3;

/// How many folders deep the cut may go looking for a balance.
const MAX_DEPTH: usize = 8;

/// Characters that make a pathspec more than a literal path for libgit2 (a leading `!` negates,
/// wildcards change how a folder entry is matched) or that its parser trims: a name with one is
/// never used, and the status is then read in one walk.
const NOT_LITERAL: &[char] = &['!', '*', '?', '[', ']', '\\', '#'];

/// Two disjoint lists of repository-relative paths that together cover the worktree and the
/// index, the first with about [`FIRST_EIGHTHS`] of the index entries under them; `None` when
/// the index is small,
/// when a name cannot be a literal pathspec, or when no balanced cut exists.
///
/// `index_paths` are the index entries' paths in index order (sorted).
pub(super) fn halves(workdir: &Path, index_paths: &[String]) -> Option<(Vec<String>, Vec<String>)> {
    if index_paths.len() < MIN_ENTRIES_TO_SPLIT {
        return None;
    }
    let mut units = entries_of(workdir, index_paths, "")?;
    let total = index_paths.len();
    for _ in 0..MAX_DEPTH {
        let (heaviest, &weight) = units.iter().max_by_key(|(_, w)| **w)?;
        if weight * 2 <= total {
            break;
        }
        let heaviest = heaviest.clone();
        if !can_descend(workdir, index_paths, &heaviest) {
            break;
        }
        let inner = entries_of(workdir, index_paths, &format!("{heaviest}/"))?;
        units.remove(&heaviest);
        units.extend(inner);
    }
    if units.keys().any(|u| !is_literal(u)) {
        return None;
    }
    // Contiguous in path order (neighbouring folders stay on one thread).
    let mut first = Vec::new();
    let mut second = Vec::new();
    let mut seen = 0;
    for (unit, weight) in units {
        if seen * 8 < total * FIRST_EIGHTHS {
            seen += weight;
            first.push(unit);
        } else {
            second.push(unit);
        }
    }
    if first.is_empty() || second.is_empty() {
        return None;
    }
    Some((first, second))
}

/// The entries directly inside folder `prefix` (`""` for the root, else ending with `/`), from
/// the disk and from the index, each with how many index entries lie at or under it. `None`
/// when a name on disk is not UTF-8 (it could not be given back as a pathspec).
fn entries_of(
    workdir: &Path,
    index_paths: &[String],
    prefix: &str,
) -> Option<BTreeMap<String, usize>> {
    let mut units: BTreeMap<String, usize> = BTreeMap::new();
    if let Ok(listing) = std::fs::read_dir(workdir.join(prefix)) {
        for entry in listing {
            let name = entry.ok()?.file_name().into_string().ok()?;
            // The git dir (or the `.git` file of a linked worktree) is never in a status.
            if prefix.is_empty() && name == ".git" {
                continue;
            }
            units.insert(format!("{prefix}{name}"), 0);
        }
    }
    let start = index_paths.partition_point(|p| p.as_str() < prefix);
    // Counted by runs of one name (the paths are sorted, so a folder's are contiguous), so that
    // 38,000 paths cost a few hundred map entries, not 38,000 new strings.
    let mut runs: Vec<(&str, usize)> = Vec::new();
    for path in index_paths[start..]
        .iter()
        .take_while(|p| p.starts_with(prefix))
    {
        let rest = &path[prefix.len()..];
        let name = rest.split_once('/').map_or(rest, |(first, _)| first);
        match runs.last_mut() {
            Some((last, count)) if *last == name => *count += 1,
            _ => runs.push((name, 1)),
        }
    }
    for (name, count) in runs {
        *units.entry(format!("{prefix}{name}")).or_default() += count;
    }
    Some(units)
}

/// Whether `path` may be replaced by its entries: a real folder on disk (not a symlink), not
/// itself an index entry (a submodule, or a file turned into a folder), and not a nested
/// repository (whose status is one entry, never its files).
fn can_descend(workdir: &Path, index_paths: &[String], path: &str) -> bool {
    let dir = workdir.join(path);
    let is_dir = std::fs::symlink_metadata(&dir).is_ok_and(|m| m.is_dir());
    is_dir
        && index_paths
            .binary_search_by(|p| p.as_str().cmp(path))
            .is_err()
        && std::fs::symlink_metadata(dir.join(".git")).is_err()
}

fn is_literal(path: &str) -> bool {
    !path.contains(NOT_LITERAL) && path.trim() == path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tree(files: &[&str]) -> tempfile::TempDir {
        let dir = tempfile::tempdir().expect("temp dir");
        for f in files {
            let path = dir.path().join(f);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, f).expect("write");
        }
        dir
    }

    fn index_of(paths: impl IntoIterator<Item = String>) -> Vec<String> {
        let mut paths: Vec<String> = paths.into_iter().collect();
        paths.sort();
        paths
    }

    #[test]
    fn a_small_index_is_not_cut() {
        let dir = tree(&["a/x", "b/y"]);
        let index = index_of(["a/x".to_string(), "b/y".to_string()]);
        assert_eq!(halves(dir.path(), &index), None);
    }

    #[test]
    fn one_heavy_folder_is_cut_inside_and_every_name_is_in_one_half() {
        let mut files: Vec<String> = (0..MIN_ENTRIES_TO_SPLIT)
            .map(|i| format!("src/m{}/f{i}", i % 8))
            .collect();
        files.push("README".into());
        let index = index_of(files.clone());
        // On disk: all but src/m7 (deleted), plus an untracked top-level folder.
        let on_disk: Vec<&str> = files
            .iter()
            .map(String::as_str)
            .filter(|f| !f.starts_with("src/m7/"))
            .chain(["new/untracked.txt"])
            .collect();
        let dir = tree(&on_disk);
        let (first, second) = halves(dir.path(), &index).expect("a cut");
        let mut all: Vec<&str> = first.iter().chain(&second).map(String::as_str).collect();
        all.sort();
        let want = [
            "README", "new", "src/m0", "src/m1", "src/m2", "src/m3", "src/m4", "src/m5", "src/m6",
            "src/m7",
        ];
        assert_eq!(all, want);
        assert_eq!(first, ["README", "new", "src/m0", "src/m1", "src/m2"]);
    }

    #[test]
    fn entries_are_counted_per_name_when_names_share_a_prefix() {
        // Sorted, `a-b/x` and `a.c` come before `a/x` ('-' and '.' sort before '/'): each name
        // still gets its own count.
        let dir = tree(&["a/x", "a/y", "a-b/x", "a.c"]);
        let index = index_of(["a/x", "a/y", "a-b/x", "a.c", "b"].map(String::from));
        let units = entries_of(dir.path(), &index, "").expect("UTF-8 names");
        let got: Vec<(&str, usize)> = units.iter().map(|(n, c)| (n.as_str(), *c)).collect();
        assert_eq!(got, [("a", 2), ("a-b", 1), ("a.c", 1), ("b", 1)]);
    }

    #[test]
    fn a_nested_repository_or_a_wildcard_name_is_not_cut() {
        let files: Vec<String> = (0..MIN_ENTRIES_TO_SPLIT)
            .map(|i| format!("vendor/f{i}"))
            .collect();
        let index = index_of(files.clone());
        let refs: Vec<&str> = files.iter().map(String::as_str).collect();
        let dir = tree(&refs);
        std::fs::create_dir(dir.path().join("vendor/.git")).expect("mkdir");
        // One unit holds everything and cannot be opened: no balanced cut.
        assert_eq!(halves(dir.path(), &index), None);

        let files: Vec<String> = (0..MIN_ENTRIES_TO_SPLIT)
            .map(|i| format!("d{}/f{i}", i % 2))
            .collect();
        let index = index_of(files.clone());
        let mut refs: Vec<&str> = files.iter().map(String::as_str).collect();
        refs.push("*glob");
        let dir = tree(&refs);
        assert_eq!(halves(dir.path(), &index), None);
    }
}
