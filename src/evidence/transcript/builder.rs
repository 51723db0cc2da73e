//! Accumulates a [`Transcript`] while a format reader streams its input: assigns evidence ids
//! and event order, pairs tool calls with their results, bounds every text, and classifies
//! commands (test run, check, outcome) once at the end.

use super::classify;
use super::recent::Recent;
use super::*;
use crate::evidence::read::excerpt;
use std::collections::{HashMap, HashSet, VecDeque};

/// Longest message text kept (head and tail).
pub(super) const MAX_MESSAGE_BYTES: usize = 8 * 1024;
/// Longest command output kept (head and tail).
pub(super) const MAX_OUTPUT_BYTES: usize = 4 * 1024;
/// Most errors kept.
pub(super) const MAX_ERRORS: usize = 200;
/// Most distinct tool names shared (see `Builder::tool`).
const MAX_SHARED_TOOLS: usize = 64;
/// Most actions outside the workspace kept.
pub(super) const MAX_ACTIONS: usize = 200;
/// Longest target and output of an action kept.
const ACTION_TARGET_CHARS: usize = 300;
const ACTION_OUTPUT_CHARS: usize = 300;

/// Memory stays flat however long the session: besides the requests (and compaction
/// summaries), which are all kept, only the latest messages are kept whole, at most this many…
pub(super) const KEEP_MESSAGES: usize = 1024;
/// … holding at most this much text; older ones are dropped as reading goes on (their ids are
/// never reused, and [`Stats::dropped_messages`] counts them).
pub(super) const KEEP_MESSAGE_BYTES: usize = 2 * 1024 * 1024;
/// Compaction summaries are all kept, but only the latest this many whole…
pub(super) const KEEP_SUMMARIES: usize = 16;
/// … older ones keep this much of their text (head and tail), so that a session compacted a
/// thousand times does not hold a thousand 8 KiB summaries.
pub(super) const OLD_SUMMARY_BYTES: usize = 1024;
/// Every command is kept (the analysis judges each one), but only the latest this many whole;
/// older ones become compact records, so that a command costs a bounded few hundred bytes
/// however long the session: their verdict (exit status, `ok`, test counts), time and order,
/// with…
pub(super) const KEEP_COMMAND_OUTPUTS: usize = 1024;
/// … this much of their output (head and tail: an error's first line, a commit's
/// `[branch id]`, a summary line)…
pub(super) const OLD_OUTPUT_BYTES: usize = 256;
/// … and, unless they run tests or a check (whose whole line is their identity, which groups
/// them with later runs), this much of their command line (head and tail: the programs it runs
/// and where a here-doc ends).
pub(super) const OLD_COMMAND_BYTES: usize = 256;

/// Most distinct texts an old command's line or output, or an edit's path, is shared with (see
/// `Builder::shared_texts`): a session repeats a few dozen lines, outputs and files thousands of
/// times; once this many distinct ones are held, a new one is kept by its record alone, so the
/// table cannot grow with the session (at most about 1.5 MiB of text and table).
const MAX_SHARED_TEXTS: usize = 4096;

/// Builds one transcript. Format readers call it in file order.
pub(crate) struct Builder {
    t: Transcript,
    seq: u64,
    calls: Recent<String, Pending>,
    /// Messages that may be dropped (no request, no compaction summary) now kept, and the
    /// bytes of their text when they were added: when either reaches twice its bound, the
    /// older ones go.
    droppable: usize,
    droppable_bytes: usize,
    /// Commands before this index are compact records (see [`KEEP_COMMAND_OUTPUTS`]).
    short_outputs: usize,
    /// The tool names seen, shared by every command and edit that names one.
    tools: Vec<ToolName>,
    /// The `seq` of the compaction summaries kept whole, oldest first.
    whole_summaries: VecDeque<u64>,
    /// The distinct command lines and output excerpts of compact records, and the distinct edit
    /// paths, each held once for every old command that ran that line or got that output and
    /// every edit of that file (see [`MAX_SHARED_TEXTS`]).
    shared_texts: HashSet<SharedText>,
}

#[derive(Clone, Copy)]
enum Pending {
    Command(usize),
    Action(usize),
    Edits(usize, usize),
}

impl Builder {
    /// A builder for the file at `source`, written by `format`.
    pub(crate) fn new(source: &str, format: Format) -> Self {
        let mut t = Transcript::default();
        t.session.source = source.to_string();
        t.session.agent = Some(format);
        Builder {
            t,
            seq: 0,
            calls: Recent::default(),
            droppable: 0,
            droppable_bytes: 0,
            short_outputs: 0,
            tools: Vec::new(),
            whole_summaries: VecDeque::new(),
            shared_texts: HashSet::new(),
        }
    }

