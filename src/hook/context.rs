//! The note a new session receives (and `handoff show` prints): the newest note of the
//! repository, re-validated against the repository as it is now, trimmed to a token budget with
//! the Next Action and the Open Loops kept whole.

use crate::evidence::{self, Evidence, TestRun, transcript};
use crate::note::{self, Section};
use crate::tokens::Encoding;
use crate::validate::{self, Options};
use crate::write::Sidecar;
use crate::{Error, Result};
use chrono::{DateTime, Utc};
use std::path::{Path, PathBuf};

pub(crate) use crate::write::DEFAULT_DIR;

/// Most recently modified notes whose sidecars are read to find the newest one.
const NEWEST_CANDIDATES: usize = 50;

/// A note `handoff` wrote, with its sidecar.
#[derive(Debug, Clone)]
pub struct StoredNote {
    /// The Markdown note.
    pub path: PathBuf,
    /// Its JSON sidecar.
    pub(crate) sidecar: Sidecar,
    /// When it was written (the sidecar's `created_at`, else the file's modification time).
    pub written_at: DateTime<Utc>,
}

impl StoredNote {
    /// The model draft's replacement keeps the offline draft here.
    pub fn offline_copy(note: &Path) -> PathBuf {
        let stem = note
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        note.with_file_name(format!("{stem}.offline.md"))
    }
}

/// The newest note in `<root>/.handoff/` (a kept offline draft is not a note of its own).
pub fn newest(root: &Path) -> Option<StoredNote> {
    let dir = root.join(DEFAULT_DIR);
    let mut notes: Vec<(std::time::SystemTime, PathBuf)> = std::fs::read_dir(&dir)
        .ok()?
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            let name = p.file_name().map(|n| n.to_string_lossy().into_owned());
            name.is_some_and(|n| n.ends_with(".md") && !n.ends_with(".offline.md"))
        })
        .filter_map(|p| Some((std::fs::metadata(&p).ok()?.modified().ok()?, p)))
        .collect();
    notes.sort_by(|a, b| b.cmp(a));
    notes
        .into_iter()
        .take(NEWEST_CANDIDATES)
        .filter_map(|(_, p)| read_stored(&p))
        .max_by(|a, b| {
            a.written_at
                .cmp(&b.written_at)
                .then_with(|| a.path.cmp(&b.path))
        })
}

/// A note and its sidecar; `None` for a Markdown file that is no `handoff` note.
pub(crate) fn read_stored(path: &Path) -> Option<StoredNote> {
    let side = crate::write::sidecar_path(path);
    let sidecar: Sidecar = serde_json::from_str(&std::fs::read_to_string(side).ok()?).ok()?;
    let written_at = sidecar
        .note
        .header
        .created_at
        .as_deref()
        .and_then(|t| DateTime::parse_from_rfc3339(t).ok())
        .map(|t| t.with_timezone(&Utc))
        .or_else(|| {
            let m = std::fs::metadata(path).ok()?.modified().ok()?;
            Some(DateTime::<Utc>::from(m))
        })?;
    Some(StoredNote {
        path: path.to_path_buf(),
        sidecar,
        written_at,
    })
}

/// A note re-validated now.
#[derive(Debug, Clone)]
pub(crate) struct Revalidated {
    /// Its Markdown (redacted).
    pub markdown: String,
    /// What changed in the repository since the note was written, one sentence each (empty:
    /// nothing did).
    pub changes: Vec<String>,
    /// Whether the session's transcript could be read again (if not, the note's own verdicts
    /// are shown unchanged).
    pub revalidated: bool,
}

