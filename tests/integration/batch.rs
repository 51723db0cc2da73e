//! `handoff batch` through the real binary: discovery on a fake HOME with every store, kill -9
//! at random moments, a 429 storm against one shared limiter, a failing session in the middle,
//! export → import, and the Batch API flow against an in-process server that implements
//! `/v1/files`, `/v1/batches` and file downloads (partial failures, an expired batch).

use crate::support::handoff;
use serde_json::{Value, json};
use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use wiremock::matchers::{method, path, path_regex};
use wiremock::{Mock, MockServer, Request, Respond, ResponseTemplate};

/// A small Claude Code session that ran in `cwd`.
fn claude_session(id: &str, cwd: &str, day: u32, ask: &str) -> String {
    let t = |m: u32| format!("2026-01-{day:02}T10:{m:02}:00Z");
    [
        json!({"type":"user","sessionId":id,"uuid":format!("{id}-1"),"parentUuid":null,"cwd":cwd,"timestamp":t(0),
               "message":{"role":"user","content":ask}}),
        json!({"type":"assistant","sessionId":id,"uuid":format!("{id}-2"),"parentUuid":format!("{id}-1"),"cwd":cwd,"timestamp":t(1),
               "message":{"id":format!("msg-{id}"),"role":"assistant","content":[{"type":"text","text":"I'll use the csv module instead of splitting by hand, because quoted commas break the split."}]}}),
        json!({"type":"assistant","sessionId":id,"uuid":format!("{id}-3"),"parentUuid":format!("{id}-2"),"cwd":cwd,"timestamp":t(2),
               "message":{"id":format!("msg2-{id}"),"role":"assistant","content":[{"type":"tool_use","id":format!("tu-{id}"),"name":"Bash","input":{"command":"pytest -q"}}]}}),
        json!({"type":"user","sessionId":id,"uuid":format!("{id}-4"),"parentUuid":format!("{id}-3"),"cwd":cwd,"timestamp":t(3),
               "message":{"role":"user","content":[{"type":"tool_result","tool_use_id":format!("tu-{id}"),"content":"1 failed, 3 passed","is_error":true}]}}),
    ]
    .iter()
    .map(|v| format!("{v}\n"))
    .collect()
}

fn write(path: &Path, text: &str) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

/// `n` Claude sessions in `dir`.
fn sessions(dir: &Path, n: usize) -> Vec<PathBuf> {
    (0..n)
        .map(|i| {
            let p = dir.join(format!("s{i:03}.jsonl"));
            write(
                &p,
                &claude_session(
                    &format!("sess-{i:03}"),
                    "/nowhere/app",
                    1 + (i % 28) as u32,
                    &format!("Fix the parser in tally/csvio.py, case {i}"),
                ),
            );
            p
        })
        .collect()
}

/// Every file under `dir` (relative path → content), with the wall-clock fields blanked:
/// `written:` in the note header, `created_at` in the sidecar, `at` in the manifest (whose lines
/// are compared as a set, since workers finish in any order).
fn snapshot(dir: &Path) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let re = regex::Regex::new(r"(written: |\x22created_at\x22: \x22)[0-9T:Z-]+").unwrap();
    for e in walk(dir) {
        let rel = e.strip_prefix(dir).unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&e).unwrap();
        let norm = if rel == "manifest.jsonl" {
            let mut lines: Vec<String> = text
                .lines()
                .map(|l| {
                    let mut v: Value = serde_json::from_str(l).unwrap();
                    v["at"] = Value::Null;
                    v.to_string()
                })
                .collect();
            lines.sort();
            lines.join("\n")
        } else {
            re.replace_all(&text, "${1}TIME").into_owned()
        };
        out.insert(rel, norm);
    }
    out
}

fn walk(dir: &Path) -> Vec<PathBuf> {
    let mut v = Vec::new();
    for e in std::fs::read_dir(dir).unwrap().flatten() {
        let p = e.path();
        if p.is_dir() {
            v.extend(walk(&p));
        } else {
            v.push(p);
        }
    }
    v.sort();
    v
}

