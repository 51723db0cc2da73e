//! Transcript fidelity on realistic fixtures (issue 12): each fixture is shaped like the records
//! the agent writes (built from the agents' own source: Cline's `formatResponse` and tool
//! handlers, gemini-cli's chat recording service, aider's `io.py`, SWE-agent's tools), and each
//! reproduces a bug seen on real held-out files. The counts asserted here were re-measured by an
//! independent reader, `tests/fixtures/count_fidelity.py`, which does not share code with the
//! crate.

use crate::support::{collected, corpus_present, fixture, typed_users};
use serde_json::Value;
use std::ffi::OsStr;
use std::path::Path;

/// `handoff collect --json [--repo REPO] --transcript PATH`: the whole evidence bundle.
fn evidence(path: &Path, repo: Option<&Path>) -> Value {
    let mut args: Vec<&OsStr> = Vec::new();
    if let Some(repo) = repo {
        args.extend([OsStr::new("--repo"), repo.as_os_str()]);
    }
    args.extend([OsStr::new("--transcript"), path.as_os_str()]);
    collected(args)
}

fn collect(rel: &str) -> Value {
    evidence(&fixture(rel), None)["transcript"].clone()
}

/// (command, exit code, ok, has a result) of every command.
fn outcomes(t: &Value) -> Vec<(String, Option<i64>, Option<bool>, bool)> {
    t["commands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["command"].as_str().unwrap().to_string(),
                c["exit_code"].as_i64(),
                c["ok"].as_bool(),
                c["has_result"] == true,
            )
        })
        .collect()
}

fn edits(t: &Value) -> Vec<(String, bool)> {
    t["edits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| {
            (
                e["path"].as_str().unwrap().to_string(),
                e["confirmed"] == true,
            )
        })
        .collect()
}

fn owned(
    v: &[(&str, Option<i64>, Option<bool>, bool)],
) -> Vec<(String, Option<i64>, Option<bool>, bool)> {
    v.iter()
        .map(|(c, e, o, r)| (c.to_string(), *e, *o, *r))
        .collect()
}

