//! `handoff summarize` end to end: the real binary on real git repositories, the sample
//! session and corpus transcripts.

use crate::support::{corpus_present, git, handoff, shared, stdout_of};
use predicates::prelude::*;
use std::path::{Path, PathBuf};
use std::process::Command;

fn sample() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("evals/samples/claude-csv-quoted-fields.jsonl")
}

/// A repository with one commit, a modified file, a staged new file and an untracked file.
fn repo() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    git(p, &["init", "-q", "-b", "main"]);
    std::fs::create_dir_all(p.join("tally")).unwrap();
    std::fs::write(
        p.join("tally/csvio.py"),
        "def parse_line(line):\n    return line.split(',')\n",
    )
    .unwrap();
    std::fs::write(p.join("README.md"), "# tally\n").unwrap();
    git(p, &["add", "."]);
    git(p, &["commit", "-q", "-m", "Initial import"]);
    std::fs::write(
        p.join("tally/csvio.py"),
        "import csv\n\ndef parse_line(line):\n    # TODO: handle CRLF\n    return next(csv.reader([line]))\n",
    )
    .unwrap();
    std::fs::write(
        p.join("tally/cli.py"),
        "def count_rows(path):\n    return 0\n",
    )
    .unwrap();
    git(p, &["add", "tally/cli.py"]);
    std::fs::write(p.join("notes.txt"), "scratch\n").unwrap();
    dir
}

fn settings(dir: &Path) -> insta::Settings {
    let mut s = insta::Settings::clone_current();
    s.add_filter(&regex::escape(&dir.display().to_string()), "[REPO]");
    s.add_filter(
        &regex::escape(
            &PathBuf::from(env!("CARGO_MANIFEST_DIR"))
                .display()
                .to_string(),
        ),
        "[CRATE]",
    );
    s.add_filter(
        r"written: \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ",
        "written: [TIME]",
    );
    s.add_filter(r"\*\*HEAD:\*\* `[0-9a-f]{7}`", "**HEAD:** `[COMMIT]`");
    s.add_filter(r"handoff \d+\.\d+\.\d+", "handoff [VERSION]");
    s
}

fn stdout_note(args: &[&str], repo: &Path) -> String {
    stdout_of(
        handoff()
            .arg("summarize")
            .args(args)
            .arg("--repo")
            .arg(repo)
            .args(["--offline", "--stdout"]),
    )
}

#[test]
fn writes_into_dot_handoff_of_the_repository_and_lists_every_changed_file() {
    let dir = repo();
    let out = handoff()
        .args(["summarize", "--offline", "--transcript"])
        .arg(sample())
        .arg("--repo")
        .arg(dir.path().join("tally"))
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let path = PathBuf::from(String::from_utf8(out.stdout).unwrap().trim());
    let name = path.file_name().unwrap().to_string_lossy().to_string();
    assert!(
        path.starts_with(dir.path().join(".handoff")),
        "{}",
        path.display()
    );
    assert!(
        regex::Regex::new(r"^\d{8}-\d{6}-claude-code-5f2c9a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c\.md$")
            .unwrap()
            .is_match(&name),
        "{name}"
    );
    let md = std::fs::read_to_string(&path).unwrap();
    for f in ["tally/csvio.py", "tally/cli.py", "notes.txt"] {
        assert!(md.contains(&format!("- `{f}`")), "{f} missing in\n{md}");
    }
    assert!(
        md.contains("Resolve the TODO added in `tally/csvio.py`"),
        "{md}"
    );
    let sidecar: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(sidecar["note"]["header"]["drafter"], "offline");
    assert_eq!(sidecar["evidence"]["git"]["changed"], 3);
    assert!(sidecar["report"]["counts"].is_object());
    // Parsing the written note gives the same note back.
    let parsed = handoff::parse_note(&md);
    assert_eq!(handoff::render_note(&parsed), md);
}

