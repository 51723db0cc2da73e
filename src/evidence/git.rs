//! Git state read with git2 (never a `git` subprocess): the "Workspace State" of a note is
//! computed from this, never drafted.

mod halves;
mod operation;
mod packed_refs;
mod untracked;

pub use operation::{Operation, OperationKind};

use super::symbols::{Lang, Scopes, hunk_context};
use git2::{
    Delta, DiffFindOptions, DiffOptions, ErrorCode, FileMode, IndexEntryExtendedFlag, Patch,
    Repository, RepositoryOpenFlags, Status, StatusOptions, StatusShow,
};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;
use std::time::Duration;

/// The folder, in the worktree root, where `handoff` writes its notes. It is the tool's own
/// output, never the user's work: left out of the git state entirely.
pub(crate) const NOTE_DIR: &str = ".handoff";

/// A snapshot of the repository at collection time.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct GitState {
    /// Absolute path of the worktree root.
    pub root: String,
    /// Current branch name; `None` on a detached HEAD.
    pub branch: Option<String>,
    /// HEAD commit; `None` on an unborn branch.
    pub head: Option<Head>,
    /// Like `git status --porcelain=v1`, one entry per path.
    pub status: Vec<StatusEntry>,
    /// Like `git diff --stat HEAD` (worktree + index against HEAD).
    pub diffstat: DiffStat,
    /// Functions/types/methods touched by the diff, plus those defined in untracked source
    /// files; by path, in file order.
    pub symbols: Vec<Symbol>,
    /// Trimmed diff hunks per file, kept for the prompt and the symbol check.
    #[serde(default)]
    pub hunks: Vec<FileHunks>,
    /// The latest commits on HEAD (first parents, newest first, at most [`MAX_COMMITS`]), so that
    /// commits made during a session can be named.
    #[serde(default)]
    pub commits: Vec<CommitInfo>,
    /// A merge, rebase, cherry-pick, revert, bisect or `git am` stopped half-way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub operation: Option<Operation>,
    /// The untracked folders `status` shows as one `dir/` entry, with how many files each
    /// holds (see `untracked.rs`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub untracked_folders: Vec<UntrackedFolder>,
    /// The URL of the `origin` remote, when there is one (a session's transcript may name it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remote: Option<String>,
    /// When each changed path that exists on disk was last written (its mtime): what a command
    /// whose result the transcript lost may have left.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub modified: std::collections::BTreeMap<String, chrono::DateTime<chrono::Utc>>,
}

/// An untracked folder summarised as one status entry, as `git status` shows `?? node_modules/`.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct UntrackedFolder {
    /// Repository-relative path, ending with `/`.
    pub path: String,
    /// Untracked files under it.
    pub files: usize,
}

impl GitState {
    /// The paths left conflicted (unmerged), in status order.
    pub fn conflicted(&self) -> impl Iterator<Item = &str> {
        self.status
            .iter()
            .filter(|e| e.is_conflicted())
            .map(|e| e.path.as_str())
    }

    /// How many untracked files a folded `dir/` entry stands for (`None` for other entries).
    pub fn folder_files(&self, path: &str) -> Option<usize> {
        // In path order, as `status` lists them.
        self.untracked_folders
            .binary_search_by(|f| f.path.as_str().cmp(path))
            .ok()
            .map(|i| self.untracked_folders[i].files)
    }
}

impl StatusEntry {
    /// An unmerged path: git's `DD AU UD UA DU AA UU` codes.
    pub fn is_conflicted(&self) -> bool {
        matches!(
            (self.index.as_str(), self.worktree.as_str()),
            ("U", _) | (_, "U") | ("A", "A") | ("D", "D")
        )
    }
}

/// Most commits read back from HEAD.
pub(crate) const MAX_COMMITS: usize = 30;

/// One commit on HEAD.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct CommitInfo {
    /// Full hex id.
    pub id: String,
    /// First line of the message.
    pub summary: String,
    /// Committer time.
    pub time: Option<chrono::DateTime<chrono::Utc>>,
    /// True when the commit was made during the transcript's session (set once a transcript is
    /// read; false without one).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub in_session: bool,
    /// The message after its first line (trimmed, bounded).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub body: String,
    /// Paths the commit changed against its first parent (bounded).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files: Vec<String>,
}

/// The HEAD commit.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Head {
    /// Full hex id.
    pub id: String,
    /// First line of the message.
    pub summary: String,
}

/// One `git status --porcelain=v1` line.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct StatusEntry {
    /// Path relative to the worktree root ('/' separators).
    pub path: String,
    /// Source path of a rename.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub old_path: Option<String>,
    /// Porcelain X column (index): one of " MADRCU?!".
    pub index: String,
    /// Porcelain Y column (worktree): one of " MADRCU?!".
    pub worktree: String,
}

/// `git diff --stat` totals and per-file lines.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct DiffStat {
    /// Number of files changed.
    pub files: usize,
    /// Lines added.
    pub insertions: usize,
    /// Lines removed.
    pub deletions: usize,
    /// One entry per changed file.
    pub per_file: Vec<FileStat>,
}

/// One file of a diffstat.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileStat {
    /// Path relative to the worktree root.
    pub path: String,
    /// Lines added.
    pub insertions: usize,
    /// Lines removed.
    pub deletions: usize,
    /// True for binary files (counted, never read whole).
    pub binary: bool,
}

/// A symbol (function, type, method…) touched by the diff.
#[derive(Debug, Clone, Default, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Symbol {
    /// File the symbol lives in.
    pub path: String,
    /// The bare identifier, e.g. `parse_line` or `TokenBudget`.
    pub name: String,
}

/// Trimmed hunks of one file.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct FileHunks {
    /// Path relative to the worktree root.
    pub path: String,
    /// Hunks in file order.
    pub hunks: Vec<Hunk>,
    /// Hunks left out entirely (past the per-file or the total bound).
    #[serde(default)]
    pub elided_hunks: usize,
}

/// One diff hunk, its body trimmed to a bounded number of lines.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Hunk {
    /// The `@@ -a,b +c,d @@ context` header line.
    pub header: String,
    /// Body lines with their `+`/`-`/` ` prefixes, trimmed.
    pub lines: Vec<String>,
    /// Lines left out by trimming.
    pub elided: usize,
}

/// At most this many hunks are kept per file; the rest only count in `elided_hunks`.
const MAX_HUNKS_PER_FILE: usize = 12;
/// At most this many body lines are kept per hunk; the rest count in `elided`.
const MAX_LINES_PER_HUNK: usize = 40;
/// At most this many lines (headers included) are kept per file.
const MAX_LINES_PER_FILE: usize = 160;
/// At most this many lines (headers included) are kept over the whole diff.
const MAX_TOTAL_LINES: usize = 2_000;
/// Longer kept lines are cut (minified code would otherwise fill the prompt).
const MAX_LINE_CHARS: usize = 240;
/// At most this many untracked source files are scanned for definitions.
const MAX_UNTRACKED_SCANNED: usize = 200;
/// Untracked files bigger than this are not scanned for definitions.
const MAX_UNTRACKED_BYTES: u64 = 256 * 1024;
/// Files bigger than this are diffed as binary: counted, never loaded.
const MAX_DIFF_BLOB_BYTES: i64 = 8 * 1024 * 1024;

