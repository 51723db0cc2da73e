//! Claude Code session JSONL (`~/.claude/projects/<slug>/<session>.jsonl`; `docs/transcript-formats.md`).
//!
//! Faithful to what the file shows: typed prompts are told apart from harness text (meta
//! records, reminders, command and IDE wrappers, compaction summaries, tool results); one API
//! response split over several lines sharing `message.id` is one message; a successful Bash
//! result has no exit code (none is invented); subagent work (sidechain records and
//! `agent_progress` records) is kept apart; prompts typed while the agent was busy are taken
//! from `queue-operation` records without counting them twice.

use super::builder::MAX_MESSAGE_BYTES;
use super::input::{content_text, for_each_json, parse_time, str_field};
use super::lenient::{Bool, Content, Given, Int, Node, Obj, Str, join_parts, lenient_struct};
use super::recent::Recent;
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use crate::evidence::read::excerpt;
use chrono::{DateTime, Utc};
use serde::de::IgnoredAny;
use serde_json::Value;
use serde_json::value::RawValue;
use std::borrow::Cow;
use std::collections::{HashMap, HashSet};
use std::io::BufRead;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut st = State::default();
    let mut parsed = 0u64;
    for_each_json(reader, b, |b, text| {
        let record: Obj<Record> = serde_json::from_str(text)?;
        parsed += 1;
        match record.get() {
            Some(v) => {
                let at = v
                    .timestamp
                    .0
                    .as_ref()
                    .and_then(|t| t.get())
                    .and_then(parse_time);
                st.record(b, v, at, false);
            }
            None => b.skip("not a JSON object"),
        }
        Ok(())
    })?;
    st.finish(b);
    if st.recognised == 0 && parsed > 0 {
        return Err(ReadError::NotThisFormat(format!(
            "none of its {parsed} JSON records is a Claude Code record{}",
            st.first_type
                .as_deref()
                .map(|t| format!(" (first record type: {t})"))
                .unwrap_or_default()
        )));
    }
    Ok(())
}

lenient_struct! {
    /// One record (a line, or a record nested in an `agent_progress` record), borrowed from the
    /// text. Every field is lenient (see [`super::lenient`]): a field of an unexpected shape reads
    /// as absent and never costs the record. The bulky parts no record kind reads (the second copy
    /// of a tool's output and the edited file's text in `toolUseResult`, file-history snapshots,
    /// token usage) are skipped unread.
    struct Record<'a> {
        "type" => ty: Str<'a>,
        /// `Given`: a nested record without a timestamp takes its `progress` record's.
        "timestamp" => timestamp: Given<Str<'a>>,
        "isSidechain" => is_sidechain: Bool,
        /// `Given`: any record with a `sessionId` (and no `payload`) is a Claude Code record.
        "sessionId" => session_id: Given<Str<'a>>,
        "payload" => payload: Given<IgnoredAny>,
        "cwd" => cwd: Str<'a>,
        "gitBranch" => git_branch: Str<'a>,
        "uuid" => uuid: Str<'a>,
        /// `Given`: a `message` of another shape is a message without content, not a missing one.
        "message" => message: Given<Obj<Message<'a>>>,
        "isCompactSummary" => is_compact_summary: Bool,
        "isMeta" => is_meta: Bool,
        "isApiErrorMessage" => is_api_error_message: Bool,
        "toolUseResult" => tool_use_result: Obj<ToolUseResult<'a>>,
        "subtype" => subtype: Str<'a>,
        "compactMetadata" => compact_metadata: Obj<CompactMetadata<'a>>,
        /// An API error's detail, any shape (shown as JSON when it has no message).
        "error" => error: Given<Value>,
        "retryAttempt" => retry_attempt: Int,
        "maxRetries" => max_retries: Int,
        "operation" => operation: Str<'a>,
        "content" => content: Content<'a>,
        "attachment" => attachment: Obj<Attachment<'a>>,
        "data" => data: Obj<Progress<'a>>,
    }
}

lenient_struct! {
    struct Message<'a> {
        "model" => model: Str<'a>,
        "id" => id: Str<'a>,
        "content" => content: Node<'a, Block<'a>>,
    }
}

lenient_struct! {
    /// A content block of a message (one struct for all kinds: each reads its own fields).
    struct Block<'a> {
        "type" => ty: Str<'a>,
        "text" => text: Str<'a>,
        "thinking" => thinking: Str<'a>,
        "tool_use_id" => tool_use_id: Str<'a>,
        "is_error" => is_error: Bool,
        "content" => content: Content<'a>,
        "id" => id: Str<'a>,
        "name" => name: Str<'a>,
        /// A tool call's input, kept as text: its few fields are read when the call is (see
        /// [`Input`]), the whole of it only for a remote-write action.
        "input" => input: Option<&'a RawValue>,
    }
}

lenient_struct! {
    /// The fields of a tool call's input that the tools read.
    struct Input<'a> {
        "command" => command: Str<'a>,
        "file_path" => file_path: Str<'a>,
        "notebook_path" => notebook_path: Str<'a>,
        "path" => path: Str<'a>,
        "task_id" => task_id: Str<'a>,
        "shell_id" => shell_id: Str<'a>,
        "bash_id" => bash_id: Str<'a>,
        "run_in_background" => run_in_background: Bool,
    }
}

impl<'a> Input<'a> {
    /// The input's fields; all absent when it is missing or not an object.
    fn of(raw: Option<&'a RawValue>) -> Self {
        raw.and_then(|r| serde_json::from_str::<Obj<Input>>(r.get()).ok())
            .and_then(|o| o.0)
            .unwrap_or_default()
    }
}

/// Input fields left out of an action's target: the text an edit tool writes. (A record nested
/// in `agent_progress` has always kept `edits` and `new_source`.)
const UNREAD_INPUT: &[&str] = &["old_string", "new_string", "content", "edits", "new_source"];
const UNREAD_NESTED_INPUT: &[&str] = &["old_string", "new_string", "content"];

/// A tool call's input as a JSON value for [`Builder::action`], without the fields in `unread`.
fn action_args(raw: Option<&RawValue>, unread: &[&str]) -> Value {
    let mut args = raw
        .and_then(|r| serde_json::from_str::<Value>(r.get()).ok())
        .unwrap_or(Value::Null);
    if let Some(map) = args.as_object_mut() {
        for key in unread {
            map.shift_remove(*key);
        }
    }
    args
}

lenient_struct! {
    /// The fields of `toolUseResult` that a tool result reads.
    struct ToolUseResult<'a> {
        "interrupted" => interrupted: Bool,
        /// Present and not `null` when the command was sent to the background.
        "backgroundTaskId" => background_task_id: Given<Option<IgnoredAny>>,
        "type" => ty: Str<'a>,
    }
}

