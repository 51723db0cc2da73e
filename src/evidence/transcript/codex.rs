//! Codex CLI rollout JSONL (`$CODEX_HOME/sessions/YYYY/MM/DD/rollout-*.jsonl`; `docs/transcript-formats.md`).
//!
//! Every line is `{timestamp, type, payload}`. The traps handled here: the human's turn appears
//! both as a `response_item` message and as `event_msg/user_message` (counted once), injected
//! context (`<environment_context>`, AGENTS.md, `<turn_aborted>`) is not typed text, a command
//! still running answers "Process running with session ID N" and its exit code arrives in a later
//! `write_stdin` poll (which is no command itself) or in `exec_command_end`, and `apply_patch`
//! results come in three shapes.

use super::input::{for_each_json, parse_time};
use super::lenient::{Bool, Content, Given, Int, LazyStr, Obj, Str, lenient_struct};
use super::recent::Recent;
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, Utc};
use serde::Deserialize;
use serde_json::Value;
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};
use std::io::BufRead;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut st = State::default();
    let mut parsed = 0u64;
    for_each_json(reader, b, |b, text| {
        let line: Obj<Line> = serde_json::from_str(text)?;
        parsed += 1;
        st.record(b, &line.0.unwrap_or_default());
        Ok(())
    })?;
    if st.recognised == 0 && parsed > 0 {
        return Err(ReadError::NotThisFormat(format!(
            "none of its {parsed} JSON records is a Codex rollout line ({{timestamp, type, payload}})"
        )));
    }
    Ok(())
}

lenient_struct! {
    /// One rollout line, `{timestamp, type, payload}`, borrowed from the text. Every field is
    /// lenient (see [`super::lenient`]); the fields no record kind reads (the system prompt,
    /// encrypted reasoning, the history a compaction replaced, token counts) are skipped unread.
    struct Line<'a> {
        "timestamp" => timestamp: Str<'a>,
        "type" => ty: Str<'a>,
        "payload" => payload: Obj<Payload<'a>>,
    }
}

lenient_struct! {
    /// The fields of a payload that some record kind reads (one struct for all kinds: each reads
    /// its own).
    struct Payload<'a> {
        "type" => ty: Str<'a>,
        "id" => id: Str<'a>,
        "session_id" => session_id: Str<'a>,
        "cwd" => cwd: Str<'a>,
        "git" => git: Obj<Git<'a>>,
        "model" => model: Str<'a>,
        "message" => message: Str<'a>,
        "role" => role: Str<'a>,
        "content" => content: Given<Content<'a>>,
        "summary" => summary: Content<'a>,
        "text" => text: Str<'a>,
        "call_id" => call_id: Str<'a>,
        "name" => name: Str<'a>,
        "arguments" => arguments: Arguments<'a>,
        "action" => action: Obj<Action<'a>>,
        "output" => output: Content<'a>,
        "input" => input: Str<'a>,
        "exit_code" => exit_code: Int,
        "command" => command: Content<'a>,
        "source" => source: Str<'a>,
        "aggregated_output" => aggregated_output: LazyStr<'a>,
        "stdout" => stdout: LazyStr<'a>,
        "stderr" => stderr: LazyStr<'a>,
        "success" => success: Bool,
        "changes" => changes: Changes<'a>,
    }
}

lenient_struct! {
    struct Git<'a> {
        "branch" => branch: Str<'a>,
    }
}

lenient_struct! {
    struct Action<'a> {
        "command" => command: Content<'a>,
    }
}

/// A function call's `arguments`: a JSON document inside a string (read when the call is), or
/// the arguments as an object.
#[derive(Default)]
enum Arguments<'a> {
    Text(Cow<'a, str>),
    Object(Args<'a>),
    #[default]
    Other,
}

impl<'de: 'a, 'a> Deserialize<'de> for Arguments<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Arguments<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                map: A,
            ) -> Result<Self::Value, A::Error> {
                Args::deserialize(serde::de::value::MapAccessDeserializer::new(map))
                    .map(Arguments::Object)
            }
            fn visit_borrowed_str<E>(self, v: &'de str) -> Result<Self::Value, E> {
                Ok(Arguments::Text(Cow::Borrowed(v)))
            }
            fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
                Ok(Arguments::Text(Cow::Owned(v.to_string())))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Arguments::Other)
            }
            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(Arguments::Other)
            }
            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(Arguments::Other)
            }
            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(Arguments::Other)
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(Arguments::Other)
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Arguments::Other)
            }
        }
        d.deserialize_any(V)
    }
}

