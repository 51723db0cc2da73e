//! The commands that judge the work, grouped by what they run, each group with its latest
//! verdict and whether a later change can have changed it.
//!
//! A command judges the work when it runs tests or a check (the runner table in
//! `evidence::shell`), runs a script the session wrote (a reproducer, the edited program), or
//! runs a command the user's request asked for. Runs are grouped by identity: the command
//! without set-up words, wrappers, redirections and output filters, in the directory it ran in
//! (a `cd DIR &&`, or where an earlier `cd` left a Claude Code shell). A later run of the same
//! check supersedes an earlier one.
//!
//! A run's verdict, in order: its own exit status (not a pipeline's: `x | tail` exits with
//! `tail`'s); an echoed `exit=$?`; the reader's test summary; a failure line in the output; a
//! success line in the output (not from output cut by `head`); for a script or a requested
//! command that printed no error, "ran cleanly". Otherwise the result is not recorded — never
//! "never tested".

use super::commands::{CommandFacts, pipes};
use super::project::Project;
use super::requests::Requests;
use super::scope::View;
use super::text;
use crate::evidence::Evidence;
use crate::evidence::freshness::{self, RunPoint};
use crate::evidence::paths;
use crate::evidence::shell::{self, ParsedCommand};
use crate::evidence::transcript::{Command, Edit, EditKind, Format};
use crate::phrases;
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::path::Path;

/// What a check is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum CheckKind {
    /// A test suite.
    Test,
    /// A build, typecheck or lint.
    Build,
    /// A script the session wrote or edited, run.
    Script,
    /// A command the user's request asked for.
    Requested,
}

/// A run's verdict.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "verdict")]
pub(crate) enum Verdict {
    /// It passed; `how` says what shows it ("exit 0", "Compiled successfully", "69 passing").
    Pass {
        /// What shows it.
        how: String,
    },
    /// It failed; `error` is the first error line (or the exit status).
    Fail {
        /// The first error.
        error: String,
    },
    /// It never ran what it was meant to (`--test-cmd` not found, not executable, killed from
    /// outside, or out of time before any failure showed): no result either way.
    NotRun {
        /// Why, and what to do about it.
        why: String,
    },
    /// Its result is not recorded (or not provable, e.g. output cut by `head`).
    Unknown {
        /// Why.
        why: String,
    },
}

impl Verdict {
    /// A pass.
    pub(crate) fn passed(&self) -> bool {
        matches!(self, Verdict::Pass { .. })
    }

    /// A failure.
    pub(crate) fn failed(&self) -> bool {
        matches!(self, Verdict::Fail { .. })
    }
}

/// One run of a check.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Run {
    /// The command id.
    pub id: String,
    /// The command line as it ran, for display.
    pub shown: String,
    /// The verdict.
    #[serde(flatten)]
    pub verdict: Verdict,
    /// Event order.
    pub seq: u64,
}

/// Failures a later pass of the same check put behind.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Resolved {
    /// How many runs failed before the pass.
    pub failures: usize,
    /// The first failing run.
    pub first: String,
    /// Its error.
    pub first_error: String,
    /// Dependency changes between the first failure and the pass (install commands), ids.
    pub installs: Vec<String>,
    /// Their command lines, shortened.
    pub install_lines: Vec<String>,
    /// Files edited between the last failure and the pass.
    pub edited: Vec<String>,
    /// Their edit ids.
    pub edit_ids: Vec<String>,
    /// Every one of those edits deleted its file.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub by_deleting: bool,
}

/// A check and its runs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Check {
    /// What it runs (set-up words, wrappers and output filters removed).
    pub identity: String,
    /// The directory it ran in, relative to the repository (empty: the session's folder).
    pub dir: String,
    /// What kind of check.
    pub kind: CheckKind,
    /// Its runs, in order.
    pub runs: Vec<Run>,
    /// The latest verdict (the last run that has one; else the last run's unknown state).
    #[serde(flatten)]
    pub latest: Verdict,
    /// The run that decided `latest`.
    pub latest_run: String,
    /// For a pass: edits after it that can change its outcome (ids; `G` for changes git shows),
    /// and their paths. Only the first and last [`STALE_IDS_EACH_END`] edits when there are
    /// more ([`Check::keep_stale_ends`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stale_by: Vec<String>,
    /// How many edits made the pass stale, when `stale_by` lists only the ends of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stale_edits: Option<usize>,
    /// Paths behind `stale_by`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stale_paths: Vec<String>,
    /// For a build's pass made stale by later edits: the later passing test run that built it
    /// again ([`builds_first`]) — (its id, its command as shown) — from which its freshness is
    /// judged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub renewed_by: Option<(String, String)>,
    /// For a pass: the failures it put behind.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resolved: Option<Resolved>,
    /// For a failure: the failing tests the run names, with their first message line.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failing_tests: Vec<(String, String)>,
}

impl Check {
    /// The latest run.
    pub(crate) fn last(&self) -> Option<&Run> {
        self.runs.iter().rfind(|r| r.id == self.latest_run)
    }

    /// Sets `stale_by` to the ids of the first and last [`STALE_IDS_EACH_END`] of `edits` (and
    /// `G` when git shows changes), counting them all in `stale_edits` when it cuts: a long
    /// session's checks would each keep the id of every later edit, thousands of checks times
    /// thousands of edits.
    fn set_stale_by(&mut self, edits: &[&str], git: bool) {
        self.set_stale_by_each(edits.len(), |i| edits[i], git);
    }

    /// [`Check::set_stale_by`] for `n` edits, the `i`-th of which has id `id(i)`.
    fn set_stale_by_each<'e>(&mut self, n: usize, id: impl Fn(usize) -> &'e str, git: bool) {
        let cut = n > 2 * STALE_IDS_EACH_END;
        let kept: Box<dyn Iterator<Item = usize>> = if cut {
            Box::new((0..STALE_IDS_EACH_END).chain(n - STALE_IDS_EACH_END..n))
        } else {
            Box::new(0..n)
        };
        self.stale_by = kept.map(|i| id(i).to_string()).collect();
        if git {
            self.stale_by.push("G".into());
        }
        self.stale_edits = cut.then_some(n);
    }

    /// The number of edits that made the pass stale.
    pub(crate) fn stale_edit_count(&self) -> usize {
        self.stale_edits
            .unwrap_or_else(|| self.stale_by.iter().filter(|i| *i != "G").count())
    }

    /// A pass nothing made stale.
    pub(crate) fn fresh_pass(&self) -> bool {
        self.latest.passed() && self.stale_by.is_empty() && self.stale_paths.is_empty()
    }

    /// `identity` with its directory: "`npx hardhat test` (in `contracts/`)".
    pub(crate) fn label(&self) -> String {
        let shown = self
            .last()
            .map(|r| r.shown.clone())
            .unwrap_or_else(|| self.identity.clone());
        if self.dir.is_empty() || shown.contains(&self.dir) {
            crate::note::code_span(&shown)
        } else {
            format!(
                "{} (in {})",
                crate::note::code_span(&shown),
                crate::note::code_span(&format!("{}/", self.dir))
            )
        }
    }
}

