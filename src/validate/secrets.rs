//! Rule `secrets`: nothing secret-shaped may be written. Every text field of the note goes
//! through [`crate::redact::redact`] and then through this module's own small pattern set (a
//! second line of defence that keeps working whatever the redactor's rules are); each hit is
//! replaced by `[REDACTED:kind]` in place and reported as an error.

use super::{Ctx, Key, Section, Severity, rule};
use crate::note::Note;
use regex::Regex;
use std::sync::LazyLock;

/// (kind, pattern, an example it catches); a `value` group, when present, is the part replaced.
const PATTERN_TABLE: &[(&str, &str, &str)] = &[
    (
        "private-key",
        r"-----BEGIN [A-Z ]*PRIVATE KEY-----(?:[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----)?",
        "-----BEGIN OPENSSH PRIVATE KEY-----",
    ),
    (
        "aws-access-key",
        r"\b(?:AKIA|ASIA)[0-9A-Z]{16}\b",
        "AKIAIOSFODNN7EXAMPLE",
    ),
    (
        "github-token",
        r"\b(?:gh[pousr]_[A-Za-z0-9]{36,}|github_pat_[A-Za-z0-9_]{50,})\b",
        "ghp_0123456789abcdefghijABCDEFGHIJ012345",
    ),
    (
        "openai-key",
        r"\bsk-(?:proj-|ant-)?[A-Za-z0-9_\-]{20,}",
        "sk-proj-abcdefghijklmnopqrstuvwx1234",
    ),
    (
        "slack-token",
        r"\bxox[abprs]-[A-Za-z0-9\-]{10,}",
        "xoxb-1234567890-abcdef",
    ),
    (
        "google-api-key",
        r"\bAIza[0-9A-Za-z_\-]{35}\b",
        "AIzaSyA1234567890abcdefghijklmnopqrstuv",
    ),
    (
        "stripe-key",
        r"\b[sr]k_live_[0-9A-Za-z]{20,}\b",
        "sk_live_0123456789abcdefghijkl",
    ),
    (
        "jwt",
        r"\beyJ[A-Za-z0-9_\-]{8,}\.eyJ[A-Za-z0-9_\-]{8,}\.[A-Za-z0-9_\-]{8,}",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N",
    ),
    (
        "url-password",
        r"\b[a-z][a-z0-9+.\-]*://[^\s:/@]+:(?P<value>[^\s@/]{3,})@",
        "postgres://app:hunter2-prod@db:5432/app",
    ),
    (
        "assignment",
        r#"(?i)\b[A-Z0-9_]*(?:api[_-]?key|secret|token|passwd|password|pwd|access[_-]?key)[A-Z0-9_]*\s*[:=]\s*["']?(?P<value>[A-Za-z0-9_\-./+=]{12,})"#,
        "DB_PASSWORD=s3cretValue1234",
    ),
];

/// [`PATTERN_TABLE`] compiled. Every pattern is compiled (a test checks each): one that failed
/// would stop the run rather than let its secrets through unnoticed.
static PATTERNS: LazyLock<Vec<(&'static str, Regex)>> = LazyLock::new(|| {
    PATTERN_TABLE
        .iter()
        .map(|(kind, re, _)| (*kind, Regex::new(re).expect("secret pattern compiles")))
        .collect()
});

/// Redacts `text`; returns the new text and the kinds found, or `None` when it is clean.
pub(crate) fn scrub(text: &str) -> Option<(String, Vec<String>)> {
    let redacted = crate::redact::redact(text);
    let mut kinds: Vec<String> = Vec::new();
    let mut out = redacted.into_owned();
    if out != text {
        for part in out.split("[REDACTED:").skip(1) {
            if let Some(kind) = part.split(']').next() {
                kinds.push(kind.to_string());
            }
        }
        if kinds.is_empty() {
            kinds.push("secret".into());
        }
    }
    for (kind, re) in PATTERNS.iter() {
        let mut replaced = String::with_capacity(out.len());
        let mut last = 0;
        let mut hit = false;
        for caps in re.captures_iter(&out) {
            let Some(whole) = caps.get(0) else { continue };
            let m = caps.name("value").unwrap_or(whole);
            if *kind == "assignment" && !looks_random(m.as_str()) {
                continue;
            }
            replaced.push_str(&out[last..m.start()]);
            replaced.push_str(&format!("[REDACTED:{kind}]"));
            last = m.end();
            hit = true;
        }
        if hit {
            replaced.push_str(&out[last..]);
            out = replaced;
            kinds.push(kind.to_string());
        }
    }
    kinds.dedup();
    (!kinds.is_empty()).then_some((out, kinds))
}

/// A value assigned to `token=` etc. is a secret only if it mixes letters and digits (so that
/// `token: refresh_token_rotation` is left alone).
fn looks_random(v: &str) -> bool {
    !v.starts_with("[REDACTED")
        && v.chars().any(|c| c.is_ascii_digit())
        && v.chars().any(|c| c.is_ascii_alphabetic())
}