/// Collects the git state of the repository that contains `dir`.
///
/// Discovers the repository upward from `dir` (so a subdirectory or a linked worktree works).
/// Returns `Ok(None)` when `dir` is inside no repository, or inside a bare one, which has no
/// worktree to describe (the caller turns that into the warning "no git repository at DIR").
///
/// The diff (`diffstat`, `hunks`, `symbols`) is the worktree and index against HEAD, like
/// `git diff HEAD` (against the empty tree on an unborn branch): untracked files are listed in
/// `status` only, never in the diff, as with git; the definitions in untracked source files are
/// added to `symbols`. The index is only read, never refreshed, so collecting never takes
/// `index.lock` from under a running `git`.
pub fn collect(dir: &Path) -> crate::Result<Option<GitState>> {
    skip_object_hash_checks();
    let repo = match open_containing(dir) {
        Ok(repo) => repo,
        Err(e) if e.code() == ErrorCode::NotFound => return Ok(None),
        Err(e) => return Err(repo_error(dir, &e)),
    };
    let Some(workdir) = repo.workdir() else {
        return Ok(None);
    };
    let root = root_string(workdir);
    read_state(&repo, root).map(Some).map_err(|e| {
        // libgit2 says "corrupted packed references file"; say which line git would refuse.
        let precise = packed_refs::problem(repo.commondir()).map(|p| git2::Error::from_str(&p));
        repo_error(dir, precise.as_ref().unwrap_or(&e))
    })
}

/// Turns off libgit2's check that every object read hashes to its id (process-wide, once).
///
/// git does not check it when it reads a tree or a blob for `status` or `diff` (only `fsck`
/// and a few commands do); libgit2 does on every read, with the collision-detecting SHA-1,
/// which in a 38,000-file repository is every tree of HEAD hashed again on each collection
/// (the HEAD-to-index comparison reads them all). `handoff` only reads repositories.
fn skip_object_hash_checks() {
    static ONCE: std::sync::Once = std::sync::Once::new();
    ONCE.call_once(|| git2::opts::strict_hash_verification(false));
}

/// The repository containing `dir`, searched upward from it.
///
/// Opened from `dir` itself, not from the git dir `Repository::discover` returns: a worktree
/// whose `.git` is a file (`git init --separate-git-dir`) is the folder holding that file, while
/// reopening the git dir would take the git dir's parent for the worktree.
pub(crate) fn open_containing(dir: &Path) -> Result<Repository, git2::Error> {
    let no_ceiling: [&std::ffi::OsStr; 0] = [];
    Repository::open_ext(dir, RepositoryOpenFlags::empty(), no_ceiling)
}

/// What reading the repository gave within the deadline (see [`collect_within`]).
#[derive(Debug)]
pub(crate) enum Reading {
    /// The repository's state.
    State(Box<GitState>),
    /// No repository (or a bare one) contains the folder.
    NoRepository,
    /// Reading did not finish in time; the reading is abandoned, still running.
    TimedOut(Duration),
}

/// [`collect`] under a deadline, so that a repository libgit2 cannot finish reading never
/// blocks the caller (an agent's hook before `/clear`).
///
/// libgit2 can loop forever on a corrupt repository (a loose object truncated by a crash or a
/// full disk: libgit2 issue 7342, fixed upstream after the release vendored here), and a call
/// into it cannot be cancelled. So the reading runs on its own thread and, past `limit`, is
/// left behind: the thread is detached and ends with the process, which never waits for it.
pub(crate) fn collect_within(dir: &Path, limit: Duration) -> crate::Result<Reading> {
    let (tx, rx) = std::sync::mpsc::channel();
    let owned = dir.to_path_buf();
    let spawned = std::thread::Builder::new()
        .name("handoff-git".into())
        .spawn(move || {
            let _ = tx.send(collect(&owned));
        });
    if spawned.is_err() {
        // No thread to spare: read here, without a deadline rather than not at all.
        return to_reading(collect(dir));
    }
    match rx.recv_timeout(limit) {
        Ok(result) => to_reading(result),
        Err(std::sync::mpsc::RecvTimeoutError::Timeout) => Ok(Reading::TimedOut(limit)),
        Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => Err(crate::Error::input(
            dir,
            "cannot read the git repository: the reader stopped unexpectedly; check the repository with `git status` there",
        )),
    }
}

fn to_reading(result: crate::Result<Option<GitState>>) -> crate::Result<Reading> {
    Ok(match result? {
        Some(state) => Reading::State(Box::new(state)),
        None => Reading::NoRepository,
    })
}

/// The worktree root of the repository containing `dir`, without reading its state (cheap: a
/// hook asks it on every session start). `None` outside a repository or in a bare one.
pub(crate) fn collect_root(dir: &Path) -> Option<std::path::PathBuf> {
    let repo = Repository::discover(dir).ok()?;
    repo.workdir()
        .map(|w| std::path::PathBuf::from(root_string(w)))
}

