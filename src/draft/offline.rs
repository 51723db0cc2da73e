//! The offline drafter: deterministic and extractive, evidence only, no network.
//!
//! Every sentence it writes is either copied (shortened) from the transcript or stated from a
//! collected fact, and cites the evidence ids it came from. When the evidence is thin the note
//! says so instead of filling the gaps.

use crate::evidence::freshness::{self, RunPoint};
use crate::evidence::git::{GitState, StatusEntry};
use crate::evidence::paths::{self, affects_runs};
use crate::evidence::shell::{self, lexer};
use crate::evidence::transcript::{
    Command, Edit, EditKind, Message, MessageKind, Role, Transcript,
};
use crate::evidence::{Evidence, TestRun};
use crate::note::{Claim, FileEntry, MAX_STATUS_FILES, MORE_FILES, Note, OpenLoop, Owner};
use crate::phrases;
use regex::Regex;
use std::collections::{BTreeMap, HashMap, HashSet};
use std::path::Path;
use std::sync::LazyLock;

/// Longest goal sentence kept.
const GOAL_CHARS: usize = 200;
/// Longest decision or discarded-path sentence kept.
const SENTENCE_CHARS: usize = 220;
/// Most decisions (and, separately, discarded paths) kept: the latest ones.
const MAX_DECISIONS: usize = 6;
/// Most failing tests listed per run.
const MAX_FAILURES_PER_RUN: usize = 5;
/// Most files edited in the session but absent from git status.
const MAX_EDIT_ONLY_FILES: usize = 40;
/// Most TODO/FIXME open loops.
const MAX_TODOS: usize = 10;
/// Longest command shown in a claim.
const COMMAND_CHARS: usize = 120;

/// Drafts the sections of a note from the evidence alone (header facts, the Workspace State and
/// redaction are the pipeline's).
pub(crate) fn draft(ev: &Evidence) -> Note {
    let ctx = Ctx::new(ev);
    let mut note = Note::default();
    note.goal = goal(ev);
    note.title = title(ev, note.goal.as_ref());
    let (verified, partial) = state(&ctx);
    note.verified = verified;
    note.partial = partial;
    let (decisions, discarded) = decisions(&ctx);
    note.decisions = decisions;
    note.discarded = discarded;
    note.files = files(&ctx);
    let loops = open_loops(&ctx);
    note.next_actions = vec![next_action(&ctx, &loops, &note.files)];
    note.open_loops = loops.into_iter().map(|l| l.open_loop).collect();
    note.watch_outs = watch_outs(&ctx);
    note
}

/// Facts derived once and shared by the section builders.
struct Ctx<'a> {
    ev: &'a Evidence,
    commands: Vec<&'a Command>,
    edits: Vec<&'a Edit>,
    /// Event order of the last edit.
    last_edit_seq: Option<u64>,
    /// Repository root, when there is one.
    root: Option<&'a str>,
}

impl<'a> Ctx<'a> {
    fn new(ev: &'a Evidence) -> Self {
        let t = ev.transcript.as_ref();
        let commands: Vec<&Command> = t.map(|t| t.commands.iter().collect()).unwrap_or_default();
        let edits: Vec<&Edit> = t.map(|t| t.edits.iter().collect()).unwrap_or_default();
        let last_edit_seq = edits.iter().map(|e| e.seq).max();
        let root = ev.git.as_ref().map(|g| g.root.as_str());
        Ctx {
            ev,
            commands,
            edits,
            last_edit_seq,
            root,
        }
    }

    fn transcript(&self) -> Option<&'a Transcript> {
        self.ev.transcript.as_ref()
    }

    /// A test run is fresh when it was run by `--test-cmd` now, or when nothing that can affect
    /// it changed after it ([`freshness`]). `None`: unknown (no time recorded).
    fn run_is_fresh(&self, run: &TestRun) -> Option<bool> {
        if run.source == "command" {
            return Some(true);
        }
        let point = RunPoint {
            seq: None,
            at: Some(run.at?),
        };
        Some(freshness::stale_after(self.ev, point).is_empty())
    }

    /// Commands that judge the work (tests and checks), grouped by command line, in order of
    /// their last run.
    fn judged_groups(&self) -> Vec<Vec<&'a Command>> {
        let mut groups: BTreeMap<String, Vec<&Command>> = BTreeMap::new();
        for c in &self.commands {
            if (c.is_test || c.is_check) && c.ok.is_some() {
                let key = shell::judged_identity(&c.command)
                    .map(|id| id.to_string())
                    .unwrap_or_else(|| norm_cmd(&c.command));
                groups.entry(key).or_default().push(c);
            }
        }
        let mut out: Vec<Vec<&Command>> = groups.into_values().collect();
        out.sort_by_key(|g| g.last().map(|c| c.seq).unwrap_or(0));
        out
    }

    /// Fresh passing `T*` runs with this command line.
    fn fresh_pass_of(&self, command: &str) -> Option<&'a TestRun> {
        self.ev.tests.iter().find(|t| {
            t.ok && t.command.as_deref().map(norm_cmd).as_deref() == Some(&norm_cmd(command))
                && self.run_is_fresh(t) == Some(true)
        })
    }

    /// Edits that can change a test's outcome made after event `seq` (all when `None`):
    /// documentation edits do not make a pass stale.
    fn edits_after(&self, seq: Option<u64>) -> Vec<&'a Edit> {
        self.edits
            .iter()
            .copied()
            .filter(|e| seq.is_none_or(|s| e.seq > s) && affects_runs(&e.path))
            .collect()
    }

    /// The path of an edit relative to the repository root.
    fn edit_path(&self, e: &Edit) -> String {
        let cwd = self.transcript().and_then(|t| t.session.cwd.as_deref());
        paths::repo_relative(&e.path, cwd, self.root)
    }

    /// The session's cwd when it lies outside this repository (the transcript is about another
    /// checkout, so git cannot confirm its edits).
    fn session_elsewhere(&self) -> Option<&'a str> {
        let cwd = self.transcript()?.session.cwd.as_deref()?;
        let root = self.root?;
        let inside = Path::new(cwd).starts_with(root) || Path::new(root).starts_with(cwd);
        (!inside).then_some(cwd)
    }

    /// The last test command seen anywhere, for "Run `…`" instructions.
    fn test_command(&self) -> Option<String> {
        let from_runs = self.ev.tests.iter().rev().find_map(|t| t.command.clone());
        from_runs.or_else(|| {
            self.commands
                .iter()
                .rev()
                .find(|c| c.is_test)
                .map(|c| short_cmd(&c.command))
        })
    }

    /// The latest event that proves the work: a passing test/check after which nothing failed.
    fn last_pass_seq(&self) -> Option<u64> {
        self.commands
            .iter()
            .filter(|c| (c.is_test || c.is_check) && c.ok == Some(true))
            .map(|c| c.seq)
            .max()
    }
}

/// The first request a person typed (not a greeting or a bare command): the session's goal.
fn first_request(t: &Transcript) -> Option<&Message> {
    t.messages
        .iter()
        .find(|m| m.is_user_request() && is_request(&m.text))
}

/// The first request, shortened to about one sentence.
fn goal(ev: &Evidence) -> Option<Claim> {
    let m = first_request(ev.transcript.as_ref()?)?;
    Some(Claim {
        text: shorten(&strip_markup(&strip_code_blocks(&m.text)), GOAL_CHARS),
        cite: vec![m.id.clone()],
        ..Claim::default()
    })
}

/// False for harness text the reader may not have classified: tags, slash commands, empty.
fn is_request(text: &str) -> bool {
    let t = text.trim();
    !(t.is_empty() || phrases::HARNESS_TEXT.is_match(t) || (t.starts_with('/') && !t.contains(' ')))
}