/// Items 1, 2, 3 and 10: a resumed Cline task (native tool calls, text results, a
/// `tool_result` block) with every harness block Cline writes into user turns.
#[test]
fn cline_resumed_task_pairs_results_by_position_and_keeps_harness_text_apart() {
    let t = collect("transcripts/cline-resumed-task.json");
    assert_eq!(t["session"]["agent"], "cline");
    assert_eq!(
        outcomes(&t),
        owned(&[
            (
                "gsutil mb -l us-east1 gs://mra-assets",
                Some(1),
                Some(false),
                true
            ),
            // Interrupted: the resumed task's next result is not its result.
            ("rm -rf build", None, None, false),
            ("npm test", Some(1), Some(false), true),
            ("npm test -- -u", Some(0), Some(true), true),
            // Still running: no outcome.
            ("npm run dev", None, None, true),
            // Run by attempt_completion; its status is the block after `Result: Done`.
            ("npx tsc --noEmit", Some(2), Some(false), true),
            // Interrupted again.
            ("npm install zod@^3.23", None, None, false),
        ])
    );
    assert_eq!(
        typed_users(&t),
        [
            "Create the GCS assets bucket for MRA and make the env tests pass",
            "skip the cleanup, just run the tests",
            "don't touch the legacy loader",
            "yes, update them",
            "the type check fails, fix it before you call it done",
            "yes, switch to act and retry the install",
        ]
    );
    // The saved file's content says "Failed to process", the status line says saved.
    assert_eq!(
        edits(&t),
        [
            ("src/common/env.ts".to_string(), true),
            ("src/legacy.ts".to_string(), false)
        ]
    );
    assert_eq!(t["session"]["cwd"], "c:/Apps/MRA04242026");
    let kinds = |k: &str| {
        t["messages"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["role"] == "user" && m["kind"] == k)
            .count()
    };
    // 2 resumptions; 2 todo-list nags + 1 no-tool nag; the rest of Cline's text is meta.
    assert_eq!(kinds("wrapper"), 2);
    assert_eq!(kinds("reminder"), 3);
    let errors: Vec<&str> = t["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["evidence"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(errors, ["E2"], "the denied write is an error on its edit");
}

/// A corpus file's transcript, when the corpus is next to the checkout (otherwise the calling
/// test says it is skipped, by name).
fn corpus(rel: &str) -> Option<Value> {
    if !corpus_present() {
        return None;
    }
    let path = crate::support::shared(&format!("corpus/{rel}"));
    Some(evidence(&path, None)["transcript"].clone())
}

/// Claude Code, seen on a corpus file: a result record written before its call still confirms
/// the edit (fundwise E21).
#[test]
fn claude_result_written_before_its_call_confirms_the_edit() {
    let Some(t) = corpus("claude-code/fundwise-adr-docs.jsonl") else {
        return;
    };
    let e21 = &t["edits"][20];
    assert_eq!(
        (e21["id"].as_str(), e21["path"].as_str()),
        (Some("E21"), Some("issues.md"))
    );
    assert_eq!(e21["confirmed"], true);
}

/// Claude Code, seen on a corpus file: a subagent's prompt is not a typed message (cipherbox
/// M7) and its model is kept apart from the main one (item 8).
#[test]
fn claude_subagent_prompt_and_model_are_kept_apart() {
    let Some(t) = corpus("claude-code/cipherbox-compacted-playwright.jsonl") else {
        return;
    };
    let m7 = &t["messages"][6];
    assert_eq!(m7["id"], "M7");
    assert!(
        m7["text"]
            .as_str()
            .unwrap()
            .starts_with("Find the test plan")
    );
    assert_eq!(m7["kind"], "subagent_prompt");
    assert_eq!(
        t["session"]["models"],
        serde_json::json!(["claude-opus-4-6"])
    );
    assert_eq!(
        t["session"]["subagent_models"],
        serde_json::json!(["claude-haiku-4-5-20251001"])
    );
}

/// A repository whose commits have pinned authors, dates and contents, so their ids are the
/// ones the aider fixture names (`git rev-parse --short HEAD` after each step).
fn aider_repo() -> tempfile::TempDir {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path();
    let git = |args: &[&str], date: Option<&str>| {
        let mut cmd = std::process::Command::new("git");
        cmd.args(["-c", "user.name=T", "-c", "user.email=t@e.st"])
            .args(args)
            .current_dir(dir);
        if let Some(d) = date {
            cmd.env("GIT_AUTHOR_DATE", d).env("GIT_COMMITTER_DATE", d);
        }
        let out = cmd.output().expect("git runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).trim().to_string()
    };
    git(&["init", "-q", "-b", "main"], None);
    let steps = [
        (
            "2025-12-02T10:00:00Z",
            "README.md",
            "afi\n",
            "chore: initial",
            "42eb049",
        ),
        (
            "2025-12-03T19:44:10Z",
            ".aidar.json",
            "{}\n",
            "feat: create .aidar.json file to track project directory and files",
            "e3b995d",
        ),
        (
            "2025-12-03T19:46:02Z",
            "src/app.py",
            "print('hi')\n",
            "feat: add app entry point",
            "16925c8",
        ),
        (
            "2025-12-04T14:01:30Z",
            "src/common/env.ts",
            "export const PORT = 8080;\n",
            "fix: read PORT from env",
            "5793247",
        ),
        // The person's own commit, minutes after aider's: not aider's.
        (
            "2025-12-04T14:03:00Z",
            "NOTES.md",
            "notes\n",
            "docs: notes",
            "cb15582",
        ),
    ];
    for (date, path, content, msg, short) in steps {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(&p, content).unwrap();
        git(&["add", "-A"], None);
        git(&["commit", "-q", "-m", msg], Some(date));
        assert_eq!(git(&["rev-parse", "--short=7", "HEAD"], None), short);
    }
    tmp
}

/// Item 4: an aider history is split at each launch heading; the heading's local time is not
/// stamped as UTC; each launch ends at its last event; commits are aider's own `Commit <sha>`
/// lines (an undone one dropped), matched by id. Item 9: Windows separators in aider's edit
/// lines are normalised.
#[test]
fn aider_launches_local_time_and_commits_by_id() {
    let repo = aider_repo();
    let ev = evidence(
        &fixture("transcripts/aider-two-launches.md"),
        Some(repo.path()),
    );
    let s = &ev["transcript"]["session"];
    assert!(s["started_at"].is_null() && s["ended_at"].is_null());
    let launches = s["launches"].as_array().unwrap();
    assert_eq!(launches.len(), 2);
    assert_eq!(launches[0]["started_local"], "2025-12-03T14:43:45");
    assert_eq!(launches[1]["started_local"], "2025-12-04T09:01:02");
    assert_eq!(
        launches[0]["commits"],
        serde_json::json!(["e3b995d", "16925c8"])
    );
    assert_eq!(launches[1]["commits"], serde_json::json!(["5793247"]));
    // The second launch runs to the last event of the file.
    let last_seq = ev["transcript"]["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["seq"].as_u64().unwrap())
        .max()
        .unwrap();
    assert_eq!(launches[1]["last_seq"].as_u64(), Some(last_seq));
    assert_eq!(
        launches[1]["first_seq"].as_u64(),
        Some(launches[0]["last_seq"].as_u64().unwrap() + 1)
    );
    let in_session: Vec<(String, bool)> = ev["git"]["commits"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["id"].as_str().unwrap()[..7].to_string(),
                c["in_session"] == true,
            )
        })
        .collect();
    assert_eq!(
        in_session,
        [
            ("cb15582".to_string(), false),
            ("5793247".to_string(), true),
            ("16925c8".to_string(), true),
            ("e3b995d".to_string(), true),
            ("42eb049".to_string(), false),
        ]
    );
    let paths: Vec<String> = edits(&ev["transcript"])
        .into_iter()
        .map(|(p, _)| p)
        .collect();
    assert_eq!(
        paths,
        [
            ".aidar.json",
            "src/app.py",
            "src/common/env.ts",
            "src/common/env.ts"
        ]
    );
}

/// Item 5: SWE-agent's windowed `insert` and `append` are edits of the open file (this run
/// submitted no diff, so nothing else would show them); the first request is the issue text,
/// not the template's lead-in.
#[test]
fn swe_agent_insert_and_append_are_edits_and_the_request_is_the_issue() {
    let t = collect("transcripts/swe-windowed-insert.traj");
    assert_eq!(
        edits(&t),
        [
            ("reproduce.py".to_string(), true),
            ("reproduce.py".to_string(), true),
            ("src/marshmallow/fields.py".to_string(), true),
            // The insert that introduced a syntax error was not applied.
            ("src/marshmallow/fields.py".to_string(), false),
            ("CHANGELOG.rst".to_string(), true),
        ]
    );
    let commands: Vec<String> = outcomes(&t).into_iter().map(|c| c.0).collect();
    assert_eq!(
        commands,
        [
            "python reproduce.py",
            "open src/marshmallow/fields.py 1474",
            "open CHANGELOG.rst",
            "python reproduce.py"
        ]
    );
    let typed = typed_users(&t);
    assert_eq!(typed.len(), 1);
    assert!(typed[0].starts_with("TimeDelta serialization precision\nHi there!"));
    assert!(!typed[0].contains("We're currently solving"));
    assert!(!typed[0].contains("INSTRUCTIONS"));
}

/// Item 6: a pipe into `head`/`tail`/`grep` hides the producer's exit status (Claude Code's
/// `is_error` is `head`'s): a failure shown in the output fails the command, no sign leaves it
/// unknown, and a search whose results mention errors is not a failure.
#[test]
fn pipelines_into_filters_are_judged_by_their_output() {
    let t = collect("transcripts/claude-pipelines-and-checks.jsonl");
    let by_cmd = |prefix: &str| {
        outcomes(&t)
            .into_iter()
            .find(|c| c.0.starts_with(prefix))
            .unwrap_or_else(|| panic!("no command {prefix}"))
    };
    // fatal: destination path 'pup' already exists
    assert_eq!(by_cmd("cd .. && git clone").2, Some(false));
    // `tsc … | grep "error TS"` showing errors is a failed check.
    let tsc = by_cmd("npx tsc --noEmit");
    assert_eq!(tsc.2, Some(false));
    assert!(t["commands"][1]["is_check"] == true);
    // A build piped into tail with no failure shown: unknown, not ok.
    assert_eq!(by_cmd("npm run build").2, None);
    // A history search that finds "FAILED": content, not a failure.
    assert_eq!(by_cmd("git log --oneline").2, None);
    assert_eq!(by_cmd("ls scripts").2, None);
}

/// Item 7: `node --check FILE` and `python -m py_compile FILE` are checks, as `tsc --noEmit`
/// and `cargo check` are; their exit status judges them.
#[test]
fn syntax_checks_are_checks() {
    let t = collect("transcripts/claude-pipelines-and-checks.jsonl");
    let checks: Vec<(String, Option<bool>)> = t["commands"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|c| c["is_check"] == true)
        .map(|c| {
            (
                c["command"].as_str().unwrap().to_string(),
                c["ok"].as_bool(),
            )
        })
        .collect();
    let want = [
        (
            "npx tsc --noEmit 2>&1 | grep -E \"error TS\" | head -20",
            Some(false),
        ),
        ("npm run build 2>&1 | tail -5", None),
        ("node --check scripts/release.js", Some(true)),
        ("node --check scripts/bump.js", Some(false)),
        (
            "python3 -m py_compile tools/gen_schema.py && echo ok",
            Some(true),
        ),
        ("python -m py_compile tools/old_gen.py", Some(false)),
    ];
    let want: Vec<(String, Option<bool>)> = want.iter().map(|(c, o)| (c.to_string(), *o)).collect();
    assert_eq!(checks, want);
}

/// Item 10 (and 9): a Gemini CLI JSONL recording with tool calls rewritten by id, a failed
/// edit, an API error, a compression (a `$set.messages` checkpoint) and a rewind. The session
/// records no cwd; the edit tool's result names the absolute file, which gives it.
#[test]
fn gemini_jsonl_session_with_errors_compression_and_rewind() {
    let t = collect("transcripts/gemini-jsonl-compressed.jsonl");
    assert_eq!(t["session"]["agent"], "gemini");
    assert_eq!(t["session"]["cwd"], "/home/dev/shop");
    assert_eq!(
        outcomes(&t),
        owned(&[
            ("npm test -- date", Some(1), Some(false), true),
            // Newer shell output: no `Exit Code:` line means it exited 0 (never invented).
            ("npm test", None, Some(true), true),
            ("npm run lint", None, Some(false), true),
            (
                "git commit -am 'fix(date): zero-pad the day of month'",
                None,
                Some(true),
                true
            ),
        ])
    );
    assert_eq!(
        edits(&t),
        [
            ("src/utils/date.ts".to_string(), false),
            ("src/utils/date.ts".to_string(), true),
            ("src/utils/date.regression.test.ts".to_string(), true),
        ]
    );
    // The rewound request is gone; the compression summary is no request.
    assert_eq!(
        typed_users(&t),
        [
            "The date test fails on the first of the month. Fix formatDay in src/utils/date.ts and make npm test pass.",
            "now run the whole suite and add a regression test for the 1st",
            "forget the rename; commit the fix",
        ]
    );
    let compactions = t["compactions"].as_array().unwrap();
    assert_eq!(compactions.len(), 1);
    let summary = compactions[0]["summary_message"].as_str().unwrap();
    let m = t["messages"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["id"] == summary)
        .unwrap();
    assert_eq!(m["kind"], "compaction_summary");
    let errors: Vec<&str> = t["errors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["text"].as_str().unwrap())
        .collect();
    assert_eq!(errors.len(), 2, "{errors:?}");
    assert!(errors[0].starts_with("replace: Failed to edit, 0 occurrences found"));
    assert!(errors[1].starts_with("[API Error: You have exhausted your capacity"));
}

/// Item 9: a Gemini JSON session names its project root in the prompt (corpus file).
#[test]
fn gemini_json_session_cwd_from_the_project_root_line() {
    let Some(t) = corpus("gemini-cli/figma-admin-session.json") else {
        return;
    };
    assert_eq!(
        t["session"]["cwd"],
        "/figma-gemini/gemini-3-pro-preview/85611489-0cec-4a77-b02f-c74703a9b30f"
    );
}
