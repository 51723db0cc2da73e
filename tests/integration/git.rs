//! The git collector against the git CLI: real temporary repositories built with `git`, then
//! `handoff::collect_git` compared entry for entry with `git status --porcelain=v1
//! -uall` and `git diff HEAD --numstat`, plus the `handoff collect` binary end to end.

use crate::support::handoff;
use handoff::{GitState, OperationKind, StatusEntry, UntrackedFolder, collect_git};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The empty tree's id: what an unborn branch is diffed against.
const EMPTY_TREE: &str = "4b825dc642cb6eb9a060e54bf8d69288fbee4904";

/// A temporary repository driven by the git CLI with pinned identity and dates.
struct Repo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

impl Repo {
    /// `git init -b main` in a fresh temporary directory.
    fn new() -> Repo {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("repo");
        std::fs::create_dir(&dir).expect("mkdir repo");
        let repo = Repo { _tmp: tmp, dir };
        repo.git(&["init", "-q", "-b", "main"]);
        repo
    }

    /// Another directory in the same temporary root (for worktrees, submodule sources…).
    fn sibling(&self, name: &str) -> PathBuf {
        self._tmp.path().join(name)
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.dir.join(rel)
    }

    fn write(&self, rel: &str, content: impl AsRef<[u8]>) {
        let path = self.path(rel);
        if let Some(parent) = path.parent() {
            std::fs::create_dir_all(parent).expect("mkdir");
        }
        std::fs::write(path, content).expect("write file");
    }

    fn remove(&self, rel: &str) {
        std::fs::remove_file(self.path(rel)).expect("remove file");
    }

    fn git(&self, args: &[&str]) -> String {
        git_in(&self.dir, args)
    }

    fn commit_all(&self, message: &str) {
        self.git(&["add", "-A"]);
        self.git(&["commit", "-q", "-m", message]);
    }

    fn collect(&self) -> GitState {
        collect_at(&self.dir)
    }
}

/// Runs git in `dir` with a pinned identity and dates; panics with git's stderr on failure.
fn git_in(dir: &Path, args: &[&str]) -> String {
    let out = Command::new("git")
        .args([
            "-c",
            "user.name=Handoff Test",
            "-c",
            "user.email=test@example.com",
            "-c",
            "commit.gpgsign=false",
            "-c",
            "protocol.file.allow=always",
            "-c",
            "core.autocrlf=false",
        ])
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", "2026-01-02T03:04:05Z")
        .env("GIT_COMMITTER_DATE", "2026-01-02T03:04:05Z")
        .env("GIT_CONFIG_NOSYSTEM", "1")
        .env_remove("GIT_DIR")
        .env_remove("GIT_WORK_TREE")
        .env_remove("GIT_INDEX_FILE")
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?} failed: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).expect("utf-8 git output")
}

/// Like `git_in` but a failing command is expected (a merge that stops on conflicts).
fn git_may_fail(dir: &Path, args: &[&str]) {
    let _ = Command::new("git")
        .args(["-c", "user.name=T", "-c", "user.email=t@example.com"])
        .args(args)
        .current_dir(dir)
        .env("GIT_AUTHOR_DATE", "2026-01-02T03:04:05Z")
        .env("GIT_COMMITTER_DATE", "2026-01-02T03:04:05Z")
        .output()
        .expect("git runs");
}

fn collect_at(dir: &Path) -> GitState {
    match collect_git(dir) {
        Ok(Some(state)) => state,
        Ok(None) => panic!("no repository found at {}", dir.display()),
        Err(e) => panic!("collect failed at {}: {e}", dir.display()),
    }
}

/// `git status --porcelain=v1 -uall -z`, parsed (with `-z`, a rename is `R  new\0old\0`).
fn git_status(dir: &Path) -> Vec<StatusEntry> {
    let out = git_in(
        dir,
        &[
            "-c",
            "status.renames=true",
            "status",
            "--porcelain=v1",
            "-uall",
            "-z",
        ],
    );
    let mut records = out.split('\0').filter(|r| !r.is_empty());
    let mut entries = Vec::new();
    while let Some(record) = records.next() {
        let (code, path) = record.split_at(3);
        let mut chars = code.chars();
        let index = chars.next().expect("X").to_string();
        let worktree = chars.next().expect("Y").to_string();
        let old_path = if index == "R" || index == "C" {
            Some(records.next().expect("rename source").to_string())
        } else {
            None
        };
        entries.push(StatusEntry {
            path: path.to_string(),
            old_path,
            index,
            worktree,
        });
    }
    entries
}

/// One `git diff --numstat` line: (path, insertions, deletions), `None` counts for binary.
type NumStat = (String, Option<usize>, Option<usize>);

/// `git diff <base> --numstat -z -M`, parsed, sorted by path (the new path of a rename).
fn git_numstat(dir: &Path, base: &str) -> Vec<NumStat> {
    let out = git_in(dir, &["diff", base, "--numstat", "-z", "-M"]);
    let mut records = out.split('\0');
    let mut stats = Vec::new();
    while let Some(record) = records.next() {
        if record.is_empty() {
            continue;
        }
        let mut fields = record.splitn(3, '\t');
        let added = fields.next().expect("added").parse().ok();
        let deleted = fields.next().expect("deleted").parse().ok();
        let mut path = fields.next().expect("path").to_string();
        if path.is_empty() {
            let _old = records.next().expect("rename source");
            path = records.next().expect("rename target").to_string();
        }
        stats.push((path, added, deleted));
    }
    stats.sort();
    stats
}

fn our_numstat(state: &GitState) -> Vec<NumStat> {
    let mut stats: Vec<NumStat> = state
        .diffstat
        .per_file
        .iter()
        .map(|f| {
            if f.binary {
                (f.path.clone(), None, None)
            } else {
                (f.path.clone(), Some(f.insertions), Some(f.deletions))
            }
        })
        .collect();
    stats.sort();
    stats
}

