//! Codex CLI rollout JSONL (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`; `docs/transcript-formats.md`).
//!
//! Every line is `{timestamp, type, payload}`. The traps handled here: the human's turn appears
//! both as a `response_item` message and as `event_msg/user_message` (counted once), injected
//! context (`<environment_context>`, AGENTS.md, `<turn_aborted>`) is not typed text, a command
//! still running answers "Process running with session ID N" and its exit code arrives in a later
//! `write_stdin` poll (which is no command itself) or in `exec_command_end`, and `apply_patch`
//! results come in three shapes.

use super::input::{Prune, PruneRule, content_text, for_each_pruned_record, str_field, time_field};
use super::recent::Recent;
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, Utc};
use serde_json::Value;
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut st = State::default();
    let mut parsed = 0u64;
    for_each_pruned_record(reader, b, UNREAD, |b, v| {
        parsed += 1;
        st.record(b, &v)
    })?;
    if st.recognised == 0 && parsed > 0 {
        return Err(ReadError::NotThisFormat(format!(
            "none of its {parsed} JSON records is a Codex rollout line ({{timestamp, type, payload}})"
        )));
    }
    Ok(())
}

/// Bulky parts of rollout lines this reader never looks at, skipped unread (the system
/// prompt, encrypted reasoning, the history a compaction replaced, token counts).
const UNREAD: &[PruneRule] = &[
    (&["payload", "base_instructions"], Prune::Skip),
    (&["payload", "developer_instructions"], Prune::Skip),
    (&["payload", "encrypted_content"], Prune::Skip),
    (&["payload", "replacement_history"], Prune::Skip),
    (&["payload", "info"], Prune::Skip),
];

/// What a `call_id` was.
enum Call {
    Command(usize),
    /// A poll of a running process (`write_stdin`): its output belongs to that process.
    Poll(String),
    /// An `apply_patch`: the edits it made (indices into the builder's edits).
    Patch(Vec<usize>),
    Other(String),
}

#[derive(Default)]
struct State {
    recognised: u64,
    calls: Recent<String, Call>,
    /// Running processes: session id → command index.
    running: HashMap<String, usize>,
    /// Commands whose `exec_command_end` was seen (its output is the whole output).
    ended: Recent<usize, ()>,
    /// Texts shown once as `response_item` and once as an `event_msg` (user turns, agent
    /// messages, reasoning): the first copy is emitted, the twin is dropped.
    twins: VecDeque<(Role, MessageKind, String, bool)>,
    /// A `compacted` record was just seen (its `context_compacted` event is the same compaction).
    compacted_pending: bool,
}

const TWINS_KEPT: usize = 32;

impl State {
    fn record(&mut self, b: &mut Builder, v: &Value) {
        let ty = str_field(v, "type").unwrap_or("");
        let Some(p) = v.get("payload").filter(|p| p.is_object()) else {
            b.skip("record without a payload");
            return;
        };
        let at = time_field(v, "timestamp");
        b.saw_time(at);
        let pt = str_field(p, "type").unwrap_or("");
        match ty {
            "session_meta" => self.session_meta(b, p),
            "turn_context" => {
                if let Some(m) = str_field(p, "model") {
                    b.model(m);
                }
                if b.cwd().is_none()
                    && let Some(cwd) = str_field(p, "cwd")
                {
                    b.session_mut().cwd = Some(cwd.to_string());
                }
            }
            "response_item" => self.response_item(b, p, pt, at),
            "event_msg" => self.event(b, p, pt, at),
            "compacted" => {
                b.compaction(at, None, None);
                self.compacted_pending = true;
                if let Some(text) = str_field(p, "message")
                    && let Some(id) =
                        b.message(Role::User, MessageKind::CompactionSummary, text, at, false)
                {
                    b.set_last_compaction_summary(id);
                }
            }
            _ => {
                if ty.is_empty() {
                    b.skip("record without a type");
                }
                return;
            }
        }
        self.recognised += 1;
    }

    fn session_meta(&mut self, b: &mut Builder, p: &Value) {
        let s = b.session_mut();
        if s.id.is_none() {
            s.id = str_field(p, "id")
                .or_else(|| str_field(p, "session_id"))
                .map(str::to_string);
        }
        if s.cwd.is_none() {
            s.cwd = str_field(p, "cwd").map(str::to_string);
        }
        if let Some(branch) = p.get("git").and_then(|g| str_field(g, "branch")) {
            b.branch(branch);
        }
    }

