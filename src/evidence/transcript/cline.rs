//! Cline / Roo Code / Kilo Code task files (`docs/transcript-formats.md`, "Cline, Roo Code, Kilo Code"), both JSON arrays,
//! told apart element by element:
//!
//! * `api_conversation_history.json`: `{role, content}` messages. Tool calls are native
//!   `tool_use` blocks or XML tags in assistant text (`<execute_command><command>…`). Cline
//!   answers the calls of one assistant turn in the next user turn, in order: a `[tool for 'x']
//!   Result:` text (even for native calls) or a `tool_result` block. A call the next user turn
//!   does not answer never got a result (the task was interrupted and resumed).
//!   Everything else Cline writes into user turns is its own text (`[TASK RESUMPTION]`, todo-list
//!   nags, `<environment_details>`…): only what sits inside `<task>`, `<feedback>`, `<answer>` and
//!   `<user_message>` is the user's (Cline's own `USER_CONTENT_TAGS`).
//! * `ui_messages.json`: `{ts, type: say|ask, say|ask, text}` entries as the UI showed them.

use super::input::{self, content_text, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use chrono::{DateTime, TimeZone, Utc};
use regex::Regex;
use serde_json::Value;
use std::io::BufRead;
use std::ops::Range;
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
fn xml_calls(text: &str) -> Vec<(String, String, Range<usize>)> {
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
/// `[execute_command for 'npm test'] Result:` / `[attempt_completion] Result: Done`.
static RESULT_HEAD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)^\s*\[(\w+)(?: for '(.*?)')?\] Result:[ \t]*\r?\n?").expect("static")
});
/// A call Cline answered without running it: after the user rejected an earlier call of the
/// same turn, or because one tool per turn was already used.
static NOT_RUN: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?s)^\s*(?:(?:Skipping tool|Tool was interrupted and not executed) due to user rejecting a previous tool\.\s*\[(\w+)(?: for '(.*?)')?\]|Tool \[(\w+)\] was not executed because)",
    )
    .expect("static")
});
static EXIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^Command (?:executed successfully \(exit code (-?\d+)\)|failed with exit code (-?\d+))",
    )
    .expect("static")
});
static ENV_DETAILS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)<environment_details>.*?(?:</environment_details>|\z)").expect("static")
});
/// The workspace Cline (or Roo) names in its environment details.
static ENV_CWD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"# Current (?:Working|Workspace) Directory \((.+?)\) Files").expect("static")
});
/// File contents Cline echoes (a saved file, an attached file, a reverted file): never the
/// user's words and never a status, whatever they contain.
static FILE_CONTENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?s)<(final_file_content|file_content)\b[^>]*>.*?(?:</(?:final_file_content|file_content)>|\z)")
        .expect("static")
});

/// The tags Cline wraps the user's own words in (its `USER_CONTENT_TAGS`); everything else in a
/// user turn is written by Cline.
const USER_TAGS: &[&str] = &["task", "feedback", "answer", "user_message"];

static USER_TAG_RES: LazyLock<Vec<Regex>> = LazyLock::new(|| {
    USER_TAGS
        .iter()
        .map(|t| Regex::new(&format!(r"(?s)<{t}>\s*(.*?)\s*</{t}>")).expect("static"))
        .collect()
});

/// Harness text Cline writes into user turns, by how it begins, and the kind of message it is;
/// any other text outside the user tags is [`MessageKind::Meta`].
const HARNESS: &[(&str, MessageKind)] = &[
    // A resumed task; the user's new words, if any, follow in `<user_message>`.
    ("[TASK RESUMPTION]", MessageKind::Wrapper),
    ("[Response interrupted", MessageKind::Wrapper),
    ("# TODO LIST UPDATE REQUIRED", MessageKind::Reminder),
    ("# task_progress", MessageKind::Reminder),
    ("[ERROR] You did not use a tool", MessageKind::Reminder),
    (
        "You seem to be having trouble proceeding",
        MessageKind::Reminder,
    ),
];

/// How a command's result begins (its first line; `[attempt_completion]` puts it after `Done`).
const COMMAND_STATUS: &[(&str, Status)] = &[
    ("Command terminated by signal", Status::Killed),
    ("Command executed.", Status::RanWithoutCode),
    ("Command is still running", Status::Unfinished),
    ("Command is running in the background", Status::Unfinished),
    ("Command timed out", Status::Unfinished),
    ("Command execution timed out", Status::Unfinished),
    ("Command cancelled", Status::Unfinished),
    ("The user denied this operation", Status::Denied),
];