/// A command a request asked for that the session never ran.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct Unrun {
    /// The command as the request wrote it.
    pub command: String,
    /// The request.
    pub request: String,
}

/// Checks and requested commands never run.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Checks {
    /// Checks, in order of their latest run.
    pub items: Vec<Check>,
    /// Requested commands never run.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub unrun: Vec<Unrun>,
}

impl Checks {
    /// Checks whose latest verdict is a failure.
    pub(crate) fn failing(&self) -> impl Iterator<Item = &Check> {
        self.items.iter().filter(|c| c.latest.failed())
    }

    /// Checks whose latest run never ran what it was meant to, with why.
    pub(crate) fn not_run(&self) -> impl Iterator<Item = (&Check, &str)> {
        self.items.iter().filter_map(|c| match &c.latest {
            Verdict::NotRun { why } => Some((c, why.as_str())),
            _ => None,
        })
    }
}

/// Longest command shown.
const SHOWN_CHARS: usize = 110;

/// How many of the first and of the last edits that made a pass stale a check keeps the ids of
/// ([`Check::keep_stale_ends`]): the notes cite three at either end.
pub(crate) const STALE_IDS_EACH_END: usize = 8;

/// Groups the session's checks and judges them.
pub(crate) fn of(ev: &Evidence, view: &View, project: &Project, requests: &Requests) -> Checks {
    // Each edited file once: a long session edits the same files thousands of times, and every
    // command that runs a script is matched against each of them.
    let edited: Vec<String> = view
        .edits
        .iter()
        .map(|e| paths::normalize(&e.path))
        .collect::<HashSet<String>>()
        .into_iter()
        .collect();
    let requested = requested_commands(view, requests);
    // Each requested line's simple commands, split once for every command it is matched with.
    let requested_segments: Vec<Vec<String>> = requested
        .iter()
        .map(|(cmd, _)| shell::segment_commands(cmd))
        .collect();
    let mut shell_dir = ShellDir::new(view);
    let mut groups: Vec<Check> = Vec::new();
    let mut index: HashMap<(String, String), usize> = HashMap::new();
    for (c, parsed) in view.commands.iter().zip(&view.parsed) {
        let dir = shell_dir.step(c, parsed);
        let id = parsed.identity();
        if id.command.is_empty() {
            continue;
        }
        // Where an earlier `cd` left the shell, unless that folder is not in the repository (the
        // transcript cannot show which `cd` failed): then the command's own `cd`, else none.
        let tracked = repo_dir(project, view, join_dir(dir.as_deref(), id.dir).as_deref());
        let dir = if tracked.is_empty() || dir_exists(ev, &tracked) {
            tracked
        } else {
            let own = repo_dir(project, view, id.dir);
            if own.is_empty() || dir_exists(ev, &own) {
                own
            } else {
                String::new()
            }
        };
        let Some(kind) = kind_of(c, parsed, id.command, &edited, &requested_segments) else {
            continue;
        };
        let run = Run {
            id: c.id.to_string(),
            shown: shown(&c.command),
            verdict: verdict(c, parsed, kind),
            seq: c.seq,
        };
        let key = (dir.clone(), id.command.to_string());
        let at = *index.entry(key).or_insert_with(|| {
            groups.push(Check {
                identity: id.command.to_string(),
                dir,
                kind,
                runs: Vec::new(),
                latest: Verdict::Unknown { why: String::new() },
                latest_run: String::new(),
                stale_by: Vec::new(),
                stale_edits: None,
                stale_paths: Vec::new(),
                renewed_by: None,
                resolved: None,
                failing_tests: Vec::new(),
            });
            groups.len() - 1
        });
        groups[at].runs.push(run);
        if let Some(s) = &c.tests {
            groups[at].failing_tests = s
                .failures
                .iter()
                .take(MAX_FAILING_TESTS)
                .map(|f| {
                    (
                        f.name.clone(),
                        first_line(f.message.as_deref().unwrap_or("")),
                    )
                })
                .collect();
        }
    }
    let lookup = Lookup::new(view, project);
    for g in &mut groups {
        settle(ev, view, &lookup, g);
    }
    renew_builds(ev, &lookup, &mut groups);
    test_runs(ev, view, project, &mut groups);
    groups.sort_by_key(|g| g.last().map(|r| r.seq).unwrap_or(0));
    let unrun = requested
        .iter()
        .zip(&requested_segments)
        .filter(|(_, named)| {
            !view
                .parsed
                .iter()
                .any(|p| shell::segments_match(named, &p.segments))
        })
        .map(|(requested, _)| requested)
        .take(3)
        .map(|(cmd, req)| Unrun {
            command: cmd.clone(),
            request: req.clone(),
        })
        .collect();
    Checks {
        items: groups,
        unrun,
    }
}

/// Most failing tests named per check.
const MAX_FAILING_TESTS: usize = 5;

fn first_line(s: &str) -> String {
    text::shorten(
        s.lines()
            .map(str::trim)
            .find(|l| !l.is_empty())
            .unwrap_or(""),
        120,
    )
}

/// Test output files (`--tests`) and the fresh `--test-cmd` run: each its own check, after the
/// transcript's runs. A `--test-cmd` run is fresh by construction; a file's run is judged by its
/// time against later changes.
fn test_runs(ev: &Evidence, view: &View, project: &Project, groups: &mut Vec<Check>) {
    for t in &ev.tests {
        let identity = t
            .command
            .as_deref()
            .map(|c| shell::normalise(c).command)
            .filter(|c| !c.is_empty())
            .unwrap_or_else(|| format!("the test run in {}", t.source));
        let shown_cmd = t
            .command
            .as_deref()
            .map(shown)
            .unwrap_or_else(|| identity.clone());
        let verdict = if let Some(why) = &t.not_run {
            Verdict::NotRun { why: why.clone() }
        } else if t.ok {
            Verdict::Pass {
                how: counts(t.passed, t.failed, t.skipped),
            }
        } else {
            Verdict::Fail {
                error: if t.failed > 0 {
                    format!("{} failed, {} passed", t.failed, t.passed)
                } else if t.timed_out {
                    "killed at the timeout".into()
                } else if let Some(code) = t.exit_code {
                    format!("exit status {code}")
                } else {
                    "failed".into()
                },
            }
        };
        let mut check = Check {
            identity,
            dir: String::new(),
            kind: CheckKind::Test,
            runs: vec![Run {
                id: t.id.clone(),
                shown: shown_cmd,
                verdict: verdict.clone(),
                seq: u64::MAX,
            }],
            latest: verdict,
            latest_run: t.id.clone(),
            stale_by: Vec::new(),
            stale_edits: None,
            stale_paths: Vec::new(),
            renewed_by: None,
            resolved: None,
            failing_tests: t
                .failures
                .iter()
                .take(MAX_FAILING_TESTS)
                .map(|f| {
                    (
                        f.name.clone(),
                        first_line(f.message.as_deref().unwrap_or("")),
                    )
                })
                .collect(),
        };
        if t.ok && t.source != "command" {
            match t.at {
                None => {
                    check.latest = Verdict::Unknown {
                        why: format!(
                            "{} passed at an unknown time; it may predate the changes",
                            counts(t.passed, t.failed, t.skipped)
                        ),
                    }
                }
                Some(at) => {
                    let later = freshness::changes_after(
                        ev,
                        RunPoint {
                            seq: None,
                            at: Some(at),
                        },
                        |p| affects(&project.repo_path(p, view), None),
                    );
                    let mut ids: Vec<&str> = Vec::new();
                    for e in &later.edits {
                        ids.push(e.id.as_str());
                        let p = project.repo_path(&e.path, view);
                        if !check.stale_paths.contains(&p) {
                            check.stale_paths.push(p);
                        }
                    }
                    // Changed in the worktree after the run, or by a commit after the session.
                    let in_git = later.files.iter().map(|s| s.path.as_str());
                    let mut git = false;
                    for p in in_git.chain(later.committed.iter().copied()) {
                        if !check.stale_paths.iter().any(|q| q == p) {
                            check.stale_paths.push(p.to_string());
                        }
                        git = true;
                    }
                    check.set_stale_by(&ids, git);
                }
            }
        }
        // A fresh `--test-cmd` or file run of the same command decides over the transcript's.
        if let Some(g) = groups
            .iter_mut()
            .find(|g| g.identity == check.identity && g.dir.is_empty())
        {
            g.runs.extend(check.runs);
            g.latest = check.latest;
            g.latest_run = check.latest_run;
            g.stale_by = check.stale_by;
            g.stale_edits = check.stale_edits;
            g.stale_paths = check.stale_paths;
            g.failing_tests = check.failing_tests;
        } else {
            groups.push(check);
        }
    }
}