lenient_struct! {
    struct CompactMetadata<'a> {
        "trigger" => trigger: Str<'a>,
    }
}

lenient_struct! {
    struct Attachment<'a> {
        "type" => ty: Str<'a>,
        /// `Given`: a `prompt` of any shape is read in place of `content`.
        "prompt" => prompt: Given<Content<'a>>,
        "content" => content: Content<'a>,
    }
}

lenient_struct! {
    /// The `data` of a `progress` record: an `agent_progress` carries a subagent's record.
    struct Progress<'a> {
        "type" => ty: Str<'a>,
        "message" => message: Obj<Box<Record<'a>>>,
    }
}

/// [`content_text`] of a message `content`: a string, or the `text` (else the `content`) of
/// each block of an array, joined with newlines.
fn message_text<'a>(content: &'a Node<'_, Block<'_>>) -> Cow<'a, str> {
    match content {
        Node::Str(s) => Cow::Borrowed(s),
        Node::Array(blocks) => Cow::Owned(join_parts(blocks.iter().map(|block| match block {
            Node::Str(s) => Cow::Borrowed(s.as_ref()),
            Node::Obj(f) => match f.text.get() {
                Some(t) => Cow::Borrowed(t),
                None => f.content.text(),
            },
            _ => Cow::Borrowed(""),
        }))),
        _ => Cow::Borrowed(""),
    }
}

/// Tags whose leading block marks harness text, not typed text.
fn wrapper_kind(tag: &str) -> Option<MessageKind> {
    Some(match tag {
        "system-reminder" => MessageKind::Reminder,
        "local-command-caveat" => MessageKind::Meta,
        "command-name"
        | "command-message"
        | "command-args"
        | "command-contents"
        | "local-command-stdout"
        | "local-command-stderr"
        | "ide_opened_file"
        | "ide_selection"
        | "ide_diagnostics"
        | "bash-input"
        | "bash-stdout"
        | "bash-stderr"
        | "user-prompt-submit-hook"
        | "task-notification"
        | "new-diagnostics" => MessageKind::Wrapper,
        _ => return None,
    })
}

/// Splits user text into harness blocks at its start (`<system-reminder>`, `<command-name>`,
/// `<ide_opened_file>`…) and the typed text after them, which is kept as typed.
pub(super) fn split_user_text(text: &str) -> Vec<(MessageKind, &str)> {
    let mut out: Vec<(MessageKind, &str)> = Vec::new();
    let mut rest = text.trim_start();
    while rest.starts_with('<') {
        let tag_end = rest[1..]
            .find(|c: char| c == '>' || c.is_whitespace())
            .map(|i| i + 1);
        let Some(tag_end) = tag_end else { break };
        let tag = &rest[1..tag_end];
        let Some(kind) = wrapper_kind(tag) else { break };
        let close = format!("</{tag}>");
        let Some(pos) = rest.find(&close) else { break };
        let end = pos + close.len();
        out.push((kind, &rest[..end]));
        rest = rest[end..].trim_start();
    }
    if !rest.trim().is_empty() {
        let kind = if rest.starts_with("[Request interrupted by user") {
            MessageKind::Wrapper
        } else if rest.starts_with("Caveat: ") {
            MessageKind::Meta
        } else {
            MessageKind::Typed
        };
        out.push((kind, rest));
    }
    // Adjacent blocks of one kind (`<command-name>` + `<command-message>` + `<command-args>`)
    // make one message.
    let mut merged: Vec<(MessageKind, &str)> = Vec::new();
    for (kind, part) in out {
        if let Some((last_kind, last)) = merged.last_mut()
            && *last_kind == kind
            && kind != MessageKind::Typed
        {
            // Both parts are slices of `text`: widen the first to cover the second.
            let start = last.as_ptr() as usize - text.as_ptr() as usize;
            let end = part.as_ptr() as usize - text.as_ptr() as usize + part.len();
            *last = &text[start..end];
            continue;
        }
        merged.push((kind, part));
    }
    merged
}

/// "Exit code N" at the start of a failed Bash result (`Error: Exit code N` in
/// `toolUseResult`).
fn exit_code_in(content: &str) -> Option<i32> {
    let s = content.trim_start();
    let s = s.strip_prefix("Error: ").unwrap_or(s);
    let rest = s.strip_prefix("Exit code ")?;
    let digits: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '-')
        .collect();
    digits.parse().ok()
}

/// One tool call seen in the file.
struct Tool {
    name: String,
    command: Option<usize>,
    edit: Option<usize>,
    /// An action outside the workspace (an MCP `push_files`…).
    action: Option<usize>,
    background: bool,
}

#[derive(Default)]
struct State {
    recognised: u64,
    first_type: Option<String>,
    /// Prompts taken from `queue-operation` records, not yet seen again as user records.
    queued: Vec<String>,
    tools: Recent<String, Tool>,
    /// Message `seq` of each (API message id, kind) already emitted, to merge split responses.
    responses: Recent<(String, bool), u64>,
    /// Hashes of (message id, block text) already counted.
    seen_blocks: Recent<u64, ()>,
    /// Nested records from `progress` already read (they can repeat).
    seen_nested: Recent<String, ()>,
    /// Paths edited or read so far (to tell a `Write` that creates from one that overwrites).
    touched: HashSet<String>,
    awaiting_summary: bool,
    /// Results whose call has not been seen yet: a result record can come before the record
    /// of its call in the file (both written at once, the result first). Held until the call.
    early_results: HashMap<String, EarlyResult>,
}

/// What a tool result says, read from its block and the record's `toolUseResult`.
struct ToolResult<'a> {
    is_error: bool,
    content: Cow<'a, str>,
    interrupted: bool,
    backgrounded: bool,
    /// What a `Write` did, when the result says.
    write_kind: Option<EditKind>,
}

impl<'a> ToolResult<'a> {
    fn of(block: &'a Block<'_>, tool_use_result: Option<&ToolUseResult<'_>>) -> Self {
        ToolResult {
            is_error: block.is_error.0 == Some(true),
            content: block.content.text(),
            interrupted: tool_use_result.and_then(|r| r.interrupted.0) == Some(true),
            backgrounded: tool_use_result
                .is_some_and(|r| matches!(r.background_task_id.0, Some(Some(_)))),
            write_kind: match tool_use_result.and_then(|r| r.ty.get()) {
                Some("create") => Some(EditKind::Create),
                Some("update") => Some(EditKind::Modify),
                _ => None,
            },
        }
    }

    fn into_owned(self) -> ToolResult<'static> {
        ToolResult {
            content: Cow::Owned(self.content.into_owned()),
            ..self
        }
    }
}

