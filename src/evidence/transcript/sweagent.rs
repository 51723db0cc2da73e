//! SWE-agent `.traj` (`docs/transcript-formats.md`, "SWE-agent"): one JSON object with `trajectory[]`
//! (raw ACI actions with their observations), `history[]` (the model's conversation, which can
//! start with a demonstration of ANOTHER task) and `info{}` (exit status, submitted diff).
//!
//! Nothing records exit codes, so commands never get one. Steps are held compactly until the
//! end of the file because the instance's own request sits in `history`, which follows
//! `trajectory` in the files written by SWE-agent.

use super::builder::{MAX_MESSAGE_BYTES, MAX_OUTPUT_BYTES};
use super::input::{self, content_text, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use crate::evidence::read::excerpt;
use regex::Regex;
use serde_json::Value;
use std::io::BufRead;
use std::sync::LazyLock;

static FILE_HEADER: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?m)^\[File: (.+?) \(\d+ lines total\)\]").expect("static"));
static STATE_FIELD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"['"](open_file|working_dir)['"]\s*:\s*['"]([^'"]*)['"]"#).expect("static")
});

/// Observation phrases that mean an edit was not applied, although the editor may still echo
/// a `[File: …]` block.
const EDIT_FAILED: &[&str] = &[
    "Your proposed edit has introduced new syntax error",
    "No replacement was performed",
    "did not appear verbatim",
    "Invalid `",
    "Error:",
    "already exists",
    "Usage: ",
    "No file opened",
];

/// One trajectory step, kept small.
struct Step {
    action: String,
    observation: String,
    thought: String,
    open_file: Option<String>,
    working_dir: Option<String>,
}

#[derive(Default)]
struct History {
    system: Vec<String>,
    /// User messages before the first assistant turn: demonstrations and the request.
    before_first_answer: Vec<(String, bool)>,
    answered: bool,
}

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut steps: Vec<Step> = Vec::new();
    let mut hist = History::default();
    let summary = input::walk_document(
        reader,
        &["trajectory", "history"],
        &["info", "replay_config"],
        &mut |field, el| {
            b.record();
            match field {
                Some("trajectory") => match step_of(&el) {
                    Some(s) => steps.push(s),
                    None => b.skip("swe-agent: trajectory step without an action"),
                },
                Some("history") => history_item(b, &mut hist, &el),
                _ => b.skip("swe-agent: unexpected element"),
            }
        },
    )?;
    if summary.top_level_array {
        return Err(ReadError::NotThisFormat(
            "a .traj file is a JSON object with a trajectory".into(),
        ));
    }
    if steps.is_empty() && summary.elements == 0 && !summary.fields.contains_key("info") {
        return Err(ReadError::NotThisFormat(
            "no trajectory, history or info".into(),
        ));
    }
    if let Some(model) = model_of(summary.fields.get("replay_config")) {
        b.model(&model);
    }
    if let Some(dir) = steps.iter().find_map(|s| s.working_dir.clone()) {
        b.session_mut().cwd = Some(dir);
    }
    emit_history(b, &hist);
    for s in &steps {
        emit_step(b, s);
    }
    if let Some(info) = summary.fields.get("info") {
        emit_info(b, info);
    }
    summary.report(b, "entries");
    Ok(())
}

fn step_of(el: &Value) -> Option<Step> {
    let action = str_field(el, "action")?.trim().to_string();
    if action.is_empty() {
        return None;
    }
    let (open_file, working_dir) = state_of(el.get("state"));
    let thought = str_field(el, "thought")
        .filter(|t| !t.trim().is_empty())
        .or_else(|| str_field(el, "response"))
        .unwrap_or("");
    Some(Step {
        action: excerpt(&action, MAX_MESSAGE_BYTES),
        observation: excerpt(str_field(el, "observation").unwrap_or(""), MAX_OUTPUT_BYTES),
        thought: excerpt(thought, MAX_MESSAGE_BYTES),
        open_file,
        working_dir,
    })
}