/// "5 passed, 1 skipped".
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

/// Latest verdict, staleness and resolved failures of one group.
fn settle(ev: &Evidence, view: &View, lookup: &Lookup, g: &mut Check) {
    let decided = g
        .runs
        .iter()
        .rev()
        .find(|r| !matches!(r.verdict, Verdict::Unknown { .. } | Verdict::NotRun { .. }))
        .or(g.runs.last());
    let Some(decided) = decided else { return };
    g.latest = decided.verdict.clone();
    g.latest_run = decided.id.clone();
    if !g.latest.passed() {
        return;
    }
    let pass_seq = decided.seq;
    // Failures the pass put behind, and what changed between the last of them and the first
    // pass after it.
    let failed: Vec<&Run> = g
        .runs
        .iter()
        .filter(|r| r.seq < pass_seq && r.verdict.failed())
        .collect();
    if let (Some(first), Some(last)) = (failed.first(), failed.last()) {
        let fixed_at = g
            .runs
            .iter()
            .find(|r| r.seq > last.seq && r.verdict.passed())
            .map(|r| r.seq)
            .unwrap_or(pass_seq);
        let between = |seq: u64| seq > last.seq && seq < fixed_at;
        // Dependency changes anywhere in the failing stretch (an install two failures back can
        // be what the pass needed); edits only after the last failure.
        let installs: Vec<&&Command> = view
            .commands
            .iter()
            .zip(&view.parsed)
            .filter(|(c, _)| c.seq > first.seq && c.seq < fixed_at && c.ok != Some(false))
            .filter(|(c, _)| phrases::INSTALL.is_match(&c.command))
            .filter(|(_, p)| {
                let d = p.identity().dir;
                d.is_none()
                    || d.is_some_and(|d| {
                        d.trim_end_matches('/').ends_with(&g.dir) && !g.dir.is_empty()
                    })
            })
            .map(|(c, _)| c)
            .collect();
        let edits: Vec<_> = view.edits.iter().filter(|e| between(e.seq)).collect();
        let mut edited: Vec<String> = Vec::new();
        for e in &edits {
            let p = lookup.repo_path(&e.path);
            if !edited.iter().any(|q| **q == *p) {
                edited.push(p.to_string());
            }
        }
        g.resolved = Some(Resolved {
            failures: failed.len(),
            first: first.id.clone(),
            first_error: match &first.verdict {
                Verdict::Fail { error } => error.clone(),
                _ => String::new(),
            },
            installs: installs.iter().map(|c| c.id.to_string()).collect(),
            install_lines: installs.iter().map(|c| shown(&c.command)).collect(),
            edited,
            edit_ids: edits.iter().map(|e| e.id.to_string()).collect(),
            by_deleting: !edits.is_empty() && edits.iter().all(|e| e.kind == EditKind::Delete),
        });
    }
    let run = g.latest_run.clone();
    stale_after(ev, lookup, g, &run);
}

/// Staleness of `g`'s pass as of its run `run_id`: the one rule (evidence::freshness),
/// narrowed to what can change this check. A query of repository metadata
/// ([`edits_cannot_change`]) is never stale.
fn stale_after(ev: &Evidence, lookup: &Lookup, g: &mut Check, run_id: &str) {
    g.stale_by.clear();
    g.stale_edits = None;
    g.stale_paths.clear();
    if edits_cannot_change(&g.identity) {
        return;
    }
    let Some(run) = lookup.command(run_id) else {
        return;
    };
    let root = package_root(ev, &g.dir);
    let point = RunPoint {
        seq: Some(run.seq),
        at: run.at,
    };
    let all = ev.transcript.as_ref().map_or(&[][..], |t| &t.edits[..]);
    let stale = lookup.stale_edits(all);
    let table = lookup.root_edits(all, root.as_deref());
    // The edits after the run (freshness::edit_is_after): `stale` is in event order and the run
    // has a place in it, so they are its tail, and this check's are the tail of `table.at`.
    let first = stale.partition_point(|&i| !freshness::edit_is_after(point, &all[i as usize]));
    let from = table.at.partition_point(|&k| (k as usize) < first);
    let edit = |j: usize| &all[stale[table.at[from + j] as usize] as usize];
    // The paths those edits name, in the order of their first edit after the run; the same
    // name is the same repository path.
    let mut named: Vec<(u32, u32)> = table
        .paths
        .iter()
        .filter_map(|(i, at)| {
            let j = at.partition_point(|&pos| (pos as usize) < from);
            at.get(j).map(|&pos| (pos, *i))
        })
        .collect();
    named.sort_unstable();
    for (_, i) in named {
        let p = lookup.repo_path(&all[i as usize].path);
        if !g.stale_paths.iter().any(|q| paths::same_path(q, &p)) {
            g.stale_paths.push(p.to_string());
        }
    }
    // Changed in the worktree after the run, or by a commit after the session.
    let later = freshness::git_changes_after(ev, point, |p| {
        affects(&lookup.repo_path(p), root.as_deref())
    });
    let in_git = later.files.iter().map(|s| s.path.as_str());
    let mut git = false;
    for p in in_git.chain(later.committed.iter().copied()) {
        if !g.stale_paths.iter().any(|q| paths::same_path(q, p)) {
            g.stale_paths.push(p.to_string());
            git = true;
        }
    }
    g.set_stale_by_each(table.at.len() - from, |j| edit(j).id.as_str(), git);
}