lenient_struct! {
    /// The arguments the calls read.
    struct Args<'a> {
        "cmd" => cmd: Given<Content<'a>>,
        "command" => command: Given<Content<'a>>,
        "session_id" => session_id: Given<Value>,
        "input" => input: Str<'a>,
        "patch" => patch: Str<'a>,
    }
}

impl Args<'_> {
    /// The command line (`cmd`, else `command`, as `Value::get` picks them).
    fn command_line(&self) -> Option<String> {
        self.cmd
            .0
            .as_ref()
            .or(self.command.0.as_ref())
            .and_then(command_line)
    }
}

/// `patch_apply_end` changes: path → `{type}`, in file order (a repeated path keeps its first
/// place and its last value, as in a `Value`).
#[derive(Default)]
struct Changes<'a>(Option<Vec<Change<'a>>>);

/// A changed path and the `type` of its change.
type Change<'a> = (Cow<'a, str>, Option<Cow<'a, str>>);

impl<'de: 'a, 'a> Deserialize<'de> for Changes<'a> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Changes<'de>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("any JSON value")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out: Vec<Change<'de>> = Vec::new();
                while let Some(path) = map.next_key::<Cow<'de, str>>()? {
                    let kind = map.next_value::<Obj<ChangeKind>>()?.0.and_then(|c| c.ty.0);
                    match out.iter_mut().find(|(p, _)| *p == path) {
                        Some(slot) => slot.1 = kind,
                        None => out.push((path, kind)),
                    }
                }
                Ok(Changes(Some(out)))
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
                Ok(Changes(None))
            }
            fn visit_str<E>(self, _: &str) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
            fn visit_bool<E>(self, _: bool) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
            fn visit_i64<E>(self, _: i64) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
            fn visit_u64<E>(self, _: u64) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
            fn visit_f64<E>(self, _: f64) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
            fn visit_unit<E>(self) -> Result<Self::Value, E> {
                Ok(Changes(None))
            }
        }
        d.deserialize_any(V)
    }
}

