//! `handoff hook <agent>`: one hook run. Reads the hook JSON on stdin, acts by event (see
//! [`crate::hook`]), prints JSON for the agent on stdout only when a session start receives a
//! note, and always ends with exit status 0: problems go to stderr and the hook log.

use super::Outcome;
use crate::cli::HookArgs;
use crate::config::ModelConfig;
use crate::evidence::{self, Evidence, transcript};
use crate::hook::context::{self, StoredNote};
use crate::hook::{self, Action, HookAgent, HookInput};
use crate::pipeline::Drafter;
use crate::write::{self, Target};
use crate::{Error, Result};
use chrono::{DateTime, Utc};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

/// Longest hook input read (the agents send a few hundred bytes).
const MAX_INPUT_BYTES: u64 = 1024 * 1024;

/// Runs one hook; never fails the agent.
pub(crate) fn run(args: &HookArgs) -> Result<Outcome> {
    let started = Instant::now();
    if let Some(note) = &args.upgrade {
        // The detached model draft: nobody reads its output but the log.
        match upgrade(args, note) {
            Ok(msg) => hook::log::append(&format!(
                "{} upgrade {}: {msg} in {} ms",
                args.agent.arg(),
                note.display(),
                started.elapsed().as_millis()
            )),
            Err(e) => hook::log::append(&format!(
                "{} upgrade {}: failed, the offline note stays: {e}",
                args.agent.arg(),
                note.display()
            )),
        }
        return Ok(Outcome::Clean);
    }
    if let Some(file) = &args.input {
        // A detached writer: its input was left in a file by the hook that started it.
        let raw = std::fs::read_to_string(file);
        let _ = std::fs::remove_file(file);
        let outcome = raw
            .map_err(|e| Error::io(file, e))
            .and_then(|raw| parse_input(args, &raw))
            .and_then(|input| handle(args, &input, Utc::now()).map(|done| (input, done)));
        log_outcome(args, outcome, started);
        return Ok(Outcome::Clean);
    }
    if std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        return Err(Error::Usage(format!(
            "`handoff hook {}` reads the hook's JSON on stdin and is meant to be run by the agent; install it with `handoff init {}`",
            args.agent.arg(),
            args.agent.arg()
        )));
    }
    let mut raw = String::new();
    let read = std::io::stdin()
        .take(MAX_INPUT_BYTES)
        .read_to_string(&mut raw);
    let outcome = read
        .map_err(|e| Error::io("<stdin>", e))
        .and_then(|_| parse_input(args, &raw))
        .and_then(|input| handle(args, &input, Utc::now()).map(|done| (input, done)));
    if let Some(json) = log_outcome(args, outcome, started) {
        let mut out = std::io::stdout().lock();
        out.write_all(crate::escape::json(&json).as_bytes())
            .and_then(|()| out.write_all(b"\n"))
            .and_then(|()| out.flush())
            .map_err(|e| Error::io("<stdout>", e))?;
    }
    Ok(Outcome::Clean)
}

fn parse_input(args: &HookArgs, raw: &str) -> Result<HookInput> {
    serde_json::from_str::<HookInput>(raw).map_err(|e| {
        Error::Usage(format!(
            "the hook input on stdin is not {} hook JSON ({e}); run this command from the agent's hook settings (`handoff init {}`)",
            args.agent.agent().name(),
            args.agent.arg()
        ))
    })
}

/// Logs one run; problems also on stderr. Returns what to print for the agent.
fn log_outcome(
    args: &HookArgs,
    outcome: Result<(HookInput, Done)>,
    started: Instant,
) -> Option<String> {
    let ms = started.elapsed().as_millis();
    match outcome {
        Ok((input, done)) => {
            hook::log::append(&format!(
                "{} {}: {} in {ms} ms",
                args.agent.arg(),
                input.label(),
                done.summary
            ));
            done.stdout
        }
        Err(e) => {
            // The agent shows stderr to the user; the hook still succeeds.
            hook::log::append(&format!("{}: problem after {ms} ms: {e}", args.agent.arg()));
            let message = crate::redact::redact(&e.to_string()).into_owned();
            eprintln!(
                "handoff hook {}: {}",
                args.agent.arg(),
                crate::escape::line(&message)
            );
            None
        }
    }
}

