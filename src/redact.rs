//! Secret redaction: applied to everything sent to a model and everything written.
//!
//! The rules follow gitleaks' default config (MIT) for the token kinds it knows, plus the
//! recall-oriented extras it lacks (credentials in URLs, `Authorization:` headers outside curl,
//! `.env`-style `PASSWORD=` assignments). One [`RegexSet`] pass tells which rules can match at
//! all; only those rules are then run for their match positions, so clean text costs one scan.
//!
//! Each secret becomes `[REDACTED:kind]`. Redacting twice changes nothing: the marker itself
//! matches no rule and is on the value allowlist.

use regex::{Regex, RegexSet};
use std::borrow::Cow;
use std::sync::LazyLock;

/// Extra check on a matched secret, to keep ordinary code from being redacted.
#[derive(Clone, Copy)]
enum Gate {
    /// The match is always a secret (the pattern is specific enough).
    Always,
    /// The value must not be a placeholder (`$VAR`, `<your-key>`, `{{ x }}`, `***`, …).
    NotPlaceholder,
    /// Like `NotPlaceholder`, and the value must look random: letters and digits mixed, with
    /// Shannon entropy above the threshold (bits per character).
    Random(f64),
}

/// One rule: a kind name, a pattern, and the gate applied to the secret.
struct Rule {
    kind: &'static str,
    pattern: &'static str,
    gate: Gate,
}

