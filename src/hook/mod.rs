//! Agent lifecycle hooks: `handoff hook <agent>` reads the hook's JSON on stdin and, by event,
//! writes the note before the context is cleared or compacted, or prints the newest note when a
//! session starts.
//!
//! The events each agent fires, and what `handoff` does on each, are the one table [`EVENTS`]
//! (used by `hook` to act and by `init` to install). The protocols were checked against each
//! agent's source and documentation; docs/integrations.md cites them. Every agent here reads a
//! `SessionStart` hook's `hookSpecificOutput.additionalContext` (Claude Code and Codex: their
//! hook output schema; Gemini CLI: `SessionStartOutput`), so one output shape serves all three.
//!
//! A hook never breaks its agent: it exits 0 whatever happens (none of the events handled here
//! gives an exit code a meaning `handoff` wants), reports problems on stderr and in
//! `$XDG_STATE_HOME/handoff/hook.log`, drafts offline within the agent's time limit (handing the
//! write to a detached copy of itself when the limit is a few seconds), and leaves a
//! model draft (when a model is configured) to a detached process that replaces the offline note
//! when it arrives, keeping the offline one as `<note>.offline.md`.

pub(crate) mod context;
pub(crate) mod detach;
pub(crate) mod log;
pub(crate) mod state;

use crate::evidence::transcript::latest::Agent;
use serde::{Deserialize, Serialize};

/// The agents whose hook protocol `handoff` speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum HookAgent {
    /// Claude Code (`~/.claude/settings.json`).
    ClaudeCode,
    /// OpenAI Codex CLI (`~/.codex/hooks.json`).
    Codex,
    /// Gemini CLI (`~/.gemini/settings.json`).
    Gemini,
}

impl HookAgent {
    /// Every agent with hooks.
    pub const ALL: [HookAgent; 3] = [HookAgent::ClaudeCode, HookAgent::Codex, HookAgent::Gemini];

    /// The name on the command line (`handoff hook claude-code`).
    pub fn arg(self) -> &'static str {
        match self {
            HookAgent::ClaudeCode => "claude-code",
            HookAgent::Codex => "codex",
            HookAgent::Gemini => "gemini",
        }
    }

    /// The agent's session store, for `--latest` and messages.
    pub fn agent(self) -> Agent {
        match self {
            HookAgent::ClaudeCode => Agent::ClaudeCode,
            HookAgent::Codex => Agent::Codex,
            HookAgent::Gemini => Agent::Gemini,
        }
    }
}

/// What `handoff` does on an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    /// Write the note for the session's transcript (the context is about to go).
    Write,
    /// Print the newest note for the new context.
    Inject,
}

/// One hook event `handoff` installs and handles.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct EventSpec {
    /// The agent.
    pub agent: HookAgent,
    /// The event name in the agent's settings and in `hook_event_name`.
    pub event: &'static str,
    /// What `handoff` does.
    pub action: Action,
    /// The time limit `init` sets on the hook, in seconds (each agent's default is noted).
    pub timeout_secs: u64,
}

/// Every event handled, per agent. Time limits: Claude Code command hooks default to 600 s and
/// `SessionEnd` to a 1.5 s budget that a per-hook `timeout` raises (up to 60 s); Codex hooks
/// default to 600 s, its `SessionEnd` to 1 s with a 3 s cap; Gemini CLI hooks default to 60 s.
pub(crate) const EVENTS: &[EventSpec] = &[
    EventSpec {
        agent: HookAgent::ClaudeCode,
        event: "PreCompact",
        action: Action::Write,
        timeout_secs: 120,
    },
    EventSpec {
        agent: HookAgent::ClaudeCode,
        event: "SessionEnd",
        action: Action::Write,
        timeout_secs: 60,
    },
    EventSpec {
        agent: HookAgent::ClaudeCode,
        event: "SessionStart",
        action: Action::Inject,
        timeout_secs: 30,
    },
    EventSpec {
        agent: HookAgent::Codex,
        event: "PreCompact",
        action: Action::Write,
        timeout_secs: 120,
    },
    EventSpec {
        agent: HookAgent::Codex,
        event: "SessionEnd",
        action: Action::Write,
        timeout_secs: 3,
    },
    EventSpec {
        agent: HookAgent::Codex,
        event: "SessionStart",
        action: Action::Inject,
        timeout_secs: 30,
    },
    EventSpec {
        agent: HookAgent::Gemini,
        event: "PreCompress",
        action: Action::Write,
        timeout_secs: 120,
    },
    EventSpec {
        agent: HookAgent::Gemini,
        event: "SessionEnd",
        action: Action::Write,
        timeout_secs: 60,
    },
    EventSpec {
        agent: HookAgent::Gemini,
        event: "SessionStart",
        action: Action::Inject,
        timeout_secs: 30,
    },
];