/// The run exited with `code`; its stderr is shown when not.
fn assert_exit(o: &std::process::Output, code: i32) {
    assert_eq!(
        o.status.code(),
        Some(code),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn manifest(out: &Path) -> Vec<Value> {
    std::fs::read_to_string(out.join("manifest.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

#[test]
fn discovery_on_a_fake_home_finds_every_store() {
    let home = tempfile::tempdir().unwrap();
    let h = home.path();
    let proj = h.join("code/app");
    std::fs::create_dir_all(&proj).unwrap();
    let cwd = proj.display().to_string();
    write(
        &h.join(".claude/projects/-code-app/c1.jsonl"),
        &claude_session("c1", &cwd, 3, "Fix the parser"),
    );
    let codex = |id: &str| {
        format!(
            "{}\n{}\n",
            json!({"timestamp":"2026-01-04T10:00:00Z","type":"session_meta","payload":{"id":id,"cwd":cwd,"timestamp":"2026-01-04T10:00:00Z"}}),
            json!({"timestamp":"2026-01-04T10:00:01Z","type":"response_item","payload":{"type":"message","role":"user","content":[{"type":"input_text","text":"Add a --json flag"}]}})
        )
    };
    write(
        &h.join(".codex/sessions/2026/01/04/rollout-2026-01-04T10-00-00-x1.jsonl"),
        &codex("x1"),
    );
    write(
        &h.join(".codex/archived_sessions/rollout-2026-01-02T10-00-00-x2.jsonl"),
        &codex("x2"),
    );
    write(
        &h.join(".gemini/tmp/0123abcd/chats/session-2026-01-05T10-00-g1.json"),
        &json!({"sessionId":"g1","projectHash":"0123abcd","startTime":"2026-01-05T10:00:00Z","lastUpdated":"2026-01-05T10:05:00Z",
                "messages":[{"id":"m1","timestamp":"2026-01-05T10:00:00Z","type":"user","content":"Explain the repo"},
                            {"id":"m2","timestamp":"2026-01-05T10:01:00Z","type":"gemini","content":"It is a CLI."}]})
        .to_string(),
    );
    let ui = |text: &str| {
        json!([{"ts":1767607200000i64,"type":"say","say":"text","text":text},
               {"ts":1767607260000i64,"type":"say","say":"text","text":"Done: renamed the function."}])
        .to_string()
    };
    for (i, (editor, ext)) in [
        (".config/Code/User/globalStorage", "saoudrizwan.claude-dev"),
        (
            "Library/Application Support/Code/User/globalStorage",
            "rooveterinaryinc.roo-cline",
        ),
        (".config/Cursor/User/globalStorage", "kilocode.kilo-code"),
    ]
    .iter()
    .enumerate()
    {
        write(
            &h.join(editor)
                .join(ext)
                .join(format!("tasks/17676072000{i}/ui_messages.json")),
            &ui(&format!("Rename parse_line, part {i}")),
        );
    }
    // aider histories are found in walked project folders, not in a store.
    write(
        &proj.join(".aider.chat.history.md"),
        "\n# aider chat started at 2026-01-06 09:00:00\n\n#### add a docstring to main\n\nDone.\n",
    );
    let out = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut cmd = handoff();
        cmd.env("HOME", h)
            .env_remove("CLAUDE_CONFIG_DIR")
            .env_remove("CODEX_HOME")
            .env_remove("GEMINI_CLI_HOME")
            .env_remove("XDG_CONFIG_HOME")
            .env_remove("HANDOFF_MODEL")
            .args(["batch", "--offline", "--dry-run", "--out"])
            .arg(out.path())
            .args(extra);
        let o = cmd.output().unwrap();
        assert_exit(&o, 0);
        String::from_utf8(o.stdout).unwrap()
    };
    let listing = run(&[]);
    for (agent, n) in [
        ("claude-code", 1),
        ("codex", 2),
        ("gemini", 1),
        ("cline", 3),
    ] {
        let found = listing
            .lines()
            .filter(|l| l.split_whitespace().nth(1) == Some(agent))
            .count();
        assert_eq!(found, n, "{agent} in\n{listing}");
    }
    assert!(
        listing.contains("7 session(s); 7 to summarize"),
        "{listing}"
    );
    // The walked project folder holds the aider history.
    let listing = run(&[proj.to_str().unwrap()]);
    assert!(listing.contains(" aider "), "{listing}");
    // Filters: started on or before a day; inside a project.
    assert!(run(&["--until", "2026-01-04"]).contains("3 session(s)"));
    let listing = run(&["--project", proj.to_str().unwrap()]);
    assert!(
        listing.contains("3 session(s)") && !listing.contains(" gemini "),
        "{listing}"
    );
    assert!(run(&["--since", "2999-01-01"]).contains("0 session(s)"));
    // A glob the shell did not expand.
    let pattern = format!("{}/.codex/*/*/*/*/rollout-*.jsonl", h.display());
    let listing = run(&[pattern.as_str()]);
    assert!(
        listing.contains("1 session(s)") && listing.contains("-x1.jsonl"),
        "{listing}"
    );

    // CLAUDE_CONFIG_DIR and CODEX_HOME move those stores.
    let alt = tempfile::tempdir().unwrap();
    write(
        &alt.path().join("claude/projects/p/c9.jsonl"),
        &claude_session("c9", &cwd, 7, "Other config dir"),
    );
    write(
        &alt.path()
            .join("codex/sessions/2026/01/07/rollout-2026-01-07T10-00-00-x9.jsonl"),
        &codex("x9"),
    );
    let o = handoff()
        .env("HOME", h)
        .env("CLAUDE_CONFIG_DIR", alt.path().join("claude"))
        .env("CODEX_HOME", alt.path().join("codex"))
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("GEMINI_CLI_HOME")
        .args(["batch", "--offline", "--dry-run", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    let listing = String::from_utf8(o.stdout).unwrap();
    assert!(
        listing.contains("c9.jsonl") && listing.contains("x9.jsonl"),
        "{listing}"
    );
    assert!(
        !listing.contains("c1.jsonl") && !listing.contains("-x1.jsonl"),
        "{listing}"
    );

    // A real run writes one note per session, grouped by project, and the index.
    let o = handoff()
        .env("HOME", h)
        .env_remove("CLAUDE_CONFIG_DIR")
        .env_remove("CODEX_HOME")
        .env_remove("GEMINI_CLI_HOME")
        .env_remove("XDG_CONFIG_HOME")
        .args(["batch", "--offline", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert_exit(&o, 0);
    assert!(out.path().join("app/2026-01-03-claude-code-c1.md").exists());
    let index = std::fs::read_to_string(out.path().join("index.md")).unwrap();
    assert!(index.contains("7 note(s)"), "{index}");
    assert_eq!(manifest(out.path()).len(), 7);
}

#[test]
fn a_failing_session_is_recorded_and_never_stops_the_batch() {
    let dir = tempfile::tempdir().unwrap();
    let mut files = sessions(dir.path(), 4);
    // In the middle: a Claude file with no messages at all.
    let bad = dir.path().join("s001b.jsonl");
    write(
        &bad,
        "{\"type\":\"summary\",\"summary\":\"nothing here\"}\n",
    );
    files.insert(2, bad.clone());
    let out = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        let mut cmd = handoff();
        cmd.args(["batch", "--offline", "-j", "2", "--out"])
            .arg(out.path())
            .args(&files)
            .args(extra);
        cmd.output().unwrap()
    };
    let o = run(&[]);
    assert_exit(&o, 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("failed: ") && err.contains("s001b.jsonl") && err.contains("no messages"),
        "{err}"
    );
    let m = manifest(out.path());
    assert_eq!(m.iter().filter(|l| l["status"] == "done").count(), 4);
    let failed: Vec<&Value> = m.iter().filter(|l| l["status"] == "failed").collect();
    assert_eq!(failed.len(), 1);
    assert!(failed[0]["error"].as_str().unwrap().contains("no messages"));
    // Again: nothing redone; the failure stands until --retry-failed.
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(manifest(out.path()).len(), 5);
    let o = run(&["--retry-failed"]);
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(manifest(out.path()).len(), 6, "one new failed line");
    // Fixed in place: a new content hash, a new note.
    write(
        &bad,
        &claude_session("fixed", "/nowhere/app", 9, "Now it has a request"),
    );
    let o = run(&[]);
    assert_exit(&o, 0);
    // A transcript that grew since its note gets a new one.
    let mut grown = std::fs::read_to_string(&files[0]).unwrap();
    grown.push_str(
        &claude_session("sess-000", "/nowhere/app", 1, "And one more thing")
            .lines()
            .next()
            .unwrap()
            .replace("sess-000-1", "sess-000-9"),
    );
    grown.push('\n');
    std::fs::write(&files[0], grown).unwrap();
    let o = run(&[]);
    assert_eq!(o.status.code(), Some(0));
    let notes: Vec<PathBuf> = walk(out.path())
        .into_iter()
        .filter(|p| {
            p.to_string_lossy().contains("sess-000") && p.extension().is_some_and(|e| e == "md")
        })
        .collect();
    assert_eq!(notes.len(), 2, "{notes:?}");
}

#[test]
fn kill_9_at_random_moments_ends_like_an_uninterrupted_run() {
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 60);
    let run = |out: &Path| {
        let mut c = std::process::Command::new(assert_cmd::cargo::cargo_bin!("handoff"));
        c.args(["batch", "--offline", "-j", "2", "--quiet", "--out"])
            .arg(out)
            .arg(dir.path())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null());
        c
    };
    let clean = tempfile::tempdir().unwrap();
    let started = Instant::now();
    assert!(run(clean.path()).status().unwrap().success());
    let clean_ms = started.elapsed().as_millis() as u64;
    let want = snapshot(clean.path());
    // 60 notes and the index.
    assert_eq!(want.keys().filter(|k| k.ends_with(".md")).count(), 61);

    // Rounds: each starts from an empty folder and kills runs at random moments of a run's
    // length until one finishes by itself; then one more run, which must end with exactly the
    // uninterrupted run's notes and manifest.
    let mut seed = (Instant::now().elapsed().as_nanos() as u64) ^ 0x9E37_79B9_7F4A_7C15;
    let (mut kills, mut rounds) = (0, 0);
    while kills < 24 {
        rounds += 1;
        let out = tempfile::tempdir().unwrap();
        loop {
            let mut child = run(out.path()).spawn().unwrap();
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            std::thread::sleep(Duration::from_millis(5 + (seed >> 33) % clean_ms.max(10)));
            if child.try_wait().unwrap().is_some() {
                break;
            }
            // SIGKILL: no destructor, no flush.
            child.kill().unwrap();
            child.wait().unwrap();
            kills += 1;
        }
        assert!(run(out.path()).status().unwrap().success());
        let got = snapshot(out.path());
        // No temp file, no half pair, no extra line.
        assert_eq!(
            got.keys().collect::<Vec<_>>(),
            want.keys().collect::<Vec<_>>(),
            "round {rounds}"
        );
        for (k, v) in &want {
            assert_eq!(&got[k], v, "{k} differs in round {rounds}");
        }
    }
    eprintln!("{kills} kills in {rounds} rounds (an uninterrupted run takes {clean_ms} ms)");
}

/// A chat-completions answer holding a valid note.
fn completion() -> Value {
    let note = json!({
        "goal": {"text": "Fix the CSV parser.", "cite": ["M1"]},
        "verified": [],
        "partial": [{"text": "The csv module is in, the suite still fails.", "cite": ["C1"]}],
        "decisions": [{"text": "Use the csv module instead of hand splitting.", "cite": ["M2"]}],
        "discarded": [],
        "files": [],
        "open_loops": [{"owner": "Agent", "text": "pytest fails.", "verify": "pytest -q", "cite": ["C1"]}],
        "next_action": {"text": "Run `pytest -q` and fix the failing test.", "cite": ["C1"]},
        "watch_outs": []
    });
    json!({
        "id": "chatcmpl-1", "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": note.to_string()}, "finish_reason": "stop"}],
        "usage": {"prompt_tokens": 900, "completion_tokens": 120, "total_tokens": 1020}
    })
}

struct Rt {
    rt: tokio::runtime::Runtime,
    mock: MockServer,
}

impl Rt {
    fn start() -> Rt {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let mock = rt.block_on(MockServer::start());
        Rt { rt, mock }
    }
    fn mount(&self, m: Mock) {
        self.rt.block_on(m.mount(&self.mock));
    }
    fn base(&self) -> String {
        format!("{}/v1", self.mock.uri())
    }
}

/// The first `storm` chat requests get 429 with `retry-after-ms`; every request's arrival is
/// recorded with what it got.
struct Storm {
    storm: usize,
    wait_ms: u64,
    log: Arc<Mutex<Vec<(Instant, bool)>>>,
}

impl Respond for Storm {
    fn respond(&self, _: &Request) -> ResponseTemplate {
        let mut log = self.log.lock().unwrap();
        let limited = log.iter().filter(|(_, l)| *l).count() < self.storm;
        log.push((Instant::now(), limited));
        if limited {
            ResponseTemplate::new(429)
                .insert_header("retry-after-ms", self.wait_ms.to_string().as_str())
                .set_body_json(json!({"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}))
        } else {
            ResponseTemplate::new(200).set_body_json(completion())
        }
    }
}

#[test]
fn a_429_storm_slows_every_worker_and_loses_no_session() {
    let s = Rt::start();
    let log = Arc::new(Mutex::new(Vec::new()));
    s.mount(
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .respond_with(Storm {
                storm: 6,
                wait_ms: 400,
                log: log.clone(),
            }),
    );
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 8);
    let out = tempfile::tempdir().unwrap();
    let o = handoff()
        .env("OPENAI_API_KEY", "sk-test")
        .args(["batch", "-j", "4", "--model", "m", "--base-url"])
        .arg(s.base())
        .arg("--out")
        .arg(out.path())
        .arg(dir.path())
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let m = manifest(out.path());
    assert_eq!(m.iter().filter(|l| l["status"] == "done").count(), 8);
    assert_eq!(m[0]["drafter"], "llm");
    assert_eq!(m[0]["tokens_in"], 900);
    // After a 429 asking for 400 ms, no worker sent anything for most of that time: the pause
    // is shared (a per-worker wait would let the other three keep hitting the server).
    let log = log.lock().unwrap().clone();
    assert_eq!(log.iter().filter(|(_, l)| *l).count(), 6);
    for (t, limited) in &log {
        if !limited {
            continue;
        }
        let inside = log
            .iter()
            .filter(|(u, _)| {
                *u > *t + Duration::from_millis(60) && *u < *t + Duration::from_millis(340)
            })
            .count();
        assert_eq!(inside, 0, "requests arrived during a shared pause: {log:?}");
    }
}

#[test]
fn export_then_import_writes_the_notes_a_live_run_would() {
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 3);
    let out = tempfile::tempdir().unwrap();
    let file = out.path().join("requests.jsonl");
    let base = [
        "batch",
        "--model",
        "gpt-test",
        "--base-url",
        "http://127.0.0.1:9/v1",
        "--out",
    ];
    let o = handoff()
        .args(base)
        .arg(out.path())
        .arg("--export-openai-batch")
        .arg(&file)
        .arg(dir.path())
        .output()
        .unwrap();
    assert_exit(&o, 0);
    let lines: Vec<Value> = std::fs::read_to_string(&file)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 3);
    for l in &lines {
        assert_eq!(l["method"], "POST");
        assert_eq!(l["url"], "/v1/chat/completions");
        assert_eq!(l["body"]["model"], "gpt-test");
        assert!(l["custom_id"].as_str().unwrap().starts_with("handoff-"));
        assert!(
            l["body"]["messages"][1]["content"]
                .as_str()
                .unwrap()
                .contains("csvio")
        );
        assert!(l["body"].get("stream").is_none());
    }
    assert_eq!(
        manifest(out.path())
            .iter()
            .filter(|l| l["status"] == "exported")
            .count(),
        3
    );
    // Results as the Batch API (and vLLM run_batch) write them: two successes, one error.
    let results = out.path().join("results.jsonl");
    let mut text = String::new();
    for (i, l) in lines.iter().enumerate() {
        let line = if i < 2 {
            json!({"id": format!("batch_req_{i}"), "custom_id": l["custom_id"], "response": {"status_code": 200, "request_id": "r", "body": completion()}, "error": null})
        } else {
            json!({"id": format!("batch_req_{i}"), "custom_id": l["custom_id"], "response": {"status_code": 400, "request_id": "r", "body": {"error": {"message": "context too long", "type": "invalid_request_error"}}}, "error": null})
        };
        text.push_str(&format!("{line}\n"));
    }
    text.push_str("{\"custom_id\":\"handoff-unknown\",\"response\":null,\"error\":null}\n");
    std::fs::write(&results, text).unwrap();
    let o = handoff()
        .args(base)
        .arg(out.path())
        .arg("--import-openai-batch")
        .arg(&results)
        .output()
        .unwrap();
    assert_exit(&o, 1);
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("context too long") && err.contains("match no exported session"),
        "{err}"
    );
    let m = manifest(out.path());
    let done: Vec<&Value> = m.iter().filter(|l| l["status"] == "done").collect();
    assert_eq!(done.len(), 2);
    assert_eq!(done[0]["tokens_out"], 120);
    let note = std::fs::read_to_string(out.path().join(done[0]["note"].as_str().unwrap())).unwrap();
    assert!(
        note.contains("drafter: llm") && note.contains("Fix the CSV parser"),
        "{note}"
    );
    // The same validator ran: the note's workspace and counts are there.
    assert!(note.contains("## Workspace State") && note.contains("validator:"));
    // Importing again changes nothing.
    let o = handoff()
        .args(base)
        .arg(out.path())
        .arg("--import-openai-batch")
        .arg(&results)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        manifest(out.path()).len(),
        m.len() + 1,
        "only the error is recorded again"
    );
}

