//! Which part of the transcript a note covers. An aider history file appends every launch of
//! aider in that repository (weeks of them); a note covers the last launch and says how many the
//! file spans. Every other format is one session. Subagent (sidechain) records are never the
//! session's own work.

use super::commands::CommandTable;
use crate::evidence::Evidence;
use crate::evidence::transcript::{
    Action, Command, Edit, ErrorEvent, Format, Message, MessageKind, Role, Transcript,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The covered part of the transcript.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Scope {
    /// Launches the file holds (aider); 1 for other formats, 0 without a transcript.
    pub launches: usize,
    /// Launches the note covers: the last, or back to the last one the agent answered in when
    /// the later ones got no answer (the model failed to load): their requests are still open.
    #[serde(default)]
    pub covered: usize,
    /// The first event (`seq`) the note covers; `None`: the whole transcript.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub from_seq: Option<u64>,
    /// When the covered part started, when recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub started_at: Option<DateTime<Utc>>,
    /// When the first launch started, for "spans N launches since …".
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub first_started_at: Option<DateTime<Utc>>,
    /// The launch marker message of the covered part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marker: Option<String>,
}

/// The marker aider writes at every launch.
const AIDER_LAUNCH: &str = "aider chat started at";

/// Finds the covered part of the session.
pub(crate) fn of(ev: &Evidence) -> Scope {
    let Some(t) = ev.transcript.as_ref() else {
        return Scope::default();
    };
    let mut scope = Scope {
        launches: 1,
        covered: 1,
        ..Scope::default()
    };
    if t.session.agent != Some(Format::Aider) {
        return scope;
    }
    let markers: Vec<&Message> = t
        .messages
        .iter()
        .filter(|m| m.role != Role::Assistant && m.text.trim_start().starts_with(AIDER_LAUNCH))
        .collect();
    if markers.is_empty() {
        return scope;
    }
    scope.launches = markers.len();
    scope.first_started_at = markers.first().and_then(|m| m.at);
    // A launch the agent answered in: it wrote prose, edited or ran something.
    let answered = |i: usize| {
        let from = markers[i].seq;
        let to = markers.get(i + 1).map_or(u64::MAX, |m| m.seq);
        let inside = |seq: u64| (from..to).contains(&seq);
        t.messages
            .iter()
            .any(|m| m.role == Role::Assistant && m.kind == MessageKind::Typed && inside(m.seq))
            || t.edits.iter().any(|e| inside(e.seq))
            || t.commands.iter().any(|c| inside(c.seq))
    };
    let first = (0..markers.len()).rev().find(|&i| answered(i)).unwrap_or(0);
    scope.covered = markers.len() - first;
    if first > 0 {
        let start = markers[first];
        scope.from_seq = Some(start.seq);
        scope.started_at = start.at;
        scope.marker = Some(start.id.clone());
    }
    scope
}

/// The session's own events inside the scope, in order: what every part of the analysis reads.
#[derive(Debug, Clone, Default)]
pub(crate) struct View<'a> {
    /// The transcript, when there is one.
    pub transcript: Option<&'a Transcript>,
    /// Messages in scope (main session only).
    pub messages: Vec<&'a Message>,
    /// Commands in scope (main session only).
    pub commands: Vec<&'a Command>,
    /// `parsed[i]`: what the rules read of `commands[i]`
    /// ([`super::commands::CommandFacts`]), read once per
    /// distinct command line.
    pub parsed: CommandTable,
    /// Edits in scope (main session only).
    pub edits: Vec<&'a Edit>,
    /// Errors in scope.
    pub errors: Vec<&'a ErrorEvent>,
    /// Actions outside the workspace in scope (main session only).
    pub actions: Vec<&'a Action>,
    /// The session's working directory.
    pub cwd: Option<&'a str>,
    /// Launches the transcript holds and the note covers (see [`Scope`]).
    pub launches: usize,
    pub covered: usize,
}

/// Whether a message is something the agent said (typed, not a tool call or harness text).
pub(crate) fn said_by_agent(m: &Message) -> bool {
    m.role == Role::Assistant && m.kind == MessageKind::Typed
}