#[test]
fn never_overwrites_an_existing_note() {
    let dir = repo();
    let out_dir = dir.path().join("notes");
    let run = || {
        let out = handoff()
            .args(["summarize", "--offline", "--out"])
            .arg(format!("{}/", out_dir.display()))
            .arg("--repo")
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        PathBuf::from(String::from_utf8(out.stdout).unwrap().trim())
    };
    let a = run();
    let b = run();
    assert_ne!(a, b);
    assert!(a.exists() && b.exists());

    let file = dir.path().join("NOTE.md");
    std::fs::write(&file, "mine").unwrap();
    handoff()
        .args(["summarize", "--offline", "--out"])
        .arg(&file)
        .arg("--repo")
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("already exists").and(predicate::str::contains("--force")),
        );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "mine");
    handoff()
        .args(["summarize", "--offline", "--force", "--out"])
        .arg(&file)
        .arg("--repo")
        .arg(dir.path())
        .assert()
        .success();
    assert!(
        std::fs::read_to_string(&file)
            .unwrap()
            .starts_with("# Session Handoff:")
    );
    assert!(dir.path().join("NOTE.json").exists());
}

#[test]
fn unwritable_output_folder_is_a_clear_error_with_exit_2() {
    let dir = repo();
    let regular = dir.path().join("README.md");
    let mut targets = vec![
        PathBuf::from("/proc/self/handoff-notes/"),
        PathBuf::from(format!("{}/sub/", regular.display())),
    ];
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        let ro = dir.path().join("ro");
        std::fs::create_dir(&ro).unwrap();
        std::fs::set_permissions(&ro, std::fs::Permissions::from_mode(0o555)).unwrap();
        // Root ignores permissions; only test the chmod case when it would really fail.
        if std::fs::write(ro.join("probe"), "x").is_err() {
            targets.push(PathBuf::from(format!("{}/", ro.display())));
        }
    }
    for t in targets {
        handoff()
            .args(["summarize", "--offline", "--out"])
            .arg(&t)
            .arg("--repo")
            .arg(dir.path())
            .assert()
            .code(2)
            .stderr(predicate::str::contains("choose a writable folder"));
    }
}

#[test]
fn stdout_and_json_modes_write_nothing_to_disk() {
    let dir = repo();
    let md = stdout_note(&[], dir.path());
    assert!(md.starts_with("# Session Handoff:"));
    let out = handoff()
        .args(["summarize", "--offline", "--stdout", "--json", "--repo"])
        .arg(dir.path())
        .output()
        .unwrap();
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["note"]["files"].as_array().unwrap().len() >= 3);
    assert!(!dir.path().join(".handoff").exists());
}

#[test]
fn no_model_configured_says_so_on_stderr() {
    let dir = repo();
    handoff()
        .args(["summarize", "--stdout", "--repo"])
        .arg(dir.path())
        .env_remove("HANDOFF_MODEL")
        .env_remove("OPENAI_API_KEY")
        .env_remove("OPENAI_BASE_URL")
        .env("HOME", dir.path())
        .env("XDG_CONFIG_HOME", dir.path())
        .assert()
        .success()
        .stderr(predicate::str::contains("drafting offline"));
}

/// The lines of `## heading` up to the next heading.
fn section<'a>(md: &'a str, heading: &str) -> Vec<&'a str> {
    md.split("\n## ")
        .find(|s| s.starts_with(heading))
        .map(|s| s.lines().skip(1).filter(|l| !l.trim().is_empty()).collect())
        .unwrap_or_default()
}

/// Properties every note `summarize` writes must have, whatever the snapshot says: the six
/// sections in order, each with a body; exactly one next action; every open loop owned and
/// checkable; the header names the offline drafter and the validator's counts.
fn assert_note_shape(md: &str) {
    let headings = [
        "Workspace State",
        "Goal & Current State",
        "Decisions & Discarded Paths",
        "Files & Symbols",
        "Open Loops",
        "Next Action",
    ];
    let at: Vec<usize> = headings
        .iter()
        .map(|h| {
            md.find(&format!("\n## {h}\n"))
                .unwrap_or_else(|| panic!("no ## {h}"))
        })
        .collect();
    assert!(at.windows(2).all(|w| w[0] < w[1]), "sections out of order");
    for h in headings {
        assert!(!section(md, h).is_empty(), "## {h} is empty");
    }
    assert_eq!(
        section(md, "Next Action").len(),
        1,
        "exactly one next action"
    );
    for l in section(md, "Open Loops").iter().filter(|l| **l != "- None") {
        assert!(
            l.starts_with("- [Agent]") || l.starts_with("- [Human]"),
            "{l}"
        );
        assert!(l.contains("Verify:"), "{l}");
    }
    let header = md
        .lines()
        .find(|l| l.starts_with("> handoff "))
        .unwrap_or("");
    assert!(header.contains("drafter: offline"), "{header}");
    assert!(header.contains("validator: "), "{header}");
}

