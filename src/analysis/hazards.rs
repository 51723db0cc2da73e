//! Watch-outs: what a successor must know before touching anything. Processes the session left
//! running (and tunnels something outside points at), local configuration it changed that git
//! does not show, a tool trap and its workaround, edits to generated build output, a failing
//! test made to pass by editing only the test, model errors that ended the session, what the
//! transcript covers (launches, compactions), and thin evidence — stated as the evidence has it.

use super::checks::Checks;
use super::commits::Commits;
use super::history::{History, Source};
use super::project::Project;
use super::requests::Requests;
use super::scope::View;
use super::text;
use crate::evidence::Evidence;
use crate::evidence::paths;
use crate::evidence::transcript::{EditKind, Role};
use crate::note::code_span;
use crate::phrases;
use serde::{Deserialize, Serialize};

/// One watch-out.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Hazard {
    /// What to watch out for.
    pub text: String,
    /// Evidence ids.
    pub cite: Vec<String>,
}

/// The watch-outs of a session.
pub(crate) fn of(
    ev: &Evidence,
    view: &View,
    project: &Project,
    checks: &Checks,
    commits: &Commits,
    history: &History,
    requests: &Requests,
) -> Vec<Hazard> {
    let mut out = Vec::new();
    running(view, &mut out);
    done_outside(view, &mut out);
    local_config(ev, view, project, &mut out);
    for d in history
        .dead_ends
        .iter()
        .filter(|d| d.source == Source::Workaround)
    {
        // A variable set in front of the command that then worked: the trap to remember.
        if let Some(ok) = d.text.split("; ").last()
            && ok
                .trim_start_matches('`')
                .split_whitespace()
                .next()
                .is_some_and(|w| {
                    w.contains('=') && w.chars().next().is_some_and(|c| c.is_ascii_uppercase())
                })
        {
            out.push(Hazard {
                text: format!("Tool trap: {}", d.text),
                cite: d.cite.clone(),
            });
        }
    }
    build_output(view, project, &mut out);
    for c in &checks.items {
        let Some(r) = &c.resolved else { continue };
        if !r.edited.is_empty()
            && r.installs.is_empty()
            && r.edited.iter().all(|p| paths::is_test_path(p))
        {
            let mut cite = vec![r.first.clone()];
            cite.extend(r.edit_ids.iter().cloned());
            cite.push(c.latest_run.clone());
            out.push(Hazard {
                text: format!(
                    "{} went from failing to passing by editing only the test ({}), not the code under test; the failure was: {}",
                    c.label(),
                    r.edited.iter().map(|p| code_span(p)).collect::<Vec<_>>().join(", "),
                    r.first_error
                ),
                cite,
            });
        }
    }
    model_errors(view, requests, &mut out);
    coverage(view, &mut out);
    thin(ev, view, checks, commits, &mut out);
    out
}

/// Long-running processes started and not stopped.
fn running(view: &View, out: &mut Vec<Hazard>) {
    let mut shown: Vec<(String, Vec<String>)> = Vec::new();
    let mut tunnel_url: Option<String> = None;
    // Background jobs the session stopped (Claude Code's TaskStop / KillShell).
    let stopped: Vec<&str> = view
        .transcript
        .map(|t| t.stopped_jobs.iter().map(String::as_str).collect())
        .unwrap_or_default();
    for (c, parsed) in view.commands.iter().zip(&view.parsed) {
        let job = phrases::BACKGROUND_ID
            .regex()
            .captures(&c.output)
            .and_then(|m| m.get(1).map(|x| x.as_str().to_string()));
        if job.as_deref().is_some_and(|j| stopped.contains(&j)) {
            continue;
        }
        let background = job.is_some();
        let mut started: Vec<String> = Vec::new();
        for s in &parsed.starts {
            let (detached, long) = (s.detached, s.long);
            if (background && long) || detached || (long && !c.has_result && c.ok.is_none()) {
                started.push(s.shown.clone());
            }
        }
        if background && started.is_empty() {
            started.push(super::checks::shown(&c.command));
        }
        let failed = c.exit_code.is_some_and(|x| x != 0) || c.ok == Some(false);
        if failed {
            continue;
        }
        for s in started {
            match shown.iter_mut().find(|(t, _)| *t == s) {
                Some((_, ids)) => ids.push(c.id.to_string()),
                None => shown.push((s, vec![c.id.to_string()])),
            }
        }
        if phrases::TUNNEL.is_match(&c.command) {
            tunnel_url = tunnel_url.or_else(|| public_url(&c.output));
        }
    }
    if shown.is_empty() {
        return;
    }
    let list = shown
        .iter()
        .map(|(s, ids)| format!("{} ({})", code_span(&text::shorten(s, 80)), ids.join(", ")))
        .collect::<Vec<_>>()
        .join(", ");
    let url = tunnel_url
        .map(|u| format!("; the tunnel's public URL was {u}"))
        .unwrap_or_default();
    out.push(Hazard {
        text: format!(
            "Processes started in the background and never stopped in the transcript, possibly still running: {list}{url}"
        ),
        cite: shown.iter().flat_map(|(_, ids)| ids.iter().cloned()).collect(),
    });
}

