//! The files a session changed: every path git reports, the files the session edited that git
//! no longer shows (committed by the session, gone from the worktree, reverted), and files outside the
//! repository in one line. Many files in one folder are grouped; paths use `/`.

use super::commits::Commits;
use super::project::Project;
use super::scope::View;
use crate::evidence::Evidence;
use crate::evidence::git::{FileStat, StatusEntry};
use crate::evidence::paths;
use crate::evidence::transcript::{EditKind, EvidenceId};
use crate::note::MAX_STATUS_FILES;
use crate::phrases;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// The Files & Symbols facts.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Files {
    /// Entries, git status first.
    pub entries: Vec<FileFact>,
    /// Files the session wrote outside the repository.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside: Vec<String>,
    /// Their edit ids (ids, not strings: a session run outside the repository has one per
    /// edit, some 36,000 in a 2 GB session).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub outside_cite: Vec<EvidenceId>,
    /// Entries left out (beyond the cap).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub more: usize,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

/// One file, or a folder of files in the same state.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct FileFact {
    /// The path (a folder ends with `/`).
    pub path: String,
    /// For a folder: its files' names.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
    /// Its state: "modified, +3 −1", "untracked", "committed in `abc1234` …", "not in this worktree now"…
    pub state: String,
    /// Functions and types touched.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub symbols: Vec<String>,
    /// Times the session edited it.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub edits: usize,
    /// True when git reports it changed (uncommitted).
    pub dirty: bool,
    /// Evidence ids.
    pub cite: Vec<String>,
}

/// Entries before folders are grouped.
const GROUP_ABOVE: usize = 14;
/// Most entries listed.
const MAX_ENTRIES: usize = 24;
/// Most symbols per file.
const MAX_SYMBOLS: usize = 8;

/// Most edit ids a file's fact cites: its latest edits.
const CITED_EDITS: usize = 3;

/// The edits of one file: how many, and the ids of the latest [`CITED_EDITS`], oldest first.
#[derive(Default)]
struct EditIds {
    count: usize,
    latest: Vec<String>,
}

impl EditIds {
    fn push(&mut self, id: &str) {
        self.count += 1;
        if self.latest.len() == CITED_EDITS {
            self.latest.remove(0);
        }
        self.latest.push(id.to_string());
    }
}

