//! aider `.aider.chat.history.md` (`docs/transcript-formats.md`, "aider"): Markdown appended by every
//! launch. `# aider chat started at …` opens a launch, `#### ` lines are user input (consecutive
//! ones are one multi-line input), `> ` lines are aider's own output (edits applied, commits,
//! commands run, confirmations), and everything else is the assistant's answer.
//!
//! Nothing records exit codes or command output, so every command has `exit_code: None`.
//! Nothing has a time either, except the launch heading, which is the machine's local time with
//! no zone: each launch is kept as a [`Launch`] with that local time, its extent in events and
//! the commits aider says it made; `started_at`/`ended_at` stay unknown (a UTC stamp would be
//! off by the zone, and the end of a launch is its last event, which has no time).

use super::builder::MAX_MESSAGE_BYTES;
use super::input::{self, TextAccumulator};
use super::{Builder, EditKind, Launch, MessageKind, ReadError, ReadResult, Role};
use crate::evidence::read::LineReader;
use chrono::NaiveDateTime;
use regex::Regex;
use std::io::BufRead;
use std::sync::LazyLock;

static STARTED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^# aider chat started at (\d{4}-\d\d-\d\d[ T]\d\d:\d\d:\d\d)").expect("static")
});
static APPLIED: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^> Applied edit to (.+?)\s*$").expect("static"));
static COMMIT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^> Commit ([0-9a-f]{7,}) (.+?)\s*$").expect("static"));
/// `/undo`: ``> Removed: 0a1b2c3 feat: …`` (older: ``> Commit `bbde768` was reset and removed
/// from git.``).
static UNDONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^> (?:Removed: ([0-9a-f]{7,}) |Commit `?([0-9a-f]{7,})`? was reset and removed from git)",
    )
    .expect("static")
});
static RUNNING: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^> Running (.+?)\s*$").expect("static"));
static MODEL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^> (?:Main model|Model|Models): (\S+) with").expect("static"));
static GIT_REPO: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^> Git repo: (.+?)\s*$").expect("static"));
/// A confirmation prompt answered by the user, recorded as a `####` line.
static CONFIRMATION: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\(Y\)es/\(N\)o.*\[[^\]]*\]:\s*\S*\s*$)|(?:\?\s*\[(?:Yes|No|Y|N)\]:)")
        .expect("static")
});
/// A slash command at the start of user input (`/add x`, not a pasted `/**` comment).
static SLASH: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^/([a-z][a-z-]*)(?:\s+|$)").expect("static"));
static TOOL_ERROR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)(?:\w*Error\b|Exception\b|failed to match|^> Unable to )").expect("static")
});

/// Slash commands whose argument is a request to the model.
const ASKING_COMMANDS: &[&str] = &["ask", "code", "architect", "context", "help"];

#[derive(Default)]
struct State {
    assistant: TextAccumulator,
    thinking: Option<TextAccumulator>,
    user: Vec<String>,
    /// The text of the last `/ask`-style command, whose echo as a plain `####` line is dropped.
    pending_echo: Option<String>,
    /// A hash of the last assistant answer, words only: in architect mode aider passes the
    /// architect's answer to the editor model as `####` input, which the person never typed.
    last_answer: Option<u64>,
    /// The last command the user ran with `/run` or `!`, so aider's own `> Running` line for it
    /// is not counted twice.
    last_user_run: Option<String>,
    saw_aider: bool,
    /// The launch being read.
    launch: Option<Launch>,
}

impl State {
    /// Ends the launch being read at the last event so far.
    fn close_launch(&mut self, b: &mut Builder) {
        if let Some(mut l) = self.launch.take() {
            l.last_seq = b.last_seq().max(l.first_seq);
            b.session_mut().launches.push(l);
        }
    }