/// The public URL a tunnel printed.
fn public_url(output: &str) -> Option<String> {
    static URL: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"https://[\w.-]+\.(?:ngrok-free\.app|ngrok\.io|ngrok\.app|trycloudflare\.com|loca\.lt)")
            .expect("static regex")
    });
    URL.find(output).map(|m| m.as_str().to_string())
}

/// Steps the agent handed to the person that the person then said they did: changes outside
/// the repository a successor cannot see in git.
fn done_outside(view: &View, out: &mut Vec<Hazard>) {
    let msgs = &view.messages;
    for (i, m) in msgs.iter().enumerate() {
        if m.role != Role::Assistant || m.kind != crate::evidence::transcript::MessageKind::Typed {
            continue;
        }
        let plain = text::plain(&m.text);
        let Some(step) = text::sentences(&plain)
            .into_iter()
            .find(|s| phrases::HANDOFF.is_match(s) && !phrases::QUESTION.is_match(s))
        else {
            continue;
        };
        let reply = msgs[i + 1..]
            .iter()
            .find(|x| x.role == Role::User && x.is_user_request());
        let Some(reply) = reply else { continue };
        let l = reply.text.to_lowercase();
        let confirmed = l.contains("i have")
            || l.contains("i've")
            || l.contains("done")
            || l.starts_with("ok i")
            || l.contains("updated")
            || l.contains("changed it");
        if !confirmed {
            continue;
        }
        let mut step_text = text::shorten(&step, 220);
        if step.trim_end().ends_with(':')
            && let Some(code) = text::blocks(&m.text).into_iter().find_map(|b| match b {
                text::Block::Code(c) if c.lines().count() == 1 => Some(c),
                _ => None,
            })
        {
            step_text.push_str(&format!(" {}", code_span(code.trim())));
        }
        let tunnel = public_url(&m.text)
            .map(|u| format!("; it points at {u}, a tunnel that works only while it runs"))
            .unwrap_or_default();
        out.push(Hazard {
            text: format!(
                "Changed by the owner outside the repository ({} → {}): {}{tunnel}",
                m.id,
                reply.id,
                text::quote(&step_text, 300)
            ),
            cite: vec![m.id.clone(), reply.id.clone()],
        });
    }
}

