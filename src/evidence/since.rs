//! What happened in the repository after a session ended: the commits made on HEAD since, and
//! which of the files the session edited those commits changed.
//!
//! An old session's note (`handoff batch`) must not present today's worktree as the session's end
//! state; these facts let the Workspace State say how far the repository moved on, and let the
//! validator treat a pass recorded in the session as stale for the files changed since.

use super::git::GitState;
use super::transcript::Transcript;
use chrono::{DateTime, Utc};
use git2::{DiffOptions, Repository};
use serde::{Deserialize, Serialize};
use std::collections::BTreeSet;
use std::path::Path;

/// Most first-parent commits walked back from HEAD looking for the session's end.
const MAX_WALK: usize = 10_000;
/// Most later commits whose changed paths are read (each one is a tree diff).
const MAX_DIFFED: usize = 500;

/// The repository's history after the session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct Since {
    /// When the session ended (its last timed record).
    pub session_ended: DateTime<Utc>,
    /// Commits on HEAD (first parents) made after the session ended.
    pub later_commits: usize,
    /// True when the count stopped at the walk's bound (there may be more).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub capped: bool,
    /// Files the session edited (repository-relative) that those later commits changed.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub files_changed_after: Vec<String>,
}

/// The history of `git`'s repository after `t` ended; `None` when the session has no end time
/// (and names no commit of its own), the branch has no commit, or the repository cannot be read
/// again.
///
/// A session with no UTC clock (aider: local-time headings only) ends, as far as the repository
/// can tell, at the last commit the agent says it made: the walk stops at that commit, and its
/// time is the one reported.
pub(crate) fn collect(git: &GitState, t: &Transcript) -> Option<Since> {
    git.head.as_ref()?;
    let repo = Repository::open(&git.root).ok()?;
    let head = repo.head().ok()?.peel_to_commit().ok()?;
    let (ended, last_own) = match t.session.ended_at {
        Some(ended) => (ended, None),
        None => {
            let sha = t
                .session
                .launches
                .iter()
                .rev()
                .find_map(|l| l.commits.last())?;
            let own = repo.revparse_single(sha).ok()?.peel_to_commit().ok()?;
            let on_head = own.id() == head.id()
                || repo
                    .graph_descendant_of(head.id(), own.id())
                    .unwrap_or(false);
            let at = DateTime::from_timestamp(own.time().seconds(), 0)?;
            (at, on_head.then(|| own.id()))
        }
    };
    let limit = ended + chrono::Duration::seconds(super::SESSION_COMMIT_SLACK_SECS);
    let session_files = session_files(git, t);
    let mut since = Since {
        session_ended: ended,
        ..Since::default()
    };
    let mut changed = BTreeSet::new();
    let mut next = Some(head);
    while let Some(c) = next.take() {
        let at = DateTime::from_timestamp(c.time().seconds(), 0)?;
        // First-parent history is in commit order; the first commit not after the session ends
        // the walk (or, without a clock, the session's own last commit).
        let reached = match last_own {
            Some(own) => c.id() == own,
            None => at <= limit,
        };
        if reached {
            break;
        }
        if since.later_commits == MAX_WALK {
            since.capped = true;
            break;
        }
        since.later_commits += 1;
        if since.later_commits <= MAX_DIFFED && !session_files.is_empty() {
            changed_paths(&repo, &c, &session_files, &mut changed);
        }
        next = c.parent(0).ok();
    }
    since.files_changed_after = changed.into_iter().collect();
    Some(since)
}

/// The paths `commit` changed against its first parent that are in `wanted`.
fn changed_paths(
    repo: &Repository,
    commit: &git2::Commit<'_>,
    wanted: &BTreeSet<String>,
    out: &mut BTreeSet<String>,
) {
    let Ok(tree) = commit.tree() else { return };
    let parent = commit.parent(0).ok().and_then(|p| p.tree().ok());
    let mut opts = DiffOptions::new();
    opts.skip_binary_check(true);
    let Ok(diff) = repo.diff_tree_to_tree(parent.as_ref(), Some(&tree), Some(&mut opts)) else {
        return;
    };
    for d in diff.deltas() {
        for f in [d.old_file().path(), d.new_file().path()]
            .into_iter()
            .flatten()
        {
            let p = f.to_string_lossy().replace('\\', "/");
            if wanted.contains(&p) {
                out.insert(p);
            }
        }
    }
}