    /// The launch being read; a file that starts without a heading starts one with no time.
    fn launch_mut(&mut self, b: &Builder) -> &mut Launch {
        self.launch.get_or_insert_with(|| Launch {
            first_seq: b.last_seq() + 1,
            ..Launch::default()
        })
    }
}

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let mut lines = LineReader::new(reader);
    let mut st = State {
        assistant: TextAccumulator::new(2 * MAX_MESSAGE_BYTES),
        ..Default::default()
    };
    let mut first_content: Option<String> = None;
    while let Some(line) = lines.next_line()? {
        b.record();
        let Some(line) = input::line_text(b, line) else {
            continue;
        };
        if first_content.is_none() && !line.trim().is_empty() {
            first_content = Some(line.to_string());
        }
        handle_line(b, &mut st, &line);
    }
    flush_user(b, &mut st);
    flush_assistant(b, &mut st);
    if let Some(mut t) = st.thinking.take() {
        b.message(
            Role::Assistant,
            MessageKind::Thinking,
            &t.take(),
            None,
            false,
        );
    }
    st.close_launch(b);
    if !st.saw_aider {
        let starts_json = first_content
            .as_deref()
            .is_some_and(|l| l.trim_start().starts_with(['{', '[']));
        if starts_json {
            return Err(ReadError::NotThisFormat(
                "JSON, not an aider chat history".into(),
            ));
        }
        return Err(ReadError::NotThisFormat(
            "no `# aider chat started at`, `#### ` or `> ` lines".into(),
        ));
    }
    Ok(())
}

fn handle_line(b: &mut Builder, st: &mut State, line: &str) {
    // Inside a thinking block everything up to its closing tag is reasoning.
    // A block cut off (Ctrl-C) never closes: aider's own marked lines end it.
    if let Some(acc) = st.thinking.as_mut() {
        let closes = line.trim_start().starts_with("</thinking-content");
        let interrupted = STARTED.is_match(line)
            || (line.ends_with("  ") && (line.starts_with("#### ") || line.starts_with("> ")));
        if !(closes || interrupted) {
            acc.push_line(line);
            return;
        }
        let text = acc.take();
        st.thinking = None;
        b.message(Role::Assistant, MessageKind::Thinking, &text, None, false);
        if closes {
            return;
        }
    }
    if let Some(user) = user_line(line, st.assistant.is_empty()) {
        flush_assistant(b, st);
        st.saw_aider = true;
        st.user.push(user.to_string());
        return;
    }
    flush_user(b, st);
    if let Some(c) = STARTED.captures(line) {
        flush_assistant(b, st);
        st.saw_aider = true;
        st.close_launch(b);
        let started_local = ["%Y-%m-%d %H:%M:%S", "%Y-%m-%dT%H:%M:%S"]
            .iter()
            .find_map(|f| NaiveDateTime::parse_from_str(&c[1], f).ok());
        st.launch = Some(Launch {
            started_local,
            first_seq: b.last_seq() + 1,
            ..Launch::default()
        });
        b.message(
            Role::System,
            MessageKind::Meta,
            line.trim_start_matches("# "),
            None,
            false,
        );
        st.pending_echo = None;
        return;
    }
    if is_tool_line(line, st.assistant.is_empty()) {
        flush_assistant(b, st);
        st.saw_aider = true;
        tool_line(b, st, line);
        return;
    }
    if line.trim_start().starts_with("<thinking-content") {
        flush_assistant(b, st);
        st.thinking = Some(TextAccumulator::new(2 * MAX_MESSAGE_BYTES));
        return;
    }
    // Assistant text, including SEARCH/REPLACE blocks (`>>>>>>> REPLACE` is not tool output)
    // and fences that may never close.
    if !(st.assistant.is_empty() && line.trim().is_empty()) {
        st.assistant.push_line(line);
    }
}

/// The text of a user input line, if `line` is one. The writer ends every user line with two
/// spaces; a `####` line without them is a Markdown heading when it sits inside an answer.
fn user_line(line: &str, outside_answer: bool) -> Option<&str> {
    let rest = line.strip_prefix("####")?;
    if !(rest.is_empty() || rest.starts_with(' ')) {
        return None;
    }
    if !(line.ends_with("  ") || outside_answer || rest.trim().is_empty()) {
        return None;
    }
    Some(rest.strip_prefix(' ').unwrap_or(rest).trim_end())
}

/// `> …` lines are aider's own output; inside an answer only the ones the writer marked (two
/// trailing spaces) or that match a known form count, so a Markdown quote stays text.
fn is_tool_line(line: &str, outside_answer: bool) -> bool {
    if !(line.starts_with("> ") || line == ">") {
        return false;
    }
    outside_answer
        || line.ends_with("  ")
        || APPLIED.is_match(line)
        || COMMIT.is_match(line)
        || RUNNING.is_match(line)
}

