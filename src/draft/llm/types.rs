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
        /// The server's context window and its count of the prompt, when a context-length
        /// error states them (llama.cpp's `n_ctx` / `n_prompt_tokens`, or numbers in the text).
        context: Option<ServerContext>,
    },
    /// The deadline for the model step passed; `received` bytes of the answer had arrived.
    Deadline {
        /// Bytes of the answer received (0: the server accepted the request and sent nothing).
        received: u64,
    },
    /// No byte for `idle` in the middle of an answer.
    Stalled {
        /// The silence that counted as a stall.
        idle: Duration,
        /// Bytes received before it.
        received: u64,
    },
    /// The server answered with a redirect, which is never followed (the prompt would go to an
    /// address the user did not choose).
    Redirect {
        /// HTTP status (3xx).
        status: u16,
        /// The `location` header, if any.
        location: Option<String>,
    },
    /// The answer grew past what the output cap can produce.
    Oversized {
        /// The bound that was passed, in bytes.
        limit: u64,
    },
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
        // Deadlines and stalls are timed by the client itself; a timeout reported by reqwest is
        // the connect timeout.
        if e.is_connect() || e.is_timeout() {
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
            ApiError::Connect(_) | ApiError::Transport(_) | ApiError::Stalled { .. } => true,
            ApiError::Deadline { .. }
            | ApiError::Redirect { .. }
            | ApiError::Oversized { .. }
            | ApiError::Stream(_)
            | ApiError::Truncated(_)
            | ApiError::Body(_) => false,
        }
    }

    /// The request reached a server that took it on and then failed it (a stalled answer, a
    /// connection that broke): the model may have been generating all along, so this is retried
    /// at most once, unlike a refused connection or a 503.
    pub(super) fn after_accepted(&self) -> bool {
        matches!(self, ApiError::Stalled { .. } | ApiError::Transport(_))
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

    /// The server's context window and prompt count, when its error said them.
    pub(super) fn server_context(&self) -> Option<ServerContext> {
        match self {
            ApiError::Status { context, .. } if self.is_context_length() => *context,
            _ => None,
        }
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

/// What a server said about its context window in a context-length error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct ServerContext {
    /// The window, in the server's tokens.
    pub window: u32,
    /// The prompt as the server counted it, when it said.
    pub prompt: Option<u32>,
}

impl ServerContext {
    /// Reads the numbers from an error object: llama.cpp's `n_ctx` and `n_prompt_tokens`, else
    /// the sentence of llama.cpp ("request (9000 tokens) exceeds the available context size
    /// (4096 tokens)"), OpenAI ("maximum context length is 128000 tokens. However, your messages
    /// resulted in 130000 tokens") or vLLM ("… you requested 5000 tokens (4000 in the messages,
    /// 1000 in the completion)").
    pub(crate) fn of(err: &Value, message: &str) -> Option<ServerContext> {
        let tokens = |v: &Value| v.as_u64().and_then(|n| u32::try_from(n).ok());
        if let Some(window) = tokens(&err["n_ctx"]) {
            return Some(ServerContext {
                window,
                prompt: tokens(&err["n_prompt_tokens"]),
            });
        }
        static WINDOW: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            regex::Regex::new(
                r"(?i)(?:context size \((\d+) tokens\)|maximum context length is (\d+) tokens)",
            )
            .expect("static regex")
        });
        static PROMPT: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
            regex::Regex::new(
                r"(?i)(?:request \((\d+) tokens\)|resulted in (\d+) tokens|(\d+) in the messages)",
            )
            .expect("static regex")
        });
        let number = |re: &regex::Regex| {
            re.captures(message).and_then(|c| {
                c.iter()
                    .skip(1)
                    .flatten()
                    .find_map(|m| m.as_str().parse::<u32>().ok())
            })
        };
        Some(ServerContext {
            window: number(&WINDOW)?,
            prompt: number(&PROMPT),
        })
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

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn server_context_from_every_server_shape() {
        // llama.cpp: the numbers as fields.
        let llama = json!({"code": 400, "message": "request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it", "type": "exceed_context_size_error", "n_prompt_tokens": 9000, "n_ctx": 4096});
        let want = Some(ServerContext {
            window: 4096,
            prompt: Some(9000),
        });
        assert_eq!(ServerContext::of(&llama, ""), want);
        // …and the same sentence without them.
        let m = "request (9000 tokens) exceeds the available context size (4096 tokens), try increasing it";
        assert_eq!(ServerContext::of(&json!({}), m), want);
        // OpenAI.
        let m = "This model's maximum context length is 128000 tokens. However, your messages resulted in 130512 tokens. Please reduce the length of the messages.";
        assert_eq!(
            ServerContext::of(&json!({}), m),
            Some(ServerContext {
                window: 128_000,
                prompt: Some(130_512)
            })
        );
        // vLLM.
        let m = "This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion).";
        assert_eq!(
            ServerContext::of(&json!({}), m),
            Some(ServerContext {
                window: 4096,
                prompt: Some(4000)
            })
        );
        // Anthropic-style wording without numbers: nothing to go on.
        assert_eq!(ServerContext::of(&json!({}), "prompt is too long"), None);
    }
}