/// An in-process Batch API: files are stored, a batch runs every request when it is first
/// polled `polls` times, `fail` custom ids get an error line, and `expire_after` requests end
/// the batch as expired.
#[derive(Clone, Default)]
struct BatchApi {
    state: Arc<Mutex<ApiState>>,
}

#[derive(Default)]
struct ApiState {
    files: BTreeMap<String, Vec<u8>>,
    batches: BTreeMap<String, (Value, usize)>,
    created: usize,
    polls_needed: usize,
    fail_every: usize,
    expire_after: Option<usize>,
}

fn multipart_file(body: &[u8], content_type: &str) -> Vec<u8> {
    let boundary = content_type.split("boundary=").nth(1).unwrap().trim();
    let text = body;
    let marker = b"name=\"file\"";
    let at = text
        .windows(marker.len())
        .position(|w| w == marker)
        .unwrap();
    let start = at
        + text[at..]
            .windows(4)
            .position(|w| w == b"\r\n\r\n")
            .unwrap()
        + 4;
    let end_marker = format!("\r\n--{boundary}");
    let end = start
        + text[start..]
            .windows(end_marker.len())
            .position(|w| w == end_marker.as_bytes())
            .unwrap();
    text[start..end].to_vec()
}

impl Respond for BatchApi {
    fn respond(&self, req: &Request) -> ResponseTemplate {
        let mut st = self.state.lock().unwrap();
        let p = req.url.path().to_string();
        if req.method.as_str() == "POST" && p == "/v1/files" {
            let ct = req.headers.get("content-type").unwrap().to_str().unwrap();
            assert!(String::from_utf8_lossy(&req.body).contains("name=\"purpose\"\r\n\r\nbatch"));
            let bytes = multipart_file(&req.body, ct);
            let id = format!("file-{}", st.files.len() + 1);
            let n = bytes.len();
            st.files.insert(id.clone(), bytes);
            return ResponseTemplate::new(200).set_body_json(json!({"id": id, "object": "file", "bytes": n, "purpose": "batch", "filename": "input.jsonl"}));
        }
        if req.method.as_str() == "POST" && p == "/v1/batches" {
            let body: Value = serde_json::from_slice(&req.body).unwrap();
            assert_eq!(body["endpoint"], "/v1/chat/completions");
            assert_eq!(body["completion_window"], "24h");
            st.created += 1;
            let id = format!("batch_{}", st.created);
            let b = json!({"id": id, "object": "batch", "endpoint": "/v1/chat/completions", "input_file_id": body["input_file_id"],
                           "completion_window": "24h", "status": "validating", "request_counts": {"total": 0, "completed": 0, "failed": 0}});
            st.batches.insert(id, (b.clone(), 0));
            return ResponseTemplate::new(200).set_body_json(b);
        }
        if let Some(id) = p.strip_prefix("/v1/batches/") {
            let polls_needed = st.polls_needed;
            let (fail_every, expire_after) = (st.fail_every, st.expire_after);
            let (mut b, polls) = st.batches.get(id).cloned().unwrap();
            let polls = polls + 1;
            if polls >= polls_needed && b["status"] != "completed" && b["status"] != "expired" {
                let input = st.files[b["input_file_id"].as_str().unwrap()].clone();
                let (mut out, mut errs, mut ok, mut failed) = (String::new(), String::new(), 0, 0);
                for (i, line) in String::from_utf8(input).unwrap().lines().enumerate() {
                    let l: Value = serde_json::from_str(line).unwrap();
                    let cid = l["custom_id"].clone();
                    assert_eq!(l["url"], "/v1/chat/completions");
                    if expire_after.is_some_and(|n| i >= n) {
                        errs.push_str(&format!("{}\n", json!({"id": format!("batch_req_{i}"), "custom_id": cid, "response": null,
                            "error": {"code": "batch_expired", "message": "This request could not be executed before the completion window expired."}})));
                        failed += 1;
                    } else if fail_every > 0 && i % fail_every == fail_every - 1 {
                        errs.push_str(&format!("{}\n", json!({"id": format!("batch_req_{i}"), "custom_id": cid,
                            "response": {"status_code": 500, "request_id": "r", "body": {"error": {"message": "The server had an error", "type": "server_error"}}}, "error": null})));
                        failed += 1;
                    } else {
                        out.push_str(&format!("{}\n", json!({"id": format!("batch_req_{i}"), "custom_id": cid,
                            "response": {"status_code": 200, "request_id": "r", "body": completion()}, "error": null})));
                        ok += 1;
                    }
                }
                let n = st.files.len();
                let (oid, eid) = (format!("file-{}", n + 1), format!("file-{}", n + 2));
                st.files.insert(oid.clone(), out.into_bytes());
                st.files.insert(eid.clone(), errs.into_bytes());
                b["status"] = json!(if expire_after.is_some() {
                    "expired"
                } else {
                    "completed"
                });
                b["output_file_id"] = json!(oid);
                b["error_file_id"] = json!(eid);
                b["request_counts"] =
                    json!({"total": ok + failed, "completed": ok, "failed": failed});
            } else if b["status"] == "validating" {
                b["status"] = json!("in_progress");
            }
            st.batches.insert(id.to_string(), (b.clone(), polls));
            return ResponseTemplate::new(200).set_body_json(b);
        }
        if let Some(rest) = p.strip_prefix("/v1/files/")
            && let Some(id) = rest.strip_suffix("/content")
        {
            return ResponseTemplate::new(200)
                .set_body_raw(st.files[id].clone(), "application/octet-stream");
        }
        ResponseTemplate::new(404)
            .set_body_json(json!({"error": {"message": format!("no route {p}")}}))
    }
}

