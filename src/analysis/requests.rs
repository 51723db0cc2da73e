//! What the user asked, in order: typed requests and slash commands that carry work, without
//! greetings, acknowledgements, harness text, interrupted turns or queued duplicates; each with
//! whether the session answered it. The goal is the latest request; earlier ones are summarised.

use super::scope::{View, said_by_agent};
use super::text;
use crate::evidence::transcript::{Message, MessageKind, Role};
use crate::phrases;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The requests of the covered session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Requests {
    /// Substantive requests, in order.
    pub items: Vec<Request>,
    /// User messages left out, with why (`greeting`, `interrupted`, `harness`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub dropped: Vec<(String, String)>,
}

/// One request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Request {
    /// The message id.
    pub id: String,
    /// Earlier messages with the same request (queued or resent duplicates).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub also: Vec<String>,
    /// The request without harness text (full).
    pub text: String,
    /// About one sentence of it, cut at a sentence or clause boundary.
    pub summary: String,
    /// Whether the session answered it.
    pub answer: Answer,
    /// Event order.
    pub seq: u64,
    /// When it was sent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<DateTime<Utc>>,
}

/// How the session responded to a request.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub(crate) enum Answer {
    /// The agent replied or acted (message, command or edit) before the next request.
    Answered,
    /// Nothing came back; `errors` are what the session recorded instead (model/API errors).
    Unanswered {
        /// Error texts recorded after the request, shortened.
        errors: Vec<String>,
        /// Their ids (`X*`), in the same order.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        error_ids: Vec<String>,
    },
    /// The owner undid the answer (aider `/undo`).
    Undone {
        /// The `/undo` message.
        by: String,
        /// The commit that was undone, when aider named it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        commit: Option<String>,
    },
}

impl Requests {
    /// The goal: the latest request.
    pub(crate) fn goal(&self) -> Option<&Request> {
        self.items.last()
    }

    /// The requests before the goal.
    pub(crate) fn earlier(&self) -> &[Request] {
        &self.items[..self.items.len().saturating_sub(1)]
    }

    /// The trailing requests nothing answered (or whose answer was undone), oldest first.
    pub(crate) fn open_at_end(&self) -> Vec<&Request> {
        let mut out: Vec<&Request> = self
            .items
            .iter()
            .rev()
            .take_while(|r| !matches!(r.answer, Answer::Answered))
            .collect();
        out.reverse();
        out
    }
}

/// Longest request summary.
pub(crate) const SUMMARY_CHARS: usize = 220;

/// The requests of the covered session.
pub(crate) fn of(view: &View) -> Requests {
    let mut out = Requests::default();
    // Requests in order, `None` where a later duplicate replaced one; each one's dedupe key, and
    // the live ones by the key's first bytes (two keys that are the same request share them), so
    // that a long session with thousands of distinct requests is not compared pairwise.
    let mut slots: Vec<Option<Request>> = Vec::new();
    let mut keys: Vec<String> = Vec::new();
    let mut by_start: std::collections::HashMap<Vec<u8>, Vec<usize>> =
        std::collections::HashMap::new();
    let msgs = &view.messages;
    for (i, m) in msgs.iter().enumerate() {
        if m.role != Role::User {
            continue;
        }
        let Some(raw) = request_text(m) else {
            continue;
        };
        let cleaned = clean(&raw);
        if cleaned.trim().is_empty() || phrases::GREETING.is_match(cleaned.trim()) {
            if m.kind == MessageKind::Typed {
                out.dropped
                    .push((m.id.clone(), "greeting or acknowledgement".into()));
            }
            continue;
        }
        if interrupted(msgs, i) {
            out.dropped
                .push((m.id.clone(), "interrupted by the user".into()));
            continue;
        }
        let summary = summarise(&cleaned, SUMMARY_CHARS);
        if summary.is_empty() {
            continue;
        }
        let key = dedupe_key(&cleaned);
        let start = key.as_bytes()[..key.len().min(DEDUPE_START_BYTES)].to_vec();
        let live = by_start.entry(start).or_default();
        let mut also = Vec::new();
        if let Some(at) = live.iter().position(|&i| same_request(&keys[i], &key))
            && let Some(earlier) = slots[live.remove(at)].take()
        {
            also.extend(earlier.also);
            also.push(earlier.id);
        }
        live.push(slots.len());
        keys.push(key);
        slots.push(Some(Request {
            id: m.id.clone(),
            also,
            text: cleaned,
            summary,
            answer: Answer::Answered,
            seq: m.seq,
            at: m.at,
        }));
    }
    out.items = slots.into_iter().flatten().collect();
    // Answers: what happened between each request and the next.
    let seqs: Vec<u64> = out.items.iter().map(|r| r.seq).collect();
    let order = InOrder::of(view);
    for (k, r) in out.items.iter_mut().enumerate() {
        let until = seqs.get(k + 1).copied().unwrap_or(u64::MAX);
        r.answer = answer(view, &order, r.seq, until);
    }
    out
}

