//! Rule `paths`: every path a claim names (in code, in a link, or as a bare `dir/file.ext` word)
//! exists in the worktree or in git status (deleted and renamed files count) — else the claim is
//! unverified. Commands in code spans are not paths, URLs are not paths, and `path:LINE` /
//! `path::symbol` name the path before the colon.
//!
//! Where the note talks about the future (an open loop or the next action that says to create
//! or add something, or a `Verify:` check naming a test still to be written), a path that does
//! not exist yet is fine. Discarded paths are not checked: they describe what was undone.

use super::text::{PathRef, mentions};
use super::{ClaimView, Ctx, Section, claims, rule};
use crate::evidence::paths::{is_test_path, same_path};
use crate::note::{ClaimStatus, Note};

/// Where a named path was found.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Found {
    /// In git status (changed, added, deleted or renamed).
    Status,
    /// On disk under the root, or tracked in the index.
    Worktree,
    /// On disk, outside the root (an absolute or `../` path).
    Outside,
    /// Nowhere.
    Missing,
    /// Cannot tell: no root to look in.
    Unknown,
}

/// Looks `path` up in git status, the worktree and the index.
pub(crate) fn find(cx: &Ctx, path: &str) -> Found {
    // The note shows a name holding a newline or control character escaped; git has it raw.
    let raw = crate::escape::unline(path);
    let path = raw.trim_end_matches('/');
    if cx.ev.git.is_some() {
        let status = cx.status_paths();
        // An untracked directory covers what is in it, and a directory holds its files.
        let hit =
            status.same(path) || status.inside_a_folder(path) || status.holds_something_in(path);
        if hit {
            return Found::Status;
        }
    }
    let Some(full) = cx.resolve(path) else {
        return find_outside(cx, path);
    };
    if full.exists() {
        return Found::Worktree;
    }
    // `auth.py` or `services/auth.py` for `src/services/auth.py`: a suffix of a tracked path.
    let suffix = format!("/{path}");
    if cx.tracked().iter().any(|t| t.ends_with(&suffix)) {
        return Found::Worktree;
    }
    Found::Missing
}

/// Looks up an absolute path or one that climbs out (`../x`): inside the root it is the
/// relative path it names; anywhere else it is looked up where it points, never taken on trust.
fn find_outside(cx: &Ctx, path: &str) -> Found {
    let Some(root) = &cx.root else {
        return Found::Unknown;
    };
    let named = std::path::Path::new(path);
    if let Ok(rel) = named.strip_prefix(root)
        && let Some(rel) = rel.to_str()
        && !rel.is_empty()
        && cx.resolve(rel).is_some()
    {
        return find(cx, rel);
    }
    // `join` keeps an absolute path as it is and puts a `../` path under the root.
    if root.join(named).exists() {
        Found::Outside
    } else {
        Found::Missing
    }
}

fn future_tense(text: &str) -> bool {
    crate::phrases::FUTURE_CREATION.is_match(text)
}