/// What a saved edit's result says (before the echoed `<final_file_content>`).
const EDIT_SAVED: &[&str] = &[
    "The content was successfully saved to",
    "has been successfully saved to",
    "The content was successfully updated in",
    "Changes successfully applied to",
];

/// How the result of an edit that was not made begins.
const EDIT_REFUSED: &[&str] = &[
    "The user denied this operation",
    "The tool execution failed",
    "This is likely because the SEARCH block content doesn't match",
    "Failed to write to",
];

/// Lead-ins after which Cline quotes the user's feedback, after a command's output.
const FEEDBACK_LEADS: &[&str] = &[
    "The user provided the following feedback:",
    "The user has provided feedback on the results",
];

fn xml_field(body: &str, tag: &str) -> Option<String> {
    let open = format!("<{tag}>");
    let close = format!("</{tag}>");
    let start = body.find(&open)? + open.len();
    let end = body[start..].find(&close).map_or(body.len(), |e| start + e);
    let v = body[start..end].trim();
    (!v.is_empty()).then(|| v.to_string())
}

/// The outcome a command result states.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Status {
    Exit(i32),
    /// Killed by a signal: failed, with no exit code.
    Killed,
    /// Ran, but Cline could not read an exit code.
    RanWithoutCode,
    /// Still running, timed out into the background, or cancelled: no outcome.
    Unfinished,
    Denied,
    /// No status line Cline writes (older versions, other forks).
    Unknown,
}

fn command_status(body: &str) -> Status {
    let first = body
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        // `[attempt_completion] Result: Done` puts the command's status after `Done`.
        .find(|l| *l != "Done")
        .unwrap_or("");
    if let Some(c) = EXIT.captures(first) {
        let code = c
            .get(1)
            .or_else(|| c.get(2))
            .and_then(|m| m.as_str().parse().ok());
        return code.map_or(Status::Unknown, Status::Exit);
    }
    COMMAND_STATUS
        .iter()
        .find(|(prefix, _)| first.starts_with(prefix))
        .map_or(Status::Unknown, |(_, s)| *s)
}

/// True when a text block is a command's status (the block after `[attempt_completion] Result:`).
fn is_command_status(text: &str) -> bool {
    !matches!(command_status(text), Status::Unknown | Status::Denied)
}

/// Whether an edit's result says the file was saved: Cline's own status line, never the echoed
/// file content (code can say "failed to").
fn edit_saved(body: &str) -> bool {
    let status = FILE_CONTENT.find(body).map_or(body, |m| &body[..m.start()]);
    let first = status.trim_start();
    !EDIT_REFUSED.iter().any(|p| first.starts_with(p))
        && EDIT_SAVED.iter().any(|p| status.contains(p))
}

/// The user's own words in a user-turn text: the contents of the user tags, in order, outside
/// echoed file contents and outside `hidden` (a command's output).
fn user_words(text: &str, hidden: Option<Range<usize>>) -> Vec<(Range<usize>, String)> {
    let masked: Vec<Range<usize>> = FILE_CONTENT
        .find_iter(text)
        .map(|m| m.range())
        .chain(hidden)
        .collect();
    let mut found: Vec<(Range<usize>, String)> = USER_TAG_RES
        .iter()
        .flat_map(|re| re.captures_iter(text))
        .filter_map(|c| {
            let whole = c.get(0)?.range();
            let inner = c.get(1)?.as_str().to_string();
            let hidden = masked
                .iter()
                .any(|m| m.start <= whole.start && whole.start < m.end);
            (!hidden).then_some((whole, inner))
        })
        .collect();
    found.sort_by_key(|(r, _)| r.start);
    // A tag quoted inside another one (a task that mentions `<feedback>`) is part of it.
    let mut out: Vec<(Range<usize>, String)> = Vec::new();
    for (r, inner) in found {
        if out.last().is_none_or(|(last, _)| r.start >= last.end) {
            out.push((r, inner));
        }
    }
    out
}

/// The kind of a harness text block (see [`HARNESS`]).
fn harness_kind(text: &str) -> MessageKind {
    let t = text.trim_start();
    HARNESS
        .iter()
        .find(|(prefix, _)| t.starts_with(prefix))
        .map_or(MessageKind::Meta, |(_, k)| *k)
}

