//! Cline / Roo Code / Kilo Code task files (`docs/transcript-formats.md`, "Cline, Roo Code, Kilo Code"), both JSON arrays,
//! told apart element by element:
//!
//! * `api_conversation_history.json`: `{role, content}` messages. Tool calls are native
//!   `tool_use` blocks or XML tags in assistant text (`<execute_command><command>…`); results
//!   come back as user text `[tool for 'x'] Result:` (even for native calls), paired by order.
//! * `ui_messages.json`: `{ts, type: say|ask, say|ask, text}` entries as the UI showed them.

use super::input::{self, content_text, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, TimeZone, Utc};
use regex::Regex;
use serde_json::Value;
use std::collections::VecDeque;
use std::io::BufRead;
use std::sync::LazyLock;

/// Tool tags whose XML form the reader understands.
const XML_TOOLS: &[&str] = &[
    "execute_command",
    "write_to_file",
    "replace_in_file",
    "apply_diff",
    "insert_content",
    "search_and_replace",
    "attempt_completion",
    "read_file",
    "list_files",
    "search_files",
    "list_code_definition_names",
    "ask_followup_question",
    "plan_mode_respond",
    "browser_action",
    "use_mcp_tool",
    "access_mcp_resource",
    "new_task",
    "switch_mode",
];

static XML_OPEN: LazyLock<Regex> = LazyLock::new(|| {
    let names = XML_TOOLS.join("|");
    Regex::new(&format!(r"<({names})>")).expect("static")
});

/// The XML tool calls in `text` (name, body, byte range), each closed by its own tag; an
/// unclosed call (a response cut off) runs to the end.
fn xml_calls(text: &str) -> Vec<(String, String, std::ops::Range<usize>)> {
    let mut out = Vec::new();
    let mut from = 0;
    while let Some(c) = XML_OPEN.captures_at(text, from) {
        let (Some(whole), Some(name)) = (c.get(0), c.get(1)) else {
            break;
        };
        let close = format!("</{}>", name.as_str());
        let (body_end, end) = match text[whole.end()..].find(&close) {
            Some(i) => (whole.end() + i, whole.end() + i + close.len()),
            None => (text.len(), text.len()),
        };
        out.push((
            name.as_str().to_string(),
            text[whole.end()..body_end].to_string(),
            whole.start()..end,
        ));
        from = end;
    }
    out
}
static THINKING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)<thinking>(.*?)</thinking>").expect("static"));
static RESULT_HEAD: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)^\s*\[(\w+)(?: for '(.*?)')?\] Result:\s*").expect("static"));
static EXIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"Command (?:executed successfully \(exit code (-?\d+)\)|failed with exit code (-?\d+))",
    )
    .expect("static")
});
static ENV_DETAILS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)<environment_details>.*?(?:</environment_details>|\z)").expect("static")
});
static TASK: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?s)<task>\s*(.*?)\s*</task>").expect("static"));
static FEEDBACK: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?s)<(?:feedback|answer|user_message)>\s*(.*?)\s*</(?:feedback|answer|user_message)>",
    )
    .expect("static")
});

fn xml_field(body: &str, tag: &str) -> Option<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = body.find(&open)? + open.len();
    let end = body[start..].find(&close).map_or(body.len(), |e| start + e);
    let v = body[start..end].trim();
    (!v.is_empty()).then(|| v.to_string())
}

/// A tool call waiting for its `[tool] Result:` block.
#[derive(Debug)]
struct Call {
    tool: String,
    id: Option<String>,
    target: Target,
}

#[derive(Debug)]
enum Target {
    Command(usize),
    Edit(usize),
    Other,
}

#[derive(Default)]
struct State {
    pending: VecDeque<Call>,
    saw_task: bool,
    ui_last_command: Option<usize>,
}

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut st = State::default();
    let summary = input::walk_document(reader, &[], &[], &mut |_, el| {
        b.record();
        if let Some(model) = el.get("modelInfo").and_then(|m| str_field(m, "modelId")) {
            b.model(model);
        }
        if el.get("role").is_some() {
            api_message(b, &mut st, &el);
        } else if matches!(str_field(&el, "type"), Some("say" | "ask")) {
            ui_message(b, &mut st, &el);
        } else {
            b.skip("cline: element is neither a message nor a UI entry");
        }
    })?;
    if !summary.top_level_array {
        return Err(ReadError::NotThisFormat(
            "a Cline task file is a JSON array".into(),
        ));
    }
    summary.report(b, "entries");
    Ok(())
}