    /// Session metadata, for readers to fill (id, cwd).
    pub(crate) fn session_mut(&mut self) -> &mut Session {
        &mut self.t.session
    }

    /// The session's cwd, if known yet.
    pub(crate) fn cwd(&self) -> Option<&str> {
        self.t.session.cwd.as_deref()
    }

    /// Counts one record read.
    pub(crate) fn record(&mut self) {
        self.t.stats.records += 1;
    }

    /// Counts one record skipped, with a short reason ("malformed JSON", "unknown type x"…).
    pub(crate) fn skip(&mut self, reason: impl Into<String>) {
        self.t.stats.skipped += 1;
        *self
            .t
            .stats
            .skipped_reasons
            .entry(reason.into())
            .or_default() += 1;
    }

    /// Counts `n` records read with invalid UTF-8 replaced (read, not skipped).
    pub(crate) fn invalid_utf8(&mut self, n: u64) {
        self.t.stats.invalid_utf8 += n;
    }

    /// Widens the session's time span to include `at`.
    pub(crate) fn saw_time(&mut self, at: Option<DateTime<Utc>>) {
        let Some(at) = at else { return };
        let s = &mut self.t.session;
        if s.started_at.is_none_or(|x| at < x) {
            s.started_at = Some(at);
        }
        if s.ended_at.is_none_or(|x| at > x) {
            s.ended_at = Some(at);
        }
    }

    /// Records a git branch (kept once, in order of first appearance).
    pub(crate) fn branch(&mut self, branch: &str) {
        let b = branch.trim();
        if !b.is_empty() && !self.t.session.branches.iter().any(|x| x == b) {
            self.t.session.branches.push(b.to_string());
        }
    }

    /// Records a model name (kept once, in order of first appearance).
    pub(crate) fn model(&mut self, model: &str) {
        let m = model.trim();
        if !m.is_empty() && !self.t.session.models.iter().any(|x| x == m) {
            self.t.session.models.push(m.to_string());
        }
    }

    /// Records a model a subagent used (kept once, in order of first appearance).
    pub(crate) fn subagent_model(&mut self, model: &str) {
        let m = model.trim();
        let s = &mut self.t.session;
        if !m.is_empty() && !s.subagent_models.iter().any(|x| x == m) {
            s.subagent_models.push(m.to_string());
        }
    }

    /// The `seq` of the last event added so far (0 before any).
    pub(crate) fn last_seq(&self) -> u64 {
        self.seq
    }

    fn next_seq(&mut self) -> u64 {
        self.seq += 1;
        self.seq
    }

    /// Adds a message; returns its id. Empty text is ignored (returns `None`).
    pub(crate) fn message(
        &mut self,
        role: Role,
        kind: MessageKind,
        text: &str,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
    ) -> Option<String> {
        let text = text.trim();
        if text.is_empty() {
            return None;
        }
        self.saw_time(at);
        let id = format!("M{}", self.message_count() + 1);
        let seq = self.next_seq();
        let message = Message {
            id: id.clone(),
            role,
            kind,
            text: exact(excerpt(text, MAX_MESSAGE_BYTES)),
            at,
            seq,
            sidechain,
        };
        if droppable(&message) {
            self.droppable += 1;
            self.droppable_bytes += message.text.len();
        }
        let summary = message.kind == MessageKind::CompactionSummary;
        self.t.messages.push(message);
        if summary {
            self.shorten_old_summaries(seq);
        }
        if self.droppable >= 2 * KEEP_MESSAGES || self.droppable_bytes >= 2 * KEEP_MESSAGE_BYTES {
            self.drop_old_messages();
        }
        Some(id)
    }

    /// Messages added so far, dropped ones included.
    fn message_count(&self) -> u64 {
        self.t.messages.len() as u64 + self.t.stats.dropped_messages
    }

    /// The message added at `seq`, unless it was dropped.
    pub(crate) fn message_at_mut(&mut self, seq: u64) -> Option<&mut Message> {
        let i = self.t.messages.binary_search_by_key(&seq, |m| m.seq).ok()?;
        self.t.messages.get_mut(i)
    }