/// A tool call of the current exchange, waiting for the next user turn.
#[derive(Debug)]
struct Call {
    tool: String,
    id: Option<String>,
    /// What the call names (`command`, `path`…), as Cline repeats it in `[tool for '…']`.
    subject: Option<String>,
    target: Target,
    answered: bool,
}

#[derive(Debug, Clone, Copy)]
enum Target {
    Command(usize),
    Edit(usize),
    Other,
}

#[derive(Default)]
struct State {
    /// The calls of the assistant turn(s) since the last user turn, in order.
    exchange: Vec<Call>,
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
    if role == "user" {
        user_turn(b, st, &blocks, at);
        return;
    }
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
    let subject = args("command")
        .or_else(|| args("path"))
        .or_else(|| args("absolutePath"))
        .or_else(|| args("question"));
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
    st.exchange.push(Call {
        tool: name.to_string(),
        id: id.map(str::to_string),
        subject,
        target,
        answered: false,
    });
}

/// One user turn: the results of the last assistant turn's calls, in order, then (or between)
/// Cline's own text and the user's tagged words. Calls left unanswered never got a result.
fn user_turn(b: &mut Builder, st: &mut State, blocks: &[Value], at: Option<DateTime<Utc>>) {
    // The call whose result came last in this turn: a bare command status after
    // `[attempt_completion] Result: Done` belongs to it.
    let mut last: Option<usize> = None;
    for block in blocks {
        match str_field(block, "type").unwrap_or("text") {
            "text" => {
                let text = str_field(block, "text").unwrap_or("");
                user_text(b, st, &mut last, text, None, None, at);
            }
            "tool_result" => {
                let id = str_field(block, "tool_use_id");
                let is_error = block.get("is_error").and_then(Value::as_bool);
                let parts: Vec<String> = match block.get("content") {
                    Some(Value::Array(items)) => items
                        .iter()
                        .map(|part| match str_field(part, "text") {
                            Some(t) => t.to_string(),
                            None => content_text(part),
                        })
                        .filter(|t| !t.trim().is_empty())
                        .collect(),
                    Some(v) => vec![content_text(v)],
                    None => Vec::new(),
                };
                let by_id = id.and_then(|id| {
                    st.exchange
                        .iter()
                        .position(|c| !c.answered && c.id.as_deref() == Some(id))
                });
                for (i, part) in parts.iter().enumerate() {
                    let call = if i == 0 { by_id } else { None };
                    user_text(b, st, &mut last, part, call, is_error, at);
                }
                if parts.is_empty()
                    && let Some(i) = by_id
                {
                    answer(b, st, i, "", is_error, at);
                    last = Some(i);
                }
            }
            "image" => {}
            ty => b.skip(format!("cline: user block of type {ty}")),
        }
    }
    // Pending calls end here: Cline never answers them later (an interrupted task is resumed
    // with a new user turn that says so).
    st.exchange.clear();
}

/// One text of a user turn. `call` is the exchange call a `tool_result` block names by id.
fn user_text(
    b: &mut Builder,
    st: &mut State,
    last: &mut Option<usize>,
    text: &str,
    call: Option<usize>,
    is_error: Option<bool>,
    at: Option<DateTime<Utc>>,
) {
    let env: Vec<String> = ENV_DETAILS
        .find_iter(text)
        .map(|m| m.as_str().to_string())
        .collect();
    let rest = ENV_DETAILS.replace_all(text, "");
    let rest = rest.as_ref();
    if let Some(c) = RESULT_HEAD.captures(rest) {
        let tool = c.get(1).map_or("", |m| m.as_str());
        let subject = c.get(2).map(|m| m.as_str());
        let body = &rest[c.get(0).map_or(0, |m| m.end())..];
        match call.or_else(|| st.match_call(tool, subject)) {
            Some(i) => {
                let hidden = answer(b, st, i, body, is_error, at);
                *last = Some(i);
                user_words_of(b, body, hidden, at);
            }
            None => {
                b.message(Role::User, MessageKind::Meta, rest, at, false);
                user_words_of(b, body, None, at);
            }
        }
    } else if let Some(c) = NOT_RUN.captures(rest) {
        let tool = c.get(1).or_else(|| c.get(3)).map_or("", |m| m.as_str());
        if let Some(i) = call.or_else(|| st.match_call(tool, c.get(2).map(|m| m.as_str()))) {
            st.exchange[i].answered = true;
        }
        b.message(Role::User, MessageKind::Meta, rest, at, false);
    } else if let Some(i) = call {
        // A `tool_result` block without the `[tool] Result:` head.
        let hidden = answer(b, st, i, rest, is_error, at);
        *last = Some(i);
        user_words_of(b, rest, hidden, at);
    } else if let Some(i) = last.filter(|&i| st.awaits_command_status(b, i))
        && is_command_status(rest)
    {
        let hidden = answer(b, st, i, rest, None, at);
        user_words_of(b, rest, hidden, at);
    } else {
        harness_or_user(b, st, rest, at);
    }
    for e in env {
        if b.cwd().is_none()
            && let Some(c) = ENV_CWD.captures(&e)
        {
            b.session_mut().cwd = Some(c[1].trim().to_string());
        }
        b.message(Role::User, MessageKind::Meta, &e, at, false);
    }
}

