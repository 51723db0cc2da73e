//! A merge, rebase, cherry-pick, revert, bisect or `git am` stopped half-way: which one, what it
//! brings in, and the commands that finish or abandon it. While one is in progress the next
//! session must resolve or abort it before anything else (committing a conflicted file would
//! record the conflict markers).

use git2::{Repository, RepositoryState};
use serde::{Deserialize, Serialize};
use std::path::Path;

/// An operation git has started and not finished.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Operation {
    /// Which operation.
    pub kind: OperationKind,
    /// The commit it brings in (`MERGE_HEAD`, `CHERRY_PICK_HEAD`, `REVERT_HEAD`) or, for a
    /// rebase, the commit it rebases onto; full hex id.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub commit: Option<String>,
    /// In words: the merge message's first line (`Merge branch 'feature'`), the picked or
    /// reverted commit's subject, or the branch being rebased (`feature`); for a bisect, the
    /// branch it started from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    /// A rebase's or `git am`'s progress: (current step, total steps).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step: Option<(u32, u32)>,
}

/// The operations git can leave in progress.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum OperationKind {
    /// `git merge` (or `git pull`) stopped before its commit.
    Merge,
    /// `git rebase` (any backend) stopped on a commit.
    Rebase,
    /// `git cherry-pick` stopped on a commit.
    CherryPick,
    /// `git revert` stopped on a commit.
    Revert,
    /// `git bisect` is searching.
    Bisect,
    /// `git am` stopped on a patch.
    Am,
}

/// One operation's words and commands. Every place that names an operation or tells how to
/// finish it reads this table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OperationWords {
    /// The operation as git names it: `merge`, `rebase`, `cherry-pick`…
    pub name: &'static str,
    /// Finishes it once nothing is conflicted (`None`: a bisect has no "continue").
    pub proceed: Option<&'static str>,
    /// Abandons it and restores the state before it began.
    pub abort: &'static str,
}

/// [`OperationWords`] by kind.
pub(crate) const OPERATION_WORDS: &[(OperationKind, OperationWords)] = &[
    (
        OperationKind::Merge,
        OperationWords {
            name: "merge",
            proceed: Some("git merge --continue"),
            abort: "git merge --abort",
        },
    ),
    (
        OperationKind::Rebase,
        OperationWords {
            name: "rebase",
            proceed: Some("git rebase --continue"),
            abort: "git rebase --abort",
        },
    ),
    (
        OperationKind::CherryPick,
        OperationWords {
            name: "cherry-pick",
            proceed: Some("git cherry-pick --continue"),
            abort: "git cherry-pick --abort",
        },
    ),
    (
        OperationKind::Revert,
        OperationWords {
            name: "revert",
            proceed: Some("git revert --continue"),
            abort: "git revert --abort",
        },
    ),
    (
        OperationKind::Bisect,
        OperationWords {
            name: "bisect",
            proceed: None,
            abort: "git bisect reset",
        },
    ),
    (
        OperationKind::Am,
        OperationWords {
            name: "am",
            proceed: Some("git am --continue"),
            abort: "git am --abort",
        },
    ),
];

impl OperationKind {
    /// This kind's words and commands.
    pub fn words(self) -> OperationWords {
        OPERATION_WORDS
            .iter()
            .find(|(k, _)| *k == self)
            .map(|(_, w)| *w)
            .unwrap_or(OperationWords {
                name: "operation",
                proceed: None,
                abort: "git status",
            })
    }
}

