//! Cursor agent-transcript JSONL (`~/.cursor/projects/<slug>/agent-transcripts/*.jsonl`;
//! `docs/transcript-formats.md`): `{role, message: {content: [blocks]}}` lines with no timestamps, no ids and
//! no tool results. So edits are never confirmed and commands never have an exit code. The
//! user's request sits inside `<user_query>`, after context blocks such as `<external_links>`.

use super::input::{content_text, for_each_record, str_field};
use super::{Builder, EditKind, MessageKind, ReadError, ReadResult, Role};
use serde_json::Value;
use std::collections::HashSet;
use std::io::BufRead;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut recognised = 0u64;
    let mut parsed = 0u64;
    let mut touched: HashSet<String> = HashSet::new();
    for_each_record(reader, b, |b, v| {
        parsed += 1;
        let role =
            str_field(&v, "role").or_else(|| v.get("message").and_then(|m| str_field(m, "role")));
        let Some(message) = v.get("message") else {
            b.skip("record without a message");
            return;
        };
        let content = message.get("content").unwrap_or(&Value::Null);
        let blocks: Vec<&Value> = match content {
            Value::Array(items) => items.iter().collect(),
            other => vec![other],
        };
        match role {
            Some("user") => {
                recognised += 1;
                for block in blocks {
                    let text = block_text(block);
                    for (kind, part) in split_user(&text) {
                        b.message(Role::User, kind, &part, None, false);
                    }
                }
            }
            Some("assistant") => {
                recognised += 1;
                for block in blocks {
                    match str_field(block, "type") {
                        Some("tool_use") => tool_use(b, block, &mut touched),
                        Some("thinking") | Some("reasoning") => {
                            let text = str_field(block, "thinking")
                                .or_else(|| str_field(block, "text"))
                                .unwrap_or("");
                            b.message(Role::Assistant, MessageKind::Thinking, text, None, false);
                        }
                        _ => {
                            let text = block_text(block);
                            b.message(Role::Assistant, MessageKind::Typed, &text, None, false);
                        }
                    }
                }
            }
            Some("system") => {
                recognised += 1;
                for block in blocks {
                    b.message(
                        Role::System,
                        MessageKind::Meta,
                        &block_text(block),
                        None,
                        false,
                    );
                }
            }
            _ => b.skip("record without a known role"),
        }
    })?;
    if recognised == 0 && parsed > 0 {
        return Err(ReadError::NotThisFormat(format!(
            "none of its {parsed} JSON records is a Cursor {{role, message}} line"
        )));
    }
    Ok(())
}

fn block_text(block: &Value) -> String {
    match block {
        Value::String(s) => s.clone(),
        Value::Object(_) => str_field(block, "text")
            .map(str::to_string)
            .unwrap_or_else(|| content_text(block.get("content").unwrap_or(&Value::Null))),
        _ => String::new(),
    }
}

/// Splits user text into the `<user_query>` request (typed) and the context around it (meta).
/// Text without the tag is typed as a whole.
fn split_user(text: &str) -> Vec<(MessageKind, String)> {
    const OPEN: &str = "<user_query>";
    const CLOSE: &str = "</user_query>";
    let Some(start) = text.find(OPEN) else {
        return vec![(MessageKind::Typed, text.to_string())];
    };
    let inner_start = start + OPEN.len();
    let inner_end = text[inner_start..]
        .find(CLOSE)
        .map(|i| inner_start + i)
        .unwrap_or(text.len());
    let after = (inner_end + CLOSE.len()).min(text.len());
    let mut context = String::new();
    context.push_str(text[..start].trim());
    let tail = text.get(after..).unwrap_or("").trim();
    if !tail.is_empty() {
        if !context.is_empty() {
            context.push('\n');
        }
        context.push_str(tail);
    }
    let mut out = Vec::new();
    if !context.is_empty() {
        out.push((MessageKind::Meta, context));
    }
    out.push((MessageKind::Typed, text[inner_start..inner_end].to_string()));
    out
}