fn title(ev: &Evidence, goal: Option<&Claim>) -> String {
    if let Some(g) = goal {
        let t = shorten_hard(&norm_cmd(&g.text), 70);
        return t.trim_end_matches(['.', '!', '?', ':', ',']).to_string();
    }
    match ev.git.as_ref().and_then(|g| g.branch.as_deref()) {
        Some(b) => format!("work on branch {b}"),
        None => "workspace snapshot".to_string(),
    }
}

/// Verified and partial items: what passed after the last change, what did not.
fn state(ctx: &Ctx) -> (Vec<Claim>, Vec<Claim>) {
    let mut verified = Vec::new();
    let mut partial = Vec::new();

    for run in &ctx.ev.tests {
        let what = run_label(run);
        if !run.ok {
            partial.push(claim(
                format!("{what} fails: {}", failure_summary(run)),
                vec![run.id.clone()],
            ));
            continue;
        }
        let counts = counts(run.passed, run.failed, run.skipped);
        match ctx.run_is_fresh(run) {
            Some(true) => {
                let when = if run.source == "command" {
                    "when this note was written"
                } else {
                    "after the last change"
                };
                verified.push(claim(
                    format!("{what} passes ({counts}), run {when}"),
                    vec![run.id.clone()],
                ));
            }
            Some(false) => partial.push(claim(
                format!("{what} passed ({counts}) before later changes; not re-run since"),
                vec![run.id.clone()],
            )),
            None => partial.push(claim(
                format!("{what} passed ({counts}) at an unknown time; it may predate the changes"),
                vec![run.id.clone()],
            )),
        }
    }

    for group in ctx.judged_groups() {
        let Some(last) = group.last() else { continue };
        let shown = code(&short_cmd(&last.command));
        if ctx.fresh_pass_of(&last.command).is_some() {
            // A fresh `--test-cmd` run of the same command already decides.
            continue;
        }
        if last.ok == Some(true) {
            let counts = last
                .tests
                .as_ref()
                .map(|s| format!(" ({})", counts(s.passed, s.failed, s.skipped)))
                .unwrap_or_default();
            let point = RunPoint {
                seq: Some(last.seq),
                at: last.at,
            };
            let later = freshness::stale_after(ctx.ev, point);
            if later.is_empty() {
                verified.push(claim(
                    format!("{shown} passed{counts} after the last edit"),
                    vec![last.id.clone()],
                ));
            } else {
                let mut cite = vec![last.id.clone()];
                cite.extend(later.edits.iter().rev().take(3).rev().map(|e| e.id.clone()));
                let mut changed = edit_paths(ctx, &later.edits);
                let in_git = later.files.iter().map(|s| s.path.as_str());
                for p in in_git.chain(later.committed.iter().copied()) {
                    if !changed.iter().any(|c| c == p) {
                        changed.push(p.to_string());
                    }
                }
                if !later.files.is_empty() || !later.committed.is_empty() {
                    cite.push("G".into());
                }
                partial.push(claim(
                    format!(
                        "{shown} passed{counts}, but {} {} edited after it; not re-run since",
                        paths_phrase(&changed),
                        if changed.len() == 1 { "was" } else { "were" }
                    ),
                    cite,
                ));
            }
        } else {
            partial.push(claim(
                format!("{shown} failed on its last run: {}", command_failure(last)),
                vec![last.id.clone()],
            ));
        }
    }

    // Edits never followed by a passing test or check.
    let fresh_t = ctx
        .ev
        .tests
        .iter()
        .any(|t| t.ok && ctx.run_is_fresh(t) == Some(true));
    if !fresh_t {
        let untested = ctx.edits_after(ctx.last_pass_seq());
        let already = partial.iter().any(|c| c.text.contains(" edited after it;"));
        if !untested.is_empty() && !already {
            let cite = untested
                .iter()
                .rev()
                .take(4)
                .rev()
                .map(|e| e.id.clone())
                .collect();
            let tail = if ctx.last_pass_seq().is_some() {
                "were not followed by a passing test or check"
            } else {
                "were never tested: no test or check passed in the session"
            };
            partial.push(claim(
                format!(
                    "Edits to {} {tail}",
                    paths_phrase(&edit_paths(ctx, &untested))
                ),
                cite,
            ));
        }
    }
    (verified, partial)
}

/// Decisions and discarded paths: the assistant's own statements, plus failed commands that a
/// different command replaced.
fn decisions(ctx: &Ctx) -> (Vec<Claim>, Vec<Claim>) {
    let mut decisions: Vec<Claim> = Vec::new();
    let mut discarded: Vec<Claim> = Vec::new();
    let mut seen = HashSet::new();
    if let Some(t) = ctx.transcript() {
        for m in t
            .messages
            .iter()
            .filter(|m| m.role == Role::Assistant && m.kind == MessageKind::Typed && !m.sidechain)
        {
            for sentence in sentences(&strip_code_blocks(&m.text)) {
                let s = sentence.replace('’', "'");
                // Questions and offers ("What's not working? (which error?)", "If you want, I
                // can…") decide nothing.
                if phrases::QUESTION_OR_OFFER.is_match(&s) || s.chars().count() < 15 {
                    continue;
                }
                let reject = phrases::DEAD_END.is_match(&s);
                // "instead" / "rather than" mark a choice only when someone acts on it.
                let choice = phrases::DECISION.is_match(&s)
                    || (phrases::ALTERNATIVE.is_match(&s) && phrases::AGENCY.is_match(&s));
                if !reject && !choice {
                    continue;
                }
                let text = shorten(&s, SENTENCE_CHARS);
                if !seen.insert(text.to_lowercase()) {
                    continue;
                }
                let c = claim(text, vec![m.id.clone()]);
                if reject {
                    discarded.push(c);
                } else {
                    decisions.push(c);
                }
            }
        }
    }
    let mut replaced = replaced_commands(ctx);
    keep_last(&mut decisions, MAX_DECISIONS);
    keep_last(
        &mut discarded,
        MAX_DECISIONS.saturating_sub(replaced.len().min(3)),
    );
    replaced.truncate(3);
    discarded.extend(replaced);
    (decisions, discarded)
}

/// A failing command followed (before any edit) by a different command of the same kind that
/// succeeded, where the failing one never succeeded later: an approach that was replaced.
fn replaced_commands(ctx: &Ctx) -> Vec<Claim> {
    let mut out = Vec::new();
    let cmds = &ctx.commands;
    for (i, failed) in cmds.iter().enumerate() {
        if failed.ok != Some(false) || failed.sidechain || is_probe(&failed.command) {
            continue;
        }
        let key = norm_cmd(&failed.command);
        let succeeded_later = cmds[i + 1..]
            .iter()
            .any(|c| c.ok == Some(true) && norm_cmd(&c.command) == key);
        if succeeded_later {
            continue;
        }
        let next_edit = ctx
            .edits
            .iter()
            .filter(|e| e.seq > failed.seq)
            .map(|e| e.seq)
            .min();
        let replacement = cmds[i + 1..]
            .iter()
            .take(3)
            .take_while(|c| next_edit.is_none_or(|s| c.seq < s))
            .find(|c| c.ok == Some(true) && norm_cmd(&c.command) != key && same_kind(failed, c));
        if let Some(ok) = replacement {
            out.push(claim(
                format!(
                    "{} failed ({}); {} worked instead",
                    code(&short_cmd(&failed.command)),
                    command_failure(failed),
                    code(&short_cmd(&ok.command))
                ),
                vec![failed.id.clone(), ok.id.clone()],
            ));
        }
    }
    out
}

/// Read-only probes whose non-zero exit means "nothing found", not a failed approach.
const PROBES: &[&str] = &[
    "grep", "rg", "find", "ls", "sed", "awk", "test", "[", "diff", "which", "cat", "head", "tail",
    "stat", "file", "command", "type",
];