/// Names that look like paths but are known to the evidence as something else, or as files
/// outside this worktree: branch names, the session's own files outside the repository, and
/// words the cited commands ran or printed (a model id, a URL path).
fn known_elsewhere(cx: &Ctx, c: &ClaimView, path: &str) -> bool {
    let a = cx.analysis;
    let p = path.trim_end_matches('/');
    let branch = cx
        .ev
        .transcript
        .as_ref()
        .is_some_and(|t| t.session.branches.iter().any(|b| b == p))
        || a.commits
            .session
            .iter()
            .any(|s| s.branch.as_deref() == Some(p))
        || cx.ev.git.as_ref().and_then(|g| g.branch.as_deref()) == Some(p);
    let outside = a.files.outside.iter().any(|o| o == p || same_path(o, p));
    // A file the session edited that is gone now, said to be so.
    let gone = c.text.contains("deleted")
        && a.files
            .entries
            .iter()
            .any(|f| f.edits > 0 && same_path(&f.path, p));
    let cited = cx.ev.transcript.as_ref().is_some_and(|t| {
        t.commands
            .iter()
            .filter(|x| c.cite.iter().any(|i| *i == x.id))
            .any(|x| x.command.contains(p) || x.output.contains(p))
    });
    branch || outside || cited || gone
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    for c in claims(note) {
        if c.key.section == Section::Discarded || c.added_by_validator {
            continue;
        }
        let mut missing: Vec<String> = Vec::new();
        let mut found_in_status = false;
        let may_not_exist = matches!(c.key.section, Section::OpenLoops | Section::NextAction)
            && future_tense(&c.text);
        // A decision may name a folder layout it replaced or plans (`services/fundy/`); files it
        // names are held to their existence.
        let decision = c.key.section == Section::Decisions;
        let folders: Vec<String> = super::text::inline(&c.text)
            .code
            .into_iter()
            .filter(|x| x.ends_with('/'))
            .map(|x| x.trim_end_matches('/').to_string())
            .collect();
        let mut check_one = |p: &PathRef, allowed: bool, missing: &mut Vec<String>| {
            let layout = decision && (p.path.ends_with('/') || folders.contains(&p.path));
            let allowed = allowed || layout || known_elsewhere(cx, &c, &p.path);
            match find(cx, &p.path) {
                Found::Missing if !allowed && !missing.contains(&p.path) => {
                    missing.push(p.path.clone());
                }
                Found::Status => found_in_status = true,
                _ => {}
            }
        };
        // The `…` line counting the rest of git status names no path.
        if let Some(path) = c
            .path
            .as_deref()
            .filter(|p| p.trim() != crate::note::MORE_FILES)
            && let Some(p) = super::text::path_ref(path, false).or_else(|| {
                (!path.trim().is_empty()).then(|| PathRef {
                    path: path.trim().trim_start_matches("./").to_string(),
                    symbol: None,
                })
            })
        {
            check_one(&p, false, &mut missing);
        }
        // Prose about intent and reasons (the goal, decisions, what to do next) names files by
        // their bare name — `config.json` → `config.toml` — often ones that do not exist yet;
        // only a path with a directory is specific enough there to call missing. Claims about
        // state (verified, partial, files) are held to every name.
        let prose = matches!(
            c.key.section,
            Section::Goal
                | Section::Decisions
                | Section::OpenLoops
                | Section::NextAction
                | Section::WatchOuts
        );
        for p in mentions(&c.text).paths {
            let bare_name = !p.path.contains('/');
            check_one(&p, may_not_exist || (prose && bare_name), &mut missing);
        }
        if let Some(v) = &c.verify {
            let future = may_not_exist || future_tense(v);
            for p in mentions(v).paths {
                let allowed = future || is_test_path(&p.path);
                check_one(&p, allowed, &mut missing);
            }
        }
        record(cx, &c, missing, found_in_status);
    }
}

fn record(cx: &mut Ctx, c: &ClaimView, missing: Vec<String>, in_status: bool) {
    if !missing.is_empty() {
        let list = missing
            .iter()
            .map(|p| format!("`{p}`"))
            .collect::<Vec<_>>()
            .join(", ");
        cx.flag(
            c.key,
            ClaimStatus::Unverified,
            rule::PATHS,
            format!("{list} not found in the worktree or git status"),
            Vec::new(),
        );
    } else if c.path.is_some() && c.text.trim().is_empty() {
        // Only an entry that claims no more than the file itself is verified by its existence:
        // "`a.py` — added retry" says more than the path rule checks.
        let ev = if in_status {
            vec!["G".to_string()]
        } else {
            Vec::new()
        };
        cx.verified(c.key, rule::PATHS, ev);
    }
}

#[cfg(test)]
mod tests {
    use crate::note::OpenLoop;
    use crate::testkit::*;
    use crate::validate::validate;

    fn files() -> Vec<(&'static str, &'static str)> {
        vec![
            (
                "src/services/auth.py",
                "def rotate_refresh_token(old):\n    pass\n",
            ),
            ("tests/test_auth.py", "def test_rotate():\n    pass\n"),
            ("README.md", "# x\n"),
        ]
    }

    #[test]
    fn existing_paths_in_every_form_pass() {
        let (_dir, ev) = worktree(
            &files(),
            &[(" M", "src/services/auth.py"), (" D", "src/old.py")],
        );
        let mut n = note();
        n.verified = vec![claim(
            "see `src/services/auth.py:12`, [tests](tests/test_auth.py), `tests/test_auth.py::test_rotate`, README.md, `auth.py`, and https://example.com/x.py",
        )];
        n.partial = vec![claim(
            "removed src/old.py, ran `pytest tests/nope.py` (a command, not a path); and/or 4/4, e.g. Node.js",
        )];
        n.files = vec![file("src/services/auth.py", &[], "")];
        n.verified[0].line = Some(10);
        n.partial[0].line = Some(11);
        let r = validate(&mut n, &ev);
        assert!(
            !rules(&r).contains(&"paths".to_string()),
            "{:?}",
            r.findings
        );
    }

