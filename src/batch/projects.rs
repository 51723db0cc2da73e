//! A session's project on this machine: the folder it ran in when that still exists; else a
//! repository it moved to, recognised by the same remote URL, or by the same folder name when
//! the session's own (relative) file paths exist there. Gemini CLI records only a hash of the
//! project path, matched against the projects known here.

use super::Job;
use super::discover::Head;
use crate::evidence::Evidence;
use git2::Repository;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

/// A repository known on this machine.
#[derive(Debug, Clone)]
struct Known {
    root: PathBuf,
    name: String,
    remote: Option<String>,
    path_hash: String,
}

/// The repositories batch knows of: the existing folders of every session in the run, and the
/// child repositories of `--repo-root` folders.
#[derive(Debug, Default)]
pub(super) struct Projects {
    repo_roots: Vec<PathBuf>,
    known: OnceLock<Vec<Known>>,
}

/// How a project was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum How {
    /// The recorded folder exists.
    Recorded,
    /// A repository with the same remote.
    Remote,
    /// A repository with the same folder name (to be confirmed by the session's paths).
    Name,
    /// Gemini's project hash matched.
    Hash,
}

/// Where a session's project is.
#[derive(Debug, Clone)]
pub(super) struct Found {
    /// The folder to read git state from.
    pub dir: Option<PathBuf>,
    recorded: Option<String>,
    how: Option<How>,
}

impl Projects {
    /// Knows the child repositories of `repo_roots` too.
    pub(super) fn new(repo_roots: Vec<PathBuf>) -> Projects {
        Projects {
            repo_roots,
            known: OnceLock::new(),
        }
    }

    /// Learns the repositories of the sessions in `jobs` (once per run).
    pub(super) fn learn_once(&self, jobs: &[Job]) {
        self.known.get_or_init(|| {
            let mut roots: BTreeMap<PathBuf, ()> = BTreeMap::new();
            for j in jobs {
                let cwd = match j {
                    Job::Live(c) | Job::Estimate(c) | Job::Export(c) => c.head.cwd.clone(),
                    Job::Import(r, _) => r.project.clone(),
                };
                if let Some(root) = cwd.as_deref().and_then(|c| repo_root(Path::new(c))) {
                    roots.insert(root, ());
                }
            }
            for base in &self.repo_roots {
                for e in std::fs::read_dir(base).into_iter().flatten().flatten() {
                    if let Some(root) = repo_root(&e.path()) {
                        roots.insert(root, ());
                    }
                }
            }
            roots.into_keys().map(|root| known(&root)).collect()
        });
    }

    fn known(&self) -> &[Known] {
        self.known.get().map(Vec::as_slice).unwrap_or(&[])
    }

    /// Where the session with this head ran, on this machine.
    pub(super) fn resolve(&self, head: &Head) -> Found {
        let recorded = head.cwd.clone();
        let found = |dir: &Path, how| Found {
            dir: Some(dir.to_path_buf()),
            recorded: recorded.clone(),
            how: Some(how),
        };
        if let Some(cwd) = &recorded
            && Path::new(cwd).is_dir()
        {
            return found(Path::new(cwd), How::Recorded);
        }
        if let Some(h) = &head.project_hash
            && let Some(k) = self
                .known()
                .iter()
                .find(|k| !h.is_empty() && k.path_hash.starts_with(h.as_str()))
        {
            return found(&k.root, How::Hash);
        }
        if let Some(remote) = head.remote.as_deref().map(normalize_remote)
            && let Some(k) = self
                .known()
                .iter()
                .find(|k| k.remote.as_deref() == Some(remote.as_str()))
        {
            return found(&k.root, How::Remote);
        }
        if let Some(name) = recorded.as_deref().and_then(base_name)
            && let Some(k) = self.known().iter().find(|k| k.name == name)
        {
            return found(&k.root, How::Name);
        }
        Found {
            dir: None,
            recorded,
            how: None,
        }
    }
}

impl Found {
    /// Confirms a mapping by name against the session's own paths (at least half of the files
    /// it edited by relative path exist in the candidate), notes any mapping in the evidence's
    /// warnings, and returns the project folder to record.
    pub(super) fn confirm(&self, ev: &mut Evidence) -> Option<String> {
        // Not on this machine: the recorded folder still names the project.
        let Some(dir) = self.dir.as_ref() else {
            return self.recorded.clone();
        };
        let shown = || dir.display().to_string();
        match self.how? {
            How::Recorded => return Some(ev.git.as_ref().map(|g| g.root.clone()).unwrap_or_else(shown)),
            How::Hash => {}
            How::Remote => ev.warnings.push(format!(
                "the session ran in {}, which is not on this machine; read the repository at {} (same remote)",
                self.recorded.as_deref().unwrap_or("?"),
                shown()
            )),
            How::Name => {
                let relative: Vec<&str> = ev
                    .transcript
                    .as_ref()
                    .map(|t| {
                        t.edits
                            .iter()
                            .map(|e| e.path.as_str())
                            .filter(|p| !Path::new(p).is_absolute())
                            .collect()
                    })
                    .unwrap_or_default();
                let present = relative.iter().filter(|p| dir.join(p).exists()).count();
                if relative.is_empty() || present * 2 < relative.len() {
                    ev.git = None;
                    ev.since = None;
                    ev.warnings.push(format!(
                        "the session's project folder {} is not on this machine; the workspace state is unknown",
                        self.recorded.as_deref().unwrap_or("?")
                    ));
                    return self.recorded.clone();
                }
                ev.warnings.push(format!(
                    "the session ran in {}, which is not on this machine; read the repository at {} (same name, and {present} of the {} files it edited are there)",
                    self.recorded.as_deref().unwrap_or("?"),
                    shown(),
                    relative.len()
                ));
            }
        }
        Some(
            ev.git
                .as_ref()
                .map(|g| g.root.clone())
                .unwrap_or_else(shown),
        )
    }
}

