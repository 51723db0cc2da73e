//! Whether the transcript's folder is this repository. A session recorded on another machine
//! has another path (`/Users/me/app` vs a fresh clone); a session may run in a parent folder
//! (`Civitas-Sol/frontend/…` relative to it); or the transcript may be from another project
//! entirely. The answer decides how the session's paths map to the worktree, and is said once in
//! Workspace State instead of on every claim.

use super::scope::View;
use crate::evidence::Evidence;
use crate::evidence::paths;
use serde::{Deserialize, Serialize};
use std::path::Path;

/// How the session's folder relates to the repository.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Relation {
    /// The session ran in the repository (or a folder inside it).
    Same,
    /// Same project, another path: the session's files are here (moved, cloned, or the session
    /// ran in a parent folder).
    Moved,
    /// Another project: none of the session's files are in this repository.
    Elsewhere,
    /// Not enough evidence either way (no cwd, no repository, nothing written).
    #[default]
    Unknown,
}

/// The session's folder and the repository.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Project {
    /// How they relate.
    pub relation: Relation,
    /// The session's working directory.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwd: Option<String>,
    /// The repository root.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub root: Option<String>,
    /// The prefix of the session's (cwd-relative) paths that leads to the repository root
    /// (`Civitas-Sol` when the session ran in the parent folder).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub prefix: String,
    /// What decided it, for people.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub reason: String,
}

impl Project {
    /// A path the session recorded, relative to the repository when it lies in it; `\` as `/`;
    /// other paths as recorded (with the home directory as `~`).
    pub(crate) fn repo_path(&self, path: &str, view: &View) -> String {
        let p = paths::normalize(path);
        let cwd = self.cwd.as_deref().or(view.cwd).map(paths::normalize);
        let root = self.root.as_deref().map(paths::normalize);
        if let Some(r) = &root
            && let Some(rest) = strip_dir(&p, r)
        {
            return rest;
        }
        let rel = match &cwd {
            Some(c) => match strip_dir(&p, c) {
                Some(rest) => rest,
                None if is_absolute(&p) => return home_relative(&p),
                None => p.trim_start_matches("./").to_string(),
            },
            None => p.trim_start_matches("./").to_string(),
        };
        if !self.prefix.is_empty()
            && let Some(rest) = strip_dir(&rel, &self.prefix)
        {
            return rest;
        }
        if self.relation == Relation::Elsewhere
            && let Some(c) = &cwd
        {
            return home_relative(&format!("{}/{rel}", c.trim_end_matches('/')));
        }
        rel
    }

    /// Whether a path the session recorded lies outside the repository.
    pub(crate) fn outside(&self, path: &str, view: &View) -> bool {
        let p = self.repo_path(path, view);
        self.relation == Relation::Elsewhere || is_absolute(&p) || p.starts_with("..")
    }
}

fn is_absolute(p: &str) -> bool {
    p.starts_with('/') || p.starts_with('~') || p.as_bytes().get(1) == Some(&b':')
}

/// `path` below `dir` (both `/`-separated), compared case-insensitively for Windows drives.
fn strip_dir(path: &str, dir: &str) -> Option<String> {
    let dir = dir.trim_end_matches('/');
    if dir.is_empty() {
        return None;
    }
    let windows = dir.as_bytes().get(1) == Some(&b':');
    let head = path.get(..dir.len())?;
    let same = if windows {
        head.eq_ignore_ascii_case(dir)
    } else {
        head == dir
    };
    let rest = &path[dir.len()..];
    (same && rest.starts_with('/')).then(|| rest[1..].to_string())
}

/// `/Users/me/.zshrc` → `~/.zshrc` (the home is the first two components of a macOS/Linux
/// path under `/Users` or `/home`).
fn home_relative(p: &str) -> String {
    for base in ["/Users/", "/home/"] {
        if let Some(rest) = p.strip_prefix(base)
            && let Some((_, after)) = rest.split_once('/')
        {
            return format!("~/{after}");
        }
    }
    p.to_string()
}