#[test]
fn snapshot_sample_session_in_a_repository() {
    let dir = repo();
    let md = stdout_note(
        &["--transcript", &sample().display().to_string()],
        dir.path(),
    );
    settings(dir.path()).bind(|| insta::assert_snapshot!(md));
    assert_note_shape(&md);
    // The source is the transcript file.
    assert!(md.contains("source: ") && md.contains("claude-csv-quoted-fields.jsonl"));
    // A pass followed by edits is not verified; the suite failing at the end is an open loop and
    // its failing test is the next action.
    let state = section(&md, "Goal & Current State").join("\n");
    assert!(
        !state.contains("**Verified:** `python -m pytest tests/test_csvio.py -q`"),
        "{state}"
    );
    assert!(state.contains("changed after it"), "{state}");
    assert!(
        section(&md, "Open Loops")
            .iter()
            .any(|l| l.contains("`python -m pytest -q` fails on its last run"))
    );
    assert!(section(&md, "Next Action")[0].contains("test_import_counts_rows"));
    // The regex dead end and the csv decision come from the assistant's own words.
    let decisions = section(&md, "Decisions & Discarded Paths").join("\n");
    assert!(decisions.contains("**Decision:**") && decisions.contains("csv"));
    assert!(decisions.contains("**Discarded:**") && decisions.contains("regex"));
}

#[test]
fn snapshot_repository_without_transcript() {
    let dir = repo();
    let md = stdout_note(&[], dir.path());
    settings(dir.path()).bind(|| insta::assert_snapshot!(md));
    assert_note_shape(&md);
    // No transcript: no source, no goal, and the note says what it rests on.
    assert!(!md.contains("source: "));
    assert_eq!(section(&md, "Goal & Current State"), ["- None"]);
    assert!(
        section(&md, "Watch-outs")
            .iter()
            .any(|l| l.contains("No transcript was given"))
    );
    // Every changed path is listed, with the symbols its diff touches.
    let files = section(&md, "Files & Symbols").join("\n");
    for f in [
        "`tally/cli.py` — `count_rows`",
        "`tally/csvio.py` — `parse_line`",
        "`notes.txt`",
    ] {
        assert!(files.contains(f), "{f} missing from {files}");
    }
    // The TODO added in the diff is the open loop, checked by a grep.
    assert!(section(&md, "Next Action")[0].contains("TODO: handle CRLF"));
}

/// Summarizes a corpus transcript without a repository, snapshots the note and checks its
/// shape.
fn corpus_snapshot(name: &str, rel: &str) -> String {
    let dir = tempfile::tempdir().unwrap();
    let md = stdout_note(
        &["--transcript", &shared(rel).display().to_string()],
        dir.path(),
    );
    let mut s = settings(dir.path());
    s.add_filter(
        &regex::escape(&shared("").display().to_string()),
        "[SHARED]/",
    );
    s.bind(|| insta::assert_snapshot!(name, md));
    assert_note_shape(&md);
    // No repository: the workspace is said to be unknown, never made up.
    assert!(section(&md, "Workspace State")[0].contains("No git repository"));
    md
}

#[test]
fn snapshot_corpus_codex_session() {
    if !corpus_present() {
        return;
    }
    let md = corpus_snapshot("corpus_codex", "corpus/codex/soulpass-frontend-tsc.jsonl");
    // tsc failed twice, then passed: the last run decides.
    assert!(md.contains("`npx tsc --noEmit` passed"), "{md}");
}

#[test]
fn snapshot_corpus_claude_code_session() {
    if !corpus_present() {
        return;
    }
    let md = corpus_snapshot(
        "corpus_claude_code",
        "corpus/claude-code/solsmile-hardhat-windows.jsonl",
    );
    // 69 hardhat tests passed and only frontend files changed after: still verified. The
    // contracts' compile passed before edits to the tests and the deploy script, but the later
    // passing `hardhat test` compiles first: verified, citing both runs.
    assert!(
        md.contains("npx hardhat test` passed (69 passed) after the last change"),
        "{md}"
    );
    assert!(
        md.contains("`npx hardhat compile` (in `contracts/`) passed (output: \"Compiled 3 Solidity files successfully\"); "),
        "{md}"
    );
    assert!(
        md.contains("npx hardhat test` built it again after the last change and passed (C18, C33)"),
        "{md}"
    );
}

