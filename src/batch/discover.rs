//! Finding sessions: every agent's default store (one named table, [`STORES`]), or the files,
//! folders and globs given as sources. Each session found is sniffed (the head of the file only)
//! for what the listing and the filters need: its working directory, id, start time and remote.
//! Where each store lives, and the agents' own sources that say so: `docs/batch.md`.

use crate::evidence::transcript::{self, Format};
use chrono::{DateTime, TimeZone, Utc};
use regex::Regex;
use serde_json::Value;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

/// Bytes of a file read to sniff its session facts.
const SNIFF_BYTES: u64 = 256 * 1024;
/// JSONL records looked at when sniffing.
const SNIFF_RECORDS: usize = 64;
/// Folders deeper than this under a walked source are not entered.
const MAX_WALK_DEPTH: usize = 12;

/// How a store lays out its sessions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Layout {
    /// `<root>/<project-slug>/<session>.jsonl` (Claude Code).
    ClaudeProjects,
    /// `<root>/YYYY/MM/DD/rollout-*.jsonl`, or flat `rollout-*.jsonl` when archived (Codex).
    CodexRollouts,
    /// `<root>/<project-hash>/chats/session-*.json[l]` (Gemini CLI).
    GeminiChats,
    /// `<root>/<task-id>/ui_messages.json` or `api_conversation_history.json` (Cline and forks).
    ClineTasks,
}

/// One default store: which agent, where (relative to a base folder), and its layout.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StoreSpec {
    /// Agent name shown in listings.
    pub agent: &'static str,
    /// Base folder the path is relative to.
    pub base: Base,
    /// Path below the base.
    pub path: &'static str,
    /// Layout of the sessions inside.
    pub layout: Layout,
}

/// What a store path is relative to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Base {
    /// `$CLAUDE_CONFIG_DIR`, else `~/.claude`.
    ClaudeConfig,
    /// `$CODEX_HOME`, else `~/.codex`.
    CodexHome,
    /// `$GEMINI_CLI_HOME` (which Gemini CLI uses in place of the home folder), else `~`.
    GeminiHome,
    /// The home folder.
    Home,
    /// `$XDG_CONFIG_HOME`, else `~/.config` (VS Code and its forks on Linux).
    XdgConfig,
}

/// VS Code and the editors built on it whose global storage may hold Cline-family tasks.
const EDITORS: &[&str] = &["Code", "Code - Insiders", "VSCodium", "Cursor", "Windsurf"];
/// Global-storage folders (extension ids, lower case) of Cline and its forks.
const CLINE_FAMILY: &[(&str, &str)] = &[
    ("cline", "saoudrizwan.claude-dev"),
    ("roo", "rooveterinaryinc.roo-cline"),
    ("kilo", "kilocode.kilo-code"),
];

/// The default stores that are not per editor.
pub(crate) const STORES: &[StoreSpec] = &[
    StoreSpec {
        agent: "claude-code",
        base: Base::ClaudeConfig,
        path: "projects",
        layout: Layout::ClaudeProjects,
    },
    StoreSpec {
        agent: "codex",
        base: Base::CodexHome,
        path: "sessions",
        layout: Layout::CodexRollouts,
    },
    StoreSpec {
        agent: "codex",
        base: Base::CodexHome,
        path: "archived_sessions",
        layout: Layout::CodexRollouts,
    },
    StoreSpec {
        agent: "gemini",
        base: Base::GeminiHome,
        path: ".gemini/tmp",
        layout: Layout::GeminiChats,
    },
];

/// The environment the stores are found from (a struct, so tests can use a fake home).
#[derive(Debug, Clone, Default)]
pub(crate) struct Env {
    /// `HOME` (`USERPROFILE` on Windows).
    pub home: Option<PathBuf>,
    /// `CLAUDE_CONFIG_DIR`.
    pub claude_config_dir: Option<PathBuf>,
    /// `CODEX_HOME`.
    pub codex_home: Option<PathBuf>,
    /// `GEMINI_CLI_HOME`.
    pub gemini_cli_home: Option<PathBuf>,
    /// `XDG_CONFIG_HOME`.
    pub xdg_config_home: Option<PathBuf>,
}

impl Env {
    /// Read from the process environment (empty values count as unset).
    pub(crate) fn from_process() -> Env {
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        Env {
            home: var("HOME").or_else(|| var("USERPROFILE")),
            claude_config_dir: var("CLAUDE_CONFIG_DIR"),
            codex_home: var("CODEX_HOME"),
            gemini_cli_home: var("GEMINI_CLI_HOME"),
            xdg_config_home: var("XDG_CONFIG_HOME"),
        }
    }

