//! The repair round against a real in-process HTTP server: a draft the validator finds fault
//! with is sent back once in the same conversation, and the draft with fewer findings is written.

use super::llm::{Server, chat, ok, output_text, summarize_cmd};
use serde_json::{Value, json};

/// A draft of the sample session (`claude-csv-quoted-fields`, whose last run, C4 `python -m
/// pytest -q`, fails) with `verified` and `partial` as given.
fn draft(verified: Value, partial: Value) -> String {
    json!({
        "goal": {"text": "Make `parse_line` in tally/csvio.py handle quoted fields.", "cite": ["M1"]},
        "verified": verified,
        "partial": partial,
        "decisions": [],
        "discarded": [],
        "files": [{"path": "tally/csvio.py", "symbols": ["parse_line"], "summary": "quoted fields", "cite": ["E1"]}],
        "open_loops": [{"owner": "Agent", "text": "The full suite fails.", "verify": "python -m pytest -q", "cite": ["C4"]}],
        "next_action": {"text": "Run `python -m pytest -q` and fix the failing test in tests/test_csvio.py.", "cite": ["C4"]},
        "watch_outs": []
    })
    .to_string()
}

/// Claims the whole suite passes, which C4 contradicts.
fn contradicted() -> String {
    draft(
        json!([{"text": "The whole suite passes: `python -m pytest -q`.", "cite": ["C4"]}]),
        json!([]),
    )
}

/// The same draft with the finding fixed.
fn fixed() -> String {
    draft(
        json!([{"text": "`python -m pytest tests/test_csvio.py -q` passes (5 passed).", "cite": ["C3"]}]),
        json!([{"text": "The whole suite still fails on its last run: `python -m pytest -q`.", "cite": ["C4"]}]),
    )
}

/// Worse than the first: the false claim kept and an id that does not exist cited.
fn worse() -> String {
    draft(
        json!([
            {"text": "The whole suite passes: `python -m pytest -q`.", "cite": ["C4"]},
            {"text": "Quoted fields are parsed correctly.", "cite": ["C99"]}
        ]),
        json!([]),
    )
}

/// Mounts `first` for the first request and `second` for any later one.
fn answers(s: &Server, first: &str, second: &str) {
    s.mount(chat().respond_with(ok(first, "stop")).up_to_n_times(1));
    s.mount(chat().respond_with(ok(second, "stop")));
}

fn run(s: &Server, extra: &[&str]) -> (std::process::Output, Value) {
    let dir = tempfile::tempdir().unwrap();
    let out = summarize_cmd(dir.path(), "test-model", &format!("{}/v1", s.mock.uri()))
        .args(["--stdout", "--json"])
        .args(extra)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", output_text(&out));
    let sidecar: Value = serde_json::from_slice(&out.stdout).expect("the sidecar on stdout");
    (out, sidecar)
}

/// The texts of the note's verified and partial claims.
fn claims(sidecar: &Value) -> String {
    sidecar["note"].to_string()
}

#[test]
fn a_contradicted_claim_is_sent_back_and_the_fixed_draft_is_written() {
    let s = Server::start();
    answers(&s, &contradicted(), &fixed());
    let (out, sidecar) = run(&s, &[]);
    let note = claims(&sidecar);
    assert!(note.contains("The whole suite still fails"), "{note}");
    assert!(!note.contains("The whole suite passes"), "{note}");
    assert_eq!(
        sidecar["repair"]["kept"], "revised",
        "{}",
        sidecar["repair"]
    );
    assert_eq!(sidecar["repair"]["revised_findings"], 0);

    // Same conversation: the first answer, then the findings with their evidence.
    let bodies = s.bodies();
    assert_eq!(bodies.len(), 2);
    let first = bodies[0]["messages"].as_array().unwrap();
    let second = bodies[1]["messages"].as_array().unwrap();
    assert_eq!(second.len(), 4);
    assert_eq!(second[..2], first[..]);
    assert_eq!(second[2]["role"], "assistant");
    assert_eq!(second[2]["content"], contradicted());
    let findings = second[3]["content"].as_str().unwrap();
    assert_eq!(second[3]["role"], "user");
    assert!(findings.contains("The whole suite passes"), "{findings}");
    assert!(findings.contains("contradicted"), "{findings}");
    assert!(findings.contains("C4"), "{findings}");

    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("repair round: sent back 1 finding(s); the revised draft has 0; kept the revised draft (900 prompt + 120 completion tokens, 1 request(s))"),
        "{stderr}"
    );
}

#[test]
fn a_worse_revision_keeps_the_first_draft() {
    let s = Server::start();
    answers(&s, &contradicted(), &worse());
    let (out, sidecar) = run(&s, &[]);
    let note = claims(&sidecar);
    assert!(!note.contains("C99"), "{note}");
    assert!(note.contains("The whole suite passes"), "{note}");
    // …marked by the validator as the evidence says.
    assert_eq!(
        sidecar["report"]["counts"]["contradicted"], 1,
        "{}",
        sidecar["report"]
    );
    assert_eq!(sidecar["repair"]["kept"], "first");
    assert_eq!(sidecar["repair"]["revised_findings"], 2);
    assert_eq!(s.requests().len(), 2);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(stderr.contains("kept the first draft"), "{stderr}");
}

#[test]
fn no_repair_sends_one_request() {
    let s = Server::start();
    answers(&s, &contradicted(), &fixed());
    let (out, sidecar) = run(&s, &["--no-repair"]);
    assert_eq!(s.requests().len(), 1);
    assert!(sidecar.get("repair").is_none(), "{sidecar}");
    assert!(claims(&sidecar).contains("The whole suite passes"));
    assert!(!String::from_utf8_lossy(&out.stderr).contains("repair round"));
}

#[test]
fn a_clean_draft_needs_no_round_and_a_failed_round_keeps_the_first() {
    // Nothing to repair: one request.
    let s = Server::start();
    answers(&s, &fixed(), &contradicted());
    let (_, sidecar) = run(&s, &[]);
    assert_eq!(s.requests().len(), 1);
    assert!(sidecar.get("repair").is_none(), "{sidecar}");

    // The round's request fails: the first draft stands and the failure is reported.
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(ok(&contradicted(), "stop"))
            .up_to_n_times(1),
    );
    s.mount(chat().respond_with(super::llm::error(
        400,
        json!({"error": {"message": "bad request"}}),
    )));
    let (out, sidecar) = run(&s, &[]);
    assert_eq!(sidecar["repair"]["kept"], "first");
    assert!(
        sidecar["repair"]["error"]
            .as_str()
            .unwrap()
            .contains("HTTP 400"),
        "{}",
        sidecar["repair"]
    );
    assert!(String::from_utf8_lossy(&out.stderr).contains("the round failed"));
}
