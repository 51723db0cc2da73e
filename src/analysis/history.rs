//! Decisions and dead ends, each with its reason from the transcript.
//!
//! Decisions: what the session's commit messages and decision records (ADRs) say, the agent's
//! statements of choice and diagnosis, and the recommendation a final message leaves open.
//! Dead ends: a command that failed and a variant of it that then worked (same program, a
//! changed flag, variable or host), a check that failed before it passed (with what changed), an
//! approach retried and given up, aider `/undo`, reverted files, and the agent's own "that
//! didn't work" statements. Table cells, code and questions are never decisions.

use super::checks::{self, Checks};
use super::commits::Commits;
use super::project::Project;
use super::scope::View;
use super::text;
use crate::evidence::Evidence;
use crate::evidence::transcript::{Command, EditKind, Message, Role};
use crate::note::code_span;
use crate::phrases;
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::LazyLock;

/// Decisions and dead ends.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct History {
    /// Decisions (and findings, recommendations), most telling first.
    pub decisions: Vec<Item>,
    /// Discarded paths.
    pub dead_ends: Vec<Item>,
    /// What the agent left as it was since the person last asked, saying it was already done.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skipped: Vec<Skip>,
}

/// Work the agent left because it said it was already done ("The list is already sorted, so
/// no changes are needed"): its judgement, shown with what (if anything) it read first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Skip {
    /// The agent's sentence.
    pub text: String,
    /// The message.
    pub said: String,
    /// Commands with a recorded result in the same turn, before it: what the judgement may
    /// rest on. Empty: nothing recorded checked it.
    pub after: Vec<String>,
}

/// One decision or dead end.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Item {
    /// The sentence as a note shows it.
    pub text: String,
    /// Evidence ids.
    pub cite: Vec<String>,
    /// Where it comes from.
    pub source: Source,
}

/// What an item was read from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Source {
    /// A commit message the session wrote.
    Commit,
    /// A decision record (ADR) the session created.
    Record,
    /// The agent's statement.
    Statement,
    /// The agent's diagnosis.
    Finding,
    /// A recommendation the owner has not answered.
    Recommendation,
    /// A failing command and the variant that worked.
    Workaround,
    /// A check that failed before it passed.
    Resolved,
    /// An approach retried and given up.
    Abandoned,
    /// Undone with aider `/undo`.
    Undone,
    /// Reverted with git.
    Reverted,
}

/// Most decisions and dead ends kept, each.
const MAX_ITEMS: usize = 8;
/// Longest statement kept.
const SENTENCE_CHARS: usize = 240;

/// Reads decisions and dead ends.
pub(crate) fn of(
    ev: &Evidence,
    view: &View,
    project: &Project,
    checks: &Checks,
    commits: &Commits,
) -> History {
    let mut h = History::default();
    // Commit messages the session wrote.
    for c in commits.session.iter().filter(|c| c.undone_by.is_none()) {
        for point in body_points(&c.body).into_iter().take(3) {
            h.decisions.push(Item {
                text: format!("{} (commit `{}` {})", point, c.short(), c.subject),
                cite: c.cite.clone(),
                source: Source::Commit,
            });
        }
    }
    // Decision records the session created.
    for e in view.edits.iter().filter(|e| e.kind == EditKind::Create) {
        let p = crate::evidence::paths::normalize(&e.path);
        if !is_decision_record(&p) {
            continue;
        }
        let title = record_title(ev, view, project, &p).unwrap_or_else(|| slug_title(&p));
        let name = p.rsplit('/').next().unwrap_or(&p);
        h.decisions.push(Item {
            text: format!("{title} ({})", code_span(name)),
            cite: vec![e.id.to_string()],
            source: Source::Record,
        });
    }
    statements(view, &mut h);
    recommendations(view, &mut h);
    workarounds(view, &mut h);
    for c in &checks.items {
        if let Some(r) = &c.resolved {
            let mut t = format!(
                "{} failed {}× (first error: {}), then passed ({})",
                c.label(),
                r.failures,
                r.first_error,
                c.latest_run
            );
            let installs = r
                .install_lines
                .iter()
                .rev()
                .take(2)
                .rev()
                .map(|l| code_span(l))
                .collect::<Vec<_>>()
                .join(", ");
            let edited = r
                .edited
                .iter()
                .take(3)
                .map(|p| code_span(p))
                .collect::<Vec<_>>()
                .join(", ");
            match (installs.is_empty(), edited.is_empty()) {
                (false, false) => t.push_str(&format!(
                    "; changed in between: {installs}; the last failure fixed by editing {edited}"
                )),
                (false, true) => t.push_str(&format!("; changed in between: {installs}")),
                (true, false) if r.by_deleting => {
                    t.push_str(&format!("; fixed by deleting {edited}"))
                }
                (true, false) => t.push_str(&format!("; fixed by editing {edited}")),
                (true, true) => {}
            }
            let mut cite = vec![r.first.clone(), c.latest_run.clone()];
            cite.extend(r.installs.iter().rev().take(2).rev().cloned());
            h.dead_ends.push(Item {
                text: t,
                cite,
                source: Source::Resolved,
            });
        }
    }
    abandoned(view, &mut h);
    tool_failures(view, &mut h);
    for c in commits.session.iter().filter(|c| c.undone_by.is_some()) {
        let by = c.undone_by.clone().unwrap_or_default();
        let mut cite = c.cite.clone();
        cite.push(by.clone());
        h.dead_ends.push(Item {
            text: format!(
                "Undone by the owner with /undo ({by}): commit `{}` {}",
                c.sha, c.subject
            ),
            cite,
            source: Source::Undone,
        });
    }
    for (c, parsed) in view.commands.iter().zip(&view.parsed) {
        let segs = &parsed.segments;
        if let Some(s) = segs.iter().find(|s| {
            s.starts_with("git revert")
                || s.starts_with("git restore")
                || (s.starts_with("git checkout") && s.contains(" -- "))
                || s.starts_with("git reset --hard")
        }) {
            h.dead_ends.push(Item {
                text: format!("Reverted with {}", code_span(&text::shorten(s, 100))),
                cite: vec![c.id.to_string()],
                source: Source::Reverted,
            });
        }
    }
    // Diagnoses get revised as a session learns: keep the latest two.
    let findings = h
        .decisions
        .iter()
        .filter(|d| d.source == Source::Finding)
        .count();
    let mut seen = 0;
    h.decisions.retain(|d| {
        if d.source != Source::Finding {
            return true;
        }
        seen += 1;
        seen + 2 > findings
    });
    dedupe(&mut h.decisions);
    dedupe(&mut h.dead_ends);
    keep_best(&mut h.decisions);
    keep_best(&mut h.dead_ends);
    h
}

