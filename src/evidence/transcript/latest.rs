//! `--latest`: find the newest Claude Code or Codex session that ran in this repository.
//!
//! Claude Code keeps sessions in `$CLAUDE_CONFIG_DIR/projects/<slug>/*.jsonl` (default
//! `~/.claude`), Codex in `$CODEX_HOME/sessions/YYYY/MM/DD/*.jsonl` (default `~/.codex`). The
//! Claude slug is lossy and Codex has no per-project directory, so the session's cwd is read
//! from its first records; candidates are tried newest first (by modification time), and only
//! the head of each file is read.

use super::Format;
use crate::evidence::read::{Line, LineReader};
use crate::{Error, Result};
use serde_json::Value;
use std::fs::File;
use std::io::BufReader;
use std::path::{Component, Path, PathBuf};
use std::time::SystemTime;

/// Records read from the head of a candidate to find its cwd.
const HEAD_RECORDS: usize = 64;
/// Longest head line considered (Codex's first line carries the base instructions).
const HEAD_LINE_BYTES: usize = 4 * 1024 * 1024;

/// A session file found by [`find`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    /// The transcript file.
    pub path: PathBuf,
    /// The agent that wrote it.
    pub format: Format,
    /// The session's working directory, as recorded.
    pub cwd: String,
}

/// Where sessions are looked for: Claude Code's projects directory and Codex's sessions
/// directory, from `CLAUDE_CONFIG_DIR`, `CODEX_HOME` and `HOME` (`USERPROFILE` on Windows).
pub(crate) fn session_dirs() -> (Option<PathBuf>, Option<PathBuf>) {
    let home = std::env::var_os("HOME")
        .or_else(|| std::env::var_os("USERPROFILE"))
        .filter(|h| !h.is_empty())
        .map(PathBuf::from);
    let claude = std::env::var_os("CLAUDE_CONFIG_DIR")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".claude")))
        .map(|d| d.join("projects"));
    let codex = std::env::var_os("CODEX_HOME")
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .or_else(|| home.as_ref().map(|h| h.join(".codex")))
        .map(|d| d.join("sessions"));
    (claude, codex)
}

/// Finds the newest session whose cwd is `root` or inside it; a clear error when none.
pub(crate) fn find(root: &Path) -> Result<Found> {
    let (claude, codex) = session_dirs();
    let mut candidates: Vec<(SystemTime, PathBuf, Format)> = Vec::new();
    if let Some(dir) = &claude {
        for project in read_dir(dir) {
            if project.is_dir() {
                push_jsonl(&project, Format::ClaudeCode, &mut candidates);
            }
        }
    }
    if let Some(dir) = &codex {
        for year in read_dir(dir).into_iter().filter(|p| p.is_dir()) {
            for month in read_dir(&year).into_iter().filter(|p| p.is_dir()) {
                for day in read_dir(&month).into_iter().filter(|p| p.is_dir()) {
                    push_jsonl(&day, Format::Codex, &mut candidates);
                }
            }
        }
    }
    candidates.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| b.1.cmp(&a.1)));
    let root_norm = normalize(&root.to_string_lossy());
    for (_, path, format) in candidates {
        let Some(cwd) = session_cwd(&path, format) else {
            continue;
        };
        if is_inside(&normalize(&cwd), &root_norm) {
            return Ok(Found { path, format, cwd });
        }
    }
    let looked = [claude, codex]
        .iter()
        .flatten()
        .map(|d| d.display().to_string())
        .collect::<Vec<_>>()
        .join(" and ");
    Err(Error::input(
        root,
        format!(
            "--latest found no Claude Code or Codex session whose working directory is this repository or inside it (looked in {}); pass --transcript FILE",
            if looked.is_empty() {
                "nothing: HOME is not set".to_string()
            } else {
                looked
            }
        ),
    ))
}

fn read_dir(dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries.flatten().map(|e| e.path()).collect(),
        Err(_) => Vec::new(),
    }
}

fn push_jsonl(dir: &Path, format: Format, out: &mut Vec<(SystemTime, PathBuf, Format)>) {
    for path in read_dir(dir) {
        if path.extension().is_some_and(|e| e == "jsonl")
            && let Ok(meta) = std::fs::metadata(&path)
            && meta.is_file()
        {
            let mtime = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
            out.push((mtime, path, format));
        }
    }
}

/// The cwd recorded in the first records of a session file.
fn session_cwd(path: &Path, format: Format) -> Option<String> {
    let file = File::open(path).ok()?;
    let mut lines = LineReader::with_limit(BufReader::new(file), HEAD_LINE_BYTES);
    for _ in 0..HEAD_RECORDS {
        let line = lines.next_line().ok()??;
        let Line::Text { text, .. } = line else {
            continue;
        };
        let Ok(v) = serde_json::from_str::<Value>(&text) else {
            continue;
        };
        let cwd = match format {
            Format::Codex => v.get("payload").and_then(|p| p.get("cwd")),
            _ => v.get("cwd"),
        };
        if let Some(cwd) = cwd.and_then(Value::as_str).filter(|c| !c.is_empty()) {
            return Some(cwd.to_string());
        }
    }
    None
}

/// A comparable path: canonical when it exists here, `\` as `/`, no trailing separator, lower
/// case for Windows drive paths.
fn normalize(path: &str) -> String {
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

fn is_inside(cwd: &str, root: &str) -> bool {
    cwd == root || (cwd.starts_with(root) && cwd[root.len()..].starts_with('/'))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_means_same_or_below() {
        assert!(is_inside("/a/b", "/a/b"));
        assert!(is_inside("/a/b/c", "/a/b"));
        assert!(!is_inside("/a/bc", "/a/b"));
        assert!(!is_inside("/a", "/a/b"));
        assert_eq!(normalize("C:\\Users\\Me\\proj\\"), "c:/users/me/proj");
        assert_eq!(normalize("/no/such/dir/../x/"), "/no/such/x");
    }
}