/// `state` is JSON text in 0.x, an object or a Python-repr string in 1.x.
fn state_of(v: Option<&Value>) -> (Option<String>, Option<String>) {
    let clean = |s: Option<&str>| {
        s.map(str::trim)
            .filter(|s| !s.is_empty() && *s != "n/a" && *s != "None")
            .map(str::to_string)
    };
    match v {
        Some(Value::Object(_)) => {
            let v = v.unwrap_or(&Value::Null);
            (
                clean(str_field(v, "open_file")),
                clean(str_field(v, "working_dir")),
            )
        }
        Some(Value::String(s)) => {
            if let Ok(obj @ Value::Object(_)) = serde_json::from_str::<Value>(s) {
                return state_of(Some(&obj));
            }
            let (mut open, mut dir) = (None, None);
            for c in STATE_FIELD.captures_iter(s) {
                match &c[1] {
                    "open_file" => open = clean(Some(&c[2])),
                    _ => dir = clean(Some(&c[2])),
                }
            }
            (open, dir)
        }
        _ => (None, None),
    }
}

fn history_item(b: &mut Builder, h: &mut History, el: &Value) {
    let role = str_field(el, "role").unwrap_or("");
    let text = el.get("content").map(content_text).unwrap_or_default();
    match role {
        "system" => h.system.push(excerpt(&text, MAX_MESSAGE_BYTES)),
        "user" if !h.answered => {
            let demo = el.get("is_demo").and_then(Value::as_bool) == Some(true)
                || text.trim_start().starts_with("Here is a demonstration");
            h.before_first_answer
                .push((excerpt(&text, 4 * MAX_MESSAGE_BYTES), demo));
        }
        "assistant" => h.answered = true,
        "user" | "tool" => {}
        _ => b.skip(format!("swe-agent: history item with role {role}")),
    }
}

/// Where SWE-agent's instance templates put the problem statement: (opening, closing) markers;
/// the text between them is the request, the lead-in and instructions around it are the
/// template's.
const REQUEST_SPANS: &[(&str, &str)] = &[
    ("<pr_description>", "</pr_description>"),
    ("<issue>", "</issue>"),
    ("<problem_statement>", "</problem_statement>"),
    // 0.x: "We're currently solving the following issue … Here's the issue text:\nISSUE:\n…"
    ("ISSUE:", "INSTRUCTIONS:"),
    // EnIGMA (CTF): "… named \"X\", worth 10 points. The description is:\n…"
    ("The description is:", "INSTRUCTIONS:"),
];

/// The problem statement inside an instance template, as a byte range of `text`.
fn request_span(text: &str) -> Option<std::ops::Range<usize>> {
    REQUEST_SPANS.iter().find_map(|(open, close)| {
        let start = text.find(open)? + open.len();
        let end = text[start..].find(close).map_or(text.len(), |e| start + e);
        let inner = &text[start..end];
        let lead = inner.len() - inner.trim_start().len();
        let trail = inner.len() - inner.trim_end().len();
        (start + lead < end - trail).then(|| start + lead..end - trail)
    })
}

/// Markers of the instance's own problem statement.
fn is_request(text: &str) -> bool {
    request_span(text).is_some() || text.contains("We're currently solving the following")
}

