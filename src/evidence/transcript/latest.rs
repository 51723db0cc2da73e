//! `--latest`: the newest session of this repository among the agents' session stores on disk.
//!
//! Where each agent keeps its sessions, and how a session's project is recognised, is the one
//! table below ([`STORES`] and the `*_places` functions); `batch` discovery should share it.
//! Every location was checked against the agent's own source or documentation
//! (docs/integrations.md cites them):
//!
//! | agent | sessions | project of a session |
//! |---|---|---|
//! | Claude Code | `$CLAUDE_CONFIG_DIR/projects/<slug>/<session>.jsonl` (default `~/.claude`) | `cwd` of the first records (the slug is lossy) |
//! | Codex CLI | `$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl` (default `~/.codex`) | `payload.cwd` of `session_meta` |
//! | Gemini CLI | `$GEMINI_CLI_HOME/.gemini/tmp/<project-id>/chats/session-*.json[l]` (default `~`) | `<project-id>/.project_root` (registry slugs), or `<project-id>` = SHA-256 of the project root (older versions) |
//! | Cline, Roo Code, Kilo Code | `<editor config>/User/globalStorage/<extension id>/tasks/<task id>/api_conversation_history.json` (`ui_messages.json` when that is missing); Cline's CLI: `~/.cline/data/tasks/<task id>/` | `cwdOnTaskInitialization` (or `workspace`) in `state/taskHistory.json`, else the `Current Working/Workspace Directory (…)` line of the task's environment details |
//! | aider | `<repository>/.aider.chat.history.md` | the file lives in the repository; only its last launch (`# aider chat started at …`) is read |
//!
//! Candidates are tried newest first (by modification time) and only the head of a file is read
//! to find its project, so a store with thousands of sessions costs little.

use super::Format;
use crate::evidence::paths::{comparable, is_inside};
use crate::evidence::read::{Line, LineReader};
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::HashMap;
use std::ffi::OsString;
use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;
use std::time::SystemTime;

/// Records read from the head of a candidate to find its cwd.
const HEAD_RECORDS: usize = 64;
/// Longest head line considered (Codex's first line carries the base instructions).
const HEAD_LINE_BYTES: usize = 4 * 1024 * 1024;
/// Bytes of a Cline/Roo task file searched for its working directory.
const CLINE_HEAD_BYTES: u64 = 512 * 1024;
/// The aider line that opens a launch.
const AIDER_LAUNCH: &str = "# aider chat started at ";

/// The agents whose session stores `--latest` searches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Agent {
    /// Claude Code.
    ClaudeCode,
    /// OpenAI Codex CLI.
    Codex,
    /// Gemini CLI.
    Gemini,
    /// Cline (VS Code extension or CLI).
    Cline,
    /// Roo Code.
    Roo,
    /// Kilo Code.
    Kilo,
    /// aider (the repository's chat history, last launch).
    Aider,
}

impl Agent {
    /// Every agent, in the order the stores are listed.
    pub const ALL: [Agent; 7] = [
        Agent::ClaudeCode,
        Agent::Codex,
        Agent::Gemini,
        Agent::Cline,
        Agent::Roo,
        Agent::Kilo,
        Agent::Aider,
    ];

    /// The agent's id on the command line and in JSON (`claude-code`).
    pub fn id(self) -> &'static str {
        match self {
            Agent::ClaudeCode => "claude-code",
            Agent::Codex => "codex",
            Agent::Gemini => "gemini",
            Agent::Cline => "cline",
            Agent::Roo => "roo",
            Agent::Kilo => "kilo",
            Agent::Aider => "aider",
        }
    }

    /// The agent's name as people write it.
    pub fn name(self) -> &'static str {
        match self {
            Agent::ClaudeCode => "Claude Code",
            Agent::Codex => "Codex",
            Agent::Gemini => "Gemini CLI",
            Agent::Cline => "Cline",
            Agent::Roo => "Roo Code",
            Agent::Kilo => "Kilo Code",
            Agent::Aider => "aider",
        }
    }

    /// The transcript format its session files have.
    pub fn format(self) -> Format {
        match self {
            Agent::ClaudeCode => Format::ClaudeCode,
            Agent::Codex => Format::Codex,
            Agent::Gemini => Format::Gemini,
            Agent::Cline | Agent::Roo | Agent::Kilo => Format::Cline,
            Agent::Aider => Format::Aider,
        }
    }

    /// The VS Code extension id of the Cline family, whose tasks live in `globalStorage/<id>`.
    fn extension_id(self) -> Option<&'static str> {
        match self {
            Agent::Cline => Some("saoudrizwan.claude-dev"),
            Agent::Roo => Some("rooveterinaryinc.roo-cline"),
            Agent::Kilo => Some("kilocode.kilo-code"),
            _ => None,
        }
    }
}

