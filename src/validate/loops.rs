//! Rules `open-loops` and `next-action`: the two sections the next session acts on.
//!
//! Each open loop names its owner (`[Agent]` / `[Human]`) and a `Verify:` check. The next action
//! is exactly one instruction that names a path, symbol or command and does not start with a
//! vague continuation ([`phrases::VAGUE_NEXT_ACTION`]).

use super::text::{looks_like_command, mentions, sentences};
use super::{Ctx, Key, Section, Severity, rule};
use crate::evidence::paths::is_test_path;
use crate::note::{Note, Owner};
use crate::phrases;

/// The vague continuation a next action opens with, if any ([`phrases::VAGUE_NEXT_ACTION`],
/// read sentence by sentence).
pub(crate) fn vague_opening(text: &str) -> Option<String> {
    let plain = mentions(text).plain;
    sentences(&plain).iter().find_map(|s| {
        phrases::VAGUE_NEXT_ACTION
            .regex()
            .captures(s)
            .and_then(|c| c.get(1))
            .map(|m| m.as_str().to_lowercase())
    })
}

/// Whether the text quotes a question someone must answer (`Ask the owner: "Which option?"`):
/// as concrete as a command when the work waits on an answer.
fn quotes_a_question(text: &str) -> bool {
    let mut parts = text.split('"');
    parts.next();
    let quoted: Vec<&str> = parts.step_by(2).collect();
    quoted
        .iter()
        .any(|q| q.trim_end().ends_with('?') && q.split_whitespace().count() >= 3)
}

/// Whether the text names a path, symbol or command.
pub(crate) fn names_something(text: &str) -> bool {
    let m = mentions(text);
    !m.paths.is_empty()
        || !m.commands.is_empty()
        || !m.idents.is_empty()
        || !m.bare_idents.is_empty()
        || !super::text::inline(text).code.is_empty()
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    for (i, l) in note.open_loops.iter().enumerate() {
        let key = Some(Key {
            section: Section::OpenLoops,
            index: i,
        });
        if l.owner.is_none() {
            cx.finding(
                key,
                l.line,
                rule::OPEN_LOOPS,
                Severity::Error,
                "open loop has no owner: start it with [Agent] or [Human]",
            );
        }
        match l.verify.as_deref().map(str::trim) {
            None | Some("") => cx.finding(
                key,
                l.line,
                rule::OPEN_LOOPS,
                Severity::Error,
                "open loop has no `Verify:` check: add the command or test that closes it",
            ),
            Some(v)
                if l.owner == Some(Owner::Agent)
                    && !names_something(v)
                    && !looks_like_command(v)
                    && !mentions(v).paths.iter().any(|p| is_test_path(&p.path)) =>
            {
                cx.finding(
                    key,
                    l.line,
                    rule::OPEN_LOOPS,
                    Severity::Warning,
                    "the `Verify:` check names no command, test or file: make it deterministic",
                )
            }
            Some(_) => {}
        }
    }
    match note.next_actions.len() {
        0 => cx.finding(
            None,
            None,
            rule::NEXT_ACTION,
            Severity::Error,
            "no next action: write exactly one instruction naming a file, symbol or command",
        ),
        1 => {}
        n => {
            let line = note.next_actions.get(1).and_then(|c| c.line);
            cx.finding(
                Some(Key {
                    section: Section::NextAction,
                    index: 1,
                }),
                line,
                rule::NEXT_ACTION,
                Severity::Error,
                format!("{n} next actions: keep exactly one (move the rest to Open Loops)"),
            )
        }
    }
    for (i, a) in note.next_actions.iter().enumerate() {
        let key = Some(Key {
            section: Section::NextAction,
            index: i,
        });
        if let Some(v) = vague_opening(&a.text) {
            cx.finding(
                key,
                a.line,
                rule::NEXT_ACTION,
                Severity::Error,
                format!(
                    "vague continuation (\"{v}\"): name the exact file, symbol, command and failure"
                ),
            );
        } else if !names_something(&a.text) && !quotes_a_question(&a.text) {
            cx.finding(
                key,
                a.line,
                rule::NEXT_ACTION,
                Severity::Error,
                "next action names no path, symbol or command",
            );
        }
        if let Some(p) = diff_of_unchanged(cx, &a.text) {
            cx.finding(
                key,
                a.line,
                rule::NEXT_ACTION,
                Severity::Error,
                format!("`git diff` of `{p}`, which has no change in git status: it shows nothing"),
            );
        }
    }
    // Open Loops "None" while a check fails is wrong (an error); while the evidence shows
    // something else open, doubtful (a warning).
    let failing = cx
        .analysis
        .checks
        .failing()
        .next()
        .map(|c| (c.label(), c.latest_run.clone()));
    if note.open_loops.is_empty()
        && let Some((label, id)) = failing
    {
        cx.finding(
            None,
            None,
            rule::OPEN_LOOPS,
            Severity::Error,
            format!("Open Loops says None, but {label} failed on its last run ({id}): list it as an open loop"),
        );
    } else if note.open_loops.is_empty() && cx.ev.git.is_some() {
        let dirty = cx
            .ev
            .git
            .as_ref()
            .is_some_and(|g| g.status.iter().any(|s| !s.path.starts_with(".handoff/")));
        let open = cx.analysis.requests.open_at_end();
        let why = match (dirty, open.first()) {
            (_, Some(r)) => Some(format!("the request {} has no answer", r.id)),
            (true, None) => Some("git status shows uncommitted changes".to_string()),
            (false, None) => None,
        };
        if let Some(why) = why {
            cx.finding(
                None,
                None,
                rule::OPEN_LOOPS,
                Severity::Warning,
                format!("Open Loops says None, but {why}"),
            );
        }
    }
}