/// Whether any simple command of the line is a read-only probe.
fn is_probe(cmd: &str) -> bool {
    lexer::parse(cmd)
        .segments
        .iter()
        .filter_map(|seg| seg.first())
        .any(|p| PROBES.contains(&p.as_str()))
}

fn same_kind(a: &Command, b: &Command) -> bool {
    (a.is_test && b.is_test)
        || (a.is_check && b.is_check)
        || program(&a.command).is_some_and(|p| Some(p) == program(&b.command))
}

/// The program a command line runs ([`shell::normalise`]: after `cd …&&`, environment
/// assignments and wrappers).
fn program(cmd: &str) -> Option<String> {
    shell::normalise(cmd)
        .command
        .split_whitespace()
        .next()
        .map(str::to_string)
}

/// Files: git status first (every path), then files edited in the session that git does not
/// report.
fn files(ctx: &Ctx) -> Vec<FileEntry> {
    let mut out: Vec<FileEntry> = Vec::new();
    let mut edits_by_path: BTreeMap<String, Vec<&Edit>> = BTreeMap::new();
    let mut edit_order: Vec<String> = Vec::new();
    for e in &ctx.edits {
        let p = ctx.edit_path(e);
        if !edits_by_path.contains_key(&p) {
            edit_order.push(p.clone());
        }
        edits_by_path.entry(p).or_default().push(e);
    }
    if let Some(g) = &ctx.ev.git {
        // Looked up once per path: a status can hold thousands of entries.
        let stats: HashMap<&str, &crate::evidence::git::FileStat> = g
            .diffstat
            .per_file
            .iter()
            .map(|f| (f.path.as_str(), f))
            .collect();
        let mut symbols_of: HashMap<&str, Vec<String>> = HashMap::new();
        for sym in &g.symbols {
            let names = symbols_of.entry(sym.path.as_str()).or_default();
            if !names.contains(&sym.name) && names.len() < 8 {
                names.push(sym.name.clone());
            }
        }
        for s in g.status.iter().take(MAX_STATUS_FILES) {
            let mut parts = vec![status_phrase(s)];
            if let Some(n) = g.folder_files(&s.path) {
                parts[0] = format!("untracked folder, {n} files");
            }
            if let Some(f) = stats.get(s.path.as_str()) {
                if f.binary {
                    parts.push("binary".into());
                } else if f.insertions + f.deletions > 0 {
                    parts.push(format!("+{} −{}", f.insertions, f.deletions));
                }
            }
            let mut cite = vec!["G".to_string()];
            if let Some(es) = edits_by_path.remove(&s.path) {
                parts.push(format!("edited in the session ({}×)", es.len()));
                cite.extend(es.iter().rev().take(3).rev().map(|e| e.id.clone()));
            }
            let symbols = symbols_of.remove(s.path.as_str()).unwrap_or_default();
            out.push(FileEntry {
                path: s.path.clone(),
                symbols,
                summary: parts.join(", "),
                cite,
                ..FileEntry::default()
            });
        }
        let rest = g.status.len().saturating_sub(MAX_STATUS_FILES);
        if rest > 0 {
            out.push(FileEntry {
                path: MORE_FILES.into(),
                summary: format!("and {rest} more changed path(s) in git status"),
                cite: vec!["G".into()],
                ..FileEntry::default()
            });
            // Edits to those paths are covered by that line, not "no uncommitted change now".
            for s in &g.status[MAX_STATUS_FILES..] {
                edits_by_path.remove(&s.path);
            }
        }
        // An edit inside a folded untracked folder is covered by the folder's entry.
        for folder in &g.untracked_folders {
            let inside: Vec<String> = edits_by_path
                .range(folder.path.clone()..)
                .take_while(|(p, _)| p.starts_with(&folder.path))
                .map(|(p, _)| p.clone())
                .collect();
            for p in inside {
                edits_by_path.remove(&p);
            }
        }
    }
    let mut edit_only = 0;
    for p in edit_order {
        let Some(es) = edits_by_path.remove(&p) else {
            continue;
        };
        edit_only += 1;
        if edit_only > MAX_EDIT_ONLY_FILES {
            continue;
        }
        let kind = match es.last().map(|e| e.kind) {
            Some(EditKind::Create) => "created",
            Some(EditKind::Delete) => "deleted",
            _ => "edited",
        };
        let where_ = if ctx.ev.git.is_none() {
            String::new()
        } else if ctx.session_elsewhere().is_some() {
            ", in the session's folder, not this repository".to_string()
        } else if Path::new(&p).is_absolute() || p.starts_with("..") {
            ", outside the repository".to_string()
        } else {
            ", no uncommitted change now (committed or reverted since)".to_string()
        };
        out.push(FileEntry {
            path: p,
            summary: format!("{kind} in the session ({}×){where_}", es.len()),
            cite: es
                .iter()
                .rev()
                .take(3)
                .rev()
                .map(|e| e.id.clone())
                .collect(),
            ..FileEntry::default()
        });
    }
    if edit_only > MAX_EDIT_ONLY_FILES {
        out.push(FileEntry {
            path: MORE_FILES.into(),
            summary: format!(
                "and {} more files edited in the session",
                edit_only - MAX_EDIT_ONLY_FILES
            ),
            ..FileEntry::default()
        });
    }
    out
}

fn status_phrase(s: &StatusEntry) -> String {
    let x = s.index.chars().next().unwrap_or(' ');
    let y = s.worktree.chars().next().unwrap_or(' ');
    let what = match (x, y) {
        ('?', _) => "untracked".to_string(),
        ('U', _) | (_, 'U') | ('A', 'A') | ('D', 'D') => "conflicted".to_string(),
        ('R', _) => match &s.old_path {
            Some(old) => format!("renamed from `{old}`"),
            None => "renamed".to_string(),
        },
        ('A', _) => "added".to_string(),
        ('D', _) | (_, 'D') => "deleted".to_string(),
        _ => "modified".to_string(),
    };
    let staged = !matches!(x, ' ' | '?' | '!');
    let unstaged = !matches!(y, ' ' | '?' | '!');
    match (staged, unstaged) {
        (true, false) => format!("{what} (staged)"),
        (true, true) => format!("{what} (staged and unstaged)"),
        _ => what,
    }
}

/// An open loop and how concrete a next action it makes (lower is better).
struct Loop {
    open_loop: OpenLoop,
    rank: u8,
    next: String,
}

/// Most conflicted paths named in one loop; `git diff --name-only --diff-filter=U` lists all.
const MAX_CONFLICTS_NAMED: usize = 3;

/// The loop of a merge, rebase, cherry-pick, revert, bisect or `git am` stopped half-way, or of
/// paths left conflicted (a `git stash pop` leaves them with no operation): its next step
/// resolves or abandons it, never commits a conflicted file.
fn unfinished_operation(g: &GitState) -> Option<Loop> {
    let conflicted: Vec<&str> = g.conflicted().collect();
    if g.operation.is_none() && conflicted.is_empty() {
        return None;
    }
    let named = crate::note::code_list(&conflicted, MAX_CONFLICTS_NAMED);
    let list_cmd = "git diff --name-only --diff-filter=U";
    let (text, next, verify) = match &g.operation {
        Some(op) => {
            let w = op.kind.words();
            let what = match &op.subject {
                Some(s) => format!("A {} ({})", code(&format!("git {}", w.name)), s),
                None => format!("A {}", code(&format!("git {}", w.name))),
            };
            match (conflicted.is_empty(), w.proceed) {
                (false, proceed) => (
                    format!(
                        "{what} stopped with {} conflicted path(s): {named}",
                        conflicted.len()
                    ),
                    format!(
                        "Resolve the conflict markers in {named}, mark each resolved with {}{}, or give the {} up with {}",
                        code("git add"),
                        proceed
                            .map(|p| format!(" and run {}", code(p)))
                            .unwrap_or_default(),
                        w.name,
                        code(w.abort)
                    ),
                    list_cmd.to_string(),
                ),
                (true, Some(proceed)) => (
                    format!("{what} is in progress with no conflict left"),
                    format!(
                        "Run {} to finish the {}, or {} to give it up",
                        code(proceed),
                        w.name,
                        code(w.abort)
                    ),
                    "git status".to_string(),
                ),
                (true, None) => (
                    format!("{what} is in progress"),
                    format!(
                        "Test the commit the bisect checked out and mark it with {} or {} ({} ends the bisect)",
                        code("git bisect good"),
                        code("git bisect bad"),
                        code(w.abort)
                    ),
                    "git bisect log".to_string(),
                ),
            }
        }
        None => (
            format!("{} path(s) left conflicted: {named}", conflicted.len()),
            format!(
                "Resolve the conflict markers in {named} and mark each resolved with {}",
                code("git add")
            ),
            list_cmd.to_string(),
        ),
    };
    Some(Loop {
        open_loop: OpenLoop {
            owner: Some(Owner::Agent),
            text,
            verify: Some(verify),
            cite: vec!["G".into()],
            ..OpenLoop::default()
        },
        rank: 0,
        next,
    })
}