fn read_state(repo: &Repository, root: String) -> Result<GitState, git2::Error> {
    let branch = branch_name(repo)?;
    let head_commit = match repo.head() {
        Ok(reference) => Some(reference.peel_to_commit()?),
        Err(e) if matches!(e.code(), ErrorCode::UnbornBranch | ErrorCode::NotFound) => {
            // libgit2 skips a packed-refs line it cannot parse: a branch whose only ref was in
            // a file cut short would look unborn. git refuses such a file; so do we.
            if let Some(problem) = packed_refs::problem(repo.commondir()) {
                return Err(git2::Error::from_str(&problem));
            }
            None
        }
        Err(e) => return Err(e),
    };
    let head = head_commit.as_ref().map(|commit| Head {
        id: commit.id().to_string(),
        summary: commit
            .summary_bytes()
            .map(|s| String::from_utf8_lossy(s).into_owned())
            .unwrap_or_default(),
    });
    let head_tree = head_commit.as_ref().map(|c| c.tree()).transpose()?;
    // Opens its own reader now, so that it is ready for its half of the status.
    let helper = repo.workdir().and_then(SecondReader::spawn);
    // The history needs neither the status nor the diff: read it beside them.
    let log_reader = head_commit
        .as_ref()
        .zip(repo.workdir())
        .and_then(|(c, w)| spawn_log_reader(w, c.id()));
    let index = repo.index()?;
    let mut conflicts = conflict_codes(&index)?;
    conflicts.retain(|path, _| !in_note_dir(path));
    let (status, untracked_folders) = read_status(repo, &index, &conflicts, helper.as_ref())?;
    let mut diff = read_diff(repo, head_tree.as_ref(), &status, &conflicts, helper)?;
    if let Some(workdir) = repo.workdir() {
        diff.symbols.extend(untracked_symbols(workdir, &status));
        diff.symbols.sort_by(|a, b| a.path.cmp(&b.path));
    }
    let commits = match &head_commit {
        Some(c) => log_reader
            .and_then(|reader| reader.join().ok().flatten())
            .unwrap_or_else(|| recent_commits(repo, c)),
        None => Vec::new(),
    };
    let modified = repo
        .workdir()
        .map(|w| {
            status
                .iter()
                .filter_map(|e| {
                    let at = std::fs::symlink_metadata(w.join(&e.path))
                        .ok()?
                        .modified()
                        .ok()?;
                    Some((e.path.clone(), chrono::DateTime::<chrono::Utc>::from(at)))
                })
                .collect()
        })
        .unwrap_or_default();
    Ok(GitState {
        modified,
        root,
        branch,
        head,
        status,
        diffstat: diff.stat,
        symbols: diff.symbols,
        hunks: diff.hunks,
        commits,
        operation: operation::read(repo),
        untracked_folders,
        remote: repo
            .find_remote("origin")
            .ok()
            .and_then(|r| r.url().ok().map(str::to_string)),
    })
}

/// Whether a repository-relative path lies in the note folder ([`NOTE_DIR`]).
fn in_note_dir(path: &[u8]) -> bool {
    path.strip_prefix(NOTE_DIR.as_bytes())
        .is_some_and(|rest| rest.is_empty() || rest.starts_with(b"/"))
}

/// Most bytes of a commit message body kept.
const MAX_BODY_BYTES: usize = 2000;
/// Most paths listed per commit.
const MAX_COMMIT_FILES: usize = 60;

/// The paths a commit changed against its first parent (the whole tree for a root commit).
fn commit_files(repo: &Repository, c: &git2::Commit<'_>) -> Vec<String> {
    let Ok(tree) = c.tree() else {
        return Vec::new();
    };
    let parent = c.parent(0).ok().and_then(|p| p.tree().ok());
    if parent.is_none() {
        // A root commit adds its whole tree (38,000 files in an imported project): list the
        // first paths in the order a diff gives them, without diffing the rest.
        return first_tree_paths(&tree, MAX_COMMIT_FILES);
    }
    let Ok(diff) = repo.diff_tree_to_tree(parent.as_ref(), Some(&tree), None) else {
        return Vec::new();
    };
    diff.deltas()
        .filter_map(|d| d.new_file().path().or_else(|| d.old_file().path()))
        .take(MAX_COMMIT_FILES)
        .map(|p| p.to_string_lossy().replace('\\', "/"))
        .collect()
}

/// The first `max` paths of files (and submodules) in `tree`, in path order, as a diff from the
/// empty tree lists them.
fn first_tree_paths(tree: &git2::Tree<'_>, max: usize) -> Vec<String> {
    let mut out = Vec::new();
    let _ = tree.walk(git2::TreeWalkMode::PreOrder, |dir, entry| {
        if out.len() == max {
            return git2::TreeWalkResult::Abort;
        }
        if entry.kind() != Some(git2::ObjectType::Tree) {
            let name = String::from_utf8_lossy(entry.name_bytes());
            out.push(format!("{dir}{name}"));
        }
        git2::TreeWalkResult::Ok
    });
    out
}

/// Reads [`recent_commits`] from `head` on a thread of its own (with its own handle on the
/// repository); the thread gives `None` when it cannot, and the caller reads them itself.
fn spawn_log_reader(
    workdir: &Path,
    head: git2::Oid,
) -> Option<std::thread::JoinHandle<Option<Vec<CommitInfo>>>> {
    let workdir = workdir.to_path_buf();
    std::thread::Builder::new()
        .name("handoff-git-log".into())
        .spawn(move || {
            let repo = open_containing(&workdir).ok()?;
            let head = repo.find_commit(head).ok()?;
            Some(recent_commits(&repo, &head))
        })
        .ok()
}

/// The first-parent history from `head`, newest first, bounded by [`MAX_COMMITS`]. A parent
/// that cannot be read (a shallow clone's boundary) ends the walk.
fn recent_commits(repo: &Repository, head: &git2::Commit<'_>) -> Vec<CommitInfo> {
    let mut out = Vec::new();
    let mut next = Some(head.clone());
    while let Some(c) = next.take() {
        if out.len() == MAX_COMMITS {
            break;
        }
        out.push(CommitInfo {
            id: c.id().to_string(),
            summary: c
                .summary_bytes()
                .map(|s| String::from_utf8_lossy(s).into_owned())
                .unwrap_or_default(),
            time: chrono::DateTime::from_timestamp(c.time().seconds(), 0),
            in_session: false,
            body: {
                let msg = String::from_utf8_lossy(c.message_bytes());
                let body = msg.split_once('\n').map(|(_, b)| b.trim()).unwrap_or("");
                let mut end = body.len().min(MAX_BODY_BYTES);
                while !body.is_char_boundary(end) {
                    end -= 1;
                }
                body[..end].to_string()
            },
            files: commit_files(repo, &c),
        });
        next = c.parent(0).ok();
    }
    out
}

/// The definitions in untracked source files: new code that no diff shows, yet touched. Bounded
/// in files and bytes; a file that vanished or cannot be read is skipped (it is still listed in
/// `status`).
fn untracked_symbols(workdir: &Path, status: &[StatusEntry]) -> Vec<Symbol> {
    let mut symbols = Vec::new();
    let sources = status
        .iter()
        .filter(|e| e.index == "?" && !e.path.ends_with('/'))
        .filter_map(|e| Some((e, Lang::from_path(&e.path)?)))
        .take(MAX_UNTRACKED_SCANNED);
    for (entry, lang) in sources {
        let file = workdir.join(&entry.path);
        let small_file = std::fs::symlink_metadata(&file)
            .is_ok_and(|m| m.is_file() && m.len() <= MAX_UNTRACKED_BYTES);
        if !small_file {
            continue;
        }
        let Ok(bytes) = std::fs::read(&file) else {
            continue;
        };
        if bytes.contains(&0) {
            continue;
        }
        let text = String::from_utf8_lossy(&bytes);
        let mut seen = HashSet::new();
        for name in text.lines().filter_map(|line| lang.defined_name(line)) {
            if seen.insert(name) {
                symbols.push(Symbol {
                    path: entry.path.clone(),
                    name: name.to_string(),
                });
            }
        }
    }
    symbols
}

