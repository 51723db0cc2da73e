//! Claude Code, Codex and Cursor transcripts end to end: fixtures, bad input, `--latest`.

use crate::support::{collect_json, fixture, handoff, typed_users};
use predicates::prelude::*;
use serde_json::Value;
use std::ffi::OsStr;
use std::io::Write;
use std::path::Path;
use std::time::{Duration, SystemTime};

/// `handoff collect --json --transcript PATH ARGS`: (exit status, JSON, stderr).
fn collect(args: &[&str], path: &Path) -> (i32, Value, String) {
    let mut all: Vec<&OsStr> = vec![OsStr::new("--transcript"), path.as_os_str()];
    all.extend(args.iter().map(OsStr::new));
    let c = collect_json(all);
    (c.code, c.json, c.stderr)
}

#[test]
fn claude_fixture_with_a_malformed_line_in_the_middle() {
    let path = fixture("transcripts/claude-malformed-middle.jsonl");
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    let t = &ev["transcript"];
    assert_eq!(t["session"]["agent"], "claude-code");
    assert_eq!(t["stats"]["records"], 8);
    assert_eq!(t["stats"]["skipped"], 1);
    assert_eq!(t["stats"]["skipped_reasons"]["malformed JSON line"], 1);
    assert!(
        stderr.contains("warning:") && stderr.contains("skipped 1 record(s): malformed JSON line"),
        "{stderr}"
    );
    // The records after the bad line were read.
    assert_eq!(typed_users(t), ["add a cart total and run the tests"]);
    let c = &t["commands"][0];
    assert_eq!(c["command"], "npm test");
    assert_eq!(c["exit_code"], 1);
    assert_eq!(c["ok"], false);
    assert_eq!(c["is_test"], true);
    assert_eq!(t["edits"][0]["path"], "src/cart.ts");
    assert_eq!(t["edits"][0]["confirmed"], true);
    // The split response (two lines sharing msg_1) is one assistant message.
    let assistant = t["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "assistant")
        .count();
    assert_eq!(assistant, 2);
    assert_eq!(t["session"]["branches"][0], "feat/cart");
    assert_eq!(t["session"]["models"][0], "claude-sonnet-4-6");
}

#[test]
fn truncated_last_line_is_counted_and_the_rest_read() {
    let path = fixture("transcripts/claude-truncated-last.jsonl");
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    let t = &ev["transcript"];
    assert_eq!(t["stats"]["skipped"], 1);
    assert_eq!(
        t["stats"]["skipped_reasons"]["truncated JSON record (incomplete line)"],
        1
    );
    assert!(stderr.contains("truncated"), "{stderr}");
    assert_eq!(t["commands"].as_array().unwrap().len(), 1);
}

#[test]
fn pretty_printed_claude_file() {
    let path = fixture("transcripts/claude-pretty.json");
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    let t = &ev["transcript"];
    assert_eq!(t["session"]["agent"], "claude-code");
    assert_eq!(t["stats"]["records"], 7);
    assert_eq!(t["commands"][0]["exit_code"], 1);
    assert_eq!(typed_users(t).len(), 1);
}

#[test]
fn codex_fixture() {
    let path = fixture("transcripts/codex-session.jsonl");
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    let t = &ev["transcript"];
    assert_eq!(t["session"]["agent"], "codex");
    assert_eq!(t["session"]["id"], "019d-aaaa");
    assert_eq!(t["session"]["branches"][0], "main");
    assert_eq!(typed_users(t), ["fix the failing cart test"]);
    let cmds = t["commands"].as_array().unwrap();
    // write_stdin is a poll, not a command.
    assert_eq!(cmds.len(), 2);
    assert_eq!(cmds[0]["exit_code"], 1, "exit code from the later poll");
    assert_eq!(cmds[0]["ok"], false);
    assert!(
        cmds[0]["output"]
            .as_str()
            .unwrap()
            .contains("RUNS cart.test.ts")
    );
    assert_eq!(cmds[1]["exit_code"], 0);
    assert_eq!(cmds[1]["is_test"], true);
    // Output kept once although both the end event and the call output carry it.
    assert_eq!(
        cmds[1]["output"]
            .as_str()
            .unwrap()
            .matches("5 passed")
            .count(),
        1
    );
    assert_eq!(t["edits"][0]["path"], "src/cart.ts");
    assert_eq!(t["edits"][0]["kind"], "modify");
    assert_eq!(t["edits"][0]["confirmed"], true);
    let assistant = t["messages"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["role"] == "assistant")
        .count();
    assert_eq!(
        assistant, 1,
        "response item and agent_message are one message"
    );
}

#[test]
fn cursor_fixture() {
    let path = fixture("transcripts/cursor-session.jsonl");
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    let t = &ev["transcript"];
    assert_eq!(t["session"]["agent"], "cursor");
    assert_eq!(typed_users(t), ["add a README section on setup"]);
    assert_eq!(t["edits"][0]["confirmed"], false);
    assert_eq!(t["commands"][0]["is_check"], true);
    assert!(t["commands"][0]["exit_code"].is_null());
}

#[test]
fn binary_and_empty_files_are_input_errors() {
    let dir = tempfile::tempdir().unwrap();
    let bin = dir.path().join("session.jsonl");
    let mut bytes = b"\x7fELF\x02\x01\x01\0\0\0".to_vec();
    bytes.extend((0..4096u32).map(|i| (i % 251) as u8));
    std::fs::write(&bin, &bytes).unwrap();
    handoff()
        .args(["collect", "--transcript"])
        .arg(&bin)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("session.jsonl").and(predicate::str::contains("binary")));
    let empty = dir.path().join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    handoff()
        .args(["collect", "--transcript"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("empty.jsonl").and(predicate::str::contains("empty")));
    // Forcing a format does not make an empty file a transcript.
    handoff()
        .args(["collect", "--format", "claude-code", "--transcript"])
        .arg(&empty)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("no messages"));
}