fn open_loops(ctx: &Ctx) -> Vec<Loop> {
    let mut out: Vec<Loop> = Vec::new();
    // Nothing else can be done safely until a stopped merge, rebase… is finished or given up.
    if let Some(l) = ctx.ev.git.as_ref().and_then(unfinished_operation) {
        out.push(l);
    }
    let mut covered: HashSet<String> = HashSet::new();
    for run in ctx.ev.tests.iter().filter(|t| !t.ok) {
        let verify = run.command.clone();
        if let Some(c) = &run.command {
            covered.insert(norm_cmd(c));
        }
        let owner = owner_for(run.failures.iter().filter_map(|f| f.message.as_deref()));
        for f in run.failures.iter().take(MAX_FAILURES_PER_RUN) {
            let v = verify.clone().unwrap_or_else(|| f.name.clone());
            out.push(Loop {
                next: format!(
                    "Fix the failing test {}, then run {}",
                    code(&f.name),
                    code(&short_cmd(&v))
                ),
                open_loop: OpenLoop {
                    owner: Some(owner),
                    text: match &f.message {
                        Some(m) => format!(
                            "Fix failing test {}: {}",
                            code(&f.name),
                            shorten(&first_line(m), 120)
                        ),
                        None => format!("Fix failing test {}", code(&f.name)),
                    },
                    verify: Some(v),
                    cite: vec![run.id.clone()],
                    ..OpenLoop::default()
                },
                rank: 0,
            });
        }
        let more = run.failures.len().saturating_sub(MAX_FAILURES_PER_RUN);
        if run.failures.is_empty() || more > 0 {
            let what = run_label(run);
            let text = if more > 0 {
                format!("{more} more failing tests in {what}")
            } else {
                format!("{what} fails: {}", failure_summary(run))
            };
            let v = verify.clone().unwrap_or_else(|| run.source.clone());
            out.push(Loop {
                next: format!(
                    "Run {} and fix the first failure it reports",
                    code(&short_cmd(&v))
                ),
                open_loop: OpenLoop {
                    owner: Some(owner),
                    text,
                    verify: Some(v),
                    cite: vec![run.id.clone()],
                    ..OpenLoop::default()
                },
                rank: 1,
            });
        }
    }

    for group in ctx.judged_groups() {
        let Some(last) = group.last() else { continue };
        let key = norm_cmd(&last.command);
        if last.ok != Some(false)
            || covered.contains(&key)
            || ctx.fresh_pass_of(&last.command).is_some()
        {
            continue;
        }
        covered.insert(key);
        let cmd = short_cmd(&last.command);
        let failure = command_failure(last);
        let names: Vec<String> = last
            .tests
            .as_ref()
            .map(|s| s.failures.iter().take(3).map(|f| code(&f.name)).collect())
            .unwrap_or_default();
        let (text, next, rank) = if let Some(first) = names.first() {
            (
                format!("{} fails on its last run: {}", code(&cmd), names.join(", ")),
                format!("Fix the failing test {first}, then run {}", code(&cmd)),
                0,
            )
        } else {
            (
                format!("{} fails on its last run: {failure}", code(&cmd)),
                format!("Run {} and fix its first error: {failure}", code(&cmd)),
                1,
            )
        };
        out.push(Loop {
            open_loop: OpenLoop {
                owner: Some(owner_for(std::iter::once(last.output.as_str()))),
                text,
                verify: Some(cmd),
                cite: vec![last.id.clone()],
                ..OpenLoop::default()
            },
            rank,
            next,
        });
    }

    // Errors at the very end of the session, from commands never re-run successfully.
    let settled = ctx.last_edit_seq.max(
        ctx.commands
            .iter()
            .filter(|c| c.ok == Some(true))
            .map(|c| c.seq)
            .max(),
    );
    let mut errors = 0;
    for c in ctx.commands.iter().filter(|c| {
        c.ok == Some(false)
            && !c.is_test
            && !c.is_check
            && !c.sidechain
            && settled.is_none_or(|s| c.seq > s)
    }) {
        let key = norm_cmd(&c.command);
        if covered.contains(&key) || errors >= 2 {
            continue;
        }
        covered.insert(key);
        errors += 1;
        let cmd = short_cmd(&c.command);
        let failure = command_failure(c);
        out.push(Loop {
            open_loop: OpenLoop {
                owner: Some(owner_for(std::iter::once(c.output.as_str()))),
                text: format!(
                    "Unresolved error at the end of the session: {} failed ({failure})",
                    code(&cmd)
                ),
                verify: Some(cmd.clone()),
                cite: vec![c.id.clone()],
                ..OpenLoop::default()
            },
            rank: 2,
            next: format!("Run {} and fix its error: {failure}", code(&cmd)),
        });
    }

    for (path, marker, text) in added_todos(ctx).into_iter().take(MAX_TODOS) {
        let needle: String = text
            .chars()
            .filter(|c| !matches!(c, '\'' | '"' | '`' | '\\'))
            .take(40)
            .collect();
        out.push(Loop {
            open_loop: OpenLoop {
                owner: Some(Owner::Agent),
                text: format!(
                    "Resolve the {marker} added in {}: {}",
                    code(&path),
                    shorten(&text, 120)
                ),
                verify: Some(format!("! grep -qF '{}' {path}", needle.trim())),
                cite: vec!["G".into()],
                ..OpenLoop::default()
            },
            rank: 3,
            next: format!(
                "Resolve the {marker} in {}: {}",
                code(&path),
                shorten(&text, 120)
            ),
        });
    }

    for (path, request) in requested_but_untouched(ctx) {
        out.push(Loop {
            open_loop: OpenLoop {
                owner: Some(Owner::Agent),
                text: format!(
                    "The request names {}, but the session never changed it",
                    code(&path)
                ),
                verify: Some(format!("! git diff --quiet HEAD -- {path}")),
                cite: vec![request.clone(), "G".into()],
                ..OpenLoop::default()
            },
            rank: 4,
            next: format!(
                "Make the change the first request asks of {}, then check it with {}",
                code(&path),
                code(&format!("git diff -- {path}"))
            ),
        });
    }
    out
}

