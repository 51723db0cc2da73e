//! The model drafter against a real in-process HTTP server (wiremock): success, every fallback
//! step, retries and their timing, each error class, and what reaches the server.

use handoff::{
    Client, Drafter, Evidence, MaxTokensField, Message, MessageKind, ModelConfig, ResponseMode,
    Role, Session, Transcript,
};
use serde_json::{Value, json};
use std::time::{Duration, Instant};
use wiremock::matchers::{body_partial_json, header, method, path};
use wiremock::{Mock, MockServer, Request, ResponseTemplate};

pub(crate) const KEY: &str = "sk-test-key-0000-handoff-never-print-me";

/// A mock server on a multi-thread runtime, so that the synchronous drafter (which makes its
/// own runtime) can call it from the test thread.
pub(crate) struct Server {
    pub(crate) rt: tokio::runtime::Runtime,
    pub(crate) mock: MockServer,
}

impl Server {
    pub(crate) fn start() -> Server {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let mock = rt.block_on(MockServer::start());
        Server { rt, mock }
    }

    pub(crate) fn mount(&self, m: Mock) {
        self.rt.block_on(m.mount(&self.mock));
    }

    pub(crate) fn requests(&self) -> Vec<Request> {
        self.rt
            .block_on(self.mock.received_requests())
            .unwrap_or_default()
    }

    pub(crate) fn bodies(&self) -> Vec<Value> {
        self.requests()
            .iter()
            .map(|r| serde_json::from_slice(&r.body).unwrap())
            .collect()
    }

    pub(crate) fn cfg(&self) -> ModelConfig {
        let mut c = ModelConfig::new(&format!("{}/v1", self.mock.uri()), "test-model");
        c.api_key = Some(KEY.into());
        c.context_window = 32_000;
        c
    }
}

fn message(id: usize, role: Role, text: &str) -> Message {
    Message {
        id: format!("M{id}"),
        role,
        kind: MessageKind::Typed,
        text: text.into(),
        at: None,
        seq: id as u64,
        sidechain: false,
    }
}

pub(crate) fn evidence(extra: &[&str]) -> Evidence {
    let mut messages = vec![message(
        1,
        Role::User,
        "Fix the token refresh bug in src/auth.rs",
    )];
    for (i, t) in extra.iter().enumerate() {
        messages.push(message(i + 2, Role::Assistant, t));
    }
    Evidence {
        transcript: Some(Transcript {
            session: Session {
                source: "session.jsonl".into(),
                ..Session::default()
            },
            messages,
            ..Transcript::default()
        }),
        ..Evidence::default()
    }
}

pub(crate) fn note_json() -> String {
    json!({
        "goal": {"text": "Fix the token refresh bug.", "cite": ["M1"]},
        "verified": [],
        "partial": [{"text": "Rotation is written but untested.", "cite": ["M2"]}],
        "decisions": [],
        "discarded": [],
        "files": [{"path": "src/auth.rs", "symbols": ["refresh"], "summary": "rotation", "cite": []}],
        "open_loops": [{"owner": "Agent", "text": "Tests not run.", "verify": "cargo test auth", "cite": []}],
        "next_action": {"text": "Run `cargo test auth` and fix `refresh` in src/auth.rs.", "cite": ["M1"]},
        "watch_outs": []
    })
    .to_string()
}

const NOTE_MD: &str = "## Goal & Current State\n- **Goal:** Fix the token refresh bug. (M1)\n\n## Open Loops\n- [Agent] Tests not run. — Verify: `cargo test auth`\n\n## Next Action\n- Run `cargo test auth`. (M1)\n";

pub(crate) fn ok(content: &str, finish: &str) -> ResponseTemplate {
    ResponseTemplate::new(200).set_body_json(json!({
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "choices": [{"index": 0, "message": {"role": "assistant", "content": content}, "finish_reason": finish}],
        "usage": {"prompt_tokens": 900, "completion_tokens": 120, "total_tokens": 1020}
    }))
}

