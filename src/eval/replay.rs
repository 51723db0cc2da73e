//! Recorded model answers (`<case>/recorded-answer.json`), replayed through an in-process
//! OpenAI-compatible server so that `eval --replay` scores the model path — the real client, the
//! real HTTP exchange, the validator — on every case that has one, with no model and no network.
//!
//! A recording names the exact prompt it answered: the sha256 of the system message, a NUL
//! byte and the user message ([`prompt_sha256`]). When today's prompt for the case differs (the
//! prompt files, the evidence blocks or the analysis changed), the case fails with a one-line
//! error saying to re-record: `eval --dump-prompts DIR` writes today's prompts to answer.

use bytes::Bytes;
use http_body_util::{BodyExt, Full};
use hyper::body::Incoming;
use hyper::{Request, Response, StatusCode};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// The recording's file name in a case folder.
pub(crate) const RECORDING: &str = "recorded-answer.json";

/// The model name of replayed and dumped prompts: the prompt is built for it (a 128k-token
/// window, `o200k_base`), so a dump and a replay build the same prompt.
pub(crate) const REPLAY_MODEL: &str = "recorded-answer";

/// One recorded answer.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Recording {
    /// How the answer was obtained (which model or person, from what), for people.
    pub how_obtained: String,
    /// [`prompt_sha256`] of the prompt it answered.
    pub prompt_sha256: String,
    /// The `/v1/chat/completions` response body, as the server sent it.
    pub response: Value,
}

impl Recording {
    /// The case's recording; `None` when it has none; an error names a malformed one.
    pub(crate) fn load(case_dir: &Path) -> crate::Result<Option<Recording>> {
        let path = case_dir.join(RECORDING);
        let text = match std::fs::read_to_string(&path) {
            Ok(t) => t,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
            Err(e) => return Err(crate::Error::io(path, e)),
        };
        let rec: Recording = serde_json::from_str(&text).map_err(|e| {
            crate::Error::input(
                &path,
                format!(
                    "not a recording ({e}); expected {{\"how_obtained\", \"prompt_sha256\", \"response\"}} (docs/evals.md)"
                ),
            )
        })?;
        if rec.how_obtained.trim().is_empty() {
            return Err(crate::Error::input(
                &path,
                "how_obtained is empty; say how the answer was obtained",
            ));
        }
        Ok(Some(rec))
    }
}