    fn base(&self, b: Base) -> Option<PathBuf> {
        let home = self.home.clone();
        match b {
            Base::ClaudeConfig => self
                .claude_config_dir
                .clone()
                .or_else(|| home.map(|h| h.join(".claude"))),
            Base::CodexHome => self
                .codex_home
                .clone()
                .or_else(|| home.map(|h| h.join(".codex"))),
            Base::GeminiHome => self.gemini_cli_home.clone().or(home),
            Base::Home => home,
            Base::XdgConfig => self
                .xdg_config_home
                .clone()
                .or_else(|| home.map(|h| h.join(".config"))),
        }
    }
}

/// A store found on this machine.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Store {
    /// Agent name.
    pub agent: String,
    /// Its folder.
    pub root: PathBuf,
    /// How sessions are laid out in it.
    pub layout: Layout,
}

/// Every default store, existing or not, in a fixed order: the table above, then the Cline
/// family in each editor's global storage on Linux, macOS and VS Code remote servers.
pub(crate) fn default_stores(env: &Env) -> Vec<Store> {
    let mut out: Vec<Store> = STORES
        .iter()
        .filter_map(|s| {
            Some(Store {
                agent: s.agent.to_string(),
                root: env.base(s.base)?.join(s.path),
                layout: s.layout,
            })
        })
        .collect();
    let mut storage_roots: Vec<PathBuf> = Vec::new();
    for editor in EDITORS {
        if let Some(cfg) = env.base(Base::XdgConfig) {
            storage_roots.push(cfg.join(editor).join("User/globalStorage"));
        }
        if let Some(home) = env.base(Base::Home) {
            storage_roots.push(
                home.join("Library/Application Support")
                    .join(editor)
                    .join("User/globalStorage"),
            );
        }
    }
    if let Some(home) = env.base(Base::Home) {
        storage_roots.push(home.join(".vscode-server/data/User/globalStorage"));
    }
    for root in storage_roots {
        for (agent, ext) in CLINE_FAMILY {
            out.push(Store {
                agent: (*agent).to_string(),
                root: root.join(ext).join("tasks"),
                layout: Layout::ClineTasks,
            });
        }
    }
    out
}

/// One session file found, with what its head says.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Candidate {
    /// The transcript file.
    pub path: PathBuf,
    /// Its format.
    pub format: Format,
    /// Size in bytes.
    pub size: u64,
    /// Last modification (the session's last activity, for `--since`).
    pub modified: Option<DateTime<Utc>>,
    /// Facts from the head of the file.
    pub head: Head,
}

/// What the head of a session file says.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Head {
    /// Working directory of the session.
    pub cwd: Option<String>,
    /// Session id.
    pub session_id: Option<String>,
    /// Time of the first record.
    pub started_at: Option<DateTime<Utc>>,
    /// The repository's remote URL, when the agent records it (Codex).
    pub remote: Option<String>,
    /// Gemini's hash of the project root.
    pub project_hash: Option<String>,
}

impl Candidate {
    /// When the session started (the file's time when its records carry none).
    pub(crate) fn date(&self) -> Option<DateTime<Utc>> {
        self.head.started_at.or(self.modified)
    }
}

/// Sessions in `stores` that exist.
pub(crate) fn from_stores(stores: &[Store], warnings: &mut Vec<String>) -> Vec<Candidate> {
    let mut files = Vec::new();
    for s in stores.iter().filter(|s| s.root.is_dir()) {
        store_files(s, &mut files);
    }
    files
        .into_iter()
        .filter_map(|(p, f)| candidate(&p, Some(f), warnings))
        .collect()
}

fn store_files(s: &Store, out: &mut Vec<(PathBuf, Format)>) {
    match s.layout {
        Layout::ClaudeProjects => {
            for project in children(&s.root).into_iter().filter(|p| p.is_dir()) {
                for f in children(&project) {
                    if f.extension().is_some_and(|e| e == "jsonl") && f.is_file() {
                        out.push((f, Format::ClaudeCode));
                    }
                }
            }
        }
        Layout::CodexRollouts => {
            for e in walkdir::WalkDir::new(&s.root)
                .max_depth(4)
                .sort_by_file_name()
                .into_iter()
                .flatten()
            {
                let name = e.file_name().to_string_lossy();
                if e.file_type().is_file()
                    && name.starts_with("rollout-")
                    && name.ends_with(".jsonl")
                {
                    out.push((e.into_path(), Format::Codex));
                }
            }
        }
        Layout::GeminiChats => {
            for project in children(&s.root).into_iter().filter(|p| p.is_dir()) {
                for f in children(&project.join("chats")) {
                    let name = f
                        .file_name()
                        .map(|n| n.to_string_lossy().into_owned())
                        .unwrap_or_default();
                    if name.starts_with("session-")
                        && (name.ends_with(".json") || name.ends_with(".jsonl"))
                        && f.is_file()
                    {
                        out.push((f, Format::Gemini));
                    }
                }
            }
        }
        Layout::ClineTasks => {
            for task in children(&s.root).into_iter().filter(|p| p.is_dir()) {
                if let Some(f) = cline_task_file(&task) {
                    out.push((f, Format::Cline));
                }
            }
        }
    }
}

