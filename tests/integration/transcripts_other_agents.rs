//! Gemini CLI, aider, Cline, OpenHands, SWE-agent and plain-text transcripts through the real
//! binary: `handoff collect --transcript FILE --json` on the public corpus and on small fixtures.
//!
//! Corpus counts were checked independently of the reader with Python one-liners over the raw
//! files (json.load / line greps), noted per test.

use crate::support::{collected, corpus_present, fixture, handoff, shared, typed_users};
use predicates::prelude::*;
use serde_json::Value;
use std::ffi::OsStr;
use std::path::Path;

/// The transcript `handoff collect` reads from `path` (in this repository, `--format` forced when
/// given).
fn collect(path: &Path, format: Option<&str>) -> Value {
    let mut args: Vec<&OsStr> = vec![
        OsStr::new("--repo"),
        OsStr::new(env!("CARGO_MANIFEST_DIR")),
        OsStr::new("--transcript"),
        path.as_os_str(),
    ];
    if let Some(f) = format {
        args.extend([OsStr::new("--format"), OsStr::new(f)]);
    }
    collected(args)["transcript"].clone()
}

/// (commands, commands with an exit code, edits, confirmed edits, typed user messages)
fn counts(t: &Value) -> (usize, usize, usize, usize, usize) {
    let cmds = t["commands"].as_array().unwrap();
    let edits = t["edits"].as_array().unwrap();
    let typed = typed_users(t).len();
    (
        cmds.len(),
        cmds.iter().filter(|c| !c["exit_code"].is_null()).count(),
        edits.len(),
        edits.iter().filter(|e| e["confirmed"] == true).count(),
        typed,
    )
}

fn corpus(rel: &str) -> Value {
    collect(&shared(&format!("corpus/{rel}")), None)
}

#[test]
fn gemini_native_explain_repo() {
    if !corpus_present() {
        return;
    }
    // python: json.load → 8 messages: 1 info, 2 user, 5 gemini; toolCalls are 6 read_file only.
    let t = corpus("gemini-cli/entire-test-gemini-explain-repo.json");
    assert_eq!(t["session"]["agent"], "gemini");
    assert_eq!(counts(&t), (0, 0, 0, 0, 2));
    assert_eq!(t["session"]["models"][0], "gemini-3-flash-preview");
}

#[test]
fn gemini_native_figma_admin() {
    if !corpus_present() {
        return;
    }
    // python: 14 run_shell_command calls, each result with `Exit Code: 0`; 14 write_file calls,
    // all status success; 1 user message; push_files/create_or_update_file are MCP (remote).
    let t = corpus("gemini-cli/figma-admin-session.json");
    assert_eq!(counts(&t), (14, 14, 14, 14, 1));
    assert_eq!(t["session"]["id"], "7befeae5-6b85-4b89-a3e3-c161793cc484");
    assert!(
        t["commands"]
            .as_array()
            .unwrap()
            .iter()
            .all(|c| c["exit_code"] == 0 && c["ok"] == true)
    );
}

#[test]
fn gemini_stream_truncated_figma_d00f() {
    if !corpus_present() {
        return;
    }
    // python: 41 tool_use / 40 tool_result; 15 run_shell_command (the last one has no result);
    // 7 write_file; no `Exit Code:` text anywhere; 2 user messages, the first before `init`.
    let t = corpus("gemini-cli/figma-d00f-stream-truncated.jsonl");
    assert_eq!(counts(&t), (15, 0, 7, 7, 2));
    let cmds = t["commands"].as_array().unwrap();
    assert_eq!(cmds.iter().filter(|c| c["has_result"] == true).count(), 14);
    assert!(cmds.iter().all(|c| c["ok"].is_null()));
    assert_eq!(t["session"]["id"], "cac225da-e1f4-46c2-8c80-d7930185f8d6");
    assert!(
        t["errors"]
            .as_array()
            .unwrap()
            .iter()
            .any(|e| e["text"].as_str().unwrap().contains("cut off"))
    );
}

#[test]
fn aider_afi_core() {
    if !corpus_present() {
        return;
    }
    // grep: 17 '> Applied edit to', 10 '> Running ', 1 '#### !find'; 9 launches. Typed inputs
    // counted with a Python grouper of consecutive '####' lines minus <blank>, confirmation
    // answers, '!' and slash commands other than /ask-style: 28.
    let t = corpus("aider/afi-core-gpt4o.md");
    assert_eq!(counts(&t), (11, 0, 17, 17, 28));
    let launches = t["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            m["text"]
                .as_str()
                .unwrap()
                .starts_with("aider chat started at")
        })
        .count();
    assert_eq!(launches, 9);
    assert_eq!(
        t["session"]["models"],
        serde_json::json!(["gpt-4o", "gpt-4.1"])
    );
}

