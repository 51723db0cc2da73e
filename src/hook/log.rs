//! The hook log, `$XDG_STATE_HOME/handoff/hook.log` (etcetera's base strategy: `~/.local/state`
//! on Linux and macOS; the local data folder on Windows, which has no state folder): one line
//! per hook run and per problem, so that a hook that must stay silent in the agent still leaves
//! a trace. The file is rotated to `hook.log.1` past [`MAX_LOG_BYTES`].

use std::io::Write;
use std::path::PathBuf;

/// Size at which the log is rotated.
pub(crate) const MAX_LOG_BYTES: u64 = 1024 * 1024;

/// `handoff`'s state folder (`$XDG_STATE_HOME/handoff`), `None` without a home directory.
pub(crate) fn state_dir() -> Option<PathBuf> {
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().ok()?;
    let base = strategy.state_dir().unwrap_or_else(|| strategy.data_dir());
    Some(base.join("handoff"))
}

/// The log file.
pub(crate) fn path() -> Option<PathBuf> {
    state_dir().map(|d| d.join("hook.log"))
}

/// Appends `line` with a timestamp; a log that cannot be written is not worth failing a hook.
pub(crate) fn append(line: &str) {
    let Some(path) = path() else { return };
    if let Some(dir) = path.parent() {
        let _ = std::fs::create_dir_all(dir);
    }
    if std::fs::metadata(&path).is_ok_and(|m| m.len() > MAX_LOG_BYTES) {
        let _ = std::fs::rename(&path, path.with_extension("log.1"));
    }
    let stamp = chrono::Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true);
    let line = crate::redact::redact(line);
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(&path)
    {
        let _ = writeln!(f, "{stamp} [{}] {line}", std::process::id());
    }
}
