//! Plain text or Markdown, the fallback: speaker markers (`User:`, `Assistant:`, `Human:`,
//! `## User`, `**User:**` …) split it into messages; without any, the whole text is one user
//! message (bounded). Shell commands are the `$ ` lines inside fenced blocks; an exit status is
//! recorded only when the block prints one (`exit code 1`, `[exit status: 0]`).

use super::builder::MAX_MESSAGE_BYTES;
use super::input::{self, TextAccumulator};
use super::{Builder, MessageKind, ReadResult, Role};
use crate::evidence::read::LineReader;
use regex::Regex;
use std::io::BufRead;
use std::sync::LazyLock;

const SPEAKERS: &str = r"user|human|me|you|assistant|ai|agent|model|bot|claude|chatgpt|gpt|gemini|codex|copilot|cursor|system";

static HEADING: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)^#{{1,6}}\s+({SPEAKERS})\s*:?\s*$")).expect("static")
});
static BOLD: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(&format!(r"(?i)^\*\*({SPEAKERS})\s*:?\*\*\s*:?\s*(.*)$")).expect("static")
});
static LABEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!(r"(?i)^({SPEAKERS})\s*:\s*(.*)$")).expect("static"));
static EXIT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"(?i)^\[?\s*(?:exit(?:ed)?\s*(?:code|status)?|return code)\s*[:=]?\s*(-?\d+)\s*\]?\.?$",
    )
    .expect("static")
});

fn role_of(name: &str) -> Role {
    match name.to_lowercase().as_str() {
        "user" | "human" | "me" | "you" => Role::User,
        "system" => Role::System,
        _ => Role::Assistant,
    }
}

/// A speaker marker on `line`: the role and any text after the marker.
fn marker(line: &str) -> Option<(Role, String)> {
    let l = line.trim_end();
    if let Some(c) = HEADING.captures(l) {
        return Some((role_of(&c[1]), String::new()));
    }
    if let Some(c) = BOLD.captures(l) {
        return Some((role_of(&c[1]), c[2].to_string()));
    }
    LABEL
        .captures(l)
        .map(|c| (role_of(&c[1]), c[2].to_string()))
}

struct State {
    role: Option<Role>,
    text: TextAccumulator,
    in_fence: bool,
    /// The last command of the open fence, which an exit line below it belongs to.
    fence_command: Option<usize>,
    markers: usize,
}

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut lines = LineReader::new(reader);
    let mut st = State {
        role: None,
        text: TextAccumulator::new(2 * MAX_MESSAGE_BYTES),
        in_fence: false,
        fence_command: None,
        markers: 0,
    };
    while let Some(line) = lines.next_line()? {
        b.record();
        let Some(line) = input::line_text(b, line) else {
            continue;
        };
        let fence = line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~");
        if fence {
            st.in_fence = !st.in_fence;
            st.fence_command = None;
        } else if st.in_fence {
            let l = line.trim_start();
            if let Some(cmd) = l.strip_prefix("$ ") {
                st.fence_command = Some(b.command(None, cmd.trim(), Some("shell"), None, false));
            } else if let (Some(idx), Some(c)) = (st.fence_command, EXIT.captures(l.trim())) {
                b.command_result_at(idx, c[1].parse().ok(), None, "", None);
                st.fence_command = None;
            }
        } else if let Some((role, rest)) = marker(&line) {
            st.markers += 1;
            flush(b, &mut st);
            st.role = Some(role);
            if !rest.trim().is_empty() {
                st.text.push_line(&rest);
            }
            continue;
        }
        if !(st.text.is_empty() && line.trim().is_empty()) {
            st.text.push_line(&line);
        }
    }
    flush(b, &mut st);
    Ok(())
}

fn flush(b: &mut Builder, st: &mut State) {
    if st.text.is_empty() {
        return;
    }
    let text = st.text.take();
    let (role, kind) = match st.role {
        Some(Role::User) => (Role::User, MessageKind::Typed),
        Some(Role::Assistant) => (Role::Assistant, MessageKind::Typed),
        Some(Role::System) => (Role::System, MessageKind::Meta),
        // Text before the first marker is a preamble; with no marker at all it is the request.
        None if st.markers == 0 => (Role::User, MessageKind::Typed),
        None => (Role::System, MessageKind::Meta),
    };
    b.message(role, kind, &text, None, false);
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::Plain, text)
    }

    #[test]
    fn speaker_markers_split_messages() {
        let t = parse(
            "Notes from today\n\n**User:** fix the login bug\n\n## Assistant\nDone:\n```sh\n$ cargo test\ntest result: ok. 3 passed; 0 failed\nexit code 0\n$ git status\n```\nUser: thanks\nHuman: one more\n",
        );
        let m: Vec<_> = t
            .messages
            .iter()
            .map(|m| (m.role, m.kind, m.text.lines().next().unwrap_or("")))
            .collect();
        assert_eq!(
            m,
            vec![
                (Role::System, MessageKind::Meta, "Notes from today"),
                (Role::User, MessageKind::Typed, "fix the login bug"),
                (Role::Assistant, MessageKind::Typed, "Done:"),
                (Role::User, MessageKind::Typed, "thanks"),
                (Role::User, MessageKind::Typed, "one more"),
            ]
        );
        assert_eq!(t.commands.len(), 2);
        assert_eq!(t.commands[0].exit_code, Some(0));
        assert!(t.commands[0].is_test);
        assert_eq!(t.commands[1].exit_code, None);
    }

    #[test]
    fn without_markers_the_whole_text_is_one_bounded_request() {
        let big = "word ".repeat(20_000);
        let t = parse(&format!("Please refactor the parser.\n{big}\nThe end."));
        assert_eq!(t.messages.len(), 1);
        assert_eq!(t.messages[0].role, Role::User);
        assert!(t.messages[0].text.starts_with("Please refactor"));
        assert!(t.messages[0].text.len() <= MAX_MESSAGE_BYTES + 100);
        // `$ ` outside a fence is prose, not a command.
        let t = parse("run this:\n$ rm -rf build\n");
        assert!(t.commands.is_empty());
    }
}
