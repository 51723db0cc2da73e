//! Reading an answer's bytes under three bounds, each reported as itself: the deadline of the
//! whole model step, the longest silence mid-answer, and a size cap derived from the output cap
//! (a server that ignores `max_tokens` must not fill the memory).

use super::types::ApiError;
use bytes::Bytes;
use futures_util::{Stream, StreamExt};
use std::pin::Pin;
use std::time::Duration;
use tokio::time::Instant;

/// Bytes per output token an answer may hold before it counts as oversized: a token is about 4
/// bytes of text, 3 bytes per character in CJK scripts, and up to 6 per character once escaped
/// in JSON; 32 leaves room for all of them.
const CONTENT_BYTES_PER_TOKEN: u64 = 32;

/// What a stream adds per token: each token is one server-sent event of a few hundred bytes
/// (`data: {"id":…,"choices":[{"delta":{"content":"…"}}]}`).
const EVENT_BYTES_PER_TOKEN: u64 = 1024;

/// Slack on top of the per-token allowances (headers of the JSON, usage, short answers).
const SLACK: u64 = 64 * 1024;

/// How much of an error body is read (servers put their message in the first few hundred bytes).
pub(super) const ERROR_BODY_LIMIT: u64 = 64 * 1024;

/// The size bounds of one answer under an output cap of `max_output` tokens.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Limits {
    /// The assembled text (`content`), in bytes.
    pub content: u64,
    /// The raw body: the JSON around the text, or every event of a stream.
    pub body: u64,
}

impl Limits {
    /// The bounds for an answer of at most `max_output` tokens, streamed or not.
    pub(super) fn for_output(max_output: u32, streamed: bool) -> Limits {
        let content = SLACK + u64::from(max_output) * CONTENT_BYTES_PER_TOKEN;
        let body = if streamed {
            4 * SLACK + u64::from(max_output) * EVENT_BYTES_PER_TOKEN
        } else {
            2 * content + SLACK
        };
        Limits { content, body }
    }
}

/// A response body read chunk by chunk within the bounds.
pub(super) struct Body {
    chunks: Pin<Box<dyn Stream<Item = reqwest::Result<Bytes>> + Send>>,
    deadline: Instant,
    idle: Duration,
    limit: u64,
    received: u64,
}

impl Body {
    /// Wraps `resp`'s body: it must end by `deadline`, never pause for `idle` or longer, and
    /// hold at most `limit` bytes.
    pub(super) fn new(
        resp: reqwest::Response,
        deadline: Instant,
        idle: Duration,
        limit: u64,
    ) -> Body {
        Body {
            chunks: Box::pin(resp.bytes_stream()),
            deadline,
            idle,
            limit,
            received: 0,
        }
    }

    /// The next chunk; `None` at the end of the body.
    pub(super) async fn next(&mut self) -> Option<Result<Bytes, ApiError>> {
        let wake = (Instant::now() + self.idle).min(self.deadline);
        match tokio::time::timeout_at(wake, self.chunks.next()).await {
            Err(_) if Instant::now() >= self.deadline => Some(Err(ApiError::Deadline {
                received: self.received,
            })),
            Err(_) => Some(Err(ApiError::Stalled {
                idle: self.idle,
                received: self.received,
            })),
            Ok(None) => None,
            Ok(Some(Err(e))) => Some(Err(ApiError::from_reqwest(e))),
            Ok(Some(Ok(chunk))) => {
                self.received += chunk.len() as u64;
                if self.received > self.limit {
                    return Some(Err(ApiError::Oversized { limit: self.limit }));
                }
                Some(Ok(chunk))
            }
        }
    }

    /// The whole body.
    pub(super) async fn collect(mut self) -> Result<Vec<u8>, ApiError> {
        let mut out = Vec::new();
        while let Some(chunk) = self.next().await {
            out.extend_from_slice(&chunk?);
        }
        Ok(out)
    }

    /// The body as a stream of chunks (for the server-sent-events reader).
    pub(super) fn into_stream(self) -> impl Stream<Item = Result<Bytes, ApiError>> + Unpin {
        Box::pin(futures_util::stream::unfold(self, |mut body| async move {
            body.next().await.map(|chunk| (chunk, body))
        }))
    }
}

/// The first `limit` bytes of an error body as text (lossy), within the deadline; whatever did
/// not arrive in time is left out.
pub(super) async fn error_text(
    resp: reqwest::Response,
    deadline: Instant,
    idle: Duration,
) -> String {
    let mut body = Body::new(resp, deadline, idle, u64::MAX);
    let mut out = Vec::new();
    while let Some(Ok(chunk)) = body.next().await {
        let room = (ERROR_BODY_LIMIT as usize).saturating_sub(out.len());
        out.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if out.len() >= ERROR_BODY_LIMIT as usize {
            break;
        }
    }
    String::from_utf8_lossy(&out).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_grow_with_the_output_cap_and_streams_get_room_for_their_events() {
        let small = Limits::for_output(100, false);
        assert_eq!(small.content, 64 * 1024 + 3_200);
        assert_eq!(small.body, 2 * small.content + 64 * 1024);
        let big = Limits::for_output(4_096, false);
        assert!(big.content > small.content);
        // A legitimate 4,096-token note (about 16 KB of text) fits many times over…
        assert!(big.content > 8 * 16_384);
        // …and a 200 MB answer does not come close.
        assert!(big.body < 1 << 20);
        let streamed = Limits::for_output(4_096, true);
        assert_eq!(streamed.content, big.content);
        assert!(streamed.body > 4_096 * 300, "a few hundred bytes per event");
        assert!(streamed.body < 8 << 20);
    }
}