    /// Notes the summary at `seq` as kept whole, and cuts the one that is now more than
    /// [`KEEP_SUMMARIES`] summaries old to [`OLD_SUMMARY_BYTES`].
    fn shorten_old_summaries(&mut self, seq: u64) {
        self.whole_summaries.push_back(seq);
        if self.whole_summaries.len() <= KEEP_SUMMARIES {
            return;
        }
        let Some(old) = self.whole_summaries.pop_front() else {
            return;
        };
        if let Some(m) = self.message_at_mut(old)
            && m.text.len() > OLD_SUMMARY_BYTES
        {
            m.text = exact(excerpt(&m.text, OLD_SUMMARY_BYTES));
        }
    }

    /// Drops the droppable messages older than the latest [`KEEP_MESSAGES`] of them (and
    /// than the latest [`KEEP_MESSAGE_BYTES`] of their text).
    fn drop_old_messages(&mut self) {
        let (mut kept, mut bytes) = (0, 0);
        let mut cut = 0;
        for (i, m) in self.t.messages.iter().enumerate().rev() {
            if !droppable(m) {
                continue;
            }
            if kept + 1 > KEEP_MESSAGES || bytes + m.text.len() > KEEP_MESSAGE_BYTES {
                cut = i + 1;
                break;
            }
            kept += 1;
            bytes += m.text.len();
        }
        let before = self.t.messages.len();
        let mut i = 0;
        self.t.messages.retain(|m| {
            i += 1;
            i > cut || !droppable(m)
        });
        self.t.stats.dropped_messages += (before - self.t.messages.len()) as u64;
        self.droppable = kept;
        self.droppable_bytes = bytes;
    }

    /// Makes the commands older than the latest [`KEEP_COMMAND_OUTPUTS`] compact records (output
    /// cut to [`OLD_OUTPUT_BYTES`], a command line that is no test run or check to
    /// [`OLD_COMMAND_BYTES`]), once there are twice as many. Their texts are shared with equal
    /// ones held before; the others are held together, in one allocation per call.
    fn compact_old_commands(&mut self) {
        let n = self.t.commands.len();
        if n - self.short_outputs < 2 * KEEP_COMMAND_OUTPUTS {
            return;
        }
        let end = n - KEEP_COMMAND_OUTPUTS;
        // The texts held nowhere yet, each once (a text and its place in the batch), and the
        // commands that get them: (command, is its output, place).
        let mut places: HashMap<String, usize> = HashMap::new();
        let mut new: Vec<(usize, bool, usize)> = Vec::new();
        let mut place = |text: String| {
            let next = places.len();
            *places.entry(text).or_insert(next)
        };
        for i in self.short_outputs..end {
            let c = &mut self.t.commands[i];
            match held_or_cut(&self.shared_texts, &c.output, OLD_OUTPUT_BYTES) {
                Ok(held) => c.output = held,
                Err(text) => new.push((i, true, place(text))),
            }
            // A command without a result is judged at the end, from its whole line.
            let identity_matters = c.is_test || c.is_check || !c.has_result;
            let max = if identity_matters {
                usize::MAX
            } else {
                OLD_COMMAND_BYTES
            };
            match held_or_cut(&self.shared_texts, &c.command, max) {
                Ok(held) => c.command = held,
                Err(text) => new.push((i, false, place(text))),
            }
        }
        let mut texts: Vec<(&str, usize)> =
            places.iter().map(|(t, &at)| (t.as_str(), at)).collect();
        texts.sort_unstable_by_key(|&(_, at)| at);
        let held = SharedText::batch(texts.iter().map(|&(t, _)| t));
        for text in &held {
            if self.shared_texts.len() >= MAX_SHARED_TEXTS {
                break;
            }
            self.shared_texts.insert(text.clone());
        }
        for (i, output, at) in new {
            let c = &mut self.t.commands[i];
            if output {
                c.output = held[at].clone();
            } else {
                c.command = held[at].clone();
            }
        }
        self.short_outputs = end;
    }

    /// `tool`, shared with the commands and edits that named it before.
    fn tool(&mut self, tool: Option<&str>) -> Option<ToolName> {
        let tool = tool?;
        if let Some(t) = self.tools.iter().find(|t| t.as_str() == tool) {
            return Some(t.clone());
        }
        let t = ToolName::from(tool);
        // A harness has a handful of tools; a format that names them freely cannot grow this.
        if self.tools.len() < MAX_SHARED_TOOLS {
            self.tools.push(t.clone());
        }
        Some(t)
    }

