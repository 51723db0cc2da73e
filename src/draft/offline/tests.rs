use super::*;
use crate::analysis::analyse;
use crate::evidence::git::{GitState, Symbol};
use crate::evidence::transcript::{Command, Edit, Message, Transcript};
use crate::note::render;
use crate::testkit::*;

/// A session in `/repo` with these messages, commands and edits.
fn session(messages: Vec<Message>, commands: Vec<Command>, edits: Vec<Edit>) -> Transcript {
    Transcript {
        commands,
        edits,
        ..chat(messages)
    }
}

fn with_git(t: Transcript, g: GitState) -> Evidence {
    Evidence {
        git: Some(g),
        ..evidence(t)
    }
}

fn drafted(ev: &Evidence) -> Note {
    draft(ev, &analyse(ev))
}

#[test]
fn the_goal_is_the_latest_request_and_names_the_earlier_ones() {
    let t = session(
        vec![
            user(1, "Fix the CSV importer: quoted commas split fields.", 0),
            said(2, "Fixed `parse_line`.", 2),
            user(3, "Now add a --dry-run flag to `tally import`.", 3),
        ],
        vec![],
        vec![edit("E1", "tally/csvio.py", 1)],
    );
    let n = drafted(&evidence(t));
    let goal = n.goal.expect("a goal");
    assert!(goal.text.contains("2 requests"), "{}", goal.text);
    assert!(
        goal.text.contains("(2, latest) Now add a --dry-run flag"),
        "{}",
        goal.text
    );
    assert!(goal.cite.contains(&"M3".to_string()), "{:?}", goal.cite);
}

#[test]
fn a_greeting_is_no_goal() {
    let t = session(
        vec![
            user(1, "Fix the parser bug in `a.py`.", 0),
            user(2, "thanks!", 3),
        ],
        vec![],
        vec![],
    );
    let n = drafted(&evidence(t));
    let goal = n.goal.expect("a goal");
    assert!(goal.text.contains("Fix the parser bug"), "{}", goal.text);
    assert!(!goal.text.contains("thanks"), "{}", goal.text);
}

#[test]
fn a_pass_before_a_later_edit_is_partial_not_verified() {
    let t = session(
        vec![user(1, "Fix the parser in `a.py`.", 0)],
        vec![ran(1, "pytest -q", Some(0), "3 passed in 0.1s", 2)],
        vec![edit("E1", "a.py", 1), edit("E2", "a.py", 3)],
    );
    let n = drafted(&evidence(t));
    assert!(n.verified.is_empty(), "{:?}", n.verified);
    let stale = n
        .partial
        .iter()
        .find(|c| c.text.contains("`pytest -q` passed"))
        .expect("the stale pass is partial");
    assert!(stale.text.contains("changed after it"), "{}", stale.text);
    assert!(stale.cite.contains(&"C1".to_string()) && stale.cite.contains(&"E2".to_string()));
}

#[test]
fn a_pass_after_the_last_edit_is_verified() {
    let t = session(
        vec![user(1, "Fix the parser in `a.py`.", 0)],
        vec![ran(1, "pytest -q", Some(0), "3 passed in 0.1s", 2)],
        vec![edit("E1", "a.py", 1)],
    );
    let n = drafted(&evidence(t));
    assert_eq!(n.verified.len(), 1, "{:?}", n.verified);
    assert!(n.verified[0].text.contains("after the last change"));
    assert_eq!(n.verified[0].cite, ["C1"]);
}

/// A script that ran cleanly says what it printed last: often the result itself.
#[test]
fn a_script_that_ran_cleanly_says_what_it_printed_last() {
    let t = session(
        vec![user(1, "Decrypt `msg.enc`.", 0)],
        vec![ran(
            1,
            "python decrypt.py",
            None,
            "decrypting…\nHTB{l00k_47_y0u}\n\n",
            2,
        )],
        vec![edit("E1", "decrypt.py", 1)],
    );
    let n = drafted(&evidence(t));
    assert_eq!(n.verified.len(), 1, "{:?}", n.verified);
    let v = &n.verified[0].text;
    assert!(
        v.starts_with("`python decrypt.py` ran cleanly (")
            && v.ends_with("after the last change; it printed \"HTB{l00k_47_y0u}\""),
        "{v}"
    );
    assert!(!v.contains("ran cleanly (ran cleanly"), "{v}");
}