fn batch_server(polls: usize, fail_every: usize, expire_after: Option<usize>) -> (Rt, BatchApi) {
    let s = Rt::start();
    let api = BatchApi::default();
    {
        let mut st = api.state.lock().unwrap();
        st.polls_needed = polls;
        st.fail_every = fail_every;
        st.expire_after = expire_after;
    }
    s.mount(Mock::given(path_regex("^/v1/(files|batches)")).respond_with(api.clone()));
    (s, api)
}

fn via(s: &Rt, out: &Path, src: &Path) -> std::process::Output {
    handoff()
        .env("OPENAI_API_KEY", "sk-test-batch")
        .args([
            "batch",
            "--via",
            "openai-batch",
            "--poll-interval",
            "0.02",
            "--model",
            "gpt-test",
            "--base-url",
        ])
        .arg(s.base())
        .arg("--out")
        .arg(out)
        .arg(src)
        .output()
        .unwrap()
}

#[test]
fn batch_api_flow_with_partial_failures() {
    let (s, api) = batch_server(3, 3, None);
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 6);
    let out = tempfile::tempdir().unwrap();
    let o = via(&s, out.path(), dir.path());
    assert_exit(&o, 1);
    let m = manifest(out.path());
    let done = m.iter().filter(|l| l["status"] == "done").count();
    let failed: Vec<&Value> = m.iter().filter(|l| l["status"] == "failed").collect();
    assert_eq!((done, failed.len()), (4, 2), "{m:?}");
    assert!(failed[0]["error"].as_str().unwrap().contains("HTTP 500"));
    let batches: Vec<&Value> = m.iter().filter(|l| l["kind"] == "batch").collect();
    assert_eq!(batches.len(), 2);
    assert_eq!(batches[1]["status"], "imported");
    assert_eq!(batches[1]["server_status"], "completed");
    assert!(
        out.path()
            .join(format!(
                "openai-batch/{}-output.jsonl",
                batches[0]["batch_id"].as_str().unwrap()
            ))
            .exists()
    );
    assert_eq!(api.state.lock().unwrap().created, 1);
    // Run again: nothing left to send (the failures wait for --retry-failed).
    let o = via(&s, out.path(), dir.path());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(api.state.lock().unwrap().created, 1);
}