fn repo_root(dir: &Path) -> Option<PathBuf> {
    if !dir.is_dir() {
        return None;
    }
    let repo = crate::evidence::git::open_containing(dir).ok()?;
    repo.workdir()
        .map(|w| std::fs::canonicalize(w).unwrap_or_else(|_| w.to_path_buf()))
}

fn known(root: &Path) -> Known {
    let remote = Repository::open(root).ok().and_then(|r| {
        r.find_remote("origin")
            .ok()
            .and_then(|o| o.url().ok().map(normalize_remote))
    });
    let text = root.display().to_string();
    let digest = aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, text.as_bytes());
    Known {
        root: root.to_path_buf(),
        name: base_name(&text).unwrap_or_default(),
        remote,
        path_hash: super::hex(digest.as_ref()),
    }
}

fn base_name(path: &str) -> Option<String> {
    path.replace('\\', "/")
        .trim_end_matches('/')
        .rsplit('/')
        .next()
        .filter(|s| !s.is_empty())
        .map(str::to_string)
}

/// `git@github.com:o/r.git`, `https://github.com/o/r` and `ssh://git@github.com/o/r.git` alike:
/// `github.com/o/r`.
pub(super) fn normalize_remote(url: &str) -> String {
    let u = url.trim().trim_end_matches('/');
    let u = u.strip_suffix(".git").unwrap_or(u);
    let u = u.split_once("://").map(|(_, rest)| rest).unwrap_or(u);
    let u = u.rsplit_once('@').map(|(_, rest)| rest).unwrap_or(u);
    // scp-like `host:path`.
    let u = match u.split_once(':') {
        Some((host, path)) if !host.contains('/') && !path.starts_with("//") => {
            format!("{host}/{path}")
        }
        _ => u.to_string(),
    };
    u.to_ascii_lowercase()
}

pub(super) use crate::evidence::paths::{comparable as normalize, is_inside};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remotes_of_every_shape_compare_equal() {
        let want = "github.com/o/r";
        for u in [
            "git@github.com:o/r.git",
            "https://github.com/o/r",
            "ssh://git@github.com/o/r.git",
            "https://GitHub.com/o/r.git/",
        ] {
            assert_eq!(normalize_remote(u), want, "{u}");
        }
    }

    #[test]
    fn a_moved_project_is_found_by_remote_or_by_name_and_paths() {
        let dir = tempfile::tempdir().unwrap();
        let new_home = dir.path().join("src/app");
        std::fs::create_dir_all(new_home.join("lib")).unwrap();
        std::fs::write(new_home.join("lib/x.rs"), "x").unwrap();
        let repo = Repository::init(&new_home).unwrap();
        repo.remote("origin", "git@example.com:o/app.git").unwrap();
        let p = Projects::new(vec![dir.path().join("src")]);
        p.learn_once(&[]);
        let gone = Head {
            cwd: Some("/old/place/app".into()),
            remote: Some("https://example.com/o/app".into()),
            ..Head::default()
        };
        let f = p.resolve(&gone);
        assert_eq!(f.how, Some(How::Remote));
        let by_name = Head {
            remote: None,
            ..gone.clone()
        };
        let f = p.resolve(&by_name);
        assert_eq!(f.how, Some(How::Name));
        // Confirmed only when the session's files are there.
        let mut t = crate::evidence::Transcript::default();
        t.edits.push(crate::evidence::transcript::Edit {
            id: "E1".into(),
            path: "lib/x.rs".into(),
            kind: crate::evidence::transcript::EditKind::Modify,
            tool: None,
            confirmed: true,
            at: None,
            seq: 1,
            sidechain: false,
        });
        let ev_of = |t: crate::evidence::Transcript| Evidence {
            git: crate::evidence::git::collect(&new_home).unwrap(),
            transcript: Some(t),
            ..Evidence::default()
        };
        let mut ev = ev_of(t.clone());
        assert!(f.confirm(&mut ev).is_some() && ev.git.is_some());
        t.edits[0].path = "lib/missing.rs".into();
        let mut ev = ev_of(t);
        f.confirm(&mut ev);
        assert!(ev.git.is_none(), "not confirmed: no repository");
        let nowhere = Head {
            cwd: Some("/old/place/other".into()),
            ..Head::default()
        };
        assert!(p.resolve(&nowhere).dir.is_none());
    }
}