/// The edits that can change a check in one package root, among [`Lookup::stale_edits`].
struct RootEdits {
    /// Their positions in [`Lookup::stale_edits`], ascending.
    at: Vec<u32>,
    /// Each path they name, as named: the position in the transcript's edits of one edit of it,
    /// and the positions in `at` of all of them, ascending.
    paths: Vec<(u32, Vec<u32>)>,
}

/// What the freshness rules look up for every group, found once per analysis: a long session
/// has thousands of groups, commands and edits, and a scan per lookup made judging staleness
/// grow with their product.
struct Lookup<'v> {
    /// Each path an edit or status names, as a repository path ([`Project::repo_path`]).
    repo_paths: std::cell::RefCell<HashMap<String, std::rc::Rc<str>>>,
    /// See [`Lookup::stale_edits`].
    stale_edits: std::cell::OnceCell<Vec<u32>>,
    /// See [`Lookup::root_edits`], by package root.
    root_edits: std::cell::RefCell<HashMap<Option<String>, std::rc::Rc<RootEdits>>>,
    view: &'v View<'v>,
    project: &'v Project,
}

impl<'v> Lookup<'v> {
    fn new(view: &'v View<'v>, project: &'v Project) -> Lookup<'v> {
        Lookup {
            repo_paths: Default::default(),
            stale_edits: Default::default(),
            root_edits: Default::default(),
            view,
            project,
        }
    }

    /// The positions in `all` (the transcript's edits) of those that can make a pass stale:
    /// the ones the view holds, other than deletions, in event order. Judging each check
    /// against every edit after it grew with checks × edits (a 2 GB session: 1,500 checks,
    /// 12,000 edits); a check's later edits are a tail of this list.
    fn stale_edits(&self, all: &[Edit]) -> &[u32] {
        self.stale_edits.get_or_init(|| {
            let mut at: Vec<u32> = (0..all.len())
                .filter(|&i| all[i].kind != EditKind::Delete && self.has_edit(&all[i].id))
                .filter_map(|i| u32::try_from(i).ok())
                .collect();
            // The readers number events in order; a reader that did not is put in order.
            at.sort_by_key(|&i| all[i as usize].seq);
            at
        })
    }

    /// Which of [`Lookup::stale_edits`] can change a check in package `root` ([`affects`]), and
    /// the paths they name: found once per root.
    fn root_edits(&self, all: &[Edit], root: Option<&str>) -> std::rc::Rc<RootEdits> {
        let key = root.map(str::to_string);
        if let Some(known) = self.root_edits.borrow().get(&key) {
            return known.clone();
        }
        let mut table = RootEdits {
            at: Vec::new(),
            paths: Vec::new(),
        };
        // Per path as named: its slot in `table.paths`, or `None` when it cannot change the check.
        let mut slot: HashMap<&str, Option<usize>> = HashMap::new();
        for (k, &i) in self.stale_edits(all).iter().enumerate() {
            let e = &all[i as usize];
            let at = *slot.entry(e.path.as_str()).or_insert_with(|| {
                affects(&self.repo_path(&e.path), root).then(|| {
                    table.paths.push((i, Vec::new()));
                    table.paths.len() - 1
                })
            });
            let Some(at) = at else {
                continue;
            };
            table.paths[at].1.push(table.at.len() as u32);
            table.at.push(k as u32);
        }
        let table = std::rc::Rc::new(table);
        self.root_edits.borrow_mut().insert(key, table.clone());
        table
    }

    /// The view's command with id `id`: found by binary search on the number of the id (the
    /// readers number commands in session order), not held in a table (a long session has
    /// 100,000 of them); any other id by a scan.
    fn command(&self, id: &str) -> Option<&'v Command> {
        crate::evidence::transcript::find_by_id(&self.view.commands, id, |c| c.id.as_str()).copied()
    }

    /// Whether the view holds the edit with id `id` (as [`Lookup::command`]).
    fn has_edit(&self, id: &str) -> bool {
        crate::evidence::transcript::find_by_id(&self.view.edits, id, |e| e.id.as_str()).is_some()
    }

    fn repo_path(&self, path: &str) -> std::rc::Rc<str> {
        if let Some(p) = self.repo_paths.borrow().get(path) {
            return p.clone();
        }
        let p: std::rc::Rc<str> = self.project.repo_path(path, self.view).into();
        self.repo_paths
            .borrow_mut()
            .insert(path.to_string(), p.clone());
        p
    }
}

/// Queries of a repository's metadata (remotes, history, branches, settings): what they print
/// does not depend on the worktree's files, so no edit can make their result stale.
const METADATA_QUERIES: &[&str] = &[
    "git remote",
    "git log",
    "git branch",
    "git config --get",
    "git config --list",
    "git config -l",
    "git rev-parse",
    "git describe",
    "git tag",
    "git show-ref",
    "git shortlog",
    "git reflog",
    "git ls-remote",
    "gh repo view",
];

/// Whether no edit of the worktree can change what `identity` (a command without set-up words)
/// reports ([`METADATA_QUERIES`]).
pub(crate) fn edits_cannot_change(identity: &str) -> bool {
    let identity = shell::normalise(identity).command;
    METADATA_QUERIES
        .iter()
        .any(|q| identity == *q || identity.starts_with(&format!("{q} ")))
}

/// Test subcommands that build what their build subcommand builds before they run: a later
/// pass of the left (in the same folder) is a fresh pass of the right.
const BUILDS_FIRST: &[(&str, &str)] = &[
    ("cargo test", "cargo build"),
    ("cargo test", "cargo check"),
    ("go test", "go build"),
    ("hardhat test", "hardhat compile"),
    ("forge test", "forge build"),
    ("dotnet test", "dotnet build"),
    ("mvn test", "mvn compile"),
    ("gradle test", "gradle compileJava"),
    ("gradle test", "gradle classes"),
    ("swift test", "swift build"),
];
// `Roles` holds a bit per pair.
const _: () = assert!(BUILDS_FIRST.len() <= 32);

/// Whether a pass of `test` (a check's identity) also passes the build `build` in the same
/// folder ([`BUILDS_FIRST`]; `./gradlew` and `./mvnw` are Gradle and Maven).
#[cfg(test)]
fn builds_first(test: &str, build: &str) -> bool {
    let (test, build) = (roles(&program_words(test)), roles(&program_words(build)));
    test.tests & build.builds != 0
}

/// A check's identity as [`BUILDS_FIRST`] names programs: normalised, each word's last path
/// part, the Gradle and Maven wrappers as their tools.
fn program_words(identity: &str) -> String {
    let normalised = shell::normalise(identity).command;
    let words: Vec<&str> = normalised
        .split_whitespace()
        .map(|w| match w.rsplit('/').next().unwrap_or(w) {
            "gradlew" => "gradle",
            "mvnw" => "mvn",
            other => other,
        })
        .collect();
    words.join(" ")
}