/// The rules, most specific first: when matches overlap, the earlier rule names the kind.
/// In each pattern the secret is the first capture group that took part in the match, or the
/// whole match when there is no group.
const RULES: &[Rule] = &[
    Rule {
        kind: "private-key",
        pattern: r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|[A-Za-z0-9+/=\s\\]*)",
        gate: Gate::Always,
    },
    Rule {
        kind: "aws-access-key",
        pattern: r"\b((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z2-7]{16})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "aws-secret-key",
        pattern: r#"(?i)aws_?secret_?(?:access_?)?key["']?\s*(?:=|:|=>)\s*["']?([A-Za-z0-9/+=]{40})\b"#,
        gate: Gate::Always,
    },
    Rule {
        kind: "github-token",
        pattern: r"\b((?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{36}|github_pat_[0-9A-Za-z_]{82})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "gitlab-token",
        pattern: r"\b(gl(?:pat|dt|ptt|rt|soat|ffct|imt|oas)-[0-9A-Za-z_-]{20,})",
        gate: Gate::Always,
    },
    Rule {
        kind: "anthropic-api-key",
        pattern: r"\b(sk-ant-[a-z]{3,6}\d{2}-[0-9A-Za-z_-]{20,})",
        gate: Gate::Always,
    },
    Rule {
        kind: "openrouter-api-key",
        pattern: r"\b(sk-or-v1-[0-9A-Za-z]{32,})",
        gate: Gate::Always,
    },
    Rule {
        kind: "openai-api-key",
        pattern: r"\b(sk-(?:proj-|svcacct-|admin-)?[0-9A-Za-z_-]{20,})",
        gate: Gate::Random(3.0),
    },
    Rule {
        kind: "slack-token",
        pattern: r"\b(xox[abprsoe]-[0-9A-Za-z-]{10,}|xapp-\d-[0-9A-Za-z]+-\d+-[0-9A-Za-z]+)",
        gate: Gate::Always,
    },
    Rule {
        kind: "slack-webhook",
        pattern: r"hooks\.slack\.com/(?:services|workflows|triggers)/([0-9A-Za-z+/]{20,})",
        gate: Gate::Always,
    },
    Rule {
        kind: "stripe-key",
        pattern: r"\b((?:sk|rk)_(?:test|live|prod)_[0-9A-Za-z]{10,99}|whsec_[0-9A-Za-z]{20,})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "google-api-key",
        pattern: r"\b(AIza[0-9A-Za-z_-]{35})",
        gate: Gate::Always,
    },
    Rule {
        kind: "npm-token",
        pattern: r"\b(npm_[0-9A-Za-z]{36})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "huggingface-token",
        pattern: r"\b(hf_[A-Za-z]{34})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "pypi-token",
        pattern: r"(pypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{50,})",
        gate: Gate::Always,
    },
    Rule {
        kind: "sendgrid-key",
        pattern: r"\b(SG\.[0-9A-Za-z_-]{22}\.[0-9A-Za-z_-]{43})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "digitalocean-token",
        pattern: r"\b(do[opr]_v1_[a-f0-9]{64})\b",
        gate: Gate::Always,
    },
    Rule {
        kind: "age-secret-key",
        pattern: r"(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})",
        gate: Gate::Always,
    },
    Rule {
        kind: "jwt",
        pattern: r"\b(ey[0-9A-Za-z_-]{15,}\.ey[0-9A-Za-z_-]{15,}\.[0-9A-Za-z_-]*)",
        gate: Gate::Always,
    },
    Rule {
        kind: "authorization-header",
        pattern: r#"(?i)\b(?:proxy-)?authorization["']?\s*[:=]\s*["']?(?:bearer|basic|token|digest|apikey)\s+([0-9A-Za-z._~+/=-]{8,})"#,
        gate: Gate::NotPlaceholder,
    },
    Rule {
        kind: "api-key-header",
        pattern: r#"(?i)\b(?:x-api-key|api-key|x-auth-token|x-access-token|private-token)["']?\s*:\s*["']?([0-9A-Za-z._~+/=-]{12,})"#,
        gate: Gate::NotPlaceholder,
    },
    Rule {
        kind: "url-credentials",
        pattern: r#"\b[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@"'<>`]+:([^\s@/"'<>`]+)@"#,
        gate: Gate::NotPlaceholder,
    },
    // `.env` / shell style: an UPPER_CASE name that says secret, `=`, any value (a bare value
    // only right after `=`: `TOKEN_ID = new Key()` is code, not configuration).
    Rule {
        kind: "secret-assignment",
        pattern: r#"\b[A-Z0-9_]*(?:PASSWORD|PASSWD|PASSPHRASE|SECRET|TOKEN|API_KEY|APIKEY|ACCESS_KEY|PRIVATE_KEY|CREDENTIALS?)[A-Z0-9_]*(?:[\t ]*=[\t ]*(?:"([^"\r\n\\]{3,})"|'([^'\r\n\\]{3,})')|=([^\s"'`;&|\\,()\[\]{}]{3,}))"#,
        gate: Gate::NotPlaceholder,
    },
    // Code and config style: a quoted literal assigned to a name ending in a secret word.
    Rule {
        kind: "secret-assignment",
        pattern: r#"(?i)\b[a-z0-9_.-]*?(?:password|passwd|passphrase|secret|token|(?:api|secret|private|access|auth|signing|encryption)[_-]?key|apikey|credentials?)["']?[\t ]*(?:=|:=|=>|:)[\t ]*(?:"([^"\s\\]{6,})"|'([^'\s\\]{6,})')"#,
        gate: Gate::NotPlaceholder,
    },
    // The same names with a bare value: only values that look random and end like a value
    // (not `key: Curve25519Seed<'_>`, a type).
    Rule {
        kind: "secret-assignment",
        pattern: r#"(?i)\b[a-z0-9_.-]*?(?:password|passwd|passphrase|secret|token|(?:api|secret|private|access|auth|signing|encryption)[_-]?key|apikey)[\t ]*(?:=|:=|=>|:)[\t ]*([0-9A-Za-z_+/=-]{12,})(?:[\s"',;)\]}]|\\[nrt"]|\z)"#,
        gate: Gate::Random(3.0),
    },
];

struct Compiled {
    set: RegexSet,
    regexes: Vec<Regex>,
    placeholder: Regex,
}

/// Rust's `\b` is Unicode-aware; ASCII boundaries keep the fast DFA engines usable on any text
/// and match what gitleaks (Go, ASCII) does.
fn ascii_boundaries(pattern: &str) -> String {
    pattern.replace(r"\b", r"(?-u:\b)")
}

