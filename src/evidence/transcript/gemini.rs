//! Gemini CLI transcripts (`docs/transcript-formats.md`, "Gemini CLI"), in three shapes:
//!
//! * the native `ConversationRecord` JSON document (`{sessionId, projectHash, …, messages:[…]}`),
//!   walked message by message;
//! * the newer JSONL recording (metadata line, then one `MessageRecord` per line, where a later
//!   line with the same `id` replaces the earlier one, `$set` updates metadata and `$rewindTo`
//!   cuts the conversation back);
//! * headless `--output-format stream-json` events (`init`, `message`, `tool_use`,
//!   `tool_result`, `error`, `result`).
//!
//! Exit codes exist only as an `Exit Code: N` line in a shell tool's result text; a tool status
//! of `success` says the tool ran, not that the command exited 0.

use super::input::{self, content_text, parse_json_line, parse_time, shrink, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, Utc};
use regex::Regex;
use serde_json::Value;
use std::collections::HashMap;
use std::io::BufRead;
use std::sync::LazyLock;

static EXIT_CODE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^Exit Code: (-?\d+)\s*$").expect("static regex"));
/// A harness prompt naming the workspace (`Project root: /abs/dir`).
static PROJECT_ROOT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^Project root: (\S.*?)\s*$").expect("static regex"));
/// The absolute path a file tool reports having written (`write-file.ts`, `edit.ts`).
static WROTE_TO: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?:Successfully created and wrote to new file|Successfully overwrote file|Successfully modified file|Created new file): (.+?)(?:\.$|\.\s| \(| with provided content)",
    )
    .expect("static regex")
});

/// The user turn and the model's reply gemini-cli puts first in the history it keeps after a
/// compression (`chatCompressionService.ts`).
const COMPRESSION_SUMMARY_TAG: &str = "<state_snapshot>";
const COMPRESSION_ACK: &str = "Got it. Thanks for the additional context!";

/// Longest string kept per field of a JSONL record held until the end of the file.
const HELD_STRING_BYTES: usize = 8 * 1024;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let first = crate::evidence::read::peek_first_line(reader)?;
    let first_obj = first
        .as_deref()
        .and_then(parse_json_line)
        .filter(Value::is_object);
    match first_obj {
        Some(obj) if obj.get("messages").is_none() && is_stream_event(&obj) => {
            read_stream(reader, b)
        }
        Some(obj) if obj.get("messages").is_none() && obj.get("sessionId").is_some() => {
            read_jsonl(reader, b)
        }
        _ => read_native(reader, b),
    }
}

fn is_stream_event(v: &Value) -> bool {
    matches!(
        str_field(v, "type"),
        Some("init" | "message" | "tool_use" | "tool_result" | "error" | "result")
    )
}

fn time_of(v: &Value) -> Option<DateTime<Utc>> {
    str_field(v, "timestamp")
        .or_else(|| str_field(v, "ts"))
        .and_then(parse_time)
}

// ---------------------------------------------------------------------------------------------
// Native ConversationRecord JSON.

fn read_native(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    // A bare array of messages (an export without the envelope) is read the same way.
    let summary = input::walk_document(reader, &["messages"], &[], &mut |_, m| {
        b.record();
        native_message(b, &m);
    })?;
    if !summary.top_level_array
        && !summary.fields.contains_key("sessionId")
        && summary.elements == 0
    {
        return Err(ReadError::NotThisFormat(
            "no sessionId and no messages array".into(),
        ));
    }
    apply_metadata(b, &summary.fields);
    summary.report(b, "message(s)");
    Ok(())
}

fn apply_metadata(b: &mut Builder, fields: &serde_json::Map<String, Value>) {
    if let Some(id) = fields.get("sessionId").and_then(Value::as_str)
        && b.session_mut().id.is_none()
    {
        b.session_mut().id = Some(id.to_string());
    }
    for key in ["startTime", "lastUpdated"] {
        b.saw_time(fields.get(key).and_then(Value::as_str).and_then(parse_time));
    }
}

