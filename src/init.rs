//! `handoff init <agent>`: adds the hooks of [`crate::hook::EVENTS`] to the agent's settings, and
//! removes exactly those again with `--uninstall`.
//!
//! The settings are edited as a concrete syntax tree (jsonc-parser), so every other key, hook,
//! comment and the file's own formatting stay as they were. Installing twice changes nothing.
//! Before a file is changed its original is kept as `<file>.handoff-backup`; uninstalling
//! restores those exact bytes when nothing but the hooks differs from them, which makes install
//! then uninstall a byte-for-byte round trip. Malformed settings are a one-line error naming the
//! file, line and column, and nothing is written.
//!
//! | agent | user settings | project settings | format | hook `timeout` unit |
//! |---|---|---|---|---|
//! | Claude Code | `$CLAUDE_CONFIG_DIR/settings.json` (`~/.claude`) | `.claude/settings.json` | JSON | seconds |
//! | Codex | `$CODEX_HOME/hooks.json` (`~/.codex`) | `.codex/hooks.json` | JSON | seconds |
//! | Gemini CLI | `$GEMINI_CLI_HOME/.gemini/settings.json` (`~`) | `.gemini/settings.json` | JSON with comments | milliseconds |
//!
//! Codex also reads hooks from `[hooks]` tables in `config.toml`; `handoff` writes `hooks.json`,
//! which Codex reads from the same folder, so the user's TOML is never rewritten.

use crate::evidence::transcript::latest::{self, EnvLookup};
use crate::hook::{self, HookAgent};
use crate::{Error, Result};
use jsonc_parser::ParseOptions;
use jsonc_parser::cst::{CstInputValue, CstObject, CstRootNode};
use regex::Regex;
use std::path::{Path, PathBuf};

/// Suffix of the backup kept next to a changed settings file.
pub(crate) const BACKUP_SUFFIX: &str = ".handoff-backup";

/// The first line after the front matter of the `/handoff` command `init` writes, by which
/// uninstall knows the file is its own.
const COMMAND_MARKER: &str = "<!-- written by `handoff init claude-code`; `handoff init claude-code --uninstall` removes it -->";

/// Whose settings.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Scope {
    /// Every project of this user.
    User,
    /// One repository (its root).
    Project,
}

/// One file `init` changes.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct FileChange {
    /// The file.
    pub path: PathBuf,
    /// Its content now (`None`: it does not exist).
    pub before: Option<String>,
    /// Its content after (`None`: it is removed).
    pub after: Option<String>,
    /// Where the original is kept before it is changed.
    pub backup: Option<PathBuf>,
    /// A backup to remove once its bytes are restored.
    pub drop_backup: Option<PathBuf>,
    /// What changes, for the user.
    pub summary: String,
}

/// What `init` will do.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Plan {
    /// Files that change.
    pub changes: Vec<FileChange>,
    /// Things to tell the user (already installed, a file left alone, a step left to them).
    pub notes: Vec<String>,
}

/// The settings file of `agent` for `scope` (`root`: the repository, for [`Scope::Project`]).
pub(crate) fn settings_path(
    agent: HookAgent,
    scope: Scope,
    root: &Path,
    env: EnvLookup<'_>,
) -> Result<PathBuf> {
    let no_home =
        || Error::Usage("cannot find the home directory (HOME is not set); use --project".into());
    Ok(match (agent, scope) {
        (HookAgent::ClaudeCode, Scope::User) => latest::claude_dir(env)
            .ok_or_else(no_home)?
            .join("settings.json"),
        (HookAgent::ClaudeCode, Scope::Project) => root.join(".claude").join("settings.json"),
        (HookAgent::Codex, Scope::User) => latest::codex_home(env)
            .ok_or_else(no_home)?
            .join("hooks.json"),
        (HookAgent::Codex, Scope::Project) => root.join(".codex").join("hooks.json"),
        (HookAgent::Gemini, Scope::User) => latest::gemini_dir(env)
            .ok_or_else(no_home)?
            .join("settings.json"),
        (HookAgent::Gemini, Scope::Project) => root.join(".gemini").join("settings.json"),
    })
}

/// Claude Code's custom command file for `/handoff`.
pub(crate) fn command_path(scope: Scope, root: &Path, env: EnvLookup<'_>) -> Result<PathBuf> {
    Ok(match scope {
        Scope::User => latest::claude_dir(env)
            .ok_or_else(|| Error::Usage("cannot find the home directory; use --project".into()))?
            .join("commands")
            .join("handoff.md"),
        Scope::Project => root.join(".claude").join("commands").join("handoff.md"),
    })
}