/// One NUL byte near the start (pasted binary output, a damaged line) costs its line, not the
/// whole transcript.
#[test]
fn a_stray_nul_byte_skips_its_line_not_the_transcript() {
    let path = fixture("transcripts/claude-pipelines-and-checks.jsonl");
    let text = std::fs::read(&path).unwrap();
    let first_newline = text.iter().position(|&b| b == b'\n').unwrap() + 1;
    let mut damaged = text[..first_newline].to_vec();
    damaged.extend_from_slice(b"oops\0\n");
    damaged.extend_from_slice(&text[first_newline..]);
    let dir = tempfile::tempdir().unwrap();
    let nul = dir.path().join("session.jsonl");
    std::fs::write(&nul, &damaged).unwrap();
    let (code, ev, stderr) = collect(&[], &nul);
    assert_eq!(code, 0, "{stderr}");
    assert!(stderr.contains("skipped 1 record(s)"), "{stderr}");
    let (_, clean, _) = collect(&[], &path);
    assert_eq!(
        ev["transcript"]["messages"],
        clean["transcript"]["messages"]
    );
    assert_eq!(
        ev["transcript"]["commands"],
        clean["transcript"]["commands"]
    );
}

#[test]
fn a_single_100_mb_line_is_skipped_not_loaded() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("huge.jsonl");
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    write!(
        f,
        r#"{{"parentUuid":null,"isSidechain":false,"type":"user","sessionId":"s","message":{{"role":"user","content":""#
    )
    .unwrap();
    let chunk = vec![b'x'; 1 << 20];
    for _ in 0..100 {
        f.write_all(&chunk).unwrap();
    }
    write!(f, r#""}}}}"#).unwrap();
    f.flush().unwrap();
    drop(f);
    handoff()
        .args(["collect", "--transcript"])
        .arg(&path)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("huge.jsonl")
                .and(predicate::str::contains("no messages"))
                .and(predicate::str::contains("1 skipped")),
        );
}

#[test]
fn a_huge_line_among_good_ones_is_skipped_with_a_warning() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("big.jsonl");
    let good = std::fs::read_to_string(fixture("transcripts/claude-truncated-last.jsonl")).unwrap();
    let first = good.lines().next().unwrap();
    let mut f = std::io::BufWriter::new(std::fs::File::create(&path).unwrap());
    writeln!(f, "{first}").unwrap();
    f.write_all(b"{\"type\":\"user\",\"message\":{\"content\":\"")
        .unwrap();
    let chunk = vec![b'y'; 1 << 20];
    for _ in 0..40 {
        f.write_all(&chunk).unwrap();
    }
    writeln!(f, "\"}}}}").unwrap();
    writeln!(f, "{first}").unwrap();
    drop(f);
    let (code, ev, stderr) = collect(&[], &path);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(ev["transcript"]["stats"]["skipped"], 1);
    assert!(stderr.contains("line longer than 32 MiB"), "{stderr}");
    assert_eq!(typed_users(&ev["transcript"]).len(), 2);
}

#[test]
fn wrong_forced_format_names_the_file() {
    let claude = fixture("transcripts/claude-malformed-middle.jsonl");
    handoff()
        .args(["collect", "--format", "codex", "--transcript"])
        .arg(&claude)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("claude-malformed-middle.jsonl")
                .and(predicate::str::contains("not a codex transcript")),
        );
    let codex = fixture("transcripts/codex-session.jsonl");
    handoff()
        .args(["collect", "--format", "claude-code", "--transcript"])
        .arg(&codex)
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("codex-session.jsonl")
                .and(predicate::str::contains("not a claude-code transcript")),
        );
    handoff()
        .args(["collect", "--format", "cursor", "--transcript"])
        .arg(&codex)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("not a cursor transcript"));
}