/// The request a user message carries: typed text, or a slash command with arguments that asks
/// for work (`/gsd:add-todo <spec>`); `None` for harness records and bookkeeping commands.
fn request_text(m: &Message) -> Option<String> {
    match m.kind {
        MessageKind::Typed => {
            let t = m.text.trim();
            let bare_command = t.starts_with('/') && !t.contains(char::is_whitespace);
            (!(phrases::HARNESS_TEXT.is_match(t) || bare_command)).then(|| t.to_string())
        }
        MessageKind::Wrapper => {
            let name = between(&m.text, "<command-name>", "</command-name>")?;
            let args = between(&m.text, "<command-args>", "</command-args>").unwrap_or_default();
            let bare = name.trim().trim_start_matches('/');
            let harness = phrases::HARNESS_COMMANDS
                .iter()
                .any(|h| bare.eq_ignore_ascii_case(h));
            (!harness && !args.trim().is_empty()).then(|| format!("/{bare}\n{}", args.trim()))
        }
        _ => None,
    }
}

fn between<'a>(s: &'a str, open: &str, close: &str) -> Option<&'a str> {
    let start = s.find(open)? + open.len();
    let end = s[start..].find(close)? + start;
    Some(&s[start..end])
}

/// Harness lines and templates removed: the issue inside SWE-agent's template, Cline's
/// reminders, aider's prompts, a leading role preamble.
fn clean(raw: &str) -> String {
    let body = match phrases::ISSUE_TEMPLATE.regex().captures(raw) {
        Some(c) => c.get(1).map(|m| m.as_str().to_string()).unwrap_or_default(),
        None => raw.to_string(),
    };
    let kept: Vec<&str> = body
        .lines()
        .filter(|l| !phrases::HARNESS_LINE.is_match(l))
        .collect();
    let joined = kept.join("\n");
    let trimmed = joined.trim_start();
    phrases::ROLE_PREAMBLE
        .regex()
        .replace(trimmed, "")
        .trim()
        .to_string()
}

/// The request as one short passage: Markdown and long code removed, quoted-reply markers
/// dropped, cut at a sentence or clause boundary.
pub(crate) fn summarise(text: &str, max: usize) -> String {
    // A long request that opens with a title (a pasted spec: `# PolyDot — Build Specification`,
    // `/gsd:add-todo` + `# CipherBox File Metadata v2`) is summarised by its title.
    let lines: Vec<&str> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .collect();
    let (lead, rest) = match lines.first() {
        Some(l) if l.starts_with('/') && !l.contains(' ') => (format!("{l} "), &lines[1..]),
        _ => (String::new(), &lines[..]),
    };
    if text.len() > 600
        && let Some(h) = rest.first().and_then(|l| l.strip_prefix('#'))
    {
        let title = text::plain(h.trim_start_matches('#')).trim().to_string();
        if title.split_whitespace().count() >= 2 {
            return text::shorten(&format!("{lead}{title}"), max);
        }
    }
    let plain = text::plain(&list_as_clauses(&text::without_fences(text)));
    text::shorten(&plain, max)
}

/// A list in a request read as clauses: markers (`1.`, `2)`, `-`) dropped, items joined with `;`
/// so that "Objectives: 1. Verify ESM 2. Flag gaps" does not read as sentences ending in "2.".
fn list_as_clauses(text: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    for line in text.lines() {
        let t = line.trim();
        let item = t
            .split_once(['.', ')'])
            .filter(|(n, _)| !n.is_empty() && n.len() <= 2 && n.chars().all(|c| c.is_ascii_digit()))
            .map(|(_, rest)| rest.trim_start())
            .or_else(|| t.strip_prefix("- "))
            .or_else(|| t.strip_prefix("* "));
        match item {
            Some(rest) => {
                if let Some(prev) = out.last_mut()
                    && !prev.ends_with([':', ';', '.', '!', '?'])
                    && !prev.is_empty()
                {
                    prev.push(';');
                }
                out.push(rest.to_string());
            }
            None => out.push(t.to_string()),
        }
    }
    out.join("\n")
}

/// What decides that two requests are the same: lower case, whitespace collapsed, the start.
fn dedupe_key(text: &str) -> String {
    text::one_line(&text.to_lowercase())
        .chars()
        .filter(|c| c.is_alphanumeric() || *c == ' ')
        .take(300)
        .collect()
}

/// Two keys that are [`same_request`] agree on this many first bytes (or are equal).
const DEDUPE_START_BYTES: usize = 12;