/// One `MessageRecord`.
fn native_message(b: &mut Builder, m: &Value) {
    let Some(ty) = str_field(m, "type") else {
        b.skip("gemini: message without a type");
        return;
    };
    let at = time_of(m);
    let text = m.get("content").map(content_text).unwrap_or_default();
    match ty {
        "user" if text.trim_start().starts_with(COMPRESSION_SUMMARY_TAG) => {
            b.compaction(at, None, None);
            if let Some(id) =
                b.message(Role::User, MessageKind::CompactionSummary, &text, at, false)
            {
                b.set_last_compaction_summary(id);
            }
        }
        "user" => {
            learn_project_root(b, &text);
            b.message(Role::User, MessageKind::Typed, &text, at, false);
        }
        "gemini" | "model" if text.trim() == COMPRESSION_ACK => {
            b.message(Role::Assistant, MessageKind::Meta, &text, at, false);
        }
        "gemini" | "model" => {
            if let Some(model) = str_field(m, "model") {
                b.model(model);
            }
            for t in m
                .get("thoughts")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                let subject = str_field(t, "subject").unwrap_or("");
                let description = str_field(t, "description").unwrap_or("");
                let thought = format!("{subject}\n{description}");
                b.message(
                    Role::Assistant,
                    MessageKind::Thinking,
                    &thought,
                    str_field(t, "timestamp").and_then(parse_time).or(at),
                    false,
                );
            }
            b.message(Role::Assistant, MessageKind::Typed, &text, at, false);
            for call in m
                .get("toolCalls")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
            {
                native_tool_call(b, call, at);
            }
        }
        "info" | "warning" => {
            b.message(Role::System, MessageKind::Meta, &text, at, false);
        }
        "error" => {
            b.message(Role::System, MessageKind::Meta, &text, at, false);
            b.error(&text, None, at);
        }
        other => b.skip(format!("gemini: unknown message type {other}")),
    }
}

/// The text a tool result carried: `functionResponse.response.output` (or `.error`) parts,
/// else the display string.
fn tool_result_text(call: &Value) -> String {
    let mut out = Vec::new();
    if let Some(parts) = call.get("result").and_then(Value::as_array) {
        for p in parts {
            if let Some(resp) = p.get("functionResponse").and_then(|f| f.get("response")) {
                for key in ["output", "error"] {
                    if let Some(s) = str_field(resp, key) {
                        out.push(s.to_string());
                    }
                }
            } else if let Some(s) = str_field(p, "text") {
                out.push(s.to_string());
            }
        }
    } else if let Some(s) = call.get("result").and_then(Value::as_str) {
        out.push(s.to_string());
    }
    if out.is_empty()
        && let Some(s) = str_field(call, "resultDisplay")
    {
        out.push(s.to_string());
    }
    out.join("\n")
}

/// What a Gemini tool does, as far as the handoff cares.
enum ToolKind<'a> {
    Shell(&'a str),
    Edit(&'a str, EditKind),
    Other,
}

fn classify_tool<'a>(name: &str, args: &'a Value) -> ToolKind<'a> {
    let path = || {
        ["file_path", "absolute_path", "path"]
            .iter()
            .find_map(|k| str_field(args, k))
    };
    match name {
        "run_shell_command" | "shell" => match str_field(args, "command") {
            Some(c) => ToolKind::Shell(c),
            None => ToolKind::Other,
        },
        // Only the built-in file tools write local files; MCP tools such as `push_files` or
        // `create_or_update_file` write to a remote and are not local edits.
        "write_file" => path().map_or(ToolKind::Other, |p| ToolKind::Edit(p, EditKind::Modify)),
        "replace" | "edit" | "smart_edit" => {
            path().map_or(ToolKind::Other, |p| ToolKind::Edit(p, EditKind::Modify))
        }
        _ => ToolKind::Other,
    }
}

/// The shell tool's newer result (`Output: …`, no `Command:` line) writes `Exit Code:` only for
/// a non-zero status and `Signal:`/`Error:` only when they happened: a result with none of them
/// ran to completion without error (`shell.ts`). `Some(false)` then; `None` otherwise.
fn completed_without_error(output: &str) -> Option<bool> {
    let newer = output.starts_with("Output:");
    let failed = output.lines().any(|l| {
        l.starts_with("Exit Code:") || l.starts_with("Signal:") || l.starts_with("Error:")
    });
    (newer && !failed).then_some(false)
}

/// A prompt that names the project root (`Project root: /abs/dir`) gives the workspace.
fn learn_project_root(b: &mut Builder, text: &str) {
    if b.cwd().is_none()
        && let Some(c) = PROJECT_ROOT.captures(text)
    {
        b.session_mut().cwd = Some(c[1].to_string());
    }
}