    /// Emits a message unless it is the twin of one just emitted from the other record kind.
    fn twin_message(
        &mut self,
        b: &mut Builder,
        role: Role,
        kind: MessageKind,
        text: &str,
        at: Option<DateTime<Utc>>,
        from_event: bool,
    ) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        if let Some(i) = self
            .twins
            .iter()
            .position(|(r, k, t, ev)| *r == role && *k == kind && *ev != from_event && t == text)
        {
            self.twins.remove(i);
            return;
        }
        b.message(role, kind, text, at, false);
        self.twins
            .push_back((role, kind, text.to_string(), from_event));
        if self.twins.len() > TWINS_KEPT {
            self.twins.pop_front();
        }
    }

    fn response_item(&mut self, b: &mut Builder, p: &Value, pt: &str, at: Option<DateTime<Utc>>) {
        match pt {
            "message" => {
                let role = str_field(p, "role").unwrap_or("");
                let items: Vec<String> = match p.get("content") {
                    Some(Value::Array(items)) => items
                        .iter()
                        .map(|i| str_field(i, "text").unwrap_or("").to_string())
                        .collect(),
                    Some(c) => vec![content_text(c)],
                    None => Vec::new(),
                };
                for text in items {
                    match role {
                        "user" => {
                            for (kind, part) in user_parts(&text) {
                                if kind == MessageKind::Typed {
                                    self.twin_message(b, Role::User, kind, part, at, false);
                                } else {
                                    b.message(Role::User, kind, part, at, false);
                                }
                            }
                        }
                        "assistant" => {
                            self.twin_message(
                                b,
                                Role::Assistant,
                                MessageKind::Typed,
                                &text,
                                at,
                                false,
                            );
                        }
                        _ => {
                            b.message(Role::System, MessageKind::Meta, &text, at, false);
                        }
                    }
                }
            }
            "reasoning" => {
                if let Some(Value::Array(items)) = p.get("summary") {
                    for item in items {
                        let text = str_field(item, "text").unwrap_or("");
                        self.twin_message(
                            b,
                            Role::Assistant,
                            MessageKind::Thinking,
                            text,
                            at,
                            false,
                        );
                    }
                }
            }
            "function_call" => self.function_call(b, p, at),
            "local_shell_call" => {
                let call_id = str_field(p, "call_id")
                    .or_else(|| str_field(p, "id"))
                    .unwrap_or("");
                let argv = p.get("action").and_then(|a| a.get("command"));
                if let Some(cmd) = argv.and_then(command_line) {
                    let idx = b.command(Some(call_id), &cmd, Some("local_shell_call"), at, false);
                    self.calls.insert(call_id.to_string(), Call::Command(idx));
                }
            }
            "function_call_output" | "custom_tool_call_output" => {
                let call_id = str_field(p, "call_id").unwrap_or("");
                let output = p.get("output").map(output_text).unwrap_or_default();
                self.output(b, call_id, &output, at);
            }
            "custom_tool_call" => {
                let call_id = str_field(p, "call_id").unwrap_or("").to_string();
                let name = str_field(p, "name").unwrap_or("");
                if name == "apply_patch" {
                    let input = str_field(p, "input").unwrap_or("");
                    self.patch(b, &call_id, input, at);
                } else {
                    self.calls.insert(call_id, Call::Other(name.to_string()));
                }
            }
            _ => {}
        }
    }

    fn function_call(&mut self, b: &mut Builder, p: &Value, at: Option<DateTime<Utc>>) {
        let call_id = str_field(p, "call_id").unwrap_or("").to_string();
        let name = str_field(p, "name").unwrap_or("");
        // `arguments` is a JSON document inside a string.
        let args: Value = match p.get("arguments") {
            Some(Value::String(s)) => serde_json::from_str(s).unwrap_or(Value::Null),
            Some(v) => v.clone(),
            None => Value::Null,
        };
        match name {
            "exec_command" | "shell_command" | "shell" | "container.exec" | "local_shell" => {
                let cmd = args
                    .get("cmd")
                    .or_else(|| args.get("command"))
                    .and_then(command_line);
                let Some(cmd) = cmd else {
                    self.calls.insert(call_id, Call::Other(name.to_string()));
                    return;
                };
                // Old rollouts ran `apply_patch` through the shell tool.
                if let Some(patch) = cmd
                    .strip_prefix("apply_patch")
                    .filter(|r| r.trim_start().starts_with("*** Begin Patch"))
                {
                    self.patch(b, &call_id, patch, at);
                    return;
                }
                let idx = b.command(Some(&call_id), &cmd, Some(name), at, false);
                self.calls.insert(call_id, Call::Command(idx));
            }
            "write_stdin" => {
                let session = args
                    .get("session_id")
                    .map(|s| match s {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .unwrap_or_default();
                self.calls.insert(call_id, Call::Poll(session));
            }
            "apply_patch" => {
                let input = str_field(&args, "input")
                    .or_else(|| str_field(&args, "patch"))
                    .unwrap_or("");
                self.patch(b, &call_id, input, at);
            }
            _ => {
                self.calls.insert(call_id, Call::Other(name.to_string()));
            }
        }
    }

    fn patch(&mut self, b: &mut Builder, call_id: &str, input: &str, at: Option<DateTime<Utc>>) {
        let mut idxs = Vec::new();
        for (path, kind) in patch_files(input) {
            idxs.push(b.edit(Some(call_id), &path, kind, Some("apply_patch"), at, false));
        }
        self.calls.insert(call_id.to_string(), Call::Patch(idxs));
    }

    fn output(&mut self, b: &mut Builder, call_id: &str, output: &str, at: Option<DateTime<Utc>>) {
        match self.calls.get(call_id) {
            Some(Call::Command(idx)) => {
                let idx = *idx;
                let (code, body) = exit_status(output);
                if self.ended.contains_key(&idx) {
                    // The end event already carried the full output and the exit code.
                    return;
                }
                if let Some(session) = running_session(output) {
                    self.running.insert(session, idx);
                }
                b.command_result_at(idx, code, None, &body, at);
            }
            Some(Call::Poll(session)) => {
                let Some(&idx) = self.running.get(session) else {
                    return;
                };
                let (code, body) = exit_status(output);
                if code.is_some() {
                    self.running.remove(session);
                }
                let body = body.trim();
                if code.is_some() || !body.is_empty() {
                    b.command_result_at(idx, code, None, body, at);
                }
            }
            Some(Call::Patch(idxs)) => {
                let idxs = idxs.clone();
                let verdict = patch_verdict(output);
                if let Some(ok) = verdict {
                    for &i in &idxs {
                        b.confirm_edit_at(i, ok);
                    }
                }
                if verdict == Some(false) {
                    let eid = idxs
                        .first()
                        .and_then(|&i| b.transcript().edits.get(i))
                        .map(|e| e.id.clone());
                    b.error(&format!("apply_patch: {output}"), eid, at);
                }
            }
            Some(Call::Other(name))
                if output.starts_with("aborted")
                    || output.contains("failed to parse function arguments") =>
            {
                let text = format!("{name}: {output}");
                b.error(&text, None, at);
            }
            Some(Call::Other(_)) | None => {}
        }
    }

    fn event(&mut self, b: &mut Builder, p: &Value, pt: &str, at: Option<DateTime<Utc>>) {
        match pt {
            "user_message" => {
                // Only the typed part: injected context is kept from the response item.
                let text = str_field(p, "message").unwrap_or("");
                for (kind, part) in user_parts(text) {
                    if kind == MessageKind::Typed {
                        self.twin_message(b, Role::User, kind, part, at, true);
                    }
                }
            }
            "agent_message" => {
                let text = str_field(p, "message").unwrap_or("");
                self.twin_message(b, Role::Assistant, MessageKind::Typed, text, at, true);
            }
            "agent_reasoning" => {
                let text = str_field(p, "text").unwrap_or("");
                self.twin_message(b, Role::Assistant, MessageKind::Thinking, text, at, true);
            }
            "exec_command_end" => {
                let call_id = str_field(p, "call_id").unwrap_or("");
                let code = p
                    .get("exit_code")
                    .and_then(Value::as_i64)
                    .and_then(|c| i32::try_from(c).ok());
                let idx = match self.calls.get(call_id) {
                    Some(Call::Command(idx)) => *idx,
                    Some(_) => return,
                    None => {
                        // A command the user ran in the TUI (`!cmd`) has no function call.
                        let Some(cmd) = p.get("command").and_then(command_line) else {
                            return;
                        };
                        let tool = str_field(p, "source")
                            .unwrap_or("exec_command_end")
                            .to_string();
                        let idx = b.command(Some(call_id), &cmd, Some(&tool), at, false);
                        self.calls.insert(call_id.to_string(), Call::Command(idx));
                        idx
                    }
                };
                let has_output = b
                    .transcript()
                    .commands
                    .get(idx)
                    .is_some_and(|c| !c.output.is_empty());
                let output = if has_output {
                    String::new()
                } else {
                    str_field(p, "aggregated_output")
                        .map(str::to_string)
                        .unwrap_or_else(|| {
                            format!(
                                "{}{}",
                                str_field(p, "stdout").unwrap_or(""),
                                str_field(p, "stderr").unwrap_or("")
                            )
                        })
                };
                self.running.retain(|_, v| *v != idx);
                self.ended.insert(idx, ());
                b.command_result_at(idx, code, None, &output, at);
            }
            "patch_apply_end" => {
                let call_id = str_field(p, "call_id").unwrap_or("").to_string();
                let ok = p.get("success").and_then(Value::as_bool);
                let needs_edits = match self.calls.get(&call_id) {
                    Some(Call::Patch(idxs)) => idxs.is_empty(),
                    Some(_) => return,
                    None => true,
                };
                if needs_edits && let Some(Value::Object(changes)) = p.get("changes") {
                    let mut idxs = Vec::new();
                    for (path, change) in changes {
                        let kind = match str_field(change, "type") {
                            Some("add") => EditKind::Create,
                            Some("delete") => EditKind::Delete,
                            _ => EditKind::Modify,
                        };
                        idxs.push(b.edit(
                            Some(&call_id),
                            path,
                            kind,
                            Some("apply_patch"),
                            at,
                            false,
                        ));
                    }
                    self.calls.insert(call_id.clone(), Call::Patch(idxs));
                }
                if let (Some(ok), Some(Call::Patch(idxs))) = (ok, self.calls.get(&call_id)) {
                    for &i in idxs {
                        b.confirm_edit_at(i, ok);
                    }
                }
            }
            "context_compacted" => {
                if !self.compacted_pending {
                    b.compaction(at, None, None);
                }
                self.compacted_pending = false;
            }
            "error" | "stream_error" => {
                let text = str_field(p, "message").unwrap_or("error");
                b.error(text, None, at);
            }
            _ => {}
        }
    }
}

/// A user message split into injected context and the typed request: the IDE extension
/// prefixes the request with `# Context from my IDE setup:` … `## My request for Codex:`.
fn user_parts(text: &str) -> Vec<(MessageKind, &str)> {
    const REQUEST: &str = "## My request for Codex:";
    let kind = user_kind(text);
    if kind != MessageKind::Typed {
        return vec![(kind, text)];
    }
    match text.find(REQUEST) {
        Some(pos) => vec![
            (MessageKind::Meta, &text[..pos]),
            (MessageKind::Typed, &text[pos + REQUEST.len()..]),
        ],
        None => vec![(MessageKind::Typed, text)],
    }
}

/// What an injected user message is: environment context and instructions are meta, an
/// interruption notice is a wrapper; anything else was typed.
fn user_kind(text: &str) -> MessageKind {
    let t = text.trim_start();
    const META: &[&str] = &[
        "<environment_context>",
        "<user_instructions>",
        "<permissions instructions>",
        "<collaboration_mode>",
        "<app-context>",
        "<skill>",
        "<developer_instructions>",
        "# AGENTS.md instructions",
        "<INSTRUCTIONS>",
    ];
    const WRAPPERS: &[&str] = &[
        "<turn_aborted>",
        "<user_shell_command>",
        "<subagent_notification>",
    ];
    if META.iter().any(|m| t.starts_with(m)) {
        MessageKind::Meta
    } else if WRAPPERS.iter().any(|m| t.starts_with(m)) {
        MessageKind::Wrapper
    } else {
        MessageKind::Typed
    }
}

/// A command line from a `cmd`/`command` value: a string, or an argv whose last element is the
/// script of `bash -lc` / `powershell -Command`.
fn command_line(v: &Value) -> Option<String> {
    match v {
        Value::String(s) if !s.trim().is_empty() => Some(s.clone()),
        Value::Array(argv) => {
            let words: Vec<&str> = argv.iter().filter_map(Value::as_str).collect();
            let shell_flag = words.iter().position(|w| {
                matches!(
                    w.to_ascii_lowercase().as_str(),
                    "-c" | "-lc" | "-ic" | "-command" | "/c"
                )
            });
            match shell_flag {
                Some(i) if i + 1 < words.len() => Some(words[i + 1..].join(" ")),
                _ if !words.is_empty() => Some(
                    words
                        .iter()
                        .map(|w| {
                            if w.contains(char::is_whitespace) {
                                format!("'{w}'")
                            } else {
                                w.to_string()
                            }
                        })
                        .collect::<Vec<_>>()
                        .join(" "),
                ),
                _ => None,
            }
        }
        _ => None,
    }
}

/// The text of a tool output: a string, or content items.
fn output_text(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        Value::Object(_) => str_field(v, "content")
            .map(str::to_string)
            .unwrap_or_else(|| content_text(v.get("content").unwrap_or(&Value::Null))),
        other => content_text(other),
    }
}