/// The hash a recording names its prompt by: sha256 of `system`, a NUL byte, `user`; lower-case
/// hex.
pub(crate) fn prompt_sha256(system: &str, user: &str) -> String {
    let mut ctx = aws_lc_rs::digest::Context::new(&aws_lc_rs::digest::SHA256);
    ctx.update(system.as_bytes());
    ctx.update(&[0]);
    ctx.update(user.as_bytes());
    ctx.finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// What the server answers now: the recording's response to the prompt with this hash.
#[derive(Debug, Clone)]
struct Slot {
    sha256: String,
    response: Bytes,
}

/// An OpenAI-compatible server on 127.0.0.1 (a port of its own) answering `POST
/// …/chat/completions` with the loaded recording when the request's prompt is the one it
/// answered, and 409 otherwise. It runs on a thread of its own until dropped.
pub(crate) struct Server {
    url: String,
    slot: Arc<Mutex<Option<Slot>>>,
    shutdown: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Binds a free loopback port and starts serving.
    pub(crate) fn start() -> crate::Result<Server> {
        let bind_err = |e: std::io::Error| {
            crate::Error::Model(format!("cannot start the replay server on 127.0.0.1: {e}"))
        };
        let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(bind_err)?;
        listener.set_nonblocking(true).map_err(bind_err)?;
        let addr = listener.local_addr().map_err(bind_err)?;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .map_err(bind_err)?;
        let slot: Arc<Mutex<Option<Slot>>> = Arc::new(Mutex::new(None));
        let (tx, mut rx) = tokio::sync::oneshot::channel::<()>();
        let served = slot.clone();
        let thread = std::thread::spawn(move || {
            runtime.block_on(async move {
                let Ok(listener) = tokio::net::TcpListener::from_std(listener) else {
                    return;
                };
                loop {
                    tokio::select! {
                        _ = &mut rx => break,
                        accepted = listener.accept() => {
                            let Ok((stream, _)) = accepted else { continue };
                            let slot = served.clone();
                            tokio::spawn(async move {
                                let service = hyper::service::service_fn(move |req| {
                                    answer(req, slot.clone())
                                });
                                let _ = hyper::server::conn::http1::Builder::new()
                                    .serve_connection(hyper_util::rt::TokioIo::new(stream), service)
                                    .await;
                            });
                        }
                    }
                }
            });
        });
        Ok(Server {
            url: format!("http://{addr}/v1"),
            slot,
            shutdown: Some(tx),
            thread: Some(thread),
        })
    }

    /// The base URL (`http://127.0.0.1:PORT/v1`).
    pub(crate) fn url(&self) -> &str {
        &self.url
    }

    /// Answers `rec`'s response from now on, to its prompt only.
    pub(crate) fn serve(&self, rec: &Recording) {
        let slot = Slot {
            sha256: rec.prompt_sha256.trim().to_ascii_lowercase(),
            response: Bytes::from(rec.response.to_string()),
        };
        *self.slot.lock().unwrap_or_else(|e| e.into_inner()) = Some(slot);
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(tx) = self.shutdown.take() {
            let _ = tx.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

fn reply(status: StatusCode, body: Bytes) -> Response<Full<Bytes>> {
    let mut r = Response::new(Full::new(body));
    *r.status_mut() = status;
    r.headers_mut().insert(
        hyper::header::CONTENT_TYPE,
        hyper::header::HeaderValue::from_static("application/json"),
    );
    r
}

fn error(status: StatusCode, message: &str) -> Response<Full<Bytes>> {
    let body = json!({"error": {"message": message, "type": "replay_error"}});
    reply(status, Bytes::from(body.to_string()))
}

/// The first message with `role`, as text.
fn content_of<'a>(messages: &'a [Value], role: &str) -> &'a str {
    messages
        .iter()
        .find(|m| m["role"] == role)
        .and_then(|m| m["content"].as_str())
        .unwrap_or("")
}

async fn answer(
    req: Request<Incoming>,
    slot: Arc<Mutex<Option<Slot>>>,
) -> Result<Response<Full<Bytes>>, std::convert::Infallible> {
    if req.method() != hyper::Method::POST || !req.uri().path().ends_with("/chat/completions") {
        return Ok(error(
            StatusCode::NOT_FOUND,
            "the replay server answers POST /v1/chat/completions only",
        ));
    }
    let body = match req.into_body().collect().await {
        Ok(b) => b.to_bytes(),
        Err(e) => {
            return Ok(error(
                StatusCode::BAD_REQUEST,
                &format!("unreadable request: {e}"),
            ));
        }
    };
    let Ok(v) = serde_json::from_slice::<Value>(&body) else {
        return Ok(error(StatusCode::BAD_REQUEST, "the request is not JSON"));
    };
    let messages = v["messages"].as_array().map(Vec::as_slice).unwrap_or(&[]);
    let sha = prompt_sha256(content_of(messages, "system"), content_of(messages, "user"));
    let loaded = slot.lock().unwrap_or_else(|e| e.into_inner()).clone();
    Ok(match loaded {
        Some(s) if messages.len() == 2 && s.sha256 == sha => reply(StatusCode::OK, s.response),
        Some(_) if messages.len() != 2 => error(
            StatusCode::CONFLICT,
            "a recording holds the answer to the first request only",
        ),
        Some(s) => error(
            StatusCode::CONFLICT,
            &format!(
                "the recorded answer answered the prompt with sha256 {}, this one is {sha}: re-record it",
                s.sha256
            ),
        ),
        None => error(StatusCode::CONFLICT, "no recorded answer is loaded"),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_hash_separates_system_from_user() {
        assert_ne!(prompt_sha256("ab", "c"), prompt_sha256("a", "bc"));
        assert_eq!(prompt_sha256("a", "b").len(), 64);
        // sha256 of "a", NUL, "b"
        assert_eq!(
            prompt_sha256("a", "b"),
            "59b271ae1bbcb1d31d41929817f4b16fb439eb4f31520b5ad1d5ce98920a7138"
        );
    }

    #[test]
    fn malformed_and_missing_recordings() {
        let dir = tempfile::tempdir().unwrap();
        assert!(Recording::load(dir.path()).unwrap().is_none());
        std::fs::write(dir.path().join(RECORDING), r#"{"choices": []}"#).unwrap();
        let err = Recording::load(dir.path()).unwrap_err().to_string();
        assert!(err.contains("not a recording"), "{err}");
        std::fs::write(
            dir.path().join(RECORDING),
            r#"{"how_obtained": " ", "prompt_sha256": "00", "response": {}}"#,
        )
        .unwrap();
        let err = Recording::load(dir.path()).unwrap_err().to_string();
        assert!(err.contains("how_obtained"), "{err}");
    }
}