/// What one hook run did.
#[derive(Debug, Clone, PartialEq)]
pub struct Done {
    /// For the log.
    pub summary: String,
    /// JSON for the agent on stdout.
    pub stdout: Option<String>,
}

/// Acts on one hook input.
pub fn handle(args: &HookArgs, input: &HookInput, now: DateTime<Utc>) -> Result<Done> {
    let Some(action) = hook::action(args.agent, &input.hook_event_name) else {
        return Ok(Done {
            summary: format!("ignored (handoff handles {})", handled(args.agent)),
            stdout: None,
        });
    };
    let cwd = input
        .cwd
        .as_deref()
        .filter(|c| !c.is_empty())
        .map(PathBuf::from)
        .map_or_else(std::env::current_dir, Ok)
        .map_err(|e| Error::io(".", e))?;
    let Some(root) = repository_root(&cwd)? else {
        return Ok(Done {
            summary: format!(
                "{} is not in a git repository; nothing to do",
                cwd.display()
            ),
            stdout: None,
        });
    };
    let tight = hook::spec(args.agent, &input.hook_event_name)
        .is_some_and(|s| s.timeout_secs < hook::DETACH_BELOW_SECS);
    match action {
        Action::Write if tight && args.input.is_none() => hand_off_write(input, &root),
        Action::Write => write_note(args, input, &cwd, &root, now),
        Action::Inject => inject(args, input, &root, now),
    }
}

/// Starts a detached copy of this hook to write the note, for an event whose time limit is too
/// short to trust with a large session; it writes atomically, so the agent sees either no note
/// or a whole one.
fn hand_off_write(input: &HookInput, root: &Path) -> Result<Done> {
    let dir = hook::log::state_dir().ok_or_else(|| {
        Error::Usage("no state folder for the detached writer (HOME is not set)".into())
    })?;
    std::fs::create_dir_all(&dir).map_err(|e| Error::io(&dir, e))?;
    let json = serde_json::to_string(input)
        .map_err(|e| Error::Usage(format!("cannot hand the hook input on: {e}")))?;
    let file = tempfile::Builder::new()
        .prefix("pending-")
        .suffix(".json")
        .tempfile_in(&dir)
        .map_err(|e| Error::io(&dir, e))?;
    std::fs::write(file.path(), json).map_err(|e| Error::io(file.path(), e))?;
    let (_, path) = file.keep().map_err(|e| Error::io(&dir, e.error))?;
    let mut again: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
    again.push("--input".into());
    again.push(path.clone().into_os_string());
    match hook::detach::spawn_self(&again, root) {
        Ok(pid) => Ok(Done {
            summary: format!(
                "handed the write to a detached writer (pid {pid}): the agent allows this event under {} s",
                hook::DETACH_BELOW_SECS
            ),
            stdout: None,
        }),
        Err(e) => {
            let _ = std::fs::remove_file(&path);
            Err(Error::Usage(format!(
                "the detached writer could not start: {e}"
            )))
        }
    }
}

fn handled(agent: HookAgent) -> String {
    hook::events_of(agent)
        .map(|e| e.event)
        .collect::<Vec<_>>()
        .join(", ")
}

fn repository_root(cwd: &Path) -> Result<Option<PathBuf>> {
    if !cwd.is_dir() {
        return Err(Error::input(cwd, "the hook's cwd is not a folder"));
    }
    Ok(evidence::git::collect_root(cwd))
}