/// The shell command the hooks run: this binary, quoted for the agent's shell.
pub(crate) fn hook_command(exe: &Path, agent: HookAgent) -> String {
    format!(
        "{} hook {}",
        shell_quote(&exe.display().to_string()),
        agent.arg()
    )
}

fn shell_quote(s: &str) -> String {
    let plain = s.chars().all(|c| {
        c.is_ascii_alphanumeric() || "/._-+:=@%".contains(c) || (cfg!(windows) && c == '\\')
    });
    if plain && !s.is_empty() {
        s.to_string()
    } else if cfg!(windows) {
        format!("\"{s}\"")
    } else {
        format!("'{}'", s.replace('\'', "'\\''"))
    }
}

/// Whether a hook command is `handoff hook <agent>` (whatever path `handoff` was run from).
pub(crate) fn is_ours(command: &str, agent: HookAgent) -> bool {
    let re = Regex::new(&format!(
        r#"(?:^|[\s/\\'"])handoff(?:\.exe)?['"]?\s+hook\s+{}(?:\s|$)"#,
        regex::escape(agent.arg())
    ))
    .expect("static pattern");
    re.is_match(command)
}

fn parse_options(agent: HookAgent) -> ParseOptions {
    ParseOptions {
        // Gemini CLI strips comments before parsing its settings; the others read plain JSON.
        allow_comments: agent == HookAgent::Gemini,
        allow_loose_object_property_names: false,
        allow_trailing_commas: false,
        allow_missing_commas: false,
        allow_single_quoted_strings: false,
        allow_hexadecimal_numbers: false,
        allow_unary_plus_numbers: false,
        allow_bare_decimal_point_numbers: false,
        allow_non_finite_numbers: false,
        allow_extended_string_escapes: false,
    }
}

/// Parses settings text (empty or blank text is an empty object).
fn parse(path: &Path, text: &str, agent: HookAgent) -> Result<CstRootNode> {
    let source = if text.trim().is_empty() { "{}" } else { text };
    let malformed = |e: jsonc_parser::errors::ParseError| {
        Error::input(
            path,
            format!(
                "line {}, column {}: {}; fix the file (nothing was written)",
                e.line_display(),
                e.column_display(),
                e.kind()
            ),
        )
    };
    // The syntax tree accepts more than the agent does (comments in Claude Code's JSON): the
    // strict parse is the judge.
    jsonc_parser::parse_to_value(source, &parse_options(agent)).map_err(malformed)?;
    let root = CstRootNode::parse(source, &parse_options(agent)).map_err(malformed)?;
    if root.object_value().is_none() {
        return Err(Error::input(
            path,
            "is not a JSON object at the top level; fix the file (nothing was written)",
        ));
    }
    Ok(root)
}

/// The settings as plain JSON, to compare two versions by meaning.
fn meaning(text: &str, agent: HookAgent) -> Option<serde_json::Value> {
    if text.trim().is_empty() {
        return Some(serde_json::json!({}));
    }
    jsonc_parser::parse_to_serde_value::<serde_json::Value>(text, &parse_options(agent)).ok()
}

fn read_optional(path: &Path) -> Result<Option<String>> {
    match std::fs::read(path) {
        Ok(bytes) => String::from_utf8(bytes).map(Some).map_err(|_| {
            Error::input(
                path,
                "is not UTF-8 text; fix the file (nothing was written)",
            )
        }),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(Error::io(path, e)),
    }
}

fn object_prop(obj: &CstObject, path: &Path, name: &str) -> Result<Option<CstObject>> {
    match obj.get(name) {
        None => Ok(None),
        Some(p) => p.object_value().map(Some).ok_or_else(|| {
            Error::input(
                path,
                format!("\"{name}\" is not a JSON object; fix the file (nothing was written)"),
            )
        }),
    }
}

/// The matcher group `init` adds for one event.
fn entry(agent: HookAgent, command: &str, timeout_secs: u64) -> CstInputValue {
    let mut handler = Vec::new();
    if agent == HookAgent::Gemini {
        handler.push(("name".to_string(), CstInputValue::from("handoff")));
    }
    handler.push(("type".to_string(), CstInputValue::from("command")));
    handler.push(("command".to_string(), CstInputValue::from(command)));
    let timeout = if agent == HookAgent::Gemini {
        timeout_secs * 1000
    } else {
        timeout_secs
    };
    handler.push(("timeout".to_string(), CstInputValue::from(timeout)));
    CstInputValue::Object(vec![(
        "hooks".to_string(),
        CstInputValue::Array(vec![CstInputValue::Object(handler)]),
    )])
}