/// Text that is no tool result: the user's tagged words are typed messages; what Cline wrote
/// around them is harness text.
fn harness_or_user(b: &mut Builder, st: &mut State, text: &str, at: Option<DateTime<Utc>>) {
    let words = user_words(text, None);
    let mut outside = String::new();
    let mut from = 0;
    for (r, _) in &words {
        outside.push_str(&text[from..r.start]);
        from = r.end;
    }
    outside.push_str(&text[from..]);
    if !outside.trim().is_empty() {
        b.message(Role::User, harness_kind(text), outside.trim(), at, false);
    }
    for (r, inner) in &words {
        if text[r.clone()].starts_with("<task>") {
            st.saw_task = true;
        }
        b.message(Role::User, MessageKind::Typed, inner, at, false);
    }
}

/// The user's tagged words inside a tool result (feedback after a denial, an answer to a
/// question), outside `hidden` (the command's output).
fn user_words_of(
    b: &mut Builder,
    body: &str,
    hidden: Option<Range<usize>>,
    at: Option<DateTime<Utc>>,
) {
    for (_, inner) in user_words(body, hidden) {
        b.message(Role::User, MessageKind::Typed, &inner, at, false);
    }
}

impl State {
    /// The first unanswered call of this exchange for a `[tool for 'subject']` result: the same
    /// tool and subject, else the same tool, else (a renamed tool) the next unanswered call.
    fn match_call(&self, tool: &str, subject: Option<&str>) -> Option<usize> {
        let norm = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
        let open = |c: &&Call| !c.answered;
        let same_subject = |c: &Call| match (subject, c.subject.as_deref()) {
            (Some(a), Some(b)) => norm(a) == norm(b),
            _ => false,
        };
        let pos = |f: &dyn Fn(&Call) -> bool| {
            self.exchange
                .iter()
                .enumerate()
                .find(|(_, c)| open(c) && f(c))
                .map(|(i, _)| i)
        };
        pos(&|c| c.tool == tool && same_subject(c))
            .or_else(|| pos(&|c| c.tool == tool))
            .or_else(|| pos(&|_| true))
    }

    /// True when call `i` is an `attempt_completion` whose command has no result yet.
    fn awaits_command_status(&self, b: &Builder, i: usize) -> bool {
        match self.exchange.get(i) {
            Some(Call {
                target: Target::Command(idx),
                tool,
                ..
            }) if tool == "attempt_completion" => b
                .transcript()
                .commands
                .get(*idx)
                .is_some_and(|c| !c.has_result),
            _ => false,
        }
    }
}

/// Applies a result body to call `i`; returns the part of `body` that is a command's output
/// (where no user words are looked for).
fn answer(
    b: &mut Builder,
    st: &mut State,
    i: usize,
    body: &str,
    is_error: Option<bool>,
    at: Option<DateTime<Utc>>,
) -> Option<Range<usize>> {
    let call = st.exchange.get_mut(i)?;
    call.answered = true;
    match call.target {
        Target::Command(idx) => {
            let status = command_status(body);
            // `[attempt_completion] Result: Done` alone: the command's status comes next.
            if status == Status::Unknown
                && call.tool == "attempt_completion"
                && body
                    .trim()
                    .lines()
                    .all(|l| l.trim() == "Done" || l.trim().is_empty())
            {
                return None;
            }
            let (exit, flag) = match status {
                Status::Exit(code) => (Some(code), None),
                Status::Killed => (None, Some(true)),
                Status::RanWithoutCode | Status::Unfinished | Status::Denied => (None, None),
                Status::Unknown => (None, is_error.filter(|e| *e)),
            };
            b.command_result_at(idx, exit, flag, body, at);
            if status == Status::Denied {
                let id = b.transcript().commands.get(idx).map(|c| c.id.clone());
                b.error("command denied by the user", id.map(String::from), at);
            }
            output_range(body)
        }
        Target::Edit(idx) => {
            b.confirm_edit_at(idx, is_error != Some(true) && edit_saved(body));
            if body
                .trim_start()
                .starts_with("The user denied this operation")
            {
                let id = b.transcript().edits.get(idx).map(|e| e.id.clone());
                b.error("edit denied by the user", id.map(String::from), at);
            }
            None
        }
        Target::Other => None,
    }
}