/// Writes the note for the session's transcript in the repository's `.handoff/`, offline, and
/// starts the model draft that will replace it when a model is configured.
fn write_note(
    args: &HookArgs,
    input: &HookInput,
    cwd: &Path,
    root: &Path,
    now: DateTime<Utc>,
) -> Result<Done> {
    let transcript = match input
        .transcript_path
        .as_deref()
        .filter(|p| !p.is_empty())
        .map(PathBuf::from)
    {
        Some(p) if p.is_file() => p,
        given => {
            // Codex may send no transcript path: its newest session of this repository is it.
            let found = transcript::latest::find(root, Some(args.agent.agent())).map_err(|e| {
                Error::Usage(format!(
                    "no transcript to summarize ({}; {e})",
                    given.map_or("the hook sent none".to_string(), |p| format!(
                        "{} does not exist",
                        p.display()
                    ))
                ))
            })?;
            found.path
        }
    };
    if std::fs::metadata(&transcript).is_ok_and(|m| m.len() == 0) {
        // A session closed before anything was said: nothing to hand off.
        return Ok(Done {
            summary: format!("{} is empty; no note", transcript.display()),
            stdout: None,
        });
    }
    if let Some(note) = unchanged_since(root, &transcript) {
        return Ok(Done {
            summary: format!(
                "{} unchanged since {}; no new note",
                transcript.display(),
                note.display()
            ),
            stdout: None,
        });
    }
    let request = evidence::Request {
        repo: cwd.to_path_buf(),
        transcript: Some(transcript.clone()),
        transcript_format: Some(args.agent.agent().format()),
        ..evidence::Request::default()
    };
    let ev = evidence::collect(&request)?;
    let summary = summarize(&ev, None, now)?;
    let session = input
        .session_id
        .as_deref()
        .or_else(|| ev.transcript.as_ref().and_then(|t| t.session.id.as_deref()));
    let stem = write::default_stem(now, session);
    let dir = root.join(context::DEFAULT_DIR);
    write::ignore_note_dir(&dir)?;
    let written = write::write_note(
        &Target::Dir(dir),
        &stem,
        &summary.markdown,
        &summary.sidecar_json,
    )?;
    let mut msg = format!("wrote {}", written.note.display());
    if let Some(c) = summary.note.header.counts {
        msg += &format!(
            " ({} verified, {} unverified, {} contradicted)",
            c.verified, c.unverified, c.contradicted
        );
    }
    if !args.model.offline
        && crate::config::resolve(&args.model.overrides())
            .ok()
            .flatten()
            .is_some()
    {
        let mut again: Vec<std::ffi::OsString> = std::env::args_os().skip(1).collect();
        again.push("--upgrade".into());
        again.push(written.note.clone().into_os_string());
        match hook::detach::spawn_self(&again, root) {
            Ok(pid) => msg += &format!("; model draft started (pid {pid})"),
            Err(e) => {
                msg += &format!("; the model draft could not start ({e}), the offline note stays")
            }
        }
    }
    Ok(Done {
        summary: msg,
        stdout: None,
    })
}

/// The newest note of this transcript, when the transcript has not changed since it was written
/// (a `SessionEnd` right after a `PreCompact`, or a second exit hook).
fn unchanged_since(root: &Path, transcript: &Path) -> Option<PathBuf> {
    let newest = context::newest(root)?;
    let source = newest.sidecar.evidence.transcript.as_ref()?.source.clone();
    let same = std::fs::canonicalize(&source).ok()? == std::fs::canonicalize(transcript).ok()?;
    let modified = std::fs::metadata(transcript).ok()?.modified().ok()?;
    let written = std::fs::metadata(&newest.path).ok()?.modified().ok()?;
    (same && modified <= written).then_some(newest.path)
}