pub(crate) fn error(status: u16, body: Value) -> ResponseTemplate {
    ResponseTemplate::new(status).set_body_json(body)
}

pub(crate) fn sse(events: &[String]) -> ResponseTemplate {
    let body: String = events.iter().map(|e| format!("{e}\n\n")).collect();
    ResponseTemplate::new(200).set_body_raw(body, "text/event-stream")
}

pub(crate) fn chat() -> wiremock::MockBuilder {
    Mock::given(method("POST")).and(path("/v1/chat/completions"))
}

#[test]
fn plain_success_sends_a_strict_schema_and_the_key() {
    let s = Server::start();
    s.mount(
        chat()
            .and(header("authorization", format!("Bearer {KEY}").as_str()))
            .respond_with(ok(&note_json(), "stop")),
    );
    let d = handoff::draft_detailed(&evidence(&[]), &s.cfg()).unwrap();
    assert_eq!(
        d.note.goal.as_ref().unwrap().text,
        "Fix the token refresh bug."
    );
    // Header facts are the pipeline's, not the drafter's.
    assert_eq!(d.note.header, handoff::Header::default());
    assert_eq!(d.note.next_actions.len(), 1);
    assert_eq!(d.usage.unwrap().total_tokens, 1020);
    assert_eq!(d.requests, 1);
    let body = &s.bodies()[0];
    assert_eq!(body["model"], "test-model");
    assert_eq!(body["response_format"]["type"], "json_schema");
    assert_eq!(body["response_format"]["json_schema"]["strict"], true);
    assert_eq!(body["max_tokens"], 4096);
    assert!(body.get("tools").is_none());
    let user = body["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("Fix the token refresh bug in src/auth.rs"));
    assert!(user.contains("```text"), "the transcript is fenced");
    let system = body["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("untrusted"));
}

#[test]
fn streamed_success_and_usage() {
    let s = Server::start();
    let content = note_json();
    let (a, b) = content.split_at(content.len() / 2);
    s.mount(
        chat()
            .and(body_partial_json(json!({"stream": true})))
            .respond_with(sse(&[
                ": keep-alive".into(),
                format!(
                    "data: {}",
                    json!({"choices": [{"index": 0, "delta": {"role": "assistant", "content": a}}]})
                ),
                format!(
                    "data: {}",
                    json!({"choices": [{"index": 0, "delta": {"content": b}}]})
                ),
                format!(
                    "data: {}",
                    json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]})
                ),
                format!(
                    "data: {}",
                    json!({"choices": [], "usage": {"prompt_tokens": 10, "completion_tokens": 5, "total_tokens": 15}})
                ),
                "data: [DONE]".into(),
            ])),
    );
    let mut cfg = s.cfg();
    cfg.stream = true;
    let d = handoff::draft_detailed(&evidence(&[]), &cfg).unwrap();
    assert_eq!(d.note.files[0].path, "src/auth.rs");
    assert_eq!(d.usage.unwrap().total_tokens, 15);
    assert_eq!(s.bodies()[0]["stream_options"]["include_usage"], true);
}

#[test]
fn json_schema_refused_falls_back_to_json_object_and_remembers() {
    let s = Server::start();
    s.mount(
        chat()
            .and(body_partial_json(
                json!({"response_format": {"type": "json_schema"}}),
            ))
            .respond_with(error(
                400,
                json!({"error": "'response_format.type' must be 'json_object' or 'text'"}),
            )),
    );
    s.mount(
        chat()
            .and(body_partial_json(
                json!({"response_format": {"type": "json_object"}}),
            ))
            .respond_with(ok(&format!("```json\n{}\n```", note_json()), "stop")),
    );
    let cfg = s.cfg();
    let client = Client::new(&cfg).unwrap();
    let ev = evidence(&[]);
    let d = s.rt.block_on(client.draft(&ev)).unwrap();
    assert_eq!(d.mode, ResponseMode::JsonObject);
    assert_eq!(d.requests, 2);
    assert!(d.warnings[0].contains("refused response_format json_schema"));
    // The answer is remembered for the rest of the run: the next draft asks for JSON mode first.
    let d = s.rt.block_on(client.draft(&ev)).unwrap();
    assert_eq!(d.requests, 1);
    let bodies = s.bodies();
    assert_eq!(bodies.len(), 3);
    assert_eq!(bodies[2]["response_format"]["type"], "json_object");
    // In JSON mode the shape is described in the prompt.
    assert!(
        bodies[2]["messages"][1]["content"]
            .as_str()
            .unwrap()
            .contains("\"next_action\"")
    );
}