fn tool_use(b: &mut Builder, block: &Value, touched: &mut HashSet<String>) {
    let name = str_field(block, "name").unwrap_or("");
    let input = block.get("input").unwrap_or(&Value::Null);
    let path = [
        "path",
        "file_path",
        "target_file",
        "filePath",
        "relative_workspace_path",
    ]
    .iter()
    .find_map(|k| str_field(input, k))
    .filter(|p| !p.trim().is_empty());
    let call_id = str_field(block, "id");
    match name {
        "Shell" | "Bash" | "run_terminal_cmd" | "run_terminal_command" | "Terminal" => {
            if let Some(cmd) = str_field(input, "command").or_else(|| str_field(input, "cmd")) {
                b.command(call_id, cmd, Some(name), None, false);
            }
        }
        "Write" | "Edit" | "StrReplace" | "MultiEdit" | "edit_file" | "search_replace"
        | "write" | "ApplyPatch" | "Delete" | "delete_file" | "EditNotebook" => {
            let Some(path) = path else { return };
            let first_touch = touched.insert(path.trim().to_string());
            let kind = match name {
                "Delete" | "delete_file" => EditKind::Delete,
                "Write" | "write" if first_touch => EditKind::Create,
                _ => EditKind::Modify,
            };
            b.edit(call_id, path, kind, Some(name), None, false);
        }
        "Read" | "read_file" => {
            if let Some(path) = path {
                touched.insert(path.trim().to_string());
            }
        }
        _ => {}
    }
}

#[cfg(test)]
mod tests {
    use super::super::Format;
    use super::*;

    #[test]
    fn user_query_is_the_request_and_tools_have_no_results() {
        let lines = [
            r#"{"role":"user","message":{"content":[{"type":"text","text":"<external_links>\nhttps://example.com/a (long page text)\n</external_links>\n<user_query>\nfix the login bug\n</user_query>"}]}}"#,
            r#"{"role":"assistant","message":{"content":[{"type":"text","text":"Looking."},{"type":"tool_use","name":"Read","input":{"path":"/w/src/a.ts"}},{"type":"tool_use","name":"Write","input":{"path":"/w/src/a.ts","contents":"x"}},{"type":"tool_use","name":"Write","input":{"path":"/w/b.md","contents":"y"}},{"type":"tool_use","name":"Shell","input":{"command":"npm test"}}]}}"#,
            r#"{"role":"user","message":{"content":[{"type":"text","text":"plain follow-up"}]}}"#,
        ]
        .join("\n");
        let mut b = Builder::new("c.jsonl", Format::Cursor);
        read(&mut lines.as_bytes(), &mut b).unwrap();
        let t = b.finish();
        let users: Vec<(MessageKind, &str)> = t
            .messages
            .iter()
            .filter(|m| m.role == Role::User)
            .map(|m| (m.kind, m.text.as_str()))
            .collect();
        assert_eq!(users[0].0, MessageKind::Meta);
        assert_eq!(users[1], (MessageKind::Typed, "fix the login bug"));
        assert_eq!(users[2], (MessageKind::Typed, "plain follow-up"));
        assert_eq!(t.edits.len(), 2);
        assert_eq!(t.edits[0].kind, EditKind::Modify);
        assert_eq!(t.edits[1].kind, EditKind::Create);
        assert!(t.edits.iter().all(|e| !e.confirmed && e.at.is_none()));
        assert_eq!(t.commands.len(), 1);
        let c = &t.commands[0];
        assert!(c.is_test && !c.has_result);
        assert_eq!((c.exit_code, c.ok), (None, None));
    }

    #[test]
    fn other_formats_are_refused() {
        let codex =
            r#"{"timestamp":"2026-01-01T00:00:00Z","type":"session_meta","payload":{"id":"x"}}"#;
        let mut b = Builder::new("t", Format::Cursor);
        assert!(matches!(
            read(&mut codex.as_bytes(), &mut b),
            Err(ReadError::NotThisFormat(_))
        ));
    }
}