/// Files the first request names that exist in the repository but that the session neither
/// edited nor left changed: work asked for and not done (checked only when the session did
/// change something, so that an untouched request is not listed file by file).
fn requested_but_untouched(ctx: &Ctx) -> Vec<(String, String)> {
    static PATHLIKE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"[A-Za-z0-9_./-]*[A-Za-z0-9_-]\.[A-Za-z0-9]{1,8}\b|\b[A-Z][A-Z0-9_-]{3,}\b")
            .expect("regex")
    });
    let (Some(t), Some(root), Some(git)) = (ctx.transcript(), ctx.root, ctx.ev.git.as_ref()) else {
        return Vec::new();
    };
    if ctx.edits.is_empty() {
        return Vec::new();
    }
    let Some(request) = first_request(t) else {
        return Vec::new();
    };
    let touched: Vec<String> = ctx
        .edits
        .iter()
        .map(|e| ctx.edit_path(e))
        .chain(git.status.iter().map(|s| s.path.clone()))
        .collect();
    let root_names: Vec<String> = std::fs::read_dir(root)
        .map(|d| {
            d.filter_map(|e| e.ok())
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .collect()
        })
        .unwrap_or_default();
    let mut out: Vec<(String, String)> = Vec::new();
    for m in PATHLIKE.find_iter(&request.text) {
        let word = m.as_str().trim_matches('.').trim_start_matches("./");
        // `README` stands for `README.md`: a capitalised word names a top-level file by stem.
        let path = if Path::new(root).join(word).is_file() {
            word.to_string()
        } else if let Some(name) = root_names
            .iter()
            .find(|n| n.split('.').next() == Some(word) && Path::new(root).join(n).is_file())
        {
            name.clone()
        } else {
            continue;
        };
        let done = touched
            .iter()
            .any(|p| p == &path || p.ends_with(&format!("/{path}")));
        if !done && !out.iter().any(|(p, _)| p == &path) {
            out.push((path, request.id.clone()));
        }
        if out.len() == 3 {
            break;
        }
    }
    out
}

/// TODO/FIXME/XXX/HACK lines added in the diff: (path, marker, the text from the marker on).
fn added_todos(ctx: &Ctx) -> Vec<(String, String, String)> {
    let mut out = Vec::new();
    let Some(g) = &ctx.ev.git else { return out };
    for fh in &g.hunks {
        for h in &fh.hunks {
            for line in &h.lines {
                let Some(added) = line.strip_prefix('+') else {
                    continue;
                };
                if line.starts_with("+++") {
                    continue;
                }
                if let Some(m) = phrases::TODO_MARKER.regex().find(added) {
                    let marker = m
                        .as_str()
                        .split(|c: char| !c.is_ascii_alphabetic())
                        .next()
                        .unwrap_or("TODO");
                    out.push((
                        fh.path.clone(),
                        marker.to_string(),
                        m.as_str().trim().to_string(),
                    ));
                }
            }
        }
    }
    out
}

/// A person has to act when the failure is about credentials or permissions.
fn owner_for<'a>(outputs: impl Iterator<Item = &'a str>) -> Owner {
    let mut human = false;
    for o in outputs {
        human |= phrases::NEEDS_A_PERSON.is_match(o);
    }
    if human { Owner::Human } else { Owner::Agent }
}

/// Exactly one concrete instruction: the most concrete open loop, else the last edited file,
/// else a command to run.
fn next_action(ctx: &Ctx, loops: &[Loop], files: &[FileEntry]) -> Claim {
    if let Some(l) = loops
        .iter()
        .filter(|l| l.open_loop.owner == Some(Owner::Agent))
        .min_by_key(|l| l.rank)
        .or_else(|| loops.iter().min_by_key(|l| l.rank))
    {
        return claim(l.next.clone(), l.open_loop.cite.clone());
    }
    let test_cmd = ctx.test_command();
    let untested = ctx.edits_after(ctx.last_pass_seq());
    let fresh_t = ctx
        .ev
        .tests
        .iter()
        .any(|t| t.ok && ctx.run_is_fresh(t) == Some(true));
    if let Some(last) = untested.last().filter(|_| !fresh_t) {
        let path = ctx.edit_path(last);
        return match &test_cmd {
            Some(cmd) => claim(
                format!("Run {} to test the last edit to {}", code(cmd), code(&path)),
                vec![last.id.clone()],
            ),
            None => claim(
                format!(
                    "Review the last edit to {} with {}",
                    code(&path),
                    code(&format!("git diff -- {path}"))
                ),
                vec![last.id.clone()],
            ),
        };
    }
    let changed = files.iter().find(|f| f.cite.iter().any(|c| c == "G"));
    if let Some(f) = changed {
        return claim(
            format!(
                "Review {} and commit the verified change to {}",
                code(&format!("git diff -- {}", f.path)),
                code(&f.path)
            ),
            vec!["G".into()],
        );
    }
    match test_cmd {
        Some(cmd) => claim(
            format!("Run {} to confirm the workspace state before changing anything", code(&cmd)),
            Vec::new(),
        ),
        None => claim(
            "Run `git status -s` in the project directory to confirm the workspace state before changing anything".to_string(),
            Vec::new(),
        ),
    }
}

fn watch_outs(ctx: &Ctx) -> Vec<Claim> {
    let mut out = Vec::new();
    let mut thin = Vec::new();
    match ctx.transcript() {
        None => thin.push("no transcript was given"),
        Some(t) => {
            if t.commands.is_empty() && t.edits.is_empty() {
                thin.push("the session made no tool calls");
            }
            if !t
                .messages
                .iter()
                .any(|m| m.role == Role::User && m.kind == MessageKind::Typed)
            {
                thin.push("no request typed by the user was found");
            }
        }
    }
    if ctx.ev.tests.is_empty() && !ctx.commands.iter().any(|c| c.is_test) {
        thin.push("no test runs were recorded");
    }
    match &ctx.ev.git {
        None if ctx.ev.git_unavailable.is_some() => thin.push("the git state could not be read"),
        None => thin.push("there is no git repository"),
        Some(g) if g.status.is_empty() && ctx.edits.is_empty() => thin.push("nothing changed"),
        _ => {}
    }
    if !thin.is_empty() {
        out.push(claim(
            format!(
                "Evidence is thin: {}. This note states only what the evidence shows; treat anything else as unknown.",
                thin.join(", ")
            ),
            Vec::new(),
        ));
    }
    if let (Some(cwd), Some(root)) = (ctx.session_elsewhere(), ctx.root) {
        out.push(claim(
            format!(
                "The session ran in {}, not in this repository ({}); git cannot confirm its edits",
                code(cwd),
                code(root)
            ),
            vec!["G".into()],
        ));
    }
    if let Some(t) = ctx.transcript()
        && !t.compactions.is_empty()
    {
        {
            let cite: Vec<String> = t
                .compactions
                .iter()
                .rev()
                .find_map(|c| c.summary_message.clone())
                .into_iter()
                .collect();
            out.push(claim(
                format!(
                    "The session was compacted {} time(s); earlier work is known only through the compaction summary",
                    t.compactions.len()
                ),
                cite,
            ));
        }
    }
    out
}

fn claim(text: String, cite: Vec<String>) -> Claim {
    Claim {
        text,
        cite,
        ..Claim::default()
    }
}

fn run_label(run: &TestRun) -> String {
    match &run.command {
        Some(c) => code(&short_cmd(c)),
        None => format!("the test run in {}", code(&run.source)),
    }
}

fn failure_summary(run: &TestRun) -> String {
    let mut s = if run.failed > 0 {
        format!("{} failed, {} passed", run.failed, run.passed)
    } else if run.timed_out {
        "killed at the timeout".to_string()
    } else if let Some(code) = run.exit_code {
        format!("exit status {code}")
    } else {
        "failed".to_string()
    };
    let names: Vec<String> = run.failures.iter().take(3).map(|f| code(&f.name)).collect();
    if !names.is_empty() {
        s += &format!(" ({})", names.join(", "));
    }
    s
}

fn counts(passed: u64, failed: u64, skipped: u64) -> String {
    let mut parts = vec![format!("{passed} passed")];
    if failed > 0 {
        parts.push(format!("{failed} failed"));
    }
    if skipped > 0 {
        parts.push(format!("{skipped} skipped"));
    }
    parts.join(", ")
}