/// The commands of the handlers in one matcher group.
fn group_commands(group: &jsonc_parser::cst::CstNode) -> Vec<String> {
    group
        .as_object()
        .and_then(|g| g.array_value("hooks"))
        .map(|hooks| {
            hooks
                .elements()
                .iter()
                .filter_map(|h| h.as_object()?.get("command")?.value()?.as_string_lit())
                .filter_map(|s| s.decoded_value().ok())
                .collect()
        })
        .unwrap_or_default()
}

/// Plans the install (or, with `uninstall`, the removal) for `agent`.
pub(crate) fn plan(
    agent: HookAgent,
    scope: Scope,
    root: &Path,
    exe: &Path,
    uninstall: bool,
    env: EnvLookup<'_>,
) -> Result<Plan> {
    let path = settings_path(agent, scope, root, env)?;
    let mut plan = Plan::default();
    let before = read_optional(&path)?;
    let text = before.clone().unwrap_or_default();
    let cst = parse(&path, &text, agent)?;
    let doc = cst.object_value().expect("checked in parse");
    if let Some(hooks) = object_prop(&doc, &path, "hooks")? {
        for prop in hooks.properties() {
            let name = prop
                .name()
                .and_then(|n| n.decoded_value().ok())
                .unwrap_or_default();
            if prop.value().is_some_and(|v| v.as_array().is_none()) {
                return Err(Error::input(
                    &path,
                    format!("hooks.{name} is not a JSON array; fix the file (nothing was written)"),
                ));
            }
        }
    }
    let change = if uninstall {
        plan_uninstall(agent, &path, before, &cst, &mut plan)?
    } else {
        plan_install(agent, &path, before, &cst, exe, &mut plan)?
    };
    plan.changes.extend(change);
    if agent == HookAgent::ClaudeCode {
        plan_command(scope, root, exe, uninstall, env, &mut plan)?;
    }
    Ok(plan)
}

fn plan_install(
    agent: HookAgent,
    path: &Path,
    before: Option<String>,
    cst: &CstRootNode,
    exe: &Path,
    plan: &mut Plan,
) -> Result<Option<FileChange>> {
    let command = hook_command(exe, agent);
    let doc = cst.object_value().expect("checked in parse");
    let hooks = doc.object_value_or_set("hooks");
    let mut added = Vec::new();
    let mut present = Vec::new();
    for spec in hook::events_of(agent) {
        let groups = hooks.array_value_or_set(spec.event);
        let installed = groups
            .elements()
            .iter()
            .any(|g| group_commands(g).iter().any(|c| is_ours(c, agent)));
        if installed {
            present.push(spec.event);
        } else {
            groups.append(entry(agent, &command, spec.timeout_secs));
            added.push(spec.event);
        }
    }
    if added.is_empty() {
        plan.notes.push(format!(
            "{}: the {} hooks are already installed; nothing to change",
            path.display(),
            present.join(", ")
        ));
        return Ok(None);
    }
    let mut after = cst.to_string();
    if before.is_none() && !after.ends_with('\n') {
        after.push('\n');
    }
    let backup = before.as_ref().map(|_| backup_path(path));
    Ok(Some(FileChange {
        path: path.to_path_buf(),
        summary: format!(
            "{}: add the {} hooks (running `{command}`)",
            path.display(),
            added.join(", ")
        ),
        before,
        after: Some(after),
        backup,
        drop_backup: None,
    }))
}