/// [`builds_first`] of two identities' [`program_words`].
/// The pairs of [`BUILDS_FIRST`] a check's [`program_words`] take part in, bit `k` for pair `k`:
/// judged once per check, since every stale build is compared with every check.
#[derive(Debug, Clone, Copy, Default)]
struct Roles {
    /// Pairs whose test it runs.
    tests: u32,
    /// Pairs whose build it runs.
    builds: u32,
}

fn roles(program: &str) -> Roles {
    let starts = |p: &str| {
        program
            .strip_prefix(p)
            .is_some_and(|rest| rest.is_empty() || rest.starts_with(' '))
    };
    let mut roles = Roles::default();
    for (k, (test, build)) in BUILDS_FIRST.iter().enumerate() {
        roles.tests |= u32::from(starts(test)) << k;
        roles.builds |= u32::from(starts(build)) << k;
    }
    roles
}

/// A passing build made stale by later edits is fresh again when a later passing test run that
/// builds first ([`builds_first`]) ran in the same folder: its staleness is judged from that run.
fn renew_builds(ev: &Evidence, lookup: &Lookup, groups: &mut [Check]) {
    let roles: Vec<Roles> = groups
        .iter()
        .map(|g| roles(&program_words(&g.identity)))
        .collect();
    // Each group's latest run's place in the session, looked up once: every stale build is
    // compared with every group (a long session has thousands).
    let latest_seq: Vec<Option<u64>> = groups
        .iter()
        .map(|g| lookup.command(&g.latest_run).map(|c| c.seq))
        .collect();
    for i in 0..groups.len() {
        let g = &groups[i];
        if roles[i].builds == 0 || !g.latest.passed() || g.fresh_pass() {
            continue;
        }
        let Some(pass_seq) = latest_seq[i] else {
            continue;
        };
        let renewal = groups
            .iter()
            .zip(&roles)
            .zip(&latest_seq)
            .filter(|((t, test), _)| test.tests & roles[i].builds != 0 && t.dir == g.dir)
            .filter(|((t, _), _)| t.latest.passed())
            .filter_map(|((t, test), seq)| Some((t, test, (*seq)?)))
            .filter(|(_, _, seq)| *seq > pass_seq)
            .filter_map(|(t, _, seq)| Some((seq, t.latest_run.as_str(), t.last()?.shown.as_str())))
            .max()
            .map(|(_, run, shown)| (run.to_string(), shown.to_string()));
        if let Some((run, shown)) = renewal {
            stale_after(ev, lookup, &mut groups[i], &run);
            groups[i].renewed_by = Some((run, shown));
        }
    }
}

/// Whether a change to `path` (repository-relative) can change a check run in package `root`:
/// not documentation, a backup, an ignore file or an `*.example` template, and inside the
/// check's package (a check in `contracts/` is not changed by an edit in `frontend/`).
pub(crate) fn affects(path: &str, root: Option<&str>) -> bool {
    let name = path.rsplit('/').next().unwrap_or(path).to_ascii_lowercase();
    let inert = name.ends_with("ignore") && name.starts_with('.')
        || name.ends_with(".example")
        || name.contains(".example.")
        || name.ends_with(".sample");
    paths::affects_runs(path)
        && !inert
        && root.is_none_or(|r| r.is_empty() || path == r || path.starts_with(&format!("{r}/")))
}

/// Whether a repository-relative folder exists in the worktree (true without a repository:
/// nothing to check against).
fn dir_exists(ev: &Evidence, dir: &str) -> bool {
    match &ev.git {
        Some(g) => !dir.starts_with('/') && Path::new(&g.root).join(dir).is_dir(),
        None => true,
    }
}

/// Files that make a directory a package of its own.
const MANIFESTS: &[&str] = &[
    "package.json",
    "Cargo.toml",
    "pyproject.toml",
    "setup.py",
    "go.mod",
    "pom.xml",
    "build.gradle",
    "build.gradle.kts",
    "Gemfile",
    "composer.json",
    "hardhat.config.js",
    "foundry.toml",
];

/// The package a check in `dir` belongs to: the nearest directory at or above it with a
/// manifest, relative to the repository; `None` when unknown (no repository, or the root).
pub(crate) fn package_root(ev: &Evidence, dir: &str) -> Option<String> {
    let root = ev.git.as_ref().map(|g| Path::new(&g.root))?;
    let mut d = dir.trim_matches('/').to_string();
    while !d.is_empty() && !d.starts_with('/') && !d.contains("..") {
        if MANIFESTS.iter().any(|m| root.join(&d).join(m).is_file()) {
            return Some(d);
        }
        d = match d.rfind('/') {
            Some(i) => d[..i].to_string(),
            None => String::new(),
        };
    }
    None
}

/// What kind of check a command is, if any.
fn kind_of(
    c: &Command,
    parsed: &CommandFacts,
    identity: &str,
    edited: &[String],
    requested: &[Vec<String>],
) -> Option<CheckKind> {
    if c.is_test || parsed.inner_runs_test {
        return Some(CheckKind::Test);
    }
    if c.is_check || parsed.inner_runs_check {
        return Some(CheckKind::Build);
    }
    if runs_script(identity, edited) {
        return Some(CheckKind::Script);
    }
    if requested
        .iter()
        .any(|r| shell::segments_match(r, &parsed.segments))
    {
        return Some(CheckKind::Requested);
    }
    None
}

/// Programs that run a script file given as their first argument.
const INTERPRETERS: &[&str] = &[
    "python",
    "python3",
    "py",
    "node",
    "deno",
    "bun",
    "ts-node",
    "tsx",
    "ruby",
    "perl",
    "php",
    "bash",
    "sh",
    "zsh",
    "pwsh",
    "powershell",
];

/// Whether the command runs a file the session created or edited (`python tests/repro.py`,
/// `node scripts/x.mjs --help`, `./run.sh`).
fn runs_script(identity: &str, edited: &[String]) -> bool {
    let words: Vec<&str> = identity.split_whitespace().collect();
    let Some(first) = words.first() else {
        return false;
    };
    let target = if INTERPRETERS.contains(first) {
        words.iter().skip(1).find(|w| !w.starts_with('-')).copied()
    } else if first.starts_with("./") || first.contains('/') {
        Some(*first)
    } else {
        None
    };
    target.is_some_and(|t| {
        let t = t.trim_start_matches("./");
        t.contains('.') && edited.iter().any(|e| paths::same_path(t, e))
    })
}

/// The directory each command ran in, as far as the transcript shows: Claude Code's shell keeps
/// the directory a `cd` moved to; other agents start every command afresh. Followed one command
/// at a time: a list of them held a string per command of a long session to the end.
struct ShellDir {
    persistent: bool,
    current: Option<String>,
}

impl ShellDir {
    fn new(view: &View) -> ShellDir {
        ShellDir {
            persistent: view.agent() == Some(Format::ClaudeCode),
            current: None,
        }
    }