    #[test]
    fn wrong_paths_are_flagged() {
        let (_dir, ev) = worktree(&files(), &[]);
        let mut n = note();
        n.decisions = vec![claim("Kept the cache in `src/services/cache.py`.")];
        n.decisions[0].line = Some(7);
        n.files = vec![file("src/models/tokens.py", &[], "table")];
        n.files[0].line = Some(9);
        let r = validate(&mut n, &ev);
        assert_eq!(rules_for(&r, 7), ["paths"]);
        assert_eq!(rules_for(&r, 9), ["paths"]);
        let flag = n.files[0]
            .flag
            .as_ref()
            .map(|f| f.reason.clone())
            .unwrap_or_default();
        assert!(flag.contains("src/models/tokens.py"), "{flag}");
    }

    #[test]
    fn future_files_in_open_loops_are_allowed() {
        let (_dir, ev) = worktree(&files(), &[]);
        let mut n = note();
        n.open_loops = vec![OpenLoop {
            owner: Some(crate::note::Owner::Agent),
            text: "Add `src/services/revocation.py` with the blacklist".into(),
            verify: Some("`tests/test_revocation.py` passes".into()),
            line: Some(5),
            ..OpenLoop::default()
        }];
        let r = validate(&mut n, &ev);
        assert!(rules_for(&r, 5).is_empty(), "{:?}", r.findings);
        n.open_loops[0].text = "Wire `src/services/revocation.py` into deps".into();
        n.open_loops[0].flag = None;
        let r = validate(&mut n, &ev);
        assert_eq!(rules_for(&r, 5), ["paths"]);
    }

    #[test]
    fn absolute_and_climbing_paths_are_looked_up_not_trusted() {
        let (dir, ev) = worktree(&files(), &[]);
        let root = dir.path().display().to_string();
        let beside = tempfile::NamedTempFile::new().unwrap();
        let mut n = note();
        n.files = vec![
            file(&format!("{root}/src/services/auth.py"), &[], "rotation"),
            file(&format!("{root}/src/services/nope.py"), &[], "cache"),
            file("/nonexistent-handoff-dir/x.py", &[], "x"),
            file("../nonexistent-handoff-sibling/x.py", &[], "x"),
            file(&beside.path().display().to_string(), &[], "scratch"),
        ];
        for (i, f) in n.files.iter_mut().enumerate() {
            f.line = Some(10 + i);
        }
        n.partial = vec![claim("moved it to `../nonexistent-handoff-sibling/y.py`")];
        n.partial[0].line = Some(20);
        let r = validate(&mut n, &ev);
        assert!(rules_for(&r, 10).is_empty(), "{:?}", r.findings);
        assert_eq!(rules_for(&r, 11), ["paths"], "{:?}", r.findings);
        assert_eq!(rules_for(&r, 12), ["paths"], "{:?}", r.findings);
        assert_eq!(rules_for(&r, 13), ["paths"], "{:?}", r.findings);
        assert!(rules_for(&r, 14).is_empty(), "{:?}", r.findings);
        assert_eq!(rules_for(&r, 20), ["paths"], "{:?}", r.findings);
    }

    #[test]
    fn bare_names_in_prose_about_intent_are_not_missing_paths() {
        let (_dir, ev) = worktree(&files(), &[]);
        let mut n = note();
        n.next_actions = vec![claim(
            "Update the example in `README.md` from `config.json` to `config.toml`",
        )];
        n.next_actions[0].line = Some(11);
        n.partial = vec![claim("`config.json` is still read as a fallback")];
        n.partial[0].line = Some(4);
        let r = validate(&mut n, &ev);
        assert!(rules_for(&r, 11).is_empty(), "{:?}", r.findings);
        // A claim about the state of the work is still held to its names.
        assert_eq!(rules_for(&r, 4), ["paths"]);
    }
}