#[test]
fn both_json_modes_refused_falls_back_to_markdown() {
    let s = Server::start();
    s.mount(
        chat()
            .and(|r: &Request| String::from_utf8_lossy(&r.body).contains("response_format"))
            .respond_with(error(
                400,
                json!({"error": {"code": 400, "message": "response_format type must be one of \"text\" or \"json_object\", but got: json_schema", "type": "invalid_request_error"}}),
            )),
    );
    s.mount(
        chat()
            .and(|r: &Request| !String::from_utf8_lossy(&r.body).contains("response_format"))
            .respond_with(ok(NOTE_MD, "stop")),
    );
    let d = handoff::draft_detailed(&evidence(&[]), &s.cfg()).unwrap();
    assert_eq!(d.mode, ResponseMode::Markdown);
    assert_eq!(d.requests, 3);
    let note = d.note;
    assert_eq!(note.goal.unwrap().cite, ["M1"]);
    assert_eq!(
        note.open_loops[0].verify.as_deref(),
        Some("cargo test auth")
    );
    let last = &s.bodies()[2];
    assert!(
        last["messages"][1]["content"]
            .as_str()
            .unwrap()
            .contains("## Next Action")
    );
}

#[test]
fn rate_limit_waits_for_retry_after_ms() {
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(
                error(429, json!({"error": {"message": "Rate limit reached", "type": "requests", "code": "rate_limit_exceeded"}}))
                    .insert_header("retry-after-ms", "300"),
            )
            .up_to_n_times(1)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let start = Instant::now();
    let d = handoff::draft_detailed(&evidence(&[]), &s.cfg()).unwrap();
    assert!(
        start.elapsed() >= Duration::from_millis(300),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(d.requests, 2);
}

#[test]
fn server_errors_are_retried_with_backoff() {
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(ResponseTemplate::new(500).set_body_string("Internal Server Error"))
            .up_to_n_times(2)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let start = Instant::now();
    let d = handoff::draft_detailed(&evidence(&[]), &s.cfg()).unwrap();
    // Backoff: 0.375–0.5 s, then 0.75–1 s.
    assert!(
        start.elapsed() >= Duration::from_millis(1100),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(d.requests, 3);
}

#[test]
fn persistent_server_errors_give_up_with_the_count() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        503,
        json!({"error": {"message": "Loading model", "type": "unavailable_error"}}),
    )));
    let mut cfg = s.cfg();
    cfg.max_retries = 1;
    let e = handoff::draft_detailed(&evidence(&[]), &cfg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("HTTP 503: Loading model after 2 attempts"),
        "{e}"
    );
    assert!(e.contains(&s.mock.uri()), "{e}");
    assert_eq!(s.requests().len(), 2);
}

#[test]
fn retry_after_longer_than_the_cap_gives_up_at_once() {
    let s = Server::start();
    s.mount(
        chat().respond_with(
            error(429, json!({"error": {"message": "Too many requests"}}))
                .insert_header("retry-after", "600"),
        ),
    );
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("wait 600 s"), "{e}");
    assert_eq!(s.requests().len(), 1);
}

