//! Rules `citations`, `verification`, `staleness` and `ghost-completion`: the claims that say
//! something passes, works or is done, checked against test runs (`T*`) and commands (`C*`).
//!
//! How a claim finds its evidence, in order:
//! 1. the runs it cites (an unknown id is itself a finding of the `citations` rule);
//! 2. else the runs whose command matches a command the claim names in code (`pytest tests/x.py`
//!    matches `uv run pytest tests/x.py -q`);
//! 3. else, when the claim names a test command or no command at all, the latest test run whose
//!    runner fits (a `pytest` claim is not judged by a `go test` run).
//!
//! The latest of those runs decides: a failure contradicts the claim; a pass verifies it unless a
//! file in question was edited after it (transcript order or timestamps, worktree mtimes), which
//! makes it stale.
//!
//! Verdicts, grouping and staleness are the session analysis's ([`crate::analysis::checks`]):
//! a build whose output says "Compiled successfully" passed although no exit status was
//! recorded, `cd x && npx y 2>&1` and `y` are the same check, and only edits that can change a
//! run (not documentation, ignore files, templates, deleted files, other packages) make it
//! stale. A run backs a claim only when they share something: a named command, a file the run
//! names, or (for a test or check run) the words "tests", "build", "passes". Claims about
//! deploys, production, devices, browsers, dashboards, pushes, pull requests and commits need
//! evidence of that kind.

use super::text::{mentions, sentences};
use super::{ClaimView, Ctx, Key, Section, claims, rule};
use crate::analysis::Analysis;
use crate::analysis::checks::Verdict;
use crate::evidence::freshness::{self, RunPoint};
use crate::evidence::paths::{affects_runs, is_test_path, same_path, strip_root};
use crate::evidence::shell::{self, Family, commands_match, test_family};
use crate::evidence::transcript::Command;
use crate::evidence::transcript::find_by_id;
use crate::evidence::{Evidence, TestFormat, TestRun};
use crate::note::{ClaimStatus, Note};
use crate::phrases;
use chrono::{DateTime, Utc};
use regex::Regex;
use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

/// Claims of a kind only evidence of that kind can back: (what the claim says, what a run
/// must run to back it — `None`: no recorded command can — and the reason given).
static EVIDENCE_KINDS: LazyLock<Vec<(Regex, Option<Regex>, &'static str)>> = LazyLock::new(|| {
    let re = |p: &str| Regex::new(p).expect("regex");
    vec![
        (
            re(
                r"(?i)\b(?:deployed|deploys|deployment|in production|on production|live on|on staging|on mainnet|on testnet|to testnet|released|published)\b",
            ),
            Some(re(
                r"(?i)\b(?:deploy|publish|release|vercel|netlify|fly(?:ctl)? deploy|heroku|kubectl|terraform apply|hardhat run|forge script|npm publish|cargo publish)\b",
            )),
            "a deploy or release; no deploy command in the evidence shows it",
        ),
        (
            re(
                r"(?i)\b(?:physical|second device|another device|other device|on (?:a|the) device|in (?:a|the) browser|by hand|manually|dashboard|in the ui|visually)\b",
            ),
            None,
            "a manual, device or browser check; no recorded command can show it",
        ),
        (
            re(
                r"(?i)\b(?:pull request|pr #?\d+)\b.{0,40}\b(?:merged|opened|created|approved)\b|\b(?:merged|opened|created)\b.{0,40}\b(?:pull request|pr #?\d+)\b",
            ),
            Some(re(r"(?i)\bgh pr\b|\bgit merge\b")),
            "a pull request; no `gh pr` or merge in the evidence shows it",
        ),
    ]
});

static EVIDENCE_ID: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(&format!("^{}$", crate::evidence::ID_PATTERN)).expect("regex"));

/// What a claim asserts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Trigger {
    /// Something passes or works.
    Pass,
    /// Something is done, implemented, fixed.
    Ghost,
    /// Listed under Verified without saying how: only a cited run, a named command, or (when
    /// it speaks of tests or checks) the latest fitting run can back it.
    Listed,
}

/// A claim that says itself it is not verified.
static ADMITS_UNVERIFIED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:not verified|unverified|not tested|untested|not re-?run|never (?:run|tested))\b|\[UNVERIFIED")
        .expect("regex")
});

fn hedged(sentence: &str) -> bool {
    phrases::HEDGE.is_match(&phrases::NO_FAILURES.regex().replace_all(sentence, " "))
}

fn trigger(section: Section, plain: &str) -> Option<Trigger> {
    // The goal states intent ("get the suite green"), not a result.
    if !matches!(section, Section::Verified | Section::Partial) {
        return None;
    }
    let unhedged: Vec<String> = sentences(plain)
        .into_iter()
        .filter(|s| !hedged(s))
        .collect();
    if unhedged.iter().any(|s| phrases::PASS_CLAIM.is_match(s)) {
        return Some(Trigger::Pass);
    }
    if unhedged
        .iter()
        .any(|s| phrases::COMPLETION_CLAIM.is_match(s))
    {
        return Some(Trigger::Ghost);
    }
    // A "Verified" item claims verification whatever its wording, unless it says itself that it
    // is not verified.
    (section == Section::Verified && !ADMITS_UNVERIFIED.is_match(plain)).then_some(Trigger::Listed)
}

/// A test run or command on one timeline, as the validator holds it: one per command of a
/// session however long (a 2 GB session has some 100,000), so it copies none of their text and
/// holds no reference either: which run it is, is its place in [`Runs`], and its id, command
/// line, time and order are read from there ([`Run`]).
#[derive(Debug, Clone, Copy)]
struct Slot {
    /// Its place: the test runs first, in the evidence's order, then the transcript's commands.
    at: u32,
    /// The analysis check this run belongs to: its index + 1 (see [`Run::group`]).
    group: Option<std::num::NonZeroU32>,
    ok: Option<bool>,
    family: Option<Family>,
    is_test: bool,
    is_check: bool,
}

/// Every test run and command the claims are checked against, in [`Slot`]s.
struct Runs<'a> {
    tests: &'a [TestRun],
    commands: &'a [Command],
    slots: Vec<Slot>,
}

impl Runs<'_> {
    /// Each run, in order.
    fn iter(&self) -> impl Iterator<Item = Run<'_>> {
        self.slots.iter().map(move |slot| Run { all: self, slot })
    }
}

impl std::fmt::Debug for Runs<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(&self.slots).finish()
    }
}