fn tool_line(b: &mut Builder, st: &mut State, line: &str) {
    if let Some(c) = APPLIED.captures(line) {
        let path = c[1].trim();
        if looks_like_path(path) {
            let idx = b.edit(None, path, EditKind::Modify, Some("aider"), None, false);
            b.confirm_edit_at(idx, true);
        } else {
            b.skip("aider: edit target does not look like a path");
        }
    } else if let Some(c) = COMMIT.captures(line) {
        let note = format!("commit {} {}", &c[1], &c[2]);
        b.message(Role::System, MessageKind::Meta, &note, None, false);
        st.launch_mut(b).commits.push(c[1].to_string());
    } else if let Some(c) = UNDONE.captures(line) {
        let sha = c
            .get(1)
            .or_else(|| c.get(2))
            .map_or("", |m| m.as_str())
            .to_string();
        st.launch_mut(b).commits.retain(|x| *x != sha);
        b.message(
            Role::System,
            MessageKind::Meta,
            line.trim_start_matches("> "),
            None,
            false,
        );
    } else if let Some(c) = RUNNING.captures(line) {
        let cmd = c[1].trim();
        if st.last_user_run.as_deref() == Some(cmd) {
            st.last_user_run = None;
        } else {
            b.command(None, cmd, Some("aider"), None, false);
        }
    } else if let Some(c) = MODEL.captures(line) {
        b.model(&c[1]);
    } else if let Some(c) = GIT_REPO.captures(line) {
        let note = format!("git repo: {}", &c[1]);
        b.message(Role::System, MessageKind::Meta, &note, None, false);
    } else if TOOL_ERROR.is_match(line) && !line.contains("[Yes]") {
        b.error(line.trim_start_matches('>').trim(), None, None);
    }
}

/// An `Applied edit to` target that can be a file path: the whole-file edit format can take a
/// line of prose (`-> Swift binary …`) for a file name.
fn looks_like_path(p: &str) -> bool {
    if p.is_empty() || p.len() > 400 || p.starts_with(['-', '>', '*', '`', '#', '(', '[']) {
        return false;
    }
    if p.contains("->") || p.contains("  ") {
        return false;
    }
    let words = p.split_whitespace().count();
    // A name with spaces is only a path when it has a directory or an extension.
    words == 1 || (words <= 3 && (p.contains('/') || p.contains('\\') || has_extension(p)))
}

fn has_extension(p: &str) -> bool {
    p.rsplit_once('.')
        .is_some_and(|(_, ext)| !ext.is_empty() && ext.len() <= 8 && !ext.contains(' '))
}

fn flush_assistant(b: &mut Builder, st: &mut State) {
    if !st.assistant.is_empty() {
        let text = st.assistant.take();
        st.last_answer = Some(words_hash(&text));
        b.message(Role::Assistant, MessageKind::Typed, &text, None, false);
    }
}

/// A hash of the words of `text` (whitespace and the layout of lines ignored).
fn words_hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut h = std::collections::hash_map::DefaultHasher::new();
    for w in text.split_whitespace() {
        w.hash(&mut h);
    }
    h.finish()
}

fn flush_user(b: &mut Builder, st: &mut State) {
    if st.user.is_empty() {
        return;
    }
    let lines = std::mem::take(&mut st.user);
    let text = lines.join("\n");
    let trimmed = text.trim();
    if trimmed.is_empty() || trimmed == "<blank>" {
        return;
    }
    if lines.len() == 1 && CONFIRMATION.is_match(trimmed) {
        b.message(Role::User, MessageKind::Meta, trimmed, None, false);
        return;
    }
    if let Some(echo) = st.pending_echo.take()
        && echo.trim() == trimmed
    {
        return;
    }
    if let Some(cmd) = trimmed.strip_prefix('!') {
        run_by_user(b, st, cmd.trim(), trimmed);
        return;
    }
    if let Some(c) = SLASH.captures(trimmed) {
        let name = c[1].to_string();
        let arg = trimmed[c[0].len()..].trim();
        match name.as_str() {
            "run" | "test" if !arg.is_empty() => run_by_user(b, st, arg, trimmed),
            n if ASKING_COMMANDS.contains(&n) && !arg.is_empty() => {
                // `/ask X` is echoed as `#### X`, in the same block or the next one.
                let rest: Vec<&str> = lines.iter().skip(1).map(|l| l.trim()).collect();
                let first_arg = lines[0].trim()[c[0].len().min(lines[0].trim().len())..].trim();
                let request = if !rest.is_empty() && rest[0] == first_arg {
                    rest.join("\n")
                } else {
                    st.pending_echo = Some(arg.to_string());
                    arg.to_string()
                };
                b.message(Role::User, MessageKind::Typed, &request, None, false);
            }
            _ => {
                b.message(Role::User, MessageKind::Wrapper, trimmed, None, false);
            }
        }
        return;
    }
    if st.last_answer.take() == Some(words_hash(trimmed)) {
        // The architect's answer handed to the editor model: aider's doing, not a request.
        b.message(Role::User, MessageKind::Meta, trimmed, None, false);
        return;
    }
    b.message(Role::User, MessageKind::Typed, trimmed, None, false);
}