/// The collected status equals git's, in git's order, and the diffstat equals git's numstat.
fn assert_matches_git(repo_dir: &Path, state: &GitState, base: &str) {
    let expected = git_status(repo_dir);
    assert_eq!(
        state.status, expected,
        "status differs from `git status --porcelain=v1 -uall`"
    );
    assert_eq!(
        our_numstat(state),
        git_numstat(repo_dir, base),
        "diffstat differs from `git diff {base} --numstat`"
    );
    let totals = (
        state.diffstat.per_file.len(),
        state.diffstat.per_file.iter().map(|f| f.insertions).sum(),
        state.diffstat.per_file.iter().map(|f| f.deletions).sum(),
    );
    assert_eq!(
        (
            state.diffstat.files,
            state.diffstat.insertions,
            state.diffstat.deletions
        ),
        totals
    );
}

fn codes(state: &GitState) -> Vec<String> {
    state
        .status
        .iter()
        .map(|e| format!("{}{} {}", e.index, e.worktree, e.path))
        .collect()
}

/// A repository with one commit of a few text files.
fn committed_repo() -> Repo {
    let repo = Repo::new();
    repo.write("README.md", "# demo\n\nA small project.\n");
    repo.write(
        "src/lib.rs",
        "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\npub fn sub(a: i32, b: i32) -> i32 {\n    a - b\n}\n",
    );
    repo.write("src/old_name.rs", long_text("old", 40));
    repo.write("docs/guide.md", "Guide\n=====\n\nStep one.\nStep two.\n");
    repo.write("remove_me.txt", "bye\n");
    repo.write("stage_removal.txt", "staged bye\n");
    repo.write("both.txt", "line 1\nline 2\nline 3\n");
    repo.write("data.bin", [0u8, 1, 2, 3, 255, 0, 7, 8]);
    repo.write("untrack_me.txt", "keep on disk\n");
    repo.write(".gitignore", "target/\n*.log\n");
    repo.commit_all("Initial commit");
    repo
}

fn long_text(tag: &str, lines: usize) -> String {
    (0..lines)
        .map(|i| format!("{tag} line number {i}\n"))
        .collect()
}

#[test]
fn clean_repository_has_head_branch_and_no_changes() {
    let repo = committed_repo();
    let state = repo.collect();
    assert_eq!(state.branch.as_deref(), Some("main"));
    let head = state.head.as_ref().expect("head");
    assert_eq!(head.id, repo.git(&["rev-parse", "HEAD"]).trim());
    assert_eq!(head.summary, "Initial commit");
    let toplevel = repo.git(&["rev-parse", "--show-toplevel"]);
    assert_eq!(
        std::fs::canonicalize(&state.root).expect("root exists"),
        std::fs::canonicalize(toplevel.trim()).expect("toplevel exists")
    );
    assert!(state.status.is_empty(), "{:?}", state.status);
    assert_eq!(state.diffstat.files, 0);
    assert!(state.hunks.is_empty());
    assert_matches_git(&repo.dir, &state, "HEAD");
}

#[test]
fn mixed_changes_match_git_status_and_numstat() {
    let repo = committed_repo();
    // Staged new file, then modified again (AM).
    repo.write("src/new.rs", "pub fn fresh() {}\n");
    repo.git(&["add", "src/new.rs"]);
    repo.write("src/new.rs", "pub fn fresh() {}\npub fn fresher() {}\n");
    // Staged modification (M ), and a file modified both staged and unstaged (MM).
    repo.write("README.md", "# demo\n\nA small project, staged.\n");
    repo.git(&["add", "README.md"]);
    repo.write("both.txt", "line 1 staged\nline 2\nline 3\n");
    repo.git(&["add", "both.txt"]);
    repo.write("both.txt", "line 1 staged\nline 2\nline 3 unstaged\n");
    // Unstaged modification ( M).
    repo.write(
        "src/lib.rs",
        "pub fn add(a: i32, b: i32) -> i32 {\n    a + b\n}\n\npub fn sub(a: i32, b: i32) -> i32 {\n    a - b - 0\n}\n",
    );
    // Deleted in the worktree only ( D) and staged deletion (D ).
    repo.remove("remove_me.txt");
    repo.git(&["rm", "-q", "stage_removal.txt"]);
    // Staged rename, then edited (RM).
    repo.git(&["mv", "src/old_name.rs", "src/new_name.rs"]);
    let mut renamed = long_text("old", 40);
    renamed.push_str("one more line\n");
    repo.write("src/new_name.rs", renamed);
    // Removed from the index but kept on disk (D  + ??).
    repo.git(&["rm", "-q", "--cached", "untrack_me.txt"]);
    // Binary modification.
    repo.write("data.bin", [0u8, 9, 9, 9, 255, 0, 7, 8, 0, 1]);
    // Untracked files, one in a nested untracked directory (expanded to files).
    repo.write("notes.txt", "todo\n");
    repo.write("scratch/deep/a.txt", "a\n");
    repo.write("scratch/b.txt", "b\n");
    // Ignored: a file by pattern, and a file inside an ignored directory.
    repo.write("debug.log", "noise\n");
    repo.write("target/debug/out.txt", "built\n");
    // Paths with spaces and non-ASCII characters, tracked and untracked.
    repo.write(
        "docs/guide.md",
        "Guide\n=====\n\nStep one, edited.\nStep two.\n",
    );
    repo.write("dir with space/naïve file.txt", "x\n");
    // An untracked directory that is another repository: git lists the directory itself.
    repo.write("nested/inner.txt", "inner\n");
    git_in(&repo.path("nested"), &["init", "-q", "-b", "main"]);
    // Intent to add (` A`).
    repo.write("later.txt", "intent\n");
    repo.git(&["add", "-N", "later.txt"]);

    let state = repo.collect();
    assert_matches_git(&repo.dir, &state, "HEAD");
    let codes = codes(&state);
    for expected in [
        "AM src/new.rs",
        "M  README.md",
        "MM both.txt",
        " M src/lib.rs",
        " D remove_me.txt",
        "D  stage_removal.txt",
        "RM src/new_name.rs",
        "D  untrack_me.txt",
        "?? untrack_me.txt",
        " M data.bin",
        "?? scratch/deep/a.txt",
        "?? scratch/b.txt",
        " A later.txt",
        "?? dir with space/naïve file.txt",
        "?? nested/",
    ] {
        assert!(
            codes.contains(&expected.to_string()),
            "{expected} missing from {codes:?}"
        );
    }
    let rename = state
        .status
        .iter()
        .find(|e| e.path == "src/new_name.rs")
        .expect("rename entry");
    assert_eq!(rename.old_path.as_deref(), Some("src/old_name.rs"));
    assert!(
        !codes
            .iter()
            .any(|c| c.contains("target/") || c.contains("debug.log")),
        "ignored paths leaked: {codes:?}"
    );
    let bin = state
        .diffstat
        .per_file
        .iter()
        .find(|f| f.path == "data.bin")
        .expect("binary in diffstat");
    assert!(bin.binary);
    assert!(
        !state
            .diffstat
            .per_file
            .iter()
            .any(|f| f.path == "notes.txt"),
        "untracked files are not part of the diff"
    );
    // The hunk of src/lib.rs names the function the change is in.
    let lib = state
        .hunks
        .iter()
        .find(|h| h.path == "src/lib.rs")
        .expect("hunks of src/lib.rs");
    assert!(lib.hunks[0].header.starts_with("@@ -"), "{:?}", lib.hunks);
    assert!(lib.hunks[0].lines.iter().any(|l| l == "+    a - b - 0"));
    assert!(
        state
            .symbols
            .iter()
            .any(|s| s.path == "src/lib.rs" && s.name == "sub"),
        "{:?}",
        state.symbols
    );
    assert!(
        state
            .symbols
            .iter()
            .any(|s| s.path == "src/new.rs" && s.name == "fresher")
    );
}