    /// The directory `c` (read as `parsed`) ran in; then the shell moves past it.
    fn step(&mut self, c: &Command, parsed: &CommandFacts) -> Option<String> {
        let ran_in = self.current.clone();
        // A `cd` that failed moved nothing.
        if !self.persistent || c.output.contains("cd: ") && c.output.contains("No such file") {
            return ran_in;
        }
        // Only a `cd` that the shell itself runs (first, or after `&&`/`;`) moves it.
        for to in &parsed.cds {
            self.current = match (self.current.take(), to.clone()) {
                (_, None) => None,
                // `cd x` again while already in `x`: the agent re-entering the same folder (the
                // harness may have reset the shell), not a folder `x/x`.
                (Some(d), Some(t)) if d == t || d.ends_with(&format!("/{t}")) => Some(d),
                (Some(d), Some(t)) if !is_absolute(&t) => Some(format!("{d}/{t}")),
                (_, Some(t)) => Some(t),
            };
        }
        ran_in
    }
}

fn is_absolute(p: &str) -> bool {
    p.starts_with('/') || p.starts_with('~') || p.as_bytes().get(1) == Some(&b':')
}

fn join_dir(base: Option<&str>, own: Option<&str>) -> Option<String> {
    match (base, own) {
        (_, Some(o)) if is_absolute(o) => Some(o.to_string()),
        // `cd x && …` while already in `x`: agents restate the folder they mean in every call.
        (Some(b), Some(o)) if b == o || b.ends_with(&format!("/{o}")) => Some(b.to_string()),
        (Some(b), Some(o)) => Some(format!("{b}/{o}")),
        (None, Some(o)) => Some(o.to_string()),
        (b, None) => b.map(str::to_string),
    }
}

/// A command's directory relative to the repository (`""` for the session folder itself).
fn repo_dir(project: &Project, view: &View, dir: Option<&str>) -> String {
    match dir {
        None => String::new(),
        Some(d) => {
            let rel = project.repo_path(&git_bash_to_windows(d), view);
            let rel = rel.trim_matches('/');
            if rel == "." {
                String::new()
            } else {
                rel.to_string()
            }
        }
    }
}

/// `/c/Users/x` (Git Bash) → `c:/Users/x`, so that it compares with a Windows cwd.
fn git_bash_to_windows(p: &str) -> String {
    let b = p.as_bytes();
    if b.len() >= 3 && b[0] == b'/' && b[1].is_ascii_alphabetic() && b[2] == b'/' {
        format!("{}:{}", &p[1..2], &p[2..])
    } else {
        p.to_string()
    }
}

/// The command for display: on one line (continued lines joined), without `2>&1` and a
/// trailing output filter, shortened with every program kept ([`shell::shorten_command`]).
pub(crate) fn shown(command: &str) -> String {
    let mut s = shell::shorten_command(command, usize::MAX).replace(" 2>&1", "");
    // `cmd; echo "exit=$?"` shows as `cmd`.
    if let Some(i) = s.rfind("; echo ").filter(|&i| s[i..].contains("$?")) {
        s.truncate(i);
    }
    // A filter the line ends with (not one followed by another command).
    for filter in [" | tail", " | head", " | grep", " | tee"] {
        if let Some(i) = s.rfind(filter)
            && !["; ", " && ", " || "]
                .iter()
                .any(|sep| s[i..].contains(sep))
        {
            s.truncate(i);
        }
    }
    shell::shorten_command(s.trim(), SHOWN_CHARS)
}

/// The verdict on one run (see the module docs for the order).
fn verdict(c: &Command, parsed: &CommandFacts, kind: CheckKind) -> Verdict {
    let p = parsed.pipes;
    // Both read the whole output: only the branch that needs one reads it (most runs have an
    // exit status and need neither).
    let fail_line = || first_error(&c.output);
    let why_line = || error_line(&c.output);
    if let Some(code) = c.exit_code.filter(|_| !p.masked) {
        return if code == 0 {
            Verdict::Pass {
                how: "exit 0".into(),
            }
        } else {
            Verdict::Fail {
                error: match why_line() {
                    Some(l) => format!("exit {code}: {l}"),
                    None => format!("exit {code}"),
                },
            }
        };
    }
    if c.command.contains("$?")
        && let Some(code) = phrases::ECHOED_EXIT
            .regex()
            .captures_iter(&c.output)
            .last()
            .and_then(|m| m[1].parse::<i32>().ok())
    {
        return if code == 0 && !p.masked {
            Verdict::Pass {
                how: "exit 0 (echoed)".into(),
            }
        } else if code != 0 {
            Verdict::Fail {
                error: match fail_line() {
                    Some(l) => format!("{l} (exit {code})"),
                    None => format!("exit {code}"),
                },
            }
        } else {
            Verdict::Unknown {
                why: "the echoed status is a pipeline's".into(),
            }
        };
    }
    if let Some(s) = &c.tests {
        if s.failed > 0 {
            return Verdict::Fail {
                error: fail_line().unwrap_or_else(|| format!("{} failed", s.failed)),
            };
        }
        if s.passed > 0 && c.ok != Some(false) {
            return Verdict::Pass {
                how: format!("{} passed", s.passed),
            };
        }
    }
    if c.ok == Some(false) {
        return Verdict::Fail {
            error: why_line().unwrap_or_else(|| "failed".into()),
        };
    }
    if let Some(l) = fail_line() {
        return Verdict::Fail { error: l };
    }
    if !p.head_cut
        && let Some(m) = phrases::OUTPUT_PASS.regex().find(&c.output)
    {
        return Verdict::Pass {
            how: format!("output: \"{}\"", text::shorten(m.as_str().trim(), 60)),
        };
    }
    if c.ok == Some(true) && !p.masked {
        return Verdict::Pass {
            how: "no error reported".into(),
        };
    }
    if matches!(kind, CheckKind::Script | CheckKind::Requested)
        && c.has_result
        && !c.output.trim().is_empty()
    {
        return Verdict::Pass {
            how: if p.head_cut {
                "printed no error in the lines shown (output cut by `head`); no exit status recorded".into()
            } else {
                "ran cleanly; no exit status recorded".into()
            },
        };
    }
    Verdict::Unknown {
        why: if !c.has_result {
            "no result recorded".into()
        } else if p.head_cut {
            "output cut by `head`, exit status not its own".into()
        } else {
            "result not recorded".into()
        },
    }
}

/// The verdict on a command that is no check (an install, a query), for the claims that name
/// it: its exit status or recorded result, else, for a package manager's install, its
/// success line ([`phrases::INSTALL_PASS`]) or a failure line. Otherwise unknown.
pub(crate) fn command_verdict(c: &Command) -> Verdict {
    let parsed = ParsedCommand::new(&c.command);
    let installs = phrases::INSTALL.is_match(&parsed.identity.command);
    let p = pipes(&parsed.unwrapped().line);
    if c.exit_code.is_some() || c.ok.is_some() || !installs || p.head_cut {
        return match c
            .exit_code
            .filter(|_| !p.masked)
            .map(|code| code == 0)
            .or(c.ok)
        {
            Some(true) => Verdict::Pass {
                how: "no error reported".into(),
            },
            Some(false) => Verdict::Fail {
                error: error_line(&c.output).unwrap_or_else(|| "failed".into()),
            },
            None => Verdict::Unknown {
                why: "result not recorded".into(),
            },
        };
    }
    if let Some(l) = first_error(&c.output) {
        return Verdict::Fail { error: l };
    }
    match phrases::INSTALL_PASS.regex().find(&c.output) {
        Some(m) => Verdict::Pass {
            how: format!("output: \"{}\"", text::shorten(m.as_str().trim(), 60)),
        },
        None => Verdict::Unknown {
            why: "result not recorded".into(),
        },
    }
}