/// The operation in progress in `repo`, if any. The files git keeps for it are read directly
/// (libgit2 reports which one, not what it brings in); a file that cannot be read leaves that
/// detail out.
pub(crate) fn read(repo: &Repository) -> Option<Operation> {
    let gitdir = repo.path();
    let kind = match repo.state() {
        RepositoryState::Clean => return None,
        RepositoryState::Merge => OperationKind::Merge,
        RepositoryState::Revert | RepositoryState::RevertSequence => OperationKind::Revert,
        RepositoryState::CherryPick | RepositoryState::CherryPickSequence => {
            OperationKind::CherryPick
        }
        RepositoryState::Bisect => OperationKind::Bisect,
        RepositoryState::Rebase
        | RepositoryState::RebaseInteractive
        | RepositoryState::RebaseMerge => OperationKind::Rebase,
        RepositoryState::ApplyMailbox => OperationKind::Am,
        // `rebase-apply/` is shared by `git am` and the apply backend of `git rebase`; git
        // marks the former with an `applying` file.
        RepositoryState::ApplyMailboxOrRebase => {
            if gitdir.join("rebase-apply/applying").exists() {
                OperationKind::Am
            } else {
                OperationKind::Rebase
            }
        }
    };
    let mut op = Operation {
        kind,
        commit: None,
        subject: None,
        step: None,
    };
    let head_file = match kind {
        OperationKind::Merge => Some("MERGE_HEAD"),
        OperationKind::CherryPick => Some("CHERRY_PICK_HEAD"),
        OperationKind::Revert => Some("REVERT_HEAD"),
        _ => None,
    };
    if let Some(file) = head_file {
        op.commit = first_line(&gitdir.join(file));
        op.subject = match kind {
            OperationKind::Merge => first_line(&gitdir.join("MERGE_MSG")),
            _ => op.commit.as_deref().and_then(|id| commit_subject(repo, id)),
        };
    }
    if kind == OperationKind::Rebase || kind == OperationKind::Am {
        let dir = ["rebase-merge", "rebase-apply"]
            .iter()
            .map(|d| gitdir.join(d))
            .find(|d| d.is_dir());
        if let Some(dir) = dir {
            op.commit = first_line(&dir.join("onto"));
            op.subject = first_line(&dir.join("head-name"))
                .map(|h| h.strip_prefix("refs/heads/").unwrap_or(&h).to_string());
            // rebase-merge: msgnum/end; rebase-apply (and am): next/last.
            let number = |name: &str| first_line(&dir.join(name)).and_then(|s| s.parse().ok());
            op.step = number("msgnum")
                .zip(number("end"))
                .or_else(|| number("next").zip(number("last")));
        }
    }
    if kind == OperationKind::Bisect {
        op.subject = first_line(&gitdir.join("BISECT_START"));
    }
    Some(op)
}

/// The first line of a small state file, trimmed; `None` when absent, unreadable or empty.
fn first_line(path: &Path) -> Option<String> {
    let text = std::fs::read(path).ok()?;
    let text = String::from_utf8_lossy(&text);
    let line = text.lines().next()?.trim();
    (!line.is_empty()).then(|| line.to_string())
}

fn commit_subject(repo: &Repository, id: &str) -> Option<String> {
    let oid = git2::Oid::from_str(id).ok()?;
    let commit = repo.find_commit(oid).ok()?;
    commit
        .summary_bytes()
        .map(|s| String::from_utf8_lossy(s).into_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_its_own_words() {
        let kinds = [
            OperationKind::Merge,
            OperationKind::Rebase,
            OperationKind::CherryPick,
            OperationKind::Revert,
            OperationKind::Bisect,
            OperationKind::Am,
        ];
        assert_eq!(OPERATION_WORDS.len(), kinds.len());
        for kind in kinds {
            let w = kind.words();
            assert!(w.abort.starts_with(&format!("git {} ", w.name)), "{w:?}");
        }
        assert_eq!(OperationKind::CherryPick.words().name, "cherry-pick");
        assert_eq!(
            OperationKind::Rebase.words().proceed,
            Some("git rebase --continue")
        );
        assert_eq!(OperationKind::Bisect.words().proceed, None);
        assert_eq!(OperationKind::Bisect.words().abort, "git bisect reset");
    }

    #[test]
    fn kinds_serialise_as_git_names_them() {
        let json = serde_json::to_string(&OperationKind::CherryPick).expect("json");
        assert_eq!(json, "\"cherry-pick\"");
    }
}