/// The output part of a command result: from its `Output:` line to the user's feedback, if any.
fn output_range(body: &str) -> Option<Range<usize>> {
    let start = body
        .find("\nOutput:")
        .or_else(|| body.find("output so far:"))?;
    let end = FEEDBACK_LEADS
        .iter()
        .filter_map(|lead| body.rfind(lead))
        .filter(|&e| e > start)
        .max()
        .unwrap_or(body.len());
    Some(start..end)
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

    /// The issue's reproduction: a call with no result, a resumed task, then a failing run.
    #[test]
    fn a_call_left_unanswered_at_a_resumption_keeps_no_result() {
        let t = parse(&api(&[
            ("user", "<task>\nclean and test\n</task>"),
            (
                "assistant",
                "<execute_command>\n<command>rm -rf build</command>\n</execute_command>",
            ),
            (
                "user",
                "[TASK RESUMPTION] This task was interrupted 3 minutes ago. It may or may not be complete, so please reassess the task context.",
            ),
            (
                "assistant",
                "<execute_command>\n<command>npm test</command>\n</execute_command>",
            ),
            (
                "user",
                "[execute_command for 'npm test'] Result:\nCommand failed with exit code 1.\nOutput:\n  2 failing",
            ),
            (
                "assistant",
                "<execute_command>\n<command>rm -rf build</command>\n</execute_command>",
            ),
            (
                "user",
                "[execute_command for 'rm -rf build'] Result:\nCommand executed successfully (exit code 0).",
            ),
        ]));
        let c: Vec<_> = t
            .commands
            .iter()
            .map(|c| (c.command.as_str(), c.exit_code, c.has_result))
            .collect();
        assert_eq!(
            c,
            vec![
                ("rm -rf build", None, false),
                ("npm test", Some(1), true),
                ("rm -rf build", Some(0), true)
            ]
        );
        assert_eq!(typed(&t), vec!["clean and test"]);
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Wrapper && m.text.starts_with("[TASK RESUMPTION]"))
        );
    }

    #[test]
    fn results_pair_by_tool_and_subject_within_the_exchange() {
        // Two calls in one turn (parallel tool calling); a skipped one consumes its call.
        let doc = serde_json::json!([
            {"role": "user", "content": [{"type": "text", "text": "<task>\ngo\n</task>"}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "a", "name": "execute_command", "input": {"command": "ls"}},
                {"type": "tool_use", "id": "b", "name": "execute_command", "input": {"command": "pwd"}},
                {"type": "tool_use", "id": "c", "name": "execute_command", "input": {"command": "make"}}]},
            {"role": "user", "content": [
                {"type": "text", "text": "[execute_command for 'pwd'] Result:\nCommand failed with exit code 3."},
                {"type": "text", "text": "[execute_command for 'ls'] Result:\nThe user denied this operation."},
                {"type": "text", "text": "Skipping tool due to user rejecting a previous tool. [execute_command for 'make']"}]}
        ]);
        let t = parse(&doc.to_string());
        let c: Vec<_> = t
            .commands
            .iter()
            .map(|c| (c.command.as_str(), c.exit_code, c.has_result))
            .collect();
        assert_eq!(
            c,
            vec![
                ("ls", None, true),
                ("pwd", Some(3), true),
                ("make", None, false)
            ]
        );
        assert_eq!(t.errors[0].evidence.as_deref(), Some("C1"));
    }

    #[test]
    fn harness_text_is_not_the_users_and_tagged_words_are() {
        let t = parse(&api(&[
            ("user", "<task>\nship it\n</task>"),
            ("assistant", "Thinking out loud, no tool."),
            (
                "user",
                "[ERROR] You did not use a tool in your previous response! Please retry with a tool use.",
            ),
            (
                "user",
                "\n\n\t\t# TODO LIST UPDATE REQUIRED - You MUST include the task_progress parameter in your NEXT tool call.",
            ),
            (
                "user",
                "# task_progress List (Optional - Plan Mode)\n- [ ] a",
            ),
            (
                "user",
                "(The user did not provide a new message. Consider asking them how they'd like you to proceed.)",
            ),
            (
                "user",
                "Files attached by the user:\n\n<file_content path=\"a.md\">\n<feedback>not typed</feedback>\n</file_content>",
            ),
            (
                "user",
                "New instructions for task continuation:\n<user_message>\nalso add docs\n</user_message>",
            ),
        ]));
        assert_eq!(typed(&t), vec!["ship it", "also add docs"]);
        let kinds: Vec<_> = t
            .messages
            .iter()
            .filter(|m| m.role == Role::User)
            .map(|m| m.kind)
            .collect();
        use MessageKind::*;
        assert_eq!(
            kinds,
            vec![Typed, Reminder, Reminder, Reminder, Meta, Meta, Meta, Typed]
        );
    }

    #[test]
    fn a_command_run_by_attempt_completion_keeps_its_exit_code() {
        let doc = serde_json::json!([
            {"role": "user", "content": [{"type": "text", "text": "<task>\ntype-check\n</task>"}]},
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t", "name": "attempt_completion", "input": {"result": "Done.", "command": "npx tsc --noEmit"}}]},
            {"role": "user", "content": [
                {"type": "text", "text": "[attempt_completion] Result: Done"},
                {"type": "text", "text": "Command failed with exit code 2.\nOutput:\na.ts(1,1): error TS2339: nope"},
                {"type": "text", "text": "The user has provided feedback on the results. Consider their input to continue the task, and then attempt completion again."},
                {"type": "text", "text": "<feedback>\nfix the types\n</feedback>"}]}
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(t.commands[0].exit_code, Some(2));
        assert_eq!(t.commands[0].ok, Some(false));
        assert!(t.commands[0].is_check);
        assert_eq!(typed(&t), vec!["type-check", "fix the types"]);
        // The same result as one tool_result block with an array of parts.
        let doc = serde_json::json!([
            {"role": "assistant", "content": [
                {"type": "tool_use", "id": "t", "name": "attempt_completion", "input": {"result": "Done.", "command": "npm test"}}]},
            {"role": "user", "content": [
                {"type": "tool_result", "tool_use_id": "t", "content": [
                    {"type": "text", "text": "[attempt_completion] Result: Done"},
                    {"type": "text", "text": "Command executed successfully (exit code 0).\nOutput:\n3 passing"}]}]}
        ]);
        let t = parse(&doc.to_string());
        assert_eq!(t.commands[0].exit_code, Some(0));
        assert!(typed(&t).is_empty());
    }

    #[test]
    fn an_edit_is_judged_by_clines_status_line_only() {
        let saved = "[replace_in_file for 'src/a.ts'] Result:\nThe content was successfully saved to src/a.ts.\n\nHere is the full, updated content of the file that was saved:\n\n<final_file_content path=\"src/a.ts\">\nconsole.error(`Failed to process ${x}`);\nthrow new Error('The user denied this operation');\n</final_file_content>\n\nIMPORTANT: use the final_file_content shown above.";
        let t = parse(&api(&[
            (
                "assistant",
                "<replace_in_file>\n<path>src/a.ts</path>\n<diff>x</diff>\n</replace_in_file>",
            ),
            ("user", saved),
            (
                "assistant",
                "<write_to_file>\n<path>src/b.ts</path>\n<content>x</content>\n</write_to_file>",
            ),
            (
                "user",
                "[write_to_file for 'src/b.ts'] Result:\nThe user denied this operation. The file was not created.",
            ),
            (
                "assistant",
                "<replace_in_file>\n<path>src/c.ts</path>\n<diff>x</diff>\n</replace_in_file>",
            ),
            (
                "user",
                "[replace_in_file for 'src/c.ts'] Result:\nThe tool execution failed with the following error:\n<error>\nThe SEARCH block did not match; the content was successfully saved to nowhere\n</error>",
            ),
        ]));
        let e: Vec<_> = t
            .edits
            .iter()
            .map(|e| (e.path.as_str(), e.confirmed))
            .collect();
        assert_eq!(
            e,
            vec![("src/a.ts", true), ("src/b.ts", false), ("src/c.ts", false)]
        );
        assert!(
            t.errors
                .iter()
                .any(|x| x.text.contains("denied") && x.evidence.as_deref() == Some("E2"))
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