/// One line saying why a command failed: exit status and the first error-looking output line.
fn command_failure(c: &Command) -> String {
    let status = match c.exit_code {
        Some(code) => format!("exit {code}"),
        None => "failed".to_string(),
    };
    // Banner lines (`==== FAILURES ====`) say nothing; their words are kept only as a last resort.
    let lines: Vec<&str> = c
        .output
        .lines()
        .map(|l| l.trim().trim_matches(['=', '_', '-', ' ']))
        .filter(|l| {
            !l.is_empty() && !l.starts_with("Exit code") && *l != "FAILURES" && *l != "ERRORS"
        })
        .collect();
    let line = lines
        .iter()
        .copied()
        .find(|l| phrases::ERROR_LINE.is_match(l))
        .or_else(|| {
            lines
                .iter()
                .copied()
                .find(|l| phrases::ERROR_WORDS.is_match(l))
        });
    match line {
        Some(l) => format!("{status}: {}", shorten(l, 100)),
        None => status,
    }
}

/// The repository-relative paths of `edits`, each once, in order of its last edit.
fn edit_paths(ctx: &Ctx, edits: &[&Edit]) -> Vec<String> {
    let mut paths: Vec<String> = Vec::new();
    for e in edits.iter().rev() {
        let p = ctx.edit_path(e);
        if !paths.contains(&p) {
            paths.push(p);
        }
    }
    paths.reverse();
    paths
}

/// "`a`", "`a` and `b`", "`a`, `b` and 3 more".
fn paths_phrase(paths: &[String]) -> String {
    let shown: Vec<String> = paths.iter().take(3).map(|p| code(p)).collect();
    match paths.len() {
        0 => "files".to_string(),
        1 => shown[0].clone(),
        2 => format!("{} and {}", shown[0], shown[1]),
        3 => format!("{}, {} and {}", shown[0], shown[1], shown[2]),
        n => format!("{} and {} more files", shown.join(", "), n - 3),
    }
}

fn norm_cmd(c: &str) -> String {
    c.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// A command for display: its first line, bounded.
fn short_cmd(c: &str) -> String {
    let first = c
        .lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("");
    let mut s = norm_cmd(first);
    if c.trim().lines().count() > 1 {
        s.push_str(" …");
    }
    shorten_hard(&s, COMMAND_CHARS)
}

fn code(text: &str) -> String {
    crate::note::code_span(text)
}

fn first_line(s: &str) -> String {
    s.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .unwrap_or("")
        .to_string()
}

/// Heading hashes and rules of a pasted document would read as noise in one sentence.
fn strip_markup(text: &str) -> String {
    text.lines()
        .map(|l| l.trim().trim_start_matches('#').trim())
        .filter(|l| !l.is_empty() && !l.chars().all(|c| matches!(c, '-' | '=' | '*' | '_')))
        .collect::<Vec<_>>()
        .join("\n")
}

fn strip_code_blocks(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") || line.trim_start().starts_with("~~~") {
            in_fence = !in_fence;
            continue;
        }
        if !in_fence {
            out.push_str(line);
            out.push('\n');
        }
    }
    out
}

/// Sentences of a text: split at `.`/`!`/`?` followed by a space, and at line breaks (bullets
/// and headings are sentences of their own). List markers and heading hashes are dropped.
fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line
            .trim()
            .trim_start_matches(['#', '>'])
            .trim_start()
            .trim_start_matches(['-', '*', '+'])
            .trim();
        let mut start = 0;
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        for (k, &(i, c)) in chars.iter().enumerate() {
            let at_end = matches!(c, '.' | '!' | '?')
                && chars.get(k + 1).is_none_or(|&(_, n)| n.is_whitespace());
            if at_end {
                let s = line[start..i + c.len_utf8()].trim();
                if !s.is_empty() {
                    out.push(s.to_string());
                }
                start = i + c.len_utf8();
            }
        }
        let rest = line[start..].trim();
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

/// About one sentence of at most `max` characters: the whole text when it fits, else cut at the
/// last sentence end that fits, else at a word with `…`.
fn shorten(text: &str, max: usize) -> String {
    let t = norm_cmd(text);
    if t.chars().count() <= max {
        return t;
    }
    let limit = t.char_indices().nth(max).map(|(i, _)| i).unwrap_or(t.len());
    let head = &t[..limit];
    let sentence_end = head
        .char_indices()
        .filter(|&(i, c)| {
            matches!(c, '.' | '!' | '?' | '。') && head[i + c.len_utf8()..].starts_with(' ')
        })
        .map(|(i, c)| i + c.len_utf8())
        .rfind(|&i| i >= 40);
    if let Some(end) = sentence_end {
        return head[..end].to_string();
    }
    shorten_hard(&t, max)
}

fn shorten_hard(t: &str, max: usize) -> String {
    if t.chars().count() <= max {
        return t.to_string();
    }
    // Never through a secret, at the limit or at the word break before it.
    let head = crate::redact::truncate(t, max.saturating_sub(1));
    let limit = head.len();
    let cut = head.rfind(' ').filter(|&i| i > limit / 2).unwrap_or(limit);
    let head = crate::redact::truncate(head, head[..cut].chars().count());
    format!("{}…", head.trim_end())
}