/// The files the session edited, relative to the repository root: edits are recorded relative
/// to the session's cwd (or absolute), and the cwd may be a subfolder of the repository.
fn session_files(git: &GitState, t: &Transcript) -> BTreeSet<String> {
    let root = git.root.trim_end_matches('/');
    let cwd_in_repo = t
        .session
        .cwd
        .as_deref()
        .map(|c| c.replace('\\', "/"))
        .and_then(|c| {
            let c = c.trim_end_matches('/').to_string();
            if c == root {
                Some(String::new())
            } else {
                c.strip_prefix(&format!("{root}/")).map(|s| format!("{s}/"))
            }
        });
    t.edits
        .iter()
        .filter(|e| !e.sidechain)
        .filter_map(|e| {
            let p = e.path.replace('\\', "/");
            if Path::new(&p).is_absolute() {
                p.strip_prefix(&format!("{root}/")).map(str::to_string)
            } else {
                let p = p.trim_start_matches("./");
                Some(format!("{}{p}", cwd_in_repo.as_deref().unwrap_or("")))
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::transcript::{Edit, EditKind};
    use git2::{Signature, Time};

    fn commit(repo: &Repository, files: &[(&str, &str)], secs: i64, msg: &str) {
        let root = repo.workdir().unwrap().to_path_buf();
        let mut index = repo.index().unwrap();
        for (path, text) in files {
            let full = root.join(path);
            std::fs::create_dir_all(full.parent().unwrap()).unwrap();
            std::fs::write(&full, text).unwrap();
            index.add_path(Path::new(path)).unwrap();
        }
        index.write().unwrap();
        let tree = repo.find_tree(index.write_tree().unwrap()).unwrap();
        let sig = Signature::new("t", "t@example.com", &Time::new(secs, 0)).unwrap();
        let parents: Vec<git2::Commit<'_>> = repo
            .head()
            .ok()
            .and_then(|h| h.peel_to_commit().ok())
            .into_iter()
            .collect();
        let refs: Vec<&git2::Commit<'_>> = parents.iter().collect();
        repo.commit(Some("HEAD"), &sig, &sig, msg, &tree, &refs)
            .unwrap();
    }

    fn edit(path: &str) -> Edit {
        Edit {
            id: "E1".into(),
            path: path.into(),
            kind: EditKind::Modify,
            tool: None,
            confirmed: true,
            at: None,
            seq: 1,
            sidechain: false,
        }
    }

    #[test]
    fn counts_later_commits_and_the_session_files_they_changed() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repository::init(dir.path()).unwrap();
        let t0 = 1_767_225_600; // 2026-01-01T00:00:00Z
        commit(&repo, &[("src/a.rs", "a"), ("src/b.rs", "b")], t0, "start");
        commit(&repo, &[("src/a.rs", "a2")], t0 + 3600, "in the session");
        commit(&repo, &[("src/a.rs", "a3")], t0 + 3 * 86400, "later 1");
        commit(&repo, &[("README.md", "r")], t0 + 4 * 86400, "later 2");
        let git = crate::evidence::git::collect(dir.path()).unwrap().unwrap();
        let mut t = Transcript::default();
        t.session.cwd = Some(git.root.clone());
        t.session.ended_at = DateTime::from_timestamp(t0 + 7200, 0);
        t.edits = vec![edit("src/a.rs"), edit(&format!("{}/src/b.rs", git.root))];
        let since = collect(&git, &t).unwrap();
        assert_eq!(since.later_commits, 2);
        assert!(!since.capped);
        assert_eq!(since.files_changed_after, ["src/a.rs"]);

        // A live session (nothing after it) has no later commits.
        t.session.ended_at = DateTime::from_timestamp(t0 + 5 * 86400, 0);
        let since = collect(&git, &t).unwrap();
        assert_eq!(since.later_commits, 0);
        assert!(since.files_changed_after.is_empty());

        // No end time: nothing can be said.
        t.session.ended_at = None;
        assert!(collect(&git, &t).is_none());
    }

    #[test]
    fn without_a_clock_the_session_ends_at_the_last_commit_it_named() {
        let dir = tempfile::tempdir().unwrap();
        let repo = Repository::init(dir.path()).unwrap();
        let t0 = 1_764_790_000;
        commit(&repo, &[("a.py", "a")], t0, "before");
        commit(&repo, &[("a.py", "a2")], t0 + 60, "aider 1");
        commit(&repo, &[("a.py", "a3")], t0 + 120, "aider 2");
        // Made by the person minutes later, and a day later: both after the session.
        commit(&repo, &[("a.py", "a4")], t0 + 300, "later 1");
        commit(&repo, &[("b.py", "b")], t0 + 86400, "later 2");
        let git = crate::evidence::git::collect(dir.path()).unwrap().unwrap();
        let aider2 = git.commits.iter().find(|c| c.summary == "aider 2").unwrap();
        let mut t = Transcript::default();
        t.session.cwd = Some(git.root.clone());
        t.edits = vec![edit("a.py")];
        t.session.launches = vec![crate::evidence::transcript::Launch {
            commits: vec![aider2.id[..7].to_string()],
            ..Default::default()
        }];
        let since = collect(&git, &t).unwrap();
        assert_eq!(since.later_commits, 2);
        assert_eq!(since.files_changed_after, ["a.py"]);
        assert_eq!(since.session_ended.timestamp(), t0 + 120);
        // A commit the repository does not have: nothing can be said.
        t.session.launches[0].commits = vec!["0000000".into()];
        assert!(collect(&git, &t).is_none());
    }

    #[test]
    fn session_files_are_made_repository_relative() {
        let git = GitState {
            root: "/r/repo".into(),
            ..GitState::default()
        };
        let mut t = Transcript::default();
        t.session.cwd = Some("/r/repo/web".into());
        t.edits = vec![
            edit("./src/x.ts"),
            edit("/r/repo/lib/y.rs"),
            edit("/elsewhere/z"),
        ];
        let files: Vec<String> = session_files(&git, &t).into_iter().collect();
        assert_eq!(files, ["lib/y.rs", "web/src/x.ts"]);
    }
}
