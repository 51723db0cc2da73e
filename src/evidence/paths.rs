//! File paths as the evidence records them and as notes name them, read one way for every
//! stage: `\` separators normalised to `/`, made relative to the session's cwd or the repository
//! root, compared, and classified (documentation, test files).

use std::path::{Component, Path};

/// `path` with `\` separators as `/` (Windows sessions record both).
pub(crate) fn normalize(path: &str) -> String {
    path.replace('\\', "/")
}

/// Makes `path` relative to `cwd` when it lies inside it, with `/` separators: Windows paths
/// (`src\common\env.ts`, `C:\x\y`) are normalised so that they compare with the repository's
/// paths (a Windows cwd compares case-insensitively).
pub(crate) fn relative_to(path: &str, cwd: Option<&str>) -> String {
    let Some(cwd) = cwd else {
        return if is_windows_path(path) {
            normalize(path)
        } else {
            path.to_string()
        };
    };
    let (p, c) = (normalize(path), normalize(cwd));
    let c = c.trim_end_matches('/');
    if c.is_empty() {
        return p;
    }
    let (pl, cl) = (p.to_lowercase(), c.to_lowercase());
    // Windows paths compare case-insensitively; POSIX paths are left alone unless equal.
    let windows = c.as_bytes().get(1) == Some(&b':');
    let inside = if windows {
        pl.starts_with(&cl) && pl[cl.len()..].starts_with('/')
    } else {
        p.starts_with(c) && p[c.len()..].starts_with('/')
    };
    if inside {
        p[c.len() + 1..].to_string()
    } else {
        p
    }
}

/// A path written with Windows separators: a drive (`C:\`, `c:/`), a UNC share, or
/// backslashes and no forward slash (`src\common\env.ts`).
fn is_windows_path(p: &str) -> bool {
    let b = p.as_bytes();
    let drive =
        b.len() >= 3 && b[0].is_ascii_alphabetic() && b[1] == b':' && matches!(b[2], b'\\' | b'/');
    drive || p.starts_with("\\\\") || (p.contains('\\') && !p.contains('/'))
}

/// A comparable path: canonical when it exists here, `\` as `/`, no trailing separator, lower
/// case for Windows drive paths.
pub(crate) fn comparable(path: &str) -> String {
    let canonical = std::fs::canonicalize(path)
        .ok()
        .map(|p| p.to_string_lossy().into_owned());
    let p = canonical.as_deref().unwrap_or(path).replace('\\', "/");
    let p = p.strip_prefix("//?/").unwrap_or(&p).to_string();
    let mut clean: Vec<String> = Vec::new();
    for c in Path::new(&p).components() {
        match c {
            Component::CurDir => {}
            Component::ParentDir => {
                clean.pop();
            }
            other => clean.push(other.as_os_str().to_string_lossy().into_owned()),
        }
    }
    let mut s = clean.join("/").replace("//", "/");
    if s.as_bytes().get(1) == Some(&b':') {
        s = s.to_lowercase();
    }
    s.trim_end_matches('/').to_string()
}

/// `cwd` is `root` or inside it (both [`comparable`]).
pub(crate) fn is_inside(cwd: &str, root: &str) -> bool {
    cwd == root || (cwd.starts_with(root) && cwd[root.len()..].starts_with('/'))
}

/// The worktree path of `rel` under `root`, when `rel` stays inside it (not absolute, no `..`).
pub(crate) fn under_root(root: &Path, rel: &str) -> Option<std::path::PathBuf> {
    let rel = Path::new(rel);
    if rel.is_absolute() || rel.components().any(|c| matches!(c, Component::ParentDir)) {
        return None;
    }
    Some(root.join(rel))
}

/// `path` without the `root/` prefix, when it has one.
pub(crate) fn strip_root<'a>(path: &'a str, root: Option<&Path>) -> &'a str {
    root.and_then(|r| path.strip_prefix(&format!("{}/", r.display())))
        .unwrap_or(path)
}

/// Whether `path` (as named) and `other` (as recorded) are the same file: equal, or one ends
/// with `/` + the other (transcripts often record absolute paths).
pub(crate) fn same_path(path: &str, other: &str) -> bool {
    let a = path.trim_start_matches("./").trim_end_matches('/');
    let b = other.trim_start_matches("./").trim_end_matches('/');
    a == b
        || b.ends_with(&format!("/{a}")) && !a.is_empty()
        || a.ends_with(&format!("/{b}")) && !b.is_empty()
}

/// Names without an extension that are still ordinary files.
pub(crate) const PLAIN_NAMES: &[&str] = &[
    "Makefile",
    "Dockerfile",
    "LICENSE",
    "LICENCE",
    "README",
    "CHANGELOG",
    "Procfile",
    "Gemfile",
    "Rakefile",
    "Justfile",
    "Vagrantfile",
    "Jenkinsfile",
    "CODEOWNERS",
    "NOTICE",
    "AUTHORS",
    "VERSION",
    "Brewfile",
    "Podfile",
    "Caddyfile",
    "Containerfile",
    "Taskfile",
    "OWNERS",
];