/// One line per problem, naming the directory and what to do.
fn repo_error(dir: &Path, e: &git2::Error) -> crate::Error {
    let hint = match e.code() {
        ErrorCode::Owner => {
            "; the repository belongs to another user: trust it with `git config --global --add safe.directory <path>`"
        }
        _ => "; check the repository with `git status` there",
    };
    let message = e.message().replace(['\n', '\r'], " ");
    crate::Error::input(
        dir,
        format!("cannot read the git repository: {message}{hint}"),
    )
}

fn root_string(workdir: &Path) -> String {
    let root = workdir.to_string_lossy();
    let trimmed = root.trim_end_matches('/');
    if trimmed.is_empty() {
        "/".to_string()
    } else {
        trimmed.to_string()
    }
}

fn lossy(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The branch HEAD points to (also when it has no commit yet), `None` when detached.
fn branch_name(repo: &Repository) -> Result<Option<String>, git2::Error> {
    let head = repo.find_reference("HEAD")?;
    Ok(head
        .symbolic_target_bytes()
        .map(|target| lossy(target.strip_prefix(b"refs/heads/").unwrap_or(target))))
}

/// `git status --porcelain=v1`, entry for entry: tracked changes (conflicts included) sorted by
/// path, then untracked files sorted by path, as git prints them, with big untracked folders
/// folded into one `dir/` entry (returned with their file counts; see `untracked`). The note
/// folder is left out.
///
/// In a big worktree, `helper` cuts it in two (see `halves`) and walks one part while this
/// thread compares HEAD with the index and walks the other part; the entries are the same as
/// one walk's.
fn read_status(
    repo: &Repository,
    index: &git2::Index,
    conflicts: &HashMap<Vec<u8>, (char, char)>,
    helper: Option<&SecondReader>,
) -> Result<(Vec<StatusEntry>, Vec<UntrackedFolder>), git2::Error> {
    let big = index.len() >= halves::MIN_ENTRIES_TO_SPLIT;
    let items = match helper.filter(|_| big) {
        Some(helper) => {
            // HEAD to the index first: the helper cuts the worktree meanwhile.
            let mut items = status_items(repo, StatusShow::Index, &[])?;
            match helper.cut() {
                Some((mine, theirs)) => {
                    items.extend(status_items(repo, StatusShow::Workdir, &mine)?);
                    match helper.status_items() {
                        Some(theirs) => items.extend(theirs),
                        None => items.extend(status_items(repo, StatusShow::Workdir, &theirs)?),
                    }
                }
                None => items.extend(status_items(repo, StatusShow::Workdir, &[])?),
            }
            merge_items(items)
        }
        None => status_items(repo, StatusShow::IndexAndWorkdir, &[])?,
    };
    // `git add -N` entries: git prints them ` A` (not staged yet), libgit2 as new in the index.
    let intent_to_add: HashSet<Vec<u8>> = if items.iter().any(|e| e.flags.is_index_new()) {
        index
            .iter()
            .filter(|e| {
                IndexEntryExtendedFlag::from_bits_truncate(e.flags_extended).is_intent_to_add()
            })
            .map(|e| e.path)
            .collect()
    } else {
        HashSet::new()
    };
    let mut tracked: Vec<(Vec<u8>, StatusEntry)> = Vec::new();
    let mut untracked: Vec<String> = Vec::new();
    for (path, code) in conflicts {
        tracked.push((path.clone(), entry(path, None, code.0, code.1)));
    }
    for item in &items {
        let flags = item.flags;
        let (path, old_path) = (item.path.as_slice(), item.old_path.as_deref());
        // A rename is judged by its source, the path libgit2 lists it under.
        let listed = old_path.unwrap_or(path);
        if flags.is_ignored()
            || flags.is_conflicted()
            || conflicts.contains_key(listed)
            || in_note_dir(listed)
        {
            continue;
        }
        let (x, y) = if intent_to_add.contains(path) {
            (' ', if flags.is_wt_deleted() { 'D' } else { 'A' })
        } else {
            (index_code(flags), worktree_code(flags))
        };
        if flags.is_wt_new() {
            // `git rm --cached f` leaves `D  f` and `?? f`: two lines in git, one entry here.
            if x != ' ' {
                tracked.push((path.to_vec(), entry(path, old_path, x, ' ')));
            }
            untracked.push(lossy(path));
        } else if x != ' ' || y != ' ' {
            tracked.push((path.to_vec(), entry(path, old_path, x, y)));
        }
    }
    tracked.sort_by(|a, b| a.0.cmp(&b.0));
    untracked.sort();
    let folded = untracked::fold(&untracked, |dir| index.find_prefix(dir).is_ok());
    let folders = folded
        .iter()
        .filter(|u| u.folded)
        .map(|u| UntrackedFolder {
            path: u.path.clone(),
            files: u.files,
        })
        .collect();
    let entries = tracked
        .into_iter()
        .map(|(_, e)| e)
        .chain(
            folded
                .into_iter()
                .map(|u| entry(u.path.as_bytes(), None, '?', '?')),
        )
        .collect();
    Ok((entries, folders))
}

/// One path's status, as plain data (a helper thread sends it back).
#[derive(Debug, Clone, PartialEq, Eq)]
struct StatusItem {
    /// The path in the index (a staged rename's destination; an untracked file's path).
    path: Vec<u8>,
    /// A staged rename's source.
    old_path: Option<Vec<u8>>,
    flags: Status,
}

/// The status of the paths in `pathspec` (literal paths; every path when empty), from HEAD to
/// the index, from the index to the worktree, or both, as `show` says.
fn status_items(
    repo: &Repository,
    show: StatusShow,
    pathspec: &[String],
) -> Result<Vec<StatusItem>, git2::Error> {
    let mut opts = StatusOptions::new();
    opts.show(show)
        .include_untracked(true)
        .recurse_untracked_dirs(true)
        .include_ignored(false)
        .exclude_submodules(false)
        .renames_head_to_index(true)
        .renames_index_to_workdir(false);
    if !pathspec.is_empty() {
        // Literal paths also let the worktree walk skip every other path before its `lstat`.
        opts.disable_pathspec_match(true);
        for path in pathspec {
            opts.pathspec(path.as_str());
        }
    }
    let statuses = repo.statuses(Some(&mut opts))?;
    Ok(statuses
        .iter()
        .map(|item| {
            let flags = item.status();
            let renamed = item
                .head_to_index()
                .filter(|_| flags.is_index_renamed())
                .and_then(|d| Some((d.new_file().path_bytes()?, d.old_file().path_bytes()?)));
            let (path, old_path) = match renamed {
                Some((new, old)) => (new, Some(old.to_vec())),
                None => (item.path_bytes(), None),
            };
            StatusItem {
                path: path.to_vec(),
                old_path,
                flags,
            }
        })
        .collect())
}

/// One item per path from the items of separate status reads (HEAD to index, and the index to
/// each part of the worktree), as one read pairs them: by the path in the index.
fn merge_items(mut items: Vec<StatusItem>) -> Vec<StatusItem> {
    items.sort_by(|a, b| a.path.cmp(&b.path));
    let mut merged: Vec<StatusItem> = Vec::with_capacity(items.len());
    for item in items {
        match merged.last_mut() {
            Some(last) if last.path == item.path => {
                last.flags |= item.flags;
                last.old_path = last.old_path.take().or(item.old_path);
            }
            _ => merged.push(item),
        }
    }
    merged
}

/// The paths of the index entries, in index order; `None` when one is not UTF-8 (it could not
/// be given back as a pathspec).
fn index_paths(index: &git2::Index) -> Option<Vec<String>> {
    index
        .iter()
        .map(|e| String::from_utf8(e.path).ok())
        .collect()
}

fn entry(path: &[u8], old_path: Option<&[u8]>, index: char, worktree: char) -> StatusEntry {
    StatusEntry {
        path: lossy(path),
        old_path: old_path.map(lossy),
        index: index.to_string(),
        worktree: worktree.to_string(),
    }
}

/// The porcelain X column for a non-conflicted entry.
fn index_code(flags: Status) -> char {
    if flags.is_index_new() {
        'A'
    } else if flags.is_index_renamed() {
        'R'
    } else if flags.is_index_deleted() {
        'D'
    } else if flags.is_index_typechange() {
        'T'
    } else if flags.is_index_modified() {
        'M'
    } else {
        ' '
    }
}

/// The porcelain Y column for a non-conflicted, non-untracked entry.
fn worktree_code(flags: Status) -> char {
    if flags.is_wt_deleted() {
        'D'
    } else if flags.is_wt_typechange() {
        'T'
    } else if flags.is_wt_renamed() {
        'R'
    } else if flags.is_wt_modified() {
        'M'
    } else {
        ' '
    }
}

/// The two-letter unmerged code git prints for each conflicted path, from which of the three
/// stages (base, ours, theirs) the index holds.
fn conflict_codes(index: &git2::Index) -> Result<HashMap<Vec<u8>, (char, char)>, git2::Error> {
    let mut codes = HashMap::new();
    if !index.has_conflicts() {
        return Ok(codes);
    }
    for conflict in index.conflicts()? {
        let conflict = conflict?;
        let code = unmerged_code(
            conflict.ancestor.is_some(),
            conflict.our.is_some(),
            conflict.their.is_some(),
        );
        if let Some(stage) = conflict.our.or(conflict.their).or(conflict.ancestor) {
            codes.insert(stage.path, code);
        }
    }
    Ok(codes)
}

/// git's `unmerged_status` table (wt-status.c).
fn unmerged_code(base: bool, ours: bool, theirs: bool) -> (char, char) {
    match (base, ours, theirs) {
        (true, false, false) => ('D', 'D'),
        (false, true, false) => ('A', 'U'),
        (true, true, false) => ('U', 'D'),
        (false, false, true) => ('U', 'A'),
        (true, false, true) => ('D', 'U'),
        (false, true, true) => ('A', 'A'),
        _ => ('U', 'U'),
    }
}

#[derive(Default)]
struct DiffFacts {
    stat: DiffStat,
    hunks: Vec<FileHunks>,
    symbols: Vec<Symbol>,
}

fn diff_options() -> DiffOptions {
    let mut opts = DiffOptions::new();
    opts.include_untracked(false)
        .ignore_submodules(false)
        .context_lines(3)
        .interhunk_lines(0)
        .indent_heuristic(true)
        .max_size(MAX_DIFF_BLOB_BYTES);
    opts
}

/// Fewer changed paths than this are diffed on one thread.
const MIN_PATHS_TO_SHARE: usize = 32;

/// A second reader of the same repository, on the other core: it opens the repository and loads
/// its index while this thread does the same; in a big worktree it then cuts the worktree in
/// two (see `halves`) and reads the status of the second part at once, while this thread
/// compares HEAD with the index; last, it diffs the paths it is sent.
struct SecondReader {
    /// The cut (this thread's part, then the reader's), or `None` when the worktree is read in
    /// one walk.
    cut: std::sync::mpsc::Receiver<Option<(Vec<String>, Vec<String>)>>,
    statuses: std::sync::mpsc::Receiver<Result<Vec<StatusItem>, git2::Error>>,
    diff_paths: std::sync::mpsc::Sender<Vec<String>>,
    done: std::thread::JoinHandle<Result<DiffFacts, git2::Error>>,
}

impl SecondReader {
    fn spawn(workdir: &Path) -> Option<SecondReader> {
        let workdir = workdir.to_path_buf();
        let (cut_tx, cut) = std::sync::mpsc::channel();
        let (status_tx, statuses) = std::sync::mpsc::channel();
        let (diff_paths_tx, to_diff) = std::sync::mpsc::channel::<Vec<String>>();
        let done = std::thread::Builder::new()
            .name("handoff-git-reader".into())
            .spawn(move || {
                let repo = open_containing(&workdir)?;
                let index = repo.index()?;
                // Cut here rather than on the other thread, which meanwhile compares HEAD with
                // the index: the cut's cost (listing 38,000 paths) is then off its path.
                let cut = (index.len() >= halves::MIN_ENTRIES_TO_SPLIT)
                    .then(|| halves::halves(&workdir, &index_paths(&index)?))
                    .flatten();
                drop(index);
                let second = cut.as_ref().map(|(_, second)| second.clone());
                let _ = cut_tx.send(cut);
                if let Some(second) = second {
                    let _ = status_tx.send(status_items(&repo, StatusShow::Workdir, &second));
                }
                let head_tree = match repo.head() {
                    Ok(head) => Some(head.peel_to_tree()?),
                    Err(_) => None,
                };
                match to_diff.recv() {
                    Ok(paths) => {
                        let paths: Vec<&str> = paths.iter().map(String::as_str).collect();
                        diff_paths(&repo, head_tree.as_ref(), &paths)
                    }
                    Err(_) => Ok(DiffFacts::default()),
                }
            })
            .ok()?;
        Some(SecondReader {
            cut,
            statuses,
            diff_paths: diff_paths_tx,
            done,
        })
    }

    /// The cut of the worktree: this thread's part and the reader's, which it is reading;
    /// `None` when the worktree is read in one walk (a small index, no balanced cut, or a
    /// reader that stopped).
    fn cut(&self) -> Option<(Vec<String>, Vec<String>)> {
        self.cut.recv().ok().flatten()
    }

    /// The status of the reader's part; `None` when the reader could not read it (the caller
    /// then reads it itself, and meets the same error if there is one).
    fn status_items(&self) -> Option<Vec<StatusItem>> {
        self.statuses.recv().ok()?.ok()
    }

    /// Asks for the diff of `paths` (its last job); false when the reader has stopped.
    fn ask_diff(&self, paths: &[&str]) -> bool {
        let owned = paths.iter().map(|p| p.to_string()).collect();
        self.diff_paths.send(owned).is_ok()
    }

    /// The facts of the diff asked for; `None` when the reader could not produce them (the
    /// caller then diffs those paths itself).
    fn diffed(self) -> Option<DiffFacts> {
        self.done.join().ok()?.ok()
    }
}

/// `git diff HEAD` (rename detection on): per-file counts, trimmed hunks and touched symbols.
///
/// Only the tracked paths `status` found changed are diffed (a rename's source too), so the
/// worktree is walked once, by the status, not a second time by the diff. With many changed
/// paths, half of them are diffed by `helper` on the other core.
///
/// Unmerged paths have no single index entry, so like git they are diffed HEAD against the
/// worktree file (conflict markers included).
fn read_diff(
    repo: &Repository,
    head_tree: Option<&git2::Tree<'_>>,
    status: &[StatusEntry],
    conflicted: &HashMap<Vec<u8>, (char, char)>,
    helper: Option<SecondReader>,
) -> Result<DiffFacts, git2::Error> {
    let changed: Vec<&StatusEntry> = status
        .iter()
        .filter(|e| e.index != "?" || e.worktree != "?")
        .filter(|e| !conflicted.contains_key(e.path.as_bytes()))
        .collect();
    // A rename's two paths stay in the same part, so that it is found as a rename.
    let paths = |entries: &[&StatusEntry]| -> Vec<String> {
        entries
            .iter()
            .flat_map(|e| std::iter::once(e.path.clone()).chain(e.old_path.clone()))
            .collect()
    };
    let shared = changed.len() >= MIN_PATHS_TO_SHARE && helper.is_some();
    let cut = if shared {
        changed.len() / 2
    } else {
        changed.len()
    };
    let (mine, theirs) = changed.split_at(cut);
    let (mine, theirs) = (paths(mine), paths(theirs));
    let theirs: Vec<&str> = theirs.iter().map(String::as_str).collect();
    let mine: Vec<&str> = mine.iter().map(String::as_str).collect();
    // The helper diffs its part while this thread diffs the other (with nothing to share, it
    // is dropped here, and ends).
    let helper = helper.filter(|_| shared).filter(|h| h.ask_diff(&theirs));
    let mut facts = diff_paths(repo, head_tree, &mine)?;
    let other = match helper.and_then(SecondReader::diffed) {
        Some(other) => other,
        None => diff_paths(repo, head_tree, &theirs)?,
    };
    facts.stat.per_file.extend(other.stat.per_file);
    facts.hunks.extend(other.hunks);
    facts.symbols.extend(other.symbols);
    facts.stat.per_file.sort_by(|a, b| a.path.cmp(&b.path));
    facts.hunks.sort_by(|a, b| a.path.cmp(&b.path));
    facts.symbols.sort_by(|a, b| a.path.cmp(&b.path));
    let mut budget = keep_within(&mut facts.hunks, MAX_TOTAL_LINES);
    if !conflicted.is_empty() {
        let mut opts = diff_options();
        // A path absent from HEAD ("deleted by us", "added by them") is not in the index at
        // stage 0 either, so libgit2 sees it as untracked: show its content as added lines.
        opts.disable_pathspec_match(true)
            .include_untracked(true)
            .show_untracked_content(true);
        for path in conflicted.keys() {
            opts.pathspec(path.as_slice());
        }
        let unmerged = repo.diff_tree_to_workdir(head_tree, Some(&mut opts))?;
        add_deltas(&unmerged, &mut facts, &mut budget, true)?;
        facts.stat.per_file.sort_by(|a, b| a.path.cmp(&b.path));
        facts.hunks.sort_by(|a, b| a.path.cmp(&b.path));
        facts.symbols.sort_by(|a, b| a.path.cmp(&b.path));
    }
    facts.stat.files = facts.stat.per_file.len();
    facts.stat.insertions = facts.stat.per_file.iter().map(|f| f.insertions).sum();
    facts.stat.deletions = facts.stat.per_file.iter().map(|f| f.deletions).sum();
    Ok(facts)
}

/// `git diff HEAD -- paths` (literal paths), every kept hunk line within the per-file bounds
/// only: the total bound is applied once the parts are merged, in path order.
fn diff_paths(
    repo: &Repository,
    head_tree: Option<&git2::Tree<'_>>,
    paths: &[&str],
) -> Result<DiffFacts, git2::Error> {
    let mut facts = DiffFacts::default();
    if paths.is_empty() {
        return Ok(facts);
    }
    let mut opts = diff_options();
    // The paths are literal (no glob), which also lets libgit2 skip every other folder.
    opts.disable_pathspec_match(true);
    for path in paths {
        opts.pathspec(*path);
    }
    let mut diff = repo.diff_tree_to_workdir_with_index(head_tree, Some(&mut opts))?;
    let mut find = DiffFindOptions::new();
    find.renames(true);
    diff.find_similar(Some(&mut find))?;
    let mut unbounded = usize::MAX;
    add_deltas(&diff, &mut facts, &mut unbounded, false)?;
    Ok(facts)
}

/// Applies the bound on kept lines over the whole diff ([`MAX_TOTAL_LINES`], headers included),
/// file after file as `files` are ordered: past it, a hunk is only counted in `elided_hunks`
/// and a line in its hunk's `elided`. Returns what is left of `budget`.
fn keep_within(files: &mut [FileHunks], mut budget: usize) -> usize {
    for file in files {
        let mut kept = Vec::with_capacity(file.hunks.len());
        for mut hunk in std::mem::take(&mut file.hunks) {
            if budget == 0 {
                file.elided_hunks += 1;
                continue;
            }
            budget -= 1;
            if hunk.lines.len() > budget {
                hunk.elided += hunk.lines.len() - budget;
                hunk.lines.truncate(budget);
            }
            budget -= hunk.lines.len();
            kept.push(hunk);
        }
        file.hunks = kept;
    }
    budget
}

/// Adds the counts, hunks and symbols of every changed delta of `diff` (conflicted deltas
/// carry no content and are diffed separately; untracked deltas count only in that diff).
fn add_deltas(
    diff: &git2::Diff<'_>,
    facts: &mut DiffFacts,
    budget: &mut usize,
    untracked_as_added: bool,
) -> Result<(), git2::Error> {
    for idx in 0..diff.deltas().len() {
        let Some(delta) = diff.get_delta(idx) else {
            continue;
        };
        let skip = match delta.status() {
            Delta::Untracked => !untracked_as_added,
            Delta::Unmodified | Delta::Ignored | Delta::Unreadable | Delta::Conflicted => true,
            _ => false,
        };
        if skip {
            continue;
        }
        let Some(path) = delta
            .new_file()
            .path_bytes()
            .or_else(|| delta.old_file().path_bytes())
            .map(lossy)
        else {
            continue;
        };
        // A submodule whose checkout is on the recorded commit but has local changes: git
        // shows `-dirty` in the patch yet counts no line.
        let dirty_submodule_only = delta.new_file().mode() == FileMode::Commit
            && delta.old_file().mode() == FileMode::Commit
            && delta.new_file().id() == delta.old_file().id();
        let patch = Patch::from_diff(diff, idx)?;
        let text_patch = patch.filter(|p| !p.delta().flags().is_binary());
        let Some(patch) = text_patch else {
            facts.stat.per_file.push(FileStat {
                path,
                insertions: 0,
                deletions: 0,
                binary: true,
            });
            continue;
        };
        let (_, insertions, deletions) = if dirty_submodule_only {
            (0, 0, 0)
        } else {
            patch.line_stats()?
        };
        let file = read_hunks(&patch, &path, budget, &mut facts.symbols)?;
        facts.stat.per_file.push(FileStat {
            path,
            insertions,
            deletions,
            binary: false,
        });
        facts.hunks.push(file);
    }
    Ok(())
}

/// Reads every hunk of one file: all lines feed the symbol scan, a bounded part is kept.
fn read_hunks(
    patch: &Patch<'_>,
    path: &str,
    budget: &mut usize,
    symbols: &mut Vec<Symbol>,
) -> Result<FileHunks, git2::Error> {
    let lang = Lang::from_path(path);
    let mut seen: HashSet<String> = HashSet::new();
    let mut add_symbol = |name: String| {
        if seen.insert(name.clone()) {
            symbols.push(Symbol {
                path: path.to_string(),
                name,
            });
        }
    };
    let mut file = FileHunks {
        path: path.to_string(),
        hunks: Vec::new(),
        elided_hunks: 0,
    };
    let mut file_lines = 0usize;
    for hunk_idx in 0..patch.num_hunks() {
        let (hunk, line_count) = patch.hunk(hunk_idx)?;
        let header = String::from_utf8_lossy(hunk.header())
            .trim_end()
            .to_string();
        let mut scopes = lang.map(|lang| Scopes::new(lang, hunk_context(&header)));
        let keep = hunk_idx < MAX_HUNKS_PER_FILE && *budget > 0 && file_lines < MAX_LINES_PER_FILE;
        let mut kept = Hunk {
            header: truncate_line(&header),
            lines: Vec::new(),
            elided: 0,
        };
        if keep {
            *budget -= 1;
            file_lines += 1;
        }
        for line_idx in 0..line_count {
            let line = patch.line_in_hunk(hunk_idx, line_idx)?;
            let origin = line.origin();
            if !matches!(origin, '+' | '-' | ' ') {
                continue;
            }
            let content = line.content();
            let content = content.strip_suffix(b"\n").unwrap_or(content);
            let content = content.strip_suffix(b"\r").unwrap_or(content);
            let text = String::from_utf8_lossy(content);
            if let Some(scopes) = scopes.as_mut()
                && let Some(name) = scopes.touch(&text, origin != ' ')
            {
                add_symbol(name);
            }
            if keep
                && kept.lines.len() < MAX_LINES_PER_HUNK
                && *budget > 0
                && file_lines < MAX_LINES_PER_FILE
            {
                kept.lines.push(truncate_line(&format!("{origin}{text}")));
                *budget -= 1;
                file_lines += 1;
            } else {
                kept.elided += 1;
            }
        }
        if keep {
            file.hunks.push(kept);
        } else {
            file.elided_hunks += 1;
        }
    }
    Ok(file)
}

fn truncate_line(line: &str) -> String {
    // Never through a secret: the diff is redacted after this cut.
    crate::redact::clip(line, MAX_LINE_CHARS).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unmerged_codes_follow_git() {
        assert_eq!(unmerged_code(true, false, false), ('D', 'D'));
        assert_eq!(unmerged_code(false, true, false), ('A', 'U'));
        assert_eq!(unmerged_code(true, true, false), ('U', 'D'));
        assert_eq!(unmerged_code(false, false, true), ('U', 'A'));
        assert_eq!(unmerged_code(true, false, true), ('D', 'U'));
        assert_eq!(unmerged_code(false, true, true), ('A', 'A'));
        assert_eq!(unmerged_code(true, true, true), ('U', 'U'));
    }

    #[test]
    fn status_columns_from_flags() {
        assert_eq!(index_code(Status::INDEX_NEW | Status::WT_MODIFIED), 'A');
        assert_eq!(worktree_code(Status::INDEX_NEW | Status::WT_MODIFIED), 'M');
        assert_eq!(
            index_code(Status::INDEX_RENAMED | Status::INDEX_MODIFIED),
            'R'
        );
        assert_eq!(index_code(Status::INDEX_DELETED), 'D');
        assert_eq!(index_code(Status::INDEX_TYPECHANGE), 'T');
        assert_eq!(worktree_code(Status::WT_DELETED), 'D');
        assert_eq!(worktree_code(Status::WT_TYPECHANGE), 'T');
        assert_eq!(index_code(Status::WT_MODIFIED), ' ');
        assert_eq!(worktree_code(Status::INDEX_MODIFIED), ' ');
    }

    #[test]
    fn long_lines_are_cut_on_a_char_boundary() {
        let long = "é".repeat(MAX_LINE_CHARS + 10);
        let cut = truncate_line(&long);
        assert_eq!(cut.chars().count(), MAX_LINE_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(truncate_line("short"), "short");
    }

    #[test]
    fn root_has_no_trailing_slash() {
        assert_eq!(root_string(Path::new("/tmp/repo/")), "/tmp/repo");
        assert_eq!(root_string(Path::new("/")), "/");
    }

    #[test]
    fn nothing_found_outside_a_repository() {
        let tmp = tempfile::tempdir().expect("temp dir");
        assert!(matches!(collect(tmp.path()), Ok(None)));
    }

    /// Commits what `index` holds on HEAD.
    fn commit_index(repo: &Repository, index: &mut git2::Index, message: &str) {
        let tree = repo
            .find_tree(index.write_tree().expect("tree"))
            .expect("tree");
        let sig = git2::Signature::new("T", "t@example.com", &git2::Time::new(0, 0)).expect("sig");
        repo.commit(Some("HEAD"), &sig, &sig, message, &tree, &[])
            .expect("commit");
    }

    #[test]
    fn collects_a_repository_built_with_git2() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let repo = Repository::init(tmp.path()).expect("init");
        std::fs::write(tmp.path().join("a.py"), "def one():\n    return 1\n").expect("write");
        let mut index = repo.index().expect("index");
        index.add_path(Path::new("a.py")).expect("add");
        index.write().expect("write index");
        commit_index(&repo, &mut index, "First\n\nbody");
        std::fs::write(
            tmp.path().join("a.py"),
            "def one():\n    return 1\n\n\ndef two():\n    return 2\n",
        )
        .expect("write");

        let state = collect(tmp.path()).expect("collect").expect("repository");
        assert_eq!(
            state.head.as_ref().map(|h| h.summary.as_str()),
            Some("First")
        );
        assert_eq!(
            state.status,
            vec![StatusEntry {
                path: "a.py".into(),
                old_path: None,
                index: " ".into(),
                worktree: "M".into(),
            }]
        );
        assert_eq!((state.diffstat.files, state.diffstat.insertions), (1, 4));
        assert_eq!(
            state.symbols,
            vec![Symbol {
                path: "a.py".into(),
                name: "two".into(),
            }]
        );
        let hunk = &state.hunks[0].hunks[0];
        assert!(hunk.lines.contains(&"+def two():".to_string()), "{hunk:?}");
        assert_eq!(hunk.elided, 0);
    }

    #[test]
    fn a_root_commit_lists_its_first_paths_as_a_diff_would() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repository::init(dir.path()).unwrap();
        let paths = [
            "b.txt", "a/z.rs", "a/b/c.rs", "a-b.txt", "a.txt", "z/y/x.md", "c.txt",
        ];
        for p in paths {
            let file = dir.path().join(p);
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, p).unwrap();
        }
        let mut index = repo.index().unwrap();
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .unwrap();
        let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
        let diffed: Vec<String> = repo
            .diff_tree_to_tree(None, Some(&tree), None)
            .unwrap()
            .deltas()
            .map(|d| d.new_file().path().unwrap().to_string_lossy().into_owned())
            .collect();
        assert_eq!(diffed.len(), paths.len());
        assert_eq!(first_tree_paths(&tree, 100), diffed);
        assert_eq!(first_tree_paths(&tree, 3), diffed[..3]);
    }

    /// A worktree big enough to be read in two halves: the status read in halves (and the facts
    /// built on it) equal one walk's, with a staged rename from one half to the other, a staged
    /// delete, a `git rm --cached` file, nested untracked folders, an ignored folder and a nested
    /// repository.
    #[test]
    fn a_status_read_in_halves_equals_one_walk() {
        let tmp = tempfile::tempdir().expect("temp dir");
        let root = tmp.path();
        let repo = Repository::init(root).expect("init");
        let write = |path: &str, body: &str| {
            let file = root.join(path);
            std::fs::create_dir_all(file.parent().expect("parent")).expect("mkdir");
            std::fs::write(file, body).expect("write");
        };
        // The cut falls right after `a` (see `halves`).
        let counts = [("a", 1_600), ("b", 1_500), ("c/deep", 1_000)];
        for (dir, n) in counts {
            for i in 0..n {
                write(&format!("{dir}/f{i}.rs"), &format!("fn f{i}() {{}}\n"));
            }
        }
        write("README", "read me\n");
        write(".gitignore", "ignored/\n");
        let mut index = repo.index().expect("index");
        index
            .add_all(["*"], git2::IndexAddOption::DEFAULT, None)
            .expect("add");
        commit_index(&repo, &mut index, "Import");

        write("a/f1.rs", "fn f1() { changed() }\n");
        write("b/f2.rs", "fn f2() { changed() }\n");
        std::fs::remove_file(root.join("c/deep/f3.rs")).expect("delete");
        // A staged rename from the first half to the second.
        std::fs::rename(root.join("a/f5.rs"), root.join("b/renamed.rs")).expect("rename");
        index.remove_path(Path::new("a/f5.rs")).expect("unstage");
        index.add_path(Path::new("b/renamed.rs")).expect("stage");
        // A staged delete, and a file only removed from the index.
        std::fs::remove_file(root.join("b/f7.rs")).expect("delete");
        index
            .remove_path(Path::new("b/f7.rs"))
            .expect("stage delete");
        index
            .remove_path(Path::new("a/f8.rs"))
            .expect("rm --cached");
        index.write().expect("write index");
        write("new/nested/deep/file.txt", "untracked\n");
        write("b/new.txt", "untracked\n");
        write("top.txt", "untracked\n");
        write("ignored/build.o", "ignored\n");
        Repository::init(root.join("vendored")).expect("nested repository");
        write("vendored/lib.rs", "nested\n");

        let index = repo.index().expect("index");
        let paths = index_paths(&index).expect("UTF-8 paths");
        let (first, second) = halves::halves(root, &paths).expect("a cut");
        assert_eq!(first, [".gitignore", "README", "a"]);
        assert_eq!(second[0], "b");
        let conflicts = conflict_codes(&index).expect("conflicts");
        let one_walk = read_status(&repo, &index, &conflicts, None).expect("status");
        let reader = SecondReader::spawn(root).expect("reader");
        let halved = read_status(&repo, &index, &conflicts, Some(&reader)).expect("status");
        assert_eq!(halved, one_walk);
        let listed: Vec<String> = halved
            .0
            .iter()
            .map(|e| format!("{}{} {}", e.index, e.worktree, e.path))
            .collect();
        let want = [
            " M a/f1.rs",
            "D  a/f8.rs",
            " M b/f2.rs",
            "D  b/f7.rs",
            "R  b/renamed.rs",
            " D c/deep/f3.rs",
            "?? a/f8.rs",
            "?? b/new.txt",
            "?? new/nested/deep/file.txt",
            "?? top.txt",
            "?? vendored/",
        ];
        assert_eq!(listed, want);
        let state = collect(root).expect("collect").expect("repository");
        assert_eq!(state.status, one_walk.0);
        assert_eq!(state.diffstat.files, 6);
    }

    #[test]
    fn the_total_bound_cuts_files_in_order() {
        let hunk = |n: usize| Hunk {
            header: "@@".into(),
            lines: vec!["+x".to_string(); n],
            elided: 0,
        };
        let file = |path: &str, hunks: Vec<Hunk>| FileHunks {
            path: path.into(),
            hunks,
            elided_hunks: 0,
        };
        let mut files = vec![
            file("a", vec![hunk(3), hunk(2)]),
            file("b", vec![hunk(4), hunk(1)]),
        ];
        // a: 1+3, 1+2 = 7 lines; b: 1 + 2 of 4, then nothing.
        assert_eq!(keep_within(&mut files, 10), 0);
        assert_eq!(files[0].hunks.len(), 2);
        assert_eq!(files[1].hunks.len(), 1);
        assert_eq!(
            (files[1].hunks[0].lines.len(), files[1].hunks[0].elided),
            (2, 2)
        );
        assert_eq!(files[1].elided_hunks, 1);
        let mut roomy = vec![file("a", vec![hunk(3)])];
        assert_eq!(keep_within(&mut roomy, 10), 6);
    }
}