/// One run of [`Runs`], read through: its [`Slot`]'s fields, and what it is in the evidence.
#[derive(Debug, Clone, Copy)]
struct Run<'r> {
    all: &'r Runs<'r>,
    slot: &'r Slot,
}

impl std::ops::Deref for Run<'_> {
    type Target = Slot;
    fn deref(&self) -> &Slot {
        self.slot
    }
}

/// What a [`Run`] is, borrowed from the evidence.
#[derive(Debug, Clone, Copy)]
enum Source<'a> {
    /// A test run, and its position in the evidence: test files in the order given, then the
    /// fresh `--test-cmd` run.
    Test(&'a TestRun, u32),
    Command(&'a Command),
}

impl<'a> Run<'a> {
    /// The test run or command it is (its id, command line, time and order are read from
    /// there, and what it printed ([`Run::detail`]) is worded from there only when a finding
    /// quotes it).
    fn source(&self) -> Source<'a> {
        let at = self.slot.at as usize;
        match self.all.tests.get(at) {
            Some(t) => Source::Test(t, self.slot.at),
            None => Source::Command(&self.all.commands[at - self.all.tests.len()]),
        }
    }

    fn id(&self) -> &'a str {
        match self.source() {
            Source::Test(t, _) => &t.id,
            Source::Command(c) => &c.id,
        }
    }

    fn command(&self) -> Option<&'a str> {
        match self.source() {
            Source::Test(t, _) => t.command.as_deref(),
            Source::Command(c) => Some(&c.command),
        }
    }

    /// The analysis check it belongs to (index).
    fn group(&self) -> Option<usize> {
        self.group.map(|g| g.get() as usize - 1)
    }

    /// Its position among the test runs (commands have a `seq`).
    fn order(&self) -> u32 {
        match self.source() {
            Source::Test(_, order) => order,
            Source::Command(_) => 0,
        }
    }

    /// The analysis's verdict on it, when it judged it as part of a check (looked up again:
    /// only a finding that quotes a run needs it).
    fn judged(&self, analysis: &'a Analysis) -> Option<&'a Verdict> {
        let check = analysis.checks.items.get(self.group()?)?;
        // The last run of that id, as `runs` found it.
        check
            .runs
            .iter()
            .rev()
            .find(|r| r.id == self.id())
            .map(|r| &r.verdict)
    }

    /// What it showed, for a finding that quotes it ("3 failed", an error line).
    fn detail(&self, analysis: &'a Analysis) -> Cow<'a, str> {
        match self.source() {
            Source::Test(t, _) => test_detail(t),
            Source::Command(c) => command_detail(c, self.judged(analysis)),
        }
    }

    fn at(&self) -> Option<DateTime<Utc>> {
        match self.source() {
            Source::Test(t, _) => t.at,
            Source::Command(c) => c.at,
        }
    }

    /// Position in the session's event order: test runs given as files or run now have none.
    fn seq(&self) -> Option<u64> {
        match self.source() {
            Source::Test(..) => None,
            Source::Command(c) => Some(c.seq),
        }
    }

    /// Whether `self` happened after `other`.
    fn later_than(&self, other: &Run) -> bool {
        match (self.seq(), other.seq(), self.at(), other.at()) {
            (Some(a), Some(b), _, _) => a > b,
            (_, _, Some(a), Some(b)) => a > b,
            // Test runs given as files or run now come after the transcript's commands.
            (None, Some(_), _, _) => true,
            (Some(_), None, _, _) => false,
            (None, None, _, _) => self.order() > other.order(),
        }
    }
}

fn format_family(f: Option<TestFormat>) -> Family {
    match f {
        Some(TestFormat::Pytest) => Family::Python,
        Some(TestFormat::CargoTest | TestFormat::Nextest) => Family::Rust,
        Some(TestFormat::GoTest | TestFormat::GoTestJson) => Family::Go,
        Some(TestFormat::JestJson) => Family::Js,
        _ => Family::Any,
    }
}

fn runs<'a>(cx: &Ctx<'a>) -> Runs<'a> {
    let (ev, analysis): (&'a Evidence, &'a Analysis) = (cx.ev, cx.analysis);
    let commands = ev.transcript.as_ref().map_or(&[][..], |t| &t.commands[..]);
    let mut all = Runs {
        tests: &ev.tests,
        commands,
        slots: Vec::new(),
    };
    // A session has far fewer than 4 billion commands.
    let place = |i: usize| u32::try_from(i).unwrap_or(u32::MAX);
    for t in &ev.tests {
        all.slots.push(Slot {
            at: place(all.slots.len()),
            group: None,
            // A run that could not run the tests is no result either way.
            ok: t.not_run.is_none().then_some(t.ok),
            family: Some(
                t.command
                    .as_deref()
                    .and_then(test_family)
                    .unwrap_or_else(|| format_family(t.format)),
            ),
            is_test: true,
            is_check: false,
        });
    }
    if commands.is_empty() {
        return all;
    }
    // Each command's check and run in the analysis, by the command's id: looked up once.
    let judged: HashMap<&str, (usize, &'a Verdict)> = analysis
        .checks
        .items
        .iter()
        .enumerate()
        .flat_map(|(k, g)| g.runs.iter().map(move |r| (r.id.as_str(), (k, &r.verdict))))
        .collect();
    all.slots.reserve_exact(commands.len());
    for c in commands {
        let family = test_family(&c.command).or(c.is_test.then_some(Family::Any));
        let check = judged.get(c.id.as_str()).copied();
        all.slots.push(Slot {
            at: place(all.slots.len()),
            group: check.and_then(|(k, _)| u32::try_from(k + 1).ok()?.try_into().ok()),
            ok: command_ok(c, check.map(|(_, verdict)| verdict)),
            family,
            is_test: c.is_test || family.is_some(),
            is_check: c.is_check,
        });
    }
    all
}

/// Whether command `c` passed: the analysis's verdict when it judged it as part of a check
/// (`judged`); else its recorded result; else, for a command with no recorded result (an
/// install), the analysis's word on its output.
fn command_ok(c: &Command, judged: Option<&Verdict>) -> Option<bool> {
    match judged {
        Some(Verdict::Pass { .. }) => Some(true),
        Some(Verdict::Fail { .. }) => Some(false),
        Some(Verdict::Unknown { .. } | Verdict::NotRun { .. }) => None,
        None if c.ok.is_some() => c.ok,
        None => match crate::analysis::checks::command_verdict(c) {
            Verdict::Pass { .. } => Some(true),
            Verdict::Fail { .. } => Some(false),
            Verdict::Unknown { .. } | Verdict::NotRun { .. } => None,
        },
    }
}