#[test]
fn untracked_source_files_contribute_their_definitions() {
    let repo = committed_repo();
    repo.write(
        "src/fresh/module.ts",
        "export interface Options {\n  depth: number;\n}\n\nexport function walk(o: Options) {\n  return o.depth;\n}\n",
    );
    repo.write("notes.md", "fn not_code() {}\n");
    repo.write(
        "tool.py",
        [b'd', b'e', b'f', b' ', b'x', b'(', b')', b':', 0u8],
    );
    let state = repo.collect();
    let names: Vec<(&str, &str)> = state
        .symbols
        .iter()
        .map(|s| (s.path.as_str(), s.name.as_str()))
        .collect();
    assert_eq!(
        names,
        vec![
            ("src/fresh/module.ts", "Options"),
            ("src/fresh/module.ts", "walk")
        ]
    );
    assert_eq!(
        state.diffstat.files, 0,
        "untracked files stay out of the diff"
    );
}

#[test]
fn pure_renames_and_staged_then_deleted_match_git() {
    let repo = committed_repo();
    std::fs::create_dir(repo.path("manual")).expect("mkdir");
    repo.git(&["mv", "docs/guide.md", "manual/guide.md"]);
    repo.git(&["mv", "src/old_name.rs", "src/renamed.rs"]);
    // Staged, then deleted from the worktree: `AD` and `MD`.
    repo.write("temp.txt", "temporary\n");
    repo.git(&["add", "temp.txt"]);
    repo.remove("temp.txt");
    repo.write("both.txt", "edited\n");
    repo.git(&["add", "both.txt"]);
    repo.remove("both.txt");
    // Skip-worktree: git hides the local edit.
    repo.git(&["update-index", "--skip-worktree", "README.md"]);
    repo.write("README.md", "hidden local edit\n");
    let state = repo.collect();
    assert_matches_git(&repo.dir, &state, "HEAD");
    let codes = codes(&state);
    for expected in [
        "R  manual/guide.md",
        "R  src/renamed.rs",
        "AD temp.txt",
        "MD both.txt",
    ] {
        assert!(
            codes.contains(&expected.to_string()),
            "{expected} missing from {codes:?}"
        );
    }
}

#[test]
fn typechange_to_symlink_matches_git() {
    let repo = committed_repo();
    repo.remove("docs/guide.md");
    std::os::unix::fs::symlink("../README.md", repo.path("docs/guide.md")).expect("symlink");
    let state = repo.collect();
    assert_eq!(codes(&state), vec![" T docs/guide.md"]);
    assert_eq!(state.status, git_status(&repo.dir));
}

#[test]
fn works_from_a_subdirectory() {
    let repo = committed_repo();
    repo.write("src/lib.rs", "pub fn add() {}\n");
    repo.write("src/extra/new.txt", "x\n");
    let state = collect_at(&repo.path("src"));
    assert_eq!(
        std::fs::canonicalize(&state.root).expect("root"),
        std::fs::canonicalize(&repo.dir).expect("dir")
    );
    assert_eq!(codes(&state), vec![" M src/lib.rs", "?? src/extra/new.txt"]);
    assert_matches_git(&repo.dir, &state, "HEAD");
}

#[test]
fn unborn_branch_diffs_against_the_empty_tree() {
    let repo = Repo::new();
    repo.git(&["checkout", "-q", "-b", "feature/start"]);
    repo.write("staged.py", "def main():\n    return 1\n");
    repo.git(&["add", "staged.py"]);
    repo.write("loose.txt", "not added\n");
    let state = repo.collect();
    assert_eq!(state.branch.as_deref(), Some("feature/start"));
    assert!(state.head.is_none());
    assert_eq!(codes(&state), vec!["A  staged.py", "?? loose.txt"]);
    assert_matches_git(&repo.dir, &state, EMPTY_TREE);
    assert_eq!(state.diffstat.insertions, 2);
    assert!(
        state
            .symbols
            .iter()
            .any(|s| s.path == "staged.py" && s.name == "main")
    );
}