#[test]
fn unauthorized_is_not_retried_and_names_the_key_variable() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        401,
        json!({"error": {"message": "Incorrect API key provided.", "type": "invalid_request_error", "code": "invalid_api_key"}}),
    )));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("HTTP 401: Incorrect API key provided."), "{e}");
    assert!(e.contains("OPENAI_API_KEY"), "{e}");
    assert!(!e.contains(KEY));
    assert_eq!(s.requests().len(), 1);
}

#[test]
fn unknown_model_404_says_what_to_check() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        404,
        json!({"error": {"message": "The model `test-model` does not exist", "type": "invalid_request_error", "code": "model_not_found"}}),
    )));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("HTTP 404: The model `test-model` does not exist"),
        "{e}"
    );
    assert!(e.contains("check --model") && e.contains("/v1"), "{e}");
    assert_eq!(s.requests().len(), 1);
}

#[test]
fn insufficient_quota_is_final() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        429,
        json!({"error": {"message": "You exceeded your current quota, please check your plan and billing details.", "type": "insufficient_quota", "code": "insufficient_quota"}}),
    )));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("quota"), "{e}");
    assert_eq!(s.requests().len(), 1);
}

#[test]
fn context_length_error_rebudgets_smaller_once() {
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(error(
                400,
                json!({"error": {"message": "This model's maximum context length is 4096 tokens. However, your messages resulted in 9000 tokens.", "type": "invalid_request_error", "param": "messages", "code": "context_length_exceeded"}}),
            ))
            .up_to_n_times(1)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let filler = "the agent explains at length what it did and why. ".repeat(60);
    let turns: Vec<&str> = (0..40).map(|_| filler.as_str()).collect();
    let mut cfg = s.cfg();
    cfg.context_window = 16_000;
    // The trimmed prompt's retry: the chunked path off.
    cfg.max_chunks = 0;
    let d = handoff::draft_detailed(&evidence(&turns), &cfg).unwrap();
    assert_eq!(d.requests, 2);
    let bodies = s.bodies();
    let len = |b: &Value| b["messages"][1]["content"].as_str().unwrap().len();
    assert!(
        len(&bodies[1]) < len(&bodies[0]) * 3 / 4,
        "{} vs {}",
        len(&bodies[1]),
        len(&bodies[0])
    );
    // The server named its window: the warning says so, with its numbers.
    assert!(
        d.warnings[0].contains("the server's context is 4096 tokens and it counted 9000"),
        "{:?}",
        d.warnings
    );

    // A second context error is final.
    let s = Server::start();
    s.mount(chat().respond_with(error(
        400,
        json!({"error": {"message": "prompt is too long", "code": "context_length_exceeded"}}),
    )));
    let mut cfg = s.cfg();
    cfg.context_window = 16_000;
    // The trimmed prompt's retry: the chunked path off.
    cfg.max_chunks = 0;
    let e = handoff::draft_detailed(&evidence(&turns), &cfg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("still too long") && e.contains("--budget"),
        "{e}"
    );
    assert_eq!(s.requests().len(), 2);
}

#[test]
fn unsupported_max_tokens_switches_the_field() {
    let s = Server::start();
    s.mount(
        chat()
            .and(|r: &Request| String::from_utf8_lossy(&r.body).contains("\"max_tokens\""))
            .respond_with(error(
                400,
                json!({"error": {"message": "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.", "type": "invalid_request_error", "param": "max_tokens", "code": "unsupported_parameter"}}),
            )),
    );
    s.mount(
        chat()
            .and(body_partial_json(json!({"max_completion_tokens": 4096})))
            .respond_with(ok(&note_json(), "stop")),
    );
    let mut cfg = s.cfg();
    cfg.max_tokens_field = MaxTokensField::MaxTokens;
    let d = handoff::draft_detailed(&evidence(&[]), &cfg).unwrap();
    assert_eq!(d.requests, 2);
}

