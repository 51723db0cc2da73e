//! One rate limiter per model server, shared by every request of a run: a request budget and a
//! token budget per minute (token buckets that refill continuously, as in OpenAI's published
//! parallel request processor), and a pause that a 429 puts on *every* worker, so that a server
//! asking to slow down is not hit again by the other workers while one of them waits.

use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Shared request limits for one server.
#[derive(Debug)]
pub struct Limiter {
    requests_per_minute: Option<f64>,
    tokens_per_minute: Option<f64>,
    state: Mutex<Buckets>,
}

#[derive(Debug)]
struct Buckets {
    requests: f64,
    tokens: f64,
    refilled: Instant,
    paused_until: Option<Instant>,
}

/// What one call to [`Limiter::try_take`] decided.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Take {
    Granted,
    Wait(Duration),
}

impl Limiter {
    /// A limiter with the given per-minute limits (`None`: unlimited). Both buckets start full.
    pub fn new(requests_per_minute: Option<u32>, tokens_per_minute: Option<u64>) -> Limiter {
        let rpm = requests_per_minute.filter(|&n| n > 0).map(f64::from);
        let tpm = tokens_per_minute.filter(|&n| n > 0).map(|n| n as f64);
        Limiter {
            requests_per_minute: rpm,
            tokens_per_minute: tpm,
            state: Mutex::new(Buckets {
                requests: rpm.unwrap_or(0.0),
                tokens: tpm.unwrap_or(0.0),
                refilled: Instant::now(),
                paused_until: None,
            }),
        }
    }

    /// Waits until one more request of about `tokens` tokens (prompt and output) may be sent,
    /// and takes its share of both budgets.
    pub async fn acquire(&self, tokens: u64) {
        loop {
            match self.try_take(tokens, Instant::now()) {
                Take::Granted => return,
                Take::Wait(d) => tokio::time::sleep(d).await,
            }
        }
    }

    /// Makes every worker hold off for `d` from now (a 429 and its `retry-after`); a longer
    /// pause already in force stays.
    pub fn pause(&self, d: Duration) {
        let until = Instant::now() + d;
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if s.paused_until.is_none_or(|p| p < until) {
            s.paused_until = Some(until);
        }
    }

    fn try_take(&self, tokens: u64, now: Instant) -> Take {
        let mut s = self.state.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(until) = s.paused_until {
            if until > now {
                return Take::Wait(until - now);
            }
            s.paused_until = None;
        }
        let minutes = now.saturating_duration_since(s.refilled).as_secs_f64() / 60.0;
        s.refilled = now;
        if let Some(rpm) = self.requests_per_minute {
            s.requests = (s.requests + rpm * minutes).min(rpm);
        }
        // A request bigger than a whole minute's budget waits for a full bucket, not forever.
        let want = self
            .tokens_per_minute
            .map(|tpm| (tokens as f64).min(tpm))
            .unwrap_or(0.0);
        if let Some(tpm) = self.tokens_per_minute {
            s.tokens = (s.tokens + tpm * minutes).min(tpm);
        }
        let mut wait: f64 = 0.0;
        if let Some(rpm) = self.requests_per_minute
            && s.requests < 1.0
        {
            wait = wait.max((1.0 - s.requests) / rpm * 60.0);
        }
        if let Some(tpm) = self.tokens_per_minute
            && s.tokens < want
        {
            wait = wait.max((want - s.tokens) / tpm * 60.0);
        }
        if wait > 0.0 {
            // At least a millisecond, so that rounding never spins.
            return Take::Wait(Duration::from_secs_f64(wait.max(0.001)));
        }
        if self.requests_per_minute.is_some() {
            s.requests -= 1.0;
        }
        if self.tokens_per_minute.is_some() {
            s.tokens -= want;
        }
        Take::Granted
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unlimited_grants_at_once() {
        let l = Limiter::new(None, None);
        let now = Instant::now();
        for _ in 0..1000 {
            assert_eq!(l.try_take(1_000_000, now), Take::Granted);
        }
    }

    #[test]
    fn request_bucket_refills_over_the_minute() {
        let l = Limiter::new(Some(60), None);
        let now = Instant::now();
        for _ in 0..60 {
            assert_eq!(l.try_take(0, now), Take::Granted);
        }
        // Empty: one request per second comes back.
        match l.try_take(0, now) {
            Take::Wait(d) => assert!((d.as_secs_f64() - 1.0).abs() < 0.01, "{d:?}"),
            t => panic!("{t:?}"),
        }
        assert_eq!(l.try_take(0, now + Duration::from_secs(1)), Take::Granted);
    }

    #[test]
    fn token_bucket_limits_big_requests_and_caps_at_the_minute() {
        let l = Limiter::new(None, Some(10_000));
        let now = Instant::now();
        assert_eq!(l.try_take(6_000, now), Take::Granted);
        match l.try_take(6_000, now) {
            // 2,000 tokens missing at 10,000/min: 12 s.
            Take::Wait(d) => assert!((d.as_secs_f64() - 12.0).abs() < 0.01, "{d:?}"),
            t => panic!("{t:?}"),
        }
        // A request larger than the whole budget waits for a full bucket only.
        let later = now + Duration::from_secs(60);
        assert_eq!(l.try_take(50_000, later), Take::Granted);
    }

    #[test]
    fn a_pause_holds_every_caller_and_the_longest_wins() {
        let l = Limiter::new(None, None);
        l.pause(Duration::from_secs(5));
        l.pause(Duration::from_secs(1));
        match l.try_take(0, Instant::now()) {
            Take::Wait(d) => assert!(d > Duration::from_secs(4), "{d:?}"),
            t => panic!("{t:?}"),
        }
        assert_eq!(
            l.try_take(0, Instant::now() + Duration::from_secs(6)),
            Take::Granted
        );
    }
}