fn plan_uninstall(
    agent: HookAgent,
    path: &Path,
    before: Option<String>,
    cst: &CstRootNode,
    plan: &mut Plan,
) -> Result<Option<FileChange>> {
    let doc = cst.object_value().expect("checked in parse");
    let mut removed = Vec::new();
    if let Some(hooks) = doc.object_value("hooks") {
        for prop in hooks.properties() {
            let Some(groups) = prop.array_value() else {
                continue;
            };
            let event = prop
                .name()
                .and_then(|n| n.decoded_value().ok())
                .unwrap_or_default();
            let mut touched = false;
            for group in groups.elements() {
                let Some(handlers) = group.as_object().and_then(|g| g.array_value("hooks")) else {
                    continue;
                };
                let mut removed_here = false;
                for h in handlers.elements() {
                    let ours = h
                        .as_object()
                        .and_then(|o| o.get("command")?.value()?.as_string_lit())
                        .and_then(|s| s.decoded_value().ok())
                        .is_some_and(|c| is_ours(&c, agent));
                    if ours {
                        h.remove();
                        removed_here = true;
                    }
                }
                if removed_here && handlers.elements().is_empty() {
                    group.remove();
                }
                touched |= removed_here;
            }
            if touched {
                removed.push(event);
                if groups.elements().is_empty() {
                    prop.remove();
                }
            }
        }
        if !removed.is_empty()
            && hooks.properties().is_empty()
            && let Some(p) = doc.get("hooks")
        {
            p.remove();
        }
    }
    if removed.is_empty() {
        plan.notes.push(format!(
            "{}: no handoff hooks installed; nothing to remove",
            path.display()
        ));
        return Ok(None);
    }
    let cleaned = cst.to_string();
    let backup = backup_path(path);
    let kept = read_optional(&backup)?;
    let same_as_backup = kept.as_deref().is_some_and(|b| {
        meaning(b, agent).is_some() && meaning(b, agent) == meaning(&cleaned, agent)
    });
    let (after, drop_backup, how) = if same_as_backup {
        (kept, Some(backup), "restored byte for byte from the backup")
    } else if kept.is_none() && meaning(&cleaned, agent) == Some(serde_json::json!({})) {
        // `init` created the file: nothing of the user's is left in it.
        (None, None, "removed the file init created")
    } else {
        (Some(cleaned), None, "every other key and hook kept")
    };
    Ok(Some(FileChange {
        path: path.to_path_buf(),
        summary: format!(
            "{}: remove the handoff {} hooks ({how})",
            path.display(),
            removed.join(", ")
        ),
        before,
        after,
        backup: None,
        drop_backup,
    }))
}

/// The `/handoff` command for Claude Code: runs `summarize` on this session.
pub(crate) fn command_text(exe: &Path) -> String {
    let exe = shell_quote(&exe.display().to_string());
    format!(
        "---\n\
description: Write a verified handoff note for this session (handoff summarize)\n\
allowed-tools: Bash({exe} summarize:*)\n\
---\n\
{COMMAND_MARKER}\n\
\n\
!`{exe} summarize --latest --agent claude-code`\n\
\n\
The line above is the path of the handoff note `handoff` just wrote for this session (or the \
error that stopped it). Read that note and tell me, in three lines at most, its Next Action \
and how many Open Loops it lists. Do not start on them.\n"
    )
}

fn plan_command(
    scope: Scope,
    root: &Path,
    exe: &Path,
    uninstall: bool,
    env: EnvLookup<'_>,
    plan: &mut Plan,
) -> Result<()> {
    let path = command_path(scope, root, env)?;
    let existing = read_optional(&path)?;
    let ours = existing
        .as_deref()
        .is_some_and(|t| t.contains(COMMAND_MARKER));
    match (uninstall, existing) {
        (false, None) => plan.changes.push(FileChange {
            summary: format!("{}: add the /handoff command", path.display()),
            path,
            before: None,
            after: Some(command_text(exe)),
            backup: None,
            drop_backup: None,
        }),
        (false, Some(_)) if ours => plan.notes.push(format!(
            "{}: the /handoff command is already there",
            path.display()
        )),
        (false, Some(_)) => plan.notes.push(format!(
            "{}: a /handoff command that init did not write is there; left alone",
            path.display()
        )),
        (true, Some(text)) if ours => plan.changes.push(FileChange {
            summary: format!("{}: remove the /handoff command", path.display()),
            path,
            before: Some(text),
            after: None,
            backup: None,
            drop_backup: None,
        }),
        (true, Some(_)) => plan.notes.push(format!(
            "{}: this /handoff command was not written by init; left alone",
            path.display()
        )),
        (true, None) => {}
    }
    Ok(())
}

fn backup_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(BACKUP_SUFFIX);
    PathBuf::from(s)
}

/// The plan as a unified diff, one file after another.
pub(crate) fn diff(plan: &Plan) -> String {
    let mut out = String::new();
    for c in &plan.changes {
        let name = c.path.display().to_string();
        let old = c.before.as_deref().unwrap_or("");
        let new = c.after.as_deref().unwrap_or("");
        let (a, b) = (
            if c.before.is_some() {
                name.clone()
            } else {
                "/dev/null".into()
            },
            if c.after.is_some() {
                name.clone()
            } else {
                "/dev/null".into()
            },
        );
        out += &similar::TextDiff::from_lines(old, new)
            .unified_diff()
            .context_radius(3)
            .header(&a, &b)
            .to_string();
    }
    out
}