/// Local configuration (`.env`) the session edited that git does not show.
fn local_config(ev: &Evidence, view: &View, project: &Project, out: &mut Vec<Hazard>) {
    let Some(g) = &ev.git else { return };
    let mut seen: Vec<String> = Vec::new();
    for e in &view.edits {
        let p = project.repo_path(&e.path, view);
        if seen.contains(&p) || !phrases::LOCAL_CONFIG.is_match(&p) {
            continue;
        }
        if g.status.iter().any(|s| paths::same_path(&s.path, &p)) {
            continue;
        }
        seen.push(p.clone());
        let ids: Vec<&str> = view
            .edits
            .iter()
            .filter(|x| project.repo_path(&x.path, view) == p)
            .map(|x| x.id.as_str())
            .collect();
        let seqs: Vec<u64> = view
            .edits
            .iter()
            .filter(|x| project.repo_path(&x.path, view) == p)
            .map(|x| x.seq)
            .collect();
        let name = p.rsplit('/').next().unwrap_or(&p).to_string();
        // What the agent said right before the first and the last edit (why it changed the file,
        // and whether it put it back): the last message before each that names the file.
        let said_before = |seq: u64| {
            view.said()
                .filter(|m| m.seq < seq && m.text.contains(&name))
                .last()
                .map(|m| (m.id.clone(), text::quote(&text::plain(&m.text), 170)))
        };
        let first = seqs.first().and_then(|&s| said_before(s));
        let last = seqs.last().and_then(|&s| said_before(s));
        let mut cite: Vec<String> = ids.iter().map(|s| s.to_string()).collect();
        let why = match (first, last) {
            (Some(f), Some(l)) if f.0 != l.0 && seqs.len() > 1 => {
                cite.extend([f.0.clone(), l.0.clone()]);
                format!(
                    "; before the first edit the agent said: {} ({}); before the last: {} ({})",
                    f.1, f.0, l.1, l.0
                )
            }
            (_, Some(l)) => {
                cite.push(l.0.clone());
                format!("; before the last edit the agent said: {} ({})", l.1, l.0)
            }
            _ => String::new(),
        };
        out.push(Hazard {
            text: format!(
                "{} is local configuration git does not track (not in git status): the session edited it {} time(s) ({}){why}; check its values before running anything",
                code_span(&p),
                ids.len(),
                ids.join(", ")
            ),
            cite,
        });
    }
}

/// Edits inside generated build output (`dist/`, `build/`, `.next/`).
fn build_output(view: &View, project: &Project, out: &mut Vec<Hazard>) {
    let mut hits: Vec<(String, String)> = Vec::new();
    for e in view.edits.iter().filter(|e| e.kind != EditKind::Delete) {
        let p = project.repo_path(&e.path, view);
        let dir = p
            .split('/')
            .find(|seg| phrases::BUILD_OUTPUT_DIRS.contains(seg));
        if let Some(d) = dir
            && p.contains('/')
        {
            hits.push((d.to_string(), e.id.to_string()));
        }
    }
    let Some((dir, _)) = hits.first().cloned() else {
        return;
    };
    let ids: Vec<String> = hits
        .iter()
        .filter(|(d, _)| *d == dir)
        .map(|(_, i)| i.clone())
        .collect();
    out.push(Hazard {
        text: format!(
            "{} edit(s) went into {}, usually generated build output: a clean build may overwrite or delete them unless a source file produces the same",
            ids.len(),
            code_span(&format!("{dir}/"))
        ),
        cite: ids.into_iter().take(6).collect(),
    });
}

/// Model or API errors at the end of the session.
fn model_errors(view: &View, requests: &Requests, out: &mut Vec<Hazard>) {
    let errs: Vec<_> = view
        .errors
        .iter()
        .filter(|e| phrases::MODEL_ERROR.is_match(&e.text))
        .collect();
    let Some(last) = errs.last() else { return };
    let open = !requests.open_at_end().is_empty();
    let ended = view.last_seq().is_none_or(|s| last.seq + 3 >= s) || open;
    if !ended {
        return;
    }
    out.push(Hazard {
        text: format!(
            "The model or its API failed {} time(s) in the session, the last at its end: {}",
            errs.len(),
            text::quote(&last.text, 200)
        ),
        cite: last.evidence.iter().cloned().collect(),
    });
}