/// What command `c` showed, in a finding's words, judged as [`command_ok`] judges it.
fn command_detail<'a>(c: &Command, judged: Option<&'a Verdict>) -> Cow<'a, str> {
    match judged {
        Some(Verdict::Pass { how }) => return Cow::Borrowed(how),
        Some(Verdict::Fail { error }) => return Cow::Borrowed(error),
        Some(Verdict::Unknown { why } | Verdict::NotRun { why }) => return Cow::Borrowed(why),
        None => {}
    }
    if c.ok.is_none() {
        match crate::analysis::checks::command_verdict(c) {
            Verdict::Pass { how } => return Cow::Owned(how),
            Verdict::Fail { error } => return Cow::Owned(error),
            Verdict::Unknown { .. } | Verdict::NotRun { .. } => {}
        }
    }
    let failed = c.tests.as_ref().map(|s| s.failed).unwrap_or(0);
    if failed > 0 {
        Cow::Owned(format!("{failed} failed"))
    } else if let Some(code) = c.exit_code.filter(|c| *c != 0) {
        Cow::Owned(format!("exit status {code}"))
    } else if c.ok == Some(false) {
        Cow::Borrowed("failed")
    } else {
        Cow::Borrowed("succeeded")
    }
}

/// What test run `t` showed, in a finding's words.
fn test_detail(t: &TestRun) -> Cow<'_, str> {
    if let Some(why) = &t.not_run {
        Cow::Owned(format!("could not run: {why}"))
    } else if t.failed > 0 {
        Cow::Owned(format!("{} failed", t.failed))
    } else if t.timed_out {
        Cow::Borrowed("timed out")
    } else if let Some(code) = t.exit_code.filter(|c| *c != 0) {
        Cow::Owned(format!("exit status {code}"))
    } else if t.ok {
        Cow::Owned(format!("{} passed", t.passed))
    } else {
        Cow::Borrowed("failed")
    }
}

/// Whether `r` reruns what `base` ran: the same command, or both test runs of fitting runners.
fn same_kind(r: &Run, base: &Run) -> bool {
    if let (Some(a), Some(b)) = (r.group(), base.group()) {
        return a == b;
    }
    match (r.command(), base.command()) {
        // `pytest -q` failing elsewhere says nothing about `pytest tests/test_csv.py`.
        (Some(a), Some(b)) => commands_match(a, b),
        // A test output file has no command line: any test run of a fitting runner reruns it.
        _ => {
            r.is_test
                && base.is_test
                && match (r.family, base.family) {
                    (Some(a), Some(b)) => a.compatible(b),
                    _ => false,
                }
        }
    }
}

/// Whether `cite` (a claim's citations) names the evidence id `id`.
fn cites(cite: &[String], id: &str) -> bool {
    cite.iter().any(|c| c == id)
}

fn latest<'r>(runs: impl IntoIterator<Item = Run<'r>>) -> Option<Run<'r>> {
    runs.into_iter()
        .fold(None, |best: Option<Run>, r| match best {
            Some(b) if !r.later_than(&b) => Some(b),
            _ => Some(r),
        })
}

/// How the evidence answers one claim.
#[derive(Debug)]
enum Support {
    Verified(Vec<String>),
    Contradicted(String, String),
    Stale(String, Later),
    Unknown(String),
}

/// Runs that answer the claim (see the module docs), or why there are none.
fn candidates<'r>(
    all: &'r Runs<'r>,
    c: &ClaimView,
    named: &[String],
) -> Result<Vec<Run<'r>>, String> {
    let cited: Vec<Run> = all.iter().filter(|r| cites(&c.cite, r.id())).collect();
    if !cited.is_empty() {
        return Ok(cited);
    }
    let matching: Vec<Run> = all
        .iter()
        .filter(|r| {
            r.command()
                .is_some_and(|cmd| named.iter().any(|n| commands_match(n, cmd)))
        })
        .collect();
    if !matching.is_empty() {
        return Ok(matching);
    }
    let families: Vec<Option<Family>> = named.iter().map(|n| test_family(n)).collect();
    if let Some(pos) = families.iter().position(Option::is_none) {
        // A non-test command (`alembic upgrade head`, `npm run lint`) only its own runs can back.
        return Err(format!("no run of `{}` in the evidence", named[pos]));
    }
    let wanted: Vec<Family> = families.into_iter().flatten().collect();
    let relevant: Vec<Run> = all
        .iter()
        .filter(|r| (r.is_test || r.is_check) && r.ok.is_some())
        .filter(|r| {
            wanted.is_empty()
                || wanted
                    .iter()
                    .any(|w| r.family.is_some_and(|f| f.compatible(*w)))
        })
        .collect();
    if relevant.is_empty() {
        return Err(if named.is_empty() {
            "no test run or command in the evidence shows it".into()
        } else {
            format!("no run of `{}` in the evidence", named[0])
        });
    }
    Ok(relevant)
}

