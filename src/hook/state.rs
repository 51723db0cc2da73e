//! Which notes a session start has already received (`$XDG_STATE_HOME/handoff/hook-state.json`),
//! so that a fresh `startup` is not handed the same note twice.

use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The state file's content.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct HookState {
    /// Note path → when it was printed for a session start (RFC 3339).
    #[serde(default)]
    pub consumed: BTreeMap<String, String>,
}

fn file() -> Option<PathBuf> {
    super::log::state_dir().map(|d| d.join("hook-state.json"))
}

/// Reads the state; a missing or unreadable file is an empty state.
pub(crate) fn load() -> HookState {
    file()
        .and_then(|f| std::fs::read_to_string(f).ok())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default()
}

/// Whether `note` was printed for a session start before.
pub(crate) fn consumed(note: &Path) -> bool {
    load().consumed.contains_key(&key(note))
}

/// Records that `note` was printed, forgetting notes that no longer exist.
pub(crate) fn mark_consumed(note: &Path, now: chrono::DateTime<chrono::Utc>) -> crate::Result<()> {
    let Some(path) = file() else { return Ok(()) };
    let mut state = load();
    state.consumed.retain(|p, _| Path::new(p).exists());
    state.consumed.insert(
        key(note),
        now.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    );
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).map_err(|e| crate::Error::io(dir, e))?;
    }
    let text = serde_json::to_string_pretty(&state)
        .map_err(|e| crate::Error::Usage(format!("cannot serialise the hook state: {e}")))?;
    crate::write::write_atomic(&path, text.as_bytes(), true)
}

fn key(note: &Path) -> String {
    std::fs::canonicalize(note)
        .unwrap_or_else(|_| note.to_path_buf())
        .display()
        .to_string()
}