fn write_session(path: &Path, line: &str, age_secs: u64) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, format!("{line}\n")).unwrap();
    let f = std::fs::File::options().write(true).open(path).unwrap();
    f.set_modified(SystemTime::now() - Duration::from_secs(age_secs))
        .unwrap();
}

fn claude_line(cwd: &Path, text: &str) -> String {
    serde_json::json!({
        "parentUuid": null, "isSidechain": false, "type": "user", "sessionId": "s",
        "uuid": "u", "cwd": cwd, "timestamp": "2026-01-01T00:00:00Z",
        "message": {"role": "user", "content": text}
    })
    .to_string()
}

fn codex_lines(cwd: &Path, text: &str) -> String {
    [
        serde_json::json!({"timestamp": "2026-01-01T00:00:00Z", "type": "session_meta", "payload": {"id": "c", "cwd": cwd}}),
        serde_json::json!({"timestamp": "2026-01-01T00:00:01Z", "type": "event_msg", "payload": {"type": "user_message", "message": text}}),
    ]
    .map(|v| v.to_string())
    .join("\n")
}

#[test]
fn latest_picks_the_newest_session_of_this_repository() {
    let home = tempfile::tempdir().unwrap();
    let repo = tempfile::tempdir().unwrap();
    let repo_path = repo.path().canonicalize().unwrap();
    let other = tempfile::tempdir().unwrap();
    let claude_dir = home.path().join("claude-config");
    let codex_dir = home.path().join("codex-home");
    let sub = repo_path.join("web");
    std::fs::create_dir_all(&sub).unwrap();
    // Oldest: Claude session in a subdirectory of the repository.
    write_session(
        &claude_dir.join("projects/-repo-web/a.jsonl"),
        &claude_line(&sub, "claude prompt"),
        300,
    );
    // Newer: Codex session in the repository.
    write_session(
        &codex_dir.join("sessions/2026/01/02/rollout-2026-01-02T00-00-00-c.jsonl"),
        &codex_lines(&repo_path, "codex prompt"),
        200,
    );
    // Newest of all, but another project: ignored.
    write_session(
        &claude_dir.join("projects/-other/b.jsonl"),
        &claude_line(other.path(), "elsewhere"),
        10,
    );
    let run = || {
        let mut cmd = handoff();
        cmd.args(["collect", "--json", "--latest", "--repo"])
            .arg(&repo_path)
            .env("HOME", home.path())
            .env("CLAUDE_CONFIG_DIR", &claude_dir)
            .env("CODEX_HOME", &codex_dir);
        cmd
    };
    let out = run().output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("--latest") && stderr.contains("rollout-2026-01-02T00-00-00-c.jsonl"),
        "{stderr}"
    );
    let ev: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(typed_users(&ev["transcript"]), ["codex prompt"]);

    // Make the Claude session the newest: it is chosen (its cwd is inside the repository).
    let a = claude_dir.join("projects/-repo-web/a.jsonl");
    std::fs::File::options()
        .write(true)
        .open(&a)
        .unwrap()
        .set_modified(SystemTime::now())
        .unwrap();
    let out = run().output().unwrap();
    assert_eq!(out.status.code(), Some(0));
    let ev: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(typed_users(&ev["transcript"]), ["claude prompt"]);

    // Default locations under HOME work too.
    let out = handoff()
        .args(["collect", "--json", "--latest", "--repo"])
        .arg(&repo_path)
        .env("HOME", home.path())
        .env_remove("CLAUDE_CONFIG_DIR")
        .env_remove("CODEX_HOME")
        .assert()
        .code(2)
        .get_output()
        .clone();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("--latest found no"), "{stderr}");
    assert!(
        stderr.contains(".claude") && stderr.contains(".codex"),
        "{stderr}"
    );
    std::fs::rename(&claude_dir, home.path().join(".claude")).unwrap();
    let out = handoff()
        .args(["collect", "--json", "--latest", "--repo"])
        .arg(&repo_path)
        .env("HOME", home.path())
        .env_remove("CLAUDE_CONFIG_DIR")
        .env_remove("CODEX_HOME")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn latest_without_a_session_is_a_clear_error() {
    let home = tempfile::tempdir().unwrap();
    let repo = tempfile::tempdir().unwrap();
    handoff()
        .args(["collect", "--latest", "--repo"])
        .arg(repo.path())
        .env("HOME", home.path())
        .env("CLAUDE_CONFIG_DIR", home.path().join("nope"))
        .env("CODEX_HOME", home.path().join("nope2"))
        .assert()
        .code(2)
        .stderr(
            predicate::str::contains("--latest found no agent session")
                .and(predicate::str::contains("--transcript")),
        );
}

#[test]
fn latest_conflicts_with_transcript() {
    handoff()
        .args(["collect", "--latest", "--transcript", "x.jsonl"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("cannot be used with"));
}