/// The files of the session.
pub(crate) fn of(ev: &Evidence, view: &View, project: &Project, commits: &Commits) -> Files {
    let mut out = Files::default();
    // Session edits by repository path, in order of first edit: how many, and the ids of the
    // latest few (all a fact cites; a long session edits one file thousands of times).
    let mut edited: Vec<(String, EditIds, EditKind)> = Vec::new();
    for e in &view.edits {
        if project.outside(&e.path, view) {
            let p = project.repo_path(&e.path, view);
            if !out.outside.contains(&p) {
                out.outside.push(p);
            }
            out.outside_cite.push(e.id.clone());
            continue;
        }
        let p = project.repo_path(&e.path, view);
        match edited.iter_mut().find(|(q, _, _)| *q == p) {
            Some((_, ids, kind)) => {
                ids.push(&e.id);
                *kind = e.kind;
            }
            None => {
                let mut ids = EditIds::default();
                ids.push(&e.id);
                edited.push((p, ids, e.kind));
            }
        }
    }
    let mut entries: Vec<FileFact> = Vec::new();
    // git status paths past the cap: counted, not listed (a status can hold thousands).
    let mut beyond_cap = 0;
    if let Some(g) = &ev.git {
        // Looked up once per path: a status can hold thousands of entries.
        let stats: HashMap<&str, &FileStat> = g
            .diffstat
            .per_file
            .iter()
            .map(|f| (f.path.as_str(), f))
            .collect();
        let mut symbols_of: HashMap<&str, Vec<String>> = HashMap::new();
        for sym in &g.symbols {
            let names = symbols_of.entry(sym.path.as_str()).or_default();
            if !names.contains(&sym.name) && names.len() < MAX_SYMBOLS {
                names.push(sym.name.clone());
            }
        }
        let listed = g.status.len().min(MAX_STATUS_FILES);
        beyond_cap = g.status.len() - listed;
        // Edits to paths past the cap, or inside a folded untracked folder, are covered by the
        // count or the folder's entry, not "no uncommitted change now".
        let uncounted: HashSet<&str> = g.status[listed..].iter().map(|s| s.path.as_str()).collect();
        edited.retain(|(p, _, _)| {
            !uncounted.contains(p.as_str())
                && !g
                    .untracked_folders
                    .iter()
                    .any(|f| p.starts_with(f.path.as_str()))
        });
        for s in &g.status[..listed] {
            let mut state = match g.folder_files(&s.path) {
                Some(n) => format!("untracked folder, {n} files"),
                None => status_phrase(s),
            };
            if let Some(f) = stats.get(s.path.as_str()) {
                if f.binary {
                    state.push_str(", binary");
                } else if f.insertions + f.deletions > 0 {
                    state.push_str(&format!(", +{} −{}", f.insertions, f.deletions));
                }
            }
            if phrases::BOOKKEEPING.is_match(&s.path) {
                state.push_str(" (the agent tool's own file)");
            }
            let mut cite = vec!["G".to_string()];
            let mut edits = 0;
            if let Some(pos) = edited
                .iter()
                .position(|(p, _, _)| paths::same_path(p, &s.path))
            {
                let (_, ids, _) = edited.remove(pos);
                edits = ids.count;
                cite.extend(ids.latest);
            }
            let symbols = symbols_of.remove(s.path.as_str()).unwrap_or_default();
            entries.push(FileFact {
                path: s.path.clone(),
                members: Vec::new(),
                state,
                symbols,
                edits,
                dirty: true,
                cite,
            });
        }
    }
    let root = ev.git.as_ref().map(|g| g.root.as_str());
    // Paths with an edit whose tool reported success: an edit the tool rejected (SWE-agent's
    // "Your proposed edit has introduced new syntax error(s)", a search text not found) or that
    // no result confirmed may never have reached the file.
    let applied: HashSet<String> = view
        .edits
        .iter()
        .filter(|e| e.confirmed)
        .map(|e| project.repo_path(&e.path, view))
        .collect();
    for (p, ids, last) in edited {
        let unconfirmed = !applied.contains(&p);
        let committed = commits
            .session
            .iter()
            .find(|c| c.files.iter().any(|f| paths::same_path(f, &p)));
        let exists = root.is_some_and(|r| Path::new(r).join(&p).exists());
        let state = if let Some(c) = committed {
            let undone = if c.undone_by.is_some() {
                " (undone)"
            } else {
                ""
            };
            let elsewhere = if c.repo_id.is_none() {
                " (not in this branch's history)"
            } else {
                ""
            };
            format!(
                "committed in `{}` {}{undone}{elsewhere}",
                c.short(),
                c.subject
            )
        } else if last == EditKind::Delete {
            "deleted by the session".to_string()
        } else if root.is_some() && !exists {
            "not in this worktree now (deleted, moved, or never here)".to_string()
        } else if ev.git.is_none() {
            String::new()
        } else if phrases::LOCAL_CONFIG.is_match(&p) {
            "no change in git status (local configuration, usually git-ignored)".to_string()
        } else if unconfirmed {
            "no change in git status".to_string()
        } else {
            "no uncommitted change now (committed or reverted)".to_string()
        };
        let mut cite: Vec<String> = ids.latest;
        if let Some(c) = committed {
            cite.extend(c.cite.iter().cloned());
        }
        entries.push(FileFact {
            path: p,
            members: Vec::new(),
            state: {
                let done = if unconfirmed && committed.is_none() {
                    format!(
                        "{} edit attempt(s) in the session, none confirmed applied by its tool",
                        ids.count
                    )
                } else {
                    format!("edited in the session ({}×)", ids.count)
                };
                if state.is_empty() {
                    done
                } else {
                    format!("{state}; {done}")
                }
            },
            symbols: Vec::new(),
            edits: ids.count,
            dirty: false,
            cite,
        });
    }
    // The session's own changes first; changes it found already made after them.
    entries.sort_by_key(|e| e.edits == 0);
    if entries.len() > GROUP_ABOVE {
        entries = group(entries, false);
    }
    if entries.len() > MAX_ENTRIES {
        entries = group(entries, true);
    }
    out.more = beyond_cap;
    if entries.len() > MAX_ENTRIES {
        out.more += entries.len() - MAX_ENTRIES;
        entries.truncate(MAX_ENTRIES);
    }
    out.entries = entries;
    out
}

