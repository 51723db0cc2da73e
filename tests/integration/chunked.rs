//! Sessions larger than the budget, through the real binary against a real in-process HTTP
//! server: the older part goes out in chunk requests first, their facts (with the session's own
//! evidence ids) come back into the draft prompt, and the note cites them and validates. Bad
//! chunk answers are asked again, then dropped with a warning; the note is never lost.

use super::llm::{Server, binary, chat, error, ok, output_text};
use serde_json::{Value, json};
use std::path::{Path, PathBuf};
use wiremock::matchers::body_string_contains;
use wiremock::{Request, Respond, ResponseTemplate};

/// Rounds in the generated session: each a request, a long reply, a test run and its result.
const ROUNDS: usize = 30;

/// A Claude Code session of `ROUNDS` rounds (request, reply, a `pytest` run of the round's test
/// file that passes), written to `dir`.
fn long_session(dir: &Path) -> PathBuf {
    let mut lines = Vec::new();
    let mut parent: Option<String> = None;
    let mut n = 0;
    let mut push = |kind: &str, message: Value, lines: &mut Vec<String>| {
        n += 1;
        let uuid = format!("00000000-0000-4000-8000-{n:012}");
        lines.push(
            json!({
                "parentUuid": parent, "isSidechain": false, "userType": "external",
                "cwd": "/home/dev/tally", "sessionId": "5f2c9a1e-7b3d-4c8e-9a6f-1d2e3f4a5b6c",
                "version": "2.1.126", "type": kind, "uuid": uuid,
                "timestamp": format!("2026-03-14T09:{:02}:{:02}.000Z", n / 60, n % 60),
                "message": message,
            })
            .to_string(),
        );
        parent = Some(uuid);
    };
    for i in 1..=ROUNDS {
        push(
            "user",
            json!({"role": "user", "content": format!("Round {i}: make `parse_{i}` in tally/mod_{i}.py handle quoted fields.")}),
            &mut lines,
        );
        push(
            "assistant",
            json!({"role": "assistant", "content": [{"type": "text", "text": format!("Round {i} reply: {}", "I read the parser and the tests and changed the splitting so that quoted commas stay inside their field. ".repeat(6))}]}),
            &mut lines,
        );
        push(
            "assistant",
            json!({"role": "assistant", "content": [{"type": "tool_use", "id": format!("toolu_{i:04}"), "name": "Bash", "input": {"command": format!("python -m pytest tests/test_mod_{i}.py -q")}}]}),
            &mut lines,
        );
        let result = "5 passed in 0.12s";
        push(
            "user",
            json!({"role": "user", "content": [{"tool_use_id": format!("toolu_{i:04}"), "type": "tool_result", "content": result, "is_error": false}]}),
            &mut lines,
        );
    }
    push(
        "assistant",
        json!({"role": "assistant", "content": [{"type": "text", "text": "All rounds are done; the last suite run passed."}]}),
        &mut lines,
    );
    let path = dir.join("long-session.jsonl");
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    path
}

/// A stand-in model for chunk requests: it reads the part it was sent and states one fact per
/// command it sees, citing that command's id — as a model reading the part would.
struct ChunkModel;

/// The command ids (`C12`) a chunk's user message shows, in order.
fn command_ids(user: &str) -> Vec<String> {
    user.lines()
        .filter_map(|l| l.strip_prefix("- C"))
        .filter_map(|rest| {
            let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
            (!digits.is_empty()).then(|| format!("C{digits}"))
        })
        .collect()
}

fn user_message(body: &Value) -> &str {
    body["messages"][1]["content"].as_str().unwrap_or_default()
}

impl Respond for ChunkModel {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let body: Value = serde_json::from_slice(&request.body).unwrap();
        let facts: Vec<Value> = command_ids(user_message(&body))
            .into_iter()
            .map(|id| json!({"text": format!("{id} ran a test file of its round."), "cite": [id]}))
            .collect();
        ok(&json!({ "facts": facts }).to_string(), "stop")
    }
}

