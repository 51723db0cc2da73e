//! OpenHands trajectory JSON (`docs/transcript-formats.md`, "OpenHands"): an array of events, each an
//! `action` (message, run, edit, write, finish, think…) or an `observation` answering the
//! action whose `id` is its `cause`. Events are read one at a time; the large
//! `tool_call_metadata.model_response` blobs are dropped as soon as the model name is taken.

use super::input::{self, parse_time, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::collections::HashMap;
use std::io::BufRead;

#[derive(Default)]
struct State {
    /// Edit actions by event id, so their observation can confirm them and fix their kind.
    edits: HashMap<String, usize>,
}

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut st = State::default();
    let summary = input::walk_document(reader, &[], &[], &mut |_, ev| {
        b.record();
        event(b, &mut st, &ev);
    })?;
    if !summary.top_level_array {
        return Err(ReadError::NotThisFormat(
            "an OpenHands trajectory is a JSON array of events".into(),
        ));
    }
    summary.report(b, "events");
    if b.cwd().is_none()
        && b.transcript()
            .edits
            .iter()
            .any(|e| e.path.starts_with(SANDBOX_WORKSPACE))
    {
        // No command reported its working directory: the edits' absolute paths live in the
        // sandbox's workspace mount, which OpenHands puts at /workspace unless configured
        // otherwise (`workspace_mount_path_in_sandbox`).
        b.session_mut().cwd = Some(SANDBOX_WORKSPACE.trim_end_matches('/').to_string());
    }
    Ok(())
}

/// OpenHands' default `workspace_mount_path_in_sandbox`, with the separator.
const SANDBOX_WORKSPACE: &str = "/workspace/";

/// Event ids are numbers in some exports and strings in others.
fn id_of(v: Option<&Value>) -> Option<String> {
    match v? {
        Value::Number(n) => Some(n.to_string()),
        Value::String(s) => Some(s.clone()),
        _ => None,
    }
}

fn event(b: &mut Builder, st: &mut State, ev: &Value) {
    if !ev.is_object() {
        b.skip("openhands: event is not an object");
        return;
    }
    if let Some(model) = ev
        .get("tool_call_metadata")
        .and_then(|m| m.get("model_response"))
        .and_then(|r| str_field(r, "model"))
    {
        b.model(model);
    }
    let at = str_field(ev, "timestamp").and_then(parse_time);
    let id = id_of(ev.get("id"));
    if let Some(action) = str_field(ev, "action") {
        action_event(b, st, ev, action, id.as_deref(), at);
    } else if let Some(obs) = str_field(ev, "observation") {
        observation_event(b, st, ev, obs, at);
    } else {
        b.skip("openhands: event with neither action nor observation");
    }
}

fn action_event(
    b: &mut Builder,
    st: &mut State,
    ev: &Value,
    action: &str,
    id: Option<&str>,
    at: Option<DateTime<Utc>>,
) {
    let null = Value::Null;
    let args = ev.get("args").unwrap_or(&null);
    let source = str_field(ev, "source").unwrap_or("");
    let thought = str_field(args, "thought").unwrap_or("");
    // The tool the model called (`str_replace_editor`, `execute_bash`), else the action.
    let tool = ev
        .get("tool_call_metadata")
        .and_then(|m| str_field(m, "function_name"))
        .unwrap_or(action);
    match action {
        "message" => {
            let text = str_field(args, "content")
                .or_else(|| str_field(ev, "message"))
                .unwrap_or("");
            let (role, kind) = match source {
                "user" => (Role::User, MessageKind::Typed),
                "agent" => (Role::Assistant, MessageKind::Typed),
                _ => (Role::System, MessageKind::Meta),
            };
            b.message(role, kind, text, at, false);
        }
        "run" => {
            b.message(Role::Assistant, MessageKind::Typed, thought, at, false);
            let Some(cmd) = str_field(args, "command") else {
                b.skip("openhands: run action without a command");
                return;
            };
            // Input typed into a running process is not a command of its own.
            if args.get("is_input").and_then(Value::as_bool) == Some(true)
                || args.get("is_input").and_then(Value::as_str) == Some("true")
            {
                return;
            }
            b.command(id, cmd, Some(tool), at, false);
        }
        "edit" | "write" => {
            b.message(Role::Assistant, MessageKind::Typed, thought, at, false);
            let Some(path) = str_field(args, "path") else {
                b.skip("openhands: edit action without a path");
                return;
            };
            // `view` through the editor reads; it changes nothing.
            let command = str_field(args, "command").unwrap_or("");
            if command == "view" {
                return;
            }
            let kind = if command == "create" || action == "write" {
                EditKind::Create
            } else {
                EditKind::Modify
            };
            let idx = b.edit(id, path, kind, Some(tool), at, false);
            if let Some(id) = id {
                st.edits.insert(id.to_string(), idx);
            }
        }
        "finish" => {
            let text = str_field(args, "final_thought")
                .filter(|s| !s.trim().is_empty())
                .or_else(|| str_field(ev, "message"))
                .unwrap_or(thought);
            b.message(Role::Assistant, MessageKind::Typed, text, at, false);
        }
        "think" => {
            b.message(Role::Assistant, MessageKind::Thinking, thought, at, false);
        }
        "system" => {
            let text = str_field(args, "content").unwrap_or("");
            b.message(Role::System, MessageKind::Meta, text, at, false);
        }
        _ => {
            b.message(Role::Assistant, MessageKind::Typed, thought, at, false);
            b.saw_time(at);
        }
    }
}