    /// Adds a shell command call. `call_id` pairs it with a later [`Builder::command_result`].
    pub(crate) fn command(
        &mut self,
        call_id: Option<&str>,
        command: &str,
        tool: Option<&str>,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
    ) -> usize {
        self.saw_time(at);
        self.compact_old_commands();
        let idx = self.t.commands.len();
        let seq = self.next_seq();
        let tool = self.tool(tool);
        self.t.commands.push(Command {
            id: EvidenceId::from(format!("C{}", idx + 1)),
            command: SharedText::from(command.trim()),
            tool,
            exit_code: None,
            ok: None,
            output: SharedText::default(),
            is_test: false,
            is_check: false,
            tests: None,
            has_result: false,
            at,
            seq,
            sidechain,
        });
        if let Some(id) = call_id {
            self.calls.insert(id.to_string(), Pending::Command(idx));
        }
        idx
    }

    /// Attaches a result to the command issued with `call_id`. `exit_code` is what the format
    /// recorded (never guessed); `is_error` is the format's own failure flag. Returns false when
    /// no such command is pending (the result belongs to another tool).
    pub(crate) fn command_result(
        &mut self,
        call_id: &str,
        exit_code: Option<i32>,
        is_error: Option<bool>,
        output: &str,
        at: Option<DateTime<Utc>>,
    ) -> bool {
        match self.calls.get(call_id) {
            Some(Pending::Command(idx)) => {
                let idx = *idx;
                self.command_result_at(idx, exit_code, is_error, output, at);
                true
            }
            _ => false,
        }
    }

    /// Attaches a result to the command at `idx` (for formats that pair by position). A later
    /// result for the same command (a poll that finally carries the exit code) fills what the
    /// earlier one left unknown and appends its output.
    pub(crate) fn command_result_at(
        &mut self,
        idx: usize,
        exit_code: Option<i32>,
        is_error: Option<bool>,
        output: &str,
        at: Option<DateTime<Utc>>,
    ) {
        self.saw_time(at);
        let Some(c) = self.t.commands.get_mut(idx) else {
            return;
        };
        c.has_result = true;
        if exit_code.is_some() {
            c.exit_code = exit_code;
        }
        if at.is_some() {
            c.at = at;
        }
        if output.is_empty() && !c.output.is_empty() {
            // A result without output (Codex's `exec_command_end` after the call's own
            // output) adds no text: the output held may be cut already, and cutting it again
            // would count only the first marker as elided ("[… 30 bytes elided …]" where 15 KB
            // were). Its exit status is judged with the output held.
            let verdict = classify::judge(&c.command, c.exit_code, is_error, c.output.as_str());
            set_verdict(c, verdict);
            return;
        }
        let combined;
        let full = if c.output.is_empty() {
            output
        } else {
            combined = format!("{}\n{}", c.output, output);
            &combined
        };
        let verdict = classify::judge(&c.command, c.exit_code, is_error, full);
        set_verdict(c, verdict);
        c.output = SharedText::from(excerpt(full, MAX_OUTPUT_BYTES));
    }

    /// Adds a file edit (path as written in the transcript; made relative to the cwd when it is
    /// inside it). Edits made by one call share `call_id`.
    pub(crate) fn edit(
        &mut self,
        call_id: Option<&str>,
        path: &str,
        kind: EditKind,
        tool: Option<&str>,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
    ) -> usize {
        self.saw_time(at);
        let idx = self.t.edits.len();
        let seq = self.next_seq();
        let path = relative_to(path.trim(), self.t.session.cwd.as_deref());
        // A long session edits a few files thousands of times.
        let path = share_string(&mut self.shared_texts, path);
        let tool = self.tool(tool);
        self.t.edits.push(Edit {
            id: EvidenceId::from(format!("E{}", idx + 1)),
            path,
            kind,
            tool,
            confirmed: false,
            at,
            seq,
            sidechain,
        });
        if let Some(id) = call_id {
            match self.calls.get_mut(id) {
                Some(Pending::Edits(_, end)) if *end == idx => *end = idx + 1,
                Some(_) => {}
                None => {
                    self.calls
                        .insert(id.to_string(), Pending::Edits(idx, idx + 1));
                }
            }
        }
        idx
    }

    /// Confirms (or not) the edits made by `call_id`. Returns false when no edit is pending.
    pub(crate) fn edit_result(
        &mut self,
        call_id: &str,
        ok: bool,
        at: Option<DateTime<Utc>>,
    ) -> bool {
        self.saw_time(at);
        match self.calls.get(call_id) {
            Some(Pending::Edits(start, end)) => {
                for e in &mut self.t.edits[*start..*end] {
                    e.confirmed = ok;
                }
                true
            }
            _ => false,
        }
    }

