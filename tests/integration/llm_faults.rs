//! The model client against servers that misbehave the way real ones do (issues 18, 13.6, 14):
//! a slow answer, a silent server, a slow or stalled stream, a length finish under the user's
//! cap, a grammar-constrained server that generates fields in schema order, a server-side
//! context limit, a redirect to another host, an oversized answer, a missing key, and the
//! offline fallback through the binary. Byte-level faults (a stream that stalls mid-answer, a
//! connection that is accepted and never answered) come from a raw in-process HTTP server;
//! the rest from wiremock.

use super::llm::{
    KEY, Server, binary, chat, error, evidence, note_json, ok, output_text, sample, summarize_cmd,
};
use handoff::{ModelConfig, ResponseMode};
use serde_json::{Value, json};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use wiremock::{Request, Respond, ResponseTemplate};

/// What the raw server does with one request: write `head` (status line and headers; empty: write
/// nothing at all), then each piece after its pause, then hang up or (with `hang`) keep the
/// connection open without a byte more.
#[derive(Clone, Default)]
struct Script {
    head: String,
    pieces: Vec<(Duration, Vec<u8>)>,
    hang: bool,
}

/// An HTTP/1.1 server on loopback that follows a [`Script`] per request (the last one repeats),
/// for faults wiremock cannot produce: a stream that pauses between events or stops mid-answer.
struct RawServer {
    url: String,
    bodies: Arc<Mutex<Vec<Vec<u8>>>>,
    _rt: tokio::runtime::Runtime,
}

impl RawServer {
    fn start(scripts: Vec<Script>) -> RawServer {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        let listener = rt
            .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
            .unwrap();
        let url = format!("http://{}/v1", listener.local_addr().unwrap());
        let bodies = Arc::new(Mutex::new(Vec::new()));
        let seen = bodies.clone();
        rt.spawn(async move {
            let mut n = 0;
            loop {
                let Ok((mut sock, _)) = listener.accept().await else {
                    return;
                };
                let script = scripts[n.min(scripts.len() - 1)].clone();
                n += 1;
                let seen = seen.clone();
                tokio::spawn(async move {
                    let Some(body) = read_request(&mut sock).await else {
                        return;
                    };
                    seen.lock().unwrap().push(body);
                    if !script.head.is_empty()
                        && sock.write_all(script.head.as_bytes()).await.is_err()
                    {
                        return;
                    }
                    for (pause, piece) in &script.pieces {
                        tokio::time::sleep(*pause).await;
                        if sock.write_all(piece).await.is_err() {
                            return;
                        }
                        let _ = sock.flush().await;
                    }
                    if script.hang {
                        tokio::time::sleep(Duration::from_secs(3600)).await;
                    }
                });
            }
        });
        RawServer {
            url,
            bodies,
            _rt: rt,
        }
    }

    fn requests(&self) -> usize {
        self.bodies.lock().unwrap().len()
    }

    fn cfg(&self) -> ModelConfig {
        let mut c = ModelConfig::new(&self.url, "test-model");
        c.api_key = Some(KEY.into());
        c.context_window = 32_000;
        c
    }
}

/// Reads one request (headers and a `content-length` body); `None` when the client went away.
async fn read_request(sock: &mut tokio::net::TcpStream) -> Option<Vec<u8>> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        let n = sock.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
        if let Some(i) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            break i + 4;
        }
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).to_ascii_lowercase();
    let len: usize = head
        .lines()
        .find_map(|l| l.strip_prefix("content-length:"))
        .and_then(|v| v.trim().parse().ok())
        .unwrap_or(0);
    while buf.len() < head_end + len {
        let n = sock.read(&mut chunk).await.ok().filter(|n| *n > 0)?;
        buf.extend_from_slice(&chunk[..n]);
    }
    Some(buf[head_end..].to_vec())
}