/// A session file found by [`find`].
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Found {
    /// The transcript file.
    pub path: PathBuf,
    /// The agent that wrote it.
    pub agent: Agent,
    /// Its transcript format.
    pub format: Format,
    /// The session's working directory, as recorded (the repository root for aider).
    pub cwd: String,
    /// Where the session starts in the file: aider's last launch (byte offset and 1-based
    /// line); `None` for a whole file.
    pub start: Option<(u64, usize)>,
}

/// How a candidate's project is known.
#[derive(Debug, Clone)]
enum Project {
    /// A working directory recorded outside the file (a marker or a history index).
    Known(String),
    /// Read from the first records of the file.
    Head,
    /// A directory named by the SHA-256 of the project root (older Gemini CLI).
    Hashed(String),
    /// The file lives in the repository itself (aider).
    ThisRepository,
}

#[derive(Debug)]
struct Candidate {
    modified: SystemTime,
    path: PathBuf,
    agent: Agent,
    project: Project,
}

/// One place searched, for the message when nothing is found.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Place {
    /// The agent.
    pub agent: Agent,
    /// The folder or file.
    pub path: PathBuf,
    /// Session files found there (`None`: the place does not exist).
    pub sessions: Option<usize>,
}

/// Reads the environment variables that move the stores.
pub(crate) type EnvLookup<'a> = &'a dyn Fn(&str) -> Option<OsString>;

/// The process environment as an [`EnvLookup`] (an empty value counts as unset).
pub(crate) fn process_env(name: &str) -> Option<OsString> {
    std::env::var_os(name).filter(|v| !v.is_empty())
}

/// Finds the newest session whose project is `root` or inside it (only `agent`'s sessions
/// when given); a clear error listing every place searched when there is none.
pub(crate) fn find(root: &Path, agent: Option<Agent>) -> Result<Found> {
    find_with(root, agent, &process_env)
}

/// [`find`] with the environment given (tests point `HOME` and friends at fixtures).
pub(crate) fn find_with(root: &Path, agent: Option<Agent>, env: EnvLookup<'_>) -> Result<Found> {
    let agents: Vec<Agent> = match agent {
        Some(a) => vec![a],
        None => Agent::ALL.to_vec(),
    };
    let mut places = Vec::new();
    let mut candidates = Vec::new();
    for a in &agents {
        collect(*a, root, env, &mut places, &mut candidates);
    }
    candidates.sort_by(|a, b| {
        b.modified
            .cmp(&a.modified)
            .then_with(|| b.path.cmp(&a.path))
    });
    let root_norm = comparable(&root.to_string_lossy());
    let root_hashes = root_hashes(root);
    for c in candidates {
        let cwd = match &c.project {
            Project::Known(cwd) => Some(cwd.clone()),
            Project::Head => session_cwd(&c.path, c.agent),
            Project::Hashed(h) => root_hashes
                .iter()
                .any(|r| r.eq_ignore_ascii_case(h))
                .then(|| root.display().to_string()),
            Project::ThisRepository => Some(root.display().to_string()),
        };
        let Some(cwd) = cwd else { continue };
        if !is_inside(&comparable(&cwd), &root_norm) {
            continue;
        }
        let start = if c.agent == Agent::Aider {
            last_launch(&c.path)
        } else {
            None
        };
        return Ok(Found {
            format: c.agent.format(),
            path: c.path,
            agent: c.agent,
            cwd,
            start,
        });
    }
    Err(Error::input(root, nothing_found(agent, &places)))
}