fn same_request(a: &str, b: &str) -> bool {
    let (short, long) = if a.len() <= b.len() { (a, b) } else { (b, a) };
    short.len() >= DEDUPE_START_BYTES
        && long.starts_with(short)
        && short.len() * 3 >= long.len().min(300)
        || a == b
}

/// Whether the user stopped the turn of message `i` before the agent did anything.
fn interrupted(msgs: &[&Message], i: usize) -> bool {
    for m in &msgs[i + 1..] {
        let t = m.text.trim_start();
        if m.role == Role::User
            && (t.starts_with("[Request interrupted") || t.starts_with("<turn_aborted>"))
        {
            return true;
        }
        if matches!(m.role, Role::Assistant | Role::User) && m.kind == MessageKind::Typed {
            return false;
        }
    }
    false
}

/// Whether each kind of event of a view is in `seq` order, as the readers record them: then the
/// events between two requests are found by binary search, where a long session's thousands of
/// requests would each scan every event.
struct InOrder {
    messages: bool,
    commands: bool,
    edits: bool,
}

impl InOrder {
    fn of(view: &View) -> InOrder {
        InOrder {
            messages: view.messages.is_sorted_by_key(|m| m.seq),
            commands: view.commands.is_sorted_by_key(|c| c.seq),
            edits: view.edits.is_sorted_by_key(|e| e.seq),
        }
    }
}

/// The part of `items` that can hold events after `from` and before `until`: exactly those
/// when `sorted`, else all of them (callers still test each event's `seq`).
fn in_span<'v, T>(
    items: &'v [&'v T],
    sorted: bool,
    seq: impl Fn(&T) -> u64,
    from: u64,
    until: u64,
) -> &'v [&'v T] {
    if !sorted {
        return items;
    }
    let lo = items.partition_point(|x| seq(x) <= from);
    let hi = lo + items[lo..].partition_point(|x| seq(x) < until);
    &items[lo..hi]
}

/// How the session responded between a request (`from`) and the next (`until`).
fn answer(view: &View, order: &InOrder, from: u64, until: u64) -> Answer {
    let within = |seq: u64| seq > from && seq < until;
    let messages = in_span(&view.messages, order.messages, |m| m.seq, from, until);
    let said = || messages.iter().copied().filter(|m| said_by_agent(m));
    let replied = said().any(|m| {
        within(m.seq) && !m.text.trim().is_empty() && m.text.trim() != "No response requested."
    });
    let acted = in_span(&view.commands, order.commands, |c| c.seq, from, until)
        .iter()
        .any(|c| within(c.seq))
        || in_span(&view.edits, order.edits, |e| e.seq, from, until)
            .iter()
            .any(|e| within(e.seq));
    if !(replied || acted) {
        let (errors, error_ids) = view
            .errors
            .iter()
            .filter(|e| within(e.seq) || e.seq == 0 && until == u64::MAX)
            .filter(|e| phrases::MODEL_ERROR.is_match(&e.text))
            .map(|e| (text::shorten(&e.text, 160), e.id.clone()))
            .unzip();
        return Answer::Unanswered { errors, error_ids };
    }
    // An aider `/undo` as the last word on this request takes its answer back.
    let last_user = messages
        .iter()
        .rfind(|m| within(m.seq) && m.role == Role::User);
    if let Some(u) = last_user
        && u.text.trim() == "/undo"
        && !said().any(|m| m.seq > u.seq && within(m.seq) && !is_ack(&m.text))
    {
        let commit = messages
            .iter()
            .filter(|m| within(m.seq) && m.seq < u.seq)
            .filter_map(|m| aider_commit(&m.text))
            .next_back()
            .map(|(sha, msg)| format!("{sha} {msg}"));
        return Answer::Undone {
            by: u.id.clone(),
            commit,
        };
    }
    Answer::Answered
}

/// An assistant reply that only acknowledges ("Understood. … let me know").
fn is_ack(text: &str) -> bool {
    let t = text.trim_start().to_lowercase();
    t.starts_with("understood") || t.starts_with("ok") || t.starts_with("got it")
}