/// Files of one folder in the same state, with no symbols of their own, become one entry.
fn group(entries: Vec<FileFact>, with_symbols: bool) -> Vec<FileFact> {
    let folder = |p: &str| p.rfind('/').map(|i| p[..=i].to_string());
    let base_state = |s: &str| s.split(", +").next().unwrap_or(s).to_string();
    let mut out: Vec<FileFact> = Vec::new();
    for e in entries {
        let groupable = (with_symbols || e.symbols.is_empty())
            && folder(&e.path).is_some()
            && !e.path.ends_with('/');
        if groupable {
            let dir = folder(&e.path).unwrap_or_default();
            let state = base_state(&e.state);
            if let Some(g) = out.iter_mut().find(|g| {
                g.path == dir
                    && (g.state == state || g.members.is_empty() && base_state(&g.state) == state)
            }) {
                g.members
                    .push(e.path.rsplit('/').next().unwrap_or(&e.path).to_string());
                g.edits += e.edits;
                g.dirty |= e.dirty;
                for c in e.cite {
                    if !g.cite.contains(&c) && g.cite.len() < 6 {
                        g.cite.push(c);
                    }
                }
                continue;
            }
            out.push(FileFact {
                path: dir,
                members: vec![e.path.rsplit('/').next().unwrap_or(&e.path).to_string()],
                state,
                symbols: Vec::new(),
                edits: e.edits,
                dirty: e.dirty,
                cite: e.cite,
            });
        } else {
            out.push(e);
        }
    }
    // A folder with one member is a file again.
    for f in &mut out {
        if f.members.len() == 1 && f.path.ends_with('/') {
            f.path = format!("{}{}", f.path, f.members[0]);
            f.members.clear();
        }
    }
    out
}

/// `git status -s` codes in words.
pub(crate) fn status_phrase(s: &StatusEntry) -> String {
    let x = s.index.chars().next().unwrap_or(' ');
    let y = s.worktree.chars().next().unwrap_or(' ');
    let what = match (x, y) {
        ('?', _) => "untracked".to_string(),
        ('U', _) | (_, 'U') | ('A', 'A') | ('D', 'D') => "conflicted".to_string(),
        ('R', _) => match &s.old_path {
            Some(old) => format!("renamed from `{old}`"),
            None => "renamed".to_string(),
        },
        ('A', _) => "added".to_string(),
        ('D', _) | (_, 'D') => "deleted".to_string(),
        _ => "modified".to_string(),
    };
    let staged = !matches!(x, ' ' | '?' | '!');
    let unstaged = !matches!(y, ' ' | '?' | '!');
    match (staged, unstaged) {
        (true, false) => format!("{what} (staged)"),
        (true, true) => format!("{what} (staged and unstaged)"),
        _ => what,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fact(path: &str, state: &str) -> FileFact {
        FileFact {
            path: path.into(),
            members: Vec::new(),
            state: state.into(),
            symbols: Vec::new(),
            edits: 1,
            dirty: true,
            cite: vec!["G".into()],
        }
    }

    #[test]
    fn edits_no_tool_confirmed_are_attempts_not_changes() {
        use crate::testkit::{chat, edit_of, user, worktree};
        let (_dir, mut ev) = worktree(&[("chall.py", "x"), ("solve.py", "y")], &[]);
        let mut t = chat(vec![user(1, "decrypt it", 0)]);
        let mut rejected = edit_of(1, "chall.py", EditKind::Modify, 1);
        rejected.confirmed = false;
        let mut applied = edit_of(2, "solve.py", EditKind::Modify, 2);
        applied.confirmed = true;
        t.edits = vec![rejected, applied];
        ev.transcript = Some(t);
        let a = crate::analysis::analyse(&ev);
        let state = |p: &str| {
            a.files
                .entries
                .iter()
                .find(|f| f.path == p)
                .map(|f| f.state.clone())
                .unwrap_or_default()
        };
        assert_eq!(
            state("chall.py"),
            "no change in git status; 1 edit attempt(s) in the session, none confirmed applied by its tool"
        );
        assert_eq!(
            state("solve.py"),
            "no uncommitted change now (committed or reverted); edited in the session (1×)"
        );
    }

    #[test]
    fn folders_of_files_in_one_state_are_grouped() {
        let g = group(
            vec![
                fact("frontend/src/components/A.tsx", "added (staged)"),
                fact("frontend/src/components/B.tsx", "added (staged)"),
                fact("frontend/src/lib/c.ts", "added (staged)"),
                fact("README.md", "added (staged)"),
            ],
            false,
        );
        assert_eq!(g.len(), 3);
        assert_eq!(g[0].path, "frontend/src/components/");
        assert_eq!(g[0].members, ["A.tsx", "B.tsx"]);
        assert_eq!(g[1].path, "frontend/src/lib/c.ts");
        assert_eq!(g[2].path, "README.md");
    }
}