/// The line that says why a run failed: [`first_error`], else the first line of the output with
/// words in it (not the harness's `Exit code N`).
pub(crate) fn error_line(output: &str) -> Option<String> {
    first_error(output).or_else(|| {
        strip_ansi(output)
            .lines()
            .map(str::trim)
            .find(|l| {
                l.chars().filter(|c| c.is_alphabetic()).count() >= 3
                    && !l.starts_with("Exit code")
                    && !phrases::ECHOED_EXIT.is_match(l)
            })
            .map(|l| text::shorten(l, 160))
    })
}

/// The first line of the output that shows an error, shortened: a message line (`Error: …`,
/// `AssertionError: …`, `error TS…`) before a count line (`1 failing`).
pub(crate) fn first_error(output: &str) -> Option<String> {
    static COUNT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"^\W*\d+ (?:failing|failed)\b").expect("static regex")
    });
    let clean = strip_ansi(output);
    let lines: Vec<&str> = clean
        .lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("Exit code") && phrases::OUTPUT_FAIL.is_match(l))
        .collect();
    lines
        .iter()
        .find(|l| !COUNT.is_match(l) && l.chars().filter(|c| c.is_alphabetic()).count() > 12)
        .or(lines.first())
        .map(|l| text::shorten(l, 160))
}

/// Terminal colour codes removed.
pub(crate) fn strip_ansi(s: &str) -> String {
    static ANSI: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
        regex::Regex::new(r"\x1b\[[0-9;?]*[A-Za-z]|\[[0-9;]{1,8}m").expect("static regex")
    });
    ANSI.replace_all(s, "").into_owned()
}