/// Whether a bare word (not in backticks) reads as a file or folder name: it has a `/`, an
/// extension (`a.py`, `.env`), or is one of [`PLAIN_NAMES`]. A note's Files entry that starts
/// with anything else ("No files were changed") is prose, not a path.
pub(crate) fn looks_like_path(word: &str) -> bool {
    let word = word.trim_end_matches([':', ',', ';']);
    if word.is_empty() || word.chars().any(char::is_whitespace) {
        return false;
    }
    let name = word
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .unwrap_or(word);
    let extension = name.rsplit_once('.').is_some_and(|(_, ext)| {
        !ext.is_empty()
            && ext.len() <= 12
            && ext.chars().all(|c| c.is_ascii_alphanumeric())
            && ext.chars().any(|c| c.is_ascii_alphabetic())
    });
    word.contains('/') || extension || PLAIN_NAMES.contains(&name)
}

/// Whether `path` is documentation: prose that no test reads (a note's own `.handoff/` folder
/// included).
pub(crate) fn is_documentation(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    [".md", ".markdown", ".txt", ".rst", ".adoc"]
        .iter()
        .any(|e| lower.ends_with(e))
        || lower.starts_with(".handoff/")
        || lower.contains("/.handoff/")
}

/// Whether `path` is a backup copy (`NOTE.md.orig` from `handoff validate --write`, a merge's
/// `*.orig`).
pub(crate) fn is_backup(path: &str) -> bool {
    path.to_ascii_lowercase().ends_with(".orig")
}

/// Whether a change to `path` can change what a test run or check reports: not documentation,
/// not a backup. The one answer for the drafter and the validator ([`super::freshness`]).
pub(crate) fn affects_runs(path: &str) -> bool {
    !is_documentation(path) && !is_backup(path)
}

/// Whether a path looks like a test file or lives in a test directory.
pub(crate) fn is_test_path(path: &str) -> bool {
    path.split('/').any(|seg| {
        let seg = seg.to_ascii_lowercase();
        seg == "tests"
            || seg == "test"
            || seg == "__tests__"
            || seg == "spec"
            || seg.starts_with("test_")
            || seg.contains("_test.")
            || seg.contains(".test.")
            || seg.contains(".spec.")
            || seg.contains("_spec.")
    })
}

#[cfg(test)]
mod tests {
    #[test]
    fn bare_words_that_look_like_paths() {
        for word in [
            "src/a.py",
            "dist/",
            "README.md",
            ".env",
            "Makefile",
            "pyproject.toml:",
        ] {
            assert!(super::looks_like_path(word), "{word}");
        }
        for word in ["No", "Nothing", "e.g.", "None:", "3.", "", "two words"] {
            assert!(!super::looks_like_path(word), "{word}");
        }
    }

    use super::*;

    #[test]
    fn relative_paths() {
        assert_eq!(relative_to("/a/b/c.rs", Some("/a")), "b/c.rs");
        assert_eq!(relative_to("/ab/c.rs", Some("/a")), "/ab/c.rs");
        assert_eq!(relative_to("src/x.rs", Some("/a")), "src/x.rs");
        assert_eq!(
            relative_to(
                "C:\\Users\\me\\proj\\src\\a.ts",
                Some("c:\\users\\me\\proj")
            ),
            "src/a.ts"
        );
        assert_eq!(relative_to("src\\a.ts", None), "src/a.ts");
        assert_eq!(
            relative_to("src\\common\\env.ts", None),
            "src/common/env.ts"
        );
        assert_eq!(relative_to("C:\\proj\\a.ts", None), "C:/proj/a.ts");
        assert_eq!(relative_to("src/a.rs", None), "src/a.rs");
        // A POSIX name with a backslash among forward slashes is left alone.
        assert_eq!(relative_to("docs/a\\b.md", None), "docs/a\\b.md");
        assert_eq!(normalize("src\\a.ts"), "src/a.ts");
        assert_eq!(strip_root("/r/src/a.py", Some(Path::new("/r"))), "src/a.py");
        assert_eq!(strip_root("src/a.py", None), "src/a.py");
    }

    #[test]
    fn comparable_paths_and_inside() {
        assert!(is_inside("/a/b", "/a/b"));
        assert!(is_inside("/a/b/c", "/a/b"));
        assert!(!is_inside("/a/bc", "/a/b"));
        assert!(!is_inside("/a", "/a/b"));
        assert_eq!(comparable("C:\\Users\\Me\\proj\\"), "c:/users/me/proj");
        assert_eq!(comparable("/no/such/dir/../x/"), "/no/such/x");
    }

    #[test]
    fn same_files() {
        assert!(same_path("src/a.py", "/home/u/p/src/a.py"));
        assert!(same_path("./src/a.py", "src/a.py/"));
        assert!(!same_path("src/a.py", "src/ba.py"));
    }

    #[test]
    fn documentation_backups_and_tests() {
        assert!(is_documentation("README.md"));
        assert!(is_documentation("docs/guide.rst"));
        assert!(is_documentation(".handoff/20260101-x.md"));
        assert!(!is_documentation("src/lib.rs"));
        assert!(!is_documentation("tests/test_md.py"));
        assert!(is_backup("NOTE.md.orig"));
        assert!(!affects_runs("NOTES.md"));
        assert!(!affects_runs("src/app.py.orig"));
        assert!(affects_runs("src/app.py"));
        assert!(is_test_path("tests/test_auth.py"));
        assert!(is_test_path("src/foo.test.ts"));
        assert!(!is_test_path("src/contest.py"));
    }
}