/// The file that stands for a Cline task folder: `ui_messages.json` (it carries timestamps),
/// else `api_conversation_history.json`.
fn cline_task_file(task: &Path) -> Option<PathBuf> {
    ["ui_messages.json", "api_conversation_history.json"]
        .iter()
        .map(|n| task.join(n))
        .find(|p| p.is_file())
}

/// Sessions in the given sources: files, folders (walked) and globs. A source that matches
/// nothing is an error (exit 2): the user named it.
pub(crate) fn from_sources(
    sources: &[String],
    warnings: &mut Vec<String>,
) -> crate::Result<Vec<Candidate>> {
    let mut files: Vec<(PathBuf, Option<Format>)> = Vec::new();
    for src in sources {
        let before = files.len();
        let path = PathBuf::from(src);
        if path.is_dir() {
            walk(&path, &mut files);
        } else if path.is_file() {
            // Named by the user: kept even when it is no known transcript, so that the run
            // records why it cannot be summarized instead of passing over it.
            files.push((path, Some(explicit_format(Path::new(src)))));
        } else if src.contains(['*', '?', '[']) {
            let paths = glob::glob(src).map_err(|e| {
                crate::Error::Usage(format!(
                    "{src}: not a valid glob ({e}); quote it or fix the pattern"
                ))
            })?;
            for p in paths.flatten() {
                if p.is_dir() {
                    walk(&p, &mut files);
                } else if p.is_file() {
                    files.push((p, None));
                }
            }
        } else {
            return Err(crate::Error::input(
                &path,
                "no such file or folder; pass session files, folders or globs (or none for every agent's store)",
            ));
        }
        if files.len() == before {
            warnings.push(format!("{src}: no session files found there"));
        }
    }
    files.sort_by(|a, b| a.0.cmp(&b.0));
    files.dedup_by(|a, b| a.0 == b.0);
    Ok(files
        .into_iter()
        .filter_map(|(p, f)| candidate(&p, f, warnings))
        .collect())
}

/// The format of a file the user named: detected, else plain text (which fails to read when
/// it holds nothing usable, and is then recorded as failed).
fn explicit_format(path: &Path) -> Format {
    transcript::detect(path).unwrap_or(Format::Plain)
}

/// Session files under `dir`: agent layouts are recognised by name (Claude/Codex JSONL, Gemini
/// chats, Cline task folders, aider histories); other `.jsonl`, `.json` and `.traj` files are
/// kept when their content is a transcript.
fn walk(dir: &Path, out: &mut Vec<(PathBuf, Option<Format>)>) {
    let mut it = walkdir::WalkDir::new(dir)
        .max_depth(MAX_WALK_DEPTH)
        .sort_by_file_name()
        .into_iter();
    while let Some(Ok(e)) = it.next() {
        let name = e.file_name().to_string_lossy().into_owned();
        if e.file_type().is_dir() {
            // Skip what never holds sessions and can be huge.
            if e.depth() > 0
                && matches!(name.as_str(), ".git" | "node_modules" | "target" | ".venv")
            {
                it.skip_current_dir();
            }
            continue;
        }
        if !e.file_type().is_file() {
            continue;
        }
        let p = e.path();
        if name == ".aider.chat.history.md" {
            out.push((p.to_path_buf(), Some(Format::Aider)));
        } else if name == "api_conversation_history.json" {
            // A Cline task folder: one session, read from ui_messages.json when it is there.
            if let Some(parent) = p.parent()
                && let Some(f) = cline_task_file(parent)
            {
                out.push((f, Some(Format::Cline)));
            }
        } else if name == "ui_messages.json" {
            if p.parent()
                .is_none_or(|d| !d.join("api_conversation_history.json").is_file())
            {
                out.push((p.to_path_buf(), Some(Format::Cline)));
            }
        } else if name.ends_with(".jsonl") || name.ends_with(".json") || name.ends_with(".traj") {
            out.push((p.to_path_buf(), None));
        }
    }
}