#[test]
fn a_failing_check_is_an_open_loop_and_the_next_action() {
    let t = session(
        vec![user(1, "Make `tally import` count rows.", 0)],
        vec![ran(
            1,
            "python -m pytest -q",
            Some(1),
            "FAILED tests/test_cli.py::test_counts - AssertionError: assert 2 == 1\n1 failed",
            2,
        )],
        vec![edit("E1", "tally/cli.py", 1)],
    );
    let n = drafted(&evidence(t));
    let l = n
        .open_loops
        .iter()
        .find(|l| l.text.contains("fails on its last run"))
        .expect("the failing suite is an open loop");
    assert_eq!(l.owner, Some(crate::note::Owner::Agent));
    assert_eq!(l.verify.as_deref(), Some("python -m pytest -q"));
    assert_eq!(n.next_actions.len(), 1);
    let next = &n.next_actions[0].text;
    assert!(next.contains("tests/test_cli.py::test_counts"), "{next}");
    assert!(next.contains("`python -m pytest -q`"), "{next}");
}

#[test]
fn files_are_the_git_paths_with_their_symbols_then_the_session_edits() {
    let t = session(
        vec![user(1, "Fix `parse_line`.", 0)],
        vec![],
        vec![
            edit("E1", "tally/csvio.py", 1),
            edit("E2", "tally/csvio.py", 2),
        ],
    );
    let mut g = git_state(&[(" M", "tally/csvio.py"), ("??", "notes.txt")]);
    g.symbols = vec![Symbol {
        path: "tally/csvio.py".into(),
        name: "parse_line".into(),
    }];
    let n = drafted(&with_git(t, g));
    let paths: Vec<&str> = n.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["tally/csvio.py", "notes.txt"]);
    assert_eq!(n.files[0].symbols, ["parse_line"]);
    // Git and the session's edits both back the changed file; only git knows the other.
    assert!(n.files[0].cite.contains(&"G".to_string()));
    assert!(n.files[0].cite.contains(&"E1".to_string()));
    assert_eq!(n.files[1].cite, ["G"]);
}

#[test]
fn a_session_without_tool_calls_says_nothing_was_run_or_changed() {
    let t = session(
        vec![
            user(1, "What does `parse_line` do?", 0),
            said(2, "It splits a line.", 1),
        ],
        vec![],
        vec![],
    );
    let n = drafted(&evidence(t));
    assert!(n.files.is_empty(), "{:?}", n.files);
    assert!(
        n.watch_outs.iter().any(|w| w
            .text
            .contains("No file edit and no shell command is recorded")),
        "{:?}",
        n.watch_outs
    );
}

#[test]
fn decisions_and_dead_ends_come_from_the_agent_and_from_failures_it_got_past() {
    let t = session(
        vec![
            user(1, "Fix quoted commas in `csvio.py`.", 0),
            said(
                2,
                "Splitting on commas with a regex didn't work because quotes can nest. I'll use the csv module instead of manual splitting.",
                3,
            ),
        ],
        vec![
            ran(
                1,
                "pytest tests/test_csv.py",
                Some(1),
                "FAILED tests/test_csv.py::test_quoted - AssertionError",
                2,
            ),
            ran(
                2,
                "pytest tests/test_csv.py",
                Some(0),
                "4 passed in 0.1s",
                5,
            ),
        ],
        vec![edit("E1", "csvio.py", 1), edit("E2", "csvio.py", 4)],
    );
    let n = drafted(&evidence(t));
    assert!(
        n.decisions.iter().any(|d| d.text.contains("csv module")),
        "{:?}",
        n.decisions
    );
    assert!(
        n.discarded.iter().any(|d| d.text.contains("didn't work")),
        "{:?}",
        n.discarded
    );
    let resolved = n
        .discarded
        .iter()
        .find(|d| d.text.contains("failed 1×"))
        .expect("the failure the session got past");
    assert!(
        resolved.text.contains("fixed by editing `csvio.py`"),
        "{}",
        resolved.text
    );
    // A failure put behind is no open loop.
    assert!(
        n.open_loops.iter().all(|l| !l.text.contains("fails")),
        "{:?}",
        n.open_loops
    );
}