/// What the transcript covers: launches of aider, compactions with or without the raw records.
fn coverage(view: &View, out: &mut Vec<Hazard>) {
    let Some(t) = view.transcript else { return };
    let launches = view.launches;
    if launches > 1 {
        let first = t
            .messages
            .iter()
            .find(|m| m.text.trim_start().starts_with("aider chat started at"))
            .map(|m| {
                m.text
                    .trim()
                    .trim_start_matches("aider chat started at")
                    .trim()
                    .to_string()
            })
            .unwrap_or_default();
        out.push(Hazard {
            text: format!(
                "The history file holds {launches} aider launches (the first at {first}); this note covers {}",
                match view.covered {
                    1 => "only the last launch".to_string(),
                    n if n >= launches => "all of them: none of the later ones got an answer".to_string(),
                    n => format!("the last {n}: the ones after the last answered launch got no answer"),
                }
            ),
            cite: Vec::new(),
        });
    }
    for c in &t.compactions {
        let raw_before = t
            .messages
            .iter()
            .any(|m| m.seq < c.seq && m.kind == crate::evidence::transcript::MessageKind::Typed);
        let cite: Vec<String> = c.summary_message.iter().cloned().collect();
        out.push(Hazard {
            text: if raw_before {
                "The session was compacted once here; the records from before the compaction are in the transcript too, and this note reads them".to_string()
            } else {
                "The transcript starts from a compaction summary: what happened before it is known only through that summary".to_string()
            },
            cite,
        });
    }
}

/// Thin evidence, stated exactly.
fn thin(ev: &Evidence, view: &View, checks: &Checks, commits: &Commits, out: &mut Vec<Hazard>) {
    let Some(_) = view.transcript else {
        out.push(Hazard {
            text: "No transcript was given: this note rests on git and test output alone".into(),
            cite: Vec::new(),
        });
        return;
    };
    // Commits the session made changed files even when no edit is recorded (aider applies its
    // edits and commits them; the transcript keeps only the commit lines).
    let made: Vec<&super::commits::SessionCommit> = commits
        .session
        .iter()
        .filter(|c| c.undone_by.is_none())
        .collect();
    if view.edits.is_empty() && view.commands.is_empty() && !made.is_empty() {
        out.push(Hazard {
            text: format!(
                "No shell command is recorded in the transcript: what the session changed is known only through its commits ({}), and no test, build or check ran on it",
                made.iter()
                    .map(|c| format!("`{}`", c.short()))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
            cite: made.iter().flat_map(|c| c.cite.iter().cloned()).collect(),
        });
    } else if view.edits.is_empty() && view.commands.is_empty() {
        out.push(Hazard {
            text: "No file edit and no shell command is recorded in the transcript (reads and other tools are not): no file was changed by it, and nothing was run".into(),
            cite: Vec::new(),
        });
    } else if checks.items.is_empty() && !view.edits.is_empty() {
        out.push(Hazard {
            text: "No test, build or check ran in the session: nothing it changed has been run"
                .into(),
            cite: Vec::new(),
        });
    }
    if ev.git.is_none() {
        out.push(Hazard {
            text: "There is no git repository here: the workspace state is unknown".into(),
            cite: Vec::new(),
        });
    }
}

#[cfg(test)]
mod tests {
    use crate::evidence::transcript::Role;
    use crate::testkit::*;

    #[test]
    fn commits_without_recorded_edits_changed_files_all_the_same() {
        let t = chat(vec![
            user(1, "sort the lists in STYLE.md", 0),
            said(2, "Here is the edit for STYLE.md.", 1),
            message(
                "M3",
                Role::System,
                "commit 1619e93 docs: Sort lists in STYLE.md",
                2,
            ),
        ]);
        let a = crate::analysis::analyse(&evidence(t));
        let thin: Vec<&str> = a.hazards.iter().map(|h| h.text.as_str()).collect();
        assert!(
            thin.iter()
                .any(|h| h.contains("only through its commits (`1619e93`)")
                    && h.contains("no test, build or check ran")),
            "{thin:?}"
        );
        assert!(
            thin.iter().all(|h| !h.contains("no file was changed")),
            "{thin:?}"
        );
        // Nothing recorded and nothing committed: the session changed nothing it shows.
        let a = crate::analysis::analyse(&evidence(chat(vec![
            user(1, "what does STYLE.md say?", 0),
            said(2, "It lists the naming rules.", 1),
        ])));
        assert!(
            a.hazards
                .iter()
                .any(|h| h.text.contains("no file was changed"))
        );
    }
}