/// The points of a commit message body: its bullets, else its first sentence.
fn body_points(body: &str) -> Vec<String> {
    let bullets: Vec<String> = text::blocks(body)
        .into_iter()
        .filter_map(|b| match b {
            text::Block::Item(t) => Some(text::shorten(&t, SENTENCE_CHARS)),
            _ => None,
        })
        .collect();
    if !bullets.is_empty() {
        return bullets;
    }
    text::sentences(&text::one_line(body))
        .into_iter()
        .take(1)
        .filter(|s| s.split_whitespace().count() >= 4)
        .map(|s| text::shorten(&s, SENTENCE_CHARS))
        .collect()
}

/// A decision record: under an `adr/`, `decisions/` or `rfcs/` folder, or named `0007-title.md`.
fn is_decision_record(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    let in_folder = lower.split('/').any(|seg| {
        matches!(
            seg,
            "adr" | "adrs" | "decisions" | "decision-records" | "rfcs" | "rfc"
        )
    });
    let name = lower.rsplit('/').next().unwrap_or(&lower);
    let numbered = name.len() > 6
        && name[..4].chars().all(|c| c.is_ascii_digit())
        && name[4..].starts_with('-');
    (in_folder || numbered && lower.contains("adr")) && name.ends_with(".md")
}

/// The first heading of a decision record in the worktree.
fn record_title(ev: &Evidence, view: &View, project: &Project, path: &str) -> Option<String> {
    let root = ev.git.as_ref()?.root.clone();
    let rel = project.repo_path(path, view);
    let text = std::fs::read_to_string(Path::new(&root).join(rel)).ok()?;
    let line = text.lines().find(|l| l.starts_with("# "))?;
    Some(text::shorten(line.trim_start_matches('#').trim(), 160))
}

/// `docs/adr/0022-fundy-moves-to-a-separate-repository.md` → "0022: fundy moves to a separate
/// repository".
fn slug_title(path: &str) -> String {
    let name = path.rsplit('/').next().unwrap_or(path);
    let stem = name.trim_end_matches(".md");
    match stem.split_once('-') {
        Some((n, rest)) if n.chars().all(|c| c.is_ascii_digit()) => {
            format!("{n}: {}", rest.replace('-', " "))
        }
        _ => stem.replace('-', " "),
    }
}

/// Most dead ends read from tool failures.
const TOOL_FAILURES: usize = 4;