const SSE_HEAD: &str = "HTTP/1.1 200 OK\r\ncontent-type: text/event-stream\r\ncache-control: no-cache\r\nconnection: close\r\n\r\n";

fn delta(text: &str) -> Vec<u8> {
    format!(
        "data: {}\n\n",
        json!({"choices": [{"index": 0, "delta": {"content": text}}]})
    )
    .into_bytes()
}

fn finish(reason: &str) -> Vec<u8> {
    format!(
        "data: {}\n\ndata: [DONE]\n\n",
        json!({"choices": [{"index": 0, "delta": {}, "finish_reason": reason}], "usage": {"prompt_tokens": 50, "completion_tokens": 40, "total_tokens": 90}})
    )
    .into_bytes()
}

/// The note's JSON streamed in `n` pieces, `pause` apart, then a `stop` finish.
fn streamed_note(n: usize, pause: Duration) -> Script {
    let text = note_json();
    let chars: Vec<char> = text.chars().collect();
    let size = chars.len().div_ceil(n);
    let mut pieces: Vec<(Duration, Vec<u8>)> = chars
        .chunks(size)
        .map(|c| (pause, delta(&c.iter().collect::<String>())))
        .collect();
    pieces.push((Duration::ZERO, finish("stop")));
    Script {
        head: SSE_HEAD.into(),
        pieces,
        hang: false,
    }
}

fn err_of(r: handoff::Result<handoff::Drafted>) -> String {
    match r {
        Ok(d) => panic!("expected an error, got a note: {:?}", d.note.goal),
        Err(e) => e.to_string(),
    }
}

// ---- 18.1 / 14.12: a slow answer or a silent server costs one deadline, not (1 + retries) ×.

#[test]
fn a_slow_answer_is_not_retried_and_the_error_says_how_long_it_waited() {
    let s = Server::start();
    s.mount(chat().respond_with(ok(&note_json(), "stop").set_delay(Duration::from_secs(4))));
    let mut cfg = s.cfg();
    cfg.timeout = Duration::from_secs(1);
    assert_eq!(cfg.max_retries, 2, "the default retries apply");
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(e.contains("1 s") && e.contains("--timeout"), "{e}");
    assert!(e.contains("deadline"), "{e}");
    assert_eq!(
        s.requests().len(),
        1,
        "a request the server accepted and is still answering is not sent again: {e}"
    );
}

#[test]
fn a_silent_server_is_given_up_at_the_deadline_streaming_or_not() {
    for stream in [false, true] {
        // Accepts the connection, reads the request, never writes a byte.
        let server = RawServer::start(vec![Script {
            hang: true,
            ..Script::default()
        }]);
        let mut cfg = server.cfg();
        cfg.stream = stream;
        cfg.timeout = Duration::from_secs(2);
        let started = Instant::now();
        let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
        assert!(
            e.contains("no answer within the 2 s deadline") && e.contains("--timeout"),
            "stream {stream}: {e}"
        );
        assert_eq!(server.requests(), 1, "stream {stream}: {e}");
        // A bound, not a benchmark: the old client took (1 + 2 retries) × the timeout.
        assert!(
            started.elapsed() < Duration::from_secs(5),
            "stream {stream}"
        );
    }
}

// ---- 18.2: streaming has an idle timeout and an overall deadline, each reported as itself.

#[test]
fn a_slow_stream_within_the_deadline_is_read_to_the_end() {
    // 12 events 250 ms apart: 3 s in all, never silent for a whole second.
    let server = RawServer::start(vec![streamed_note(12, Duration::from_millis(250))]);
    let mut cfg = server.cfg();
    cfg.stream = true;
    cfg.timeout = Duration::from_secs(20);
    cfg.idle_timeout = Duration::from_secs(1);
    let d = handoff::draft_detailed(&evidence(&[]), &cfg).unwrap();
    assert_eq!(
        d.note.goal.as_ref().unwrap().text,
        "Fix the token refresh bug."
    );
    assert_eq!(d.requests, 1);
}