/// Re-validates `stored` against the repository at `root` as it is now, with the same
/// transcript (read again: an appended session keeps its evidence ids) and the note's test runs
/// as the sidecar recorded them.
pub(crate) fn revalidate(stored: &StoredNote, root: &Path) -> Result<Revalidated> {
    let recorded = &stored.sidecar.evidence;
    let transcript = recorded
        .transcript
        .as_ref()
        .map(|t| PathBuf::from(&t.source))
        .filter(|p| p.is_file());
    let format = recorded
        .transcript
        .as_ref()
        .and_then(|t| t.agent.as_deref())
        .and_then(transcript::Format::from_name);
    let mut changes = Vec::new();
    let missing = recorded.transcript.is_some() && transcript.is_none();
    let request = evidence::Request {
        repo: root.to_path_buf(),
        transcript: transcript.clone(),
        transcript_format: format,
        ..evidence::Request::default()
    };
    let mut ev = match evidence::collect(&request) {
        Ok(ev) => ev,
        Err(e) => {
            changes.push(format!("could not re-read the evidence ({e})"));
            Evidence::default()
        }
    };
    ev.tests = recorded
        .tests
        .iter()
        .map(|t| TestRun {
            id: t.id.clone(),
            source: "recorded in the note's sidecar".into(),
            command: t.command.clone(),
            passed: t.passed,
            failed: t.failed,
            ok: t.ok,
            // Not older than the note: a later edit still makes the run stale.
            at: Some(stored.written_at),
            ..TestRun::default()
        })
        .collect();
    changes.extend(later_commits(stored, &ev));
    if missing {
        changes.push(format!(
            "the session transcript {} is gone, so the claims keep the verdicts they had when the note was written",
            recorded.transcript.as_ref().map_or("", |t| t.source.as_str())
        ));
        let mut note = stored.sidecar.note.clone();
        note.redact();
        let markdown = crate::redact::redact(&note::render(&note)).into_owned();
        return Ok(Revalidated {
            markdown,
            changes,
            revalidated: false,
        });
    }
    let mut note = stored.sidecar.note.clone();
    let before = note.header.counts;
    let analysis = crate::analysis::analyse(&ev);
    note.workspace = note::workspace_lines(&ev, Some(&analysis));
    let opts = Options {
        root: Some(root.to_path_buf()),
        sections: None,
        note_path: Some(stored.path.clone()),
    };
    let report = validate::validate_against(&mut note, &ev, &analysis, &opts);
    if let (Some(b), c) = (before, report.counts)
        && (b.verified, b.unverified, b.contradicted) != (c.verified, c.unverified, c.contradicted)
    {
        changes.push(format!(
            "re-validated now: {} verified, {} unverified, {} contradicted (when written: {} verified, {} unverified, {} contradicted)",
            c.verified, c.unverified, c.contradicted, b.verified, b.unverified, b.contradicted
        ));
    }
    note.redact();
    let markdown = crate::redact::redact(&note::render(&note)).into_owned();
    Ok(Revalidated {
        markdown,
        changes,
        revalidated: true,
    })
}

/// The commits made after the note's HEAD, as one sentence.
fn later_commits(stored: &StoredNote, now: &Evidence) -> Option<String> {
    let then = stored.sidecar.evidence.git.as_ref()?.head.clone()?;
    let git = now.git.as_ref()?;
    let head = git.head.as_ref()?;
    if head.id == then {
        return None;
    }
    let short = |id: &str| id.chars().take(7).collect::<String>();
    let newer: Vec<&crate::evidence::git::CommitInfo> =
        git.commits.iter().take_while(|c| c.id != then).collect();
    if newer.len() == git.commits.len() {
        return Some(format!(
            "HEAD is now {} ({}); the note's HEAD {} is not among the last {} commits, so the note may describe an older state",
            short(&head.id),
            head.summary,
            short(&then),
            git.commits.len()
        ));
    }
    let list = newer
        .iter()
        .map(|c| format!("{} {}", short(&c.id), c.summary))
        .collect::<Vec<_>>()
        .join("; ");
    Some(format!(
        "{} commit(s) since the note was written: {list}",
        newer.len()
    ))
}

/// A note trimmed to a token budget.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Trimmed {
    /// The text.
    pub text: String,
    /// Tokens it has.
    pub tokens: usize,
    /// Items left out.
    pub omitted: usize,
}

/// Sections never cut, whatever the budget.
const KEPT_WHOLE: &[Section] = &[Section::NextAction, Section::OpenLoops];
/// The order in which the other sections get the budget left.
const FILL_ORDER: &[Section] = &[
    Section::Goal,
    Section::Workspace,
    Section::Decisions,
    Section::Files,
    Section::WatchOuts,
];

/// One `## ` section of a rendered note: its heading line, the lines before its first item, and
/// its items (a top-level `- ` line with the lines that continue it).
#[derive(Debug, Clone)]
struct Chunk {
    id: Option<Section>,
    heading: String,
    intro: String,
    items: Vec<String>,
}