/// Tool calls that failed outside the shell (an MCP tool's error, an edit whose search text was
/// not in the file, a skill that does not exist): each a path the session tried and could not
/// take, with the tool's own words, counted when it repeats. Shell commands are judged as checks;
/// model/API errors are not the session's choices.
fn tool_failures(view: &View, h: &mut History) {
    static MCP: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"MCP tool '([\w.-]+)'").expect("static regex"));
    // Tool names are ASCII: a Unicode `\w` repeated 40 times compiles to a 3 MB automaton.
    static TOOL_PREFIX: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r"^([A-Za-z][A-Za-z0-9_.-]{1,40}): ").expect("static regex"));
    // The last text a JSON tool response carries: the service's own message.
    static RESPONSE_TEXT: LazyLock<Regex> =
        LazyLock::new(|| Regex::new(r#""text":"((?:[^"\\]|\\.){4,400})""#).expect("static regex"));
    // aider prints which file and which search text did not match after the error line.
    static NO_MATCH: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"failed to exactly match lines in (\S+)\s*\n<<<<<<< SEARCH\n\s*([^\n]{1,120})")
            .expect("static regex")
    });
    let mut seen: Vec<(String, usize, Vec<String>, u64)> = Vec::new();
    for e in &view.errors {
        if e.evidence.as_deref().is_some_and(|id| id.starts_with('C')) {
            continue;
        }
        // Each big automaton is built only once a text holds its literal (most sessions never
        // use an MCP tool, nor hit aider's search/replace error): the same matches, and none of
        // the megabytes a Unicode class repeated up to 400 times compiles to.
        let tool = (e.text.contains("MCP tool '"))
            .then(|| MCP.captures(&e.text))
            .flatten()
            .map(|c| c[1].to_string())
            .or_else(|| TOOL_PREFIX.captures(&e.text).map(|c| c[1].to_string()));
        if tool.is_none() && phrases::MODEL_ERROR.is_match(&e.text) {
            continue;
        }
        let next_said = view.said().find(|m| m.seq > e.seq && m.seq <= e.seq + 3);
        let response_text = (e.text.contains(r#""text":""#))
            .then(|| RESPONSE_TEXT.captures_iter(&e.text).last())
            .flatten();
        let no_match = next_said
            .filter(|m| m.text.contains("failed to exactly match lines in "))
            .and_then(|m| NO_MATCH.captures(&m.text));
        let detail = if let Some(t) = response_text {
            t[1].replace("\\\"", "\"")
        } else if let Some(c) = no_match {
            format!(
                "{} — its search text (starting {}) is not in `{}`",
                e.text.trim_start_matches('#').trim(),
                text::quote(c[2].trim(), 100),
                &c[1]
            )
        } else {
            let t = e.text.as_str();
            TOOL_PREFIX
                .find(t)
                .map_or(t, |m| &t[m.end()..])
                .trim_start_matches('#')
                .trim()
                .to_string()
        };
        // Without the tool's wrapper tags (`<tool_use_error>…</tool_use_error>`).
        static WRAPPER: LazyLock<Regex> =
            LazyLock::new(|| Regex::new(r"</?[a-z][a-z0-9_-]{0,40}>").expect("static regex"));
        let detail = text::shorten(&text::one_line(&WRAPPER.replace_all(&detail, "")), 220);
        // A failure with no words of its own, or the transcript's own end, says nothing.
        if detail.split_whitespace().count() < 3 || detail.contains("cut off") {
            continue;
        }
        // An action outside the workspace that a later call of the same tool did: the failure
        // was worked around, not left open.
        let failed = e
            .evidence
            .as_deref()
            .and_then(|id| view.actions.iter().find(|a| a.id == id));
        let done_later = failed.and_then(|failed| {
            view.actions
                .iter()
                .find(|a| a.seq > failed.seq && a.tool == failed.tool && a.ok == Some(true))
        });
        // What succeeded in between is how the session got past it (a README created first).
        let workaround = failed.zip(done_later).and_then(|(failed, later)| {
            view.actions
                .iter()
                .find(|a| a.ok == Some(true) && a.seq > failed.seq && a.seq < later.seq)
        });
        let line = match (&tool, done_later) {
            (Some(t), Some(a)) => {
                let after = workaround
                    .map(|w| {
                        format!(
                            ", after `{}` ({}) succeeded ({})",
                            w.tool,
                            text::shorten(&w.target, 120),
                            w.id
                        )
                    })
                    .unwrap_or_default();
                format!(
                    "`{t}` failed: {detail}; a later `{}` call succeeded ({}){after}",
                    a.tool, a.id
                )
            }
            (Some(t), None) => format!("`{t}` failed: {detail}"),
            (None, _) => format!("Failed: {detail}"),
        };
        let cite: Vec<String> = Some(e.id.clone())
            .filter(|id| !id.is_empty())
            .into_iter()
            .chain(e.evidence.iter().cloned())
            .chain(next_said.map(|m| m.id.clone()))
            .chain(workaround.map(|a| a.id.clone()))
            .chain(done_later.map(|a| a.id.clone()))
            .collect();
        match seen.iter_mut().find(|(l, _, _, _)| *l == line) {
            Some((_, n, c, at)) => {
                *n += 1;
                *at = e.seq;
                for id in cite {
                    if !c.contains(&id) {
                        c.push(id);
                    }
                }
            }
            None => seen.push((line, 1, cite, e.seq)),
        }
    }
    // Work recorded after the failure: the session went on past it (it is history, not the
    // state it ended in).
    let last = view.last_seq().unwrap_or(0);
    for (line, n, cite, at) in seen.into_iter().take(TOOL_FAILURES) {
        let times = if n > 1 {
            format!(" ({n}×)")
        } else {
            String::new()
        };
        let went_on = if last > at + 1 {
            "; then the session went on"
        } else {
            ""
        };
        h.dead_ends.push(Item {
            text: format!("{line}{times}{went_on}"),
            cite,
            source: Source::Statement,
        });
    }
}

/// A sentence fit to stand alone as a decision: prose, not a table cell, code or a question.
fn prose(s: &str) -> bool {
    let words = s.split_whitespace().count();
    let letters = s.chars().filter(|c| c.is_alphabetic()).count();
    // Questions, offers and conditions ("If you want, I can…") decide nothing.
    words >= 5
        && letters * 2 >= s.chars().count()
        && !s.contains('|')
        && !s.contains("```")
        && !s.starts_with('`')
        && !s.starts_with('{')
        && !s.ends_with(':')
        && !phrases::QUESTION_OR_OFFER.is_match(s)
}

/// The agent's statements of choice, rejection and diagnosis.
fn statements(view: &View, h: &mut History) {
    let asked = view
        .messages
        .iter()
        .filter(|u| u.role == Role::User && u.is_user_request())
        .map(|u| u.seq)
        .next_back()
        .unwrap_or(0);
    // The agent's own tools (`str_replace_editor`, `run_shell_command`): choosing one to call
    // decides nothing about the project.
    // Distinct names, added one at a time (`collect` into a set gathers them all first): a long
    // session names a handful of tools some 170,000 times.
    let mut tools: std::collections::BTreeSet<&str> = std::collections::BTreeSet::new();
    tools.extend(
        view.commands
            .iter()
            .filter_map(|c| c.tool.as_deref())
            .chain(view.edits.iter().filter_map(|e| e.tool.as_deref()))
            .filter(|t| t.contains('_')),
    );
    let mut turn_start = 0;
    for m in view.said() {
        let body = text::plain(&text::without_fences(&m.text));
        let sents = text::sentences(&body);
        let from = std::mem::replace(&mut turn_start, m.seq);
        for (i, s) in sents.iter().enumerate() {
            let s = s.replace('’', "'");
            // "Already done, so I leave it" is the agent's judgement, not a decision.
            if phrases::ALREADY_DONE.is_match(&s) {
                let plain_words = s.split_whitespace().count() >= 3
                    && !s.contains('|')
                    && !s.trim_end().ends_with('?');
                if plain_words && m.seq > asked && h.skipped.len() < 3 {
                    h.skipped.push(Skip {
                        text: text::shorten(&s, SENTENCE_CHARS),
                        said: m.id.clone(),
                        after: view
                            .commands
                            .iter()
                            .filter(|c| c.seq > from.max(asked) && c.seq < m.seq && c.has_result)
                            .map(|c| c.id.to_string())
                            .collect(),
                    });
                }
                continue;
            }
            if !prose(&s) {
                continue;
            }
            // "Let me revert…" is an action, not a dead end.
            let reject = phrases::DEAD_END.is_match(&s) && !phrases::INTENT.is_match(&s);
            let finding = !reject && phrases::FINDING.is_match(&s);
            // "instead" / "rather than" choose only when someone acts on it and names what it
            // chose (code, a path, a version: "Install postgresql-client-16 … instead"), not
            // "Let me work with that instead".
            let names_both = s.contains(['`', '/'])
                || s.chars().any(|c| c.is_ascii_digit())
                || s.contains("instead of")
                || s.contains("rather than");
            let choice = !reject
                && !finding
                && (phrases::DECISION.is_match(&s)
                    || (phrases::ALTERNATIVE.is_match(&s)
                        && phrases::AGENCY.is_match(&s)
                        && names_both));
            if !(reject || finding || choice) || choice && tools.iter().any(|t| s.contains(t)) {
                continue;
            }
            // A short statement borrows its neighbour for context ("There's already an
            // `opencode.json`…. I'm going to inspect it so I don't discard…").
            let mut t = s.clone();
            if choice
                && i > 0
                && t.chars().count() < 140
                // Only a neighbour that names something (code, a path) explains "it" or "this".
                && let Some(prev) = sents
                    .get(i - 1)
                    .filter(|p| prose(p) && p.chars().count() < 120 && (p.contains('`') || p.contains('/')))
            {
                t = format!("{prev} {t}");
            }
            let item = Item {
                text: text::shorten(&t, SENTENCE_CHARS),
                cite: vec![m.id.clone()],
                source: if finding {
                    Source::Finding
                } else {
                    Source::Statement
                },
            };
            if reject {
                h.dead_ends.push(item);
            } else {
                h.decisions.push(item);
            }
        }
    }
}

/// A recommendation in the final message that the owner has not answered: the bold lead-ins
/// under a heading that says "recommend" ("**Source Currency: future-only.** …").
fn recommendations(view: &View, h: &mut History) {
    let Some(last) = last_said(view) else { return };
    let mut under = false;
    for b in text::blocks(&last.text) {
        match &b {
            text::Block::Heading(t) => {
                under = t.to_lowercase().contains("recommend");
            }
            text::Block::Para(t) | text::Block::Item(t) if under => {
                if let Some(lead) = bold_lead(t) {
                    h.decisions.push(Item {
                        text: format!("Recommended, not yet accepted: {lead}"),
                        cite: vec![last.id.clone()],
                        source: Source::Recommendation,
                    });
                }
            }
            _ => {}
        }
    }
}

/// The `**bold**` text a paragraph opens with.
fn bold_lead(t: &str) -> Option<String> {
    let rest = t.trim_start().strip_prefix("**")?;
    let end = rest.find("**")?;
    let lead = rest[..end].trim();
    (lead.split_whitespace().count() >= 2).then(|| lead.to_string())
}

/// The agent's last message of the session.
pub(crate) fn last_said<'a>(view: &View<'a>) -> Option<&'a Message> {
    view.said().filter(|m| !m.text.trim().is_empty()).last()
}

