//! Opt-in: the model client against a real OpenAI-compatible server (issue 18). Runs when
//! `HANDOFF_TEST_BASE_URL` names one, e.g. the local llama.cpp recipe (docs/llm.md, "Testing
//! against a real server"); otherwise every test here reports itself skipped, by name.
//!
//! The checks are about the protocol, not note quality (a small local model writes poor notes):
//! strict `json_schema` and `json_object` are accepted, streaming works, a context overflow is
//! answered with the server's own window, and a run ends within its deadline. Each outcome may be
//! a note or one of the clear errors a weak model earns (cut off at the output cap, the deadline),
//! never a protocol failure (a refused format, a body that is not JSON, a broken stream).
//!
//! Settings: `HANDOFF_TEST_BASE_URL` (required), `HANDOFF_TEST_MODEL` (default `test-model`;
//! llama.cpp serves the model it loaded whatever the name), `HANDOFF_TEST_API_KEY`,
//! `HANDOFF_TEST_CONTEXT` (the server's window, default 8192). The tests take turns: a local
//! server usually has one slot.

use super::llm::{evidence, output_text, sample, summarize_cmd};
use crate::support::skipped;
use handoff::Failure;
use handoff::{ModelConfig, ResponseMode};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// One test at a time on the server.
static TURN: Mutex<()> = Mutex::new(());

/// The output cap of these runs: enough for a short note, bounded for a small CPU model.
const MAX_OUTPUT: u32 = 400;