/// A tool result held until its call is read.
struct EarlyResult {
    result: ToolResult<'static>,
    at: Option<DateTime<Utc>>,
}

/// Most results held while waiting for their calls.
const MAX_EARLY_RESULTS: usize = 256;

fn hash_of(a: &str, b: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    a.hash(&mut h);
    b.hash(&mut h);
    h.finish()
}

impl State {
    /// One record; `nested` when it came inside an `agent_progress` record (its work is the
    /// subagent's, and its envelope is not the session's).
    fn record(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>, nested: bool) {
        let ty = v.ty.get().unwrap_or("");
        if self.first_type.is_none() {
            self.first_type = Some(if ty.is_empty() {
                "none".into()
            } else {
                ty.chars().take(40).collect()
            });
        }
        let sidechain = nested || v.is_sidechain.0 == Some(true);
        let known = matches!(
            ty,
            "user"
                | "assistant"
                | "system"
                | "summary"
                | "progress"
                | "queue-operation"
                | "attachment"
                | "file-history-snapshot"
                | "last-prompt"
                | "ai-title"
                | "custom-title"
                | "permission-mode"
                | "agent-name"
                | "tag"
        ) || (!ty.is_empty() && v.session_id.0.is_some() && v.payload.0.is_none());
        if !known {
            if ty.is_empty() {
                b.skip("record without a type");
            }
            return;
        }
        self.recognised += 1;
        b.saw_time(at);
        if !nested {
            self.envelope(b, v, sidechain);
        }
        match ty {
            "user" => self.user(b, v, at, sidechain),
            "assistant" => self.assistant(b, v, at, sidechain, nested),
            "system" => self.system(b, v, at),
            "queue-operation" if !sidechain => self.queue(b, v, at),
            "attachment" if !sidechain => self.attachment(b, v, at),
            "progress" => self.progress(b, v, at),
            _ => {}
        }
    }

    /// Session id, cwd, branch: from the main session's records (the first id and cwd win;
    /// every branch is kept).
    fn envelope(&mut self, b: &mut Builder, v: &Record, sidechain: bool) {
        let s = b.session_mut();
        if s.id.is_none()
            && let Some(id) = v.session_id.0.as_ref().and_then(|id| id.get())
        {
            s.id = Some(id.to_string());
        }
        if s.cwd.is_none()
            && let Some(cwd) = v.cwd.get().filter(|c| !c.is_empty())
        {
            s.cwd = Some(cwd.to_string());
        }
        if !sidechain && let Some(branch) = v.git_branch.get() {
            b.branch(branch);
        }
    }

    fn take_queued(&mut self, text: &str) -> bool {
        let text = text.trim();
        match self.queued.iter().position(|q| q == text) {
            Some(i) => {
                self.queued.remove(i);
                true
            }
            None => false,
        }
    }

    fn user_text(
        &mut self,
        b: &mut Builder,
        text: &str,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
        meta: bool,
    ) {
        if meta {
            b.message(Role::User, MessageKind::Meta, text, at, sidechain);
            return;
        }
        for (kind, part) in split_user_text(text) {
            if kind == MessageKind::Typed && !sidechain && self.take_queued(part) {
                continue;
            }
            // A subagent's "user" text is the task the main agent wrote for it.
            let kind = if sidechain && kind == MessageKind::Typed {
                MessageKind::SubagentPrompt
            } else {
                kind
            };
            b.message(Role::User, kind, part, at, sidechain);
        }
    }

    fn user(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>, sidechain: bool) {
        let Some(msg) = &v.message.0 else {
            b.skip("user record without a message");
            return;
        };
        let mut texts: Vec<&str> = Vec::new();
        match msg.get().map(|m| &m.content) {
            Some(Node::Str(s)) => texts.push(s),
            Some(Node::Array(blocks)) => {
                for block in blocks {
                    let Node::Obj(block) = block else { continue };
                    match block.ty.get() {
                        Some("text") => {
                            if let Some(t) = block.text.get() {
                                texts.push(t);
                            }
                        }
                        Some("tool_result") => {
                            let id = block.tool_use_id.get().unwrap_or("");
                            let result = ToolResult::of(block, v.tool_use_result.get());
                            self.tool_result(b, id, result, at);
                        }
                        _ => {}
                    }
                }
            }
            _ => {}
        }
        if v.is_compact_summary.0 == Some(true) {
            if !self.awaiting_summary {
                b.compaction(at, None, None);
            }
            self.awaiting_summary = false;
            let text = texts.join("\n");
            if let Some(id) = b.message(
                Role::User,
                MessageKind::CompactionSummary,
                &text,
                at,
                sidechain,
            ) {
                b.set_last_compaction_summary(id);
            }
            return;
        }
        let meta = v.is_meta.0 == Some(true);
        for text in texts {
            self.user_text(b, text, at, sidechain, meta);
        }
    }

    fn tool_result(
        &mut self,
        b: &mut Builder,
        id: &str,
        result: ToolResult,
        at: Option<DateTime<Utc>>,
    ) {
        let Some(tool) = self.tools.get(id) else {
            if !id.is_empty() && self.early_results.len() < MAX_EARLY_RESULTS {
                self.early_results.insert(
                    id.to_string(),
                    EarlyResult {
                        result: result.into_owned(),
                        at,
                    },
                );
            } else if result.is_error {
                b.error(&result.content, None, at);
            }
            return;
        };
        let ToolResult {
            is_error,
            content,
            interrupted,
            backgrounded,
            write_kind,
        } = result;
        let content = content.as_ref();
        let name = tool.name.clone();
        if let Some(idx) = tool.command {
            let code = if is_error {
                exit_code_in(content)
            } else {
                None
            };
            let backgrounded = tool.background || backgrounded;
            // A command sent to the background or interrupted has not finished: success of
            // the call is not success of the command.
            let flag = if is_error {
                Some(true)
            } else if interrupted || backgrounded {
                None
            } else {
                Some(false)
            };
            b.command_result_at(idx, code, flag, content, at);
            if is_error {
                let cid = b.transcript().commands.get(idx).map(|c| c.id.clone());
                b.error(&format!("{name}: {content}"), cid.map(String::from), at);
            }
        } else if let Some(idx) = tool.edit {
            b.confirm_edit_at(idx, !is_error);
            if name == "Write"
                && let Some(kind) = write_kind
                && let Some(e) = b.transcript_mut().edits.get_mut(idx)
            {
                e.kind = kind;
            }
            if is_error {
                let eid = b.transcript().edits.get(idx).map(|e| e.id.clone());
                b.error(&format!("{name}: {content}"), eid.map(String::from), at);
            }
        } else {
            let action = tool
                .action
                .and_then(|idx| b.action_result_at(idx, !is_error, content));
            if is_error {
                b.error(&format!("{name}: {content}"), action, at);
            }
        }
    }