#[test]
fn a_stream_still_arriving_at_the_deadline_says_so() {
    // 40 events 150 ms apart (6 s) against a 2 s deadline.
    let server = RawServer::start(vec![streamed_note(40, Duration::from_millis(150))]);
    let mut cfg = server.cfg();
    cfg.stream = true;
    cfg.timeout = Duration::from_secs(2);
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(
        e.contains("still arriving when the 2 s deadline passed") && e.contains("--timeout"),
        "{e}"
    );
    assert!(!e.contains("connection failed"), "{e}");
    assert_eq!(server.requests(), 1, "{e}");
}

#[test]
fn a_stream_that_stalls_mid_answer_is_an_idle_timeout_retried_once() {
    let stall = Script {
        head: SSE_HEAD.into(),
        pieces: vec![
            (Duration::ZERO, delta("{\"goal\": {\"text\": \"Fix")),
            (Duration::from_millis(100), delta(" the token")),
        ],
        hang: true,
    };
    let server = RawServer::start(vec![stall.clone()]);
    let mut cfg = server.cfg();
    cfg.stream = true;
    cfg.timeout = Duration::from_secs(30);
    cfg.idle_timeout = Duration::from_secs(1);
    let started = Instant::now();
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(
        e.contains("the stream stalled: no bytes for 1 s") && e.contains("--idle-timeout"),
        "{e}"
    );
    assert_eq!(
        server.requests(),
        2,
        "one retry after a stall, no more: {e}"
    );
    assert!(started.elapsed() < Duration::from_secs(15), "{e}");

    // A stall then a good answer: the retry is worth it.
    let server = RawServer::start(vec![stall, streamed_note(3, Duration::ZERO)]);
    let mut cfg = server.cfg();
    cfg.stream = true;
    cfg.idle_timeout = Duration::from_secs(1);
    let d = handoff::draft_detailed(&evidence(&[]), &cfg).unwrap();
    assert_eq!(d.requests, 2);
}

// ---- 18.3: the length retry never exceeds the user's cap and never resends the same prompt.

#[test]
fn a_length_finish_never_asks_beyond_the_users_cap() {
    let partial = "{\"goal\": {\"text\": \"Fix the tok";
    let s = Server::start();
    s.mount(chat().respond_with(ok(partial, "length")));
    let mut cfg = s.cfg();
    cfg.max_output_tokens = 400;
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    // The prompt is already under any smaller budget: retrying would resend it unchanged.
    assert_eq!(s.requests().len(), 1, "{e}");
    assert!(
        e.contains("cut off at the 400-token output cap")
            && e.contains(&format!("{} characters", partial.len()))
            && e.contains("120 completion tokens"),
        "{e}"
    );

    // A prompt that does shrink is retried once, smaller, and still within the cap.
    let long: Vec<String> = (0..400)
        .map(|i| format!("Step {i}: edited src/module_{i}.rs and ran the suite again"))
        .collect();
    let long: Vec<&str> = long.iter().map(String::as_str).collect();
    let s = Server::start();
    s.mount(chat().respond_with(ok(partial, "length")));
    let mut cfg = s.cfg();
    cfg.max_output_tokens = 400;
    cfg.budget = Some(6_000);
    // The trimmed prompt's retry: the chunked path off.
    cfg.max_chunks = 0;
    let e = err_of(handoff::draft_detailed(&evidence(&long), &cfg));
    let bodies = s.bodies();
    assert_eq!(bodies.len(), 2, "{e}");
    for b in &bodies {
        assert!(
            b["max_tokens"].as_u64().unwrap() <= 400,
            "{}",
            b["max_tokens"]
        );
    }
    let user = |b: &Value| b["messages"][1]["content"].as_str().unwrap().len();
    assert!(user(&bodies[1]) < user(&bodies[0]));
}

// ---- 18.4: properties go out in the note's section order.