/// A candidate for `path`, or `None` (with a warning only when the user named a single file)
/// when it is no transcript.
fn candidate(path: &Path, format: Option<Format>, warnings: &mut Vec<String>) -> Option<Candidate> {
    let meta = std::fs::metadata(path).ok()?;
    let format = match format {
        Some(f) => f,
        None => match transcript::detect(path) {
            Ok(f) if f != Format::Plain => f,
            // Plain text is the fallback of detection, not a recognised session; a walked
            // folder has plenty of JSON that is not a transcript either.
            _ => return None,
        },
    };
    let head = sniff(path, format).unwrap_or_else(|e| {
        warnings.push(format!("{}: cannot read its head: {e}", path.display()));
        Head::default()
    });
    Some(Candidate {
        path: path.to_path_buf(),
        format,
        size: meta.len(),
        modified: meta.modified().ok().map(DateTime::<Utc>::from),
        head,
    })
}

static CLINE_CWD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"Current Working Directory \(([^)\n\\]+(?:\\\\[^)\n\\]+)*)\)").expect("regex")
});
static AIDER_START: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?m)^# aider chat started at (\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)").expect("regex")
});
static JSON_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#""(sessionId|startTime|projectHash|taskId)"\s*:\s*"([^"]{1,200})""#)
        .expect("regex")
});
static CLINE_TS: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#""ts"\s*:\s*(\d{12,14})"#).expect("regex"));

/// Reads the head of `path` for its session facts.
pub(crate) fn sniff(path: &Path, format: Format) -> std::io::Result<Head> {
    let mut buf = Vec::new();
    std::fs::File::open(path)?
        .take(SNIFF_BYTES)
        .read_to_end(&mut buf)?;
    let text = String::from_utf8_lossy(&buf);
    let mut h = Head::default();
    match format {
        Format::ClaudeCode | Format::Codex | Format::Cursor => {
            for line in text.lines().take(SNIFF_RECORDS) {
                let Ok(v) = serde_json::from_str::<Value>(line) else {
                    continue;
                };
                jsonl_facts(&v, &mut h);
                if h.cwd.is_some() && h.session_id.is_some() && h.started_at.is_some() {
                    break;
                }
            }
        }
        Format::Aider => {
            h.cwd = path
                .parent()
                .and_then(|p| std::fs::canonicalize(p).ok())
                .map(|p| p.display().to_string());
            h.started_at = AIDER_START
                .captures(&text)
                .and_then(|c| {
                    chrono::NaiveDateTime::parse_from_str(&c[1], "%Y-%m-%d %H:%M:%S").ok()
                })
                .map(|t| Utc.from_utc_datetime(&t));
        }
        _ => {
            for c in JSON_FIELD.captures_iter(&text) {
                let v = c[2].to_string();
                match &c[1] {
                    "sessionId" | "taskId" if h.session_id.is_none() => h.session_id = Some(v),
                    "startTime" if h.started_at.is_none() => h.started_at = v.parse().ok(),
                    "projectHash" if h.project_hash.is_none() => h.project_hash = Some(v),
                    _ => {}
                }
            }
            if h.started_at.is_none() {
                h.started_at = CLINE_TS
                    .captures(&text)
                    .and_then(|c| c[1].parse::<i64>().ok())
                    .and_then(DateTime::from_timestamp_millis);
            }
            h.cwd = CLINE_CWD
                .captures(&text)
                .map(|c| c[1].replace("\\\\", "\\").trim().to_string());
            if format == Format::Cline && h.session_id.is_none() {
                // The task folder is named by the task id.
                h.session_id = path
                    .parent()
                    .and_then(|p| p.file_name())
                    .map(|n| n.to_string_lossy().into_owned());
            }
        }
    }
    Ok(h)
}

/// Session facts from one JSONL record (Claude Code, Codex, Cursor).
fn jsonl_facts(v: &Value, h: &mut Head) {
    let payload = &v["payload"];
    let s = |x: &Value| x.as_str().filter(|s| !s.is_empty()).map(str::to_string);
    if h.cwd.is_none() {
        h.cwd = s(&v["cwd"]).or_else(|| s(&payload["cwd"]));
    }
    if h.session_id.is_none() {
        h.session_id = s(&v["sessionId"]).or_else(|| {
            (v["type"] == "session_meta")
                .then(|| s(&payload["id"]))
                .flatten()
        });
    }
    if h.started_at.is_none() {
        h.started_at = v["timestamp"].as_str().and_then(|t| t.parse().ok());
    }
    if h.remote.is_none() {
        h.remote = s(&payload["git"]["repository_url"]);
    }
}