#[test]
fn an_expired_batch_keeps_what_finished_and_fails_the_rest() {
    let (s, _api) = batch_server(1, 0, Some(2));
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 5);
    let out = tempfile::tempdir().unwrap();
    let o = via(&s, out.path(), dir.path());
    assert_eq!(o.status.code(), Some(1));
    let m = manifest(out.path());
    assert_eq!(m.iter().filter(|l| l["status"] == "done").count(), 2);
    let failed: Vec<&Value> = m.iter().filter(|l| l["status"] == "failed").collect();
    assert_eq!(failed.len(), 3);
    assert!(
        failed
            .iter()
            .all(|f| f["error"].as_str().unwrap().contains("batch_expired"))
    );
    assert!(
        m.iter()
            .any(|l| l["kind"] == "batch" && l["server_status"] == "expired")
    );
}

#[test]
fn a_killed_batch_api_run_resumes_its_batch() {
    let (s, api) = batch_server(40, 0, None);
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 3);
    let out = tempfile::tempdir().unwrap();
    let bin = assert_cmd::cargo::cargo_bin!("handoff");
    let mut child = std::process::Command::new(bin)
        .env("OPENAI_API_KEY", "sk-test-batch")
        .args([
            "batch",
            "--via",
            "openai-batch",
            "--poll-interval",
            "0.05",
            "--model",
            "gpt-test",
            "--base-url",
        ])
        .arg(s.base())
        .arg("--out")
        .arg(out.path())
        .arg(dir.path())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    // Wait until the batch is recorded, then kill mid-poll.
    let deadline = Instant::now() + Duration::from_secs(20);
    while !manifest(out.path()).iter().any(|l| l["kind"] == "batch") {
        assert!(Instant::now() < deadline, "no batch submitted");
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    child.wait().unwrap();
    api.state.lock().unwrap().polls_needed = 2;
    let o = via(&s, out.path(), dir.path());
    assert_exit(&o, 0);
    assert!(String::from_utf8_lossy(&o.stderr).contains("resuming batch_1"));
    assert_eq!(
        api.state.lock().unwrap().created,
        1,
        "the batch was resumed, not sent again"
    );
    let m = manifest(out.path());
    assert_eq!(m.iter().filter(|l| l["status"] == "done").count(), 3);
    let ids: BTreeSet<&str> = m.iter().filter_map(|l| l["batch_id"].as_str()).collect();
    assert_eq!(ids.len(), 1);
}