/// A grammar-constrained server (llama.cpp): it generates fields in the schema's order, so it
/// answers only when that order is the note's, and says what it got otherwise.
struct SchemaOrderServer;

const SECTION_ORDER: [&str; 9] = [
    "goal",
    "verified",
    "partial",
    "decisions",
    "discarded",
    "files",
    "open_loops",
    "next_action",
    "watch_outs",
];

impl Respond for SchemaOrderServer {
    fn respond(&self, request: &Request) -> ResponseTemplate {
        let raw = String::from_utf8_lossy(&request.body);
        let Some(at) = raw.find("\"response_format\"") else {
            return error(400, json!({"error": {"message": "no response_format"}}));
        };
        let schema = &raw[at..];
        let mut found: Vec<(usize, &str)> = SECTION_ORDER
            .iter()
            .filter_map(|k| schema.find(&format!("\"{k}\":")).map(|i| (i, *k)))
            .collect();
        found.sort();
        let order: Vec<&str> = found.iter().map(|(_, k)| *k).collect();
        if order != SECTION_ORDER {
            return error(
                400,
                json!({"error": {"message": format!("grammar order {order:?}"), "type": "invalid_request_error"}}),
            );
        }
        ok(&note_json(), "stop")
    }
}

#[test]
fn the_schema_lists_properties_in_the_notes_section_order() {
    let s = Server::start();
    s.mount(chat().respond_with(SchemaOrderServer));
    let d = handoff::draft_detailed(&evidence(&[]), &s.cfg()).unwrap();
    assert_eq!(d.requests, 1);
    assert_eq!(d.mode, ResponseMode::JsonSchema);
}

// ---- 18.5: messages that fit the situation.

#[test]
fn a_markdown_mode_error_does_not_suggest_markdown() {
    let s = Server::start();
    s.mount(chat().respond_with(ok("Sure! Here is a summary of the session.", "stop")));
    let mut cfg = s.cfg();
    cfg.response_mode = ResponseMode::Markdown;
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(!e.contains("response_format = \"markdown\""), "{e}");
    assert!(e.contains("--offline"), "{e}");

    // In a JSON mode the Markdown hint still helps.
    let s = Server::start();
    s.mount(chat().respond_with(ok("Sure! Here is a summary of the session.", "stop")));
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &s.cfg()));
    assert!(e.contains("response_format = \"markdown\""), "{e}");
}

fn llamacpp_context_error(n_prompt: u64, n_ctx: u64) -> ResponseTemplate {
    error(
        400,
        json!({"error": {"code": 400, "message": format!("request ({n_prompt} tokens) exceeds the available context size ({n_ctx} tokens), try increasing it"), "type": "exceed_context_size_error", "n_prompt_tokens": n_prompt, "n_ctx": n_ctx}}),
    )
}

#[test]
fn a_servers_context_size_is_used_for_the_retry_and_named_in_the_error() {
    let long: Vec<String> = (0..600)
        .map(|i| format!("Step {i}: edited src/module_{i}.rs and ran the suite again"))
        .collect();
    let long: Vec<&str> = long.iter().map(String::as_str).collect();

    // The retry fits the server's window: prompt and output cap both shrink to it.
    let s = Server::start();
    s.mount(
        chat()
            .respond_with(llamacpp_context_error(9_000, 4_096))
            .up_to_n_times(1)
            .with_priority(1),
    );
    s.mount(chat().respond_with(ok(&note_json(), "stop")));
    let d = handoff::draft_detailed(&evidence(&long), &s.cfg()).unwrap();
    assert_eq!(d.requests, 2);
    assert!(
        d.warnings
            .iter()
            .any(|w| w.contains("the server's context is 4096 tokens")),
        "{:?}",
        d.warnings
    );
    let bodies = s.bodies();
    assert!(bodies[1]["max_tokens"].as_u64().unwrap() <= 2_048);
    assert!(d.prompt_tokens < 4_096, "{}", d.prompt_tokens);

    // A server that still refuses: the error names its window, not our budget flags.
    let s = Server::start();
    s.mount(chat().respond_with(llamacpp_context_error(9_000, 4_096)));
    let e = err_of(handoff::draft_detailed(&evidence(&long), &s.cfg()));
    assert!(
        e.contains("the server's context is 4096 tokens") && e.contains("--context 4096"),
        "{e}"
    );
    assert_eq!(s.requests().len(), 2);
}