fn support(cx: &Ctx, all: &Runs, c: &ClaimView) -> Support {
    let m = mentions(&c.text);
    let runs = match candidates(all, c, &m.commands) {
        Ok(r) => r,
        Err(why) => return Support::Unknown(why),
    };
    if let Some(s) = ordinal_run(&runs, &m, cx.analysis) {
        return s;
    }
    // A cited run that shares nothing with the claim backs nothing.
    let plain = m.plain.to_lowercase();
    let cited_only = !c.cite.is_empty() && runs.iter().all(|r| cites(&c.cite, r.id()));
    if cited_only {
        // A test output file has no command line: a named test command of a fitting runner is
        // its own.
        let fits = |r: &Run| match r.command() {
            Some(cmd) => m.commands.iter().any(|n| commands_match(n, cmd)),
            None => {
                r.is_test
                    && m.commands.iter().any(|n| {
                        test_family(n).is_some_and(|f| r.family.is_some_and(|rf| rf.compatible(f)))
                    })
            }
        };
        let shares = |r: &Run| {
            let cmd = r.command().unwrap_or("");
            let named = fits(r);
            let file = m
                .paths
                .iter()
                .any(|p| cmd.contains(p.path.rsplit('/').next().unwrap_or(&p.path)));
            let suite = (r.is_test || r.is_check || r.command().is_none())
                && phrases::ABOUT_CHECKS.is_match(&plain);
            let program = shell::normalise(cmd)
                .command
                .split_whitespace()
                .next()
                .is_some_and(|p| p.len() > 2 && c.text.to_lowercase().contains(&p.to_lowercase()));
            named || file || suite || program || printed(r, &c.text)
        };
        if !m.commands.is_empty() && !runs.iter().any(fits) {
            let ran = runs
                .iter()
                .filter_map(|r| {
                    r.command()
                        .map(|x| format!("{} ran `{}`", r.id(), crate::analysis::checks::shown(x)))
                })
                .collect::<Vec<_>>()
                .join("; ");
            return Support::Unknown(format!("{ran}, not `{}`", m.commands[0]));
        }
        if !runs.iter().any(shares) {
            let ids: Vec<&str> = runs.iter().map(|r| r.id()).collect();
            return Support::Unknown(format!(
                "{} shares no command, file or suite with the claim",
                ids.join(", ")
            ));
        }
    }
    let with_result: Vec<Run> = runs.iter().copied().filter(|r| r.ok.is_some()).collect();
    let Some(mut last) = latest(with_result) else {
        let ids: Vec<&str> = runs.iter().map(|r| r.id()).collect();
        return Support::Unknown(format!("{} recorded no result", ids.join(", ")));
    };
    // A later run of the same thing (same command, or a test run of a fitting runner) supersedes
    // the one found: a pass cited before a later failure is contradicted, and a pass cited
    // before edits is renewed by a pass after them.
    if let Some(newer) = latest(
        all.iter()
            .filter(|r| r.ok.is_some() && r.later_than(&last) && same_kind(r, &last)),
    ) {
        last = newer;
    }
    if last.ok == Some(false) {
        return Support::Contradicted(last.id().to_string(), last.detail(cx.analysis).into_owned());
    }
    let linked: Vec<String> = m
        .paths
        .iter()
        .map(|p| p.path.clone())
        .filter(|p| !is_test_path(p))
        .collect();
    let later = later_edits(cx, &last, &linked);
    if !later.paths.is_empty() {
        return Support::Stale(last.id().to_string(), later);
    }
    Support::Verified(vec![last.id().to_string()])
}

/// Whether `r` printed, word for word, what the claim says it printed: a code span of more than
/// one word ("the preamble printed `TELEMETRY: anonymous`"; a lone `master` or route name is
/// no quote of output).
fn printed(r: &Run, claim: &str) -> bool {
    if !phrases::PRINTED.is_match(&mentions(claim).plain) {
        return false;
    }
    let Source::Command(c) = r.source() else {
        return false;
    };
    super::text::inline(claim)
        .code
        .iter()
        .map(|k| k.trim())
        .any(|k| k.chars().count() >= 4 && k.contains([' ', ':', '=']) && c.output.contains(k))
}

/// A claim about the first, second or third run of a command it names
/// ([`phrases::ORDINAL_RUN`]) is judged by that run alone: later runs do not supersede it, and
/// staleness does not apply to what happened then.
fn ordinal_run<'a>(
    runs: &[Run<'a>],
    m: &super::text::Mentions,
    analysis: &'a Analysis,
) -> Option<Support> {
    let place = phrases::ORDINAL_RUN.regex().captures(&m.plain)?;
    let k = match place[1].to_ascii_lowercase().as_str() {
        "first" | "initial" => 0,
        "second" => 1,
        _ => 2,
    };
    let mut named: Vec<Run> = runs
        .iter()
        .copied()
        .filter(|r| {
            r.command()
                .is_some_and(|cmd| m.commands.iter().any(|n| commands_match(n, cmd)))
        })
        .collect();
    named.sort_by(|a, b| {
        if a.later_than(b) {
            std::cmp::Ordering::Greater
        } else if b.later_than(a) {
            std::cmp::Ordering::Less
        } else {
            std::cmp::Ordering::Equal
        }
    });
    let r = named.get(k)?;
    Some(match r.ok {
        Some(true) => Support::Verified(vec![r.id().to_string()]),
        Some(false) => Support::Contradicted(r.id().to_string(), r.detail(analysis).into_owned()),
        None => Support::Unknown(format!("{} recorded no result", r.id())),
    })
}

/// What changed after a passing run.
#[derive(Debug)]
struct Later {
    /// Evidence ids of the changes (`G`: git's word), perhaps only some of the edits'.
    ids: Vec<String>,
    /// How many edits changed the files.
    edits: usize,
    /// The changed paths.
    paths: Vec<String>,
}

/// Changes after `run` ([`freshness`]) to the linked files (any file that can affect the run
/// when none is linked, by the analysis's one rule).
fn later_edits(cx: &Ctx, run: &Run, linked: &[String]) -> Later {
    // `git remote -v`, `git log`: no edit changes what they print.
    if run
        .command()
        .is_some_and(crate::analysis::checks::edits_cannot_change)
    {
        return Later {
            ids: Vec::new(),
            edits: 0,
            paths: Vec::new(),
        };
    }
    // A run the analysis grouped: its freshness is the analysis's.
    if linked.is_empty()
        && let Some(g) = run.group().and_then(|k| cx.analysis.checks.items.get(k))
        && g.latest_run == run.id()
    {
        return Later {
            ids: g.stale_by.clone(),
            edits: g.stale_edit_count(),
            paths: g.stale_paths.clone(),
        };
    }
    let root = run
        .group()
        .and_then(|k| cx.analysis.checks.items.get(k))
        .and_then(|g| crate::analysis::checks::package_root(cx.ev, &g.dir));
    let relevant = |path: &str| {
        if linked.is_empty() {
            affects_runs(path)
                && crate::analysis::checks::affects(
                    strip_root(path, cx.root.as_deref()),
                    root.as_deref(),
                )
        } else {
            linked.iter().any(|l| same_path(l, path))
        }
    };
    let point = RunPoint {
        seq: run.seq(),
        at: run.at(),
    };
    let mut later = freshness::changes_after(cx.ev, point, relevant);
    // Deleting a file cannot make a pass stale.
    later
        .edits
        .retain(|e| e.kind != crate::evidence::transcript::EditKind::Delete);
    let mut ids: Vec<String> = later.edits.iter().map(|e| e.id.to_string()).collect();
    let edits = ids.len();
    let mut paths: Vec<String> = Vec::new();
    let changed = later.edits.iter().map(|e| e.path.as_str());
    for path in changed.chain(later.files.iter().map(|s| s.path.as_str())) {
        let path = strip_root(path, cx.root.as_deref());
        if !paths.iter().any(|p| same_path(p, path)) {
            paths.push(path.to_string());
        }
    }
    // Later commits (evidence/since.rs) count like changed files: both are git's word (`G`).
    for path in later.committed.iter().copied() {
        let path = strip_root(path, cx.root.as_deref());
        if !paths.iter().any(|p| same_path(p, path)) {
            paths.push(path.to_string());
        }
    }
    if !later.files.is_empty() || !later.committed.is_empty() {
        ids.push("G".into());
    }
    Later { ids, edits, paths }
}