#[test]
fn bad_usage_is_a_clear_error() {
    let out = tempfile::tempdir().unwrap();
    let o = handoff()
        .args(["batch", "--out"])
        .arg(out.path())
        .args(["/no/such/session.jsonl"])
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("no such file or folder"));
    let o = handoff()
        .args([
            "batch",
            "--offline",
            "--export-openai-batch",
            "x.jsonl",
            "--out",
        ])
        .arg(out.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("needs a model"));
    let o = handoff()
        .args(["batch", "--since", "yesterday", "--out"])
        .arg(out.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
}

#[test]
fn the_token_budget_and_the_session_timeout_stop_cleanly() {
    let s = Rt::start();
    s.mount(
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .respond_with(ResponseTemplate::new(200).set_body_json(completion())),
    );
    let dir = tempfile::tempdir().unwrap();
    sessions(dir.path(), 4);
    let out = tempfile::tempdir().unwrap();
    let o = handoff()
        .env("OPENAI_API_KEY", "sk-test")
        .args([
            "batch",
            "-j",
            "1",
            "--budget-tokens",
            "1500",
            "--model",
            "m",
            "--base-url",
        ])
        .arg(s.base())
        .arg("--out")
        .arg(out.path())
        .arg(dir.path())
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("--budget-tokens reached"), "{err}");
    // 1,020 tokens per session: the second starts under the budget, the rest wait.
    assert_eq!(manifest(out.path()).len(), 2);

    let slow = Rt::start();
    slow.mount(
        Mock::given(method("POST"))
            .and(path("/v1/chat/completions"))
            .respond_with(
                ResponseTemplate::new(200)
                    .set_body_json(completion())
                    .set_delay(Duration::from_secs(4)),
            ),
    );
    let out = tempfile::tempdir().unwrap();
    let one = dir.path().join("s000.jsonl");
    let o = handoff()
        .env("OPENAI_API_KEY", "sk-test")
        .args([
            "batch",
            "--session-timeout",
            "1",
            "--model",
            "m",
            "--base-url",
        ])
        .arg(slow.base())
        .arg("--out")
        .arg(out.path())
        .arg(&one)
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let m = manifest(out.path());
    assert!(
        m[0]["error"]
            .as_str()
            .unwrap()
            .contains("timed out after 1 s"),
        "{m:?}"
    );
    // The abandoned session never writes its note afterwards.
    std::thread::sleep(Duration::from_secs(4));
    assert!(
        !walk(out.path())
            .iter()
            .any(|p| p.extension().is_some_and(|e| e == "md") && !p.ends_with("index.md"))
    );
}