impl<'a> View<'a> {
    /// The events of `ev` inside `scope`.
    pub(crate) fn new(ev: &'a Evidence, scope: &Scope) -> View<'a> {
        let Some(t) = ev.transcript.as_ref() else {
            return View::default();
        };
        let inside = |seq: u64| scope.from_seq.is_none_or(|from| seq >= from);
        let commands: Vec<&Command> = t
            .commands
            .iter()
            .filter(|c| inside(c.seq) && !c.sidechain)
            .collect();
        View {
            transcript: Some(t),
            messages: t
                .messages
                .iter()
                .filter(|m| inside(m.seq) && !m.sidechain)
                .collect(),
            parsed: CommandTable::new(commands.iter().map(|c| c.command.as_str())),
            commands,
            edits: t
                .edits
                .iter()
                .filter(|e| inside(e.seq) && !e.sidechain)
                .collect(),
            errors: t.errors.iter().filter(|e| inside(e.seq)).collect(),
            actions: t
                .actions
                .iter()
                .filter(|a| inside(a.seq) && !a.sidechain)
                .collect(),
            cwd: t.session.cwd.as_deref(),
            launches: scope.launches,
            covered: scope.covered,
        }
    }

    /// The assistant's own prose (not thinking), in order.
    pub(crate) fn said(&self) -> impl Iterator<Item = &'a Message> + '_ {
        self.messages.iter().copied().filter(|m| said_by_agent(m))
    }

    /// The last event of the session (message, command or edit), by order.
    pub(crate) fn last_seq(&self) -> Option<u64> {
        let m = self.messages.iter().map(|m| m.seq).max();
        let c = self.commands.iter().map(|c| c.seq).max();
        let e = self.edits.iter().map(|e| e.seq).max();
        m.max(c).max(e)
    }

    /// The agent that wrote the session.
    pub(crate) fn agent(&self) -> Option<Format> {
        self.transcript.and_then(|t| t.session.agent)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit::*;

    #[test]
    fn aider_covers_the_last_launch() {
        let mut t = chat(vec![
            meta(1, "aider chat started at 2025-07-15 11:38:37", 0),
            user(2, "add a comment", 1),
            meta(3, "aider chat started at 2025-08-04 13:59:12", 2),
            user(4, "audit the repository", 3),
            said(5, "The audit found nothing.", 4),
        ]);
        t.session.agent = Some(Format::Aider);
        let ev = evidence(t);
        let s = of(&ev);
        assert_eq!(s.launches, 2);
        assert_eq!(s.from_seq, Some(2));
        let v = View::new(&ev, &s);
        let ids: Vec<&str> = v.messages.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["M3", "M4", "M5"]);
    }

    #[test]
    fn launches_that_got_no_answer_leave_the_last_answered_one_in_scope() {
        let history = |answer_in_last: bool| {
            let mut messages = vec![
                meta(1, "aider chat started at 2026-04-26 19:45:34", 0),
                user(2, "rewrite dashboard.py", 1),
                said(3, "Here is the new dashboard.py", 2),
                meta(4, "aider chat started at 2026-04-26 20:15:50", 3),
                user(5, "how to fix the server", 4),
            ];
            if answer_in_last {
                messages.push(said(6, "Restart Ollama.", 5));
            }
            let mut t = chat(messages);
            t.session.agent = Some(Format::Aider);
            evidence(t)
        };
        // The last launch failed before any answer: its request and the last work both count.
        let s = of(&history(false));
        assert_eq!((s.launches, s.covered, s.from_seq), (2, 2, None));
        let s = of(&history(true));
        assert_eq!((s.launches, s.covered, s.from_seq), (2, 1, Some(3)));
    }

    #[test]
    fn other_formats_are_one_session() {
        let t = chat(vec![user(1, "aider chat started at noon", 0)]);
        let s = of(&evidence(t));
        assert_eq!(s.launches, 1);
        assert_eq!(s.from_seq, None);
    }
}