fn emit_history(b: &mut Builder, h: &History) {
    for s in &h.system {
        b.message(Role::System, MessageKind::Meta, s, None, false);
    }
    // The request is the last non-demonstration user message that looks like a problem
    // statement, else the last non-demonstration one; demonstrations hold another task's issue.
    let own: Vec<usize> = (0..h.before_first_answer.len())
        .filter(|&i| !h.before_first_answer[i].1)
        .collect();
    let request = own
        .iter()
        .rev()
        .find(|&&i| is_request(&h.before_first_answer[i].0))
        .or(own.last())
        .copied();
    for (i, (text, _)) in h.before_first_answer.iter().enumerate() {
        match request_span(text).filter(|_| Some(i) == request) {
            // The issue text is the request; the template around it is not.
            Some(span) => {
                b.message(
                    Role::User,
                    MessageKind::Typed,
                    &text[span.clone()],
                    None,
                    false,
                );
                let template = format!("{}[…]{}", &text[..span.start], &text[span.end..]);
                b.message(Role::User, MessageKind::Meta, &template, None, false);
            }
            None => {
                let kind = if Some(i) == request {
                    MessageKind::Typed
                } else {
                    MessageKind::Meta
                };
                b.message(Role::User, kind, text, None, false);
            }
        }
    }
}

/// What an ACI action does to files.
enum Act<'a> {
    Edit {
        path: Option<&'a str>,
        kind: EditKind,
    },
    Command,
}

fn classify(action: &str) -> Act<'_> {
    let first_line = action.lines().next().unwrap_or("");
    let mut words = first_line.split_whitespace();
    match words.next().unwrap_or("") {
        "edit" => Act::Edit {
            path: None,
            kind: EditKind::Modify,
        },
        "create" => Act::Edit {
            path: words.next(),
            kind: EditKind::Create,
        },
        // The windowed editor's `insert <text> [<line>]` and `append`: edits of the open file.
        "insert" | "append" => Act::Edit {
            path: None,
            kind: EditKind::Modify,
        },
        "str_replace_editor" | "edit_file" => {
            let sub = words.next().unwrap_or("");
            let path = words.next();
            match sub {
                "create" => Act::Edit {
                    path,
                    kind: EditKind::Create,
                },
                "str_replace" | "insert" | "undo_edit" | "append" => Act::Edit {
                    path,
                    kind: EditKind::Modify,
                },
                _ => Act::Command,
            }
        }
        _ => Act::Command,
    }
}

fn emit_step(b: &mut Builder, s: &Step) {
    b.message(Role::Assistant, MessageKind::Typed, &s.thought, None, false);
    match classify(&s.action) {
        Act::Edit { path, kind } => {
            let failed = EDIT_FAILED.iter().any(|p| s.observation.contains(p));
            let echoed = FILE_HEADER
                .captures(&s.observation)
                .map(|c| c[1].to_string());
            // A failed edit may echo some other file; trust the echo only on success.
            let target = path
                .map(str::to_string)
                .or_else(|| if failed { None } else { echoed.clone() })
                .or_else(|| s.open_file.clone())
                .or(echoed);
            let Some(target) = target else {
                b.skip("swe-agent: edit with no known target file");
                return;
            };
            let target = match (&s.working_dir, target.starts_with('/')) {
                (Some(dir), false) => format!("{}/{}", dir.trim_end_matches('/'), target),
                _ => target,
            };
            let idx = b.edit(None, &target, kind, Some("swe-agent"), None, false);
            b.confirm_edit_at(idx, !failed);
            if failed {
                let id = b.transcript().edits.get(idx).map(|e| e.id.clone());
                let first = s.observation.lines().next().unwrap_or("edit failed");
                b.error(first, id.map(String::from), None);
            }
        }
        Act::Command => {
            let idx = b.command(None, &s.action, Some("swe-agent"), None, false);
            b.command_result_at(idx, None, None, &s.observation, None);
        }
    }
}