/// Rule `citations`: every cited id exists in the evidence.
pub(crate) fn check_citations(note: &Note, cx: &mut Ctx) {
    for c in claims(note) {
        let unknown: Vec<&String> = c.cite.iter().filter(|id| !exists(cx, id)).collect();
        if !unknown.is_empty() {
            let list = unknown
                .iter()
                .map(|s| s.as_str())
                .collect::<Vec<_>>()
                .join(", ");
            cx.flag(
                c.key,
                ClaimStatus::Unverified,
                rule::CITATIONS,
                format!("cites {list}, not in the evidence"),
                Vec::new(),
            );
        }
    }
}

fn exists(cx: &Ctx, id: &str) -> bool {
    if !EVIDENCE_ID.is_match(id) {
        return false;
    }
    let ev = cx.ev;
    let transcript = ev.transcript.as_ref();
    match id.as_bytes()[0] {
        b'G' => ev.git.is_some(),
        b'T' => ev.tests.iter().any(|t| t.id == id),
        b'C' => {
            transcript.is_some_and(|t| find_by_id(&t.commands, id, |c| c.id.as_str()).is_some())
        }
        b'E' => transcript.is_some_and(|t| find_by_id(&t.edits, id, |e| e.id.as_str()).is_some()),
        b'M' => {
            transcript.is_some_and(|t| find_by_id(&t.messages, id, |m| m.id.as_str()).is_some())
        }
        b'X' => transcript.is_some_and(|t| find_by_id(&t.errors, id, |e| e.id.as_str()).is_some()),
        b'A' => transcript.is_some_and(|t| find_by_id(&t.actions, id, |a| a.id.as_str()).is_some()),
        _ => false,
    }
}

/// Rules `verification`, `staleness` and `ghost-completion`.
pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    let all = runs(cx);
    for c in claims(note) {
        // A claim about what a file says was judged by the file itself.
        if c.flagged.is_some() || cx.judged_by(c.key, rule::CONTENT) {
            continue;
        }
        let plain = mentions(&c.text).plain;
        let Some(trig) = trigger(c.key.section, &plain) else {
            commit_claim(cx, &c);
            continue;
        };
        let rule_id = match trig {
            Trigger::Pass | Trigger::Listed => rule::VERIFICATION,
            Trigger::Ghost => rule::GHOST_COMPLETION,
        };
        let unbacked = trig == Trigger::Listed
            && !c.cite.iter().any(|id| all.iter().any(|r| r.id() == id))
            && mentions(&c.text).commands.is_empty()
            && !phrases::ABOUT_CHECKS.is_match(&plain);
        let s = if unbacked {
            // "The README example is updated": no test run speaks to that, however green.
            Support::Unknown("no cited run or named command shows it".into())
        } else if let Some(why) = kind_unbacked(cx, &all, &c, &plain) {
            Support::Unknown(why)
        } else if let Some(why) = history_unbacked(cx, &c) {
            Support::Unknown(why)
        } else {
            support(cx, &all, &c)
        };
        decide(cx, c.key, rule_id, s);
    }
    failure_claims(note, cx, &all);
}

/// A claim of a kind only some evidence can back (a deploy, a device, a pull request), when
/// none of its runs is of that kind.
fn kind_unbacked(cx: &Ctx, all: &Runs, c: &ClaimView, plain: &str) -> Option<String> {
    let _ = cx;
    // A claim that denies or doubts itself ("not deployed yet", "simulated") asserts nothing.
    if NEGATED.is_match(plain) {
        return None;
    }
    for (says, needs, why) in EVIDENCE_KINDS.iter() {
        if !says.is_match(plain) {
            continue;
        }
        let backed = needs.as_ref().is_some_and(|needs| {
            all.iter().any(|r| {
                r.ok == Some(true)
                    && r.command().is_some_and(|cmd| needs.is_match(cmd))
                    && (c.cite.is_empty() || cites(&c.cite, r.id()))
            })
        });
        if !backed {
            return Some((*why).to_string());
        }
    }
    None
}

/// Claims about the session's history — pushed, committed in a named commit, merged — judged
/// with the commits the analysis attributed to the session.
fn history_unbacked(cx: &Ctx, c: &ClaimView) -> Option<String> {
    let unhedged = unhedged_text(c);
    let commits = &cx.analysis.commits.session;
    let inline = super::text::inline(&c.text);
    let named = |sc: &crate::analysis::commits::SessionCommit| {
        inline.code.iter().any(|code| {
            let code = code.trim();
            code.len() >= 6 && (sc.subject.contains(code) || code.contains(&sc.subject))
                || code.len() >= 7
                    && (sc.sha.starts_with(code)
                        || sc.repo_id.as_deref().is_some_and(|r| r.starts_with(code)))
        })
    };
    if unhedged.contains("pushed") || unhedged.contains("push to") {
        let pushed = commits.iter().any(|sc| {
            sc.pushed_by.is_some()
                && (named(sc)
                    || inline
                        .code
                        .iter()
                        .any(|x| sc.branch.as_deref() == Some(x.as_str())))
        });
        let any_push = commits.iter().any(|sc| sc.pushed_by.is_some());
        let pushed_here = any_push && inline.code.iter().any(|x| x.starts_with("git push"));
        if !(pushed || pushed_here) {
            return Some("no `git push` of it in the transcript".into());
        }
    }
    commit_unbacked(cx, c, &unhedged, false)
}