fn children(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = match std::fs::read_dir(dir) {
        Ok(rd) => rd.flatten().map(|e| e.path()).collect(),
        Err(_) => Vec::new(),
    };
    v.sort();
    v
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_stores_honour_the_environment() {
        let env = Env {
            home: Some("/h".into()),
            claude_config_dir: Some("/cc".into()),
            codex_home: None,
            gemini_cli_home: None,
            xdg_config_home: None,
        };
        let roots: Vec<String> = default_stores(&env)
            .iter()
            .map(|s| s.root.display().to_string())
            .collect();
        assert_eq!(roots[0], "/cc/projects");
        assert_eq!(roots[1], "/h/.codex/sessions");
        assert_eq!(roots[2], "/h/.codex/archived_sessions");
        assert_eq!(roots[3], "/h/.gemini/tmp");
        assert!(roots.contains(
            &"/h/.config/Code/User/globalStorage/saoudrizwan.claude-dev/tasks".to_string()
        ));
        assert!(roots.contains(
            &"/h/Library/Application Support/Code/User/globalStorage/rooveterinaryinc.roo-cline/tasks"
                .to_string()
        ));
        let env = Env {
            codex_home: Some("/cx".into()),
            gemini_cli_home: Some("/g".into()),
            ..env
        };
        let roots: Vec<String> = default_stores(&env)
            .iter()
            .map(|s| s.root.display().to_string())
            .collect();
        assert_eq!(roots[1], "/cx/sessions");
        assert_eq!(roots[3], "/g/.gemini/tmp");
    }

    #[test]
    fn sniffs_session_facts_from_each_head() {
        let dir = tempfile::tempdir().unwrap();
        let claude = dir.path().join("c.jsonl");
        std::fs::write(
            &claude,
            "{\"type\":\"summary\"}\n{\"type\":\"user\",\"sessionId\":\"s-1\",\"cwd\":\"/p/app\",\"timestamp\":\"2026-02-03T04:05:06Z\"}\n",
        )
        .unwrap();
        let h = sniff(&claude, Format::ClaudeCode).unwrap();
        assert_eq!(h.session_id.as_deref(), Some("s-1"));
        assert_eq!(h.cwd.as_deref(), Some("/p/app"));
        assert_eq!(
            h.started_at.unwrap().to_rfc3339(),
            "2026-02-03T04:05:06+00:00"
        );

        let codex = dir.path().join("rollout-x.jsonl");
        std::fs::write(
            &codex,
            "{\"timestamp\":\"2026-02-03T04:05:06Z\",\"type\":\"session_meta\",\"payload\":{\"id\":\"cx-9\",\"cwd\":\"/p/svc\",\"git\":{\"repository_url\":\"git@example.com:o/svc.git\"}}}\n",
        )
        .unwrap();
        let h = sniff(&codex, Format::Codex).unwrap();
        assert_eq!(h.session_id.as_deref(), Some("cx-9"));
        assert_eq!(h.remote.as_deref(), Some("git@example.com:o/svc.git"));

        let task = dir.path().join("1712345678901");
        std::fs::create_dir(&task).unwrap();
        let ui = task.join("ui_messages.json");
        std::fs::write(
            &ui,
            r#"[{"ts":1712345678901,"type":"say","say":"text","text":"fix it"},{"ts":1712345679000,"type":"say","say":"api_req_started","text":"{\"request\":\"<environment_details>\\n# Current Working Directory (/home/u/web) Files\\n\"}"}]"#,
        )
        .unwrap();
        let h = sniff(&ui, Format::Cline).unwrap();
        assert_eq!(h.session_id.as_deref(), Some("1712345678901"));
        assert_eq!(h.cwd.as_deref(), Some("/home/u/web"));
        assert_eq!(h.started_at.unwrap().timestamp_millis(), 1712345678901);

        let aider = dir.path().join(".aider.chat.history.md");
        std::fs::write(
            &aider,
            "\n# aider chat started at 2024-05-01 10:00:00\n\n#### hi\n",
        )
        .unwrap();
        let h = sniff(&aider, Format::Aider).unwrap();
        assert_eq!(
            h.started_at.unwrap().to_rfc3339(),
            "2024-05-01T10:00:00+00:00"
        );
        assert!(
            h.cwd.unwrap().ends_with(
                &dir.path()
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .to_string()
            )
        );
    }
}
