//! Streaming answers: server-sent events (`data:` lines, `[DONE]`, `:` comments), assembled
//! into one completion. An error object mid-stream, or a stream that ends without a finish
//! reason, is a failure: a partial note is never used. The body's own faults (the deadline, a
//! stall, too many bytes) come through unchanged; the assembled text is capped at
//! `content_limit` bytes.

use super::types::{ApiError, Completion, Usage};
use eventsource_stream::{EventStreamError, Eventsource};
use futures_util::{Stream, StreamExt};
use serde_json::Value;

/// Reads an SSE body into a [`Completion`].
pub(super) async fn read<S, B>(body: S, content_limit: u64) -> Result<Completion, ApiError>
where
    S: Stream<Item = Result<B, ApiError>> + Unpin,
    B: AsRef<[u8]>,
{
    let mut events = body.eventsource();
    let mut out = Completion::default();
    let mut content = String::new();
    let mut saw_content = false;
    let mut done = false;
    while let Some(event) = events.next().await {
        let event = event.map_err(|e| match e {
            EventStreamError::Transport(e) => e,
            EventStreamError::Utf8(e) => {
                ApiError::Body(format!("the stream is not UTF-8 text ({e})"))
            }
            EventStreamError::Parser(e) => {
                ApiError::Body(format!("the stream is not server-sent events ({e})"))
            }
        })?;
        let data = event.data.trim();
        if data.is_empty() {
            continue;
        }
        if data == "[DONE]" {
            done = true;
            break;
        }
        let v: Value = serde_json::from_str(data)
            .map_err(|e| ApiError::Body(format!("a stream event is not JSON ({e})")))?;
        if let Some(message) = stream_error(&v) {
            return Err(ApiError::Stream(message));
        }
        if let Some(choice) = v["choices"].get(0) {
            if let Some(t) = choice["delta"]["content"].as_str() {
                content.push_str(t);
                saw_content = true;
                if content.len() as u64 > content_limit {
                    return Err(ApiError::Oversized {
                        limit: content_limit,
                    });
                }
            }
            if let Some(r) = choice["delta"]["refusal"].as_str() {
                out.refusal.get_or_insert_with(String::new).push_str(r);
            }
            if let Some(f) = choice["finish_reason"].as_str() {
                out.finish_reason = Some(f.to_string());
            }
        }
        if let Some(u) = Usage::from_json(&v["usage"]) {
            out.usage = Some(u);
        }
    }
    if out.finish_reason.is_none() {
        return Err(ApiError::Truncated(if done {
            "the stream ended with [DONE] but no finish_reason".into()
        } else {
            "the stream ended before a finish_reason or [DONE]".into()
        }));
    }
    if saw_content {
        out.content = Some(content);
    }
    Ok(out)
}

/// The message of an error event: `{"error": {...}}`, `{"error": "text"}` or the older vLLM
/// flat `{"object": "error", "message": ...}`.
fn stream_error(v: &Value) -> Option<String> {
    match &v["error"] {
        Value::Null | Value::Bool(false) => {}
        Value::String(s) => return Some(s.clone()),
        e => {
            return Some(
                e["message"]
                    .as_str()
                    .map(str::to_string)
                    .unwrap_or_else(|| e.to_string()),
            );
        }
    }
    (v["object"] == "error").then(|| v["message"].as_str().unwrap_or("unknown error").to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_util::stream;

    fn run(chunks: &[&str]) -> Result<Completion, ApiError> {
        run_limited(chunks, u64::MAX)
    }

    fn run_limited(chunks: &[&str], limit: u64) -> Result<Completion, ApiError> {
        let items: Vec<Result<Vec<u8>, ApiError>> =
            chunks.iter().map(|c| Ok(c.as_bytes().to_vec())).collect();
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        rt.block_on(read(stream::iter(items), limit))
    }

    #[test]
    fn assembles_deltas_across_chunk_boundaries() {
        let c = run(&[
            ": OPENROUTER PROCESSING\n\n",
            "data: {\"choices\":[{\"delta\":{\"role\":\"assistant\",\"content\":\"{\\\"a\\\"\"}}]}\r\n\r\n",
            "data: {\"choices\":[{\"delta\":{\"content\":\": 1}\"}}]}\n",
            "\ndata: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\n",
            "data: {\"choices\":[{\"index\":0,\"delta\":{}}],\"usage\":{\"prompt_tokens\":5,\"completion_tokens\":3,\"total_tokens\":8}}\n\n",
            "data: [DONE]\n\n",
        ])
        .unwrap();
        assert_eq!(c.content.as_deref(), Some("{\"a\": 1}"));
        assert_eq!(c.finish_reason.as_deref(), Some("stop"));
        assert_eq!(c.usage.unwrap().total_tokens, 8);
    }

    #[test]
    fn error_events_and_truncation_fail() {
        let e = run(&[
            "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n",
            "data: {\"error\":{\"message\":\"overloaded\",\"code\":529}}\n\n",
        ]);
        assert!(matches!(e, Err(ApiError::Stream(m)) if m == "overloaded"));
        let e = run(&["data: {\"object\":\"error\",\"message\":\"old vllm\"}\n\n"]);
        assert!(matches!(e, Err(ApiError::Stream(m)) if m == "old vllm"));
        let e = run(&["data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n"]);
        assert!(matches!(e, Err(ApiError::Truncated(_))));
        let e = run(&[
            "data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n",
            "data: [DONE]\n\n",
        ]);
        assert!(matches!(e, Err(ApiError::Truncated(m)) if m.contains("[DONE]")));
        let e = run(&["data: {not json\n\n"]);
        assert!(matches!(e, Err(ApiError::Body(_))));
    }

    #[test]
    fn the_bodys_own_faults_pass_through_and_content_is_capped() {
        let items: Vec<Result<Vec<u8>, ApiError>> = vec![
            Ok(b"data: {\"choices\":[{\"delta\":{\"content\":\"x\"}}]}\n\n".to_vec()),
            Err(ApiError::Stalled {
                idle: std::time::Duration::from_secs(7),
                received: 50,
            }),
        ];
        let rt = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        let e = rt.block_on(read(stream::iter(items), u64::MAX));
        assert!(matches!(e, Err(ApiError::Stalled { received: 50, .. })));
        let e = run_limited(
            &[
                "data: {\"choices\":[{\"delta\":{\"content\":\"12345\"}}]}\n\n",
                "data: {\"choices\":[{\"delta\":{\"content\":\"678\"}}]}\n\n",
            ],
            6,
        );
        assert!(matches!(e, Err(ApiError::Oversized { limit: 6 })));
    }
}