    fn assistant(
        &mut self,
        b: &mut Builder,
        v: &Record,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
        nested: bool,
    ) {
        let Some(msg) = &v.message.0 else {
            b.skip("assistant record without a message");
            return;
        };
        let msg = msg.get();
        if v.is_api_error_message.0 == Some(true) {
            let text = msg.map(|m| message_text(&m.content)).unwrap_or_default();
            b.error(&text, None, at);
            return;
        }
        if let Some(model) = msg
            .and_then(|m| m.model.get())
            .filter(|m| !m.starts_with('<'))
        {
            if sidechain {
                b.subagent_model(model);
            } else {
                b.model(model);
            }
        }
        let msg_id = msg
            .and_then(|m| m.id.get())
            .or_else(|| v.uuid.get())
            .unwrap_or("")
            .to_string();
        let blocks: &[Node<Block>] = match msg.map(|m| &m.content) {
            Some(Node::Array(blocks)) => blocks,
            Some(content @ Node::Str(_)) => std::slice::from_ref(content),
            _ => &[],
        };
        for block in blocks {
            let (ty, text) = match block {
                Node::Str(s) => ("text", Some(s.as_ref())),
                Node::Obj(f) => (f.ty.get().unwrap_or(""), f.text.get().or(f.thinking.get())),
                _ => continue,
            };
            match ty {
                "text" | "thinking" => {
                    let thinking = ty == "thinking";
                    let text = text.unwrap_or("");
                    self.assistant_text(b, &msg_id, thinking, text, at, sidechain);
                }
                "tool_use" | "server_tool_use" => {
                    if let Node::Obj(f) = block {
                        self.tool_use(b, f, at, sidechain, nested);
                    }
                }
                _ => {}
            }
        }
    }
    /// One text block of a response: the first makes the message, later blocks of the same
    /// response (split over lines sharing `message.id`) extend it; repeats are dropped.
    fn assistant_text(
        &mut self,
        b: &mut Builder,
        msg_id: &str,
        thinking: bool,
        text: &str,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
    ) {
        let text = text.trim();
        if text.is_empty() || self.seen_blocks.insert(hash_of(msg_id, text), ()).is_some() {
            return;
        }
        let key = (msg_id.to_string(), thinking);
        if !msg_id.is_empty()
            && let Some(&seq) = self.responses.get(&key)
            && let Some(m) = b.message_at_mut(seq)
        {
            m.text = excerpt(&format!("{}\n\n{text}", m.text), MAX_MESSAGE_BYTES);
            return;
        }
        let kind = if thinking {
            MessageKind::Thinking
        } else {
            MessageKind::Typed
        };
        if b.message(Role::Assistant, kind, text, at, sidechain)
            .is_some()
            && !msg_id.is_empty()
        {
            self.responses.insert(key, b.last_seq());
        }
    }

    fn tool_use(
        &mut self,
        b: &mut Builder,
        block: &Block,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
        nested: bool,
    ) {
        let Some(id) = block.id.get() else {
            return;
        };
        if self.tools.contains_key(id) {
            return;
        }
        let name = block.name.get().unwrap_or("").to_string();
        let input = Input::of(block.input);
        let mut tool = Tool {
            name: name.clone(),
            command: None,
            edit: None,
            action: None,
            background: input.run_in_background.0 == Some(true),
        };
        match name.as_str() {
            "Bash" | "PowerShell" => {
                if let Some(cmd) = input.command.get() {
                    tool.command = Some(b.command(Some(id), cmd, Some(&name), at, sidechain));
                }
            }
            "Edit" | "MultiEdit" | "Write" | "NotebookEdit" => {
                let path = input
                    .file_path
                    .get()
                    .or_else(|| input.notebook_path.get())
                    .or_else(|| input.path.get());
                if let Some(path) = path.filter(|p| !p.trim().is_empty()) {
                    let first_touch = self.touched.insert(path.trim().to_string());
                    let kind = if name == "Write" && first_touch {
                        EditKind::Create
                    } else {
                        EditKind::Modify
                    };
                    tool.edit = Some(b.edit(Some(id), path, kind, Some(&name), at, sidechain));
                }
            }
            "Read" => {
                if let Some(path) = input.file_path.get() {
                    self.touched.insert(path.trim().to_string());
                }
            }
            // Stopping a background shell: recorded (apart from the commands, whose ids stay as
            // they were) so that a later reader knows which background process no longer runs.
            "TaskStop" | "KillShell" | "KillBash" => {
                let target = input
                    .task_id
                    .get()
                    .or_else(|| input.shell_id.get())
                    .or_else(|| input.bash_id.get());
                if let Some(target) = target {
                    b.stopped_job(target, at);
                }
            }
            _ => {
                let unread = if nested {
                    UNREAD_NESTED_INPUT
                } else {
                    UNREAD_INPUT
                };
                let args = action_args(block.input, unread);
                tool.action = b.action(None, &name, &args, at, sidechain);
            }
        }
        self.tools.insert(id.to_string(), tool);
        if let Some(early) = self.early_results.remove(id) {
            self.tool_result(b, id, early.result, early.at);
        }
    }

    /// Results whose call never appeared: an error is still an error the agent hit.
    fn finish(&mut self, b: &mut Builder) {
        let mut left: Vec<EarlyResult> = self.early_results.drain().map(|(_, r)| r).collect();
        left.sort_by_key(|r| r.at);
        for r in left {
            if r.result.is_error {
                b.error(&r.result.content, None, r.at);
            }
        }
    }

    fn system(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>) {
        match v.subtype.get() {
            Some("compact_boundary") => {
                let trigger = v.compact_metadata.get().and_then(|m| m.trigger.get());
                b.compaction(at, trigger, None);
                self.awaiting_summary = true;
            }
            Some("api_error") => {
                let detail = v
                    .error
                    .0
                    .as_ref()
                    .map(|e| {
                        str_field(e, "message")
                            .map(str::to_string)
                            .or_else(|| e.get("error").map(content_text).filter(|s| !s.is_empty()))
                            .unwrap_or_else(|| {
                                if e.as_object().is_some_and(|o| o.is_empty()) {
                                    String::new()
                                } else {
                                    e.to_string()
                                }
                            })
                    })
                    .unwrap_or_default();
                let attempt = v.retry_attempt.as_u64();
                let max = v.max_retries.as_u64();
                let mut text = String::from("API error");
                if let (Some(a), Some(m)) = (attempt, max) {
                    text += &format!(" (retry {a} of {m})");
                }
                if !detail.is_empty() {
                    text += &format!(": {detail}");
                }
                b.error(&text, None, at);
            }
            _ => {}
        }
    }