#[test]
fn timeout_is_a_clear_error() {
    let s = Server::start();
    s.mount(chat().respond_with(ok(&note_json(), "stop").set_delay(Duration::from_secs(3))));
    let mut cfg = s.cfg();
    cfg.timeout = Duration::from_secs(1);
    cfg.max_retries = 0;
    let start = Instant::now();
    let e = handoff::draft_detailed(&evidence(&[]), &cfg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no answer within the 1 s deadline") && e.contains("--timeout"),
        "{e}"
    );
    assert!(start.elapsed() < Duration::from_secs(3));
}

#[test]
fn connection_refused_is_retried_then_named() {
    // Bind and drop a listener to get a port nobody listens on.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut cfg = ModelConfig::new(&format!("http://127.0.0.1:{port}/v1"), "m");
    cfg.max_retries = 1;
    let e = handoff::draft_detailed(&evidence(&[]), &cfg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cannot connect") && e.contains("after 2 attempts"),
        "{e}"
    );
}

#[test]
fn malformed_answers_are_clear_errors() {
    let s = Server::start();
    s.mount(chat().respond_with(ok("{\"goal\": {\"text\": \"x\"", "stop")));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("no JSON object") || e.contains("does not match"),
        "{e}"
    );

    let s = Server::start();
    s.mount(chat().respond_with(ok("{\"goal\": {\"text\": \"x\", \"cite\": []}}", "stop")));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("missing field `verified`"), "{e}");

    let s = Server::start();
    s.mount(
        chat().respond_with(ResponseTemplate::new(200).set_body_string("<html>proxy login</html>")),
    );
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("not JSON") && e.contains("OpenAI-compatible"),
        "{e}"
    );
}

#[test]
fn truncated_and_failing_streams_are_errors() {
    let s = Server::start();
    s.mount(chat().respond_with(sse(&[format!(
        "data: {}",
        json!({"choices": [{"index": 0, "delta": {"content": "{\"goal\":"}}]})
    )])));
    let mut cfg = s.cfg();
    cfg.stream = true;
    let e = handoff::draft_detailed(&evidence(&[]), &cfg)
        .unwrap_err()
        .to_string();
    assert!(e.contains("incomplete"), "{e}");
    assert_eq!(s.requests().len(), 1);

    let s = Server::start();
    s.mount(chat().respond_with(sse(&[
        format!(
            "data: {}",
            json!({"choices": [{"index": 0, "delta": {"content": "{"}}]})
        ),
        format!(
            "data: {}",
            json!({"error": {"message": "upstream overloaded", "code": 529}})
        ),
    ])));
    let mut cfg = s.cfg();
    cfg.stream = true;
    let e = handoff::draft_detailed(&evidence(&[]), &cfg)
        .unwrap_err()
        .to_string();
    assert!(e.contains("mid-answer: upstream overloaded"), "{e}");
}

#[test]
fn length_finish_retries_once_smaller_then_fails() {
    // A prompt larger than 60 % of the budget, so that a retry sends something else.
    let filler = "the agent explains at length what it did and why. ".repeat(60);
    let turns: Vec<&str> = (0..40).map(|_| filler.as_str()).collect();
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(ok("{\"goal\": {\"te", "length"))
            .up_to_n_times(1)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let mut cfg = s.cfg();
    cfg.budget = Some(8_000);
    // The trimmed prompt's retry: the chunked path off.
    cfg.max_chunks = 0;
    let d = handoff::draft_detailed(&evidence(&turns), &cfg).unwrap();
    assert_eq!(d.requests, 2);
    let bodies = s.bodies();
    // Same output cap (the user's is never exceeded), smaller prompt.
    assert_eq!(bodies[1]["max_tokens"], bodies[0]["max_tokens"]);
    let len = |b: &Value| b["messages"][1]["content"].as_str().unwrap().len();
    assert!(len(&bodies[1]) < len(&bodies[0]));

    let s = Server::start();
    s.mount(chat().respond_with(ok("{\"goal\": {\"te", "length")));
    let mut cfg = s.cfg();
    cfg.budget = Some(8_000);
    // The trimmed prompt's retry: the chunked path off.
    cfg.max_chunks = 0;
    let e = handoff::draft_detailed(&evidence(&turns), &cfg)
        .unwrap_err()
        .to_string();
    assert!(
        e.contains("cut off")
            && e.contains("again with a smaller prompt")
            && e.contains("--max-output-tokens"),
        "{e}"
    );
    assert_eq!(s.requests().len(), 2);

    // Null content (a reasoning model that spent its budget thinking) takes the same path.
    let s = Server::start();
    s.mount(chat().respond_with(ResponseTemplate::new(200).set_body_json(json!({
        "choices": [{"index": 0, "message": {"role": "assistant", "content": null}, "finish_reason": "stop"}]
    }))));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("no content"), "{e}");
}