fn ts_millis(v: &Value) -> Option<DateTime<Utc>> {
    let ms = v.get("ts").and_then(Value::as_i64)?;
    Utc.timestamp_millis_opt(ms).single()
}

// ---------------------------------------------------------------------------------------------
// api_conversation_history.json

fn api_message(b: &mut Builder, st: &mut State, m: &Value) {
    let at = ts_millis(m);
    let role = str_field(m, "role").unwrap_or("");
    let blocks: Vec<Value> = match m.get("content") {
        Some(Value::String(s)) => vec![serde_json::json!({"type": "text", "text": s})],
        Some(Value::Array(a)) => a.clone(),
        _ => {
            b.skip("cline: message without content");
            return;
        }
    };
    for block in &blocks {
        let ty = str_field(block, "type").unwrap_or("text");
        match (role, ty) {
            ("assistant", "text") => {
                assistant_text(b, st, str_field(block, "text").unwrap_or(""), at)
            }
            ("assistant", "thinking" | "reasoning") => {
                let t = str_field(block, "thinking")
                    .or_else(|| str_field(block, "text"))
                    .unwrap_or("");
                b.message(Role::Assistant, MessageKind::Thinking, t, at, false);
            }
            ("assistant", "tool_use") => {
                let name = str_field(block, "name").unwrap_or("");
                let null = Value::Null;
                let input = block.get("input").unwrap_or(&null);
                let id = str_field(block, "id").or_else(|| str_field(block, "call_id"));
                let args = |k: &str| str_field(input, k).map(str::to_string);
                tool_call(b, st, name, id, &args, at);
            }
            ("user", "text") => user_text(b, st, str_field(block, "text").unwrap_or(""), at),
            ("user", "tool_result") => {
                let text = block.get("content").map(content_text).unwrap_or_default();
                let id = str_field(block, "tool_use_id");
                let is_error = block.get("is_error").and_then(Value::as_bool);
                tool_result(b, st, None, id, &text, is_error, at);
            }
            (_, "image") => {}
            _ => b.skip(format!("cline: {role} block of type {ty}")),
        }
    }
}

fn assistant_text(b: &mut Builder, st: &mut State, text: &str, at: Option<DateTime<Utc>>) {
    for c in THINKING.captures_iter(text) {
        b.message(Role::Assistant, MessageKind::Thinking, &c[1], at, false);
    }
    let without_thinking = THINKING.replace_all(text, "");
    let mut prose = String::new();
    let mut last = 0;
    let mut calls = Vec::new();
    for (name, body, range) in xml_calls(&without_thinking) {
        prose.push_str(&without_thinking[last..range.start]);
        last = range.end;
        calls.push((name, body));
    }
    prose.push_str(&without_thinking[last..]);
    b.message(Role::Assistant, MessageKind::Typed, &prose, at, false);
    for (name, body) in calls {
        if name == "attempt_completion"
            && let Some(result) = xml_field(&body, "result")
        {
            b.message(Role::Assistant, MessageKind::Typed, &result, at, false);
        }
        let args = |k: &str| xml_field(&body, k);
        tool_call(b, st, &name, None, &args, at);
    }
}

fn tool_call(
    b: &mut Builder,
    st: &mut State,
    name: &str,
    id: Option<&str>,
    args: &dyn Fn(&str) -> Option<String>,
    at: Option<DateTime<Utc>>,
) {
    let path = || {
        args("absolutePath")
            .or_else(|| args("path"))
            .or_else(|| args("file_path"))
    };
    let target = match name {
        // `attempt_completion` may carry a command that Cline runs to show the result.
        "execute_command" | "attempt_completion" => match args("command") {
            Some(cmd) => Target::Command(b.command(None, &cmd, Some(name), at, false)),
            None => Target::Other,
        },
        "write_to_file" | "replace_in_file" | "apply_diff" | "insert_content"
        | "search_and_replace" => match path() {
            Some(p) => {
                let kind = if name == "write_to_file" {
                    EditKind::Create
                } else {
                    EditKind::Modify
                };
                Target::Edit(b.edit(None, &p, kind, Some(name), at, false))
            }
            None => Target::Other,
        },
        _ => Target::Other,
    };
    st.pending.push_back(Call {
        tool: name.to_string(),
        id: id.map(str::to_string),
        target,
    });
}

