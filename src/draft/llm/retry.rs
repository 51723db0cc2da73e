//! Retry timing, as the official OpenAI SDK does it: exponential backoff from 0.5 s doubling to
//! 8 s, minus up to 25 % jitter, unless the server says how long to wait (`retry-after-ms`,
//! `retry-after` in seconds or as an HTTP date). A hint longer than the cap is not waited out.

use reqwest::header::HeaderMap;
use std::time::Duration;

const INITIAL_DELAY: f64 = 0.5;
const MAX_DELAY: f64 = 8.0;

/// The wait before retry number `retries_taken + 1`, with `jitter` in `[0, 1)`.
pub(super) fn backoff(retries_taken: u32, jitter: f64) -> Duration {
    let base = (INITIAL_DELAY * 2f64.powi(retries_taken.min(16) as i32)).min(MAX_DELAY);
    Duration::from_secs_f64(base * (1.0 - 0.25 * jitter.clamp(0.0, 1.0)))
}

/// A random number in `[0, 1)` (seeded per process by the standard library's hasher keys;
/// jitter needs no better randomness).
pub(super) fn jitter() -> f64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_nanos())
            .unwrap_or(0),
    );
    (h.finish() >> 11) as f64 / (1u64 << 53) as f64
}

/// The server's wait hint, if it gave a usable one.
pub(super) fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    let get = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
    };
    if let Some(ms) = get("retry-after-ms").and_then(|v| v.parse::<f64>().ok())
        && ms.is_finite()
        && ms > 0.0
    {
        return Some(Duration::from_secs_f64(ms / 1000.0));
    }
    let v = get("retry-after")?;
    if let Ok(secs) = v.parse::<f64>() {
        return (secs.is_finite() && secs > 0.0).then(|| Duration::from_secs_f64(secs));
    }
    let at = chrono::DateTime::parse_from_rfc2822(v).ok()?;
    let wait = at.with_timezone(&chrono::Utc) - chrono::Utc::now();
    wait.to_std().ok().filter(|d| !d.is_zero())
}

/// `x-should-retry: true|false`, the server's override of the status rules.
pub(super) fn should_retry_header(headers: &HeaderMap) -> Option<bool> {
    match headers.get("x-should-retry")?.to_str().ok()?.trim() {
        "true" => Some(true),
        "false" => Some(false),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use reqwest::header::HeaderValue;

    #[test]
    fn backoff_matches_the_sdk() {
        assert_eq!(backoff(0, 0.0), Duration::from_millis(500));
        assert_eq!(backoff(1, 0.0), Duration::from_secs(1));
        assert_eq!(backoff(4, 0.0), Duration::from_secs(8));
        assert_eq!(backoff(30, 0.0), Duration::from_secs(8));
        assert_eq!(backoff(0, 1.0), Duration::from_millis(375));
        for _ in 0..100 {
            let j = jitter();
            assert!((0.0..1.0).contains(&j));
        }
    }

    #[test]
    fn retry_after_headers() {
        let mut h = HeaderMap::new();
        assert_eq!(retry_after(&h), None);
        h.insert("retry-after", HeaderValue::from_static("2"));
        assert_eq!(retry_after(&h), Some(Duration::from_secs(2)));
        h.insert("retry-after-ms", HeaderValue::from_static("300"));
        assert_eq!(retry_after(&h), Some(Duration::from_millis(300)));
        let mut h = HeaderMap::new();
        h.insert("retry-after", HeaderValue::from_static("0"));
        assert_eq!(retry_after(&h), None);
        let future = (chrono::Utc::now() + chrono::Duration::seconds(30)).to_rfc2822();
        h.insert("retry-after", HeaderValue::from_str(&future).unwrap());
        let d = retry_after(&h).unwrap();
        assert!(
            d > Duration::from_secs(25) && d <= Duration::from_secs(30),
            "{d:?}"
        );
        h.insert("retry-after", HeaderValue::from_static("soon"));
        assert_eq!(retry_after(&h), None);
        h.insert("x-should-retry", HeaderValue::from_static("false"));
        assert_eq!(should_retry_header(&h), Some(false));
    }
}