static COMPILED: LazyLock<Compiled> = LazyLock::new(|| {
    let patterns: Vec<String> = RULES.iter().map(|r| ascii_boundaries(r.pattern)).collect();
    // The patterns are constants covered by unit tests, so a failure here is a programming
    // error, not an input problem.
    let set = RegexSet::new(&patterns).expect("redaction rules compile");
    let regexes = patterns
        .iter()
        .map(|p| Regex::new(p).expect("redaction rule compiles"))
        .collect();
    let placeholder = Regex::new(
        r"(?x)^(?:
            \$\{?[A-Za-z_][A-Za-z0-9_]*\}?        # $VAR, ${VAR}
          | \$\{\{.*\}\}  | \{\{.*\}\}            # ${{ secrets.X }}, {{ x }}
          | <[^>]*>  | %[sdv]                     # <your-key>, printf verbs
          | \*+  | x+  | X+  | \.{3}  | …         # masks
          | \[REDACTED(?::[a-z-]+)?\]             # already redacted
          | (?i:true|false|null|none|nil|undefined|changeme|redacted|example)\.?
          | [0-9]+                                 # counts, ports, limits
          | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+          # a constant or variable name: DB_PASSWORD
          | .*(?i:your)[_-].* | (?i:my)[_-].*       # your-key-here, 0x_your_key, my_token
          | process\.env\..* | os\.environ.*  | env\(.*
        )$",
    )
    .expect("placeholder pattern compiles");
    Compiled {
        set,
        regexes,
        placeholder,
    }
});

/// Shannon entropy in bits per character.
fn entropy(s: &str) -> f64 {
    let mut counts = [0usize; 256];
    for b in s.bytes() {
        counts[b as usize] += 1;
    }
    let n = s.len() as f64;
    counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / n;
            -p * p.log2()
        })
        .sum()
}

fn passes(gate: Gate, secret: &str, placeholder: &Regex) -> bool {
    match gate {
        Gate::Always => true,
        Gate::NotPlaceholder => !placeholder.is_match(secret),
        Gate::Random(min_bits) => {
            !placeholder.is_match(secret)
                && secret.bytes().any(|b| b.is_ascii_digit())
                && secret.bytes().any(|b| b.is_ascii_alphabetic())
                && entropy(secret) > min_bits
        }
    }
}

/// A secret found in text: its byte range and kind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Finding {
    /// Byte offset where the secret starts.
    pub start: usize,
    /// Byte offset just past the secret.
    pub end: usize,
    /// Rule kind, e.g. `aws-access-key`.
    pub kind: &'static str,
}

/// Finds the secrets in `text`, sorted and without overlaps.
pub(crate) fn find(text: &str) -> Vec<Finding> {
    let compiled = &*COMPILED;
    let matched = compiled.set.matches(text);
    if !matched.matched_any() {
        return Vec::new();
    }
    let mut found: Vec<(Finding, usize)> = Vec::new();
    for idx in matched.iter() {
        let rule = &RULES[idx];
        for caps in compiled.regexes[idx].captures_iter(text) {
            let secret = (1..caps.len())
                .find_map(|g| caps.get(g))
                .or_else(|| caps.get(0));
            let Some(secret) = secret else { continue };
            if secret.is_empty() || !passes(rule.gate, secret.as_str(), &compiled.placeholder) {
                continue;
            }
            found.push((
                Finding {
                    start: secret.start(),
                    end: secret.end(),
                    kind: rule.kind,
                },
                idx,
            ));
        }
    }
    found.sort_by_key(|(f, idx)| (f.start, *idx));
    let mut merged: Vec<Finding> = Vec::with_capacity(found.len());
    for (f, _) in found {
        match merged.last_mut() {
            Some(last) if f.start < last.end => last.end = last.end.max(f.end),
            _ => merged.push(f),
        }
    }
    merged
}

/// Replaces secrets in `text` with `[REDACTED:kind]`. Borrows when there is nothing to redact.
pub fn redact(text: &str) -> Cow<'_, str> {
    let findings = find(text);
    if findings.is_empty() {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut pos = 0;
    for f in findings {
        out.push_str(&text[pos..f.start]);
        out.push_str("[REDACTED:");
        out.push_str(f.kind);
        out.push(']');
        pos = f.end;
    }
    out.push_str(&text[pos..]);
    Cow::Owned(out)
}