fn nothing_found(agent: Option<Agent>, places: &[Place]) -> String {
    let who = agent.map_or("agent".to_string(), |a| a.name().to_string());
    let mut parts = Vec::new();
    for a in Agent::ALL {
        let mine: Vec<&Place> = places.iter().filter(|p| p.agent == a).collect();
        for p in mine.iter().filter(|p| p.sessions.is_some()) {
            let n = p.sessions.unwrap_or(0);
            let what = if n == 1 {
                "1 session".to_string()
            } else {
                format!("{n} sessions")
            };
            parts.push(format!("{} {} ({what})", a.name(), p.path.display()));
        }
        // Folders that do not exist are many for the editor extensions: name the first.
        let missing: Vec<&&Place> = mine.iter().filter(|p| p.sessions.is_none()).collect();
        if let Some(first) = missing.first() {
            let more = match missing.len() - 1 {
                0 => String::new(),
                1 => ", nor 1 other folder".to_string(),
                n => format!(", nor {n} other folders"),
            };
            parts.push(format!(
                "{} {} (not there{more})",
                a.name(),
                first.path.display()
            ));
        }
    }
    let looked = if parts.is_empty() {
        "nowhere: HOME is not set".to_string()
    } else {
        parts.join(", ")
    };
    format!(
        "--latest found no {who} session whose project is this repository (looked in: {looked}); pass --transcript FILE"
    )
}

/// Adds `agent`'s places and session files.
fn collect(
    agent: Agent,
    root: &Path,
    env: EnvLookup<'_>,
    places: &mut Vec<Place>,
    out: &mut Vec<Candidate>,
) {
    let before = out.len();
    let mut place =
        |path: PathBuf, out: &mut Vec<Candidate>, scan: &dyn Fn(&Path, &mut Vec<Candidate>)| {
            let n = out.len();
            let exists = path.exists();
            if exists {
                scan(&path, out);
            }
            places.push(Place {
                agent,
                path,
                sessions: exists.then(|| out.len() - n),
            });
        };
    match agent {
        Agent::ClaudeCode => {
            if let Some(dir) = claude_projects(env) {
                place(dir, out, &|dir, out| {
                    for project in dirs_in(dir) {
                        push_files(
                            &project,
                            agent,
                            &|n| n.ends_with(".jsonl"),
                            &|_| Project::Head,
                            out,
                        );
                    }
                });
            }
        }
        Agent::Codex => {
            if let Some(dir) = codex_sessions(env) {
                place(dir, out, &|dir, out| {
                    for year in dirs_in(dir) {
                        for month in dirs_in(&year) {
                            for day in dirs_in(&month) {
                                push_files(
                                    &day,
                                    agent,
                                    &|n| n.ends_with(".jsonl"),
                                    &|_| Project::Head,
                                    out,
                                );
                            }
                        }
                    }
                });
            }
        }
        Agent::Gemini => {
            if let Some(dir) = gemini_tmp(env) {
                place(dir, out, &|dir, out| {
                    for project_dir in dirs_in(dir) {
                        let project = gemini_project(&project_dir);
                        push_files(
                            &project_dir.join("chats"),
                            agent,
                            &|n| {
                                n.starts_with("session-")
                                    && (n.ends_with(".json") || n.ends_with(".jsonl"))
                            },
                            &|_| project.clone(),
                            out,
                        );
                    }
                });
            }
        }
        Agent::Cline | Agent::Roo | Agent::Kilo => {
            for storage in cline_storages(agent, env) {
                place(storage, out, &|storage, out| {
                    push_cline_tasks(storage, agent, out)
                });
            }
        }
        Agent::Aider => {
            let file = root.join(".aider.chat.history.md");
            place(file, out, &|file, out| {
                if let Ok(meta) = std::fs::metadata(file)
                    && meta.is_file()
                {
                    out.push(Candidate {
                        modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                        path: file.to_path_buf(),
                        agent,
                        project: Project::ThisRepository,
                    });
                }
            });
        }
    }
    debug_assert!(out.len() >= before);
}

fn home(env: EnvLookup<'_>) -> Option<PathBuf> {
    env("HOME")
        .or_else(|| env("USERPROFILE"))
        .map(PathBuf::from)
}

/// Claude Code's configuration folder: `$CLAUDE_CONFIG_DIR`, default `~/.claude`.
pub(crate) fn claude_dir(env: EnvLookup<'_>) -> Option<PathBuf> {
    env("CLAUDE_CONFIG_DIR")
        .map(PathBuf::from)
        .or_else(|| home(env).map(|h| h.join(".claude")))
}

/// Codex's home: `$CODEX_HOME`, default `~/.codex`.
pub(crate) fn codex_home(env: EnvLookup<'_>) -> Option<PathBuf> {
    env("CODEX_HOME")
        .map(PathBuf::from)
        .or_else(|| home(env).map(|h| h.join(".codex")))
}

/// Gemini CLI's folder: `$GEMINI_CLI_HOME/.gemini`, default `~/.gemini`.
pub(crate) fn gemini_dir(env: EnvLookup<'_>) -> Option<PathBuf> {
    env("GEMINI_CLI_HOME")
        .map(PathBuf::from)
        .or_else(|| home(env))
        .map(|h| h.join(".gemini"))
}