/// Prints the newest note for a session start: always after `clear`, `compact` and `resume`; at
/// `startup` only when it is recent and no session start has received it yet.
fn inject(args: &HookArgs, input: &HookInput, root: &Path, now: DateTime<Utc>) -> Result<Done> {
    let source = input.source.as_deref().unwrap_or("startup");
    let Some(stored) = context::newest(root) else {
        return Ok(Done {
            summary: format!(
                "no note in {} yet",
                root.join(context::DEFAULT_DIR).display()
            ),
            stdout: None,
        });
    };
    if source == "startup" {
        let age = now - stored.written_at;
        if age > args.recent {
            return Ok(Done {
                summary: format!(
                    "{} is {} old (older than --recent {}); not printed at startup",
                    stored.path.display(),
                    human_age(age),
                    human_age(args.recent)
                ),
                stdout: None,
            });
        }
        if hook::state::consumed(&stored.path) {
            return Ok(Done {
                summary: format!(
                    "{} was already given to a session; not printed at startup",
                    stored.path.display()
                ),
                stdout: None,
            });
        }
    }
    let shown = context::revalidate(&stored, root)?;
    let text = context::session_text(&stored, &shown, args.inject_budget);
    if let Err(e) = hook::state::mark_consumed(&stored.path, now) {
        hook::log::append(&format!("could not record that the note was printed: {e}"));
    }
    let json = serde_json::json!({
        "hookSpecificOutput": {
            "hookEventName": input.hook_event_name,
            "additionalContext": text.text,
        }
    });
    Ok(Done {
        summary: format!(
            "printed {} ({} tokens{})",
            stored.path.display(),
            text.tokens,
            if text.omitted > 0 {
                format!(", {} items left out", text.omitted)
            } else {
                String::new()
            }
        ),
        stdout: Some(json.to_string()),
    })
}

fn human_age(d: chrono::Duration) -> String {
    let m = d.num_minutes();
    if m < 120 {
        format!("{m}m")
    } else if m < 48 * 60 {
        format!("{}h", m / 60)
    } else {
        format!("{}d", m / (24 * 60))
    }
}

/// The detached model draft: drafts the note again with the configured model and replaces the
/// offline note with it, keeping the offline note as `<stem>.offline.md` (and `.offline.json`).
fn upgrade(args: &HookArgs, note: &Path) -> Result<String> {
    let stored = context::read_stored(note)
        .ok_or_else(|| Error::input(note, "not a handoff note with a sidecar"))?;
    let cfg = crate::config::resolve(&args.model.overrides())?
        .ok_or_else(|| Error::Usage("no model configured".into()))?;
    let recorded = &stored.sidecar.evidence;
    let root = recorded
        .git
        .as_ref()
        .map(|g| PathBuf::from(&g.root))
        .ok_or_else(|| Error::input(note, "the note records no repository"))?;
    let source = recorded
        .transcript
        .as_ref()
        .map(|t| PathBuf::from(&t.source))
        .ok_or_else(|| Error::input(note, "the note records no transcript"))?;
    let ev = evidence::collect(&evidence::Request {
        repo: root,
        transcript: Some(source),
        transcript_format: Some(args.agent.agent().format()),
        ..evidence::Request::default()
    })?;
    let summary = summarize(&ev, Some(&cfg), stored.written_at)?;
    let offline = StoredNote::offline_copy(note);
    let note_bytes = std::fs::read(note).map_err(|e| Error::io(note, e))?;
    let side = write::sidecar_path(note);
    let side_bytes = std::fs::read(&side).map_err(|e| Error::io(&side, e))?;
    write::write_atomic(&offline, &note_bytes, true)?;
    write::write_atomic(&write::sidecar_path(&offline), &side_bytes, true)?;
    write::write_atomic(&side, summary.sidecar_json.as_bytes(), true)?;
    write::write_atomic(note, summary.markdown.as_bytes(), true)?;
    Ok(format!(
        "replaced by the {} draft; the offline draft is kept as {}",
        cfg.model,
        offline.display()
    ))
}

/// The one place the hook drafts and validates: the pipeline `summarize` runs. A model run's
/// warnings and usage go to stderr, as `summarize` prints them.
fn summarize(
    ev: &Evidence,
    model: Option<&ModelConfig>,
    now: DateTime<Utc>,
) -> Result<crate::pipeline::Summary> {
    let drafter = match model {
        Some(cfg) => Drafter::Model(Box::new(crate::draft::llm::Model::new(cfg)?)),
        None => Drafter::Offline,
    };
    // The offline note is already written: a failed model leaves it in place, rather than
    // replacing it with an offline draft of its own.
    let summary =
        crate::pipeline::summarize(ev, &drafter, crate::pipeline::OnModelFailure::Fail, now)?;
    for line in summary.model.iter().flat_map(|m| m.report_lines()) {
        eprintln!("{line}");
    }
    Ok(summary)
}