    /// Confirms the edit at `idx` directly.
    pub(crate) fn confirm_edit_at(&mut self, idx: usize, ok: bool) {
        if let Some(e) = self.t.edits.get_mut(idx) {
            e.confirmed = ok;
        }
    }

    /// Records a compaction.
    pub(crate) fn compaction(
        &mut self,
        at: Option<DateTime<Utc>>,
        trigger: Option<&str>,
        summary_message: Option<String>,
    ) {
        self.saw_time(at);
        let seq = self.next_seq();
        self.t.compactions.push(Compaction {
            at,
            trigger: trigger.map(str::to_string),
            summary_message,
            seq,
        });
    }

    /// Links the most recent compaction to the message holding its summary.
    pub(crate) fn set_last_compaction_summary(&mut self, message_id: String) {
        if let Some(c) = self.t.compactions.last_mut()
            && c.summary_message.is_none()
        {
            c.summary_message = Some(message_id);
        }
    }

    /// Records an error the agent hit (bounded in count and length).
    pub(crate) fn error(
        &mut self,
        text: &str,
        evidence: Option<String>,
        at: Option<DateTime<Utc>>,
    ) {
        if self.t.errors.len() >= MAX_ERRORS || text.trim().is_empty() {
            return;
        }
        let seq = self.next_seq();
        self.t.errors.push(ErrorEvent {
            id: format!("X{}", self.t.errors.len() + 1),
            text: excerpt(text.trim(), 500),
            evidence,
            at,
            seq,
        });
    }

    /// Records a tool call when it changes something outside the workspace
    /// ([`phrases::REMOTE_WRITE_TOOL`](crate::phrases::REMOTE_WRITE_TOOL)), with no result yet;
    /// returns its index. `args` are the call's JSON arguments, of which only short scalar
    /// values are kept (file contents never). `call_id` pairs a later [`Self::action_result`].
    pub(crate) fn action(
        &mut self,
        call_id: Option<&str>,
        tool: &str,
        args: &serde_json::Value,
        at: Option<DateTime<Utc>>,
        sidechain: bool,
    ) -> Option<usize> {
        let tool = own_tool_name(tool);
        if !crate::phrases::REMOTE_WRITE_TOOL.is_match(tool) || self.t.actions.len() >= MAX_ACTIONS
        {
            return None;
        }
        self.saw_time(at);
        let seq = self.next_seq();
        let idx = self.t.actions.len();
        self.t.actions.push(Action {
            id: format!("A{}", idx + 1),
            tool: tool.to_string(),
            target: action_target(args),
            ok: None,
            output: String::new(),
            at,
            seq,
            sidechain,
        });
        if let Some(id) = call_id {
            self.calls.insert(id.to_string(), Pending::Action(idx));
        }
        Some(idx)
    }

    /// Attaches a result to the action issued with `call_id`; returns its id, `None` when no
    /// such action is pending (the result belongs to another tool).
    pub(crate) fn action_result(
        &mut self,
        call_id: &str,
        ok: bool,
        output: &str,
    ) -> Option<String> {
        match self.calls.get(call_id) {
            Some(Pending::Action(idx)) => {
                let idx = *idx;
                self.action_result_at(idx, ok, output)
            }
            _ => None,
        }
    }

    /// Attaches a result to the action at `idx`; returns its id.
    pub(crate) fn action_result_at(
        &mut self,
        idx: usize,
        ok: bool,
        output: &str,
    ) -> Option<String> {
        let a = self.t.actions.get_mut(idx)?;
        a.ok = Some(ok);
        a.output = crate::redact::clip(output.trim(), ACTION_OUTPUT_CHARS).into_owned();
        Some(a.id.clone())
    }

    /// Records that a background job was stopped (its id as the harness named it).
    pub(crate) fn stopped_job(&mut self, id: &str, at: Option<DateTime<Utc>>) {
        let _ = at;
        if !self.t.stopped_jobs.iter().any(|j| j == id) {
            self.t.stopped_jobs.push(id.to_string());
        }
    }

    /// Read-only view of what has been built so far.
    pub(crate) fn transcript(&self) -> &Transcript {
        &self.t
    }

    /// Mutable access for format-specific fix-ups (use sparingly).
    pub(crate) fn transcript_mut(&mut self) -> &mut Transcript {
        &mut self.t
    }