fn split_sections(markdown: &str) -> (String, Vec<Chunk>) {
    let mut preamble = String::new();
    let mut sections: Vec<Chunk> = Vec::new();
    for line in markdown.split_inclusive('\n') {
        if let Some(h) = line.strip_prefix("## ") {
            sections.push(Chunk {
                id: Section::from_heading(h.trim()),
                heading: line.to_string(),
                intro: String::new(),
                items: Vec::new(),
            });
            continue;
        }
        let Some(s) = sections.last_mut() else {
            preamble.push_str(line);
            continue;
        };
        if line.starts_with("- ") {
            s.items.push(line.to_string());
        } else if let Some(item) = s.items.last_mut()
            && !line.trim().is_empty()
        {
            item.push_str(line);
        } else if s.items.is_empty() {
            s.intro.push_str(line);
        } else {
            // A blank line after the items: the section's closing space.
            s.items.last_mut().expect("checked").push_str(line);
        }
    }
    (preamble, sections)
}

/// Trims a rendered note to `budget` tokens: the title, header, Next Action and Open Loops are
/// always kept whole; the other sections get what is left, item by item in the order Goal &
/// Current State, Workspace State, Decisions & Discarded Paths, Files & Symbols, Watch-outs; a
/// section that lost items says how many and where the whole note is.
pub(crate) fn trim(markdown: &str, budget: usize, whole_note: &Path) -> Trimmed {
    let enc = Encoding::default();
    let full = enc.count(markdown);
    if full <= budget {
        return Trimmed {
            text: markdown.to_string(),
            tokens: full,
            omitted: 0,
        };
    }
    let (preamble, sections) = split_sections(markdown);
    let kept_whole = |s: &Chunk| s.id.is_some_and(|id| KEPT_WHOLE.contains(&id));
    // How many items of each section are shown.
    let mut shown: Vec<usize> = sections
        .iter()
        .map(|s| if kept_whole(s) { s.items.len() } else { 0 })
        .collect();
    let render = |shown: &[usize]| -> String {
        let mut out = preamble.clone();
        for (s, &n) in sections.iter().zip(shown) {
            out.push_str(&s.heading);
            out.push_str(&s.intro);
            for item in &s.items[..n] {
                out.push_str(item);
            }
            let left = s.items.len() - n;
            if left > 0 {
                out.push_str(&format!(
                    "- … {left} more left out to fit the token budget (the whole note: `{}`)\n\n",
                    whole_note.display()
                ));
            }
        }
        out
    };
    let order: Vec<usize> = FILL_ORDER
        .iter()
        .flat_map(|id| {
            sections
                .iter()
                .enumerate()
                .filter(move |(_, s)| s.id == Some(*id))
                .map(|(i, _)| i)
        })
        .chain(
            sections
                .iter()
                .enumerate()
                .filter(|(_, s)| !kept_whole(s) && !s.id.is_some_and(|id| FILL_ORDER.contains(&id)))
                .map(|(i, _)| i),
        )
        .collect();
    for i in order {
        while shown[i] < sections[i].items.len() {
            shown[i] += 1;
            if enc.count(&render(&shown)) > budget {
                shown[i] -= 1;
                break;
            }
        }
    }
    let text = render(&shown);
    let omitted = sections
        .iter()
        .zip(&shown)
        .map(|(s, &n)| s.items.len() - n)
        .sum();
    Trimmed {
        tokens: enc.count(&text),
        text,
        omitted,
    }
}

/// The text a new session receives: where the note comes from, what changed in the repository
/// since, and the (trimmed) note.
pub(crate) fn session_text(stored: &StoredNote, shown: &Revalidated, budget: usize) -> Trimmed {
    let mut intro = format!(
        "Handoff note left by an earlier session of this repository (`{}`, written {}). ",
        stored.path.display(),
        stored
            .written_at
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
    );
    intro += if shown.revalidated {
        "It was re-validated against the repository just now: claims marked [UNVERIFIED] or [CONTRADICTED] are not backed by the evidence, so check them before relying on them."
    } else {
        "It could not be re-validated now; claims marked [UNVERIFIED] were not backed by the evidence when it was written."
    };
    intro.push('\n');
    for c in &shown.changes {
        intro += &format!("- Since then: {c}\n");
    }
    intro.push('\n');
    let mut body_budget = budget.saturating_sub(Encoding::default().count(&intro));
    loop {
        let body = trim(&shown.markdown, body_budget, &stored.path);
        let text = format!("{intro}{}", body.text);
        // Claude Code replaces hook context over 10,000 characters with a file preview: stay
        // under it whatever the token budget says, as long as there is something left to cut.
        if text.chars().count() <= MAX_CONTEXT_CHARS || body_budget == 0 {
            return Trimmed {
                tokens: Encoding::default().count(&text),
                text,
                omitted: body.omitted,
            };
        }
        body_budget = body_budget * MAX_CONTEXT_CHARS / text.chars().count() * 9 / 10;
    }
}