/// A command's failure as far as the transcript shows (any command, not only checks).
pub(crate) fn failure(c: &Command) -> Option<String> {
    let echoed = c
        .command
        .contains("$?")
        .then(|| {
            phrases::ECHOED_EXIT
                .regex()
                .captures_iter(&c.output)
                .last()
                .and_then(|m| m[1].parse::<i32>().ok())
        })
        .flatten();
    let code = c.exit_code.or(echoed).filter(|&x| x != 0);
    // A failing status or result decides without reading the output.
    if code.is_none() && c.ok != Some(false) && !phrases::UNREACHABLE.is_match(&c.output) {
        return None;
    }
    let line = checks::error_line(&c.output);
    Some(match (code, line) {
        (Some(n), Some(l)) => format!("exit {n}: {l}"),
        (Some(n), None) => format!("exit {n}"),
        (None, Some(l)) => l,
        (None, None) => "failed".into(),
    })
}

/// Read-only probes: a non-zero exit means "nothing found", not a failed approach.
fn is_probe(program: &str) -> bool {
    matches!(
        program,
        "grep"
            | "rg"
            | "find"
            | "ls"
            | "sed"
            | "awk"
            | "test"
            | "["
            | "diff"
            | "which"
            | "cat"
            | "head"
            | "tail"
            | "stat"
            | "file"
            | "command"
            | "type"
            | "git"
            | "echo"
            | "pwd"
            | "get-childitem"
            | "get-content"
            | "test-path"
            | "select-string"
            | "lsof"
            | "ps"
    )
}