#[test]
fn detached_head_has_no_branch() {
    let repo = committed_repo();
    repo.write("README.md", "second\n");
    repo.commit_all("Second commit");
    repo.git(&["checkout", "-q", "--detach", "HEAD~1"]);
    repo.write("notes.txt", "n\n");
    let state = repo.collect();
    assert_eq!(state.branch, None);
    let head = state.head.as_ref().expect("head");
    assert_eq!(head.id, repo.git(&["rev-parse", "HEAD"]).trim());
    assert_eq!(head.summary, "Initial commit");
    assert_matches_git(&repo.dir, &state, "HEAD");
}

#[test]
fn linked_worktree_reads_its_own_head_and_status() {
    let repo = committed_repo();
    let wt = repo.sibling("linked");
    let wt_str = wt.to_str().expect("utf-8 temp path");
    repo.git(&["worktree", "add", "-q", "-b", "side", wt_str]);
    std::fs::write(wt.join("README.md"), "changed in the worktree\n").expect("write");
    std::fs::write(wt.join("wt-only.txt"), "new\n").expect("write");
    repo.write("main-only.txt", "main\n");

    let state = collect_at(&wt);
    assert_eq!(state.branch.as_deref(), Some("side"));
    assert_eq!(
        std::fs::canonicalize(&state.root).expect("root"),
        std::fs::canonicalize(&wt).expect("wt")
    );
    assert_eq!(codes(&state), vec![" M README.md", "?? wt-only.txt"]);
    assert_matches_git(&wt, &state, "HEAD");

    let main_state = repo.collect();
    assert_eq!(main_state.branch.as_deref(), Some("main"));
    assert_eq!(codes(&main_state), vec!["?? main-only.txt"]);
}

/// Builds a conflicted merge: `main` and `other` both change or add/delete the same paths.
fn conflicted_repo() -> Repo {
    let repo = Repo::new();
    repo.write("both_modified.txt", "base\n");
    repo.write("deleted_by_them.txt", "base\n");
    repo.write("deleted_by_us.txt", "base\n");
    repo.write("clean.txt", "clean\n");
    repo.commit_all("Base");
    repo.git(&["checkout", "-q", "-b", "other"]);
    repo.write("both_modified.txt", "theirs\n");
    repo.write("both_added.txt", "theirs added\n");
    repo.remove("deleted_by_them.txt");
    repo.write("deleted_by_us.txt", "theirs change\n");
    repo.commit_all("Other side");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("both_modified.txt", "ours\n");
    repo.write("both_added.txt", "ours added\n");
    repo.write("deleted_by_them.txt", "ours change\n");
    repo.remove("deleted_by_us.txt");
    repo.commit_all("Our side");
    git_may_fail(&repo.dir, &["merge", "-q", "--no-edit", "other"]);
    repo.write("stray.txt", "untracked during merge\n");
    repo
}

#[test]
fn merge_conflicts_match_git() {
    let repo = conflicted_repo();
    let state = repo.collect();
    let codes = codes(&state);
    for expected in [
        "UU both_modified.txt",
        "AA both_added.txt",
        "UD deleted_by_them.txt",
        "DU deleted_by_us.txt",
        "?? stray.txt",
    ] {
        assert!(
            codes.contains(&expected.to_string()),
            "{expected} missing from {codes:?}"
        );
    }
    assert_matches_git(&repo.dir, &state, "HEAD");
}

#[test]
fn submodule_clean_moved_and_dirty_match_git() {
    let repo = committed_repo();
    let lib = repo.sibling("lib-src");
    std::fs::create_dir(&lib).expect("mkdir");
    git_in(&lib, &["init", "-q", "-b", "main"]);
    std::fs::write(lib.join("lib.txt"), "v1\n").expect("write");
    git_in(&lib, &["add", "-A"]);
    git_in(&lib, &["commit", "-q", "-m", "v1"]);
    std::fs::write(lib.join("lib.txt"), "v2\n").expect("write");
    git_in(&lib, &["commit", "-q", "-am", "v2"]);
    let lib_str = lib.to_str().expect("utf-8 temp path");
    repo.git(&["submodule", "add", "-q", lib_str, "vendor/lib"]);
    repo.commit_all("Add submodule");

    let clean = repo.collect();
    assert!(clean.status.is_empty(), "{:?}", clean.status);
    assert_matches_git(&repo.dir, &clean, "HEAD");

    // The submodule's checkout moves to another commit: ` M vendor/lib`.
    let sub = repo.path("vendor/lib");
    git_in(&sub, &["checkout", "-q", "HEAD~1"]);
    let moved = repo.collect();
    assert_eq!(codes(&moved), vec![" M vendor/lib"]);
    assert_matches_git(&repo.dir, &moved, "HEAD");

    // Back on the recorded commit, but with modified content inside.
    git_in(&sub, &["checkout", "-q", "main"]);
    std::fs::write(sub.join("lib.txt"), "dirty\n").expect("write");
    let dirty = repo.collect();
    assert_eq!(codes(&dirty), vec![" M vendor/lib"]);
    assert_matches_git(&repo.dir, &dirty, "HEAD");

    // Only untracked content inside: git still reports ` M` in porcelain v1.
    git_in(&sub, &["checkout", "-q", "--", "lib.txt"]);
    std::fs::write(sub.join("new.txt"), "untracked in sub\n").expect("write");
    let untracked = repo.collect();
    assert_eq!(untracked.status, git_status(&repo.dir));
}

#[test]
fn outside_any_repository_is_none() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("plain");
    std::fs::create_dir(&dir).expect("mkdir");
    assert!(matches!(collect_git(&dir), Ok(None)));
}

#[test]
fn bare_repository_is_none() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("bare.git");
    std::fs::create_dir(&dir).expect("mkdir");
    git_in(&dir, &["init", "-q", "--bare"]);
    assert!(matches!(collect_git(&dir), Ok(None)));
}