// ---- 14.5: redirects are not followed.

#[test]
fn a_redirect_is_not_followed_and_the_prompt_goes_nowhere_else() {
    let elsewhere = Server::start();
    elsewhere.mount(chat().respond_with(ok(&note_json(), "stop")));
    for status in [301, 302, 307, 308] {
        let s = Server::start();
        s.mount(
            chat().respond_with(ResponseTemplate::new(status).insert_header(
                "location",
                format!("{}/v1/chat/completions", elsewhere.mock.uri()).as_str(),
            )),
        );
        let e = err_of(handoff::draft_detailed(&evidence(&[]), &s.cfg()));
        assert!(
            e.contains(&format!("HTTP {status}")) && e.contains("redirect"),
            "{status}: {e}"
        );
        assert!(e.contains(&elsewhere.mock.uri()), "names the target: {e}");
        assert_eq!(s.requests().len(), 1, "not retried: {e}");
    }
    assert!(
        elsewhere.requests().is_empty(),
        "the prompt reached the redirect target"
    );
}

// ---- 14.11: an answer is capped at a few times what the output cap allows.

#[test]
fn an_oversized_answer_is_refused_whole_or_streamed() {
    let huge = note_json().replace("Fix the token refresh bug.", &"x".repeat(4 << 20));
    let s = Server::start();
    s.mount(chat().respond_with(ok(&huge, "stop")));
    let mut cfg = s.cfg();
    cfg.max_output_tokens = 100;
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(
        e.contains("larger than") && e.contains("100 output tokens"),
        "{e}"
    );
    assert_eq!(s.requests().len(), 1);

    let mut pieces: Vec<(Duration, Vec<u8>)> = (0..20_000)
        .map(|_| (Duration::ZERO, delta(&"y".repeat(100))))
        .collect();
    pieces.push((Duration::ZERO, finish("stop")));
    let server = RawServer::start(vec![Script {
        head: SSE_HEAD.into(),
        pieces,
        hang: false,
    }]);
    let mut cfg = server.cfg();
    cfg.stream = true;
    cfg.max_output_tokens = 100;
    let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
    assert!(
        e.contains("larger than") && e.contains("100 output tokens"),
        "{e}"
    );
}

// ---- 13.6: a missing key for a hosted provider is named before anything is sent.

#[test]
fn a_missing_key_for_a_hosted_provider_is_named_before_sending() {
    for (base, var) in [
        ("https://api.openai.com/v1", "OPENAI_API_KEY"),
        ("https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"),
    ] {
        let mut cfg = ModelConfig::new(base, "gpt-4o-mini");
        cfg.api_key_env = var.into();
        cfg.api_key = None;
        let e = err_of(handoff::draft_detailed(&evidence(&[]), &cfg));
        assert!(e.contains(&format!("{var} is not set")), "{e}");
        assert!(!e.contains("connect"), "nothing was sent: {e}");
    }
}

// ---- 13.6 / 18.7: a failing model still leaves a note, unless --no-fallback.

fn summarize_against(url: &str, dir: &std::path::Path, extra: &[&str]) -> std::process::Output {
    summarize_cmd(dir, "test-model", url)
        .arg("--out")
        .arg(dir.join("notes/"))
        .args(extra)
        .output()
        .unwrap()
}

fn notes_in(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(dir.join("notes"))
        .map(|r| {
            r.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "md"))
                .collect()
        })
        .unwrap_or_default()
}