fn emit_info(b: &mut Builder, info: &Value) {
    if let Some(status) = str_field(info, "exit_status") {
        b.message(
            Role::System,
            MessageKind::Meta,
            &format!("exit status: {status}"),
            None,
            false,
        );
        if !status.starts_with("submitted") {
            b.error(&format!("run ended with exit status {status}"), None, None);
        }
    }
    let Some(diff) = str_field(info, "submission") else {
        return;
    };
    // The submitted diff is what the run changed; add the files the trajectory did not already
    // show as confirmed edits.
    let mut files: Vec<(String, EditKind)> = Vec::new();
    for line in diff.lines() {
        if let Some(rest) = line.strip_prefix("diff --git ") {
            if let Some((_, b_path)) = rest.split_once(" b/") {
                files.push((b_path.trim().to_string(), EditKind::Modify));
            }
        } else if line.starts_with("new file mode") {
            if let Some(f) = files.last_mut() {
                f.1 = EditKind::Create;
            }
        } else if line.starts_with("deleted file mode")
            && let Some(f) = files.last_mut()
        {
            f.1 = EditKind::Delete;
        }
    }
    for (path, kind) in files {
        let seen = b
            .transcript()
            .edits
            .iter()
            .any(|e| e.confirmed && e.path == path);
        if !seen {
            let idx = b.edit(None, &path, kind, Some("submission"), None, false);
            b.confirm_edit_at(idx, true);
        }
    }
}

