//! Git state read with git2 (never a `git` subprocess): the "Workspace State" of a note is
//! computed from this, never drafted.

use serde::{Deserialize, Serialize};
use std::path::Path;

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
    /// Functions/types/methods touched by the diff.
    pub symbols: Vec<Symbol>,
    /// Trimmed diff hunks per file, kept for the prompt and the symbol check.
    #[serde(default)]
    pub hunks: Vec<FileHunks>,
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

/// Collects the git state of the repository that contains `dir`.
///
/// Returns `Ok(None)` when `dir` is inside no repository (the caller turns that into the
/// warning "no git repository at DIR").
pub fn collect(dir: &Path) -> crate::Result<Option<GitState>> {
    let _ = dir;
    Ok(None)
}