/// `<claude_dir>/projects`.
pub(crate) fn claude_projects(env: EnvLookup<'_>) -> Option<PathBuf> {
    claude_dir(env).map(|d| d.join("projects"))
}

/// `<codex_home>/sessions`.
pub(crate) fn codex_sessions(env: EnvLookup<'_>) -> Option<PathBuf> {
    codex_home(env).map(|d| d.join("sessions"))
}

/// `<gemini_dir>/tmp`.
pub(crate) fn gemini_tmp(env: EnvLookup<'_>) -> Option<PathBuf> {
    gemini_dir(env).map(|d| d.join("tmp"))
}

/// The editors whose `User/globalStorage` can hold the Cline family's tasks.
const EDITORS: &[&str] = &["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"];

/// The storage folders of `agent` (an extension of the Cline family), for this OS's editors,
/// plus Cline's own CLI data folder.
pub(crate) fn cline_storages(agent: Agent, env: EnvLookup<'_>) -> Vec<PathBuf> {
    let Some(ext) = agent.extension_id() else {
        return Vec::new();
    };
    let home = home(env);
    let config_base = if cfg!(windows) {
        env("APPDATA").map(PathBuf::from)
    } else if cfg!(target_os = "macos") {
        home.as_ref()
            .map(|h| h.join("Library").join("Application Support"))
    } else {
        env("XDG_CONFIG_HOME")
            .map(PathBuf::from)
            .or_else(|| home.as_ref().map(|h| h.join(".config")))
    };
    let mut out: Vec<PathBuf> = config_base
        .map(|base| {
            EDITORS
                .iter()
                .map(|e| base.join(e).join("User").join("globalStorage").join(ext))
                .collect()
        })
        .unwrap_or_default();
    if agent == Agent::Cline
        && let Some(h) = &home
    {
        out.push(h.join(".cline").join("data"));
    }
    out
}

fn dirs_in(dir: &Path) -> Vec<PathBuf> {
    match std::fs::read_dir(dir) {
        Ok(entries) => entries
            .flatten()
            .map(|e| e.path())
            .filter(|p| p.is_dir())
            .collect(),
        Err(_) => Vec::new(),
    }
}

fn push_files(
    dir: &Path,
    agent: Agent,
    wanted: &dyn Fn(&str) -> bool,
    project: &dyn Fn(&Path) -> Project,
    out: &mut Vec<Candidate>,
) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name();
        if !wanted(&name.to_string_lossy()) {
            continue;
        }
        if let Ok(meta) = std::fs::metadata(&path)
            && meta.is_file()
        {
            out.push(Candidate {
                modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                project: project(&path),
                path,
                agent,
            });
        }
    }
}

/// A Gemini project folder's owner: the `.project_root` marker of the registry era, else the
/// folder name when it is a SHA-256 (the hash of the project root, older versions).
fn gemini_project(project_dir: &Path) -> Project {
    if let Ok(text) = std::fs::read_to_string(project_dir.join(".project_root")) {
        let root = text.trim();
        if !root.is_empty() {
            return Project::Known(root.to_string());
        }
    }
    let name = project_dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    if name.len() == 64 && name.bytes().all(|b| b.is_ascii_hexdigit()) {
        Project::Hashed(name)
    } else {
        Project::Head
    }
}

/// The SHA-256 hex digests an older Gemini CLI may have named this repository's folder by.
fn root_hashes(root: &Path) -> Vec<String> {
    let mut forms = vec![root.to_string_lossy().into_owned()];
    if let Ok(c) = std::fs::canonicalize(root) {
        forms.push(c.to_string_lossy().into_owned());
    }
    forms.dedup();
    forms
        .iter()
        .map(|f| {
            aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, f.as_bytes())
                .as_ref()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect()
        })
        .collect()
}

/// The task folders of one Cline-family storage (`<storage>/tasks/<id>/`), each with the
/// working directory its history index recorded, when it did.
fn push_cline_tasks(storage: &Path, agent: Agent, out: &mut Vec<Candidate>) {
    let index = cline_history_index(storage);
    for task in dirs_in(&storage.join("tasks")) {
        let id = task
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        let project = match index.get(&id) {
            Some(cwd) => Project::Known(cwd.clone()),
            None => Project::Head,
        };
        for name in ["api_conversation_history.json", "ui_messages.json"] {
            let path = task.join(name);
            if let Ok(meta) = std::fs::metadata(&path)
                && meta.is_file()
            {
                out.push(Candidate {
                    modified: meta.modified().unwrap_or(SystemTime::UNIX_EPOCH),
                    path,
                    agent,
                    project: project.clone(),
                });
                break;
            }
        }
    }
}