    fn queue(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>) {
        if v.operation.get() != Some("enqueue") {
            return;
        }
        let text = v.content.text();
        for (kind, part) in split_user_text(&text) {
            if b.message(Role::User, kind, part, at, false).is_some() && kind == MessageKind::Typed
            {
                self.queued.push(part.trim().to_string());
                if self.queued.len() > 64 {
                    self.queued.remove(0);
                }
            }
        }
    }

    fn attachment(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>) {
        let Some(att) = v.attachment.get() else {
            return;
        };
        if att.ty.get() != Some("queued_command") {
            return;
        }
        let text = match &att.prompt.0 {
            Some(prompt) => prompt.text(),
            None => att.content.text(),
        };
        if text.trim().is_empty() || self.take_queued(&text) {
            return;
        }
        if b.message(Role::User, MessageKind::Typed, &text, at, false)
            .is_some()
        {
            self.queued.push(text.trim().to_string());
        }
    }

    fn progress(&mut self, b: &mut Builder, v: &Record, at: Option<DateTime<Utc>>) {
        let Some(data) = v.data.get() else { return };
        if data.ty.get() != Some("agent_progress") {
            return;
        }
        let Some(nested) = data.message.get() else {
            return;
        };
        if let Some(uuid) = nested.uuid.get()
            && self.seen_nested.insert(uuid.to_string(), ()).is_some()
        {
            return;
        }
        // A nested record without a timestamp happened when its progress record did.
        let nested_at = match &nested.timestamp.0 {
            Some(t) => t.get().and_then(parse_time),
            None => at,
        };
        self.record(b, nested, nested_at, true);
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn read_str(s: &str) -> Transcript {
        super::super::testkit::read_str(Format::ClaudeCode, s)
    }

    fn typed_user(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    const ENV: &str = r#""sessionId":"s1","cwd":"/repo","gitBranch":"main","isSidechain":false"#;

    fn user(text: &str) -> String {
        format!(
            r#"{{"type":"user",{ENV},"timestamp":"2026-01-01T00:00:00Z","message":{{"role":"user","content":{}}}}}"#,
            serde_json::to_string(text).unwrap()
        )
    }

    fn assistant(msg_id: &str, block: &str) -> String {
        format!(
            r#"{{"type":"assistant",{ENV},"timestamp":"2026-01-01T00:00:01Z","message":{{"model":"claude-opus-4-6","id":"{msg_id}","role":"assistant","content":[{block}],"usage":{{"output_tokens":5}}}}}}"#
        )
    }

    fn bash(id: &str, cmd: &str) -> String {
        format!(
            r#"{{"type":"tool_use","id":"{id}","name":"Bash","input":{{"command":{}}}}}"#,
            serde_json::to_string(cmd).unwrap()
        )
    }

    fn result(id: &str, content: &str, is_error: bool, tur: &str) -> String {
        format!(
            r#"{{"type":"user",{ENV},"timestamp":"2026-01-01T00:00:02Z","message":{{"role":"user","content":[{{"type":"tool_result","tool_use_id":"{id}","content":{},"is_error":{is_error}}}]}},"toolUseResult":{tur}}}"#,
            serde_json::to_string(content).unwrap()
        )
    }

    #[test]
    fn split_response_is_one_message_and_tools_count_once() {
        let lines = [
            user("run the tests"),
            assistant("msg_1", r#"{"type":"thinking","thinking":"plan"}"#),
            assistant("msg_1", r#"{"type":"text","text":"Running them."}"#),
            assistant("msg_1", &bash("t1", "cargo test")),
            assistant("msg_1", &bash("t2", "cargo clippy")),
            // The same line written twice (resumed capture): counted once.
            assistant("msg_1", &bash("t2", "cargo clippy")),
            assistant("msg_1", r#"{"type":"text","text":"Running them."}"#),
            assistant("msg_1", r#"{"type":"text","text":"And lint."}"#),
        ]
        .join("\n");
        let t = read_str(&lines);
        let texts: Vec<_> = t
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant && m.kind == MessageKind::Typed)
            .collect();
        assert_eq!(texts.len(), 1);
        assert_eq!(texts[0].text, "Running them.\n\nAnd lint.");
        assert_eq!(t.commands.len(), 2);
        assert_eq!(t.session.models, ["claude-opus-4-6"]);
        assert_eq!(
            t.messages
                .iter()
                .filter(|m| m.kind == MessageKind::Thinking)
                .count(),
            1
        );
    }

    #[test]
    fn bash_results_success_has_no_code_failure_has_one() {
        let lines = [
            user("go"),
            assistant("m1", &bash("ok1", "ls")),
            result(
                "ok1",
                "a\nb",
                false,
                r#"{"stdout":"a\nb","stderr":"","interrupted":false}"#,
            ),
            assistant("m2", &bash("bad1", "npx hardhat test")),
            result(
                "bad1",
                "Exit code 1\n  3 passing\n  1 failing",
                true,
                r#""Error: Exit code 1\n  3 passing\n  1 failing""#,
            ),
            assistant("m3", &bash("bg", "pnpm dev")),
            result(
                "bg",
                "Command running in background with ID: b1",
                false,
                r#"{"stdout":"","backgroundTaskId":"b1"}"#,
            ),
        ]
        .join("\n");
        let t = read_str(&lines);
        let c = &t.commands;
        assert_eq!(
            (c[0].exit_code, c[0].ok, c[0].has_result),
            (None, Some(true), true)
        );
        assert_eq!((c[1].exit_code, c[1].ok), (Some(1), Some(false)));
        assert!(c[1].is_test);
        assert_eq!((c[2].exit_code, c[2].ok), (None, None));
        assert_eq!(t.errors.len(), 1);
        assert_eq!(t.errors[0].evidence.as_deref(), Some("C2"));
    }

    #[test]
    fn call_without_result_before_compaction_stays_open() {
        let lines = [
            user("go"),
            assistant("m1", &bash("t1", "pnpm test")),
            format!(
                r#"{{"type":"system","subtype":"compact_boundary",{ENV},"timestamp":"2026-01-01T01:00:00Z","content":"Conversation compacted","compactMetadata":{{"trigger":"manual","preTokens":1000}}}}"#
            ),
            format!(
                r#"{{"type":"user",{ENV},"isCompactSummary":true,"isVisibleInTranscriptOnly":true,"timestamp":"2026-01-01T01:00:01Z","message":{{"role":"user","content":"This session is being continued from a previous conversation. Summary: tests were run."}}}}"#
            ),
            user("continue please"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert!(!t.commands[0].has_result);
        assert_eq!(t.commands[0].ok, None);
        assert!(t.commands[0].is_test);
        assert_eq!(t.compactions.len(), 1);
        assert_eq!(t.compactions[0].trigger.as_deref(), Some("manual"));
        let sid = t.compactions[0].summary_message.clone().unwrap();
        let summary = t.messages.iter().find(|m| m.id == sid).unwrap();
        assert_eq!(summary.kind, MessageKind::CompactionSummary);
        assert_eq!(typed_user(&t), ["go", "continue please"]);
    }

    #[test]
    fn sidechain_work_inside_progress_is_kept_apart() {
        let nested_user = r#"{"type":"user","message":{"role":"user","content":[{"type":"text","text":"Find the test plan"}]},"uuid":"n1","timestamp":"2026-01-01T00:00:03Z"}"#;
        let nested_call = r#"{"type":"assistant","timestamp":"2026-01-01T00:00:04Z","message":{"model":"claude-haiku-4-5","id":"msg_sub","role":"assistant","content":[{"type":"tool_use","id":"sub1","name":"Bash","input":{"command":"ls .planning"}}]},"uuid":"n2"}"#;
        let nested_result = r#"{"type":"user","message":{"role":"user","content":[{"type":"tool_result","tool_use_id":"sub1","content":"PLAN.md"}]},"uuid":"n3","timestamp":"2026-01-01T00:00:05Z"}"#;
        let progress = |m: &str| {
            format!(
                r#"{{"type":"progress",{ENV},"timestamp":"2026-01-01T00:00:03Z","data":{{"type":"agent_progress","message":{m},"agentId":"a1"}},"parentToolUseID":"task1"}}"#
            )
        };
        let lines = [
            user("find it"),
            progress(nested_user),
            progress(nested_call),
            progress(nested_call),
            progress(nested_result),
            format!(
                r#"{{"type":"assistant",{ENV},"isSidechain":true,"message":{{"id":"m9","content":[{{"type":"tool_use","id":"sc2","name":"Write","input":{{"file_path":"/repo/x.md","content":"x"}}}}]}}}}"#
            ),
            assistant("m2", &bash("main1", "git status")),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.commands.len(), 2);
        assert!(t.commands[0].sidechain && t.commands[0].has_result);
        assert_eq!(t.commands[0].ok, Some(true));
        assert!(!t.commands[1].sidechain);
        assert!(t.edits[0].sidechain);
        assert_eq!(t.edits[0].path, "x.md");
        assert_eq!(typed_user(&t), ["find it"]);
        // The subagent's model is recorded apart from the main one.
        assert_eq!(t.session.models, ["claude-opus-4-6"]);
        assert_eq!(t.session.subagent_models, ["claude-haiku-4-5"]);
        // Its prompt was written by the main agent, not typed by the person.
        let prompt = t
            .messages
            .iter()
            .find(|m| m.text == "Find the test plan")
            .unwrap();
        assert_eq!(prompt.kind, MessageKind::SubagentPrompt);
    }

    #[test]
    fn queued_prompts_count_once() {
        let lines = [
            // Typed while busy, then delivered as a user record: one message.
            r#"{"type":"queue-operation","operation":"enqueue","timestamp":"2026-01-01T00:00:00Z","sessionId":"s1","content":"also fix the docs"}"#.to_string(),
            r#"{"type":"queue-operation","operation":"dequeue","timestamp":"2026-01-01T00:00:01Z","sessionId":"s1"}"#.to_string(),
            user("also fix the docs"),
            // Typed while busy and only ever in the queue record.
            r#"{"type":"queue-operation","operation":"enqueue","timestamp":"2026-01-01T00:00:05Z","sessionId":"s1","content":"ngrok should be installed"}"#.to_string(),
            r#"{"type":"queue-operation","operation":"remove","timestamp":"2026-01-01T00:00:06Z","sessionId":"s1"}"#.to_string(),
            // An empty enqueue adds nothing.
            r#"{"type":"queue-operation","operation":"enqueue","timestamp":"2026-01-01T00:00:07Z","sessionId":"s1"}"#.to_string(),
            // The same text typed again later is a new prompt.
            user("also fix the docs"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(
            typed_user(&t),
            [
                "also fix the docs",
                "ngrok should be installed",
                "also fix the docs"
            ]
        );
    }

    #[test]
    fn wrappers_reminders_and_meta_are_not_typed() {
        let ide = format!(
            r#"{{"type":"user",{ENV},"message":{{"role":"user","content":[{{"type":"text","text":"<ide_opened_file>The user opened the file c:\\x\\.env in the IDE.</ide_opened_file>"}},{{"type":"text","text":"deploy it now"}}]}}}}"#
        );
        let inline = user("<ide_selection>lines 1-3</ide_selection>\nexplain this");
        let lines = [
            format!(
                r#"{{"type":"user",{ENV},"isMeta":true,"message":{{"role":"user","content":"<local-command-caveat>Caveat: generated</local-command-caveat>"}}}}"#
            ),
            user("<command-name>/model</command-name>\n            <command-message>model</command-message>\n            <command-args>opus</command-args>"),
            user("<local-command-stdout>Set model to opus</local-command-stdout>"),
            user("<system-reminder>be careful</system-reminder>"),
            ide,
            inline,
            user("[Request interrupted by user]"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(typed_user(&t), ["deploy it now", "explain this"]);
        let kinds: Vec<MessageKind> = t.messages.iter().map(|m| m.kind).collect();
        use MessageKind::*;
        assert_eq!(
            kinds,
            [
                Meta, Wrapper, Wrapper, Reminder, Wrapper, Typed, Wrapper, Typed, Wrapper
            ]
        );
    }

    #[test]
    fn branch_changes_are_all_recorded() {
        let lines = [
            user("a"),
            user("b").replace(r#""gitBranch":"main""#, r#""gitBranch":"feat/x""#),
            user("c").replace(r#""gitBranch":"main""#, r#""gitBranch":"""#),
            user("d"),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.session.branches, ["main", "feat/x"]);
        assert_eq!(t.session.id.as_deref(), Some("s1"));
        assert_eq!(t.session.cwd.as_deref(), Some("/repo"));
    }

    #[test]
    fn writes_edits_and_their_results() {
        let write = |id: &str, path: &str| {
            assistant(
                id,
                &format!(
                    r#"{{"type":"tool_use","id":"{id}","name":"Write","input":{{"file_path":"{path}","content":"x"}}}}"#
                ),
            )
        };
        let lines = [
            user("go"),
            write("w1", "/repo/new.md"),
            result("w1", "File created", false, r#"{"type":"create","filePath":"/repo/new.md"}"#),
            write("w2", "/repo/old.md"),
            result("w2", "File updated", false, r#"{"type":"update","filePath":"/repo/old.md"}"#),
            write("w3", "/repo/new.md"),
            assistant(
                "e1",
                r#"{"type":"tool_use","id":"e1","name":"Edit","input":{"file_path":"/repo/src/a.rs","old_string":"a","new_string":"b"}}"#,
            ),
            result("e1", "<tool_use_error>String to replace not found</tool_use_error>", true, r#""Error: String to replace not found""#),
            assistant(
                "n1",
                r#"{"type":"tool_use","id":"n1","name":"NotebookEdit","input":{"notebook_path":"/repo/nb.ipynb","new_source":"x"}}"#,
            ),
        ]
        .join("\n");
        let t = read_str(&lines);
        let e = &t.edits;
        assert_eq!(e.len(), 5);
        assert_eq!(
            (e[0].path.as_str(), e[0].kind, e[0].confirmed),
            ("new.md", EditKind::Create, true)
        );
        assert_eq!((e[1].kind, e[1].confirmed), (EditKind::Modify, true));
        // A second Write to a file this session created overwrites it; no result yet.
        assert_eq!((e[2].kind, e[2].confirmed), (EditKind::Modify, false));
        assert_eq!((e[3].path.as_str(), e[3].confirmed), ("src/a.rs", false));
        assert_eq!(e[4].path, "nb.ipynb");
        assert_eq!(t.errors[0].evidence.as_deref(), Some("E4"));
    }

    #[test]
    fn a_result_written_before_its_call_still_confirms_it() {
        // Seen in a real file: the tool_result record precedes the assistant record holding the
        // tool_use (written in the same millisecond range, result first).
        let edit = r#"{"type":"tool_use","id":"e9","name":"Edit","input":{"file_path":"/repo/issues.md","old_string":"a","new_string":"b"}}"#;
        let lines = [
            user("update the issues list"),
            result(
                "e9",
                "The file /repo/issues.md has been updated.",
                false,
                r#"{"filePath":"/repo/issues.md","oldString":"a","newString":"b"}"#,
            ),
            assistant("m1", edit),
            // A failed result whose call never appears is still an error.
            result("gone", "Exit code 2\nboom", true, r#""Error: Exit code 2""#),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.edits.len(), 1);
        assert!(t.edits[0].confirmed);
        assert_eq!(t.errors.len(), 1);
        assert!(t.errors[0].text.contains("boom"));
    }

    /// An MCP tool that writes to a remote is an action, named without the server prefix; a
    /// browser tool (Playwright's) is not.
    #[test]
    fn mcp_remote_writes_are_actions() {
        let call = |id: &str, name: &str| {
            assistant(
                &format!("m{id}"),
                &format!(
                    r#"{{"type":"tool_use","id":"{id}","name":"{name}","input":{{"owner":"me","repo":"r","title":"Fix it"}}}}"#
                ),
            )
        };
        let lines = [
            user("open a PR"),
            call("p1", "mcp__github__create_pull_request"),
            result("p1", "Error: head branch missing", true, r#""Error""#),
            call("p2", "mcp__playwright__browser_click"),
            result("p2", "clicked", false, "null"),
            call("p3", "mcp__github__create_pull_request"),
            result("p3", "https://github.com/me/r/pull/2", false, "null"),
        ];
        let t = read_str(&lines.join("\n"));
        assert_eq!(
            super::super::testkit::actions(&t),
            vec![
                ("A1", "create_pull_request", Some(false)),
                ("A2", "create_pull_request", Some(true))
            ]
        );
        assert_eq!(t.actions[1].target, "owner=me, repo=r, title=Fix it");
        assert_eq!(t.errors.len(), 1);
        assert_eq!(t.errors[0].evidence.as_deref(), Some("A1"));
    }

    #[test]
    fn api_errors_become_error_events() {
        let lines = [
            user("deploy"),
            format!(
                r#"{{"type":"assistant",{ENV},"isApiErrorMessage":true,"message":{{"model":"<synthetic>","id":"x","content":[{{"type":"text","text":"API Error: 400 invalid_request_error"}}]}}}}"#
            ),
            format!(
                r#"{{"type":"system","subtype":"api_error",{ENV},"level":"error","error":{{}},"retryAttempt":1,"maxRetries":10}}"#
            ),
        ]
        .join("\n");
        let t = read_str(&lines);
        assert_eq!(t.errors.len(), 2);
        assert!(t.errors[0].text.starts_with("API Error: 400"));
        assert_eq!(t.errors[1].text, "API error (retry 1 of 10)");
        assert!(t.session.models.is_empty());
        assert_eq!(t.messages.len(), 1);
    }

    #[test]
    fn pretty_printed_values_are_read_as_a_stream() {
        let a: Value = serde_json::from_str(&user("first prompt")).unwrap();
        let c: Value = serde_json::from_str(&assistant("m1", &bash("t1", "ls"))).unwrap();
        let d: Value = serde_json::from_str(&user("second prompt")).unwrap();
        let text = format!(
            "{}\n{}\n{}\n",
            serde_json::to_string_pretty(&a).unwrap(),
            serde_json::to_string_pretty(&c).unwrap(),
            serde_json::to_string_pretty(&d).unwrap()
        );
        let t = read_str(&text);
        assert_eq!(typed_user(&t), ["first prompt", "second prompt"]);
        assert_eq!(t.commands.len(), 1);
        assert_eq!(t.stats.records, 3);
        // A JSON array of records works too.
        let t = read_str(&format!(
            "[\n{}\n]",
            [a, c, d].map(|v| v.to_string()).join(",\n")
        ));
        assert_eq!(typed_user(&t), ["first prompt", "second prompt"]);
    }

    #[test]
    fn bad_lines_are_counted_and_skipped() {
        let lines = format!(
            "{}\n{{not json\n\n{}\n{}",
            user("a"),
            user("b"),
            &user("c")[..20]
        );
        let t = read_str(&lines);
        assert_eq!(typed_user(&t), ["a", "b"]);
        assert_eq!(t.stats.records, 4);
        assert_eq!(t.stats.skipped, 2);
        assert_eq!(t.stats.skipped_reasons["malformed JSON line"], 1);
        assert_eq!(
            t.stats.skipped_reasons["truncated JSON record (incomplete line)"],
            1
        );
    }

    #[test]
    fn other_formats_are_refused() {
        let codex = r#"{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x","cwd":"/r"}}"#;
        let mut b = Builder::new("t", Format::ClaudeCode);
        assert!(matches!(
            read(&mut codex.as_bytes(), &mut b),
            Err(ReadError::NotThisFormat(_))
        ));
    }

    /// Fields of an unexpected shape read as absent; the record itself is never lost to them.
    #[test]
    fn odd_shapes_read_as_absent_and_keep_the_record() {
        let raw = |json: &str| json.replace("ENV", ENV);
        let lines = [
            // `content` as a string and as an array of text blocks (and of a string, a number).
            user("as a string"),
            raw(
                r#"{"type":"user",ENV,"message":{"content":[{"type":"text","text":"as blocks"},"not a block",7]}}"#,
            ),
            // A `content` of another shape, a `message` that is not an object: nothing to read.
            raw(r#"{"type":"user",ENV,"message":{"content":{"text":"an object"}}}"#),
            raw(r#"{"type":"user",ENV,"message":"a string"}"#),
            // A missing `message`.
            raw(r#"{"type":"user",ENV}"#),
            raw(r#"{"type":"assistant",ENV}"#),
            // Numbers where strings were expected.
            raw(
                r#"{"type":"assistant",ENV,"timestamp":12,"message":{"model":4,"id":5,"content":[{"type":"tool_use","id":9,"name":"Bash","input":{"command":"ls"}},{"type":"tool_use","id":"b1","name":"Bash","input":{"command":42}},{"type":7,"text":"x"}]}}"#,
            ),
            // A tool_result whose content is an array of text blocks, and one of images.
            assistant("m1", &bash("t1", "cargo test")),
            raw(
                r#"{"type":"user",ENV,"message":{"content":[{"type":"tool_result","tool_use_id":"t1","content":[{"type":"text","text":"test result: ok"},{"type":"text","text":"done"}]}]},"toolUseResult":"a string"}"#,
            ),
            assistant("m2", &bash("t2", "screenshot")),
            raw(
                r#"{"type":"user",ENV,"message":{"content":[{"type":"tool_result","tool_use_id":"t2","content":[{"type":"image","source":{"type":"base64","data":"iVBOR"}}],"is_error":"true"}]}}"#,
            ),
            // An input that is not an object.
            assistant(
                "m3",
                r#"{"type":"tool_use","id":"t3","name":"Bash","input":"ls"}"#,
            ),
            // A `type` that is not a string: a record without a type.
            raw(r#"{"type":5,ENV}"#),
            // A repeated key: the last one wins, as in a JSON value.
            raw(
                r#"{"type":"user",ENV,"isMeta":true,"isMeta":false,"message":{"content":"repeated key"}}"#,
            ),
        ];
        let t = read_str(&lines.join("\n"));
        assert_eq!(typed_user(&t), ["as a string", "as blocks", "repeated key"]);
        assert_eq!(t.stats.records, lines.len() as u64);
        assert_eq!(t.stats.skipped_reasons["user record without a message"], 1);
        assert_eq!(
            t.stats.skipped_reasons["assistant record without a message"],
            1
        );
        assert_eq!(t.stats.skipped_reasons["record without a type"], 1);
        assert_eq!(t.stats.skipped, 3);
        // Only the models named by a string (the test's own assistant records).
        assert_eq!(t.session.models, ["claude-opus-4-6"]);
        let commands: Vec<&str> = t.commands.iter().map(|c| c.command.as_str()).collect();
        assert_eq!(commands, ["cargo test", "screenshot"]);
        assert_eq!(t.commands[0].output, "test result: ok\ndone");
        assert_eq!(t.commands[0].ok, Some(true));
        // An image result is a result without text; `is_error` as a string is not an error.
        assert!(t.commands[1].has_result && t.commands[1].output.is_empty());
        assert_eq!(t.commands[1].ok, Some(true));
        assert!(t.errors.is_empty());
    }

    #[test]
    fn api_error_detail_of_any_shape() {
        let lines = [
            format!(
                r#"{{"type":"system","subtype":"api_error",{ENV},"error":{{"status":529,"error":{{"type":"overloaded_error"}}}},"retryAttempt":2,"maxRetries":"10"}}"#
            ),
            format!(
                r#"{{"type":"system","subtype":"api_error",{ENV},"error":{{"message":"rate limited"}},"retryAttempt":1.0,"maxRetries":10}}"#
            ),
            format!(
                r#"{{"type":"system","subtype":"compact_boundary",{ENV},"compactMetadata":{{"trigger":3}}}}"#
            ),
        ];
        let t = read_str(&lines.join("\n"));
        let errors: Vec<&str> = t.errors.iter().map(|e| e.text.as_str()).collect();
        assert_eq!(
            errors,
            [
                r#"API error: {"status":529,"error":{"type":"overloaded_error"}}"#,
                "API error: rate limited"
            ]
        );
        assert_eq!(t.compactions.len(), 1);
        assert_eq!(t.compactions[0].trigger, None);
    }

    #[test]
    fn action_targets_leave_out_the_text_an_edit_writes() {
        let call = r#"{"type":"tool_use","id":"p1","name":"mcp__github__create_or_update_file","input":{"owner":"me","path":"a.md","content":"short","old_string":"x","edits":[1,2],"branch":"main"}}"#;
        let t = read_str(&[user("push it"), assistant("m1", call)].join("\n"));
        assert_eq!(t.actions.len(), 1);
        assert_eq!(t.actions[0].target, "owner=me, path=a.md, branch=main");
    }

    #[test]
    fn exit_codes_are_read_from_failure_text() {
        assert_eq!(exit_code_in("Exit code 1\nboom"), Some(1));
        assert_eq!(exit_code_in("Error: Exit code 127\nnot found"), Some(127));
        assert_eq!(exit_code_in("<tool_use_error>x</tool_use_error>"), None);
    }

    #[test]
    fn detects_claude_codex_cursor_even_with_a_cut_first_line() {
        let claude = br#"{"parentUuid":null,"isSidechain":false,"type":"user","message":{"role":"user","content":"hi"}}"#;
        assert_eq!(
            super::super::detect_bytes(claude, "x.jsonl"),
            Ok(super::super::Format::ClaudeCode)
        );
        let snapshot = br#"{"type":"file-history-snapshot","messageId":"m","snapshot":{"trackedFileBackups":{"a":"#;
        assert_eq!(
            super::super::detect_bytes(snapshot, "x.jsonl"),
            Ok(super::super::Format::ClaudeCode)
        );
        let codex = br#"{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x","base_instructions":{"text":"You are"#;
        assert_eq!(
            super::super::detect_bytes(codex, "x.jsonl"),
            Ok(super::super::Format::Codex)
        );
        let cursor = br#"{"role":"user","message":{"content":[{"type":"text","text":"<user_query>hi</user_query>"}]}}"#;
        assert_eq!(
            super::super::detect_bytes(cursor, "x.jsonl"),
            Ok(super::super::Format::Cursor)
        );
        let pretty = b"{\n  \"parentUuid\": null,\n  \"type\": \"user\"";
        assert_eq!(
            super::super::detect_bytes(pretty, "x.json"),
            Ok(super::super::Format::ClaudeCode)
        );
    }
}