fn run_by_user(b: &mut Builder, st: &mut State, cmd: &str, typed: &str) {
    b.message(Role::User, MessageKind::Wrapper, typed, None, false);
    if !cmd.is_empty() {
        b.command(None, cmd, Some("aider /run"), None, false);
        st.last_user_run = Some(cmd.to_string());
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Format, Transcript};
    use super::*;

    fn parse(text: &str) -> Transcript {
        super::super::testkit::read_str(Format::Aider, text)
    }

    fn typed(t: &Transcript) -> Vec<&str> {
        super::super::testkit::user_requests(t)
    }

    const HEAD: &str = "# aider chat started at 2025-12-03 14:43:45\n\n> Aider v0.86.1  \n> Model: gpt-4o-mini with diff edit format  \n> Git repo: .git with 3 files  \n\n";

    /// In architect mode the architect's answer goes to the editor model as `####` input: it is
    /// aider's hand-over, not a request the person typed.
    #[test]
    fn an_architect_answer_passed_to_the_editor_is_no_request() {
        let t = parse(&format!(
            "{HEAD}#### /architect save the plan into task.md  \n\nI will instruct the editor to save it.\n\nCreate `task.md`.\n\n#### I will instruct the editor to save it.  \n####   \n#### Create `task.md`.  \n\ntask.md\n```\n- [ ] one\n```\n\n> Applied edit to task.md  \n"
        ));
        assert_eq!(typed(&t), vec!["save the plan into task.md"]);
        assert!(t.messages.iter().any(
            |m| m.kind == MessageKind::Meta && m.text.starts_with("I will instruct the editor")
        ));
    }

    #[test]
    fn ask_and_its_echo_are_one_message() {
        let t = parse(&format!(
            "{HEAD}#### /ask why does it crash?  \n\n#### why does it crash?  \n\nBecause.\n\n#### /ask what now?  \n#### what now?  \n"
        ));
        assert_eq!(typed(&t), vec!["why does it crash?", "what now?"]);
        assert_eq!(t.session.models, vec!["gpt-4o-mini"]);
    }

    #[test]
    fn confirmations_and_blank_are_not_requests() {
        let t = parse(&format!(
            "{HEAD}#### Add file to the chat? (Y)es/(N)o/(A)ll/(S)kip all/(D)on't ask again [Yes]: all  \n\n#### <blank>  \n\n#### fix the parser  \n#### and add a test  \n"
        ));
        assert_eq!(typed(&t), vec!["fix the parser\nand add a test"]);
        assert!(
            t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Meta && m.text.contains("[Yes]: all"))
        );
    }

    #[test]
    fn replace_markers_are_assistant_text_and_only_applied_edits_count() {
        let t = parse(&format!(
            "{HEAD}#### rename it  \n\nsrc/a.py\n```python\n<<<<<<< SEARCH\nold\n=======\nnew\n>>>>>>> REPLACE\n```\n\n```unclosed\n> Tokens: 2.4k sent, 104 received.  \n> Applied edit to src/a.py  \n> Commit 1b2614a feat: rename  \n"
        ));
        assert_eq!(t.edits.len(), 1);
        assert_eq!(t.edits[0].path, "src/a.py");
        assert!(t.edits[0].confirmed);
        let answer = t
            .messages
            .iter()
            .find(|m| m.role == Role::Assistant)
            .unwrap();
        assert!(answer.text.contains(">>>>>>> REPLACE"));
        assert!(
            t.messages
                .iter()
                .any(|m| m.text == "commit 1b2614a feat: rename")
        );
        assert!(t.commands.is_empty());
    }

    #[test]
    fn run_and_bang_commands_have_no_exit_code() {
        let t = parse(&format!(
            "{HEAD}#### /run pytest -q  \n> Add 1.2k tokens of command output to the chat? (Y)es/(N)o [Yes]: y  \n\n#### !ls -la  \n\nsuggested:\n\n> Running npm test  \n"
        ));
        let cmds: Vec<_> = t
            .commands
            .iter()
            .map(|c| (c.command.as_str(), c.exit_code, c.ok, c.has_result))
            .collect();
        assert_eq!(
            cmds,
            vec![
                ("pytest -q", None, None, false),
                ("ls -la", None, None, false),
                ("npm test", None, None, false)
            ]
        );
        assert!(t.commands[0].is_test);
        assert!(typed(&t).is_empty());
    }

    #[test]
    fn bogus_whole_file_targets_are_not_edits() {
        let t = parse(&format!(
            "{HEAD}#### write the report  \n\n<thinking-content-7bbe>\nlet me think\n</thinking-content-7bbe>\n\nHere it is.\n\n> Applied edit to -> Swift binary отправляет CGEvent/AX в ОС  \n> Applied edit to ./analyzer-report.md  \n> Applied edit to Topology  \n"
        ));
        let paths: Vec<_> = t.edits.iter().map(|e| e.path.as_str()).collect();
        assert_eq!(paths, vec!["./analyzer-report.md", "Topology"]);
        assert_eq!(
            t.stats.skipped_reasons["aider: edit target does not look like a path"],
            1
        );
        let thinking: Vec<_> = t
            .messages
            .iter()
            .filter(|m| m.kind == MessageKind::Thinking)
            .collect();
        assert_eq!(thinking.len(), 1);
        assert_eq!(thinking[0].text, "let me think");
        // A thinking block cut off by Ctrl-C ends at aider's next marked line.
        let t = parse(&format!(
            "{HEAD}#### go  \n\n<thinking-content-1>\nhalf a thought\n\n#### are you stuck?  \n>  \n> ^C again to exit  \n"
        ));
        assert_eq!(typed(&t), vec!["go", "are you stuck?"]);
        assert!(
            !t.messages
                .iter()
                .any(|m| m.kind == MessageKind::Typed && m.text.contains("let me think"))
        );
    }

    #[test]
    fn each_heading_opens_a_launch_in_local_time_with_its_commits() {
        let t = parse(&format!(
            "{HEAD}#### plan it  \n\nSure.\n#### Step 1\nDo a thing.\n> Applied edit to a.py  \n> Commit 1b2614a feat: plan  \n\n# aider chat started at 2025-12-04 09:00:00\n\n#### next  \n\nOk.\n> Applied edit to b.py  \n> Commit 2c3d4e5 fix: next  \n> Commit 3d4e5f6 fix: again  \n\n#### /undo  \n> Removed: 3d4e5f6 fix: again  \n> Commit `3d4e5f6` was reset and removed from git.  \n\n#### thanks  \n"
        ));
        assert_eq!(typed(&t), vec!["plan it", "next", "thanks"]);
        // Local time with no zone: never stamped as UTC instants.
        assert_eq!(t.session.started_at, None);
        assert_eq!(t.session.ended_at, None);
        let l = &t.session.launches;
        assert_eq!(l.len(), 2);
        assert_eq!(
            l[0].started_local.map(|d| d.to_string()).as_deref(),
            Some("2025-12-03 14:43:45")
        );
        assert_eq!(l[0].commits, ["1b2614a"]);
        assert_eq!(l[1].commits, ["2c3d4e5"]);
        // Each launch ends at its own last event; the second one runs to the end of the file.
        assert_eq!(l[0].first_seq, 1);
        assert_eq!(l[1].first_seq, l[0].last_seq + 1);
        let last = t.messages.last().unwrap().seq;
        assert_eq!(l[1].last_seq, last);
        let edit_b = t.edits.iter().find(|e| e.path == "b.py").unwrap();
        assert!(edit_b.seq > l[1].first_seq && edit_b.seq <= l[1].last_seq);
        let serialized = serde_json::to_value(&l[0]).unwrap();
        assert_eq!(serialized["started_local"], "2025-12-03T14:43:45");
    }

    #[test]
    fn other_text_is_not_aider() {
        let mut b = Builder::new("t", Format::Aider);
        let mut r = "[{\"action\":\"message\"}]".as_bytes();
        assert!(matches!(
            read(&mut r, &mut b),
            Err(ReadError::NotThisFormat(_))
        ));
    }
}