pub(crate) fn check(note: &mut Note, cx: &mut Ctx) {
    let mut hits: Vec<(Option<Key>, Option<usize>, Vec<String>)> = Vec::new();
    let mut fix = |s: &mut String, key: Option<Key>, line: Option<usize>| {
        if let Some((clean, kinds)) = scrub(s) {
            *s = clean;
            hits.push((key, line, kinds));
        }
    };
    fix(&mut note.title, None, None);
    for w in &mut note.workspace {
        fix(w, None, None);
    }
    let key = |section, index| Some(Key { section, index });
    if let Some(g) = &mut note.goal {
        fix(&mut g.text, key(Section::Goal, 0), g.line);
    }
    for (section, list) in [
        (Section::Verified, &mut note.verified),
        (Section::Partial, &mut note.partial),
        (Section::Decisions, &mut note.decisions),
        (Section::Discarded, &mut note.discarded),
        (Section::NextAction, &mut note.next_actions),
        (Section::WatchOuts, &mut note.watch_outs),
    ] {
        for (i, c) in list.iter_mut().enumerate() {
            fix(&mut c.text, key(section, i), c.line);
        }
    }
    for (i, f) in note.files.iter_mut().enumerate() {
        let k = key(Section::Files, i);
        fix(&mut f.summary, k, f.line);
        fix(&mut f.path, k, f.line);
        for s in &mut f.symbols {
            fix(s, k, f.line);
        }
    }
    for (i, l) in note.open_loops.iter_mut().enumerate() {
        let k = key(Section::OpenLoops, i);
        fix(&mut l.text, k, l.line);
        if let Some(v) = &mut l.verify {
            fix(v, k, l.line);
        }
    }
    for (k, line, kinds) in hits {
        cx.finding(
            k,
            line,
            rule::SECRETS,
            Severity::Error,
            format!("secret-shaped string redacted ({})", kinds.join(", ")),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::Evidence;
    use crate::testkit::*;

    #[test]
    fn every_pattern_compiles_and_catches_its_example() {
        assert_eq!(PATTERNS.len(), PATTERN_TABLE.len());
        for (kind, pattern, example) in PATTERN_TABLE {
            let re = Regex::new(pattern);
            assert!(re.is_ok(), "{kind}: {re:?}");
            assert!(
                re.is_ok_and(|r| r.is_match(example)),
                "{kind} misses {example:?}"
            );
        }
    }

    #[test]
    fn secrets_are_redacted_and_reported() {
        let mut n = note();
        n.watch_outs = vec![claim(
            "CI needs `OPENAI_API_KEY=sk-proj-abcdefghijklmnopqrstuvwx1234` in `.env.test`",
        )];
        n.watch_outs[0].line = Some(40);
        let r = crate::validate::validate(&mut n, &Evidence::default());
        assert_eq!(rules_for(&r, 40), ["secrets"]);
        assert!(n.watch_outs[0].text.contains("[REDACTED:"));
        assert!(!n.watch_outs[0].text.contains("abcdefghij"));
        assert_eq!(r.counts.errors, 1);
    }

    #[test]
    fn ordinary_text_is_left_alone() {
        for s in [
            "Set `REDIS_AUTH_URL` secret in `.env.test` for CI",
            "token: refresh_token_rotation is the function",
            "Chose UUIDv4 for `jti` claim",
            "password hashing uses argon2id",
        ] {
            assert_eq!(scrub(s), None, "{s}");
        }
    }

    #[test]
    fn every_kind_is_removed() {
        for (text, secret) in [
            ("key AKIAIOSFODNN7EXAMPLE in env", "AKIAIOSFODNN7EXAMPLE"),
            (
                "token ghp_0123456789abcdefghijABCDEFGHIJ012345",
                "ghp_0123456789",
            ),
            (
                "db at postgres://app:hunter2secret@db:5432/x",
                "hunter2secret",
            ),
            ("password = \"Sup3rSecretValue\"", "Sup3rSecretValue"),
            (
                "-----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY-----",
                "MIIEow",
            ),
        ] {
            let (out, kinds) = scrub(text).unwrap_or_default();
            assert!(!out.contains(secret), "{text} -> {out}");
            assert!(out.contains("[REDACTED:"), "{out}");
            assert!(!kinds.is_empty());
        }
    }

    #[test]
    fn own_patterns_back_up_the_redactor() {
        // Applied directly, the fallback set catches what it is meant to.
        for (kind, re) in PATTERNS.iter() {
            let sample = match *kind {
                "aws-access-key" => "AKIAIOSFODNN7EXAMPLE",
                "openai-key" => "sk-proj-abcdefghijklmnopqrstuvwx1234",
                "jwt" => {
                    "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
                }
                _ => continue,
            };
            assert!(re.is_match(sample), "{kind}");
        }
    }
}