lenient_struct! {
    struct ChangeKind<'a> {
        "type" => ty: Str<'a>,
    }
}

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
    fn record(&mut self, b: &mut Builder, v: &Line) {
        let ty = v.ty.get().unwrap_or("");
        let Some(p) = v.payload.get() else {
            b.skip("record without a payload");
            return;
        };
        let at = v.timestamp.get().and_then(parse_time);
        b.saw_time(at);
        let pt = p.ty.get().unwrap_or("");
        match ty {
            "session_meta" => self.session_meta(b, p),
            "turn_context" => {
                if let Some(m) = p.model.get() {
                    b.model(m);
                }
                if b.cwd().is_none()
                    && let Some(cwd) = p.cwd.get()
                {
                    b.session_mut().cwd = Some(cwd.to_string());
                }
            }
            "response_item" => self.response_item(b, p, pt, at),
            "event_msg" => self.event(b, p, pt, at),
            "compacted" => {
                b.compaction(at, None, None);
                self.compacted_pending = true;
                if let Some(text) = p.message.get()
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

    fn session_meta(&mut self, b: &mut Builder, p: &Payload) {
        let s = b.session_mut();
        if s.id.is_none() {
            s.id =
                p.id.get()
                    .or_else(|| p.session_id.get())
                    .map(str::to_string);
        }
        if s.cwd.is_none() {
            s.cwd = p.cwd.get().map(str::to_string);
        }
        if let Some(branch) = p.git.get().and_then(|g| g.branch.get()) {
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

    fn response_item(&mut self, b: &mut Builder, p: &Payload, pt: &str, at: Option<DateTime<Utc>>) {
        match pt {
            "message" => {
                let role = p.role.get().unwrap_or("");
                let items: Vec<Cow<str>> = match &p.content.0 {
                    Some(Content::Array(items)) => items.iter().map(item_text).collect(),
                    Some(c) => vec![c.text()],
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
                if let Content::Array(items) = &p.summary {
                    for item in items {
                        let text = item_text(item);
                        self.twin_message(
                            b,
                            Role::Assistant,
                            MessageKind::Thinking,
                            &text,
                            at,
                            false,
                        );
                    }
                }
            }
            "function_call" => self.function_call(b, p, at),
            "local_shell_call" => {
                let call_id = p.call_id.get().or_else(|| p.id.get()).unwrap_or("");
                let argv = p.action.get().map(|a| &a.command);
                if let Some(cmd) = argv.and_then(command_line) {
                    let idx = b.command(Some(call_id), &cmd, Some("local_shell_call"), at, false);
                    self.calls.insert(call_id.to_string(), Call::Command(idx));
                }
            }
            "function_call_output" | "custom_tool_call_output" => {
                let call_id = p.call_id.get().unwrap_or("");
                let output = output_text(&p.output);
                self.output(b, call_id, &output, at);
            }
            "custom_tool_call" => {
                let call_id = p.call_id.get().unwrap_or("").to_string();
                let name = p.name.get().unwrap_or("");
                if name == "apply_patch" {
                    let input = p.input.get().unwrap_or("");
                    self.patch(b, &call_id, input, at);
                } else {
                    self.calls.insert(call_id, Call::Other(name.to_string()));
                }
            }
            _ => {}
        }
    }

    fn function_call(&mut self, b: &mut Builder, p: &Payload, at: Option<DateTime<Utc>>) {
        let call_id = p.call_id.get().unwrap_or("").to_string();
        let name = p.name.get().unwrap_or("");
        // `arguments` is a JSON document inside a string.
        let parsed;
        let args: &Args = match &p.arguments {
            Arguments::Text(s) => {
                parsed = serde_json::from_str::<Obj<Args>>(s)
                    .ok()
                    .and_then(|a| a.0)
                    .unwrap_or_default();
                &parsed
            }
            Arguments::Object(a) => a,
            Arguments::Other => {
                parsed = Args::default();
                &parsed
            }
        };
        match name {
            "exec_command" | "shell_command" | "shell" | "container.exec" | "local_shell" => {
                let cmd = args.command_line();
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
                    .session_id
                    .0
                    .as_ref()
                    .map(|s| match s {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .unwrap_or_default();
                self.calls.insert(call_id, Call::Poll(session));
            }
            "apply_patch" => {
                let input = args.input.get().or_else(|| args.patch.get()).unwrap_or("");
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
                    b.error(&format!("apply_patch: {output}"), eid.map(String::from), at);
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

    fn event(&mut self, b: &mut Builder, p: &Payload, pt: &str, at: Option<DateTime<Utc>>) {
        match pt {
            "user_message" => {
                // Only the typed part: injected context is kept from the response item.
                let text = p.message.get().unwrap_or("");
                for (kind, part) in user_parts(text) {
                    if kind == MessageKind::Typed {
                        self.twin_message(b, Role::User, kind, part, at, true);
                    }
                }
            }
            "agent_message" => {
                let text = p.message.get().unwrap_or("");
                self.twin_message(b, Role::Assistant, MessageKind::Typed, text, at, true);
            }
            "agent_reasoning" => {
                let text = p.text.get().unwrap_or("");
                self.twin_message(b, Role::Assistant, MessageKind::Thinking, text, at, true);
            }
            "exec_command_end" => {
                let call_id = p.call_id.get().unwrap_or("");
                let code = p.exit_code.as_i64().and_then(|c| i32::try_from(c).ok());
                let idx = match self.calls.get(call_id) {
                    Some(Call::Command(idx)) => *idx,
                    Some(_) => return,
                    None => {
                        // A command the user ran in the TUI (`!cmd`) has no function call.
                        let Some(cmd) = command_line(&p.command) else {
                            return;
                        };
                        let tool = p.source.get().unwrap_or("exec_command_end").to_string();
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
                    p.aggregated_output
                        .get()
                        .map(String::from)
                        .unwrap_or_else(|| {
                            format!(
                                "{}{}",
                                p.stdout.get().unwrap_or_default(),
                                p.stderr.get().unwrap_or_default()
                            )
                        })
                };
                self.running.retain(|_, v| *v != idx);
                self.ended.insert(idx, ());
                b.command_result_at(idx, code, None, &output, at);
            }
            "patch_apply_end" => {
                let call_id = p.call_id.get().unwrap_or("").to_string();
                let ok = p.success.0;
                let needs_edits = match self.calls.get(&call_id) {
                    Some(Call::Patch(idxs)) => idxs.is_empty(),
                    Some(_) => return,
                    None => true,
                };
                if needs_edits && let Some(changes) = &p.changes.0 {
                    let mut idxs = Vec::new();
                    for (path, change) in changes {
                        let kind = match change.as_deref() {
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
                let text = p.message.get().unwrap_or("error");
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
fn command_line(v: &Content) -> Option<String> {
    match v {
        Content::Str(s) if !s.trim().is_empty() => Some(s.to_string()),
        Content::Array(argv) => {
            let words: Vec<&str> = argv.iter().filter_map(Content::as_str).collect();
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
fn output_text<'c>(v: &'c Content) -> Cow<'c, str> {
    match v {
        Content::Obj { content, .. } => match content.as_deref() {
            Some(Content::Str(s)) => Cow::Borrowed(s),
            Some(c) => c.text(),
            None => Cow::Borrowed(""),
        },
        other => other.text(),
    }
}

/// The `text` of a content item (`""` for an item that is no object or has none).
fn item_text<'c>(item: &'c Content) -> Cow<'c, str> {
    match item {
        Content::Obj { text: Some(t), .. } => Cow::Borrowed(t),
        _ => Cow::Borrowed(""),
    }
}

/// The exit code in a tool output (`Process exited with code N`, `Exit code: N`, legacy JSON
/// `metadata.exit_code`) and the output body without the bookkeeping header.
fn exit_status(output: &str) -> (Option<i32>, Cow<'_, str>) {
    /// The legacy JSON output, `{output, metadata: {exit_code}}`.
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Legacy<'a> {
        #[serde(borrow)]
        output: Given<Str<'a>>,
        metadata: Given<Obj<Metadata>>,
    }
    #[derive(Deserialize, Default)]
    #[serde(default)]
    struct Metadata {
        exit_code: Int,
    }
    let trimmed = output.trim_start();
    if trimmed.starts_with('{')
        && let Ok(Obj(Some(v))) = serde_json::from_str::<Obj<Legacy>>(trimmed)
        && (v.output.0.is_some() || v.metadata.0.is_some())
    {
        let code = v
            .metadata
            .0
            .and_then(|m| m.0)
            .and_then(|m| m.exit_code.as_i64())
            .and_then(|c| i32::try_from(c).ok());
        let body = v.output.0.and_then(|s| s.0).unwrap_or_default();
        return (code, Cow::Owned(body.into_owned()));
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
        Some(s) => &output[s..],
        None => output,
    };
    (code, Cow::Borrowed(body))
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
    fn a_repeated_key_costs_no_record_and_the_last_one_wins() {
        // A derived reader rejected the whole line for a duplicate field; a `Value` keeps the
        // last one, and so do these records, at every level.
        let lines = [
            meta("s1", "/repo", None),
            r#"{"timestamp":"2026-04-21T13:46:39.253Z","type":"event_msg","type":"response_item","payload":{"type":"message","role":"assistant","role":"user","content":[{"type":"input_text","text":"fix the parser"}]}}"#.to_string(),
            r#"{"timestamp":"2026-04-21T13:46:40.253Z","type":"response_item","payload":{"type":"function_call","name":"shell","call_id":"c1","arguments":{"command":["ls"],"command":["bash","-lc","cargo test"]}}}"#.to_string(),
            out("c1", "Exit code: 0\nOutput:\nok"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(typed(&t), ["fix the parser"]);
        assert_eq!(t.commands.len(), 1);
        assert_eq!(t.commands[0].command, "cargo test");
        assert_eq!(t.commands[0].exit_code, Some(0));
    }

    #[test]
    fn command_lines_from_argv() {
        let argv = |json: &'static str| -> Content<'static> { serde_json::from_str(json).unwrap() };
        let v = argv(r#"["powershell.exe", "-Command", "npm test"]"#);
        assert_eq!(command_line(&v).as_deref(), Some("npm test"));
        let v = argv(r#"["ls", "-la", "my dir"]"#);
        assert_eq!(command_line(&v).as_deref(), Some("ls -la 'my dir'"));
        // Non-string words are left out, as before.
        let v = argv(r#"["bash", 3, "-lc", "cargo test"]"#);
        assert_eq!(command_line(&v).as_deref(), Some("cargo test"));
    }
}
