//! Accumulates a [`Transcript`] while a format reader streams its input: assigns evidence ids
//! and event order, pairs tool calls with their results, bounds every text, and classifies
//! commands (test run, check, outcome) once at the end.

use super::classify;
use super::*;
use crate::evidence::read::excerpt;
use std::collections::HashMap;

/// Longest message text kept (head and tail).
pub(super) const MAX_MESSAGE_BYTES: usize = 8 * 1024;
/// Longest command output kept (head and tail).
pub(super) const MAX_OUTPUT_BYTES: usize = 4 * 1024;
/// Most errors kept.
pub(super) const MAX_ERRORS: usize = 200;

/// Builds one transcript. Format readers call it in file order.
pub(crate) struct Builder {
    t: Transcript,
    seq: u64,
    calls: HashMap<String, Pending>,
}

#[derive(Clone, Copy)]
enum Pending {
    Command(usize),
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
            calls: HashMap::new(),
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
        let id = format!("M{}", self.t.messages.len() + 1);
        let seq = self.next_seq();
        self.t.messages.push(Message {
            id: id.clone(),
            role,
            kind,
            text: excerpt(text, MAX_MESSAGE_BYTES),
            at,
            seq,
            sidechain,
        });
        Some(id)
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
        let idx = self.t.commands.len();
        let seq = self.next_seq();
        self.t.commands.push(Command {
            id: format!("C{}", idx + 1),
            command: command.trim().to_string(),
            tool: tool.map(str::to_string),
            exit_code: None,
            ok: None,
            output: String::new(),
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
        let combined;
        let full = if c.output.is_empty() {
            output
        } else {
            combined = format!("{}\n{}", c.output, output);
            &combined
        };
        let verdict = classify::judge(&c.command, c.exit_code, is_error, full);
        c.is_test = verdict.is_test;
        c.is_check = verdict.is_check;
        c.tests = verdict.tests;
        c.ok = verdict.ok;
        c.output = excerpt(full, MAX_OUTPUT_BYTES);
        if at.is_some() {
            c.at = at;
        }
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
        self.t.edits.push(Edit {
            id: format!("E{}", idx + 1),
            path,
            kind,
            tool: tool.map(str::to_string),
            confirmed: false,
            at,
            seq,
            sidechain,
        });
        if let Some(id) = call_id {
            let entry = self
                .calls
                .entry(id.to_string())
                .or_insert(Pending::Edits(idx, idx + 1));
            if let Pending::Edits(start, end) = entry
                && *end == idx
            {
                *end = idx + 1;
                let _ = start;
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
                e.path = relative_to(&e.path, Some(&cwd));
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
        self.t
    }
}

use crate::evidence::paths::relative_to;

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
}