#[test]
fn content_filter_is_a_clear_error() {
    let s = Server::start();
    s.mount(chat().respond_with(ok("", "content_filter")));
    let e = handoff::draft_detailed(&evidence(&[]), &s.cfg())
        .unwrap_err()
        .to_string();
    assert!(e.contains("content filter"), "{e}");
    assert_eq!(s.requests().len(), 1);
}

const PLANTED: &[&str] = &[
    "AKIAQ7X2M4N8R6T1V3W5",
    "ghp_0123456789abcdefghijABCDEFGHIJ012345",
    "sk-or-v1-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
    "hunter2-prod-db",
    "MIIEowIBAAKCAQEA1234567890abcdef",
    "xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
];

fn planted_evidence() -> Evidence {
    evidence(&[
        "export AWS_ACCESS_KEY_ID=AKIAQ7X2M4N8R6T1V3W5",
        "git remote set-url origin https://ghp_0123456789abcdefghijABCDEFGHIJ012345@github.com/x/y",
        "OPENROUTER_API_KEY=sk-or-v1-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "DATABASE_URL=postgres://app:hunter2-prod-db@db.internal:5432/app",
        "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\n-----END RSA PRIVATE KEY-----",
        "SLACK=xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
    ])
}

#[test]
fn planted_secrets_never_reach_the_server() {
    let s = Server::start();
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    handoff::draft_detailed(&planted_evidence(), &s.cfg()).unwrap();
    let requests = s.requests();
    assert_eq!(requests.len(), 1);
    let raw = String::from_utf8_lossy(&requests[0].body);
    for secret in PLANTED {
        assert!(!raw.contains(secret), "{secret} reached the server");
    }
    assert!(raw.contains("[REDACTED:aws-access-key]"));

    // With --no-redact they do go out: the check above is not vacuous.
    let s = Server::start();
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let mut cfg = s.cfg();
    cfg.redact = false;
    handoff::draft_detailed(&planted_evidence(), &cfg).unwrap();
    let raw = String::from_utf8_lossy(&s.requests()[0].body).into_owned();
    assert!(PLANTED.iter().all(|p| raw.contains(p)));
}

#[test]
fn secrets_echoed_by_the_model_are_redacted_in_the_note() {
    let s = Server::start();
    let echoed = note_json().replace(
        "Rotation is written but untested.",
        "Key AKIAQ7X2M4N8R6T1V3W5 was used.",
    );
    s.mount(chat().respond_with(ok(&echoed, "stop")));
    let model = handoff::Model::new(&s.cfg()).unwrap();
    let summary = handoff::summarize(
        &evidence(&[]),
        &Drafter::Model(Box::new(model)),
        handoff::OnModelFailure::Fail,
        chrono::Utc::now(),
    )
    .unwrap();
    assert_eq!(
        summary.note.partial[0].text,
        "Key [REDACTED:aws-access-key] was used."
    );
    assert!(!summary.markdown.contains("AKIAIOSFODNN7EXAMPLE"));
    assert_eq!(summary.note.header.drafter, "llm");
    assert_eq!(summary.note.header.model.as_deref(), Some("test-model"));
    // The source is the transcript file, whichever drafter ran.
    assert_eq!(summary.note.header.source.as_deref(), Some("session.jsonl"));
}