/// The exit code in a tool output (`Process exited with code N`, `Exit code: N`, legacy JSON
/// `metadata.exit_code`) and the output body without the bookkeeping header.
fn exit_status(output: &str) -> (Option<i32>, String) {
    let trimmed = output.trim_start();
    if trimmed.starts_with('{')
        && let Ok(v) = serde_json::from_str::<Value>(trimmed)
        && (v.get("output").is_some() || v.get("metadata").is_some())
    {
        let code = v
            .get("metadata")
            .and_then(|m| m.get("exit_code"))
            .and_then(Value::as_i64)
            .and_then(|c| i32::try_from(c).ok());
        let body = str_field(&v, "output").unwrap_or("").to_string();
        return (code, body);
    }
    let mut code = None;
    let mut body_start = None;
    let mut offset = 0;
    for line in output.split_inclusive('\n') {
        let l = line.trim_end();
        if let Some(rest) = l
            .strip_prefix("Process exited with code ")
            .or_else(|| l.strip_prefix("Exit code: "))
            && code.is_none()
        {
            code = rest.trim().parse().ok();
        }
        if l == "Output:" {
            body_start = Some(offset + line.len());
            break;
        }
        offset += line.len();
        if offset > 1024 {
            break;
        }
    }
    let body = match body_start {
        Some(s) => output[s..].to_string(),
        None => output.to_string(),
    };
    (code, body)
}