/// Writes the plan: backups first, then each file atomically (created folders as needed).
pub(crate) fn apply(plan: &Plan) -> Result<()> {
    for c in &plan.changes {
        if let (Some(backup), Some(before)) = (&c.backup, &c.before) {
            crate::write::write_atomic(backup, before.as_bytes(), true)?;
        }
        match &c.after {
            Some(text) => {
                if let Some(dir) = c.path.parent() {
                    std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
                }
                crate::write::write_atomic(&c.path, text.as_bytes(), true)?;
            }
            None => match std::fs::remove_file(&c.path) {
                Ok(()) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
                Err(e) => return Err(Error::io(&c.path, e)),
            },
        }
        if let Some(b) = &c.drop_backup {
            let _ = std::fs::remove_file(b);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env_home(home: &Path) -> impl Fn(&str) -> Option<std::ffi::OsString> + '_ {
        move |k| (k == "HOME").then(|| home.as_os_str().to_owned())
    }

    #[test]
    fn our_commands_are_recognised_wherever_the_binary_lives() {
        let a = HookAgent::ClaudeCode;
        assert!(is_ours("handoff hook claude-code", a));
        assert!(is_ours("/home/u/.cargo/bin/handoff hook claude-code", a));
        assert!(is_ours(
            "'/opt/my tools/handoff' hook claude-code --inject-budget 900",
            a
        ));
        assert!(is_ours("\"C:\\bin\\handoff.exe\" hook claude-code", a));
        assert!(!is_ours("handoff hook codex", a));
        assert!(!is_ours("my-handoff hook claude-code", a));
        assert!(!is_ours("echo handoffs hook claude-code", a));
        assert_eq!(
            hook_command(Path::new("/opt/my tools/handoff"), a),
            "'/opt/my tools/handoff' hook claude-code"
        );
    }

    #[test]
    fn install_keeps_formatting_comments_and_other_hooks_then_uninstall_restores_bytes() {
        let home = tempfile::tempdir().unwrap();
        let env = env_home(home.path());
        let settings = home.path().join(".gemini/settings.json");
        std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
        let original = "{\n    // my theme\n    \"theme\": \"dark\",\n    \"hooks\": {\n        \"SessionStart\": [\n            {\"hooks\": [{\"type\": \"command\", \"command\": \"echo hi\"}]}\n        ]\n    }\n}\n";
        std::fs::write(&settings, original).unwrap();
        let exe = Path::new("/usr/bin/handoff");
        let p = plan(
            HookAgent::Gemini,
            Scope::User,
            home.path(),
            exe,
            false,
            &env,
        )
        .unwrap();
        assert_eq!(p.changes.len(), 1);
        apply(&p).unwrap();
        let installed = std::fs::read_to_string(&settings).unwrap();
        assert!(installed.contains("// my theme") && installed.contains("echo hi"));
        assert!(installed.contains("\"PreCompress\"") && installed.contains("\"timeout\": 120000"));
        assert_eq!(
            std::fs::read_to_string(home.path().join(".gemini/settings.json.handoff-backup"))
                .unwrap(),
            original
        );
        // Idempotent.
        let again = plan(
            HookAgent::Gemini,
            Scope::User,
            home.path(),
            exe,
            false,
            &env,
        )
        .unwrap();
        assert!(again.changes.is_empty(), "{again:?}");
        // Round trip.
        let un = plan(HookAgent::Gemini, Scope::User, home.path(), exe, true, &env).unwrap();
        apply(&un).unwrap();
        assert_eq!(std::fs::read_to_string(&settings).unwrap(), original);
    }

    #[test]
    fn malformed_settings_name_the_line_and_write_nothing() {
        let home = tempfile::tempdir().unwrap();
        let env = env_home(home.path());
        let settings = home.path().join(".claude/settings.json");
        std::fs::create_dir_all(settings.parent().unwrap()).unwrap();
        std::fs::write(&settings, "{\n  \"model\": \"x\",\n  \"hooks\": {,}\n}\n").unwrap();
        let err = plan(
            HookAgent::ClaudeCode,
            Scope::User,
            home.path(),
            Path::new("handoff"),
            false,
            &env,
        )
        .unwrap_err()
        .to_string();
        assert!(
            err.contains("settings.json") && err.contains("line 3"),
            "{err}"
        );
        assert!(!err.contains('\n'));
    }
}