    /// Finishes: commands that never got a result are still judged from their command line
    /// (is it a test run or a check), with unknown outcome.
    pub(crate) fn finish(mut self) -> Transcript {
        // The cwd can be learned after the first edits (an OpenHands run observation, a later
        // Codex turn_context): paths recorded before it are made relative now.
        if let Some(cwd) = self.t.session.cwd.clone() {
            for e in &mut self.t.edits {
                let path = relative_to(&e.path, Some(&cwd));
                if path != *e.path {
                    e.path = share_string(&mut self.shared_texts, path);
                }
            }
        }
        for c in &mut self.t.commands {
            if !c.has_result {
                let v = classify::judge(&c.command, None, None, "");
                c.is_test = v.is_test;
                c.is_check = v.is_check;
                c.ok = None;
            }
        }
        // The lists grew by doubling and are held through the whole analysis: a 2 GB session's
        // 97,000 commands sat in room for 131,072 (3.5 MB unused).
        self.t.commands.shrink_to_fit();
        self.t.edits.shrink_to_fit();
        self.t
    }
}

use crate::evidence::paths::relative_to;

/// Sets what [`classify::judge`] read of a command.
fn set_verdict(c: &mut Command, verdict: classify::Verdict) {
    c.is_test = verdict.is_test;
    c.is_check = verdict.is_check;
    c.tests = verdict.tests.map(Box::new);
    c.ok = verdict.ok;
}

/// `text` holding no spare capacity. An excerpt is built by `format!`, whose buffer grows by
/// doubling (a 300-byte excerpt can hold 512 bytes), and a long session keeps one per command
/// for its whole run.
fn exact(mut text: String) -> String {
    text.shrink_to_fit();
    text
}

/// `text` as held in `shared`: the copy already there, else `text` itself, added while
/// `shared` holds fewer than [`MAX_SHARED_TEXTS`].
fn share(shared: &mut HashSet<SharedText>, text: &SharedText) -> SharedText {
    if let Some(held) = shared.get(text.as_str()) {
        return held.clone();
    }
    if shared.len() < MAX_SHARED_TEXTS {
        shared.insert(text.clone());
    }
    text.clone()
}

/// `text` cut to `max` bytes ([`excerpt`]) as held in `shared`, else the cut text to hold. The
/// empty text is always held.
fn held_or_cut(
    shared: &HashSet<SharedText>,
    text: &SharedText,
    max: usize,
) -> std::result::Result<SharedText, String> {
    if text.is_empty() {
        return Ok(SharedText::default());
    }
    let cut = (text.len() > max).then(|| excerpt(text, max));
    let cut_or_whole = cut.as_deref().unwrap_or(text.as_str());
    match shared.get(cut_or_whole) {
        Some(held) => Ok(held.clone()),
        None => Err(cut.unwrap_or_else(|| text.to_string())),
    }
}

/// [`share`] for a text not yet shared.
fn share_string(shared: &mut HashSet<SharedText>, text: String) -> SharedText {
    match shared.get(text.as_str()) {
        Some(held) => held.clone(),
        None => share(shared, &SharedText::from(text)),
    }
}

/// A tool's own name: an MCP server's prefix (`mcp__github__push_files`) removed.
fn own_tool_name(tool: &str) -> &str {
    tool.rsplit("__").next().unwrap_or(tool)
}

/// What an action acted on, from its JSON arguments: scalar values of at most 120 characters as
/// `key=value` (file contents and other long text left out), lists by their length.
fn action_target(args: &serde_json::Value) -> String {
    use serde_json::Value;
    let Some(map) = args.as_object() else {
        return String::new();
    };
    let mut parts = Vec::new();
    for (key, value) in map {
        match value {
            Value::String(s)
                if key != "content" && s.chars().count() <= 120 && !s.contains('\n') =>
            {
                parts.push(format!("{key}={s}"));
            }
            Value::Bool(b) => parts.push(format!("{key}={b}")),
            Value::Number(n) => parts.push(format!("{key}={n}")),
            Value::Array(items) => parts.push(format!("{key}: {} item(s)", items.len())),
            _ => {}
        }
    }
    crate::redact::clip(&parts.join(", "), ACTION_TARGET_CHARS).into_owned()
}