/// The session id of a process still running ("Process running with session ID N").
fn running_session(output: &str) -> Option<String> {
    output.lines().take(8).find_map(|l| {
        l.trim()
            .strip_prefix("Process running with session ID ")
            .map(|id| id.trim().to_string())
    })
}

/// Whether an `apply_patch` output says the patch applied: plain text ("Success. Updated the
/// following files"), legacy JSON (`metadata.exit_code`), or an error ("verification failed").
fn patch_verdict(output: &str) -> Option<bool> {
    let (code, body) = exit_status(output);
    let body = body.trim_start();
    if body.contains("verification failed") || body.starts_with("Failed to apply patch") {
        return Some(false);
    }
    match code {
        Some(c) => Some(c == 0),
        None if body.starts_with("Success.") || body.starts_with("Done!") => Some(true),
        None if body.starts_with("apply_patch") || body.to_lowercase().starts_with("error") => {
            Some(false)
        }
        None => None,
    }
}

/// The files an `apply_patch` envelope touches, with the kind of change. A move is the old
/// path deleted and the new one created.
fn patch_files(patch: &str) -> Vec<(String, EditKind)> {
    let mut out: Vec<(String, EditKind)> = Vec::new();
    for line in patch.lines() {
        let line = line.trim_end();
        if let Some(p) = line.strip_prefix("*** Add File: ") {
            out.push((p.trim().to_string(), EditKind::Create));
        } else if let Some(p) = line.strip_prefix("*** Update File: ") {
            out.push((p.trim().to_string(), EditKind::Modify));
        } else if let Some(p) = line.strip_prefix("*** Delete File: ") {
            out.push((p.trim().to_string(), EditKind::Delete));
        } else if let Some(p) = line.strip_prefix("*** Move to: ")
            && let Some(last) = out.last_mut()
            && last.1 == EditKind::Modify
        {
            last.1 = EditKind::Delete;
            out.push((p.trim().to_string(), EditKind::Create));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn read_str(s: &str) -> Transcript {
        super::super::testkit::read_str(Format::Codex, s)
    }

    fn line(ty: &str, payload: Value) -> String {
        serde_json::json!({"timestamp": "2026-04-21T13:46:39.253Z", "type": ty, "payload": payload})
            .to_string()
    }

    fn meta(id: &str, cwd: &str, branch: Option<&str>) -> String {
        let mut p = serde_json::json!({"id": id, "cwd": cwd, "originator": "codex-tui"});
        if let Some(br) = branch {
            p["git"] = serde_json::json!({"branch": br, "commit_hash": "abc"});
        }
        line("session_meta", p)
    }

    fn call(name: &str, id: &str, args: Value) -> String {
        line(
            "response_item",
            serde_json::json!({"type": "function_call", "name": name, "call_id": id, "arguments": args.to_string()}),
        )
    }

    fn out(id: &str, output: &str) -> String {
        line(
            "response_item",
            serde_json::json!({"type": "function_call_output", "call_id": id, "output": output}),
        )
    }

    fn user_item(text: &str) -> String {
        line(
            "response_item",
            serde_json::json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": text}]}),
        )
    }

    fn user_event(text: &str) -> String {
        line(
            "event_msg",
            serde_json::json!({"type": "user_message", "message": text}),
        )
    }

    fn typed(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    #[test]
    fn user_turns_count_once_and_injected_context_is_meta() {
        let lines = [
            meta("s1", "/repo", Some("main")),
            line("turn_context", serde_json::json!({"model": "gpt-5.4", "cwd": "/repo"})),
            line("response_item", serde_json::json!({"type":"message","role":"developer","content":[{"type":"input_text","text":"<permissions instructions>x"}]})),
            user_item("<environment_context>\n  <cwd>/repo</cwd>\n</environment_context>"),
            user_item("# AGENTS.md instructions for /repo\n\nbe nice"),
            user_item("fix the page"),
            user_event("fix the page"),
            user_item("<turn_aborted>\nThe user interrupted the previous turn on purpose.</turn_aborted>"),
            line("event_msg", serde_json::json!({"type":"turn_aborted","reason":"interrupted"})),
            // Only the event (older rollouts had only the response item; newer may have only this).
            user_event("now the footer"),
            user_item("now the footer"),
            // Typed twice on purpose: two turns.
            user_event("again"),
            user_item("again"),
            user_event("again"),
            user_item("again"),
            // The IDE extension's context header is not part of the request.
            user_item("# Context from my IDE setup:\n\n## Active file: src/a.ts\n\n## My request for Codex:\nrename foo"),
            user_event("# Context from my IDE setup:\n\n## Active file: src/a.ts\n\n## My request for Codex:\nrename foo"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(
            typed(&t),
            [
                "fix the page",
                "now the footer",
                "again",
                "again",
                "rename foo"
            ]
        );
        let wrappers = t
            .messages
            .iter()
            .filter(|m| m.kind == MessageKind::Wrapper)
            .count();
        assert_eq!(wrappers, 1);
        let metas = t
            .messages
            .iter()
            .filter(|m| m.kind == MessageKind::Meta)
            .count();
        assert_eq!(metas, 4);
        assert_eq!(t.session.models, ["gpt-5.4"]);
        assert_eq!(t.session.branches, ["main"]);
    }

    #[test]
    fn several_session_meta_records_keep_first_id_and_every_branch() {
        let lines = [
            meta("s1", "/repo", Some("main")),
            user_event("a"),
            meta("s1-resumed", "/other", Some("feat/x")),
            line(
                "turn_context",
                serde_json::json!({"model": "gpt-5.5", "cwd": "/other"}),
            ),
            meta("s1", "/repo", None),
            user_event("b"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.session.id.as_deref(), Some("s1"));
        assert_eq!(t.session.cwd.as_deref(), Some("/repo"));
        assert_eq!(t.session.branches, ["main", "feat/x"]);
        assert_eq!(t.session.models, ["gpt-5.5"]);
    }

    #[test]
    fn exit_code_from_a_later_poll_and_write_stdin_is_no_command() {
        let mut lines = vec![
            meta("s1", "/repo", None),
            call(
                "exec_command",
                "c1",
                serde_json::json!({"cmd": "pnpm test", "workdir": "/repo"}),
            ),
            out(
                "c1",
                "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 4242\nOriginal token count: 3\nOutput:\nRUNS src/a.test.ts\n",
            ),
            call("exec_command", "c2", serde_json::json!({"cmd": "ls"})),
            out(
                "c2",
                "Chunk ID: b\nWall time: 0.0 seconds\nProcess exited with code 0\nOriginal token count: 1\nOutput:\na\n",
            ),
        ];
        // Many empty polls before the exit code arrives.
        for i in 0..80 {
            lines.push(call(
                "write_stdin",
                &format!("p{i}"),
                serde_json::json!({"session_id": 4242, "chars": ""}),
            ));
            lines.push(out(&format!("p{i}"), "Chunk ID: c\nWall time: 5.0 seconds\nProcess running with session ID 4242\nOriginal token count: 0\nOutput:\n"));
        }
        lines.push(call(
            "write_stdin",
            "last",
            serde_json::json!({"session_id": 4242, "chars": ""}),
        ));
        lines.push(out("last", "Chunk ID: d\nWall time: 2.0 seconds\nProcess exited with code 1\nOriginal token count: 9\nOutput:\nTests: 1 failed, 3 passed\n"));
        let t = read_str(&lines.join("\n"));
        assert_eq!(t.commands.len(), 2);
        let c = &t.commands[0];
        assert_eq!(c.command, "pnpm test");
        assert_eq!(c.exit_code, Some(1));
        assert_eq!(c.ok, Some(false));
        assert!(c.is_test);
        assert!(c.output.contains("RUNS src/a.test.ts") && c.output.contains("1 failed"));
        assert_eq!(t.commands[1].exit_code, Some(0));
    }

    #[test]
    fn exec_command_end_supplies_the_exit_code() {
        let lines = [
            meta("s1", "/repo", None),
            call("exec_command", "c1", serde_json::json!({"cmd": "npx tsc --noEmit"})),
            out("c1", "Chunk ID: a\nWall time: 1.0 seconds\nProcess running with session ID 7\nOutput:\n"),
            line("event_msg", serde_json::json!({"type":"exec_command_end","call_id":"c1","command":["/bin/zsh","-lc","npx tsc --noEmit"],"exit_code":2,"aggregated_output":"error TS2304","status":"failed"})),
            call("shell_command", "c2", serde_json::json!({"command": "Get-ChildItem", "workdir": "C:\\r"})),
            out("c2", "Exit code: 0\nWall time: 0.5 seconds\nOutput:\nfoo\n"),
            call("shell", "c3", serde_json::json!({"command": ["bash", "-lc", "cargo build"]})),
            out("c3", "{\"output\":\"Compiling\\n\",\"metadata\":{\"exit_code\":101,\"duration_seconds\":0.2}}"),
            // A user shell command only seen as an end event.
            line("event_msg", serde_json::json!({"type":"exec_command_end","call_id":"u1","command":["/bin/zsh","-lc","git status"],"exit_code":0,"source":"user_shell"})),
        ]
        .join("\n");
        let t = read_str(&lines);
        let c = &t.commands;
        assert_eq!(c.len(), 4);
        assert_eq!(
            (c[0].exit_code, c[0].ok, c[0].is_check),
            (Some(2), Some(false), true)
        );
        assert_eq!(
            (c[1].command.as_str(), c[1].exit_code),
            ("Get-ChildItem", Some(0))
        );
        assert_eq!(
            (c[2].command.as_str(), c[2].exit_code),
            ("cargo build", Some(101))
        );
        assert_eq!(c[2].output, "Compiling\n");
        assert_eq!(
            (c[3].command.as_str(), c[3].exit_code),
            ("git status", Some(0))
        );
    }

    #[test]
    fn apply_patch_three_output_shapes_and_paths() {
        let patch = |id: &str, body: &str| {
            line(
                "response_item",
                serde_json::json!({"type":"custom_tool_call","name":"apply_patch","call_id":id,"status":"completed","input":body}),
            )
        };
        let ctco = |id: &str, output: &str| {
            line(
                "response_item",
                serde_json::json!({"type":"custom_tool_call_output","call_id":id,"output":output}),
            )
        };
        let lines = [
            meta("s1", "/repo", None),
            // Relative path in the patch, absolute in the apply event; plain-text output.
            patch("p1", "*** Begin Patch\n*** Update File: src/a.ts\n@@\n-a\n+b\n*** Add File: src/new.ts\n+x\n*** End Patch"),
            line("event_msg", serde_json::json!({"type":"patch_apply_end","call_id":"p1","success":true,"changes":{"/repo/src/a.ts":{"type":"update"},"/repo/src/new.ts":{"type":"add"}}})),
            ctco("p1", "Success. Updated the following files:\nM src/a.ts\nA src/new.ts\n"),
            // Absolute path; legacy JSON output.
            patch("p2", "*** Begin Patch\n*** Delete File: /repo/old.ts\n*** Update File: /repo/b.ts\n*** Move to: /repo/c.ts\n@@\n-a\n+b\n*** End Patch"),
            ctco("p2", "{\"output\":\"Success. Updated the following files:\\nD /repo/old.ts\\n\",\"metadata\":{\"exit_code\":0,\"duration_seconds\":0.1}}"),
            // Verification failed, no later success.
            patch("p3", "*** Begin Patch\n*** Update File: /repo/d.ts\n@@\n-zzz\n+y\n*** End Patch"),
            ctco("p3", "apply_patch verification failed: Failed to find expected lines in /repo/d.ts:\nzzz"),
        ]
        .join("\n");
        let t = read_str(&lines);
        let e: Vec<(&str, EditKind, bool)> = t
            .edits
            .iter()
            .map(|e| (e.path.as_str(), e.kind, e.confirmed))
            .collect();
        assert_eq!(
            e,
            [
                ("src/a.ts", EditKind::Modify, true),
                ("src/new.ts", EditKind::Create, true),
                ("old.ts", EditKind::Delete, true),
                ("b.ts", EditKind::Delete, true),
                ("c.ts", EditKind::Create, true),
                ("d.ts", EditKind::Modify, false),
            ]
        );
        assert_eq!(t.errors.len(), 1);
        assert_eq!(t.errors[0].evidence.as_deref(), Some("E6"));
        assert!(t.commands.is_empty());
    }

    #[test]
    fn compaction_with_summary_and_errors() {
        let lines = [
            meta("s1", "/repo", None),
            user_event("go"),
            line("compacted", serde_json::json!({"message": "Summary: did X", "replacement_history": []})),
            line("event_msg", serde_json::json!({"type": "context_compacted"})),
            line("compacted", serde_json::json!({"message": ""})),
            line("event_msg", serde_json::json!({"type": "context_compacted"})),
            line("event_msg", serde_json::json!({"type": "error", "message": "stream disconnected before completion"})),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.compactions.len(), 2);
        assert_eq!(t.compactions[0].summary_message.as_deref(), Some("M2"));
        assert_eq!(t.compactions[1].summary_message, None);
        assert_eq!(t.errors.len(), 1);
    }

    #[test]
    fn claude_files_are_refused() {
        let claude = r#"{"type":"user","sessionId":"s","uuid":"u","message":{"role":"user","content":"hi"}}"#;
        let mut b = Builder::new("t", Format::Codex);
        assert!(matches!(
            read(&mut claude.as_bytes(), &mut b),
            Err(ReadError::NotThisFormat(_))
        ));
    }

    #[test]
    fn command_lines_from_argv() {
        let v = serde_json::json!(["powershell.exe", "-Command", "npm test"]);
        assert_eq!(command_line(&v).as_deref(), Some("npm test"));
        let v = serde_json::json!(["ls", "-la", "my dir"]);
        assert_eq!(command_line(&v).as_deref(), Some("ls -la 'my dir'"));
    }
}