#[test]
fn cli_collect_on_a_corrupt_repository_is_a_one_line_input_error() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("broken");
    std::fs::create_dir(&dir).expect("mkdir");
    std::fs::write(dir.join(".git"), "not a gitdir line\n").expect("write");
    let assert = handoff()
        .args(["collect", "--repo"])
        .arg(&dir)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot read the git repository"));
    let stderr = String::from_utf8_lossy(&assert.get_output().stderr).into_owned();
    assert_eq!(stderr.trim_end().lines().count(), 1, "{stderr}");
    assert!(stderr.contains("broken"), "{stderr}");
}

#[test]
fn many_hunks_are_bounded_and_counted() {
    let repo = Repo::new();
    repo.write("big.rs", long_text("fn", 2000));
    repo.commit_all("Big file");
    // Change every 10th line: 200 separate hunks.
    let changed: String = (0..2000)
        .map(|i| {
            if i % 10 == 0 {
                format!("changed line {i}\n")
            } else {
                format!("fn line number {i}\n")
            }
        })
        .collect();
    repo.write("big.rs", changed);
    let state = repo.collect();
    assert_matches_git(&repo.dir, &state, "HEAD");
    let file = &state.hunks[0];
    assert!(
        file.hunks.len() < 200,
        "hunks not bounded: {}",
        file.hunks.len()
    );
    assert_eq!(file.hunks.len() + file.elided_hunks, 200);
    let kept: usize = file.hunks.iter().map(|h| h.lines.len()).sum();
    assert!(kept <= 200, "kept {kept} lines");
}

#[test]
fn binary_new_file_is_flagged_not_counted() {
    let repo = committed_repo();
    let mut blob = vec![0u8; 64 * 1024];
    blob[100] = 1;
    repo.write("assets/image.png", &blob);
    repo.git(&["add", "assets/image.png"]);
    let state = repo.collect();
    assert_matches_git(&repo.dir, &state, "HEAD");
    let stat = &state.diffstat.per_file[0];
    assert_eq!(
        (
            stat.path.as_str(),
            stat.binary,
            stat.insertions,
            stat.deletions
        ),
        ("assets/image.png", true, 0, 0)
    );
    assert!(!state.hunks.iter().any(|h| h.path == "assets/image.png"));
}

#[test]
fn cli_collect_json_has_git_state() {
    let repo = committed_repo();
    repo.write("src/lib.rs", "pub fn add() {}\n");
    repo.write("notes.txt", "n\n");
    let out = handoff()
        .args(["collect", "--json", "--repo"])
        .arg(&repo.dir)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).expect("JSON on stdout");
    let git = &json["git"];
    assert_eq!(git["branch"], "main");
    assert_eq!(git["head"]["id"], repo.git(&["rev-parse", "HEAD"]).trim());
    assert_eq!(git["head"]["summary"], "Initial commit");
    assert_eq!(
        git["status"],
        serde_json::json!([
            {"path": "src/lib.rs", "index": " ", "worktree": "M"},
            {"path": "notes.txt", "index": "?", "worktree": "?"}
        ])
    );
    assert_eq!(git["diffstat"]["files"], 1);
    assert_eq!(git["diffstat"]["per_file"][0]["path"], "src/lib.rs");
    assert!(
        git["symbols"]
            .as_array()
            .expect("symbols array")
            .iter()
            .any(|s| s["path"] == "src/lib.rs" && s["name"] == "add")
    );
}

#[test]
fn cli_collect_outside_a_repository_warns_and_prints_null() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("not-a-repo-dir");
    std::fs::create_dir(&dir).expect("mkdir");
    let assert = handoff()
        .args(["collect", "--json", "--repo"])
        .arg(&dir)
        .assert()
        .success()
        .stderr(
            predicate::str::contains("no git repository at")
                .and(predicate::str::contains("not-a-repo-dir")),
        );
    let json: serde_json::Value =
        serde_json::from_slice(&assert.get_output().stdout).expect("JSON on stdout");
    assert!(json["git"].is_null(), "{json}");
}

#[test]
fn separate_git_dir_worktree_is_read_from_the_folder_of_its_git_file() {
    let tmp = tempfile::tempdir().expect("temp dir");
    let work = tmp.path().join("work");
    let gitdir = tmp.path().join("store.git");
    std::fs::create_dir(&work).expect("mkdir");
    git_in(
        &work,
        &[
            "init",
            "-q",
            "-b",
            "main",
            "--separate-git-dir",
            gitdir.to_str().expect("utf-8 temp path"),
        ],
    );
    std::fs::write(work.join("a.txt"), "one\n").expect("write");
    git_in(&work, &["add", "a.txt"]);
    git_in(&work, &["commit", "-q", "-m", "First"]);
    std::fs::write(work.join("a.txt"), "two\n").expect("write");
    std::fs::write(work.join("new.txt"), "new\n").expect("write");
    std::fs::create_dir(work.join("sub")).expect("mkdir");

    for start in [work.clone(), work.join("sub")] {
        let state = collect_at(&start);
        assert_eq!(
            std::fs::canonicalize(&state.root).expect("root"),
            std::fs::canonicalize(&work).expect("work"),
            "the worktree is the folder holding the `.git` file, not the git dir's parent"
        );
        assert_eq!(codes(&state), vec![" M a.txt", "?? new.txt"]);
        assert_matches_git(&work, &state, "HEAD");
    }
}