/// `state/taskHistory.json`: task id → the working directory it started in.
fn cline_history_index(storage: &Path) -> HashMap<String, String> {
    let mut out = HashMap::new();
    let Ok(text) = std::fs::read_to_string(storage.join("state").join("taskHistory.json")) else {
        return out;
    };
    let Ok(Value::Array(items)) = serde_json::from_str::<Value>(&text) else {
        return out;
    };
    for item in items {
        let id = item.get("id").and_then(Value::as_str);
        let cwd = [
            "cwdOnTaskInitialization",
            "workspace",
            "shadowGitConfigWorkTree",
        ]
        .iter()
        .find_map(|k| {
            item.get(*k)
                .and_then(Value::as_str)
                .filter(|s| !s.is_empty())
        });
        if let (Some(id), Some(cwd)) = (id, cwd) {
            out.insert(id.to_string(), cwd.to_string());
        }
    }
    out
}

static CLINE_CWD: LazyLock<regex::Regex> = LazyLock::new(|| {
    regex::Regex::new(r"Current (?:Working|Workspace) Directory \(([^)\n]+)\)").expect("static")
});

/// The cwd recorded in the first records of a session file.
fn session_cwd(path: &Path, agent: Agent) -> Option<String> {
    match agent {
        Agent::Cline | Agent::Roo | Agent::Kilo | Agent::Gemini => head_cwd_text(path),
        _ => head_cwd_jsonl(path, agent),
    }
}

fn head_cwd_jsonl(path: &Path, agent: Agent) -> Option<String> {
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
        let cwd = match agent {
            Agent::Codex => v.get("payload").and_then(|p| p.get("cwd")),
            _ => v.get("cwd"),
        };
        if let Some(cwd) = cwd.and_then(Value::as_str).filter(|c| !c.is_empty()) {
            return Some(cwd.to_string());
        }
    }
    None
}

/// The `Current Working Directory (…)` line of a Cline-family task's first environment
/// details (a JSON string: `\\` stands for one backslash).
fn head_cwd_text(path: &Path) -> Option<String> {
    let mut head = Vec::new();
    File::open(path)
        .ok()?
        .take(CLINE_HEAD_BYTES)
        .read_to_end(&mut head)
        .ok()?;
    let text = String::from_utf8_lossy(&head);
    let cwd = CLINE_CWD.captures(&text)?.get(1)?.as_str();
    Some(cwd.replace("\\\\", "\\"))
}