/// A failing command followed soon by a variant of it that worked: same program, at most two
/// words different (a flag, a host), or the same command with a changed environment variable.
fn workarounds(view: &View, h: &mut History) {
    let cmds = &view.commands;
    let mut used: Vec<usize> = Vec::new();
    for (i, f) in cmds.iter().enumerate() {
        let Some(error) = failure(f) else { continue };
        // A `cd` into a folder that is not there is a wrong directory, not an approach.
        if error.contains("cd: ") && error.contains("No such file") {
            continue;
        }
        let fparsed = &view.parsed[i];
        let fid = fparsed.identity();
        let fwords: Vec<&str> = fid.command.split_whitespace().collect();
        let Some(prog) = fwords.first() else { continue };
        if is_probe(prog) || fparsed.runs_test || fparsed.runs_check {
            continue;
        }
        for (j, p) in cmds.iter().enumerate().skip(i + 1).take(8) {
            if used.contains(&j) {
                continue;
            }
            let pid = view.parsed[j].identity();
            let pwords: Vec<&str> = pid.command.split_whitespace().collect();
            if pwords.first() != Some(prog) {
                continue;
            }
            // The same error printed again is no pass, whatever the status says.
            let repeats = error
                .split_once(": ")
                .map(|(_, l)| l)
                .unwrap_or(&error)
                .chars()
                .take(60)
                .collect::<String>();
            // `cmd || echo "not found"` hides its own failure: no proof it worked.
            let masked = p.command.contains("||");
            let passed = !masked
                && failure(p).is_none()
                // A status hidden by a pipe filter (`| tail -3`): output with no sign of failure.
                && (p.exit_code == Some(0)
                    || p.ok == Some(true)
                    || (p.ok.is_none() && p.has_result && !p.output.trim().is_empty()))
                && checks::first_error(&p.output).is_none()
                && (repeats.len() < 12 || !p.output.contains(&repeats));
            if !passed {
                if pid.command == fid.command {
                    // The same thing failing again: keep looking for the variant that worked.
                    continue;
                }
                continue;
            }
            let differs = word_difference(&fwords, &pwords);
            let env_changed = pid.command == fid.command && f.command.trim() != p.command.trim();
            if (differs > 0 && differs <= 2) || env_changed {
                used.push(j);
                h.dead_ends.push(Item {
                    text: format!(
                        "{} failed ({}); {} worked",
                        code_span(&checks::shown(&f.command)),
                        error,
                        code_span(&checks::shown(&p.command))
                    ),
                    cite: vec![f.id.to_string(), p.id.to_string()],
                    source: Source::Workaround,
                });
                break;
            }
            if pid.command == fid.command {
                // It just worked the second time: a flake, not a dead end.
                break;
            }
        }
    }
}