#[test]
fn corrupt_packed_refs_is_an_error_not_an_unborn_branch() {
    let repo = committed_repo();
    repo.git(&["pack-refs", "--all"]);
    let packed = repo.path(".git/packed-refs");
    let text = std::fs::read_to_string(&packed).expect("packed-refs");
    assert!(!repo.path(".git/refs/heads/main").exists());
    // A crash while rewriting it: the file ends in the middle of the branch's object id.
    let cut = text.find("refs/heads/main").expect("main is packed") - 20;
    for broken in [&text[..cut], "0123 refs/heads/main\n"] {
        std::fs::write(&packed, broken).expect("write");
        let err = collect_git(&repo.dir).expect_err("a corrupt packed-refs is an error");
        let message = err.to_string();
        assert!(message.contains("packed-refs"), "{message}");
        handoff()
            .args(["collect", "--repo"])
            .arg(&repo.dir)
            .assert()
            .code(2)
            .stderr(predicate::str::contains("packed-refs"));
    }
    // An intact packed-refs (and a branch truly without commits) still reads.
    std::fs::write(&packed, &text).expect("write");
    assert!(collect_at(&repo.dir).head.is_some());
    repo.git(&["checkout", "-q", "--orphan", "fresh"]);
    assert!(collect_at(&repo.dir).head.is_none());
}

/// Cuts the loose object of `rel`'s committed content to a few bytes, as a crash or a full disk
/// during `git commit` leaves it (libgit2 issue 7342: reading it loops forever).
fn truncate_loose_object(repo: &Repo, rel: &str) {
    let id = repo.git(&["rev-parse", &format!("HEAD:{rel}")]);
    let id = id.trim();
    let object = repo.path(&format!(".git/objects/{}/{}", &id[..2], &id[2..]));
    let bytes = std::fs::read(&object).expect("loose object");
    let mut perms = std::fs::metadata(&object).expect("meta").permissions();
    #[allow(clippy::permissions_set_readonly_false)]
    perms.set_readonly(false);
    std::fs::set_permissions(&object, perms).expect("chmod");
    std::fs::write(&object, &bytes[..20.min(bytes.len() / 2)]).expect("truncate");
}

#[test]
fn a_repository_that_hangs_the_git_library_degrades_within_the_deadline() {
    let repo = Repo::new();
    repo.write("big.txt", long_text("line", 2000));
    repo.commit_all("Big");
    repo.write("big.txt", long_text("changed", 2000));
    truncate_loose_object(&repo, "big.txt");

    let out = handoff()
        .args(["collect", "--json", "--git-timeout", "1.5", "--repo"])
        .arg(&repo.dir)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .stderr(predicate::str::contains(
            "git state unavailable: reading the repository at",
        ))
        .stderr(predicate::str::contains("(timed out after 1.5 s)"))
        .get_output()
        .stdout
        .clone();
    let json: serde_json::Value = serde_json::from_slice(&out).expect("JSON on stdout");
    assert!(json["git"].is_null(), "{json}");
    assert!(
        json["git_unavailable"]
            .as_str()
            .is_some_and(|w| w.contains("timed out after 1.5 s")),
        "{json}"
    );

    // summarize still writes its note, saying why the workspace state is unknown.
    let note = handoff()
        .args(["summarize", "--offline", "--stdout", "--git-timeout", "1"])
        .current_dir(&repo.dir)
        .timeout(std::time::Duration::from_secs(60))
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let note = String::from_utf8(note).expect("utf-8 note");
    assert!(
        note.contains(
            "- Git state unavailable: the workspace state is unknown (reading the repository at"
        ),
        "{note}"
    );
    assert!(!note.contains("No git repository"), "{note}");
}

#[test]
fn git_timeout_must_be_a_positive_number_of_seconds() {
    for bad in ["0", "-1", "soon", "NaN"] {
        handoff()
            .arg("collect")
            .arg(format!("--git-timeout={bad}"))
            .assert()
            .code(2)
            .stderr(predicate::str::contains("--git-timeout"));
    }
}

/// `summarize --offline --stdout` in `dir`.
fn offline_note(dir: &Path) -> String {
    let out = handoff()
        .args(["summarize", "--offline", "--stdout"])
        .current_dir(dir)
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    String::from_utf8(out).expect("utf-8 note")
}

/// Writes an offline note in `repo` and validates it again as a user would: (its path, its
/// text, what `validate` printed, which must exit 0).
fn summarize_then_validate(repo: &Repo) -> (PathBuf, String, String) {
    handoff()
        .args(["summarize", "--offline"])
        .current_dir(&repo.dir)
        .assert()
        .success();
    let note_path = notes(repo).into_iter().next().expect("a note");
    let note = std::fs::read_to_string(&note_path).expect("note");
    let out = handoff()
        .arg("validate")
        .arg(&note_path)
        .current_dir(&repo.dir)
        .assert()
        .success()
        .get_output()
        .clone();
    let findings = String::from_utf8(out.stdout).expect("utf-8");
    (note_path, note, findings)
}

/// The notes in the repository's note folder.
fn notes(repo: &Repo) -> Vec<PathBuf> {
    std::fs::read_dir(repo.path(".handoff"))
        .expect("note folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect()
}

/// The text of one `## Heading` section of a note.
fn section<'a>(note: &'a str, heading: &str) -> &'a str {
    let start = note
        .find(&format!("## {heading}\n"))
        .unwrap_or_else(|| panic!("no {heading} in {note}"));
    let rest = &note[start + heading.len() + 4..];
    &rest[..rest.find("\n## ").unwrap_or(rest.len())]
}

#[test]
fn a_merge_stopped_on_conflicts_is_reported_and_resolved_or_aborted_next() {
    let repo = conflicted_repo();
    let state = repo.collect();
    let op = state.operation.as_ref().expect("merge in progress");
    assert_eq!(op.kind, OperationKind::Merge);
    assert_eq!(op.subject.as_deref(), Some("Merge branch 'other'"));
    assert_eq!(
        op.commit.as_deref(),
        Some(repo.git(&["rev-parse", "other"]).trim())
    );
    let mut conflicted: Vec<&str> = state.conflicted().collect();
    conflicted.sort();
    assert_eq!(
        conflicted,
        [
            "both_added.txt",
            "both_modified.txt",
            "deleted_by_them.txt",
            "deleted_by_us.txt"
        ]
    );

    let note = offline_note(&repo.dir);
    let workspace = section(&note, "Workspace State");
    assert!(
        workspace.contains("- **In progress:** a `git merge` (Merge branch 'other')")
            && workspace.contains("4 conflicted path(s): `both_added.txt`")
            && workspace.contains(
                "then `git merge --continue`; or give it up with `git merge --abort` (G)"
            ),
        "{workspace}"
    );
    let next = section(&note, "Next Action");
    assert!(
        next.contains("Resolve the conflict markers in `both_added.txt`")
            && next.contains("`git merge --continue`")
            && next.contains("`git merge --abort`"),
        "{next}"
    );
    assert!(!next.to_lowercase().contains("commit the"), "{next}");
    assert!(
        section(&note, "Open Loops").contains("Verify: `git diff --name-only --diff-filter=U`"),
        "{note}"
    );
}