fn observation_event(
    b: &mut Builder,
    st: &mut State,
    ev: &Value,
    obs: &str,
    at: Option<DateTime<Utc>>,
) {
    let cause = id_of(ev.get("cause"));
    let content = str_field(ev, "content").unwrap_or("");
    let null = Value::Null;
    let extras = ev.get("extras").unwrap_or(&null);
    match obs {
        "run" => {
            let metadata = extras.get("metadata").unwrap_or(&null);
            if b.cwd().is_none()
                && let Some(dir) = str_field(metadata, "working_dir")
            {
                b.session_mut().cwd = Some(dir.to_string());
            }
            // -1 means still running or timed out: no exit status at all.
            let exit = metadata
                .get("exit_code")
                .and_then(Value::as_i64)
                .and_then(|c| i32::try_from(c).ok())
                .filter(|&c| c != -1);
            let paired = cause
                .as_deref()
                .is_some_and(|c| b.command_result(c, exit, None, content, at));
            if !paired && let Some(cmd) = str_field(extras, "command") {
                let idx = b.command(None, cmd, Some("run"), at, false);
                b.command_result_at(idx, exit, None, content, at);
            }
        }
        "edit" | "write" => {
            if let Some(idx) = cause.as_deref().and_then(|c| st.edits.get(c)).copied() {
                b.confirm_edit_at(idx, true);
                if extras.get("prev_exist").and_then(Value::as_bool) == Some(false)
                    && let Some(e) = b.transcript_mut().edits.get_mut(idx)
                {
                    e.kind = EditKind::Create;
                }
            }
        }
        "error" => {
            let mut evidence = None;
            if let Some(c) = cause.as_deref() {
                if let Some(idx) = st.edits.get(c).copied() {
                    b.confirm_edit_at(idx, false);
                    evidence = b.transcript().edits.get(idx).map(|e| e.id.clone());
                } else if b.command_result(c, None, Some(true), content, at) {
                    evidence = b
                        .transcript()
                        .commands
                        .iter()
                        .rev()
                        .find(|cmd| cmd.has_result)
                        .map(|cmd| cmd.id.clone());
                }
            }
            b.error(content, evidence.map(String::from), at);
        }
        _ => b.saw_time(at),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::Openhands, text)
    }

    #[test]
    fn exit_code_minus_one_is_unknown_not_failure() {
        let doc = serde_json::json!([
            {"id": 0, "timestamp": "2025-01-20T20:29:00", "source": "user", "action": "message", "args": {"content": "start the server and test"}},
            {"id": 7, "timestamp": "2025-01-20T20:29:35", "source": "agent", "action": "run", "args": {"command": "npm start", "thought": "Starting."}},
            {"id": 8, "timestamp": "2025-01-20T20:31:35", "source": "agent", "cause": 7, "observation": "run", "content": "listening…", "extras": {"command": "npm start", "metadata": {"exit_code": -1, "working_dir": "/workspace"}}},
            {"id": 9, "source": "agent", "action": "run", "args": {"command": "pytest -q"}},
            {"id": 10, "source": "agent", "cause": 9, "observation": "run", "content": "1 failed, 3 passed in 0.2s", "extras": {"metadata": {"exit_code": 1}}},
            {"id": 11, "source": "agent", "action": "run", "args": {"command": "C-c", "is_input": true}}
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(t.commands.len(), 2);
        assert_eq!((t.commands[0].exit_code, t.commands[0].ok), (None, None));
        assert!(t.commands[0].has_result);
        assert_eq!(
            (t.commands[1].exit_code, t.commands[1].ok),
            (Some(1), Some(false))
        );
        assert!(t.commands[1].is_test);
        assert_eq!(t.session.cwd.as_deref(), Some("/workspace"));
    }

    #[test]
    fn edits_are_confirmed_by_their_observation_and_errors_are_kept() {
        let doc = serde_json::json!([
            {"id": "3", "source": "agent", "action": "edit", "args": {"path": "/workspace/a.py", "command": "str_replace"},
             "tool_call_metadata": {"function_name": "str_replace_editor", "model_response": {"model": "claude-3-5-sonnet", "choices": [{"message": {"content": "x"}}]}}},
            {"id": "4", "source": "agent", "cause": "3", "observation": "edit", "content": "diff", "extras": {"path": "/workspace/a.py", "prev_exist": false}},
            {"id": "5", "source": "agent", "action": "edit", "args": {"path": "/workspace/b.py", "command": "str_replace"}},
            {"id": "6", "source": "agent", "cause": "5", "observation": "error", "content": "No replacement was performed"},
            "junk"
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(t.edits.len(), 2);
        assert!(t.edits[0].confirmed && t.edits[0].kind == EditKind::Create);
        assert!(!t.edits[1].confirmed);
        assert_eq!(t.errors[0].evidence.as_deref(), Some("E2"));
        assert_eq!(t.session.models, vec!["claude-3-5-sonnet"]);
        assert_eq!(t.stats.skipped, 1);
        // No run observation gave a working directory: the sandbox's /workspace is the cwd.
        assert_eq!(t.session.cwd.as_deref(), Some("/workspace"));
        assert_eq!(t.edits[0].path, "a.py");
        // The tool is the function the model called, else the action.
        assert_eq!(t.edits[0].tool.as_deref(), Some("str_replace_editor"));
        assert_eq!(t.edits[1].tool.as_deref(), Some("edit"));
    }

    #[test]
    fn truncated_trajectory_keeps_events() {
        let t = parse(
            r#"[{"id":0,"source":"user","action":"message","args":{"content":"hi"}},{"id":1,"source":"agent","action":"mess"#,
        );
        assert_eq!(t.messages.len(), 1);
        assert!(
            t.stats
                .skipped_reasons
                .keys()
                .any(|k| k.starts_with("truncated JSON document"))
        );
    }
}