/// Whether a message may be dropped from a long session: what the person typed and the
/// compaction summaries are always kept.
fn droppable(m: &Message) -> bool {
    !m.is_user_request() && m.kind != MessageKind::CompactionSummary
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pairs_calls_with_results_and_assigns_ids() {
        let mut b = Builder::new("x", Format::ClaudeCode);
        b.message(Role::User, MessageKind::Typed, "fix it", None, false);
        b.command(Some("t1"), "cargo test", Some("Bash"), None, false);
        b.edit(
            Some("t2"),
            "src/a.rs",
            EditKind::Modify,
            Some("Edit"),
            None,
            false,
        );
        assert!(b.command_result(
            "t1",
            Some(101),
            Some(true),
            "test result: FAILED. 1 passed; 2 failed; 0 ignored",
            None
        ));
        assert!(b.edit_result("t2", true, None));
        assert!(!b.command_result("nope", None, None, "", None));
        let t = b.finish();
        assert_eq!(t.messages[0].id, "M1");
        assert_eq!(t.commands[0].id, "C1");
        assert_eq!(t.commands[0].exit_code, Some(101));
        assert_eq!(t.commands[0].ok, Some(false));
        assert!(t.commands[0].is_test);
        assert!(t.edits[0].confirmed);
        assert!(t.messages[0].seq < t.commands[0].seq && t.commands[0].seq < t.edits[0].seq);
    }

    /// A Codex session's builder with one command, `line`, and its index.
    fn one_codex_command(line: &str) -> (Builder, usize) {
        let mut b = Builder::new("x", Format::Codex);
        let idx = b.command(Some("c1"), line, Some("exec_command"), None, false);
        (b, idx)
    }

    /// The count of the one elision marker of `text`.
    fn elided(text: &str) -> usize {
        let (_, count) = crate::redact::earlier_marker(text).expect("a marker");
        usize::try_from(count).expect("a count that fits")
    }

    /// Output that arrives in parts (Codex's `write_stdin` polls of a long run) keeps the count
    /// of all that was cut from the parts before.
    #[test]
    fn output_in_parts_keeps_the_count_of_all_it_lost() {
        let (mut b, idx) = one_codex_command("npm run build");
        let part = |i: usize| format!("chunk {i}: compiling module {i}\n").repeat(500);
        let parts: Vec<String> = (0..3).map(part).collect();
        for p in &parts {
            b.command_result_at(idx, None, None, p, None);
        }
        let held = b.transcript().commands[idx].output.as_str().to_string();
        assert_eq!(held.matches("bytes elided").count(), 1, "{held}");
        let count = elided(&held);
        // The parts were joined by a line break each; what is shown is the held text without
        // its marker.
        let whole = parts.iter().map(String::len).sum::<usize>() + parts.len() - 1;
        let marker = crate::redact::elision_marker(count as u64);
        assert_eq!(count, whole - (held.len() - marker.len()));
    }

    /// A result that brings no output (Codex's `exec_command_end` after the call's own output)
    /// sets the exit status and leaves the output as it was: cutting a cut output again counted
    /// only the first marker as elided ("[… 30 bytes elided …]" where 96 KB were).
    #[test]
    fn an_empty_result_leaves_a_cut_output_as_it_was() {
        let (mut b, idx) = one_codex_command("npx tsc --noEmit");
        let output = "src/a.ts(1,1): error TS2304: Cannot find name 'x'.\n".repeat(2000);
        b.command_result_at(idx, None, None, &output, None);
        let cut = b.transcript().commands[idx].output.as_str().to_string();
        assert!(cut.len() < output.len());
        let count = elided(&cut);
        assert!(
            count > 90_000,
            "the first cut counts what it elided: {count}"
        );
        b.command_result_at(idx, Some(2), None, "", None);
        let c = &b.transcript().commands[idx];
        assert_eq!(c.output.as_str(), cut, "the output is not cut again");
        assert_eq!(elided(c.output.as_str()), count);
        assert_eq!(c.exit_code, Some(2));
        assert_eq!(c.ok, Some(false), "the exit status is judged");
    }

    /// A long session keeps its requests and latest turns whole, drops older replies (their
    /// ids never reused, their count kept) and cuts older commands' output, so memory stays flat.
    #[test]
    fn a_long_session_keeps_requests_and_the_latest_turns() {
        let mut b = Builder::new("x", Format::ClaudeCode);
        let long_output = "line of output\n".repeat(200);
        let turns = 3 * KEEP_MESSAGES;
        for i in 0..turns {
            b.message(
                Role::User,
                MessageKind::Typed,
                &format!("request {i}"),
                None,
                false,
            );
            b.message(
                Role::Assistant,
                MessageKind::Typed,
                &format!("reply {i}"),
                None,
                false,
            );
            let idx = b.command(
                Some(&format!("c{i}")),
                "cargo test",
                Some("Bash"),
                None,
                false,
            );
            b.command_result_at(idx, Some(0), None, &long_output, None);
        }
        let seq = b.last_seq();
        let last_reply = b.transcript().messages.last().unwrap().seq;
        assert!(b.message_at_mut(last_reply).is_some());
        assert!(
            b.message_at_mut(seq).is_none(),
            "a command's seq is no message"
        );
        let t = b.finish();
        let requests: Vec<&Message> = t.messages.iter().filter(|m| m.is_user_request()).collect();
        assert_eq!(requests.len(), turns, "every request is kept");
        let replies: Vec<&Message> = t.messages.iter().filter(|m| !m.is_user_request()).collect();
        assert!(replies.len() >= KEEP_MESSAGES && replies.len() < 2 * KEEP_MESSAGES);
        assert_eq!(replies.last().unwrap().text, format!("reply {}", turns - 1));
        assert_eq!(t.message_count(), 2 * turns as u64);
        assert_eq!(t.stats.dropped_messages as usize, turns - replies.len());
        // Ids stay those the messages got when read: the last one is still M{2 * turns}.
        assert_eq!(t.messages.last().unwrap().id, format!("M{}", 2 * turns));
        assert_eq!(t.commands.len(), turns, "every command is kept");
        assert!(t.commands[0].output.len() <= OLD_OUTPUT_BYTES + 64);
        assert!(
            std::ptr::eq(t.commands[0].output.as_str(), t.commands[1].output.as_str()),
            "old commands that got the same output share one copy of it"
        );
        assert!(t.commands[0].ok == Some(true) && t.commands[0].is_test);
        assert_eq!(t.commands[turns - 1].output, long_output);
    }

    /// Every compaction summary is kept, the latest ones whole and older ones cut.
    #[test]
    fn old_compaction_summaries_are_cut_not_dropped() {
        let mut b = Builder::new("x", Format::ClaudeCode);
        let summary = "This session is being continued. ".repeat(200);
        let n = 3 * KEEP_SUMMARIES;
        for _ in 0..n {
            b.message(
                Role::User,
                MessageKind::CompactionSummary,
                &summary,
                None,
                false,
            );
            b.message(Role::Assistant, MessageKind::Typed, "ok", None, false);
        }
        let t = b.finish();
        let summaries: Vec<&Message> = t
            .messages
            .iter()
            .filter(|m| m.kind == MessageKind::CompactionSummary)
            .collect();
        assert_eq!(summaries.len(), n, "every summary is kept");
        let (old, latest) = summaries.split_at(n - KEEP_SUMMARIES);
        assert!(old.iter().all(|m| m.text.len() <= OLD_SUMMARY_BYTES + 64));
        assert!(latest.iter().all(|m| m.text == summary.trim()));
    }

    /// An old command is a compact record: its verdict, a bounded output and, unless it runs
    /// tests or a check, a bounded command line; its tool name, and its line and output when an
    /// older command had the same, are shared, not copied.
    #[test]
    fn old_commands_are_compact_records_and_keep_their_verdict() {
        let mut b = Builder::new("x", Format::ClaudeCode);
        let script = format!(
            "cat > notes.txt <<'EOF'\n{}EOF",
            "a line of notes\n".repeat(100)
        );
        let check = format!("npx tsc --noEmit -p {}", "packages/app/".repeat(30));
        let turns = 3 * KEEP_COMMAND_OUTPUTS;
        for i in 0..turns {
            let (line, output) = if i % 2 == 0 {
                (script.as_str(), "")
            } else {
                (
                    check.as_str(),
                    "src/a.ts(1,1): error TS2304: Cannot find name 'x'.",
                )
            };
            let idx = b.command(None, line, Some("Bash"), None, false);
            b.command_result_at(idx, Some(i as i32 % 2), None, output, None);
        }
        let t = b.finish();
        let (old_script, old_check) = (&t.commands[0], &t.commands[1]);
        assert!(old_script.command.len() <= OLD_COMMAND_BYTES + 64);
        let again = &t.commands[2];
        assert!(
            std::ptr::eq(old_script.command.as_str(), again.command.as_str()),
            "old runs of one command line share one copy of it"
        );
        assert!(old_script.command.starts_with("cat > notes.txt <<'EOF'"));
        assert!(old_script.command.ends_with("EOF"));
        assert_eq!(old_script.ok, Some(true));
        assert_eq!(
            old_check.command, check,
            "a check keeps its whole line: its identity"
        );
        assert!(old_check.is_check && old_check.ok == Some(false));
        let latest = &t.commands[turns - 2];
        assert_eq!(latest.command, script, "the latest commands stay whole");
        let tools: Vec<&ToolName> = t.commands.iter().filter_map(|c| c.tool.as_ref()).collect();
        assert!(tools.iter().all(|x| x.ptr_eq(tools[0])));
    }
}