fn real_server() -> Option<ModelConfig> {
    let Some(url) = std::env::var("HANDOFF_TEST_BASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
    else {
        skipped("HANDOFF_TEST_BASE_URL is not set; docs/llm.md, testing against a real server");
        return None;
    };
    let model = std::env::var("HANDOFF_TEST_MODEL").unwrap_or_else(|_| "test-model".into());
    let mut cfg = ModelConfig::new(&url, &model);
    cfg.api_key = std::env::var("HANDOFF_TEST_API_KEY").ok();
    cfg.context_window = std::env::var("HANDOFF_TEST_CONTEXT")
        .ok()
        .and_then(|c| c.parse().ok())
        .unwrap_or(8192);
    cfg.max_output_tokens = MAX_OUTPUT;
    cfg.timeout = Duration::from_secs(240);
    Some(cfg)
}

/// The evidence of the sample Claude Code session (no repository).
fn sample_evidence() -> handoff::Evidence {
    let dir = tempfile::tempdir().unwrap();
    handoff::collect(&handoff::Request {
        repo: dir.path().to_path_buf(),
        transcript: Some(sample()),
        ..handoff::Request::default()
    })
    .unwrap()
}

/// Errors a weak model earns whatever the protocol: an answer cut off at the output cap, the
/// deadline, an empty goal or next action.
const WEAK_MODEL_ERRORS: &[&str] = &[
    "finish_reason length",
    "deadline",
    "empty goal",
    "empty next_action",
];

/// Drafts and checks that the outcome is a note or an error a weak model earns, never a
/// protocol failure; returns the outcome and how long it took.
fn run(cfg: &ModelConfig, ev: &handoff::Evidence) -> (Result<handoff::Drafted, Failure>, Duration) {
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let model = handoff::Model::new(cfg).unwrap();
    let started = Instant::now();
    let result = model.draft(ev);
    let took = started.elapsed();
    // Shown with --nocapture: what the server did, for the record.
    match &result {
        Ok(d) => eprintln!(
            "note ({:?}, {} request(s), usage {:?}) in {took:.1?}; warnings {:?}",
            d.mode, d.requests, d.usage, d.warnings
        ),
        Err(f) => eprintln!(
            "error after {} request(s) in {took:.1?}: {}; warnings {:?}",
            f.requests, f.error, f.warnings
        ),
    }
    if let Err(f) = &result {
        let e = f.error.to_string();
        // Without a schema, a weak model may also write JSON of its own shape.
        let free_form = cfg.response_mode == ResponseMode::JsonObject
            && (e.contains("does not match the note schema") || e.contains("no JSON object"));
        assert!(
            free_form || WEAK_MODEL_ERRORS.iter().any(|w| e.contains(w)),
            "only a weak model's errors are expected, got: {e}"
        );
        assert!(f.prompt_tokens > 0 && f.requests > 0, "{e}");
    }
    (result, took)
}

fn warnings(r: &Result<handoff::Drafted, Failure>) -> &[String] {
    match r {
        Ok(d) => &d.warnings,
        Err(f) => &f.warnings,
    }
}

/// The server takes `mode` as it is: no fallback to another format.
fn format_is_accepted(mode: ResponseMode) {
    let Some(mut cfg) = real_server() else {
        return;
    };
    cfg.response_mode = mode;
    let (r, _) = run(&cfg, &sample_evidence());
    assert!(
        warnings(&r)
            .iter()
            .all(|w| !w.contains("refused response_format")),
        "{:?}",
        warnings(&r)
    );
    if let Ok(d) = &r {
        assert_eq!(d.mode, mode);
        assert!(d.note.goal.is_some());
    }
}

#[test]
fn strict_json_schema_is_accepted() {
    format_is_accepted(ResponseMode::JsonSchema);
}

#[test]
fn json_object_is_accepted() {
    format_is_accepted(ResponseMode::JsonObject);
}

#[test]
fn streaming_reads_to_a_finish_reason() {
    let Some(mut cfg) = real_server() else {
        return;
    };
    cfg.stream = true;
    let (r, _) = run(&cfg, &sample_evidence());
    if let Ok(d) = &r {
        assert!(d.usage.is_some(), "a streamed answer reports usage");
    }
}

#[test]
fn a_context_overflow_is_retried_within_the_servers_window() {
    let Some(mut cfg) = real_server() else {
        return;
    };
    let window = cfg.context_window;
    // We claim a far larger window than the server has, so the first prompt overflows it.
    cfg.context_window = window * 8;
    cfg.budget = Some(window * 3);
    let long: Vec<String> = (0..window / 4)
        .map(|i| format!("Step {i}: edited src/module_{i}.rs and ran the test suite again"))
        .collect();
    let long: Vec<&str> = long.iter().map(String::as_str).collect();
    let (r, _) = run(&cfg, &evidence(&long));
    let w = warnings(&r);
    assert!(
        w.iter().any(|w| w.contains("the server's context is")),
        "the server's window was read from its error: {w:?}"
    );
    match &r {
        Ok(d) => assert!(d.requests >= 2),
        Err(f) => assert!(f.requests >= 2),
    }
}

#[test]
fn a_run_ends_within_its_deadline() {
    let Some(mut cfg) = real_server() else {
        return;
    };
    cfg.timeout = Duration::from_secs(20);
    // Room for far more than 20 s of generation on a CPU model.
    cfg.max_output_tokens = 4096;
    let (r, took) = run(&cfg, &sample_evidence());
    // A bound, not a benchmark: the deadline plus time to hang up and fail.
    assert!(took < Duration::from_secs(25), "took {took:?}");
    if let Err(f) = &r {
        assert_eq!(f.requests, 1, "a deadline is never retried: {}", f.error);
    }
}

#[test]
fn summarize_with_a_short_deadline_writes_a_note() {
    let Some(cfg) = real_server() else {
        return;
    };
    let _turn = TURN.lock().unwrap_or_else(|e| e.into_inner());
    let dir = tempfile::tempdir().unwrap();
    let mut cmd = summarize_cmd(dir.path(), &cfg.model, &cfg.base_url);
    if let Ok(key) = std::env::var("HANDOFF_TEST_API_KEY") {
        cmd.env("OPENAI_API_KEY", key);
    }
    let started = Instant::now();
    let out = cmd
        .args(["--stdout", "--timeout", "20"])
        .args(["--context", &cfg.context_window.to_string()])
        .output()
        .unwrap();
    let took = started.elapsed();
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(took < Duration::from_secs(30), "took {took:?}: {text}");
    let note = String::from_utf8_lossy(&out.stdout);
    assert!(note.contains("## Next Action"), "{note}");
    // Either the model drafted it or the header says why it could not.
    assert!(
        note.contains("drafter: llm") || note.contains("model failed:"),
        "{note}"
    );
}