fn model_of(config: Option<&Value>) -> Option<String> {
    let parsed;
    let config = match config? {
        Value::String(s) => {
            parsed = serde_json::from_str::<Value>(s).ok()?;
            &parsed
        }
        v => v,
    };
    let model = config.get("agent")?.get("model")?;
    str_field(model, "name")
        .or_else(|| str_field(model, "model_name"))
        .map(str::to_string)
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::SweAgent, text)
    }

    fn typed(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    #[test]
    fn state_as_json_text_and_as_python_repr() {
        assert_eq!(
            state_of(Some(&Value::String(
                "{\"open_file\": \"/r/a.py\", \"working_dir\": \"/r\"}\n".into()
            ))),
            (Some("/r/a.py".into()), Some("/r".into()))
        );
        assert_eq!(
            state_of(Some(&Value::String(
                "{'open_file': 'n/a', 'working_dir': '/repo'}".into()
            ))),
            (None, Some("/repo".into()))
        );
        assert_eq!(
            state_of(Some(
                &serde_json::json!({"open_file": "/x.py", "working_dir": "/"})
            )),
            (Some("/x.py".into()), Some("/".into()))
        );
    }

    #[test]
    fn failed_edit_echoing_a_file_is_not_confirmed() {
        let doc = serde_json::json!({
            "trajectory": [
                {"action": "edit 2:2\n    x = 1\nend_of_edit\n",
                 "observation": "Your proposed edit has introduced new syntax error(s). Please read this error message carefully.\n[File: /r/a.py (6 lines total)]\n1:x",
                 "thought": "fix it", "state": "{\"open_file\": \"/r/a.py\", \"working_dir\": \"/r\"}"},
                {"action": "edit 2:2\n    x = 2\nend_of_edit\n",
                 "observation": "[File: /r/a.py (6 lines total)]\n1:x", "thought": "again",
                 "state": "{'open_file': '/r/a.py', 'working_dir': '/r'}"},
                {"action": "python a.py\n", "observation": "Traceback (most recent call last):", "thought": "",
                 "state": "{\"open_file\": \"/r/a.py\", \"working_dir\": \"/r\"}"},
                {"action": "str_replace_editor create /r/b.py --file_text 'x'", "observation": "File created successfully at: /r/b.py"}
            ],
            "history": [],
            "info": {"exit_status": "submitted", "submission": "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\ndiff --git a/c.py b/c.py\nnew file mode 100644\n"}
        });
        let t = parse(&doc.to_string());
        let e: Vec<_> = t
            .edits
            .iter()
            .map(|e| (e.path.as_str(), e.kind, e.confirmed))
            .collect();
        assert_eq!(
            e,
            vec![
                ("a.py", EditKind::Modify, false),
                ("a.py", EditKind::Modify, true),
                ("b.py", EditKind::Create, true),
                ("c.py", EditKind::Create, true)
            ]
        );
        assert_eq!(t.commands.len(), 1);
        assert_eq!(t.commands[0].exit_code, None);
        assert_eq!(t.session.cwd.as_deref(), Some("/r"));
        assert_eq!(t.errors[0].evidence.as_deref(), Some("E1"));
    }

    #[test]
    fn demonstration_issue_is_meta_and_own_issue_is_the_request() {
        let doc = serde_json::json!({
            "environment": "swe_main",
            "trajectory": [{"action": "submit\n", "observation": "", "state": ""}],
            "history": [
                {"role": "system", "content": "SETTING: you are…", "agent": "primary"},
                {"role": "user", "content": "Here is a demonstration of how to correctly accomplish this task.\nISSUE:\nTimeDelta serialization precision", "agent": "primary", "is_demo": true},
                {"role": "user", "content": [{"type": "text", "text": "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nmissing colon"}], "agent": "primary"},
                {"role": "assistant", "content": "Let me look.", "agent": "primary"},
                {"role": "user", "content": "ISSUE: not a request, an observation", "agent": "primary"}
            ],
            "info": {"exit_status": "exit_cost"},
            "replay_config": "{\"agent\": {\"model\": {\"name\": \"gpt-4o\"}}}"
        });
        let t = parse(&doc.to_string());
        let req = typed(&t);
        // The issue text, not the template's lead-in.
        assert_eq!(req, vec!["missing colon"]);
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Meta && m.text.contains("TimeDelta"))
        );
        assert_eq!(t.session.models, vec!["gpt-4o"]);
        assert!(t.errors.iter().any(|e| e.text.contains("exit_cost")));
    }

    #[test]
    fn windowed_insert_and_append_are_edits_of_the_open_file() {
        let state = "{\"open_file\": \"/repo/src/calc.py\", \"working_dir\": \"/repo\"}";
        let doc = serde_json::json!({
            "trajectory": [
                {"action": "open src/calc.py", "observation": "[File: /repo/src/calc.py (2 lines total)]\n1:def add(a, b):\n2:    return a - b", "state": state},
                {"action": "insert '\n\ndef sub(a, b):\n    return a - b' 2", "observation": "[File: /repo/src/calc.py (5 lines total)]\n1:def add(a, b):", "state": state},
                {"action": "append\nprint(add(1, 2))\nend_of_append", "observation": "[File: /repo/src/calc.py (6 lines total)]", "state": state},
                {"action": "insert 'x' 99", "observation": "No file opened. Use the `create` or `open` command first.\n###SWE-AGENT-RETRY-WITH-OUTPUT###", "state": "{\"open_file\": \"n/a\", \"working_dir\": \"/repo\"}"}
            ],
            "history": [
                {"role": "user", "content": "<uploaded_files>\n/repo\n</uploaded_files>\nI've uploaded a python code repository in the directory /repo. Consider the following PR description:\n\n<pr_description>\nadd a sub() helper\n</pr_description>\n\nCan you help me implement the necessary changes?"}
            ],
            "info": {"exit_status": "exit_cost"}
        });
        let t = parse(&doc.to_string());
        let e: Vec<_> = t
            .edits
            .iter()
            .map(|e| (e.path.as_str(), e.confirmed))
            .collect();
        // The failed insert had no open file and echoed none: no target, skipped.
        assert_eq!(e, vec![("src/calc.py", true), ("src/calc.py", true)]);
        assert_eq!(t.commands.len(), 1, "only `open` is a command");
        assert_eq!(typed(&t), vec!["add a sub() helper"]);
        assert!(t.messages.iter().any(|m| m.kind == MessageKind::Meta
            && m.text.contains("Consider the following PR description")));
    }

    #[test]
    fn truncated_traj_keeps_steps() {
        let t = parse(
            r#"{"environment":"swe_main","trajectory":[{"action":"ls\n","observation":"a.py"},{"action":"python a.py","observ"#,
        );
        assert_eq!(t.commands.len(), 1);
        assert!(
            t.stats
                .skipped_reasons
                .keys()
                .any(|k| k.starts_with("truncated JSON document"))
        );
    }
}
