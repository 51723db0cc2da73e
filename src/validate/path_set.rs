//! Paths indexed once so that "is this path among those?" costs the length of the path, not the
//! number of paths: the note lists one file per git status entry, and checking each against
//! every other was quadratic (20,000 untracked files took minutes).
//!
//! The matching is [`same_path`](crate::evidence::paths::same_path)'s: equal, or one ends with `/` + the
//! other (a note names `lib.rs` for `src/lib.rs`, a transcript records absolute paths); plus
//! folders: a folder covers the paths under it.

use std::collections::HashSet;

/// A set of repository paths (files, or folders ending with `/`).
#[derive(Debug, Default)]
pub(crate) struct PathSet<'a> {
    /// Every path, without `./` in front or `/` behind.
    exact: HashSet<&'a str>,
    /// Every part of a path after one of its `/`.
    suffixes: HashSet<&'a str>,
    /// Every folder some path lies in (`a` and `a/b` for `a/b/c`), without `/` behind.
    parents: HashSet<&'a str>,
    /// The paths that are folders (given with `/` behind), without it.
    folders: HashSet<&'a str>,
}

fn trim(path: &str) -> &str {
    path.trim_start_matches("./").trim_end_matches('/')
}

/// The parts of `path` after each of its `/` (`b/c` and `c` for `a/b/c`).
fn suffixes(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(move |(i, _)| &path[i + 1..])
}

/// The folders `path` lies in (`a` and `a/b` for `a/b/c`).
fn parents(path: &str) -> impl Iterator<Item = &str> {
    path.match_indices('/').map(move |(i, _)| &path[..i])
}

impl<'a> PathSet<'a> {
    /// Indexes `paths`.
    pub(crate) fn new(paths: impl IntoIterator<Item = &'a str>) -> Self {
        let mut set = PathSet::default();
        for raw in paths {
            let p = trim(raw);
            if p.is_empty() {
                continue;
            }
            set.exact.insert(p);
            set.suffixes.extend(suffixes(p));
            set.parents.extend(parents(p));
            if raw.ends_with('/') {
                set.folders.insert(p);
            }
        }
        set
    }

    /// Whether `path` is one of the paths in the [`same_path`](crate::evidence::paths::same_path) sense.
    pub(crate) fn same(&self, path: &str) -> bool {
        let p = trim(path);
        !p.is_empty()
            && (self.exact.contains(p)
                || self.suffixes.contains(p)
                || suffixes(p).any(|s| self.exact.contains(s)))
    }

    /// Whether `path` lies inside one of the folders of the set.
    pub(crate) fn inside_a_folder(&self, path: &str) -> bool {
        parents(trim(path)).any(|d| self.folders.contains(d))
    }

    /// Whether one of the paths lies inside the folder `path`.
    pub(crate) fn holds_something_in(&self, path: &str) -> bool {
        let p = trim(path);
        !p.is_empty() && self.parents.contains(p)
    }

    /// Whether `path` lies inside one of the paths, taken as folders (a note listing `src`
    /// covers `src/a.rs`).
    pub(crate) fn contains_a_parent_of(&self, path: &str) -> bool {
        parents(trim(path)).any(|d| self.exact.contains(d))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::paths::same_path;

    #[test]
    fn same_agrees_with_same_path() {
        let paths = [
            "src/lib.rs",
            "./docs/guide.md",
            "node_modules/",
            "/abs/repo/x.py",
        ];
        let set = PathSet::new(paths);
        for q in [
            "src/lib.rs",
            "lib.rs",
            "/home/me/repo/src/lib.rs",
            "guide.md",
            "docs/guide.md",
            "node_modules",
            "node_modules/",
            "x.py",
            "repo/x.py",
            "rc/lib.rs",
            "src",
            "other.rs",
            "",
        ] {
            let expected = paths.iter().any(|p| same_path(q, p));
            assert_eq!(set.same(q), expected, "{q}");
        }
    }

    #[test]
    fn folders_cover_what_is_inside() {
        let set = PathSet::new(["node_modules/", "src/a.rs"]);
        assert!(set.inside_a_folder("node_modules/x/y.js"));
        assert!(!set.inside_a_folder("src/a.rs"), "a file is no folder");
        assert!(set.holds_something_in("src"));
        assert!(set.holds_something_in("src/"));
        assert!(!set.holds_something_in("sr"));
        assert!(set.contains_a_parent_of("src/a.rs/x") && !set.contains_a_parent_of("src/b.rs"));
        let listed = PathSet::new(["src"]);
        assert!(listed.contains_a_parent_of("src/deep/b.rs"));
    }
}