#[test]
fn aider_laura_v037() {
    if !corpus_present() {
        return;
    }
    // grep: 11 '> Applied edit to', no '> Running', no '/run' or '!'; 13 typed inputs (same grouper).
    let t = corpus("aider/laura-backend-v037.md");
    assert_eq!(counts(&t), (0, 0, 11, 11, 13));
}

#[test]
fn aider_mozgoslav_thinking_whole_format() {
    if !corpus_present() {
        return;
    }
    // grep: 3 '> Applied edit to', one of them '-> Swift binary …' (prose, not a path);
    // 11 typed inputs (same grouper; one follows a thinking block cut off by Ctrl-C).
    let t = corpus("aider/mozgoslav-qwen-local-thinking.md");
    assert_eq!(counts(&t), (0, 0, 2, 2, 11));
    assert!(
        t["messages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["kind"] == "thinking")
    );
    assert!(
        !t["messages"]
            .as_array()
            .unwrap()
            .iter()
            .any(|m| m["kind"] == "typed"
                && m["text"].as_str().unwrap().contains("<thinking-content"))
    );
}

#[test]
fn cline_ui_messages_fineye() {
    if !corpus_present() {
        return;
    }
    // python: first say:text is the task + 14 say:user_feedback = 15 typed; 'tool' entries are
    // readFile/searchFiles only; no command entries.
    let t = corpus("cline/fineye-ui-messages.json");
    assert_eq!(counts(&t), (0, 0, 0, 0, 15));
    assert_eq!(t["session"]["models"][0], "x-ai/grok-code-fast-1");
}

#[test]
fn openhands_basic_edit() {
    if !corpus_present() {
        return;
    }
    // python: 4 events; one user message, one 'edit' action confirmed by an 'edit' observation.
    let t = corpus("openhands/basic-2048-edit.json");
    assert_eq!(counts(&t), (0, 0, 1, 1, 1));
    // Relative to the sandbox workspace, which is the session cwd.
    assert_eq!(t["edits"][0]["path"], "game_2048.py");
    assert_eq!(t["session"]["cwd"], "/workspace");
    assert_eq!(t["edits"][0]["kind"], "create");
}

#[test]
fn openhands_chat_only() {
    if !corpus_present() {
        return;
    }
    // python: 6 events, 3 with source user, no run/edit actions.
    let t = corpus("openhands/chat-only-interactions.json");
    assert_eq!(counts(&t), (0, 0, 0, 0, 3));
}

#[test]
fn swe_agent_ctf_demo() {
    if !corpus_present() {
        return;
    }
    // python: 16 trajectory actions: 8 edit/create, 8 others (open, python, submit); 3 edit
    // observations start 'Your proposed edit has introduced new syntax error(s)'.
    let t = corpus("swe-agent/ctf-babyencryption-demo.traj");
    assert_eq!(counts(&t), (8, 0, 8, 5, 1));
    // The request is the challenge's description, not the template's lead-in (issue 12).
    let typed = typed_users(&t);
    assert!(typed[0].starts_with("You are after an organised crime group"));
    assert!(!typed[0].contains("We're currently solving"));
}

#[test]
fn swe_agent_test_repo() {
    if !corpus_present() {
        return;
    }
    // python: 5 actions (find_file, open, edit 4:4, python, submit); history[1] is_demo=True;
    // the submission diff touches tests/missing_colon.py, the file the edit changed.
    let t = corpus("swe-agent/test-repo-i1-gpt4.traj");
    assert_eq!(counts(&t), (4, 0, 1, 1, 1));
    assert_eq!(t["edits"][0]["path"], "tests/missing_colon.py");
    assert_eq!(t["session"]["cwd"], "/klieret__swe-agent-test-repo");
    // The issue text alone (issue 12): not the lead-in, not the demonstration's issue.
    let typed = typed_users(&t);
    assert!(typed[0].starts_with("SyntaxError: invalid syntax"));
    assert!(!typed[0].contains("ISSUE:"));
    assert!(!typed[0].contains("Here is a demonstration"));
}

#[test]
fn fixture_gemini_stream_two_runs() {
    let t = collect(&fixture("transcripts/gemini-stream-two-runs.jsonl"), None);
    assert_eq!(t["session"]["agent"], "gemini");
    assert_eq!(counts(&t), (2, 0, 1, 1, 2));
    assert_eq!(t["session"]["id"], "run-one");
    assert!(t["commands"][0]["ok"].is_null());
}

#[test]
fn fixture_gemini_truncated_document_warns() {
    handoff()
        .args(["collect", "--json", "--transcript"])
        .arg(fixture("transcripts/gemini-native-truncated.json"))
        .assert()
        .success()
        .stderr(predicate::str::contains("truncated JSON document"));
    let t = collect(&fixture("transcripts/gemini-native-truncated.json"), None);
    assert_eq!(counts(&t), (0, 0, 1, 1, 1));
    assert_eq!(t["stats"]["skipped"], 1);
}

#[test]
fn fixture_aider_ask_run() {
    let t = collect(&fixture("transcripts/aider-ask-run.md"), None);
    assert_eq!(t["session"]["agent"], "aider");
    assert_eq!(counts(&t), (1, 0, 1, 1, 2));
}

#[test]
fn fixture_cline_api_history() {
    let t = collect(&fixture("transcripts/cline-api-history.json"), None);
    assert_eq!(t["session"]["agent"], "cline");
    assert_eq!(counts(&t), (3, 2, 1, 1, 1));
}

#[test]
fn fixture_openhands_run() {
    let t = collect(&fixture("transcripts/openhands-run.json"), None);
    assert_eq!(t["session"]["agent"], "openhands");
    assert_eq!(counts(&t), (2, 1, 1, 1, 1));
    assert!(t["commands"][1]["exit_code"].is_null());
    assert!(t["commands"][1]["ok"].is_null());
}

#[test]
fn fixture_swe_agent_v1() {
    let t = collect(&fixture("transcripts/swe-v1-repr-state.traj"), None);
    assert_eq!(t["session"]["agent"], "swe-agent");
    assert_eq!(counts(&t), (3, 0, 3, 2, 1));
    assert_eq!(t["session"]["models"][0], "claude-sonnet-4-20250514");
}

#[test]
fn fixture_plain_chat() {
    let t = collect(&fixture("transcripts/plain-chat.md"), None);
    assert_eq!(t["session"]["agent"], "plain");
    assert_eq!(counts(&t), (2, 1, 0, 0, 2));
}

#[test]
fn wrong_format_forced_is_a_clear_input_error() {
    if !corpus_present() {
        return;
    }
    handoff()
        .args(["collect", "--format", "openhands", "--transcript"])
        .arg(shared("corpus/aider/laura-backend-v037.md"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a openhands transcript"));
    handoff()
        .args(["collect", "--format", "aider", "--transcript"])
        .arg(shared("corpus/openhands/basic-2048-edit.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a aider transcript"));
    handoff()
        .args(["collect", "--format", "swe-agent", "--transcript"])
        .arg(shared("corpus/cline/fineye-ui-messages.json"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("swe-agent"));
}

/// Invalid UTF-8 is replaced and counted, never the end of the read: in a JSON document
/// (OpenHands) and in JSONL (Claude Code), the records after the bad byte are still read.
#[test]
fn invalid_utf8_is_replaced_counted_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let doc = dir.path().join("trajectory.json");
    let mut bytes =
        br#"[{"id": 1, "source": "user", "action": "message", "args": {"content": "fix caf"#
            .to_vec();
    bytes.extend_from_slice(b"\xe9 the parser\"}},\n");
    bytes.extend_from_slice(
        br#" {"id": 2, "source": "agent", "action": "message", "args": {"content": "On it."}}]"#,
    );
    std::fs::write(&doc, &bytes).unwrap();
    let jsonl = dir.path().join("session.jsonl");
    let line = |uuid: &str, text: &[u8]| {
        let mut l = format!(
            r#"{{"type":"user","uuid":"{uuid}","parentUuid":null,"isSidechain":false,"sessionId":"s","timestamp":"2026-01-01T00:00:00Z","message":{{"role":"user","content":""#
        )
        .into_bytes();
        l.extend_from_slice(text);
        l.extend_from_slice(b"\"}}\n");
        l
    };
    let mut lines = line("u1", b"first \xff request");
    lines.extend(line("u2", b"second request"));
    std::fs::write(&jsonl, &lines).unwrap();

    for (path, messages) in [(&doc, 2), (&jsonl, 2)] {
        let out = handoff()
            .args(["collect", "--json", "--transcript"])
            .arg(path)
            .assert()
            .success()
            .stderr(predicate::str::contains(
                "invalid UTF-8 in 1 record(s), replaced with U+FFFD",
            ))
            .get_output()
            .stdout
            .clone();
        let ev: Value = serde_json::from_slice(&out).unwrap();
        let t = &ev["transcript"];
        assert_eq!(
            t["messages"].as_array().unwrap().len(),
            messages,
            "{path:?}"
        );
        assert_eq!(t["stats"]["invalid_utf8"], 1, "{path:?}");
        assert!(
            t["messages"][0]["text"]
                .as_str()
                .unwrap()
                .contains('\u{fffd}')
        );
    }
}