fn user_text(b: &mut Builder, st: &mut State, text: &str, at: Option<DateTime<Utc>>) {
    let env: Vec<String> = ENV_DETAILS
        .find_iter(text)
        .map(|m| m.as_str().to_string())
        .collect();
    let rest = ENV_DETAILS.replace_all(text, "");
    if let Some(c) = RESULT_HEAD.captures(&rest) {
        let tool = c[1].to_string();
        let body = rest[c.get(0).map_or(0, |m| m.end())..].to_string();
        tool_result(b, st, Some(&tool), None, &body, None, at);
        for f in FEEDBACK.captures_iter(&body) {
            b.message(Role::User, MessageKind::Typed, &f[1], at, false);
        }
    } else if let Some(c) = TASK.captures(&rest) {
        st.saw_task = true;
        b.message(Role::User, MessageKind::Typed, &c[1], at, false);
    } else if let Some(c) = FEEDBACK.captures(&rest) {
        b.message(Role::User, MessageKind::Typed, &c[1], at, false);
    } else if rest.trim_start().starts_with('[') && rest.contains("] Result") {
        b.message(Role::User, MessageKind::Meta, &rest, at, false);
    } else {
        b.message(Role::User, MessageKind::Typed, &rest, at, false);
    }
    for e in env {
        b.message(Role::User, MessageKind::Meta, &e, at, false);
    }
}

fn tool_result(
    b: &mut Builder,
    st: &mut State,
    tool: Option<&str>,
    id: Option<&str>,
    text: &str,
    is_error: Option<bool>,
    at: Option<DateTime<Utc>>,
) {
    // Pair by id when there is one, else with the oldest pending call of that tool.
    let pos = st.pending.iter().position(|c| match (id, tool) {
        (Some(id), _) => c.id.as_deref() == Some(id),
        (None, Some(tool)) => c.tool == tool,
        (None, None) => true,
    });
    let Some(call) = pos.and_then(|p| st.pending.remove(p)) else {
        return;
    };
    let lower = text.to_lowercase();
    let denied = lower.contains("user denied") || lower.contains("denied this operation");
    match call.target {
        Target::Command(idx) => {
            let exit = EXIT.captures(text).and_then(|c| {
                c.get(1)
                    .or_else(|| c.get(2))
                    .and_then(|m| m.as_str().parse().ok())
            });
            // "timed out … still running in the background" and a denial carry no status.
            let flag = if exit.is_some() || denied || lower.contains("timed out") {
                None
            } else {
                is_error.filter(|e| *e)
            };
            b.command_result_at(idx, exit, flag, text, at);
            if denied {
                b.error("command denied by the user", None, at);
            }
        }
        Target::Edit(idx) => {
            let failed = denied
                || is_error == Some(true)
                || lower.trim_start().starts_with("error")
                || lower.contains("failed to");
            b.confirm_edit_at(idx, !failed);
        }
        Target::Other => {}
    }
}

// ---------------------------------------------------------------------------------------------
// ui_messages.json