#[test]
fn snapshot_corpus_chat_only_session_is_thin() {
    if !corpus_present() {
        return;
    }
    let md = corpus_snapshot(
        "corpus_openhands_chat_only",
        "corpus/openhands/chat-only-interactions.json",
    );
    assert!(
        md.contains("No file edit and no shell command is recorded"),
        "{md}"
    );
    assert_eq!(section(&md, "Files & Symbols"), ["- None"]);
}

#[test]
fn snapshot_corpus_aider_session() {
    if !corpus_present() {
        return;
    }
    let md = corpus_snapshot("corpus_aider", "corpus/aider/afi-core-gpt4o.md");
    // aider records no exit codes: nothing is claimed verified by a command.
    assert!(
        !section(&md, "Goal & Current State")
            .iter()
            .any(|l| l.starts_with("- **Verified:**"))
    );
}

#[test]
fn commits_made_during_the_session_are_named_in_the_workspace_state() {
    let dir = repo();
    let p = dir.path();
    // The sample session runs from 09:12 to 09:15 UTC on 2026-03-14: one commit inside it, one
    // long before.
    let commit_at = |date: &str, msg: &str| {
        let out = Command::new("git")
            .args(["-c", "user.name=T", "-c", "user.email=t@e.st"])
            .args(["commit", "-q", "--allow-empty", "-m", msg])
            .env("GIT_AUTHOR_DATE", date)
            .env("GIT_COMMITTER_DATE", date)
            .current_dir(p)
            .output()
            .expect("git runs");
        assert!(out.status.success());
    };
    commit_at("2026-03-01T10:00:00Z", "Earlier work");
    commit_at(
        "2026-03-14T09:14:00Z",
        "Parse quoted fields with the csv module",
    );
    let sample = sample();
    let note = stdout_note(&["--transcript", sample.to_str().unwrap()], p);
    // Nothing in the transcript made the commit (no `git commit` output names it): it is listed
    // as made meanwhile, never as the session's.
    let line = note
        .lines()
        .find(|l| l.starts_with("- **Also committed meanwhile"))
        .unwrap_or_else(|| panic!("no meanwhile line in:\n{note}"));
    assert!(
        line.contains("Parse quoted fields with the csv module"),
        "{line}"
    );
    assert!(!line.contains("Earlier work"), "{line}");
    assert!(!note.contains("Committed by this session"), "{note}");
    // Without a transcript there is no session to place commits in.
    assert!(!stdout_note(&[], p).contains("Also committed meanwhile"));
}

#[test]
fn a_test_command_that_could_not_run_is_never_reported_as_failing_tests() {
    let dir = repo();
    let cases = [
        (
            vec!["--test-cmd", "nosuchcommand-handoff-test --run"],
            "command not found (exit 127)",
        ),
        (
            vec!["--test-cmd", "sleep 30", "--test-timeout", "1"],
            "killed at the 1 s timeout",
        ),
    ];
    for (args, why) in cases {
        let out = handoff()
            .arg("summarize")
            .args(&args)
            .arg("--repo")
            .arg(dir.path())
            .args(["--offline", "--stdout"])
            .output()
            .unwrap();
        assert!(out.status.success(), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            stderr.contains("warning: --test-cmd") && stderr.contains(why),
            "{args:?}: {stderr}"
        );
        let md = String::from_utf8(out.stdout).unwrap();
        assert!(!md.contains(" fails"), "{md}");
        assert!(!md.contains("fix the first failure"), "{md}");
        let state = section(&md, "Goal & Current State").join("\n");
        assert!(
            state.contains("could not run:") && state.contains(why),
            "{state}"
        );
        let next = section(&md, "Next Action").join("\n");
        assert!(next.contains("to run, then run it"), "{next}");
        assert!(
            section(&md, "Open Loops")
                .iter()
                .any(|l| l.contains("could not run") && l.contains("(T1)")),
            "{md}"
        );
    }
}