/// A relative `file_path` whose result names the absolute file written gives the workspace:
/// `src/a.ts` + `Successfully modified file: /w/src/a.ts …` → `/w` (the session records no cwd).
fn learn_cwd(b: &mut Builder, path: &str, output: &str) {
    if b.cwd().is_some() || path.starts_with('/') || path.contains(':') {
        return;
    }
    let Some(abs) = WROTE_TO.captures(output).map(|c| c[1].replace('\\', "/")) else {
        return;
    };
    let rel = path.trim_start_matches("./").replace('\\', "/");
    if let Some(dir) = abs.strip_suffix(&rel).and_then(|d| d.strip_suffix('/'))
        && !dir.is_empty()
    {
        b.session_mut().cwd = Some(dir.to_string());
    }
}

fn exit_code_in(text: &str) -> Option<i32> {
    EXIT_CODE
        .captures_iter(text)
        .last()
        .and_then(|c| c[1].parse().ok())
}

/// Tool status → the format's own failure flag (`success` is not an exit status).
fn status_error(status: Option<&str>) -> Option<bool> {
    match status {
        Some("error") | Some("cancelled") => Some(true),
        _ => None,
    }
}

fn native_tool_call(b: &mut Builder, call: &Value, msg_at: Option<DateTime<Utc>>) {
    let name = str_field(call, "name").unwrap_or("");
    let null = Value::Null;
    let args = call.get("args").unwrap_or(&null);
    let status = str_field(call, "status");
    let at = time_of(call).or(msg_at);
    let output = tool_result_text(call);
    match classify_tool(name, args) {
        ToolKind::Shell(cmd) => {
            let idx = b.command(None, cmd, Some(name), at, false);
            if call.get("result").is_some() || status.is_some() {
                let exit = exit_code_in(&output);
                let flag = status_error(status).or_else(|| completed_without_error(&output));
                b.command_result_at(idx, exit, flag, &output, at);
            }
        }
        ToolKind::Edit(path, kind) => {
            learn_cwd(b, path, &output);
            let kind = if output.contains("created and wrote to new file")
                || output.starts_with("Created new file:")
            {
                EditKind::Create
            } else {
                kind
            };
            let idx = b.edit(None, path, kind, Some(name), at, false);
            b.confirm_edit_at(idx, status == Some("success"));
            if status == Some("error") {
                let id = b.transcript().edits.get(idx).map(|e| e.id.clone());
                b.error(&format!("{name}: {output}"), id.map(String::from), at);
            }
        }
        ToolKind::Other => {
            let action = b
                .action(None, name, args, at, false)
                .and_then(|idx| match status {
                    Some(s) => b.action_result_at(idx, s == "success", &output),
                    None => None,
                });
            if status == Some("error") {
                b.error(&format!("{name}: {output}"), action, at);
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Newer JSONL recording.

fn read_jsonl(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut records: Vec<Value> = Vec::new();
    let mut by_id: HashMap<String, usize> = HashMap::new();
    input::for_each_record(reader, b, |b, mut v| {
        if let Some(set) = v.get("$set").and_then(Value::as_object) {
            apply_metadata(b, set);
            // A checkpoint (`updateMessagesFromHistory`, after a compression): the history
            // gemini-cli keeps from now on. What happened before it still happened, so known
            // messages stay as first recorded and only the new ones (the compression summary
            // and its acknowledgement) are added.
            if let Some(msgs) = set.get("messages").and_then(Value::as_array) {
                for m in msgs {
                    let Some(id) = str_field(m, "id").map(str::to_string) else {
                        continue;
                    };
                    if !by_id.contains_key(&id) && m.get("type").is_some() {
                        let mut m = m.clone();
                        shrink(&mut m, HELD_STRING_BYTES);
                        by_id.insert(id, records.len());
                        records.push(m);
                    }
                }
            }
            return;
        }
        if let Some(target) = v.get("$rewindTo").and_then(Value::as_str) {
            // Rewinding to a message removes it and everything after it.
            if let Some(&pos) = by_id.get(target) {
                records.truncate(pos);
                by_id.retain(|_, i| *i < pos);
            } else {
                b.skip("gemini: $rewindTo an unknown message");
            }
            return;
        }
        if v.get("type").is_none() {
            if let Some(meta) = v.as_object()
                && meta.contains_key("sessionId")
            {
                apply_metadata(b, meta);
            } else {
                b.skip("gemini: record without a type");
            }
            return;
        }
        shrink(&mut v, HELD_STRING_BYTES);
        match str_field(&v, "id").map(str::to_string) {
            Some(id) => match by_id.get(&id) {
                Some(&i) => records[i] = v,
                None => {
                    by_id.insert(id, records.len());
                    records.push(v);
                }
            },
            None => records.push(v),
        }
    })?;
    for r in &records {
        native_message(b, r);
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
// Headless stream-json.

#[derive(Default)]
struct Stream {
    /// Assistant text fragments of the current turn.
    pending: String,
    pending_at: Option<DateTime<Utc>>,
    /// Whether the current run has reached its `result` event.
    run_open: bool,
    runs: u32,
}

impl Stream {
    fn flush(&mut self, b: &mut Builder) {
        if !self.pending.is_empty() {
            b.message(
                Role::Assistant,
                MessageKind::Typed,
                &self.pending,
                self.pending_at,
                false,
            );
            self.pending.clear();
        }
        self.pending_at = None;
    }

    fn close_run_cut_off(&mut self, b: &mut Builder, at: Option<DateTime<Utc>>) {
        if self.run_open {
            b.error(
                "stream-json run ended without a result event (cut off)",
                None,
                at,
            );
        }
        self.run_open = false;
    }
}

fn read_stream(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut s = Stream::default();
    let mut last_at = None;
    input::for_each_record(reader, b, |b, ev| {
        let at = time_of(&ev);
        if at.is_some() {
            last_at = at;
        }
        stream_event(b, &mut s, &ev, at);
    })?;
    s.flush(b);
    s.close_run_cut_off(b, last_at);
    Ok(())
}

fn stream_event(b: &mut Builder, s: &mut Stream, ev: &Value, at: Option<DateTime<Utc>>) {
    let ty = str_field(ev, "type").unwrap_or("");
    if !(ty == "message" && str_field(ev, "role") == Some("assistant")) {
        s.flush(b);
    }
    match ty {
        "init" => {
            s.close_run_cut_off(b, at);
            s.runs += 1;
            s.run_open = true;
            if let Some(model) = str_field(ev, "model") {
                b.model(model);
            }
            let id = str_field(ev, "session_id");
            match (&b.session_mut().id, id) {
                (None, Some(id)) => b.session_mut().id = Some(id.to_string()),
                (Some(first), Some(id)) if first != id => {
                    let note = format!("new run in the same capture: session {id}");
                    b.message(Role::System, MessageKind::Meta, &note, at, false);
                }
                _ => {}
            }
        }
        "message" => {
            let text = ev.get("content").map(content_text).unwrap_or_default();
            match str_field(ev, "role") {
                Some("user") => {
                    learn_project_root(b, &text);
                    b.message(Role::User, MessageKind::Typed, &text, at, false);
                }
                Some("assistant") => {
                    if s.pending.is_empty() {
                        s.pending_at = at;
                    }
                    s.pending.push_str(&text);
                    if ev.get("delta").and_then(Value::as_bool) != Some(true) {
                        s.flush(b);
                    }
                }
                _ => b.skip("gemini: message without a known role"),
            }
        }
        "tool_use" => {
            let name = str_field(ev, "tool_name").unwrap_or("");
            let id = str_field(ev, "tool_id");
            let null = Value::Null;
            let params = ev.get("parameters").unwrap_or(&null);
            match classify_tool(name, params) {
                ToolKind::Shell(cmd) => {
                    b.command(id, cmd, Some(name), at, false);
                }
                ToolKind::Edit(path, kind) => {
                    b.edit(id, path, kind, Some(name), at, false);
                }
                ToolKind::Other => {
                    b.action(id, name, params, at, false);
                }
            }
        }
        "tool_result" => {
            let Some(id) = str_field(ev, "tool_id") else {
                b.skip("gemini: tool_result without tool_id");
                return;
            };
            let status = str_field(ev, "status");
            let mut output = str_field(ev, "output").unwrap_or("").to_string();
            if let Some(msg) = ev.get("error").and_then(|e| str_field(e, "message"))
                && !output.contains(msg.trim())
            {
                if !output.is_empty() {
                    output.push('\n');
                }
                output.push_str(msg);
            }
            if b.command_result(id, exit_code_in(&output), status_error(status), &output, at) {
                return;
            }
            if b.edit_result(id, status == Some("success"), at) {
                return;
            }
            let action = b.action_result(id, status == Some("success"), &output);
            if status == Some("error") {
                b.error(&output, action, at);
            }
        }
        "error" => {
            let msg = str_field(ev, "message").unwrap_or("error");
            b.error(msg, None, at);
        }
        "result" => {
            s.run_open = false;
            if str_field(ev, "status") == Some("error") {
                let msg = ev
                    .get("error")
                    .and_then(|e| str_field(e, "message"))
                    .unwrap_or("run ended with an error");
                b.error(msg, None, at);
            }
            b.saw_time(at);
        }
        other => b.skip(format!("gemini: unknown event type {other}")),
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::Gemini, text)
    }

    fn typed_users(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    #[test]
    fn stream_two_runs_and_first_user_before_init() {
        let t = parse(concat!(
            r#"{"type":"message","role":"user","content":"first ask","ts":"2026-01-30T06:09:46.992778"}"#,
            "\n",
            r#"{"type":"init","timestamp":"2026-01-30T06:10:01.547Z","session_id":"s1","model":"gemini-3-pro-preview"}"#,
            "\n",
            r#"{"type":"result","timestamp":"2026-01-30T06:11:00Z","status":"success"}"#,
            "\n",
            r#"{"type":"init","timestamp":"2026-01-30T07:00:00Z","session_id":"s2","model":"gemini-2.5-flash"}"#,
            "\n",
            r#"{"type":"message","role":"user","content":"second ask","timestamp":"2026-01-30T07:00:01Z"}"#,
            "\n",
        ));
        assert_eq!(typed_users(&t), vec!["first ask", "second ask"]);
        assert_eq!(t.session.id.as_deref(), Some("s1"));
        assert_eq!(
            t.session.models,
            vec!["gemini-3-pro-preview", "gemini-2.5-flash"]
        );
        assert!(t.messages.iter().any(|m| m.text.contains("session s2")));
        // The second run never reached its result event.
        assert!(t.errors.iter().any(|e| e.text.contains("cut off")));
        assert_eq!(
            t.session.started_at.unwrap().to_rfc3339(),
            "2026-01-30T06:09:46.992778+00:00"
        );
    }

    #[test]
    fn stream_assistant_fragments_are_one_message_per_turn() {
        let t = parse(concat!(
            r#"{"type":"init","session_id":"s","model":"m"}"#,
            "\n",
            r#"{"type":"message","role":"assistant","content":"Hel","delta":true}"#,
            "\n",
            r#"{"type":"message","role":"assistant","content":"lo there","delta":true}"#,
            "\n",
            r#"{"type":"tool_use","tool_name":"read_file","tool_id":"r1","parameters":{"file_path":"a"}}"#,
            "\n",
            r#"{"type":"message","role":"assistant","content":"Done.","delta":true}"#,
            "\n",
            r#"{"type":"result","status":"success"}"#,
            "\n",
        ));
        let said: Vec<_> = t
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .map(|m| m.text.as_str())
            .collect();
        assert_eq!(said, vec!["Hello there", "Done."]);
        assert!(t.errors.is_empty());
    }

    #[test]
    fn stream_success_status_is_not_exit_zero() {
        let t = parse(concat!(
            r#"{"type":"init","session_id":"s","model":"m"}"#,
            "\n",
            r#"{"type":"tool_use","tool_name":"run_shell_command","tool_id":"c1","parameters":{"command":"npm test"}}"#,
            "\n",
            r#"{"type":"tool_result","tool_id":"c1","status":"success","output":"1 failing"}"#,
            "\n",
            r#"{"type":"tool_use","tool_name":"run_shell_command","tool_id":"c2","parameters":{"command":"ls"}}"#,
            "\n",
            r#"{"type":"tool_result","tool_id":"c2","status":"success","output":"Output: x\nExit Code: 2"}"#,
            "\n",
            r#"{"type":"tool_use","tool_name":"run_shell_command","tool_id":"c3","parameters":{"command":"make"}}"#,
            "\n",
            r#"{"type":"tool_result","tool_id":"c3","status":"error","error":{"type":"x","message":"denied"}}"#,
            "\n",
        ));
        let c = &t.commands;
        assert_eq!(c.len(), 3);
        // `success` is not exit 0: the exit code stays unknown, and the verdict comes from the
        // output's own summary ("1 failing"), which the test-output parser reads.
        assert_eq!((c[0].exit_code, c[0].ok), (None, Some(false)));
        assert!(c[0].has_result && c[0].is_test);
        assert_eq!((c[1].exit_code, c[1].ok), (Some(2), Some(false)));
        assert_eq!((c[2].exit_code, c[2].ok), (None, Some(false)));
        assert!(c[2].output.contains("denied"));
    }

    #[test]
    fn native_push_files_is_not_a_local_edit() {
        let t = parse(
            r#"{"sessionId":"abc","projectHash":"p","startTime":"2026-01-30T06:08:50.429Z","messages":[
            {"id":"1","timestamp":"2026-01-30T06:08:51Z","type":"user","content":"ship it"},
            {"id":"2","timestamp":"2026-01-30T06:08:52Z","type":"gemini","content":"","model":"gemini-3-pro-preview",
             "thoughts":[{"subject":"Plan","description":"push","timestamp":"2026-01-30T06:08:52Z"}],
             "toolCalls":[
              {"id":"a","name":"push_files","args":{"files":[{"path":"src/a.ts","content":"x"}]},"status":"success"},
              {"id":"b","name":"write_file","args":{"file_path":"src/b.ts","content":"x"},"status":"success",
               "result":[{"functionResponse":{"response":{"output":"Successfully created and wrote to new file: /w/src/b.ts."}}}]},
              {"id":"c","name":"replace","args":{"file_path":"src/c.ts"},"status":"error"},
              {"id":"d","name":"read_file","args":{"file_path":"src/d.ts"},"status":"success"},
              {"id":"e","name":"run_shell_command","args":{"command":"npm run build"},"status":"success",
               "result":[{"functionResponse":{"response":{"output":"Command: npm run build\nExit Code: 0\nSignal: 0"}}}]}
             ]}],"lastUpdated":"2026-01-30T06:17:50.756Z"}"#,
        );
        assert_eq!(t.session.id.as_deref(), Some("abc"));
        let edits: Vec<_> = t
            .edits
            .iter()
            .map(|e| (e.path.as_str(), e.kind, e.confirmed))
            .collect();
        assert_eq!(
            edits,
            vec![
                ("src/b.ts", EditKind::Create, true),
                ("src/c.ts", EditKind::Modify, false)
            ]
        );
        assert_eq!(t.commands[0].exit_code, Some(0));
        assert!(t.commands[0].is_check);
        assert_eq!(t.commands[0].ok, Some(true));
        assert!(t.messages.iter().any(|m| m.kind == MessageKind::Thinking));
        assert_eq!(
            t.session.ended_at.unwrap().to_rfc3339(),
            "2026-01-30T06:17:50.756+00:00"
        );
    }

    #[test]
    fn jsonl_replaces_records_by_id_and_rewinds() {
        let t = parse(concat!(
            r#"{"sessionId":"s9","projectHash":"p","startTime":"2026-04-10T10:00:00Z","kind":"main"}"#,
            "\n",
            r#"{"id":"u1","timestamp":"2026-04-10T10:00:01Z","type":"user","content":[{"text":"fix the bug"}]}"#,
            "\n",
            r#"{"id":"g1","timestamp":"2026-04-10T10:00:02Z","type":"gemini","content":"partial"}"#,
            "\n",
            r#"{"id":"g1","timestamp":"2026-04-10T10:00:03Z","type":"gemini","content":"final answer","toolCalls":[{"id":"t","name":"run_shell_command","args":{"command":"cargo test"},"status":"success","result":[{"functionResponse":{"response":{"output":"Exit Code: 101"}}}]}]}"#,
            "\n",
            r#"{"id":"u2","timestamp":"2026-04-10T10:01:00Z","type":"user","content":"wrong turn"}"#,
            "\n",
            r#"{"$rewindTo":"u2"}"#,
            "\n",
            r#"{"$set":{"lastUpdated":"2026-04-10T10:05:00Z"}}"#,
            "\n",
            "{broken\n",
        ));
        assert_eq!(t.session.id.as_deref(), Some("s9"));
        assert_eq!(typed_users(&t), vec!["fix the bug"]);
        assert!(t.messages.iter().any(|m| m.text == "final answer"));
        assert!(!t.messages.iter().any(|m| m.text == "partial"));
        assert_eq!(t.commands[0].exit_code, Some(101));
        assert_eq!(t.commands[0].ok, Some(false));
        assert_eq!(t.stats.skipped_reasons["malformed JSON line"], 1);
    }

    #[test]
    fn a_checkpoint_after_compression_keeps_what_happened_and_adds_the_summary() {
        let t = parse(concat!(
            r#"{"sessionId":"s","projectHash":"p","startTime":"2026-05-12T08:00:00Z","kind":"main"}"#,
            "\n",
            r#"{"id":"u1","timestamp":"2026-05-12T08:00:01Z","type":"user","content":[{"text":"fix it"}]}"#,
            "\n",
            r#"{"id":"g1","timestamp":"2026-05-12T08:00:02Z","type":"gemini","content":"ok","toolCalls":[{"id":"c","name":"run_shell_command","args":{"command":"npm test"},"status":"success","result":[{"functionResponse":{"response":{"output":"Output: 1 failed\nExit Code: 1\nProcess Group PGID: 7"}}}]}]}"#,
            "\n",
            r#"{"$set":{"messages":[{"id":"s1","timestamp":"2026-05-12T08:01:00Z","type":"user","content":[{"text":"<state_snapshot>\n<overall_goal>fix it</overall_goal>\n</state_snapshot>"}]},{"id":"s2","timestamp":"2026-05-12T08:01:00Z","type":"gemini","content":[{"text":"Got it. Thanks for the additional context!"}]},{"id":"g1","timestamp":"2026-05-12T08:00:02Z","type":"gemini","content":"<masked>"}],"lastUpdated":"2026-05-12T08:01:01Z"}}"#,
            "\n",
            r#"{"id":"u2","timestamp":"2026-05-12T08:02:00Z","type":"user","content":[{"text":"go on"}]}"#,
            "\n",
        ));
        assert_eq!(typed_users(&t), vec!["fix it", "go on"]);
        // The command run before the compression is still there, as first recorded.
        assert_eq!(t.commands[0].exit_code, Some(1));
        assert!(t.messages.iter().any(|m| m.text == "ok"));
        assert_eq!(t.compactions.len(), 1);
        let summary = t.compactions[0].summary_message.as_deref().unwrap();
        let m = t.messages.iter().find(|m| m.id == summary).unwrap();
        assert_eq!(m.kind, MessageKind::CompactionSummary);
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Meta && m.text.starts_with("Got it."))
        );
    }

    #[test]
    fn cwd_from_the_project_root_line_or_from_a_tool_reporting_an_absolute_path() {
        let t = parse(
            r#"{"sessionId":"a","projectHash":"p","messages":[
            {"id":"1","type":"user","content":"Build it.\n\nProject root: /figma/run-1\nGitHub repo: x/y"},
            {"id":"2","type":"gemini","content":"","toolCalls":[{"id":"w","name":"write_file","args":{"file_path":"/figma/run-1/src/App.tsx"},"status":"success"}]}]}"#,
        );
        assert_eq!(t.session.cwd.as_deref(), Some("/figma/run-1"));
        assert_eq!(t.edits[0].path, "src/App.tsx");
        let t = parse(
            r#"{"sessionId":"a","projectHash":"p","messages":[
            {"id":"1","type":"user","content":"fix it"},
            {"id":"2","type":"gemini","content":"","toolCalls":[
              {"id":"r","name":"replace","args":{"file_path":"src/a.ts"},"status":"success",
               "result":[{"functionResponse":{"response":{"output":"Successfully modified file: /home/me/shop/src/a.ts (1 replacements)."}}}]},
              {"id":"w","name":"write_file","args":{"file_path":"/home/me/shop/src/b.ts"},"status":"success",
               "result":[{"functionResponse":{"response":{"output":"Successfully created and wrote to new file: /home/me/shop/src/b.ts."}}}]}]}]}"#,
        );
        assert_eq!(t.session.cwd.as_deref(), Some("/home/me/shop"));
        let paths: Vec<_> = t.edits.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, vec!["src/a.ts", "src/b.ts"]);
    }

    #[test]
    fn newer_shell_output_without_an_exit_code_line_succeeded() {
        let shell = |out: &str| {
            format!(
                r#"{{"sessionId":"a","projectHash":"p","messages":[{{"id":"2","type":"gemini","content":"","toolCalls":[{{"id":"c","name":"run_shell_command","args":{{"command":"npm test"}},"status":"success","result":[{{"functionResponse":{{"response":{{"output":{}}}}}}}]}}]}}]}}"#,
                serde_json::to_string(out).unwrap()
            )
        };
        let c = |out: &str| {
            let t = parse(&shell(out));
            (t.commands[0].exit_code, t.commands[0].ok)
        };
        assert_eq!(
            c("Output: 58 passed\nProcess Group PGID: 9"),
            (None, Some(true))
        );
        assert_eq!(
            c("Output: boom\nExit Code: 2\nProcess Group PGID: 9"),
            (Some(2), Some(false))
        );
        assert_eq!(c("Output: (empty)\nSignal: 15"), (None, None));
        // The older format always writes the code.
        assert_eq!(
            c("Command: npm test\nDirectory: (root)\nOutput: ok\nError: (none)\nExit Code: 0"),
            (Some(0), Some(true))
        );
    }

    #[test]
    fn truncated_native_document_keeps_messages_and_warns() {
        let t = parse(
            r#"{"sessionId":"abc","projectHash":"p","messages":[{"id":"1","type":"user","content":"one"},{"id":"2","type":"user","content":"two"},{"id":"3","type":"gem"#,
        );
        assert_eq!(typed_users(&t), vec!["one", "two"]);
        assert_eq!(t.stats.skipped, 1);
        assert!(
            t.stats
                .skipped_reasons
                .keys()
                .any(|k| k.contains("truncated JSON document"))
        );
    }

    #[test]
    fn wrong_shape_elements_are_skipped_and_counted() {
        let t = parse(
            r#"{"sessionId":"abc","projectHash":"p","messages":[42,{"id":"1","type":"user","content":"ok"},{"id":"2","type":"bogus"}]}"#,
        );
        assert_eq!(typed_users(&t), vec!["ok"]);
        assert_eq!(t.stats.skipped, 2);
    }

    /// A tool call that changes a remote (GitHub's MCP `push_files`) is an action `A*`, failed or
    /// not; reads (`get_file_contents`) are not; the failure's error points at its action.
    #[test]
    fn remote_writes_are_actions_and_their_errors_cite_them() {
        let t = parse(
            r#"{"sessionId":"a","projectHash":"p","messages":[
            {"id":"1","type":"user","content":"push it"},
            {"id":"2","type":"gemini","content":"","toolCalls":[
              {"id":"p1","name":"push_files","args":{"owner":"me","repo":"r","files":[{"path":"a","content":"x"}],"message":"First"},"status":"error",
               "result":[{"functionResponse":{"response":{"error":"409 Git Repository is empty."}}}]},
              {"id":"g","name":"get_file_contents","args":{"owner":"me","repo":"r","path":"a"},"status":"success"},
              {"id":"p2","name":"push_files","args":{"owner":"me","repo":"r","files":[],"message":"Second"},"status":"success",
               "result":[{"functionResponse":{"response":{"output":"{\"ref\":\"refs/heads/main\"}"}}}]}]}]}"#,
        );
        assert_eq!(
            super::super::testkit::actions(&t),
            vec![
                ("A1", "push_files", Some(false)),
                ("A2", "push_files", Some(true))
            ]
        );
        assert_eq!(
            t.actions[0].target,
            "owner=me, repo=r, files: 1 item(s), message=First"
        );
        assert!(t.actions[1].output.contains("refs/heads/main"));
        assert_eq!(t.errors.len(), 1);
        assert_eq!(t.errors[0].evidence.as_deref(), Some("A1"));
        assert!(t.actions[0].seq < t.errors[0].seq && t.errors[0].seq < t.actions[1].seq);
    }

    #[test]
    fn stream_remote_writes_are_paired_with_their_results() {
        let t = parse(concat!(
            r#"{"type":"init","session_id":"s","model":"m"}"#,
            "\n",
            r#"{"type":"tool_use","tool_name":"create_pull_request","tool_id":"c1","parameters":{"title":"Fix","head":"fix","base":"main","body":"long\ntext"}}"#,
            "\n",
            r#"{"type":"tool_result","tool_id":"c1","status":"success","output":"https://github.com/me/r/pull/7"}"#,
            "\n",
        ));
        assert_eq!(t.actions.len(), 1);
        assert_eq!(t.actions[0].ok, Some(true));
        assert_eq!(t.actions[0].target, "title=Fix, head=fix, base=main");
        assert_eq!(t.actions[0].output, "https://github.com/me/r/pull/7");
    }
}