/// aider's `commit <sha> <message>` line.
pub(crate) fn aider_commit(text: &str) -> Option<(String, String)> {
    let rest = text.trim().strip_prefix("commit ")?;
    let (sha, msg) = rest.split_once(' ')?;
    (sha.len() >= 7 && sha.chars().all(|c| c.is_ascii_hexdigit()))
        .then(|| (sha.to_string(), msg.trim().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::scope::{self, View};
    use crate::evidence::transcript::ErrorEvent;
    use crate::testkit::*;

    fn requests(t: crate::evidence::transcript::Transcript) -> Requests {
        let ev = evidence(t);
        let s = scope::of(&ev);
        of(&View::new(&ev, &s))
    }

    #[test]
    fn greetings_duplicates_and_interruptions_are_not_requests() {
        let r = requests(chat(vec![
            user(1, "yo wassup", 0),
            said(2, "Hey there!", 1),
            user(3, "look at this project and tell me what it is about", 2),
            said(4, "It is an app.", 3),
            wrapper(
                5,
                "<command-name>/gsd:add-todo</command-name><command-args># OAuth Proxy paste</command-args>",
                4,
            ),
            wrapper(6, "[Request interrupted by user]", 5),
            wrapper(
                7,
                "<command-name>/model</command-name><command-args>opus</command-args>",
                6,
            ),
            user(8, "i have added my wallet now deploy it", 7),
            user(9, "i have added my wallet now deploy it", 8),
            user(10, "hellooooo", 9),
        ]));
        let ids: Vec<&str> = r.items.iter().map(|q| q.id.as_str()).collect();
        assert_eq!(ids, ["M3", "M9"]);
        assert_eq!(r.items[1].also, ["M8"]);
        assert!(matches!(r.items[1].answer, Answer::Unanswered { .. }));
        assert!(matches!(r.items[0].answer, Answer::Answered));
        assert_eq!(r.open_at_end().len(), 1);
        assert!(
            r.dropped
                .iter()
                .any(|(id, why)| id == "M5" && why.contains("interrupted"))
        );
    }

    #[test]
    fn slash_commands_with_work_are_requests() {
        let r = requests(chat(vec![
            wrapper(
                1,
                "<command-message>gsd:add-todo</command-message>\n<command-name>/gsd:add-todo</command-name>\n<command-args># CipherBox File Metadata Evolution v2\n\nSplit heavy metadata</command-args>",
                0,
            ),
            said(2, "Todo saved.", 1),
        ]));
        assert_eq!(r.items.len(), 1);
        assert!(
            r.items[0]
                .summary
                .starts_with("/gsd:add-todo CipherBox File Metadata"),
            "{}",
            r.items[0].summary
        );
    }

    #[test]
    fn templates_and_preambles_are_stripped() {
        let r = requests(chat(vec![user(
            1,
            "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nSyntaxError: invalid syntax\nI'm running `missing_colon.py` as follows:\n\n```python\ndivision(23, 0)\n```\n\nINSTRUCTIONS:\nNow, you're going to solve this issue on your own.",
            0,
        )]));
        assert_eq!(
            r.items[0].summary,
            "SyntaxError: invalid syntax I'm running `missing_colon.py` as follows: `division(23, 0)`"
        );
        let r = requests(chat(vec![user(
            1,
            "You are an expert frontend software engineer. Write production grade React code for the given Figma design.",
            0,
        )]));
        assert_eq!(
            r.items[0].summary,
            "Write production grade React code for the given Figma design."
        );
        let r = requests(chat(vec![user(
            1,
            "Audit the repository. Objectives:\n1. Verify ESM compliance\n2. Flag missing schemas",
            0,
        )]));
        assert_eq!(
            r.items[0].summary,
            "Audit the repository. Objectives: Verify ESM compliance; Flag missing schemas"
        );
    }

    #[test]
    fn unanswered_requests_carry_the_model_errors() {
        let mut t = chat(vec![
            user(1, "fix the build", 0),
            said(2, "Fixed.", 1),
            user(3, "bro how do I create that JSON key", 2),
        ]);
        t.errors.push(ErrorEvent {
            id: "X1".into(),
            text: "Failed to create stream: inference request failed: status 400".into(),
            evidence: None,
            at: None,
            seq: 3,
        });
        let r = requests(t);
        match &r.items[1].answer {
            Answer::Unanswered { errors, error_ids } => {
                assert_eq!(errors.len(), 1);
                assert_eq!(error_ids, &["X1"]);
            }
            a => panic!("{a:?}"),
        }
    }

    #[test]
    fn aider_undo_takes_the_answer_back() {
        let r = requests(chat(vec![
            user(
                1,
                "Isn't that slow? Recommend an improvement (e.g. caching)?",
                0,
            ),
            said(2, "Use an in-memory cache.", 1),
            meta(
                3,
                "commit 8971d08 aider: Refactored ApiKeyGuard to use in-memory cache",
                2,
            ),
            wrapper(4, "/undo", 3),
            said(5, "Understood. If you have any questions, let me know!", 4),
        ]));
        match &r.items[0].answer {
            Answer::Undone { by, commit } => {
                assert_eq!(by, "M4");
                assert!(commit.as_deref().unwrap().starts_with("8971d08"));
            }
            a => panic!("{a:?}"),
        }
    }
}