#[test]
fn dry_run_sends_nothing_and_reports_blocks() {
    let s = Server::start();
    let out = handoff::dry_run(&planted_evidence(), &s.cfg()).unwrap();
    assert!(out.contains("===== system ====="));
    assert!(out.contains("first request"));
    assert!(out.contains("budget"));
    for secret in PLANTED {
        assert!(!out.contains(secret));
    }
    assert!(!out.contains(KEY));
    assert!(s.requests().is_empty());
}

/// A key shaped like no known token, so only the explicit key scrub can hide it.
pub(crate) const PLAIN_KEY: &str = "local-key-7f3a9c-please-never-print";

/// The real binary with a hermetic model environment: an empty config file, the key in
/// OPENAI_API_KEY, nothing else set.
pub(crate) fn binary(config_dir: &std::path::Path) -> assert_cmd::Command {
    let config = config_dir.join("config.toml");
    std::fs::write(&config, "").unwrap();
    let mut cmd = crate::support::handoff();
    cmd.env("HANDOFF_CONFIG", &config)
        .env("OPENAI_API_KEY", PLAIN_KEY)
        .env_remove("OPENAI_BASE_URL")
        .env_remove("HANDOFF_MODEL")
        .env_remove("HANDOFF_PROFILE");
    cmd
}

/// `summarize` of the sample session through the binary, drafting with `model` at `url`, with
/// `dir` as the repository (callers add where the note goes).
pub(crate) fn summarize_cmd(dir: &std::path::Path, model: &str, url: &str) -> assert_cmd::Command {
    let mut cmd = binary(dir);
    cmd.args(["summarize", "--model", model, "--base-url", url])
        .arg("--transcript")
        .arg(sample())
        .arg("--repo")
        .arg(dir);
    cmd
}

pub(crate) fn sample() -> std::path::PathBuf {
    std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("evals/samples/claude-csv-quoted-fields.jsonl")
}

pub(crate) fn output_text(out: &std::process::Output) -> String {
    format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    )
}

#[test]
fn summarize_with_a_model_writes_the_drafted_note_and_never_the_key() {
    let s = Server::start();
    s.mount(
        chat()
            .and(header(
                "authorization",
                format!("Bearer {PLAIN_KEY}").as_str(),
            ))
            .respond_with(ok(&note_json(), "stop")),
    );
    let dir = tempfile::tempdir().unwrap();
    let out = summarize_cmd(dir.path(), "test-model", &format!("{}/v1", s.mock.uri()))
        .arg("--stdout")
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("Fix the token refresh bug."), "{stdout}");
    assert!(stdout.contains("## Next Action"), "{stdout}");
    assert!(
        stdout.contains("test-model"),
        "the header names the model: {stdout}"
    );
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("model test-model: 900 prompt + 120 completion tokens, 1 request(s)"),
        "usage is reported: {stderr}"
    );
    assert!(!text.contains(PLAIN_KEY));
    assert_eq!(s.requests().len(), 1);
}