/// Redacts when `enabled`; the explicit `--no-redact` path passes text through unchanged.
pub(crate) fn redact_if(text: &str, enabled: bool) -> Cow<'_, str> {
    if enabled {
        redact(text)
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(s: &str) -> String {
        redact(s).into_owned()
    }

    /// Asserts that `secret` (embedded in `line`) is replaced with the given kind.
    fn assert_redacted(line: &str, secret: &str, kind: &str) {
        let out = r(line);
        assert!(!out.contains(secret), "{kind}: secret survived in {out:?}");
        assert!(
            out.contains(&format!("[REDACTED:{kind}]")),
            "{kind}: expected marker in {out:?}"
        );
    }

    fn assert_clean(line: &str) {
        assert_eq!(r(line), line, "false positive");
        assert!(matches!(redact(line), Cow::Borrowed(_)));
    }

    #[test]
    fn aws_access_key_ids() {
        assert_redacted(
            "export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE",
            "AKIAIOSFODNN7EXAMPLE",
            "aws-access-key",
        );
        // In a presigned URL, as in the gemini-cli corpus.
        assert_redacted(
            "X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20260129%2Fus-west-2",
            "AKIAIOSFODNN7EXAMPLE",
            "aws-access-key",
        );
        // Near miss: lowercase / too short / inside a longer word.
        assert_clean("akiaiosfodnn7example and AKIA1234 and XAKIAIOSFODNN7EXAMPLEX");
    }

    #[test]
    fn aws_secret_keys() {
        assert_redacted(
            "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            "aws-secret-key",
        );
    }

    #[test]
    fn github_and_gitlab_tokens() {
        let ghp = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
        assert_redacted(&format!("token {ghp} ok"), ghp, "github-token");
        let fine = format!("github_pat_{}", "a1B2".repeat(20) + "xy");
        assert_redacted(&format!("GH={fine}"), &fine, "github-token");
        assert_redacted(
            "glpat-abcdefghij0123456789",
            "glpat-abcdefghij0123456789",
            "gitlab-token",
        );
        assert_clean("ghp_short and gh_pr_checkout");
    }

    #[test]
    fn model_provider_keys() {
        let or = "sk-or-v1-0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
        assert_redacted(
            &format!("OPENROUTER_API_KEY={or}"),
            or,
            "openrouter-api-key",
        );
        let ant = format!("sk-ant-api03-{}AA", "Ab3_".repeat(23));
        assert_redacted(&format!("key: {ant}"), &ant, "anthropic-api-key");
        let oai = "sk-proj-Zt9qL2mX8vN4bR7cK1pW5yH3jD6fG0sA";
        assert_redacted(&format!("\"{oai}\""), oai, "openai-api-key");
        // Near misses: placeholders and prose.
        assert_clean("use sk-your-key-here-please or task-runner-abcdefghijklmnopqrstuvwxyz");
        assert_clean("OPENAI_BASE_URL is read, and disk-utilization is fine");
    }

    #[test]
    fn slack_stripe_google() {
        let slack = "xoxb-1234567890-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx";
        assert_redacted(slack, slack, "slack-token");
        assert_redacted(
            "https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX",
            "T00000000/B00000000",
            "slack-webhook",
        );
        let stripe = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        assert_redacted(
            &format!("Stripe.api_key = '{stripe}'"),
            stripe,
            "stripe-key",
        );
        assert_clean("pk_live is public and sk_test_ alone is nothing");
        let google = "AIzaSyA1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q";
        assert_redacted(&format!("key={google}&q=1"), google, "google-api-key");
    }

    #[test]
    fn pem_private_keys() {
        let pem = "-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA1234567890abcdef\nQWERTYUIOPasdfghjkl==\n-----END RSA PRIVATE KEY-----";
        let out = r(&format!("before\n{pem}\nafter"));
        assert_eq!(out, "before\n[REDACTED:private-key]\nafter");
        // A key cut off by a bounded excerpt is still removed.
        let cut =
            r("-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n[… 40 lines …]");
        assert!(cut.starts_with("[REDACTED:private-key]"), "{cut}");
        assert!(!cut.contains("b3BlbnNzaC1rZXktdjEAAAAA"));
        assert_clean(
            "-----BEGIN PUBLIC KEY-----\nMIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A\n-----END PUBLIC KEY-----",
        );
    }

    #[test]
    fn jwts() {
        let jwt = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c";
        assert_redacted(&format!("Cookie: session={jwt};"), jwt, "jwt");
        assert_clean("eyJhbGciOiJIUzI1NiJ9 alone is only a header");
    }

    #[test]
    fn authorization_headers() {
        assert_redacted(
            "curl -H 'Authorization: Bearer abc.DEF-123_456~xyz' https://x",
            "abc.DEF-123_456~xyz",
            "authorization-header",
        );
        assert_redacted(
            "authorization: Basic dXNlcjpwYXNzd29yZA==",
            "dXNlcjpwYXNzd29yZA==",
            "authorization-header",
        );
        assert_redacted(
            "X-Api-Key: 0123abcd4567efgh",
            "0123abcd4567efgh",
            "api-key-header",
        );
        assert_clean("Authorization: Bearer $TOKEN");
        assert_clean("the authorization header is missing");
    }

    #[test]
    fn url_credentials() {
        let out = r("DATABASE_URL=postgres://app:hunter2pw@db.local:5432/app");
        assert!(!out.contains("hunter2pw"), "{out}");
        assert!(out.contains("postgres://app:[REDACTED:"), "{out}");
        assert_clean("see https://user@example.com/path and https://example.com:8080/x");
        assert_clean("postgres://app:${DB_PASSWORD}@db/app");
    }

    #[test]
    fn assignments() {
        assert_redacted("PASSWORD=postgres\nNEXT=1", "postgres", "secret-assignment");
        assert_redacted(
            r"DB_PASSWORD=postgres\nDB_DATABASE=cipherbox",
            "postgres",
            "secret-assignment",
        );
        assert_redacted(
            "JWT_SECRET=\"e2e-test-secret-do-not-use\"",
            "e2e-test-secret-do-not-use",
            "secret-assignment",
        );
        assert_redacted(
            r#"config = { password: "s3cr3t!xyz" }"#,
            "s3cr3t!xyz",
            "secret-assignment",
        );
        assert_redacted(
            "token: 89JE3PFxzbvMVU9wj2NMf_3B5rgjSZTcBWJeukKD",
            "89JE3PFxzbvMVU9wj2NMf_3B5rgjSZTcBWJeukKD",
            "secret-assignment",
        );
        assert_redacted(
            "my_api_key='Zq81kfjeUe02'",
            "Zq81kfjeUe02",
            "secret-assignment",
        );
        // Code, types, comparisons and placeholders are not secrets.
        assert_clean("fn login(password: string, token: Token) -> bool");
        assert_clean("const token = authStore.useAuthStore.getState().access;");
        assert_clean("if token == expected { password = newPassword }");
        assert_clean("API_KEY=<your-key> and GITHUB_TOKEN=${{ secrets.GITHUB_TOKEN }}");
        assert_clean("MAX_TOKENS=4096 tokenizer: \"o200k_base\" max_tokens: 1024");
        assert_clean("token: process.env.UPSTASH_REDIS_REST_TOKEN,");
        assert_clean("let token_count = tokens.len(); token::mint");
        // Seen in the corpus: JS constants, booleans in prose, template values.
        assert_clean("const TOKEN_2022_PROGRAM_ID = new PublicKey(x)");
        assert_clean("set RENDER_AUTH_SECRET_ON_BUILD=false. Then");
        assert_clean("PRIVATE_KEY=0x_your_64_hex_char_private_key_here");
        assert_clean("let raw_private_key: Curve25519SeedBin<'_> = key;");
        // Inside JSON-escaped text, as in raw transcript lines.
        assert_redacted(
            r#"{\"yaml\": \"authtoken: 89JE3PFxzbvMVU9wj2NMf_3B5rgj\"}"#,
            "89JE3PFxzbvMVU9wj2NMf_3B5rgj",
            "secret-assignment",
        );
        assert_clean("ClientTrafficSecret => \"CLIENT_TRAFFIC_SECRET_0\",");
        assert_redacted("API_TOKEN = \"q8Zr2LmX\"", "q8Zr2LmX", "secret-assignment");
    }

    #[test]
    fn ordinary_code_ids_are_not_secrets() {
        assert_clean("HEAD is 9fb8fa6c1e2d3b4a5f60718293a4b5c6d7e8f901 on main");
        assert_clean("session 550e8400-e29b-41d4-a716-446655440000 started");
        assert_clean(
            "let img = \"iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==\";",
        );
        assert_clean("sha256:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
        assert_clean("cargo test --lib redact -- --nocapture");
    }

    #[test]
    fn redaction_is_idempotent_and_keeps_surroundings() {
        let once = r("a AKIAIOSFODNN7EXAMPLE b PASSWORD=hunter22 c");
        assert_eq!(
            once,
            "a [REDACTED:aws-access-key] b PASSWORD=[REDACTED:secret-assignment] c"
        );
        assert_eq!(r(&once), once);
    }

    #[test]
    fn no_redact_passes_through() {
        assert_eq!(redact_if("PASSWORD=hunter22", false), "PASSWORD=hunter22");
        assert_ne!(redact_if("PASSWORD=hunter22", true), "PASSWORD=hunter22");
    }
}