/// A note that cites C1, which only the first chunk's facts show.
fn note() -> String {
    json!({
        "goal": {"text": "Make the parsers handle quoted fields.", "cite": ["M1"]},
        "verified": [],
        "partial": [{"text": "The first round's test file passed when it ran.", "cite": ["C1"]}],
        "decisions": [],
        "discarded": [],
        "files": [],
        "open_loops": [],
        "next_action": {"text": "Run `python -m pytest -q` over every test file.", "cite": ["C1"]},
        "watch_outs": []
    })
    .to_string()
}

/// Chunk requests answered by `chunks`, the draft by [`note`].
fn answer(s: &Server, chunks: impl Respond + 'static) {
    s.mount(
        chat()
            .and(body_string_contains("handoff_chunk_facts"))
            .respond_with(chunks)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note(), "stop")));
}

/// Chunk requests ask for the chunk schema by name; everything else is the draft.
fn is_chunk(body: &Value) -> bool {
    body["response_format"]["json_schema"]["name"] == "handoff_chunk_facts"
}

fn summarize(s: &Server, session: &Path, dir: &Path, extra: &[&str]) -> std::process::Output {
    binary(dir)
        .args(["summarize", "--model", "test-model", "--base-url"])
        .arg(format!("{}/v1", s.mock.uri()))
        .args(["--budget", "3000", "--no-repair", "--stdout", "--json"])
        .arg("--transcript")
        .arg(session)
        .arg("--repo")
        .arg(dir)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn a_session_over_the_budget_goes_through_chunks_then_the_draft() {
    let dir = tempfile::tempdir().unwrap();
    let session = long_session(dir.path());
    let s = Server::start();
    answer(&s, ChunkModel);
    let out = summarize(&s, &session, dir.path(), &[]);
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");

    let bodies = s.bodies();
    let (chunks, drafts): (Vec<&Value>, Vec<&Value>) = bodies.iter().partition(|b| is_chunk(b));
    assert!(chunks.len() >= 2, "{} chunk requests: {text}", chunks.len());
    assert_eq!(drafts.len(), 1, "{text}");
    assert!(!is_chunk(bodies.last().unwrap()), "the draft comes last");
    // The chunk requests carry the older part, in order; the last round is not among it.
    let all_chunks: String = chunks.iter().map(|b| user_message(b)).collect();
    assert!(all_chunks.contains("Round 2 reply"), "{all_chunks}");
    assert!(!all_chunks.contains("Round 30 reply"), "{all_chunks}");
    assert!(
        user_message(chunks[0]).contains("Round 1 reply"),
        "{}",
        user_message(chunks[0])
    );
    assert!(all_chunks.contains("- C1 ["), "{all_chunks}");
    // The draft prompt carries the chunk facts with their ids, and the recent part whole.
    let draft = user_message(drafts[0]);
    assert!(draft.contains("### Facts from the older part"), "{draft}");
    assert!(
        draft.contains("- C1 ran a test file of its round. (C1)"),
        "{draft}"
    );
    assert!(draft.contains("Round 30 reply"), "{draft}");
    assert!(!draft.contains("Round 2 reply"), "{draft}");

    // The note cites C1 from the chunk facts: a real evidence id, accepted by the validator.
    let sidecar: Value = serde_json::from_slice(&out.stdout).expect("the sidecar");
    let report = &sidecar["report"];
    assert_eq!(report["counts"]["errors"], 0, "{report}");
    assert!(!report.to_string().contains("C1 "), "{report}");
    assert!(
        sidecar["note"].to_string().contains("(C1)")
            || sidecar["note"].to_string().contains("\"C1\"")
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains(&format!(
            "chunked: the older part of the session in {} chunk(s)",
            chunks.len()
        )),
        "{stderr}"
    );
}

#[test]
fn dry_run_states_the_chunk_plan_and_its_cost_and_sends_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let session = long_session(dir.path());
    let s = Server::start();
    let out = binary(dir.path())
        .args([
            "summarize",
            "--dry-run",
            "--budget",
            "3000",
            "--model",
            "test-model",
        ])
        .arg("--base-url")
        .arg(format!("{}/v1", s.mock.uri()))
        .arg("--transcript")
        .arg(&session)
        .arg("--repo")
        .arg(dir.path())
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("===== chunked: the older part is summarised first ====="),
        "{text}"
    );
    assert!(text.contains("chunk request(s) first (cap 8)"), "{text}");
    assert!(text.contains("cost: "), "{text}");
    assert!(text.contains("tokens in all"), "{text}");
    assert!(text.contains("budget 3000 (o200k_base)"), "{text}");
    assert!(s.requests().is_empty());

    // A cap of 1: the oldest part is left out, and the plan says so.
    let out = binary(dir.path())
        .args([
            "summarize",
            "--dry-run",
            "--budget",
            "3000",
            "--max-chunks",
            "1",
        ])
        .args(["--model", "test-model", "--transcript"])
        .arg(&session)
        .arg("--repo")
        .arg(dir.path())
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(text.contains("1 chunk request(s) first (cap 1)"), "{text}");
    assert!(text.contains("left out: the oldest"), "{text}");
}