#[test]
fn the_key_never_appears_even_when_the_server_echoes_it() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        401,
        json!({"error": {"message": format!("Incorrect API key provided: {PLAIN_KEY}. You can find your API key at https://platform.openai.com/account/api-keys."), "code": "invalid_api_key"}}),
    )));
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        summarize_cmd(dir.path(), "test-model", &format!("{}/v1", s.mock.uri()))
            .arg("--stdout")
            .args(extra)
            .output()
            .unwrap()
    };
    // The offline fallback states the failure in the note's header: redacted there too.
    let out = run(&[]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    assert!(
        text.contains("model failed: test-model: HTTP 401"),
        "{text}"
    );
    assert!(!text.contains(PLAIN_KEY), "{text}");

    let out = run(&["--no-fallback"]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(
        text.contains("HTTP 401: Incorrect API key provided"),
        "{text}"
    );
    assert!(text.contains("[REDACTED:api-key]"), "{text}");
    assert!(!text.contains(PLAIN_KEY), "{text}");
    let errors: Vec<_> = text.lines().filter(|l| l.contains("HTTP 401")).collect();
    assert_eq!(errors.len(), 1, "{text}");
    assert!(
        errors[0].starts_with("handoff: error: http://127.0.0.1:"),
        "{text}"
    );

    // `config show` says whether a key is set, never what it is.
    let out = binary(dir.path())
        .args(["config", "show", "--model", "m"])
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    assert!(
        text.contains("api key: set (from OPENAI_API_KEY)"),
        "{text}"
    );
    assert!(!text.contains(PLAIN_KEY));
}

#[test]
fn summarize_dry_run_prints_the_prompt_and_calls_nothing() {
    let s = Server::start();
    let dir = tempfile::tempdir().unwrap();
    let out = binary(dir.path())
        .args([
            "summarize",
            "--dry-run",
            "--budget",
            "3000",
            "--model",
            "test-model",
            "--base-url",
        ])
        .arg(format!("{}/v1", s.mock.uri()))
        .arg("--transcript")
        .arg(sample())
        .arg("--repo")
        .arg(dir.path())
        .output()
        .unwrap();
    let text = output_text(&out);
    assert!(out.status.success(), "{text}");
    assert!(text.contains("===== tokens per block ====="), "{text}");
    assert!(text.contains("budget 3000 (o200k_base)"), "{text}");
    assert!(!text.contains(PLAIN_KEY));
    assert!(s.requests().is_empty());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        1,
        "nothing written"
    );

    // Without any model configured, the dry run previews the default model's prompt.
    let out = binary(dir.path())
        .args(["summarize", "--dry-run", "--transcript"])
        .arg(sample())
        .arg("--repo")
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", output_text(&out));
    assert!(String::from_utf8_lossy(&out.stdout).contains("model gpt-4o-mini"));
}

#[test]
fn plain_http_to_a_remote_host_is_refused_before_sending() {
    let dir = tempfile::tempdir().unwrap();
    let out = binary(dir.path())
        .args([
            "summarize",
            "--stdout",
            "--model",
            "m",
            "--base-url",
            "http://gpu-box.example:8000/v1",
            "--repo",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("--allow-insecure-http"), "{text}");
}

#[test]
fn tokens_command_counts_files() {
    let dir = tempfile::tempdir().unwrap();
    let a = dir.path().join("a.txt");
    std::fs::write(&a, "hello world").unwrap();
    let out = crate::support::handoff()
        .args(["tokens", "--json"])
        .arg(&a)
        .arg(&a)
        .output()
        .unwrap();
    assert!(out.status.success());
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["total"], 4);
    assert_eq!(v["encoding"], "o200k_base");
    let out = crate::support::handoff()
        .args(["tokens", "--model", "gpt-4"])
        .arg(&a)
        .output()
        .unwrap();
    assert!(String::from_utf8_lossy(&out.stderr).contains("cl100k_base"));
    let out = crate::support::handoff()
        .args(["tokens"])
        .arg(dir.path().join("missing.txt"))
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.txt"));
}

#[test]
fn config_path_follows_handoff_config() {
    let dir = tempfile::tempdir().unwrap();
    let out = binary(dir.path())
        .args(["config", "path"])
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        dir.path().join("config.toml").display().to_string()
    );
    let out = crate::support::handoff()
        .env_remove("HANDOFF_CONFIG")
        .env("XDG_CONFIG_HOME", dir.path())
        .args(["config", "path"])
        .output()
        .unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout).trim(),
        dir.path().join("handoff/config.toml").display().to_string()
    );
}