#[test]
fn there_is_one_next_action_and_it_names_something() {
    let sessions = [
        session(
            vec![user(1, "Fix `a.py`.", 0)],
            vec![],
            vec![edit("E1", "a.py", 1)],
        ),
        session(
            vec![
                user(1, "Fix `a.py`.", 0),
                said(2, "Want me to also update `b.py`?", 2),
            ],
            vec![],
            vec![edit("E1", "a.py", 1)],
        ),
        session(
            vec![user(1, "Run the tests.", 0)],
            vec![ran(
                1,
                "cargo test",
                Some(101),
                "error[E0425]: cannot find value `x`",
                1,
            )],
            vec![],
        ),
    ];
    for t in sessions {
        let n = drafted(&evidence(t));
        assert_eq!(n.next_actions.len(), 1, "{:?}", n.next_actions);
        let next = &n.next_actions[0].text;
        assert!(
            next.contains('`') || next.contains('"'),
            "names a path, command or question: {next}"
        );
        assert!(!crate::phrases::VAGUE_NEXT_ACTION.is_match(next), "{next}");
    }
}

#[test]
fn snapshot_of_a_small_bug_fix_session() {
    let t = session(
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
            ran(
                1,
                "pytest tests/test_csv.py",
                Some(1),
                "FAILED tests/test_csv.py::test_quoted - AssertionError",
                2,
            ),
            ran(
                2,
                "pytest tests/test_csv.py",
                Some(1),
                "FAILED tests/test_csv.py::test_quoted - AssertionError",
                4,
            ),
            ran(
                3,
                "pytest tests/test_csv.py",
                Some(0),
                "5 passed in 0.2s",
                6,
            ),
        ],
        vec![
            edit("E1", "csv_import.py", 1),
            edit("E2", "csv_import.py", 5),
        ],
    );
    let mut g = git_state(&[(" M", "csv_import.py"), ("??", "tests/test_csv.py")]);
    g.symbols = vec![Symbol {
        path: "csv_import.py".into(),
        name: "parse_line".into(),
    }];
    let ev = with_git(t, g);
    let a = analyse(&ev);
    let at = chrono::DateTime::from_timestamp(1_767_225_600, 0).unwrap_or_default();
    let n = crate::pipeline::complete(draft(&ev, &a), &ev, &a, None, at);
    insta::assert_snapshot!(render(&n));
    // What the snapshot must show, named: the goal is the typed request; the last run, after
    // the last edit, verifies; the failed runs before it are a dead end the session got past,
    // not open loops; the assistant's choice and dead end are kept apart; both changed files are
    // listed with the symbol; one concrete next action.
    assert_eq!(
        n.goal.as_ref().map(|g| g.cite.clone()),
        Some(vec!["M1".into()])
    );
    assert_eq!(n.verified.len(), 1);
    assert_eq!(n.verified[0].cite, ["C3"]);
    assert!(
        n.open_loops.iter().all(|l| !l.text.contains("fails")),
        "{:?}",
        n.open_loops
    );
    assert!(n.decisions[0].text.contains("csv module"));
    assert!(n.discarded.iter().any(|d| d.text.contains("didn't work")));
    let files: Vec<&str> = n.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(files, ["csv_import.py", "tests/test_csv.py"]);
    assert_eq!(n.files[0].symbols, ["parse_line"]);
    assert_eq!(n.next_actions.len(), 1);
}