/// Below this limit a note is written by a detached copy of the hook, so that the agent's
/// deadline (Codex's 3 s `SessionEnd` cap) never cuts a write short.
pub(crate) const DETACH_BELOW_SECS: u64 = 10;

/// The events of one agent.
pub(crate) fn events_of(agent: HookAgent) -> impl Iterator<Item = &'static EventSpec> {
    EVENTS.iter().filter(move |e| e.agent == agent)
}

/// The fields of a hook's stdin JSON that `handoff` reads (each agent sends more; unknown fields
/// are ignored). Claude Code, Codex and Gemini CLI share these names.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HookInput {
    /// `PreCompact`, `SessionStart`, …
    #[serde(default)]
    pub hook_event_name: String,
    /// The agent's session id.
    #[serde(default)]
    pub session_id: Option<String>,
    /// The session transcript (`null` from Codex when it has none).
    #[serde(default)]
    pub transcript_path: Option<String>,
    /// The session's working directory.
    #[serde(default)]
    pub cwd: Option<String>,
    /// `SessionStart`: `startup`, `resume`, `clear`, `compact`.
    #[serde(default)]
    pub source: Option<String>,
    /// `SessionEnd`: why the session ended.
    #[serde(default)]
    pub reason: Option<String>,
    /// `PreCompact` / `PreCompress`: `manual` or `auto`.
    #[serde(default)]
    pub trigger: Option<String>,
}

impl HookInput {
    /// `PreCompact(manual)`, `SessionStart(clear)`… for the log.
    pub fn label(&self) -> String {
        match self
            .source
            .as_ref()
            .or(self.reason.as_ref())
            .or(self.trigger.as_ref())
        {
            Some(detail) => format!("{}({detail})", self.hook_event_name),
            None => self.hook_event_name.clone(),
        }
    }
}

/// What the event asks of `handoff`, or `None` for an event it does not handle.
pub(crate) fn action(agent: HookAgent, event: &str) -> Option<Action> {
    spec(agent, event).map(|e| e.action)
}

/// The table row of an event.
pub(crate) fn spec(agent: HookAgent, event: &str) -> Option<&'static EventSpec> {
    events_of(agent).find(|e| e.event == event)
}

/// `--recent`: `90m`, `12h`, `2d`, `1w` or a number of seconds.
pub(crate) fn parse_age(s: &str) -> Result<chrono::Duration, String> {
    let s = s.trim();
    let (digits, unit) = s.split_at(s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len()));
    let n: i64 = digits
        .parse()
        .map_err(|_| format!("{s:?} is not an age like 90m, 12h or 2d"))?;
    let secs = match unit {
        "" | "s" => 1,
        "m" => 60,
        "h" => 3600,
        "d" => 86_400,
        "w" => 604_800,
        _ => {
            return Err(format!(
                "{s:?}: unknown unit {unit:?} (use s, m, h, d or w)"
            ));
        }
    };
    n.checked_mul(secs)
        .and_then(chrono::Duration::try_seconds)
        .ok_or_else(|| format!("{s:?} is too long"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_writes_before_the_context_goes_and_injects_at_start() {
        for agent in [HookAgent::ClaudeCode, HookAgent::Codex, HookAgent::Gemini] {
            let actions: Vec<Action> = events_of(agent).map(|e| e.action).collect();
            assert!(actions.contains(&Action::Write), "{agent:?}");
            assert!(actions.contains(&Action::Inject), "{agent:?}");
        }
        assert_eq!(
            action(HookAgent::Gemini, "PreCompress"),
            Some(Action::Write)
        );
        assert_eq!(action(HookAgent::ClaudeCode, "PreCompress"), None);
        assert_eq!(action(HookAgent::Codex, "Stop"), None);
        // Codex caps SessionEnd hooks at 3 s.
        let codex_end = events_of(HookAgent::Codex)
            .find(|e| e.event == "SessionEnd")
            .unwrap();
        assert!(codex_end.timeout_secs <= 3);
    }

    #[test]
    fn ages() {
        assert_eq!(parse_age("90m").unwrap(), chrono::Duration::minutes(90));
        assert_eq!(parse_age("2d").unwrap(), chrono::Duration::days(2));
        assert_eq!(parse_age("45").unwrap(), chrono::Duration::seconds(45));
        assert!(parse_age("soon").is_err());
        assert!(parse_age("3y").is_err());
    }

    #[test]
    fn input_label_and_unknown_fields() {
        let i: HookInput = serde_json::from_str(
            r#"{"hook_event_name":"SessionStart","source":"clear","model":"m","extra":{"x":1}}"#,
        )
        .unwrap();
        assert_eq!(i.label(), "SessionStart(clear)");
        let codex: HookInput = serde_json::from_str(
            r#"{"hook_event_name":"PreCompact","transcript_path":null,"trigger":"auto","turn_id":"t"}"#,
        )
        .unwrap();
        assert_eq!(codex.transcript_path, None);
    }
}