#[test]
fn a_failing_model_leaves_the_offline_note_with_the_failure_in_its_header() {
    let s = Server::start();
    s.mount(chat().respond_with(error(
        500,
        json!({"error": {"message": "model crashed", "type": "server_error"}}),
    )));
    let url = format!("{}/v1", s.mock.uri());
    let dir = tempfile::tempdir().unwrap();
    let out = summarize_against(&url, dir.path(), &["--max-retries", "0"]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(0), "{text}");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("handoff: warning: the model failed")
            && stderr.contains("HTTP 500: model crashed")
            && stderr.contains("offline"),
        "{stderr}"
    );
    let notes = notes_in(dir.path());
    assert_eq!(notes.len(), 1, "{text}");
    let note = std::fs::read_to_string(&notes[0]).unwrap();
    let header = note.lines().find(|l| l.starts_with("> handoff")).unwrap();
    assert!(header.contains("drafter: offline"), "{header}");
    assert!(
        header.contains("model failed: test-model") && header.contains("HTTP 500"),
        "{header}"
    );
    // The header survives a round trip through the note parser (`validate` reads it).
    let parsed = handoff::parse_note(&note);
    assert!(
        parsed
            .header
            .model_failed
            .as_deref()
            .is_some_and(|m| m.contains("HTTP 500")),
        "{:?}",
        parsed.header
    );

    // --no-fallback: the error, exit 2, and no note.
    let dir = tempfile::tempdir().unwrap();
    let out = summarize_against(&url, dir.path(), &["--max-retries", "0", "--no-fallback"]);
    let text = output_text(&out);
    assert_eq!(out.status.code(), Some(2), "{text}");
    assert!(text.contains("HTTP 500: model crashed"), "{text}");
    assert!(notes_in(dir.path()).is_empty(), "{text}");
}

#[test]
fn a_missing_key_through_the_binary_is_one_clear_line() {
    let dir = tempfile::tempdir().unwrap();
    let run = |extra: &[&str]| {
        binary(dir.path())
            .env_remove("OPENAI_API_KEY")
            .args(["summarize", "--model", "gpt-4o-mini", "--transcript"])
            .arg(sample())
            .arg("--repo")
            .arg(dir.path())
            .arg("--out")
            .arg(dir.path().join("notes/"))
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&["--no-fallback"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    let errors: Vec<&str> = stderr.lines().filter(|l| l.contains("error")).collect();
    assert_eq!(errors.len(), 1, "{stderr}");
    assert!(errors[0].contains("OPENAI_API_KEY is not set"), "{stderr}");

    let out = run(&[]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let notes = notes_in(dir.path());
    let note = std::fs::read_to_string(&notes[0]).unwrap();
    assert!(note.contains("OPENAI_API_KEY is not set"), "{note}");
}

// ---- 18.6: an eval row that errored reports the prompt that was sent.

#[test]
fn an_eval_case_whose_model_failed_reports_the_prompt_it_sent() {
    let s = Server::start();
    s.mount(chat().respond_with(error(500, json!({"error": {"message": "model crashed"}}))));
    let dir = tempfile::tempdir().unwrap();
    let evals = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("evals");
    let out = binary(dir.path())
        .arg("eval")
        .arg(&evals)
        .args([
            "--case",
            "claude-failing-tests",
            "--json",
            "--max-retries",
            "0",
        ])
        .args(["--model", "test-model", "--base-url"])
        .arg(format!("{}/v1", s.mock.uri()))
        .output()
        .unwrap();
    let run: Value = serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!("{e}: {}", output_text(&out));
    });
    let case = &run["cases"][0];
    assert!(
        case["error"]
            .as_str()
            .is_some_and(|e| e.contains("HTTP 500")),
        "{case}"
    );
    assert!(
        case["prompt_tokens"].as_u64().unwrap() > 100,
        "the prompt sent is counted: {case}"
    );
    assert!(!s.requests().is_empty());
}
