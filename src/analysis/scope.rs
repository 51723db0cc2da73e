//! Which part of the transcript a note covers. An aider history file appends every launch of
//! aider in that repository (weeks of them); a note covers the last launch and says how many the
//! file spans. Every other format is one session. Subagent (sidechain) records are never the
//! session's own work.

use crate::evidence::Evidence;
use crate::evidence::transcript::{
    Command, Edit, ErrorEvent, Format, Message, MessageKind, Role, Transcript,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// The covered part of the transcript.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Scope {
    /// Launches the file holds (aider); 1 for other formats, 0 without a transcript.
    pub launches: usize,
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
    if let Some(last) = markers.last()
        && markers.len() > 1
    {
        scope.from_seq = Some(last.seq);
        scope.started_at = last.at;
        scope.marker = Some(last.id.clone());
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
    /// Edits in scope (main session only).
    pub edits: Vec<&'a Edit>,
    /// Errors in scope.
    pub errors: Vec<&'a ErrorEvent>,
    /// The session's working directory.
    pub cwd: Option<&'a str>,
}

impl<'a> View<'a> {
    /// The events of `ev` inside `scope`.
    pub(crate) fn new(ev: &'a Evidence, scope: &Scope) -> View<'a> {
        let Some(t) = ev.transcript.as_ref() else {
            return View::default();
        };
        let inside = |seq: u64| scope.from_seq.is_none_or(|from| seq >= from);
        View {
            transcript: Some(t),
            messages: t
                .messages
                .iter()
                .filter(|m| inside(m.seq) && !m.sidechain)
                .collect(),
            commands: t
                .commands
                .iter()
                .filter(|c| inside(c.seq) && !c.sidechain)
                .collect(),
            edits: t
                .edits
                .iter()
                .filter(|e| inside(e.seq) && !e.sidechain)
                .collect(),
            errors: t.errors.iter().filter(|e| inside(e.seq)).collect(),
            cwd: t.session.cwd.as_deref(),
        }
    }

    /// The assistant's own prose (not thinking), in order.
    pub(crate) fn said(&self) -> impl Iterator<Item = &'a Message> + '_ {
        self.messages
            .iter()
            .copied()
            .filter(|m| m.role == Role::Assistant && m.kind == MessageKind::Typed)
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
        ]);
        t.session.agent = Some(Format::Aider);
        let ev = evidence(t);
        let s = of(&ev);
        assert_eq!(s.launches, 2);
        assert_eq!(s.from_seq, Some(2));
        let v = View::new(&ev, &s);
        let ids: Vec<&str> = v.messages.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["M3", "M4"]);
    }

    #[test]
    fn other_formats_are_one_session() {
        let t = chat(vec![user(1, "aider chat started at noon", 0)]);
        let s = of(&evidence(t));
        assert_eq!(s.launches, 1);
        assert_eq!(s.from_seq, None);
    }
}