fn keep_last(v: &mut Vec<Claim>, n: usize) {
    if v.len() > n {
        v.drain(..v.len() - n);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::git::{FileHunks, GitState, Hunk, Symbol};
    use crate::evidence::test_results::{TestFailure, TestSummary};
    use crate::evidence::transcript::{Message, Session};
    use crate::note::render;
    use crate::testkit::{self, said, user};

    /// The session's transcript: its messages, commands and edits, read from `session.jsonl`
    /// in `/repo`.
    fn transcript(messages: Vec<Message>, commands: Vec<Command>, edits: Vec<Edit>) -> Transcript {
        Transcript {
            session: Session {
                id: Some("abc".into()),
                source: "session.jsonl".into(),
                cwd: Some("/repo".into()),
                ..Session::default()
            },
            ..testkit::transcript(commands, edits, messages)
        }
    }

    fn ev(t: Option<Transcript>, g: Option<GitState>, tests: Vec<TestRun>) -> Evidence {
        Evidence {
            git: g,
            tests,
            transcript: t,
            warnings: Vec::new(),
            notices: Vec::new(),
            since: None,
            ..Evidence::default()
        }
    }

    /// A command `C{n}` that passed or failed (with an error line as its output).
    fn cmd(n: usize, command: &str, ok: bool, seq: u64) -> Command {
        let mut c = testkit::cmd(&format!("C{n}"), command, Some(ok), seq);
        if !ok {
            c.output = "error: something broke".into();
        }
        c
    }

    fn edit(n: usize, path: &str, seq: u64) -> Edit {
        testkit::edit(&format!("E{n}"), path, seq)
    }

    #[test]
    fn goal_is_the_first_typed_request_shortened_at_a_sentence() {
        let long = format!(
            "Fix the CSV importer so quoted fields with commas parse correctly. {} Also see the logs.",
            "It currently splits inside quotes and the totals come out wrong for every customer. "
                .repeat(3)
        );
        let mut side = user(3, "subagent prompt", 2);
        side.sidechain = true;
        let t = transcript(
            vec![
                Message {
                    kind: MessageKind::Reminder,
                    ..user(1, "<system-reminder>x</system-reminder>", 0)
                },
                Message {
                    kind: MessageKind::CompactionSummary,
                    ..user(2, "This session is being continued", 1)
                },
                side,
                user(4, "/clear", 3),
                user(5, &long, 4),
                user(6, "second request", 5),
            ],
            vec![],
            vec![],
        );
        let n = draft(&ev(Some(t), None, vec![]));
        let g = n.goal.expect("goal");
        assert_eq!(g.cite, vec!["M5"]);
        assert!(g.text.starts_with("Fix the CSV importer"));
        assert!(g.text.ends_with('.'), "{}", g.text);
        assert!(g.text.chars().count() <= GOAL_CHARS);
        assert!(n.title.starts_with("Fix the CSV importer"));
    }

    #[test]
    fn a_pass_before_a_later_edit_is_not_verified() {
        let t = transcript(
            vec![user(1, "Fix parse_line.", 0)],
            vec![cmd(1, "cargo test", true, 2)],
            vec![edit(1, "src/lib.rs", 1), edit(2, "src/lib.rs", 3)],
        );
        let n = draft(&ev(
            Some(t),
            Some(testkit::git_state(&[(" M", "src/lib.rs")])),
            vec![],
        ));
        assert!(n.verified.is_empty(), "{:?}", n.verified);
        let p = n
            .partial
            .iter()
            .find(|c| c.cite.contains(&"C1".to_string()))
            .expect("partial");
        assert!(p.text.contains("edited after it"), "{}", p.text);
        assert!(p.cite.contains(&"E2".to_string()));
        // The next action asks to re-run the tests on the last edit.
        assert_eq!(n.next_actions.len(), 1);
        assert!(
            n.next_actions[0].text.contains("`cargo test`"),
            "{:?}",
            n.next_actions
        );

        let t = transcript(
            vec![user(1, "Fix parse_line.", 0)],
            vec![
                cmd(1, "cargo test", false, 2),
                cmd(2, "cargo test", true, 4),
            ],
            vec![edit(1, "src/lib.rs", 1), edit(2, "src/lib.rs", 3)],
        );
        let n = draft(&ev(
            Some(t),
            Some(testkit::git_state(&[(" M", "src/lib.rs")])),
            vec![],
        ));
        assert_eq!(n.verified.len(), 1);
        assert_eq!(n.verified[0].cite, vec!["C2"]);
        assert!(n.verified[0].text.contains("after the last edit"));
        assert!(n.partial.is_empty(), "{:?}", n.partial);
        assert!(n.open_loops.is_empty());
    }

    #[test]
    fn a_stale_test_file_is_not_verified_but_a_fresh_command_is() {
        let t = transcript(
            vec![user(1, "x", 0)],
            vec![],
            vec![Edit {
                at: Some("2026-01-01T10:00:00Z".parse().unwrap()),
                ..edit(1, "a.py", 1)
            }],
        );
        let stale = TestRun {
            id: "T1".into(),
            source: "out.xml".into(),
            command: Some("pytest".into()),
            passed: 3,
            ok: true,
            at: Some("2026-01-01T09:00:00Z".parse().unwrap()),
            ..TestRun::default()
        };
        let fresh = TestRun {
            id: "T2".into(),
            source: "command".into(),
            at: None,
            ..stale.clone()
        };
        let n = draft(&ev(Some(t.clone()), None, vec![stale.clone()]));
        assert!(n.verified.is_empty());
        assert!(n.partial[0].text.contains("before later changes"));
        let n = draft(&ev(Some(t), None, vec![stale, fresh]));
        assert_eq!(n.verified.len(), 1);
        assert_eq!(n.verified[0].cite, vec!["T2"]);
    }

    #[test]
    fn a_failing_test_becomes_an_open_loop_verified_by_its_command() {
        let run = TestRun {
            id: "T1".into(),
            source: "command".into(),
            command: Some("pytest tests/test_csv.py".into()),
            passed: 4,
            failed: 1,
            failures: vec![TestFailure {
                name: "tests/test_csv.py::test_quoted".into(),
                message: Some("AssertionError: 2 != 3".into()),
            }],
            ok: false,
            exit_code: Some(1),
            ..TestRun::default()
        };
        let n = draft(&ev(
            None,
            Some(testkit::git_state(&[(" M", "csv.py")])),
            vec![run],
        ));
        assert_eq!(n.open_loops.len(), 1);
        let l = &n.open_loops[0];
        assert_eq!(l.owner, Some(Owner::Agent));
        assert_eq!(l.verify.as_deref(), Some("pytest tests/test_csv.py"));
        assert!(l.text.contains("`tests/test_csv.py::test_quoted`"));
        assert_eq!(l.cite, vec!["T1"]);
        assert_eq!(n.next_actions.len(), 1);
        assert_eq!(
            n.next_actions[0].text,
            "Fix the failing test `tests/test_csv.py::test_quoted`, then run `pytest tests/test_csv.py`"
        );
        assert!(n.partial[0].text.contains("1 failed"));
    }

    #[test]
    fn a_failing_transcript_command_is_an_open_loop_unless_it_passed_later() {
        let mut failing = cmd(2, "npm test", false, 3);
        failing.tests = Some(TestSummary {
            passed: 1,
            failed: 1,
            skipped: 0,
            failures: vec![TestFailure {
                name: "sum adds".into(),
                message: None,
            }],
        });
        let t = transcript(
            vec![user(1, "x", 0)],
            vec![cmd(1, "npm test", true, 1), failing],
            vec![],
        );
        let n = draft(&ev(Some(t), None, vec![]));
        assert_eq!(n.open_loops.len(), 1);
        assert_eq!(n.open_loops[0].verify.as_deref(), Some("npm test"));
        assert_eq!(n.open_loops[0].cite, vec!["C2"]);
        assert!(n.next_actions[0].text.contains("`sum adds`"));
        assert!(n.verified.is_empty());
    }

    #[test]
    fn files_list_every_git_path_and_session_edits() {
        let mut g = testkit::git_state(&[
            (" M", "src/lib.rs"),
            ("??", "notes.txt"),
            ("A ", "src/new.rs"),
            (" D", "old.rs"),
        ]);
        g.symbols = vec![Symbol {
            path: "src/lib.rs".into(),
            name: "parse_line".into(),
        }];
        let t = transcript(
            vec![user(1, "x", 0)],
            vec![],
            vec![edit(1, "/repo/src/lib.rs", 1), edit(2, "docs/guide.md", 2)],
        );
        let n = draft(&ev(Some(t), Some(g), vec![]));
        let paths: Vec<&str> = n.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(
            paths,
            [
                "src/lib.rs",
                "notes.txt",
                "src/new.rs",
                "old.rs",
                "docs/guide.md"
            ]
        );
        assert_eq!(n.files[0].symbols, vec!["parse_line"]);
        assert_eq!(n.files[0].cite, vec!["G", "E1"]);
        assert!(n.files[0].summary.contains("edited in the session"));
        assert_eq!(n.files[1].summary, "untracked");
        assert_eq!(n.files[2].summary, "added (staged)");
        assert_eq!(n.files[3].summary, "deleted");
        assert_eq!(n.files[4].cite, vec!["E2"]);
        assert!(n.files[4].summary.contains("committed or reverted"));
    }

    #[test]
    fn a_session_without_tool_calls_says_the_evidence_is_thin() {
        let t = transcript(
            vec![
                user(1, "How do I reverse a list in Python?", 0),
                said(2, "Use reversed().", 1),
            ],
            vec![],
            vec![],
        );
        let n = draft(&ev(Some(t), Some(testkit::git_state(&[])), vec![]));
        let w = &n.watch_outs[0].text;
        assert!(w.starts_with("Evidence is thin:"), "{w}");
        assert!(
            w.contains("no tool calls")
                && w.contains("no test runs")
                && w.contains("nothing changed")
        );
        assert!(n.verified.is_empty() && n.files.is_empty() && n.open_loops.is_empty());
        assert_eq!(n.next_actions.len(), 1);
        assert!(n.next_actions[0].text.contains("`git status -s`"));
        let n = draft(&Evidence::default());
        assert!(n.watch_outs[0].text.contains("no transcript"));
        assert!(n.watch_outs[0].text.contains("no git repository"));
        assert!(n.goal.is_none());
    }

    #[test]
    fn decisions_and_dead_ends_come_from_the_assistant_and_failed_commands() {
        let t = transcript(
            vec![
                user(1, "Make the build faster.", 0),
                said(
                    2,
                    "I'll use sccache instead of a custom cache. Let me look.\n```\nI'll use this inside code\n```",
                    1,
                ),
                said(
                    3,
                    "The incremental flag didn't work because the CI wipes target/. Should I retry?",
                    2,
                ),
                said(4, "I'll use sccache instead of a custom cache.", 3),
            ],
            vec![
                cmd(1, "cargo build --offline-cache", false, 4),
                cmd(2, "cargo build", true, 5),
            ],
            vec![],
        );
        let n = draft(&ev(Some(t), None, vec![]));
        let d: Vec<&str> = n.decisions.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(d, ["I'll use sccache instead of a custom cache."]);
        assert_eq!(n.decisions[0].cite, vec!["M2"]);
        assert_eq!(n.discarded.len(), 2, "{:?}", n.discarded);
        assert!(
            n.discarded[0]
                .text
                .starts_with("The incremental flag didn't work")
        );
        assert!(
            n.discarded[1]
                .text
                .starts_with("`cargo build --offline-cache` failed (exit 1")
        );
        assert!(
            n.discarded[1]
                .text
                .ends_with("`cargo build` worked instead")
        );
        assert_eq!(n.discarded[1].cite, vec!["C1", "C2"]);
    }

    #[test]
    fn todos_added_in_the_diff_become_open_loops() {
        let mut g = testkit::git_state(&[(" M", "src/a.rs")]);
        g.hunks = vec![FileHunks {
            path: "src/a.rs".into(),
            elided_hunks: 0,
            hunks: vec![Hunk {
                header: "@@ -1,2 +1,3 @@".into(),
                lines: vec![
                    " fn a() {".into(),
                    "+    // TODO: handle \"empty\" input".into(),
                    "-    // TODO: old".into(),
                ],
                elided: 0,
            }],
        }];
        let n = draft(&ev(None, Some(g), vec![]));
        assert_eq!(n.open_loops.len(), 1);
        let l = &n.open_loops[0];
        assert!(l.text.contains("TODO: handle \"empty\" input"));
        assert_eq!(
            l.verify.as_deref(),
            Some("! grep -qF 'TODO: handle empty input' src/a.rs")
        );
        assert!(
            n.next_actions[0]
                .text
                .starts_with("Resolve the TODO in `src/a.rs`")
        );
    }

    #[test]
    fn a_file_the_request_names_but_the_session_never_changed_is_an_open_loop() {
        let dir = tempfile::tempdir().expect("temp dir");
        let root = dir.path().to_string_lossy().into_owned();
        for f in ["README.md", "load.go", "notes.txt"] {
            std::fs::write(dir.path().join(f), "x\n").expect("write");
        }
        let mut g = testkit::git_state(&[(" M", "load.go")]);
        g.root = root.clone();
        let mut t = transcript(
            vec![user(
                1,
                "Move the config to TOML in load.go and update the README example.",
                1,
            )],
            vec![],
            vec![edit(1, "load.go", 2)],
        );
        t.session.cwd = Some(root);
        let n = draft(&ev(Some(t), Some(g), vec![]));
        let loops: Vec<&str> = n.open_loops.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            loops,
            ["The request names `README.md`, but the session never changed it"]
        );
        assert_eq!(
            n.open_loops[0].verify.as_deref(),
            Some("! git diff --quiet HEAD -- README.md")
        );
        assert!(n.next_actions[0].text.contains("`README.md`"));
    }

    #[test]
    fn instead_and_rather_than_are_decisions_only_when_someone_acts() {
        let t = transcript(
            vec![
                user(1, "Stop the crash when the keys are missing.", 1),
                said(
                    2,
                    "The loader reads the keys at import time rather than on use.",
                    2,
                ),
                said(
                    3,
                    "I'll read both keys inside load_settings() rather than at import time.",
                    3,
                ),
                said(
                    4,
                    "Install the v16 client from the PGDG repository instead.",
                    4,
                ),
                said(5, "**What's not working?** (what's the specific error?)", 5),
            ],
            vec![],
            vec![],
        );
        let n = draft(&ev(Some(t), None, vec![]));
        let got: Vec<&str> = n.decisions.iter().map(|c| c.text.as_str()).collect();
        assert_eq!(
            got,
            [
                "I'll read both keys inside load_settings() rather than at import time.",
                "Install the v16 client from the PGDG repository instead."
            ]
        );
        // A question decides nothing, even with "not working" in it.
        assert!(n.discarded.is_empty(), "{:?}", n.discarded);
    }

    #[test]
    fn next_action_is_single_and_never_vague() {
        let vague = Regex::new(r"(?i)continue working|finish the|implement remaining").unwrap();
        let cases = vec![
            Evidence::default(),
            ev(None, Some(testkit::git_state(&[(" M", "a.rs")])), vec![]),
            ev(
                Some(transcript(
                    vec![user(1, "x", 0)],
                    vec![],
                    vec![edit(1, "a.rs", 1)],
                )),
                None,
                vec![],
            ),
            ev(
                Some(transcript(
                    vec![user(1, "x", 0)],
                    vec![cmd(1, "make check", false, 1)],
                    vec![],
                )),
                None,
                vec![],
            ),
        ];
        for e in cases {
            let n = draft(&e);
            assert_eq!(n.next_actions.len(), 1);
            let t = &n.next_actions[0].text;
            assert!(t.contains('`'), "names a file, symbol or command: {t}");
            assert!(!vague.is_match(t), "{t}");
        }
    }

    #[test]
    fn snapshot_of_a_small_bug_fix_session() {
        let mut failing = cmd(2, "pytest tests/test_csv.py", false, 4);
        failing.output = "FAILED tests/test_csv.py::test_quoted - AssertionError".into();
        let t = transcript(
            vec![
                user(
                    1,
                    "The CSV importer splits quoted fields with commas. Please fix `parse_line` in csv_import.py.",
                    0,
                ),
                said(
                    2,
                    "Splitting on commas with a regex didn't work because quotes can nest. I'll use the csv module instead of manual splitting.",
                    3,
                ),
            ],
            vec![
                cmd(1, "pytest tests/test_csv.py", false, 2),
                failing,
                cmd(3, "pytest tests/test_csv.py", true, 6),
            ],
            vec![edit(1, "csv_import.py", 1), edit(2, "csv_import.py", 5)],
        );
        let mut g = testkit::git_state(&[(" M", "csv_import.py"), ("??", "tests/test_csv.py")]);
        g.symbols = vec![Symbol {
            path: "csv_import.py".into(),
            name: "parse_line".into(),
        }];
        let ev = ev(Some(t), Some(g), vec![]);
        let at = chrono::DateTime::from_timestamp(1_767_225_600, 0).unwrap();
        let n = crate::pipeline::complete(draft(&ev), &ev, None, at);
        insta::assert_snapshot!(render(&n));
        // What the snapshot must show, named: the goal is the typed request; the last run,
        // after the last edit, verifies; the failed runs before it are superseded, not open
        // loops; the assistant's choice and dead end are kept apart; both changed files are
        // listed with the symbol; one concrete next action.
        assert_eq!(
            n.goal.as_ref().map(|g| g.cite.clone()),
            Some(vec!["M1".into()])
        );
        assert_eq!(n.verified.len(), 1);
        assert_eq!(n.verified[0].cite, ["C3"]);
        assert!(n.partial.is_empty() && n.open_loops.is_empty());
        assert!(n.decisions[0].text.contains("csv module"));
        assert!(n.discarded[0].text.contains("didn't work"));
        let files: Vec<&str> = n.files.iter().map(|f| f.path.as_str()).collect();
        assert_eq!(files, ["csv_import.py", "tests/test_csv.py"]);
        assert_eq!(n.files[0].symbols, ["parse_line"]);
        assert_eq!(n.next_actions.len(), 1);
        assert!(n.next_actions[0].text.contains("`csv_import.py`"));
    }
}