/// Most characters of context a session start receives (Claude Code's limit for hook output
/// added to the context).
pub(crate) const MAX_CONTEXT_CHARS: usize = 10_000;

/// An error naming the note folder, for `show` when there is no note.
pub(crate) fn no_note(root: &Path) -> Error {
    Error::input(
        root.join(DEFAULT_DIR),
        "no handoff note in this repository yet; write one with `handoff summarize` (or install the hooks with `handoff init claude-code`)",
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn note_text(decisions: usize, files: usize) -> String {
        let mut s = String::from(
            "# Session Handoff: t\n\n> handoff 0.1.0 · drafter: offline\n\n## Workspace State\n\n- **Branch:** `main`\n\n## Goal & Current State\n\n- **Goal:** fix it (M1)\n\n## Decisions & Discarded Paths\n\n",
        );
        for i in 0..decisions {
            s += &format!(
                "- **Decision:** choice number {i} because reason number {i} is long enough to cost tokens (M{i})\n"
            );
        }
        s += "\n## Files & Symbols\n\n";
        for i in 0..files {
            s += &format!("- `src/module_{i}.rs` — edited in the session (E{i})\n");
        }
        s += "\n## Open Loops\n\n- [Agent] `cargo test` fails — Verify: `cargo test` (C1)\n- [Human] review the API — Verify: `gh pr view`\n\n## Next Action\n\n- Fix `tests/a.rs::b`, then run `cargo test` (C1)\n";
        s
    }

    #[test]
    fn a_small_note_is_kept_as_it_is() {
        let text = note_text(2, 2);
        let t = trim(&text, 2000, Path::new("n.md"));
        assert_eq!(t.text, text);
        assert_eq!(t.omitted, 0);
    }

    #[test]
    fn trimming_keeps_next_action_and_open_loops_whole_and_says_what_was_cut() {
        let text = note_text(40, 200);
        let t = trim(&text, 600, Path::new(".handoff/n.md"));
        assert!(t.tokens <= 600, "{} tokens", t.tokens);
        assert!(t.omitted > 0);
        assert!(
            t.text
                .contains("## Next Action\n\n- Fix `tests/a.rs::b`, then run `cargo test` (C1)\n")
        );
        assert!(t.text.contains("- [Agent] `cargo test` fails — Verify: `cargo test` (C1)\n- [Human] review the API — Verify: `gh pr view`\n"));
        assert!(
            t.text.contains(
                "more left out to fit the token budget (the whole note: `.handoff/n.md`)"
            )
        );
        // Goal comes before files in the fill order.
        assert!(t.text.contains("- **Goal:** fix it (M1)"));
        // Section order is kept.
        let pos = |h: &str| t.text.find(h).unwrap();
        assert!(pos("## Workspace State") < pos("## Files & Symbols"));
        assert!(pos("## Open Loops") < pos("## Next Action"));
    }

    #[test]
    fn a_session_never_receives_more_than_claude_codes_context_limit() {
        let stored = StoredNote {
            path: PathBuf::from(".handoff/n.md"),
            sidecar: Sidecar {
                note: crate::note::Note::default(),
                report: validate::Report::default(),
                evidence: crate::write::EvidenceSummary::default(),
                repair: None,
            },
            written_at: Utc::now(),
        };
        let shown = Revalidated {
            markdown: note_text(100, 400),
            changes: vec!["2 commit(s) since the note was written: a; b".into()],
            revalidated: true,
        };
        let t = session_text(&stored, &shown, 100_000);
        assert!(
            t.text.chars().count() <= MAX_CONTEXT_CHARS,
            "{}",
            t.text.len()
        );
        assert!(t.text.contains("- Since then: 2 commit(s)"));
        assert!(t.text.contains("## Next Action\n\n- Fix"));
        assert!(t.omitted > 0);
    }

    #[test]
    fn a_budget_too_small_for_the_kept_sections_still_keeps_them() {
        let text = note_text(5, 5);
        let t = trim(&text, 10, Path::new("n.md"));
        assert!(t.text.contains("## Next Action\n\n- Fix"));
        assert!(t.text.contains("- [Human] review the API"));
        assert!(!t.text.contains("choice number"));
    }
}