/// Words in one list and not the other, counted on the longer side.
fn word_difference(a: &[&str], b: &[&str]) -> usize {
    let only_a = a.iter().filter(|w| !b.contains(w)).count();
    let only_b = b.iter().filter(|w| !a.contains(w)).count();
    only_a.max(only_b)
}

/// The same program and subcommand run three or more times without a pass, then given up in
/// favour of something else the agent names.
fn abandoned(view: &View, h: &mut History) {
    let cmds = &view.commands;
    // The program and subcommand of command `i`, and its words.
    let stem = |i: usize| {
        view.parsed[i]
            .identity()
            .command
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let words = |i: usize| {
        view.parsed[i]
            .identity()
            .command
            .split_whitespace()
            .collect::<Vec<_>>()
    };
    let mut i = 0;
    while i < cmds.len() {
        let s = stem(i);
        let mut j = i + 1;
        // Retries: the same program and subcommand with at most a few words changed.
        while j < cmds.len() && stem(j) == s && word_difference(&words(j - 1), &words(j)) <= 3 {
            j += 1;
        }
        let attempts = j - i;
        let prog = s.split_whitespace().next().unwrap_or("");
        if attempts >= 3 && !s.is_empty() && !is_probe(prog) {
            let last = cmds[j - 1];
            let next_seq = cmds.get(j).map(|c| c.seq).unwrap_or(u64::MAX);
            let given_up = view.said().find(|m| {
                m.seq > last.seq
                    && m.seq < next_seq
                    && text::sentences(&m.text).iter().any(|t| {
                        let l = t.to_lowercase();
                        !t.contains('|')
                            && (l.contains("instead")
                                || l.contains("manually")
                                || l.contains("different approach"))
                    })
            });
            if let Some(m) = given_up {
                let tail = checks::strip_ansi(&last.output);
                let seen = tail
                    .lines()
                    .map(str::trim)
                    .rfind(|l| l.chars().filter(|c| c.is_alphabetic()).count() > 8)
                    .map(|l| format!("; last output: {}", text::quote(l, 90)))
                    .unwrap_or_default();
                let said = text::sentences(&m.text)
                    .into_iter()
                    .find(|t| {
                        let l = t.to_lowercase();
                        !t.contains('|')
                            && (l.contains("instead")
                                || l.contains("manually")
                                || l.contains("different approach"))
                    })
                    .unwrap_or_default();
                h.dead_ends.push(Item {
                    text: format!(
                        "{} given up after {attempts} attempts{seen}; then: {}",
                        code_span(&checks::shown(&cmds[i].command)),
                        text::quote(&said, 120)
                    ),
                    cite: vec![
                        cmds[i].id.to_string(),
                        last.id.to_string(),
                        m.id.to_string(),
                    ],
                    source: Source::Abandoned,
                });
            }
        }
        i = j;
    }
}

fn dedupe(items: &mut Vec<Item>) {
    // The same statement twice (a resent turn): the first six words decide, the latest stays.
    let key = |it: &Item| {
        text::one_line(&it.text.to_lowercase())
            .split_whitespace()
            .take(6)
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut later: Vec<String> = Vec::new();
    let mut keep = vec![true; items.len()];
    for (i, it) in items.iter().enumerate().rev() {
        let k = key(it);
        if it.source == Source::Statement && later.contains(&k) {
            keep[i] = false;
        }
        later.push(k);
    }
    let mut i = 0;
    items.retain(|_| {
        i += 1;
        keep[i - 1]
    });
    let mut seen: Vec<String> = Vec::new();
    items.retain(|it| {
        let key = text::one_line(&it.text.to_lowercase());
        if seen.contains(&key) {
            false
        } else {
            seen.push(key);
            true
        }
    });
}

/// Keeps the most telling items: evidence-backed sources first, then the latest statements.
fn keep_best(items: &mut Vec<Item>) {
    if items.len() <= MAX_ITEMS {
        return;
    }
    let strong = |s: Source| !matches!(s, Source::Statement | Source::Finding);
    let strong_n = items.iter().filter(|i| strong(i.source)).count();
    let room = MAX_ITEMS.saturating_sub(strong_n.min(MAX_ITEMS));
    let weak_total = items.len() - strong_n;
    let mut weak_seen = 0;
    let mut strong_seen = 0;
    items.retain(|i| {
        if strong(i.source) {
            strong_seen += 1;
            strong_seen <= MAX_ITEMS
        } else {
            weak_seen += 1;
            weak_seen > weak_total.saturating_sub(room)
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::scope::{self, View};
    use crate::testkit::*;

    fn history(t: crate::evidence::transcript::Transcript) -> History {
        let ev = evidence(t);
        let s = scope::of(&ev);
        let v = View::new(&ev, &s);
        let mut h = History::default();
        statements(&v, &mut h);
        recommendations(&v, &mut h);
        workarounds(&v, &mut h);
        abandoned(&v, &mut h);
        tool_failures(&v, &mut h);
        h
    }

    #[test]
    fn already_done_is_the_agents_judgement_not_a_decision() {
        let mut t = chat(vec![
            user(1, "sort every list in STYLE.md", 0),
            said(
                3,
                "I sorted the \"Naming\" list. The list under \"Imports\" is already alphabetically sorted, so no changes are needed there.",
                2,
            ),
        ]);
        t.edits = vec![edit("E1", "STYLE.md", 1)];
        let h = history(t);
        assert!(
            h.decisions.iter().all(|d| !d.text.contains("already")),
            "{h:?}"
        );
        assert_eq!(h.skipped.len(), 1, "{h:?}");
        assert!(h.skipped[0].text.contains("Imports"));
        assert!(h.skipped[0].after.is_empty());
        // A command that ran in the same turn, before the judgement, is what it rests on.
        let mut t = chat(vec![
            user(1, "set up the tool", 0),
            said(2, "Running the preamble.", 1),
            said(4, "Good, telemetry already configured.", 3),
        ]);
        t.commands = vec![ran(
            1,
            "cat ~/.tool/config.json",
            None,
            "TELEMETRY: anonymous",
            2,
        )];
        let h = history(t);
        assert_eq!(h.skipped.len(), 1, "{h:?}");
        assert_eq!(h.skipped[0].after, vec!["C1".to_string()]);
    }

    #[test]
    fn a_tool_that_failed_outside_the_shell_is_a_dead_end_in_its_own_words() {
        use crate::evidence::transcript::ErrorEvent;
        let err = |text: &str, seq| ErrorEvent {
            id: format!("X{seq}"),
            text: text.into(),
            evidence: None,
            at: None,
            seq,
        };
        let mut t = chat(vec![
            user(1, "publish the site to a new GitHub repo", 0),
            said(
                3,
                "The repository exists already; I'll push to it instead.",
                2,
            ),
            said(9, "Let me retry the edit with the right indentation.", 6),
            said(11, "Done.", 10),
            said(13, "Finished.", 13),
        ]);
        t.errors = vec![
            err(
                r#"MCP tool 'create_repository' reported tool error for function call: {"name":"create_repository"} with response: [{"type":"text","text":"422 Repository creation failed: name already exists on this account"}]"#,
                1,
            ),
            err("# 1 SEARCH/REPLACE block failed to match!", 4),
            err("# 1 SEARCH/REPLACE block failed to match!", 7),
            // The model's own failure is no path the session took.
            err("API Error: 529 overloaded", 12),
        ];
        // aider's report after each failure names the file and the search text.
        for (n, seq) in [(5, 5), (8, 8)] {
            t.messages.push(said(
                n,
                "## SearchReplaceNoExactMatch: This SEARCH block failed to exactly match lines in site/index.md\n<<<<<<< SEARCH\n## Links\n=======",
                seq,
            ));
        }
        t.messages.sort_by_key(|m| m.seq);
        let h = history(t);
        let d: Vec<&str> = h.dead_ends.iter().map(|d| d.text.as_str()).collect();
        assert!(
            d.iter().any(|x| x.starts_with(
                "`create_repository` failed: 422 Repository creation failed: name already exists"
            ) && x.ends_with("then the session went on")),
            "{d:?}"
        );
        assert!(
            d.iter().any(|x| x.contains("\"## Links\"")
                && x.contains("`site/index.md`")
                && x.contains("(2×)")),
            "{d:?}"
        );
        assert!(d.iter().all(|x| !x.contains("overloaded")), "{d:?}");
    }

    /// A failed push that a later push of the same tool did is worked around: the dead end says
    /// so, and what succeeded in between, with the actions' ids.
    #[test]
    fn a_failed_remote_action_done_later_names_the_workaround() {
        use crate::evidence::transcript::ErrorEvent;
        let mut t = chat(vec![
            user(1, "push the app to GitHub", 0),
            said(6, "Pushed.", 6),
        ]);
        t.actions = vec![
            action(1, "push_files", "repo=r, message=First", false, 1),
            action(
                2,
                "create_or_update_file",
                "path=README.md, message=Initial commit",
                true,
                3,
            ),
            action(3, "push_files", "repo=r, message=Source", true, 4),
        ];
        t.errors = vec![ErrorEvent {
            id: "X1".into(),
            text: "MCP tool 'push_files' reported tool error: 409 Git Repository is empty.".into(),
            evidence: Some("A1".into()),
            at: None,
            seq: 2,
        }];
        let h = history(t);
        let d = h
            .dead_ends
            .iter()
            .find(|d| d.text.starts_with("`push_files` failed"))
            .expect("a dead end for the failed push");
        assert!(
            d.text.contains("a later `push_files` call succeeded (A3), after `create_or_update_file` (path=README.md, message=Initial commit) succeeded (A2)"),
            "{d:?}"
        );
        assert_eq!(d.cite, vec!["X1", "A1", "A2", "A3"]);
    }

    #[test]
    fn choosing_which_agent_tool_to_call_is_no_decision() {
        let mut t = chat(vec![
            user(1, "write a snake game", 0),
            said(2, "I'll use the str_replace_editor to create the file.", 1),
            said(
                4,
                "I'll use curses rather than pygame so it runs in a terminal.",
                3,
            ),
        ]);
        let mut e = edit("E1", "snake.py", 2);
        e.tool = Some("str_replace_editor".into());
        t.edits = vec![e];
        let h = history(t);
        assert!(
            h.decisions
                .iter()
                .all(|d| !d.text.contains("str_replace_editor")),
            "{h:?}"
        );
        assert!(
            h.decisions.iter().any(|d| d.text.contains("curses")),
            "{h:?}"
        );
    }

    #[test]
    fn a_failure_and_the_variant_that_worked() {
        let mut t = chat(vec![user(1, "build", 0)]);
        t.commands = vec![
            ran(
                1,
                "node --version && pnpm --version 2>&1",
                Some(1),
                "Exit code 1\nv22.16.0\nThis project is configured to use yarn because /Users/x/package.json has a \"packageManager\" field",
                1,
            ),
            ran(
                2,
                "COREPACK_ENABLE_PROJECT_SPEC=0 pnpm --version 2>&1 | tail -3",
                None,
                "10.33.2",
                2,
            ),
        ];
        t.commands[1].ok = Some(true);
        let h = history(t);
        assert_eq!(h.dead_ends.len(), 1, "{:?}", h.dead_ends);
        assert!(
            h.dead_ends[0]
                .text
                .contains("COREPACK_ENABLE_PROJECT_SPEC=0 pnpm --version")
        );
        assert!(h.dead_ends[0].text.contains("configured to use yarn"));
    }

    #[test]
    fn an_unreachable_host_and_the_one_that_answered() {
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![
            ran(
                1,
                "curl -s -X POST http://localhost:5001/api/v0/id 2>&1; echo \"EXIT: $?\"",
                None,
                "EXIT: 7",
                1,
            ),
            ran(
                2,
                "curl -s -X POST http://192.168.133.114:5001/api/v0/id 2>&1 | head -3",
                None,
                "{\"ID\":\"12D3\"}",
                2,
            ),
        ];
        t.commands[1].ok = Some(true);
        let h = history(t);
        assert!(
            h.dead_ends
                .iter()
                .any(|d| d.text.contains("192.168.133.114")),
            "{:?}",
            h.dead_ends
        );
    }

    #[test]
    fn retried_then_given_up() {
        let mut t = chat(vec![
            user(1, "scaffold", 0),
            said(2, "Let me manually set up the Next.js project instead.", 10),
        ]);
        t.commands = (1..=4)
            .map(|i| {
                ran(
                    i,
                    "npx create-next-app@latest frontend --typescript",
                    None,
                    "? Would you like to use React Compiler? » No / Yes",
                    i as u64,
                )
            })
            .collect();
        let h = history(t);
        assert!(
            h.dead_ends
                .iter()
                .any(|d| d.text.contains("create-next-app") && d.text.contains("4 attempts")),
            "{:?}",
            h.dead_ends
        );
    }

    #[test]
    fn statements_and_recommendations() {
        let t = chat(vec![
            user(1, "x", 0),
            said(
                2,
                "| Will switch to `getPublicKeyAsync` |\nThe bundled export script could not run because WSL/bash is not installed on this machine.\nThat's why you're getting `PERMISSION_DENIED` - the credentials are from another project.",
                1,
            ),
            said(
                3,
                "## FW-007 — recommendation\n\n**Source Currency: future-only.** Half-shipping it is risky.\n\nWant me to (a) or (b)?",
                2,
            ),
        ]);
        let h = history(t);
        assert!(h.dead_ends.iter().any(|d| d.text.contains("WSL")));
        assert!(
            h.decisions
                .iter()
                .any(|d| d.source == Source::Finding && d.text.contains("PERMISSION_DENIED"))
        );
        assert!(
            h.decisions
                .iter()
                .any(|d| d.text == "Recommended, not yet accepted: Source Currency: future-only.")
        );
        assert!(!h.decisions.iter().any(|d| d.text.contains('|')));
    }

    #[test]
    fn records_and_commit_bodies() {
        assert!(is_decision_record(
            "docs/adr/0022-fundy-moves-to-a-separate-repository.md"
        ));
        assert!(!is_decision_record("docs/zerion-readiness.md"));
        assert_eq!(
            slug_title("docs/adr/0022-fundy-moves.md"),
            "0022: fundy moves"
        );
        assert_eq!(
            body_points(
                "- derive-ipns: use getPublicKeyAsync instead of sync getPublicKey\n- encrypt: wrap JSON.parse"
            ),
            [
                "derive-ipns: use getPublicKeyAsync instead of sync getPublicKey",
                "encrypt: wrap JSON.parse"
            ]
        );
    }
}