fn ui_message(b: &mut Builder, st: &mut State, m: &Value) {
    let at = ts_millis(m);
    let kind = str_field(m, "say")
        .or_else(|| str_field(m, "ask"))
        .unwrap_or("");
    let is_say = str_field(m, "type") == Some("say");
    let text = str_field(m, "text").unwrap_or("");
    if text.trim().is_empty() && !matches!(kind, "command_output") {
        // Streamed entries can be empty placeholders.
        b.saw_time(at);
        return;
    }
    match (is_say, kind) {
        (true, "task") => {
            st.saw_task = true;
            b.message(Role::User, MessageKind::Typed, text, at, false);
        }
        (true, "text") if !st.saw_task => {
            st.saw_task = true;
            b.message(Role::User, MessageKind::Typed, text, at, false);
        }
        (true, "text" | "completion_result") | (false, "completion_result") => {
            b.message(Role::Assistant, MessageKind::Typed, text, at, false);
        }
        (true, "user_feedback") => {
            b.message(Role::User, MessageKind::Typed, text, at, false);
        }
        (true, "user_feedback_diff") => {
            b.message(Role::User, MessageKind::Meta, text, at, false);
        }
        (true, "reasoning") => {
            b.message(Role::Assistant, MessageKind::Thinking, text, at, false);
        }
        (false, "followup" | "plan_mode_respond" | "act_mode_respond") => {
            let q = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| {
                    str_field(&v, "question")
                        .or_else(|| str_field(&v, "response"))
                        .map(str::to_string)
                })
                .unwrap_or_else(|| text.to_string());
            b.message(Role::Assistant, MessageKind::Typed, &q, at, false);
        }
        (_, "command") => {
            st.ui_last_command = Some(b.command(None, text, Some("execute_command"), at, false));
        }
        (_, "command_output") => {
            if let Some(idx) = st.ui_last_command {
                b.command_result_at(idx, None, None, text, at);
            }
        }
        (_, "tool") => ui_tool(b, is_say, text, at),
        (_, "error" | "api_req_failed" | "mistake_limit_reached" | "diff_error") => {
            let msg = serde_json::from_str::<Value>(text)
                .ok()
                .and_then(|v| str_field(&v, "message").map(str::to_string))
                .unwrap_or_else(|| text.to_string());
            b.error(&msg, None, at);
        }
        _ => b.saw_time(at),
    }
}