/// Command lines the user's requests ask to run (a line or code span that starts with a program
/// the session itself ran), with the request's id. Long specifications are skipped: their
/// command lines are examples, not instructions.
fn requested_commands(view: &View, requests: &Requests) -> Vec<(String, String)> {
    let programs: HashSet<String> = view
        .parsed
        .iter()
        .flat_map(|p| &p.segments)
        .filter_map(|s| s.split_whitespace().next().map(str::to_lowercase))
        .collect();
    let mut out: Vec<(String, String)> = Vec::new();
    for r in requests.items.iter().filter(|r| r.text.len() <= 4000) {
        let mut candidates: Vec<String> = text::code_spans(&r.text);
        // A plain line counts when it is introduced as a command (the line before ends with
        // `:`, as in "4. Test that opencode sees the model:").
        let lines: Vec<&str> = r
            .text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        for w in lines.windows(2) {
            if w[0].ends_with(':') {
                candidates.push(w[1].trim_start_matches("$ ").to_string());
            }
        }
        for cand in candidates {
            let words: Vec<&str> = cand.split_whitespace().collect();
            if words.len() < 2 || cand.len() > 160 {
                continue;
            }
            let prog = words[0].to_lowercase();
            if !programs.contains(&prog) || prog == "echo" || prog == "cd" {
                continue;
            }
            if !out.iter().any(|(c, _)| c == &cand) {
                out.push((cand, r.id.clone()));
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::project;

    use crate::analysis::requests;
    use crate::analysis::scope::{self, View};
    use crate::testkit::*;

    fn checks(t: crate::evidence::transcript::Transcript) -> Checks {
        let ev = evidence(t);
        let s = scope::of(&ev);
        let v = View::new(&ev, &s);
        let p = project::of(&ev, &v);
        let r = requests::of(&v);
        of(&ev, &v, &p, &r)
    }

    #[test]
    fn a_later_pass_of_the_same_check_supersedes_a_failure() {
        let mut t = chat(vec![user(1, "build it", 0)]);
        t.session.agent = Some(Format::ClaudeCode);
        t.commands = vec![
            ran(
                1,
                "cd contracts && npx hardhat compile 2>&1",
                Some(1),
                "Error: Hardhat only supports ESM projects.",
                1,
            ),
            ran(
                2,
                "npm install --save-dev hardhat@^2.22.0",
                Some(0),
                "added 1",
                2,
            ),
            ran(
                3,
                "npx hardhat compile",
                None,
                "Compiled 3 Solidity files successfully (evm target: paris).",
                3,
            ),
        ];
        let c = checks(t);
        assert_eq!(c.items.len(), 1, "{:?}", c.items);
        let g = &c.items[0];
        assert_eq!(g.dir, "contracts");
        assert!(g.latest.passed(), "{:?}", g.latest);
        let r = g.resolved.as_ref().unwrap();
        assert_eq!(r.failures, 1);
        assert!(r.first_error.contains("ESM"), "{}", r.first_error);
        assert_eq!(r.installs, ["C2"]);
    }

    #[test]
    fn output_decides_when_no_exit_status_is_recorded() {
        let mut t = chat(vec![user(1, "build", 0)]);
        t.commands = vec![
            ran(
                1,
                "COREPACK_ENABLE_PROJECT_SPEC=0 pnpm build 2>&1 | tail -60",
                None,
                "   ▲ Next.js 15.5.15\n ✓ Compiled successfully in 17.3s\n",
                1,
            ),
            ran(2, "pnpm lint 2>&1 | head -5", None, "ok\n", 2),
        ];
        let c = checks(t);
        let build = c.items.iter().find(|g| g.identity == "pnpm build").unwrap();
        match &build.latest {
            Verdict::Pass { how } => assert!(how.contains("Compiled successfully"), "{how}"),
            v => panic!("{v:?}"),
        }
        assert_eq!(build.label(), "`COREPACK_ENABLE_PROJECT_SPEC=0 pnpm build`");
        let lint = c.items.iter().find(|g| g.identity == "pnpm lint").unwrap();
        assert!(
            matches!(lint.latest, Verdict::Unknown { .. }),
            "{:?}",
            lint.latest
        );
    }

    #[test]
    fn a_script_the_session_wrote_counts_when_it_runs_cleanly() {
        let mut t = chat(vec![user(1, "fix it", 0)]);
        t.edits = vec![edit_of(1, "tests/missing_colon.py", EditKind::Modify, 1)];
        t.commands = vec![
            ran(1, "python tests/missing_colon.py", None, "8.2\n", 2),
            ran(2, "node scripts/other.mjs", None, "hi\n", 3),
        ];
        t.commands[0].ok = None;
        let c = checks(t);
        assert_eq!(c.items.len(), 1);
        assert_eq!(c.items[0].kind, CheckKind::Script);
        assert!(c.items[0].fresh_pass(), "{:?}", c.items[0]);
    }

    #[test]
    fn an_echoed_exit_status_is_read() {
        let mut t = chat(vec![user(1, "x", 0)]);
        t.edits = vec![edit_of(1, "scripts/z.mjs", EditKind::Create, 1)];
        t.commands = vec![ran(
            1,
            "node scripts/z.mjs FAKE; echo \"exit=$?\"",
            None,
            "error: `zerion` CLI not found on PATH.\nexit=2\n",
            2,
        )];
        t.commands[0].ok = Some(true);
        let c = checks(t);
        match &c.items[0].latest {
            Verdict::Fail { error } => assert!(error.contains("not found on PATH"), "{error}"),
            v => panic!("{v:?}"),
        }
    }

    #[test]
    fn a_pass_keeps_the_ends_of_many_later_edits_and_counts_them_all() {
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![ran(1, "cargo test", Some(0), "test result: ok", 1)];
        t.edits = (1..=40)
            .map(|i| edit_of(i, &format!("src/m{i}.rs"), EditKind::Modify, i as u64 + 1))
            .collect();
        let c = checks(t);
        let g = &c.items[0];
        let kept: Vec<String> = (1..=8).chain(33..=40).map(|i| format!("E{i}")).collect();
        assert_eq!(g.stale_by, kept);
        assert_eq!(g.stale_edits, Some(40));
        assert_eq!(g.stale_edit_count(), 40);
        // Every changed path is kept: the notes name them.
        assert_eq!(g.stale_paths.len(), 40);
        // Sixteen or fewer are kept whole, without a count.
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![ran(1, "cargo test", Some(0), "test result: ok", 1)];
        t.edits = (1..=16)
            .map(|i| edit_of(i, "src/lib.rs", EditKind::Modify, i as u64 + 1))
            .collect();
        let c = checks(t);
        assert_eq!(c.items[0].stale_by.len(), 16);
        assert_eq!(c.items[0].stale_edits, None);
        assert_eq!(c.items[0].stale_edit_count(), 16);
    }

    #[test]
    fn only_edits_that_can_affect_a_run_make_it_stale() {
        assert!(affects("src/a.ts", None));
        assert!(!affects("README.md", None));
        assert!(!affects(".gitignore", None));
        assert!(!affects("contracts/.env.example", None));
        assert!(!affects("frontend/src/a.ts", Some("contracts")));
        assert!(affects("contracts/test/a.js", Some("contracts")));
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![ran(1, "cargo test", Some(0), "test result: ok", 1)];
        t.edits = vec![
            edit_of(1, "README.md", EditKind::Modify, 2),
            edit_of(2, "old.rs", EditKind::Delete, 3),
            edit_of(3, "src/lib.rs", EditKind::Modify, 4),
        ];
        let c = checks(t);
        assert_eq!(c.items[0].stale_by, ["E3"]);
    }

    /// A check's later edits are the tail of the session's edits after its latest run: edits
    /// before it do not count, a path is named once, in the order of its first edit after the
    /// run, and deletions and inert files are left out.
    #[test]
    fn later_edits_are_the_tail_after_the_latest_run_with_paths_in_first_edit_order() {
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![
            ran(1, "cargo test", Some(0), "test result: ok", 2),
            ran(2, "cargo build", Some(0), "Finished", 5),
            ran(3, "cargo test", Some(0), "test result: ok", 6),
        ];
        t.edits = vec![
            edit_of(1, "src/before.rs", EditKind::Modify, 1),
            edit_of(2, "src/b.rs", EditKind::Modify, 3),
            edit_of(3, "src/a.rs", EditKind::Modify, 4),
            edit_of(4, "src/a.rs", EditKind::Modify, 7),
            edit_of(5, "README.md", EditKind::Modify, 8),
            edit_of(6, "src/gone.rs", EditKind::Delete, 9),
            edit_of(7, "src/b.rs", EditKind::Modify, 10),
            edit_of(8, "src/c.rs", EditKind::Modify, 11),
        ];
        let c = checks(t);
        let test = c.items.iter().find(|g| g.identity == "cargo test");
        let test = test.unwrap_or_else(|| panic!("{c:?}"));
        assert_eq!(test.latest_run, "C3");
        assert_eq!(test.stale_by, ["E4", "E7", "E8"]);
        assert_eq!(test.stale_paths, ["src/a.rs", "src/b.rs", "src/c.rs"]);
        let build = c.items.iter().find(|g| g.identity == "cargo build");
        let build = build.unwrap_or_else(|| panic!("{c:?}"));
        assert_eq!(build.stale_by, ["E4", "E7", "E8"], "{build:?}");
    }

    #[test]
    fn metadata_queries_and_builds_a_test_run_renews() {
        assert!(edits_cannot_change("git remote -v"));
        assert!(edits_cannot_change("cd repo && git log --oneline -5"));
        assert!(edits_cannot_change("git config --get remote.origin.url"));
        assert!(!edits_cannot_change("git status --short"));
        assert!(!edits_cannot_change("git diff"));
        assert!(builds_first("npx hardhat test", "npx hardhat compile"));
        assert!(builds_first("cargo test -q", "cargo build"));
        assert!(builds_first("./gradlew test", "gradle compileJava"));
        assert!(!builds_first("npx hardhat compile", "npx hardhat test"));
        assert!(!builds_first("npm test", "npm run build"));
        let mut t = chat(vec![user(1, "x", 0)]);
        t.commands = vec![
            ran(
                1,
                "npx hardhat compile",
                Some(0),
                "Compiled 3 Solidity files",
                1,
            ),
            ran(2, "npx hardhat test", Some(0), "  69 passing", 3),
        ];
        t.edits = vec![edit_of(1, "test/a.test.js", EditKind::Modify, 2)];
        let c = checks(t.clone());
        let compile = c.items.iter().find(|g| g.identity.contains("compile"));
        let compile = compile.unwrap_or_else(|| panic!("{c:?}"));
        assert!(compile.fresh_pass(), "{compile:?}");
        assert_eq!(
            compile.renewed_by,
            Some(("C2".to_string(), "npx hardhat test".to_string()))
        );
        // An edit after the test run makes both stale again.
        t.edits
            .push(edit_of(2, "contracts/A.sol", EditKind::Modify, 4));
        let c = checks(t);
        assert!(c.items.iter().all(|g| !g.fresh_pass()), "{c:?}");
    }

    #[test]
    fn requested_commands_that_never_ran() {
        let mut t = chat(vec![user(
            1,
            "Set up ZenMux.\n\n  4. Test that opencode sees the model:\n\n  opencode models zenmux\n\n  5. Run opencode:\n\n  opencode -m zenmux/x-ai/grok-4.5-free\n\n  echo 'export KEY=x' >> ~/.zshrc",
            0,
        )]);
        t.commands = vec![ran(
            1,
            "zsh -lc 'source ~/.zshrc; opencode models zenmux'",
            Some(0),
            "zenmux/x-ai/grok-4.5-free\n",
            1,
        )];
        let c = checks(t);
        assert_eq!(c.items.len(), 1);
        assert_eq!(c.items[0].kind, CheckKind::Requested);
        assert!(c.items[0].latest.passed());
        assert_eq!(c.unrun.len(), 1);
        assert_eq!(c.unrun[0].command, "opencode -m zenmux/x-ai/grok-4.5-free");
    }
}