/// A repository where `topic` and `main` change the same line of `shared.txt`.
fn diverged_repo() -> Repo {
    let repo = Repo::new();
    repo.write("shared.txt", "base\n");
    repo.commit_all("Base");
    repo.git(&["checkout", "-q", "-b", "topic"]);
    repo.write("shared.txt", "topic\n");
    repo.commit_all("Topic change");
    repo.git(&["checkout", "-q", "main"]);
    repo.write("shared.txt", "main\n");
    repo.commit_all("Main change");
    repo
}

#[test]
fn rebase_cherry_pick_and_revert_stopped_on_a_conflict_are_reported() {
    // (operation, the command that stops, the words the note must use)
    let cases: [(&str, &[&str], OperationKind); 3] = [
        (
            "rebase",
            &["rebase", "-q", "main", "topic"],
            OperationKind::Rebase,
        ),
        (
            "cherry-pick",
            &["cherry-pick", "topic"],
            OperationKind::CherryPick,
        ),
        (
            "revert",
            &["revert", "--no-edit", "HEAD~1"],
            OperationKind::Revert,
        ),
    ];
    for (name, args, kind) in cases {
        let repo = diverged_repo();
        if kind == OperationKind::Revert {
            // Reverting "Base" under "Main change" conflicts on the same line.
            repo.write("shared.txt", "main\nmore\n");
            repo.commit_all("More");
        }
        git_may_fail(&repo.dir, args);
        let state = repo.collect();
        let op = state
            .operation
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: no operation in {state:?}"));
        assert_eq!(op.kind, kind, "{name}");
        assert_eq!(
            state.conflicted().collect::<Vec<_>>(),
            ["shared.txt"],
            "{name}"
        );
        if kind == OperationKind::Rebase {
            assert_eq!(op.subject.as_deref(), Some("topic"));
            assert_eq!(op.step, Some((1, 1)));
        }
        let note = offline_note(&repo.dir);
        assert!(
            section(&note, "Workspace State")
                .contains(&format!("- **In progress:** a `git {name}`")),
            "{name}: {note}"
        );
        let next = section(&note, "Next Action");
        assert!(
            next.contains("Resolve the conflict markers in `shared.txt`")
                && next.contains(&format!("`git {name} --continue`"))
                && next.contains(&format!("`git {name} --abort`")),
            "{name}: {next}"
        );
    }
}

#[test]
fn a_bisect_in_progress_is_reported_and_continued_or_reset_next() {
    let repo = diverged_repo();
    repo.git(&["bisect", "start"]);
    repo.git(&["bisect", "bad", "HEAD"]);
    repo.git(&["bisect", "good", "HEAD~1"]);
    let state = repo.collect();
    assert_eq!(
        state.operation.as_ref().map(|o| o.kind),
        Some(OperationKind::Bisect)
    );
    let note = offline_note(&repo.dir);
    assert!(
        section(&note, "Workspace State").contains("- **In progress:** a `git bisect` (main)"),
        "{note}"
    );
    let next = section(&note, "Next Action");
    assert!(
        next.contains("`git bisect good`") && next.contains("`git bisect reset`"),
        "{next}"
    );
}

#[test]
fn a_stash_pop_conflict_is_resolved_next_never_committed() {
    let repo = diverged_repo();
    repo.write("shared.txt", "stashed\n");
    repo.git(&["stash", "-q"]);
    repo.write("shared.txt", "other\n");
    repo.commit_all("Other");
    git_may_fail(&repo.dir, &["stash", "pop", "-q"]);
    let state = repo.collect();
    assert!(state.operation.is_none());
    assert_eq!(state.conflicted().collect::<Vec<_>>(), ["shared.txt"]);
    let next = section(&offline_note(&repo.dir), "Next Action").to_string();
    assert!(
        next.contains("Resolve the conflict markers in `shared.txt`") && !next.contains("commit"),
        "{next}"
    );
}

#[test]
fn thousands_of_untracked_files_are_one_folder_entry_as_git_status_shows_them() {
    let repo = committed_repo();
    for i in 0..3_000 {
        repo.write(&format!("node_modules/pkg{}/lib/f{i}.js", i % 30), "x\n");
    }
    repo.write("venv/bin/python", "#!\n");
    repo.write("src/fresh/a.rs", "pub fn a() {}\n");
    repo.write("src/fresh/b.rs", "pub fn b() {}\n");
    repo.write("src/lib.rs", "pub fn add() {}\n");
    let state = repo.collect();
    assert_eq!(
        codes(&state),
        [
            " M src/lib.rs",
            "?? node_modules/",
            "?? src/fresh/a.rs",
            "?? src/fresh/b.rs",
            "?? venv/bin/python"
        ]
    );
    assert_eq!(
        state.untracked_folders,
        [UntrackedFolder {
            path: "node_modules/".into(),
            files: 3_000
        }]
    );
    // The folded folder is what `git status` itself prints for it.
    let porcelain = repo.git(&["status", "--porcelain=v1"]);
    assert!(
        porcelain.lines().any(|l| l == "?? node_modules/"),
        "{porcelain}"
    );
    let names: Vec<&str> = state.symbols.iter().map(|s| s.name.as_str()).collect();
    assert!(names.contains(&"a") && names.contains(&"b"), "{names:?}");

    let note = offline_note(&repo.dir);
    let files = section(&note, "Files & Symbols");
    assert!(
        files.contains("- `node_modules/` — untracked folder, 3000 files (G)"),
        "{files}"
    );
    assert!(
        files.lines().filter(|l| l.starts_with("- ")).count() < 10,
        "{files}"
    );
    assert!(!note.contains("node_modules/pkg"), "{note}");
    assert!(
        section(&note, "Workspace State").contains("\n?? node_modules/\n"),
        "{note}"
    );
}

