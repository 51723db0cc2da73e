//! The data the client and the stream reader share: one answer ([`Completion`]), its token
//! [`Usage`], and why a request failed ([`ApiError`]). Kept apart so that `client.rs` (which
//! reads streams) and `sse.rs` (which builds completions) do not import each other.

use serde_json::Value;
use std::time::Duration;

/// Token usage as the server reported it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, serde::Serialize)]
pub struct Usage {
    /// Prompt tokens.
    pub prompt_tokens: u64,
    /// Completion tokens (reasoning included).
    pub completion_tokens: u64,
    /// Both.
    pub total_tokens: u64,
}

impl Usage {
    pub(crate) fn from_json(v: &Value) -> Option<Usage> {
        let prompt_tokens = v["prompt_tokens"].as_u64()?;
        let completion_tokens = v["completion_tokens"].as_u64().unwrap_or(0);
        Some(Usage {
            prompt_tokens,
            completion_tokens,
            total_tokens: v["total_tokens"]
                .as_u64()
                .unwrap_or(prompt_tokens + completion_tokens),
        })
    }
}

/// One answer.
#[derive(Debug, Clone, Default)]
pub(crate) struct Completion {
    /// `choices[0].message.content` (or the streamed deltas), when there was any.
    pub content: Option<String>,
    /// `message.refusal`, when the model refused.
    pub refusal: Option<String>,
    /// `stop`, `length`, `content_filter`…
    pub finish_reason: Option<String>,
    /// Usage, when reported.
    pub usage: Option<Usage>,
}

/// Why one request failed.
#[derive(Debug, Clone)]
pub(crate) enum ApiError {
    /// The server answered with an error status.
    Status {
        /// HTTP status.
        status: u16,
        /// The server's own message (redacted, one line, bounded).
        message: String,
        /// `error.type`.
        kind: Option<String>,
        /// `error.code` (a string, or a number rendered as one).
        code: Option<String>,
        /// `error.param`.
        param: Option<String>,
        /// Wait hint from `retry-after-ms` / `retry-after`.
        retry_after: Option<Duration>,
        /// `x-should-retry`.
        should_retry: Option<bool>,
    },
    /// No complete answer in time.
    Timeout,
    /// The connection could not be made.
    Connect(String),
    /// The connection broke.
    Transport(String),
    /// An error event arrived mid-stream.
    Stream(String),
    /// The stream ended without a finish reason.
    Truncated(String),
    /// The body could not be decoded.
    Body(String),
}

impl ApiError {
    pub(crate) fn from_reqwest(e: reqwest::Error) -> ApiError {
        if e.is_timeout() {
            ApiError::Timeout
        } else if e.is_connect() {
            ApiError::Connect(error_chain(&e))
        } else if e.is_decode() {
            ApiError::Body(error_chain(&e))
        } else {
            ApiError::Transport(error_chain(&e))
        }
    }

    pub(crate) fn is_quota(&self) -> bool {
        matches!(self, ApiError::Status { kind, code, .. }
            if kind.as_deref() == Some("insufficient_quota") || code.as_deref() == Some("insufficient_quota"))
    }

    /// Worth another attempt as is (SDK rules; quota and 501 are final).
    pub(crate) fn retryable(&self) -> bool {
        match self {
            ApiError::Status {
                status,
                should_retry,
                ..
            } => {
                if self.is_quota() {
                    return false;
                }
                if let Some(s) = should_retry {
                    return *s;
                }
                matches!(status, 408 | 409 | 429) || (*status >= 500 && *status != 501)
            }
            ApiError::Timeout | ApiError::Connect(_) | ApiError::Transport(_) => true,
            ApiError::Stream(_) | ApiError::Truncated(_) | ApiError::Body(_) => false,
        }
    }

    fn text(&self) -> String {
        match self {
            ApiError::Status { message, .. } => message.to_ascii_lowercase(),
            _ => String::new(),
        }
    }

    /// The prompt is longer than the model's context.
    pub(crate) fn is_context_length(&self) -> bool {
        let ApiError::Status {
            status, kind, code, ..
        } = self
        else {
            return false;
        };
        if !matches!(status, 400 | 413 | 422) {
            return false;
        }
        let m = self.text();
        code.as_deref() == Some("context_length_exceeded")
            || kind.as_deref() == Some("exceed_context_size_error")
            || m.contains("context length")
            || m.contains("context_length")
            || m.contains("maximum context")
            || m.contains("context window")
            || m.contains("context size")
            || m.contains("too many tokens")
            || m.contains("prompt is too long")
            || *status == 413
    }

    /// The server does not accept the `response_format` we sent.
    pub(crate) fn is_format_refusal(&self) -> bool {
        let ApiError::Status { status, param, .. } = self else {
            return false;
        };
        if !matches!(status, 400 | 422 | 501) {
            return false;
        }
        let m = self.text();
        param.as_deref() == Some("response_format")
            || m.contains("response_format")
            || m.contains("json_schema")
            || m.contains("json_object")
            || m.contains("structured output")
    }

    /// The server wants the other output-cap field.
    pub(crate) fn is_max_tokens_param(&self) -> bool {
        let ApiError::Status { status, param, .. } = self else {
            return false;
        };
        let m = self.text();
        *status == 400
            && (matches!(
                param.as_deref(),
                Some("max_tokens" | "max_completion_tokens")
            ) || ((m.contains("max_tokens") || m.contains("max_completion_tokens"))
                && (m.contains("unsupported") || m.contains("not supported"))))
    }
}

/// The whole cause chain of a reqwest error on one line (hyper's cause says what happened).
pub(crate) fn error_chain(e: &dyn std::error::Error) -> String {
    let mut s = e.to_string();
    let mut src = e.source();
    while let Some(c) = src {
        let cs = c.to_string();
        if !s.contains(&cs) {
            s.push_str(": ");
            s.push_str(&cs);
        }
        src = c.source();
    }
    s
}