/// The path of a `git diff [HEAD] -- PATH` in `text` that git status does not list as changed.
fn diff_of_unchanged(cx: &Ctx, text: &str) -> Option<String> {
    let git = cx.ev.git.as_ref()?;
    for code in super::text::inline(text).code {
        let line = crate::evidence::shell::lexer::parse(&code);
        for seg in &line.segments {
            if seg.len() < 3 || seg[0] != "git" || seg[1] != "diff" {
                continue;
            }
            let Some(dash) = seg.iter().position(|w| w == "--") else {
                continue;
            };
            for p in &seg[dash + 1..] {
                let p = p.trim_start_matches("./").trim_end_matches('/');
                let changed = git.status.iter().any(|s| {
                    (s.path == p || s.path.starts_with(&format!("{p}/")))
                        && s.index != "?"
                        && s.worktree != "?"
                });
                if !changed {
                    return Some(p.to_string());
                }
            }
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Evidence;
    use crate::note::OpenLoop;
    use crate::testkit::*;
    use crate::validate::validate;

    #[test]
    fn complete_loops_and_one_concrete_action_pass() {
        let mut n = note();
        n.open_loops.push(OpenLoop {
            owner: Some(Owner::Human),
            text: "Set `REDIS_AUTH_URL` in CI".into(),
            verify: Some("the CI job `auth-tests` is green".into()),
            ..OpenLoop::default()
        });
        n.open_loops.push(OpenLoop {
            owner: Some(Owner::Agent),
            text: "`npm run lint` fails on its last run".into(),
            verify: Some("npm run lint".into()),
            ..OpenLoop::default()
        });
        let r = validate(&mut n, &Evidence::default());
        assert!(r.findings.is_empty(), "{:?}", r.findings);
        n.open_loops[2].verify = Some("make sure it looks right".into());
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules(&r), ["open-loops"]);
        assert_eq!(r.findings[0].severity, Severity::Warning);
        for good in [
            "Open `src/api/deps.py` and call `is_token_blacklisted` in `get_current_user`.",
            "Run `pytest tests/test_auth.py -x` and fix the first failure.",
            "Make `rotate_refresh_token` work on Windows paths.",
            "Continue by running `cargo test parse::` and reading the diff.",
        ] {
            assert_eq!(vague_opening(good), None, "{good}");
            assert!(names_something(good), "{good}");
        }
    }

    #[test]
    fn loop_without_owner_or_verify_is_an_error() {
        let mut n = note();
        n.open_loops = vec![OpenLoop {
            text: "Handle Redis outages".into(),
            line: Some(20),
            ..OpenLoop::default()
        }];
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules_for(&r, 20), ["open-loops", "open-loops"]);
        assert_eq!(r.counts.errors, 2);
    }

    #[test]
    fn vague_missing_and_double_next_actions() {
        for vague in [
            "Continue working on auth.",
            "Next: finish the frontend components",
            "Implement the remaining tests in `tests/`",
            "Keep going.",
            "Look into the flaky test",
        ] {
            let mut n = note();
            n.next_actions = vec![claim(vague)];
            n.next_actions[0].line = Some(30);
            let r = validate(&mut n, &Evidence::default());
            assert_eq!(rules_for(&r, 30), ["next-action"], "{vague}");
        }
        let mut n = note();
        n.next_actions = vec![claim("Fix the bug.")];
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules(&r), ["next-action"]);
        n.next_actions = vec![];
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules(&r), ["next-action"]);
        n.next_actions = vec![claim("Run `cargo test`."), claim("Edit `src/lib.rs`.")];
        let r = validate(&mut n, &Evidence::default());
        assert_eq!(rules(&r), ["next-action"]);
        assert!(r.findings[0].message.starts_with("2 next actions"));
    }
}