fn ui_tool(b: &mut Builder, done: bool, text: &str, at: Option<DateTime<Utc>>) {
    let Ok(v) = serde_json::from_str::<Value>(text) else {
        b.skip("cline: tool entry that is not JSON");
        return;
    };
    let kind = match str_field(&v, "tool") {
        Some("editedExistingFile" | "appliedDiff" | "insertContent" | "searchAndReplace") => {
            EditKind::Modify
        }
        Some("newFileCreated") => EditKind::Create,
        Some("fileDeleted") => EditKind::Delete,
        _ => {
            b.saw_time(at);
            return;
        }
    };
    if let Some(path) = str_field(&v, "path") {
        let idx = b.edit(None, path, kind, str_field(&v, "tool"), at, false);
        // `say: tool` reports a change made; `ask: tool` only asks to make it.
        b.confirm_edit_at(idx, done);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::Cline, text)
    }

    fn typed(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    fn api(messages: &[(&str, &str)]) -> String {
        let v: Vec<Value> = messages
            .iter()
            .map(|(r, t)| serde_json::json!({"role": r, "content": [{"type": "text", "text": t}]}))
            .collect();
        serde_json::to_string(&v).unwrap()
    }

    #[test]
    fn xml_calls_pair_with_result_text_by_order() {
        let t = parse(&api(&[
            (
                "user",
                "<task>\nrun the tests\n</task>\n<environment_details>\n# cwd\n</environment_details>",
            ),
            (
                "assistant",
                "<thinking>plan</thinking>Running them.\n<execute_command>\n<command>npm test</command>\n<requires_approval>false</requires_approval>\n</execute_command>",
            ),
            (
                "user",
                "[execute_command for 'npm test'] Result:\nCommand failed with exit code 1.\nOutput:\n2 failing\n<environment_details>x</environment_details>",
            ),
            (
                "assistant",
                "<execute_command>\n<command>npm run dev</command>\n</execute_command>",
            ),
            (
                "user",
                "[execute_command for 'npm run dev'] Result:\nCommand is still running in the user's terminal. The command timed out and is running in background.",
            ),
            (
                "assistant",
                "<execute_command>\n<command>rm -rf /</command>\n</execute_command>",
            ),
            (
                "user",
                "[execute_command for 'rm -rf /'] Result:\nThe user denied this operation.\nThe user provided the following feedback:\n<feedback>\ndon't do that\n</feedback>",
            ),
        ]));
        assert_eq!(typed(&t), vec!["run the tests", "don't do that"]);
        let c: Vec<_> = t
            .commands
            .iter()
            .map(|c| (c.command.as_str(), c.exit_code, c.ok))
            .collect();
        assert_eq!(
            c,
            vec![
                ("npm test", Some(1), Some(false)),
                ("npm run dev", None, None),
                ("rm -rf /", None, None)
            ]
        );
        assert!(t.commands[0].is_test);
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Thinking && m.text == "plan")
        );
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Meta && m.text.contains("# cwd"))
        );
        assert!(t.errors.iter().any(|e| e.text.contains("denied")));
    }

    #[test]
    fn native_calls_with_absolute_path_and_completion_command() {
        let doc = serde_json::json!([
            {"role": "user", "content": [{"type": "text", "text": "<task>\nadd a readme\n</task>"}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t1", "name": "write_to_file", "input": {"absolutePath": "/w/README.md", "content": "x"}}]},
            {"role": "user", "content": [{"type": "text", "text": "[write_to_file for 'README.md'] Result:\nThe content was successfully saved to README.md."}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t2", "name": "execute_command", "input": {"command": "cargo build", "requires_approval": false}}]},
            {"role": "user", "content": [{"type": "text", "text": "[execute_command for 'cargo build'] Result:\nCommand executed successfully (exit code 0).\nOutput:\nFinished"}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t3", "name": "attempt_completion", "input": {"result": "Done", "command": "open README.md"}}]},
            {"role": "user", "content": [{"type": "text", "text": "[attempt_completion] Result:\nCommand executed successfully (exit code 0)."}]},
            7
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(t.edits.len(), 1);
        assert_eq!(t.edits[0].path, "/w/README.md");
        assert!(t.edits[0].confirmed);
        assert_eq!(t.commands.len(), 2);
        assert_eq!(t.commands[0].exit_code, Some(0));
        assert!(t.commands[0].is_check);
        assert_eq!(t.commands[1].command, "open README.md");
        assert_eq!(t.commands[1].exit_code, Some(0));
        assert_eq!(t.stats.skipped, 1);
        assert_eq!(typed(&t), vec!["add a readme"]);
    }

    #[test]
    fn ui_messages_task_first_and_empty_entries_skipped() {
        let doc = serde_json::json!([
            {"ts": 1767644900962u64, "type": "say", "say": "checkpoint_created"},
            {"ts": 1767644912000u64, "type": "say", "say": "text", "text": "fix login"},
            {"ts": 1767644912730u64, "type": "say", "say": "api_req_started", "text": "{\"request\":\"<task>fix login</task>\"}", "modelInfo": {"modelId": "x-ai/grok-code-fast-1"}},
            {"ts": 1767644913000u64, "type": "say", "say": "text", "text": "", "partial": true},
            {"ts": 1767644914000u64, "type": "say", "say": "reasoning", "text": "hmm"},
            {"ts": 1767644915000u64, "type": "say", "say": "text", "text": "Looking."},
            {"ts": 1767644916000u64, "type": "say", "say": "tool", "text": "{\"tool\":\"editedExistingFile\",\"path\":\"src/login.ts\"}"},
            {"ts": 1767644917000u64, "type": "ask", "ask": "command", "text": "npm test"},
            {"ts": 1767644918000u64, "type": "say", "say": "command_output", "text": "3 passing"},
            {"ts": 1767644919000u64, "type": "say", "say": "user_feedback", "text": "thanks"},
            {"ts": 1767644920000u64, "type": "ask", "ask": "api_req_failed", "text": "{\"message\":\"rate limited\"}"}
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(typed(&t), vec!["fix login", "thanks"]);
        assert_eq!(t.session.models, vec!["x-ai/grok-code-fast-1"]);
        assert_eq!(t.edits.len(), 1);
        assert!(t.edits[0].confirmed);
        assert_eq!(t.commands[0].exit_code, None);
        assert!(t.commands[0].output.contains("3 passing"));
        assert_eq!(t.errors[0].text, "rate limited");
        assert!(!t.messages.iter().any(|m| m.text.is_empty()));
        assert_eq!(
            t.session.started_at.unwrap().timestamp_millis(),
            1767644900962
        );
    }

    #[test]
    fn object_is_not_a_cline_file() {
        let mut b = Builder::new("t", Format::Cline);
        let mut r = "{\"trajectory\":[]}".as_bytes();
        assert!(matches!(
            read(&mut r, &mut b),
            Err(ReadError::NotThisFormat(_))
        ));
    }
}