/// A claim's plain text without its hedged sentences, lowercased.
fn unhedged_text(c: &ClaimView) -> String {
    sentences(&mentions(&c.text).plain)
        .into_iter()
        .filter(|s| !hedged(s))
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Rule `verification` on the claims of the other sections that state what the session did
/// (Decisions, dead ends, Files, Watch-outs, an unflagged Partial item): a commit named by its
/// subject must be one of the session's. The Goal, Open Loops and Next Action speak of what is
/// still to do.
fn commit_claim(cx: &mut Ctx, c: &ClaimView) {
    if matches!(
        c.key.section,
        Section::Goal | Section::OpenLoops | Section::NextAction | Section::Workspace
    ) {
        return;
    }
    let undone_ok = c.key.section == Section::Discarded;
    if let Some(why) = commit_unbacked(cx, c, &unhedged_text(c), undone_ok) {
        decide(cx, c.key, rule::VERIFICATION, Support::Unknown(why));
    }
}

/// A claim that names a commit of the session by its subject — backticked (`feat: x`,
/// `fix(api)`) or quoted ('Add solver') — when the session made no such commit (one it later
/// undid counts only for a dead end, which says it was undone). `unhedged` is the claim's
/// unhedged plain text, lowercased.
fn commit_unbacked(cx: &Ctx, c: &ClaimView, unhedged: &str, undone_ok: bool) -> Option<String> {
    if !(unhedged.contains("committed") || unhedged.contains(" commit ")) {
        return None;
    }
    let inline = super::text::inline(&c.text);
    let mut subjects: Vec<String> = inline
        .code
        .iter()
        .filter(|x| x.contains(':') || x.contains('(') && x.contains(')'))
        .cloned()
        .collect();
    subjects.extend(super::text::quoted(&inline.plain));
    if subjects.is_empty() {
        return None;
    }
    let commits = &cx.analysis.commits.session;
    let named = |sc: &crate::analysis::commits::SessionCommit| {
        subjects.iter().any(|code| {
            let code = code.trim();
            code.len() >= 6 && (sc.subject.contains(code) || code.contains(&sc.subject))
        }) || inline.code.iter().any(|code| {
            let code = code.trim();
            code.len() >= 7
                && (sc.sha.starts_with(code)
                    || sc.repo_id.as_deref().is_some_and(|r| r.starts_with(code)))
        })
    };
    if commits
        .iter()
        .any(|sc| named(sc) && (undone_ok || sc.undone_by.is_none()))
    {
        return None;
    }
    Some(format!(
        "no commit `{}` in the session (its commits: {})",
        subjects[0],
        commits
            .iter()
            .map(|sc| sc.subject.clone())
            .collect::<Vec<_>>()
            .join("; ")
    ))
}

static NEGATED: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:not|never|no|unverified|simulat\w*|only|without|yet|until|once|planned|to be)\b|n't\b")
        .expect("regex")
});

static FAIL_WORDS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)\b(?:fails|failing|failed|broken|errors? out)\b").expect("regex")
});

/// Rule `verification` on claims that something fails: the latest run of what they name passed
/// (a failure a later pass put behind is history, not the state).
fn failure_claims(note: &Note, cx: &mut Ctx, all: &Runs) {
    for c in claims(note) {
        if c.flagged.is_some() || !matches!(c.key.section, Section::Verified | Section::Partial) {
            continue;
        }
        let m = mentions(&c.text);
        if !FAIL_WORDS.is_match(&m.plain)
            || m.plain.to_lowercase().contains("before")
            || m.plain.to_lowercase().contains("then passed")
        {
            continue;
        }
        let runs: Vec<Run> = all
            .iter()
            .filter(|r| {
                cites(&c.cite, r.id())
                    || r.command()
                        .is_some_and(|cmd| m.commands.iter().any(|n| commands_match(n, cmd)))
            })
            .collect();
        let Some(base) = latest(runs.iter().copied().filter(|r| r.ok.is_some())) else {
            continue;
        };
        let newest = latest(all.iter().filter(|r| {
            r.ok.is_some() && (r.id() == base.id() || r.later_than(&base) && same_kind(r, &base))
        }));
        if let Some(n) = newest
            && n.ok == Some(true)
        {
            cx.flag(
                c.key,
                ClaimStatus::Contradicted,
                rule::VERIFICATION,
                format!(
                    "{} — the latest run passed ({})",
                    n.id(),
                    n.detail(cx.analysis)
                ),
                vec![n.id().to_string()],
            );
        }
    }
}