#[test]
fn bad_chunk_answers_are_asked_again_then_dropped_and_the_note_is_written() {
    let dir = tempfile::tempdir().unwrap();
    let session = long_session(dir.path());

    // Not JSON, every time: each chunk is asked twice, then the draft falls back to the trimmed
    // prompt, and the note is written from it.
    let s = Server::start();
    answer(&s, ok("Sure! Here are the facts: none.", "stop"));
    let out = summarize(&s, &session, dir.path(), &[]);
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    let bodies = s.bodies();
    let chunks = bodies.iter().filter(|b| is_chunk(b)).count();
    assert!(chunks >= 4 && chunks % 2 == 0, "{chunks}: {text}");
    assert!(text.contains("no JSON object"), "{text}");
    assert!(text.contains("asking once more"), "{text}");
    assert!(text.contains("its part is left out of the draft"), "{text}");
    assert!(
        text.contains("the draft prompt is trimmed to the budget instead"),
        "{text}"
    );
    let draft = user_message(bodies.last().unwrap());
    assert!(!draft.contains("### Facts from the older part"), "{draft}");
    assert!(
        draft.contains("### Earlier turns") || draft.contains("### Timeline"),
        "{draft}"
    );
    let sidecar: Value = serde_json::from_slice(&out.stdout).expect("the sidecar");
    assert_eq!(sidecar["note"]["header"]["drafter"], "llm", "{sidecar}");

    // Facts citing ids their part does not show: dropped with a warning.
    let s = Server::start();
    answer(
        &s,
        ok(
            &json!({"facts": [{"text": "Everything passed.", "cite": ["C999"]}, {"text": "No id.", "cite": []}]}).to_string(),
            "stop",
        ),
    );
    let out = summarize(&s, &session, dir.path(), &[]);
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("cite ids its part does not show"), "{text}");
    assert!(!user_message(s.bodies().last().unwrap()).contains("Everything passed."));

    // A chunk request the server fails: the model failed, and the offline draft is written
    // (the usual fallback), saying so.
    let s = Server::start();
    s.mount(chat().respond_with(error(401, json!({"error": {"message": "bad key"}}))));
    let out = summarize(&s, &session, dir.path(), &[]);
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("wrote the offline draft instead"), "{text}");
    assert_eq!(s.requests().len(), 1, "a failed chunk ends the model step");
    let sidecar: Value = serde_json::from_slice(&out.stdout).expect("the sidecar");
    assert_eq!(sidecar["note"]["header"]["drafter"], "offline");
}