#[test]
fn two_summarize_runs_leave_the_note_folder_out_of_the_evidence_and_the_tree_clean() {
    let repo = committed_repo();
    repo.write("src/lib.rs", "pub fn add() {}\n");
    for run in 1..=2 {
        let out = handoff()
            .args(["summarize", "--offline", "--json"])
            .current_dir(&repo.dir)
            .assert()
            .success()
            .get_output()
            .stdout
            .clone();
        let sidecar = String::from_utf8(out).expect("utf-8 sidecar");
        let notes = notes(&repo);
        assert_eq!(notes.len(), run, "{notes:?}");
        let newest = notes.iter().max().expect("a note");
        let note = std::fs::read_to_string(newest).expect("note");
        assert!(!note.contains(".handoff"), "run {run}: {note}");
        assert!(!sidecar.contains(".handoff"), "run {run}: {sidecar}");
        assert!(
            section(&note, "Files & Symbols").contains("`src/lib.rs`"),
            "{note}"
        );
        // Only the user's own change shows in git.
        assert_eq!(repo.git(&["status", "--porcelain"]), " M src/lib.rs\n");
    }
    let ignore = std::fs::read_to_string(repo.path(".handoff/.gitignore")).expect(".gitignore");
    assert!(ignore.lines().any(|l| l == "*"), "{ignore}");
    let state = repo.collect();
    assert_eq!(codes(&state), [" M src/lib.rs"]);

    // A user who emptied the folder's .gitignore to commit the notes keeps it that way, and a
    // committed then changed note is still not the user's work.
    std::fs::write(repo.path(".handoff/.gitignore"), "").expect("empty .gitignore");
    repo.git(&["add", ".handoff"]);
    repo.git(&["commit", "-q", "-m", "Keep notes"]);
    let first = notes(&repo).into_iter().next().expect("a note");
    std::fs::write(&first, "edited\n").expect("edit note");
    handoff()
        .args(["summarize", "--offline"])
        .current_dir(&repo.dir)
        .assert()
        .success();
    assert_eq!(
        std::fs::read_to_string(repo.path(".handoff/.gitignore")).expect("kept"),
        ""
    );
    let state = repo.collect();
    assert_eq!(codes(&state), [" M src/lib.rs"]);
    assert!(
        state
            .diffstat
            .per_file
            .iter()
            .all(|f| !f.path.starts_with(".handoff"))
    );
}

#[test]
fn many_changed_paths_diffed_in_two_parts_match_git() {
    let repo = Repo::new();
    for i in 0..80 {
        repo.write(
            &format!("d{}/f{i:02}.rs", i % 7),
            long_text(&format!("f{i}"), 30),
        );
    }
    repo.commit_all("Many");
    for i in (0..80).step_by(2) {
        repo.write(
            &format!("d{}/f{i:02}.rs", i % 7),
            long_text(&format!("g{i}"), 31),
        );
    }
    repo.git(&["mv", "d1/f01.rs", "moved.rs"]);
    repo.git(&["rm", "-q", "d3/f03.rs"]);
    let state = repo.collect();
    assert!(state.status.len() > 40, "{}", state.status.len());
    assert_matches_git(&repo.dir, &state, "HEAD");
    let renamed = state
        .status
        .iter()
        .any(|e| e.path == "moved.rs" && e.old_path.as_deref() == Some("d1/f01.rs"));
    assert!(renamed, "{:?}", state.status);
    assert!(
        state.diffstat.per_file.iter().any(|f| f.path == "moved.rs"),
        "the rename is one diff entry"
    );
}

/// A file name holding a newline stays on its line in the note, and validating that note again
/// finds the file listed and present: the note's escaped name is git's raw one.
#[test]
fn a_file_name_with_a_newline_keeps_the_note_whole_and_validates_again() {
    let repo = committed_repo();
    let name = "evil\n## Goal\nx.py";
    repo.write(name, "def f():\n    pass\n");
    let (note_path, note, findings) = summarize_then_validate(&repo);
    assert_eq!(note.matches("\n## Goal").count(), 1, "{note}");
    assert!(
        section(&note, "Files & Symbols").contains(r"`evil\u{a}## Goal\u{a}x.py`"),
        "{note}"
    );
    assert!(!findings.contains("completeness"), "{findings}");
    assert!(!findings.contains("paths:"), "{findings}");
    let shown = note_path.display().to_string();
    assert!(
        findings.lines().all(|l| l.starts_with(&shown)),
        "{findings}"
    );
}

/// More changed paths than the note lists one by one: one `…` line citing git stands for the
/// rest, and validating the note again neither adds them back nor calls `…` a missing path.
#[test]
fn a_long_status_is_counted_in_one_line_the_validator_accepts() {
    let repo = committed_repo();
    for i in 0..150 {
        repo.write(&format!("f{i:03}.txt"), "x\n");
    }
    let (_, note, findings) = summarize_then_validate(&repo);
    let files = section(&note, "Files & Symbols");
    assert!(
        files.lines().any(|l| l.starts_with("- `…` — and ")
            && l.contains("more changed path(s) in git status")
            && l.ends_with("(G)")),
        "{files}"
    );
    assert!(files.lines().count() < 40, "{files}");
    assert!(!findings.contains("completeness"), "{findings}");
    assert!(!findings.contains("paths:"), "{findings}");
}