fn decide(cx: &mut Ctx, key: Key, rule_id: &'static str, s: Support) {
    match s {
        Support::Verified(ids) => cx.verified(key, rule_id, ids),
        Support::Contradicted(id, detail) => cx.flag(
            key,
            ClaimStatus::Contradicted,
            rule_id,
            format!("{id} — {detail}"),
            vec![id],
        ),
        Support::Stale(
            id,
            Later {
                mut ids,
                edits,
                paths,
            },
        ) => {
            let list = paths
                .iter()
                .take(3)
                .map(String::as_str)
                .collect::<Vec<_>>()
                .join(", ");
            let more = if paths.len() > 3 {
                format!(" and {} more", paths.len() - 3)
            } else {
                String::new()
            };
            let what = match edits {
                0 => "later changes to".to_string(),
                1 => "a later edit to".to_string(),
                n => format!("{n} later edits to"),
            };
            ids.insert(0, id.clone());
            cx.flag(
                key,
                ClaimStatus::Unverified,
                rule::STALENESS,
                format!("last passing run {id} was before {what} {list}{more}"),
                ids,
            )
        }
        Support::Unknown(why) => cx.flag(key, ClaimStatus::Unverified, rule_id, why, Vec::new()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Evidence;
    use crate::testkit::*;
    use crate::validate::validate;

    /// The validator holds one slot per command of the session (a 2 GB session has some
    /// 100,000): an index, the check's index and four one-byte facts, 12 bytes, where the
    /// borrowed run it replaced took 48.
    #[test]
    fn a_slot_is_three_four_byte_words() {
        assert_eq!(std::mem::size_of::<Slot>(), 12);
    }

    fn verified(text: &str) -> Note {
        let mut n = note();
        n.verified = vec![claim(text)];
        n.verified[0].line = Some(10);
        n
    }

    /// The flag of the one Verified item (moved to Partial when flagged).
    fn flag(n: &Note) -> Option<(ClaimStatus, String)> {
        n.verified
            .first()
            .or(n.partial.last())
            .and_then(|c| c.flag.as_ref())
            .map(|f| (f.status, f.reason.clone()))
    }

    #[test]
    fn a_verified_item_that_says_nothing_of_tests_needs_its_own_evidence() {
        let ev = Evidence {
            tests: vec![run("T1", None, 4, 0)],
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![
            claim("The README example is updated to TOML"),
            claim("All tests are green"),
            claim("The README example is updated to TOML"),
        ];
        n.verified[0].line = Some(3);
        n.verified[1].line = Some(4);
        n.verified[2].line = Some(5);
        n.verified[2].cite = vec!["T1".into()];
        let r = validate(&mut n, &ev);
        // No run speaks to the README; the suite claim is judged by the latest run; a cited
        // test run that shares no command, file or suite with the claim backs nothing.
        assert_eq!(rules_for(&r, 3), ["verification"]);
        assert!(rules_for(&r, 4).is_empty());
        assert_eq!(rules_for(&r, 5), ["verification"]);
    }

    #[test]
    fn triggers_and_hedges() {
        assert_eq!(
            trigger(Section::Partial, "Token generation and persistence work."),
            Some(Trigger::Pass)
        );
        assert_eq!(
            trigger(Section::Goal, "Fix the parser and get the suite green."),
            None
        );
        assert_eq!(
            trigger(
                Section::Partial,
                "`pytest -q` passed, but `src/a.py` was edited after it; not re-run since"
            ),
            None
        );
        assert_eq!(
            trigger(Section::Partial, "Rotation is implemented"),
            Some(Trigger::Ghost)
        );
        assert_eq!(
            trigger(Section::Partial, "Rotation is implemented but untested"),
            None
        );
        assert_eq!(trigger(Section::Partial, "Cache is not yet wired"), None);
        assert_eq!(
            trigger(Section::Verified, "pytest: 12 passed, 0 failed"),
            Some(Trigger::Pass)
        );
        assert_eq!(
            trigger(Section::Verified, "Login flow via `pytest -k login`"),
            Some(Trigger::Listed)
        );
        assert_eq!(trigger(Section::Decisions, "Fixed on Redis"), None);
        assert_eq!(
            trigger(Section::Goal, "Add rotation to the auth service"),
            None
        );
    }

    #[test]
    fn passing_run_verifies() {
        let mut ev = Evidence {
            tests: vec![run("T1", None, 4, 0)],
            ..Evidence::default()
        };
        ev.tests[0].format = Some(TestFormat::Pytest);
        let mut n = verified("`pytest tests/test_auth.py` passes (4/4)");
        let r = validate(&mut n, &ev);
        assert_eq!(flag(&n), None, "{:?}", r.findings);
        assert_eq!(
            r.claims
                .iter()
                .find(|c| c.section == Section::Verified)
                .map(|c| c.evidence.clone()),
            Some(vec!["T1".to_string()])
        );
    }

    #[test]
    fn failing_run_contradicts() {
        let ev = Evidence {
            tests: vec![run("T1", None, 4, 0), run("T2", Some("pytest tests"), 1, 3)],
            ..Evidence::default()
        };
        let mut n = verified("Tests pass");
        let r = validate(&mut n, &ev);
        assert_eq!(
            flag(&n),
            Some((
                ClaimStatus::Contradicted,
                "contradicted by T2 — 3 failed".into()
            ))
        );
        assert_eq!(rules_for(&r, 10), ["verification"]);
        assert_eq!(r.counts.contradicted, 1);
    }

    #[test]
    fn no_run_at_all_is_unverified() {
        let mut n = verified("All tests pass");
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Unverified));
        assert_eq!(rules_for(&r, 10), ["verification"]);
    }

    #[test]
    fn named_command_matches_transcript_command() {
        let tr = transcript(
            vec![
                cmd("C1", "uv run pytest tests/test_auth.py -q", Some(false), 1),
                cmd("C2", "uv run pytest tests/test_auth.py -q", Some(true), 3),
                cmd("C3", "npm run lint", Some(false), 4),
            ],
            vec![],
            vec![],
        );
        let ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = verified("`pytest tests/test_auth.py` passes");
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
        let mut n = verified("`npm run lint` is clean and passes");
        validate(&mut n, &ev);
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Contradicted));
        let mut n = verified("`alembic upgrade head` succeeded");
        validate(&mut n, &ev);
        assert_eq!(
            flag(&n).map(|f| f.1),
            Some("no run of `alembic upgrade head` in the evidence".into())
        );
    }

    #[test]
    fn runner_family_must_fit() {
        let mut ev = Evidence {
            tests: vec![run("T1", None, 3, 0)],
            ..Evidence::default()
        };
        ev.tests[0].format = Some(TestFormat::GoTest);
        let mut n = verified("`pytest` passes");
        validate(&mut n, &ev);
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Unverified));
    }

    #[test]
    fn cited_runs_decide_and_unknown_ids_are_flagged() {
        let ev = Evidence {
            tests: vec![run("T1", None, 3, 1), run("T2", None, 4, 0)],
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![cited("Rotation tests pass", &["T2"])];
        n.verified[0].line = Some(10);
        let r = validate(&mut n, &ev);
        assert_eq!(flag(&n), None, "{:?}", r.findings);
        n.verified = vec![cited("Rotation tests pass", &["T9"])];
        n.verified[0].line = Some(10);
        let r = validate(&mut n, &ev);
        assert!(
            rules_for(&r, 10).contains(&"citations".to_string()),
            "{:?}",
            r.findings
        );
    }

    #[test]
    fn pass_before_a_later_edit_is_stale() {
        let tr = transcript(
            vec![cmd("C1", "pytest tests/test_auth.py", Some(true), 2)],
            vec![
                edit("E1", "src/auth.py", 1),
                edit("E2", "src/auth.py", 3),
                edit("E3", "/home/u/p/src/auth.py", 4),
            ],
            vec![],
        );
        let ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = verified("Refresh rotation works — `pytest tests/test_auth.py` 4/4");
        let r = validate(&mut n, &ev);
        assert_eq!(
            flag(&n),
            Some((
                ClaimStatus::Unverified,
                "last passing run C1 was before 2 later edits to src/auth.py".into()
            ))
        );
        assert_eq!(rules_for(&r, 10), ["staleness"]);
        // Linked to another file: edits to src/auth.py do not matter.
        let mut n = verified("`src/models.py` works — `pytest tests/test_auth.py` passes");
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
    }

    #[test]
    fn a_stale_pass_counts_every_later_edit_though_its_check_keeps_only_the_ends() {
        let edits = (1..=30)
            .map(|i| edit(&format!("E{i}"), "src/auth.py", i + 2))
            .collect();
        let tr = transcript(
            vec![cmd("C1", "pytest tests/test_auth.py", Some(true), 2)],
            edits,
            vec![],
        );
        let ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = verified("Refresh rotation works — `pytest tests/test_auth.py` 4/4");
        validate(&mut n, &ev);
        assert_eq!(
            flag(&n),
            Some((
                ClaimStatus::Unverified,
                "last passing run C1 was before 30 later edits to src/auth.py".into()
            ))
        );
    }

    #[test]
    fn worktree_mtime_after_the_run_is_stale() {
        let (dir, mut ev) = worktree(
            &[("src/auth.py", "x = 1\n"), ("NOTES.md", "n\n")],
            &[(" M", "src/auth.py"), ("??", "NOTES.md")],
        );
        let mut t = run("T1", None, 4, 0);
        t.at = Some(Utc::now() - chrono::Duration::minutes(10));
        ev.tests.push(t);
        let mut n = verified("Tests pass");
        validate(&mut n, &ev);
        assert_eq!(
            flag(&n).map(|f| f.1),
            Some("last passing run T1 was before later changes to src/auth.py".into())
        );
        // A run after the change verifies.
        ev.tests[0].at = Some(Utc::now() + chrono::Duration::minutes(1));
        let mut n = verified("Tests pass");
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
        drop(dir);
    }

    #[test]
    fn ghost_completion() {
        let mut n = note();
        n.partial = vec![claim("Revocation endpoint implemented")];
        n.partial[0].line = Some(12);
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules_for(&r, 12), ["ghost-completion"]);
        let ev = Evidence {
            tests: vec![run("T1", None, 4, 0)],
            ..Evidence::default()
        };
        n.partial[0].flag = None;
        let r = validate(&mut n, &ev);
        assert!(rules_for(&r, 12).is_empty());
        // Honest labelling is not ghost completion.
        n.partial = vec![claim("Revocation endpoint implemented, untested")];
        let r = validate(&mut n, &Evidence::default());
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }

    #[test]
    fn a_pass_in_an_old_session_is_stale_for_files_later_commits_changed() {
        let tr = transcript(
            vec![cmd("C1", "pytest tests/test_auth.py", Some(true), 1)],
            vec![],
            vec![],
        );
        let mut ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![cited("`src/auth.py` refresh passes", &["C1"])];
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
        ev.since = Some(crate::evidence::since::Since {
            session_ended: Utc::now(),
            later_commits: 3,
            capped: false,
            files_changed_after: vec!["src/auth.py".into()],
        });
        n.verified = vec![cited("`src/auth.py` refresh passes", &["C1"])];
        let r = validate(&mut n, &ev);
        let (status, reason) = flag(&n).unwrap();
        assert_eq!(status, ClaimStatus::Unverified);
        assert!(reason.contains("src/auth.py"), "{reason}");
        assert!(r.findings.iter().any(|f| f.rule == "staleness"));
        // Later commits that touched only documentation leave the pass standing.
        if let Some(s) = ev.since.as_mut() {
            s.files_changed_after = vec!["README.md".into()];
        }
        n.verified = vec![cited("`src/auth.py` refresh passes", &["C1"])];
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
    }

    #[test]
    fn a_commit_named_in_any_section_must_be_the_sessions() {
        let mut t = chat(vec![user(1, "commit it", 0)]);
        t.commands = vec![ran(
            1,
            "git commit -am \"feat(zerion): add demo\"",
            Some(0),
            "[main f8e6fe0] feat(zerion): add demo\n 1 file changed",
            1,
        )];
        let ev = evidence(t);
        let judged = |section: Section, text: &str| {
            let mut n = note();
            let c = claim(text);
            match section {
                Section::Decisions => n.decisions = vec![c],
                Section::WatchOuts => n.watch_outs = vec![c],
                Section::OpenLoops => {
                    n.open_loops = vec![crate::note::OpenLoop {
                        owner: Some(crate::note::Owner::Agent),
                        text: text.into(),
                        verify: Some("`git log -1` shows it".into()),
                        ..Default::default()
                    }]
                }
                _ => unreachable!(),
            }
            let r = validate(&mut n, &ev);
            r.claims
                .iter()
                .find(|c| c.text.contains(text))
                .map(|c| c.status)
        };
        let mut n = note();
        n.files = vec![file(
            "decrypt.py",
            &[],
            "committed as 'Add BabyEncryption solver'",
        )];
        let r = validate(&mut n, &ev);
        assert!(
            r.findings
                .iter()
                .any(|f| f.message.contains("no commit `Add BabyEncryption solver`")),
            "{:?}",
            r.findings
        );
        assert_eq!(
            judged(Section::Decisions, "Committed as `feat(zerion): add demo`"),
            Some(ClaimStatus::Unchecked)
        );
        assert_eq!(
            judged(
                Section::WatchOuts,
                "aider committed it as `feat: dark theme`"
            ),
            Some(ClaimStatus::Unverified)
        );
        // What is still to do names a commit that does not exist yet.
        assert_ne!(
            judged(Section::OpenLoops, "Commit it as `feat: dark theme`"),
            Some(ClaimStatus::Unverified)
        );
    }

    #[test]
    fn a_cited_run_that_printed_the_quoted_text_backs_the_claim() {
        let mut c1 = cmd("C1", "bash preamble.sh", Some(true), 1);
        c1.output = "BRANCH: main\nTELEMETRY: anonymous\nTEL_PROMPTED: yes\n".into();
        let ev = Evidence {
            transcript: Some(transcript(vec![c1], vec![], vec![])),
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![cited(
            "Telemetry is configured: the preamble printed `TELEMETRY: anonymous`",
            &["C1"],
        )];
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
        n.verified = vec![cited(
            "Telemetry is configured: the preamble printed `TELEMETRY: community`",
            &["C1"],
        )];
        validate(&mut n, &ev);
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Unverified));
    }

    #[test]
    fn the_first_run_of_a_command_is_judged_by_itself() {
        let tr = transcript(
            vec![
                cmd("C1", "python decrypt.py", Some(false), 1),
                cmd("C2", "python decrypt.py", Some(true), 3),
            ],
            vec![],
            vec![],
        );
        let ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = verified("The first `python decrypt.py` run printed the flag");
        validate(&mut n, &ev);
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Contradicted));
        let mut n = verified("The second `python decrypt.py` run printed the flag");
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None);
        let mut n = verified("`python decrypt.py` printed the flag");
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None, "the latest run decides");
    }

    #[test]
    fn a_later_run_of_the_same_kind_supersedes_the_cited_one() {
        let tr = transcript(
            vec![
                cmd("C1", "pytest tests/test_auth.py", Some(true), 1),
                cmd("C2", "pytest tests/test_auth.py", Some(false), 3),
                cmd("C3", "pytest tests/test_auth.py", Some(true), 5),
            ],
            vec![edit("E1", "src/models.py", 4)],
            vec![],
        );
        let mut ev = Evidence {
            transcript: Some(tr),
            ..Evidence::default()
        };
        let mut n = note();
        n.verified = vec![cited("Rotation tests pass", &["C1"])];
        validate(&mut n, &ev);
        assert_eq!(flag(&n), None, "renewed by C3 after the edit");
        if let Some(t) = ev.transcript.as_mut() {
            t.commands.pop();
        }
        n.verified = vec![cited("Rotation tests pass", &["C1"])];
        validate(&mut n, &ev);
        assert_eq!(flag(&n).map(|f| f.0), Some(ClaimStatus::Contradicted));
    }
}