/// The byte offset and line of the last `# aider chat started at` line.
fn last_launch(path: &Path) -> Option<(u64, usize)> {
    let mut reader = BufReader::new(File::open(path).ok()?);
    let mut buf = Vec::new();
    let (mut offset, mut line) = (0u64, 0usize);
    let mut last = None;
    loop {
        buf.clear();
        let n = reader.read_until(b'\n', &mut buf).ok()?;
        if n == 0 {
            break;
        }
        line += 1;
        if buf.starts_with(AIDER_LAUNCH.as_bytes()) {
            last = Some((offset, line));
        }
        offset += n as u64;
    }
    last
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    fn touch(path: &Path, text: &str, age_secs: u64) {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
        let t = SystemTime::now() - Duration::from_secs(age_secs);
        File::options()
            .write(true)
            .open(path)
            .unwrap()
            .set_modified(t)
            .unwrap();
    }

    fn env_for(home: &Path) -> impl Fn(&str) -> Option<OsString> + '_ {
        move |k| match k {
            "HOME" => Some(home.as_os_str().to_owned()),
            _ => None,
        }
    }

    #[test]
    fn newest_session_of_this_repository_wins_across_agents() {
        let home = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let root = repo.path().canonicalize().unwrap();
        let r = root.display().to_string();
        let h = home.path();
        let env = env_for(h);
        // Claude: an old one here, a newer one elsewhere.
        touch(
            &h.join(".claude/projects/p/a.jsonl"),
            &format!("{{\"type\":\"user\",\"cwd\":\"{r}\"}}\n"),
            500,
        );
        touch(
            &h.join(".claude/projects/q/b.jsonl"),
            "{\"type\":\"user\",\"cwd\":\"/elsewhere\"}\n",
            10,
        );
        // Gemini (registry era): marker names the project.
        std::fs::create_dir_all(h.join(".gemini/tmp/myproj")).unwrap();
        std::fs::write(h.join(".gemini/tmp/myproj/.project_root"), &r).unwrap();
        touch(
            &h.join(".gemini/tmp/myproj/chats/session-2026-01-01T10-00-abcd1234.json"),
            "{\"sessionId\":\"x\",\"projectHash\":\"h\",\"messages\":[]}",
            300,
        );
        let found = find_with(&root, None, &env).unwrap();
        assert_eq!(found.agent, Agent::Gemini);
        // Cline: task history index names the cwd; newest of all.
        let storage = h.join(".config/Code/User/globalStorage/saoudrizwan.claude-dev");
        std::fs::create_dir_all(storage.join("state")).unwrap();
        std::fs::write(
            storage.join("state/taskHistory.json"),
            format!("[{{\"id\":\"17\",\"ts\":1,\"task\":\"t\",\"cwdOnTaskInitialization\":\"{r}/sub\"}}]"),
        )
        .unwrap();
        touch(
            &storage.join("tasks/17/api_conversation_history.json"),
            "[]",
            100,
        );
        let found = find_with(&root, None, &env).unwrap();
        assert_eq!(found.agent, Agent::Cline);
        assert_eq!(found.format, Format::Cline);
        // --agent narrows the search.
        let found = find_with(&root, Some(Agent::ClaudeCode), &env).unwrap();
        assert!(found.path.ends_with("p/a.jsonl"), "{found:?}");
    }

    #[test]
    fn roo_task_without_index_is_recognised_by_its_environment_details() {
        let home = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let root = repo.path().canonicalize().unwrap();
        let env = env_for(home.path());
        let task = home
            .path()
            .join(".config/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks/t1");
        let text = format!(
            "[{{\"role\":\"user\",\"content\":[{{\"type\":\"text\",\"text\":\"<environment_details>\\n# Current Workspace Directory ({}) Files\\n\"}}]}}]",
            root.display()
        );
        touch(&task.join("api_conversation_history.json"), &text, 5);
        let found = find_with(&root, Some(Agent::Roo), &env).unwrap();
        assert_eq!(found.agent, Agent::Roo);
        assert_eq!(comparable(&found.cwd), comparable(&root.to_string_lossy()));
    }

    #[test]
    fn legacy_gemini_folder_is_the_hash_of_the_root() {
        let home = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let root = repo.path().canonicalize().unwrap();
        let hash = root_hashes(&root).pop().unwrap();
        assert_eq!(hash.len(), 64);
        touch(
            &home.path().join(format!(
                ".gemini/tmp/{hash}/chats/session-2025-01-01T10-00-x.json"
            )),
            "{}",
            5,
        );
        let found = find_with(&root, Some(Agent::Gemini), &env_for(home.path())).unwrap();
        assert_eq!(found.agent, Agent::Gemini);
    }

    #[test]
    fn aider_reads_the_last_launch_only() {
        let home = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        let text = "# aider chat started at 2026-01-01 10:00:00\n\n#### one\n\n# aider chat started at 2026-01-02 10:00:00\n\n#### two\n";
        std::fs::write(repo.path().join(".aider.chat.history.md"), text).unwrap();
        let found = find_with(repo.path(), None, &env_for(home.path())).unwrap();
        assert_eq!(found.agent, Agent::Aider);
        let (offset, line) = found.start.unwrap();
        assert_eq!(line, 5);
        assert!(text[offset as usize..].starts_with("# aider chat started at 2026-01-02"));
    }

    #[test]
    fn nothing_found_lists_every_place_searched() {
        let home = tempfile::tempdir().unwrap();
        let repo = tempfile::tempdir().unwrap();
        std::fs::create_dir_all(home.path().join(".codex/sessions")).unwrap();
        let err = find_with(repo.path(), None, &env_for(home.path()))
            .unwrap_err()
            .to_string();
        for needle in [
            "Claude Code",
            ".claude/projects (not there)",
            ".codex/sessions (0 sessions)",
            "Gemini CLI",
            "Roo Code",
            "Kilo Code",
            "nor 5 other folders",
            ".aider.chat.history.md (not there)",
            "--transcript FILE",
        ] {
            assert!(err.contains(needle), "{needle}: {err}");
        }
        let err = find_with(repo.path(), Some(Agent::Codex), &env_for(home.path()))
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("no Codex session") && !err.contains("Claude"),
            "{err}"
        );
    }
}