/// Decides the relation from the session's cwd, its edits and the repository.
pub(crate) fn of(ev: &Evidence, view: &View) -> Project {
    let root = ev.git.as_ref().map(|g| g.root.clone());
    let cwd = view.cwd.map(str::to_string);
    let mut p = Project {
        cwd: cwd.clone(),
        root: root.clone(),
        ..Project::default()
    };
    let (Some(root), Some(cwd)) = (root, cwd) else {
        return p;
    };
    let (r, c) = (paths::normalize(&root), paths::normalize(&cwd));
    if strip_dir(&format!("{c}/x"), &r).is_some()
        || c == r
        || strip_dir(&format!("{r}/x"), &c).is_some()
    {
        p.relation = Relation::Same;
        p.reason = "the session ran in this repository".into();
        if let Some(rest) = strip_dir(&r, &c) {
            p.prefix = rest;
        }
        return p;
    }
    let git = ev.git.as_ref();
    let exists = |rel: &str| {
        let rel = rel.trim_start_matches("./");
        !rel.is_empty()
            && !rel.starts_with("..")
            && !is_absolute(rel)
            && (Path::new(&root).join(rel).exists()
                || git.is_some_and(|g| g.status.iter().any(|s| paths::same_path(&s.path, rel))))
    };
    // The session's own paths, relative to its cwd.
    let rel: Vec<String> = view
        .edits
        .iter()
        .filter_map(|e| {
            let n = paths::normalize(&e.path);
            match strip_dir(&n, &c) {
                Some(rest) => Some(rest),
                None if is_absolute(&n) => None,
                None => Some(n.trim_start_matches("./").to_string()),
            }
        })
        .collect();
    // The prefix that makes most of them exist here (none, or leading folders of a parent cwd).
    let mut best: Option<(String, usize)> = None;
    let mut prefixes: Vec<String> = vec![String::new()];
    for path in &rel {
        let parts: Vec<&str> = path.split('/').collect();
        for k in 1..parts.len().min(4) {
            let pre = parts[..k].join("/");
            if !prefixes.contains(&pre) {
                prefixes.push(pre);
            }
        }
    }
    for pre in &prefixes {
        let hits = rel
            .iter()
            .filter(|path| {
                let inner = if pre.is_empty() {
                    Some(path.to_string())
                } else {
                    strip_dir(path, pre)
                };
                inner.is_some_and(|i| exists(&i))
            })
            .count();
        if hits > 0 && best.as_ref().is_none_or(|(_, h)| hits > *h) {
            best = Some((pre.clone(), hits));
        }
    }
    let written = rel.len();
    if let Some((pre, hits)) = best {
        p.relation = Relation::Moved;
        p.prefix = pre;
        p.reason =
            format!("{hits} of the {written} file(s) the session wrote are in this repository");
        return p;
    }
    // No edits to go by: files a command named that git reports here, or the same remote.
    let named = view.commands.iter().any(|cmd| {
        git.is_some_and(|g| {
            g.status.iter().any(|s| {
                let name = s.path.rsplit('/').next().unwrap_or(&s.path);
                name.len() > 4 && cmd.command.contains(name)
            })
        })
    });
    let remote = git.and_then(|g| g.remote.as_deref()).is_some_and(|url| {
        let slug = remote_slug(url);
        !slug.is_empty()
            && view.commands.iter().any(|cmd| {
                remote_slug_in(&cmd.output, &slug) || remote_slug_in(&cmd.command, &slug)
            })
    });
    if named || remote {
        p.relation = Relation::Moved;
        p.reason = if remote {
            "the transcript names this repository's remote".into()
        } else {
            "files the session's commands named are in this repository".into()
        };
        return p;
    }
    if written > 0 {
        p.relation = Relation::Elsewhere;
        p.reason =
            format!("none of the {written} file(s) the session wrote are in this repository");
    }
    p
}

/// `owner/repo` of a remote URL (`https://github.com/o/r.git`, `git@github.com:o/r`).
pub(crate) fn remote_slug(url: &str) -> String {
    let u = url.trim().trim_end_matches('/').trim_end_matches(".git");
    let tail: Vec<&str> = u.rsplit(['/', ':']).take(2).collect();
    match tail.as_slice() {
        [repo, owner] if !repo.is_empty() && !owner.is_empty() => {
            format!("{owner}/{repo}").to_lowercase()
        }
        _ => String::new(),
    }
}

fn remote_slug_in(text: &str, slug: &str) -> bool {
    let lower = text.to_lowercase();
    lower.contains(&format!("/{slug}.git"))
        || lower.contains(&format!("/{slug} "))
        || lower.contains(&format!("/{slug}\n"))
        || lower.contains(&format!(":{slug}.git"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::scope::{self, View};
    use crate::evidence::transcript::EditKind;
    use crate::testkit::*;

    fn project(ev: &Evidence) -> Project {
        let s = scope::of(ev);
        of(ev, &View::new(ev, &s))
    }

    #[test]
    fn a_session_in_a_parent_folder_maps_to_the_repository() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(dir.path().join("frontend/app")).unwrap();
        std::fs::write(dir.path().join("frontend/app/page.tsx"), "x").unwrap();
        let mut t = chat(vec![]);
        t.session.cwd = Some("/Users/me/blockchain".into());
        t.edits = vec![edit_of(
            1,
            "Civitas-Sol/frontend/app/page.tsx",
            EditKind::Modify,
            1,
        )];
        let mut g = git_state(&[]);
        g.root = dir.path().display().to_string();
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let p = project(&ev);
        assert_eq!(p.relation, Relation::Moved, "{p:?}");
        assert_eq!(p.prefix, "Civitas-Sol");
        let s = scope::of(&ev);
        let v = View::new(&ev, &s);
        assert_eq!(
            p.repo_path("Civitas-Sol/frontend/app/page.tsx", &v),
            "frontend/app/page.tsx"
        );
    }

    #[test]
    fn another_project_is_elsewhere() {
        let dir = tempfile::tempdir().unwrap();
        let mut t = chat(vec![]);
        t.session.cwd = Some("/Users/sam".into());
        t.edits = vec![edit_of(
            1,
            ".config/opencode/opencode.jsonc",
            EditKind::Create,
            1,
        )];
        let mut g = git_state(&[]);
        g.root = dir.path().display().to_string();
        let ev = Evidence {
            git: Some(g),
            ..evidence(t)
        };
        let p = project(&ev);
        assert_eq!(p.relation, Relation::Elsewhere);
        let s = scope::of(&ev);
        let v = View::new(&ev, &s);
        assert_eq!(
            p.repo_path(".config/opencode/opencode.jsonc", &v),
            "~/.config/opencode/opencode.jsonc"
        );
    }

    #[test]
    fn windows_paths_and_slugs() {
        assert_eq!(
            strip_dir("c:/Users/Y/p/src/a.ts", "C:/users/y/p"),
            Some("src/a.ts".into())
        );
        assert_eq!(
            remote_slug("https://github.com/FSM1/cipher-box.git"),
            "fsm1/cipher-box"
        );
        assert_eq!(remote_slug("git@github.com:o/r"), "o/r");
        assert_eq!(home_relative("/Users/sam/.zshrc"), "~/.zshrc");
    }
}
