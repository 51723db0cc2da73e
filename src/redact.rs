//! Secret redaction: applied to the evidence when it is collected, to everything sent to a model
//! and to everything written or printed.
//!
//! The token rules follow gitleaks' default config (MIT) for the kinds it knows; the rest are the
//! recall-oriented extras it lacks: credentials in URLs and query strings, `Authorization:`
//! headers outside curl, passwords given on a command line (`mysql -pPASS`, `curl -u user:pass`,
//! `sshpass -p`, `--password=…`), `.netrc`, connection strings, and `KEY=value` / `key: value`
//! assignments. An assignment is judged by its key, as gitleaks and trufflehog do: a key whose
//! last word names a secret (`DB_PASSWORD`, `apiKey`, `client_secret`) hides any real value; a key
//! that only mentions one (`SESSION_SECRET_SALT`, `credentials`) hides a value only when it looks
//! random (letters and digits, high entropy, not made of words); a key that describes a secret
//! (`TOKEN_EXPIRY`, `SECRET_BACKEND`, `CLIENT_ID`) hides nothing.
//!
//! As in gitleaks, each rule has keywords: one case-insensitive Aho-Corasick pass over the text
//! tells which rules can match at all, and only those rules' patterns are run, so clean text
//! costs one scan. Each secret becomes `[REDACTED:kind]`.
//! Redacting twice changes nothing: the marker matches no rule and is on the value allowlist.
//!
//! Text is cut in many places (bounded excerpts of messages and outputs, one-line summaries, diff
//! lines). A secret cut in half no longer matches its rule, so every cut goes through
//! [`excerpt`], [`truncate`] or [`clip`], which never cut inside a secret: it is kept whole (and
//! redacted wherever redaction runs) or left out whole.
//!
//! Measured coverage (`redact/measure.rs`, fixtures in `tests/fixtures/redact/`) and the leak
//! property test through the whole pipeline (`redact/leaks.rs`) are described in
//! `docs/security.md`.

use crate::matcher::Matcher;
use aho_corasick::{AhoCorasick, AhoCorasickKind};
use regex::Regex;
use std::borrow::Cow;
use std::ops::Range;
use std::sync::{LazyLock, OnceLock};

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
    /// A password in a URL: like `NotPlaceholder`, but digits alone are a password there.
    UrlPassword,
    /// A token of a broad shape (`sk-…`): upper- and lower-case letters and digits, high entropy.
    MixedCase,
    /// A value assigned to the pattern's `key` group, judged by the key (see [`key_strength`]).
    Assigned(Style),
}

/// How an assigned value is written, which decides what counts as code rather than a value.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Style {
    /// In quotes: any text, spaces included (a passphrase).
    Quoted,
    /// `KEY=value` with nothing around `=`: shell, `.env`, `.properties`, command-line flags.
    Tight,
    /// `key = value`: code (a bare word there is a variable) unless the key is UPPER_CASE (INI,
    /// Makefile).
    Spaced,
    /// `key: value` alone on a line (YAML); `password: str` is a type annotation.
    Yaml,
    /// A bare value anywhere in a line: only a random-looking one counts, whatever the key.
    Anywhere,
}

/// How far a rule's match reaches from the keyword it holds, which decides where [`find`] runs
/// the rule's pattern: around the keyword's hits, not over the whole text.
///
/// Every match of a rule holds one of the rule's keywords (a keyword is a piece of the literal
/// text the pattern requires; case-insensitive patterns also get `ſ` and `K`, see
/// [`UNICODE_FOLDS`]), so a match lies on the lines its keyword reaches:
/// - [`Reach::Line`]: nothing in the pattern matches `\n` except, at most, one character just
///   before the match (`(?:^|[\s"'=])--password`) or just after it (a value ended by `\s`).
///   Such a match lies within the keyword's line and the newline before and after it.
/// - [`Reach::Lines`]: the pattern matches `\n` only inside whitespace gaps (`\s*`, `\s+`), so
///   each gap can carry the match over blank lines onto at most one more non-blank line:
///   `before` and `after` count the gaps before the first keyword the match can hold and after
///   it (`authorization \s* : \s* Bearer \s+ value` has 3 after).
/// - [`Reach::Text`]: the match can run over any number of non-blank lines (a private key block,
///   a `.netrc` entry with any number of `login`/`account` fields, an XML attribute value):
///   the pattern runs over the whole text, as every rule once did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reach {
    Line,
    Lines { before: usize, after: usize },
    Text,
}

/// Where a rule's keyword stands in its matches, which lets [`find`] pass over the keyword's
/// hits that no match can hold before it runs the pattern around them: `key` in `keyboard`,
/// `ey` in `they`, `sk` in `task` and `|` in a table are hits of rules that match there almost
/// never, and each costs a pattern search over its line.
///
/// Each is a necessary condition of a *match* (before the gate and the word-start check), tested
/// on the text from the hit on: every match holds a hit that passes, so it still lies in a
/// window that is searched, and the result stays the whole-text search's (the oracle test).
/// Hits of the [`UNICODE_FOLDS`] keywords always pass.
#[derive(Clone, Copy)]
enum Anchor {
    /// Nothing known, or a test could run over many lines (a `.netrc` entry): every hit
    /// counts.
    Anywhere,
    /// Every match starts with one of the keywords: a hit counts where the pattern matches
    /// from it.
    Start,
    /// The pattern holds `{K}`, whose keyword (`pass`, `token`, …) every match holds: a hit
    /// counts where the pattern from that keyword on (the key's tail, then what follows `{K}`)
    /// matches from it.
    Key,
    /// Every match holds a keyword where this pattern (the rule's pattern from the keyword on)
    /// matches from it.
    Then(&'static str),
}

/// One rule: a kind name, a pattern, the gate applied to the secret, how far a match reaches
/// from a keyword, the keywords (lower case), one of which every match holds (a text without
/// any runs no pattern at all), and where that keyword stands in a match.
struct Rule {
    kind: &'static str,
    pattern: &'static str,
    gate: Gate,
    reach: Reach,
    keywords: &'static [&'static str],
    anchor: Anchor,
}

/// The non-ASCII characters that a case-insensitive pattern matches for an ASCII letter (simple
/// Unicode case folding: `ſ` for `s`, the Kelvin sign `K` for `k`), which the ASCII
/// case-insensitive keyword pass does not see: every rule with `(?i` in its pattern has them as
/// keywords too, so that even `paſsword=…` holds a keyword of its rule.
const UNICODE_FOLDS: &[&str] = &["\u{17f}", "\u{212a}"];

/// The name part of an assignment: a word, with `.`/`-` inside (`spring.datasource.password`,
/// `x-api-key`), that mentions a secret; [`key_strength`] judges it. Written as a head and
/// [`KEY_TAIL`], the part from the keyword on, which [`Anchor::Key`] tests at a keyword's hit.
const KEY: &str = concat!(
    r"(?:(?-u:\b)|\\[nrt]|\$)(?P<key>(?:[A-Za-z_][A-Za-z0-9_.$-]*?)?",
    key_tail!(),
    ")"
);

/// [`KEY`] from its keyword on.
const KEY_TAIL: &str = key_tail!();

macro_rules! key_tail {
    () => {
        r"(?i:pass|pwd|secret|token|key|cred|auth)[A-Za-z0-9_.-]*"
    };
}
use key_tail;

/// Keywords of the rules judged by a key: one of them is in every key [`KEY`] accepts.
const KEY_WORDS: &[&str] = &["pass", "pwd", "secret", "token", "key", "cred", "auth"];

/// The rules, most specific first: when matches overlap, the earlier rule names the kind.
///
/// In each pattern the secret is the first capture group (other than `key…`) that took part in
/// the match, or the whole match when there is none. `{K}` stands for [`KEY`]. A pattern that
/// starts with `{S}` is a token that must start a word, or follow a JSON escape (`\n`, `\t`)
/// in the raw text of a transcript record, where `\b` does not hold; that is checked in code so
/// that the pattern keeps its literal prefix (which the regex engine searches for fast).
/// Value classes never take a backslash, so that redacting serialised JSON never leaves an
/// escape without what it escaped.
const RULES: &[Rule] = &[
    Rule {
        kind: "private-key",
        // The body runs to the END line, or, cut off, over every line that still looks like key
        // material, whatever prefixes those lines carry: `    | ` (prompt output), `> `
        // (Markdown quote), `+` (diff), `\n` (JSON-escaped newlines).
        pattern: r"-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----(?:[\s\S]*?-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----|(?:[A-Za-z0-9+/=\s|>:-]|\\[nrt])*)",
        gate: Gate::Always,
        reach: Reach::Text,
        keywords: &["private key"],
        // Case-sensitive, so "private key" in prose (a hit of the case-insensitive keyword
        // pass) is no reason to search the whole text.
        anchor: Anchor::Then(r"PRIVATE KEY(?: BLOCK)?-----"),
    },
    Rule {
        kind: "private-key",
        // The tail of a key whose BEGIN line was cut away (the last lines of an output).
        pattern: r"(?:[A-Za-z0-9+/=]{16,}[ \t]*(?:\r?\n|\\r?\\n)[ \t|>+]*)+[A-Za-z0-9+/=]*(?:\r?\n|\\r?\\n)?[ \t|>+]*-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----",
        gate: Gate::Always,
        reach: Reach::Text,
        keywords: &["private key"],
        // Case-sensitive, so "private key" in prose (a hit of the case-insensitive keyword
        // pass) is no reason to search the whole text.
        anchor: Anchor::Then(r"PRIVATE KEY(?: BLOCK)?-----"),
    },
    Rule {
        kind: "aws-access-key",
        pattern: r"{S}((?:A3T[A-Z0-9]|AKIA|ASIA|ABIA|ACCA)[A-Z0-9]{16})(?-u:\b)",
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &["akia", "asia", "abia", "acca", "a3t"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "aws-secret-key",
        pattern: r#"(?i)aws_?secret_?(?:access_?)?key\\?["']?\s*(?:=|:|=>)\s*\\?["']?([A-Za-z0-9/+=]{40})(?-u:\b)"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Lines {
            before: 0,
            after: 2,
        },
        keywords: &["aws"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "aws-bedrock-key",
        pattern: r"{S}(ABSK[A-Za-z0-9+/]{109,}={0,2}|bedrock-api-key-YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/=%]*)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["absk", "bedrock-api-key-"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "github-token",
        pattern: r"{S}((?:ghp|gho|ghu|ghs|ghr)_[0-9A-Za-z]{36}|github_pat_[0-9A-Za-z_]{82})(?-u:\b)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["ghp_", "gho_", "ghu_", "ghs_", "ghr_", "github_pat_"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "gitlab-token",
        pattern: r"{S}(gl(?:pat|dt|ptt|rt|soat|ffct|imt|oas|cbt|ft|agent)-[0-9A-Za-z_.-]{20,}|GR1348941[0-9A-Za-z_-]{20,}|_gitlab_session=[0-9a-z]{32})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &[
            "glpat-",
            "gldt-",
            "glptt-",
            "glrt-",
            "glsoat-",
            "glffct-",
            "glimt-",
            "gloas-",
            "glcbt-",
            "glft-",
            "glagent-",
            "gr1348941",
            "_gitlab_session=",
        ],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "anthropic-api-key",
        pattern: r"{S}(sk-ant-[a-z]{3,6}\d{2}-[0-9A-Za-z_-]{20,})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["sk-ant-"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "openrouter-api-key",
        pattern: r"{S}(sk-or-v1-[0-9A-Za-z]{32,})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["sk-or-v1-"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "openai-api-key",
        // Every key OpenAI issues holds `T3BlbkFJ` ("OpenAI" in base64), but a shorter test key
        // may not; the broad shape needs mixed case and digits (a CSS variable
        // `--sk-button-color-2` is not a key).
        pattern: r"{S}(sk-(?:proj-|svcacct-|admin-)?[0-9A-Za-z_-]{20,})",
        gate: Gate::MixedCase,
        reach: Reach::Line,
        keywords: &["sk-"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "slack-token",
        pattern: r"{S}(xox[abposre](?:\.xox[bp])?-[0-9A-Za-z-]{8,}|xapp-\d-[0-9A-Za-z]+-\d+-[0-9A-Za-z]+)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["xox", "xapp-"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "slack-webhook",
        pattern: r"hooks\.slack\.com/(?:services|workflows|triggers)/([0-9A-Za-z+/]{20,})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["hooks.slack.com"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "stripe-key",
        pattern: r"{S}((?:sk|rk)_(?:test|live|prod)_[0-9A-Za-z]{10,}|whsec_[0-9A-Za-z]{20,})(?-u:\b)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &[
            "sk_test_", "sk_live_", "sk_prod_", "rk_test_", "rk_live_", "rk_prod_", "whsec_",
        ],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "google-api-key",
        pattern: r"{S}(AIza[0-9A-Za-z_-]{35})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["aiza"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "npm-token",
        pattern: r"{S}((?i:npm)_[0-9A-Za-z]{36})(?-u:\b)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["npm_"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "huggingface-token",
        pattern: r"{S}((?:hf|api_org)_[A-Za-z]{34})(?-u:\b)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["hf_", "api_org_"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "pypi-token",
        pattern: r"(pypi-AgEIcHlwaS5vcmc[0-9A-Za-z_-]{50,})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["pypi-ageichlwas5vcmc"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "sendgrid-key",
        pattern: r"{S}(SG\.[0-9A-Za-z_=.-]{66})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["sg."],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "digitalocean-token",
        pattern: r"{S}((?i:do[opr])_v1_[a-f0-9]{64})(?-u:\b)",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["doo_v1_", "dop_v1_", "dor_v1_"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "age-secret-key",
        pattern: r"(AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["age-secret-key-1"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "jwt",
        pattern: r"{S}(ey[0-9A-Za-z_-]{15,}\.ey[0-9A-Za-z_-]{15,}\.(?:[0-9A-Za-z_-]|\\/)*=*|ZXlK[0-9A-Za-z+/_-]{40,}={0,2})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["ey", "zxlk"],
        anchor: Anchor::Start,
    },
    // Tokens of other services, by their registered prefixes (gitleaks' rules for them).
    Rule {
        kind: "service-token",
        pattern: concat!(
            r"{S}(ops_eyJ[0-9A-Za-z+/]{100,}={0,3}|sntrys_eyJ[0-9A-Za-z+/=_]{60,}",
            r"|A3-[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
            r"|p8e-[A-Za-z0-9]{32}|pat[0-9A-Za-z]{14}\.[a-f0-9]{64}|LTAI[A-Za-z0-9]{20}|AKCp[A-Za-z0-9]{69}",
            r"|cmVmd[A-Za-z0-9]{59}|(?:sc|ext|scauth|authress)_[a-z0-9]{5,30}\.[a-z0-9]{4,6}\.acc[_-][a-z0-9-]{10,32}\.[a-z0-9+/_=-]{30,}",
            r"|4b1d[A-Za-z0-9]{38}|(?i:clojars)_[A-Za-z0-9]{60}|v1\.0-[a-f0-9]{24}-[a-f0-9]{146}|dapi[a-f0-9]{32}(?:-\d)?",
            r"|dp\.pt\.[A-Za-z0-9]{43}|duffel_(?:test|live)_[A-Za-z0-9_=-]{43}|dt0c01\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{64}",
            r"|EZ[AT]K[A-Za-z0-9]{54}|EAA[MC][A-Za-z0-9]{100,}",
            r"|FLW(?:SECK|PUBK)_TEST-[A-Ha-h0-9]{12,32}(?:-X)?|fo1_[0-9A-Za-z_-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3}",
            r"|fio-u-[A-Za-z0-9_=-]{64}|eyJrIjoi[A-Za-z0-9]{70,}={0,3}|glc_[A-Za-z0-9+/]{32,}={0,3}",
            r"|glsa_[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}|(?:pat|sat)\.[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}",
            r"|HRKU-AA[0-9A-Za-z_-]{58}|ico-[A-Za-z0-9]{32}|s-s4t2(?:ud|af)-[a-f0-9]{64}",
            r"|lin_api_[A-Za-z0-9]{40}|ntn_[0-9]{11}[A-Za-z0-9]{35}|API-[A-Z0-9]{26}",
            r"|sha256~[0-9A-Za-z_-]{43}|pplx-[A-Za-z0-9]{48}|pscale_(?:tkn|oauth|pw)_[0-9A-Za-z_=.-]{32,64}",
            r"|PMAK-[a-f0-9]{24}-[a-f0-9]{34}|pnu_[A-Za-z0-9]{36}|pul-[a-f0-9]{40}|rdme_[a-z0-9]{70}|rubygems_[a-f0-9]{48}",
            r"|tk-us-[0-9A-Za-z_-]{48}|xkeysib-[a-f0-9]{64}-[A-Za-z0-9]{16}|sntryu_[a-f0-9]{64}|sm_[aps]at_[A-Za-z0-9]{16}",
            r"|shippo_(?:live|test)_[a-fA-F0-9]{40}|shp(?:at|ca|pa|ss)_[a-fA-F0-9]{32}|sgp_(?:[a-fA-F0-9]{16}_|local_)?[a-fA-F0-9]{40}",
            r"|(?:EAAA|sq0atp-)[0-9A-Za-z_-]{22,60}|SK[0-9a-fA-F]{32}|hvb\.[0-9A-Za-z_-]{138,}|hvs\.[0-9A-Za-z_-]{90,})"
        ),
        gate: Gate::Random(3.0),
        reach: Reach::Line,
        keywords: &[
            "ops_eyj",
            "sntrys_eyj",
            "a3-",
            "p8e-",
            "pat",
            "ltai",
            "akcp",
            "cmvmd",
            "sc_",
            "ext_",
            "scauth_",
            "authress_",
            "4b1d",
            "clojars_",
            "v1.0-",
            "dapi",
            "dp.pt.",
            "duffel_",
            "dt0c01.",
            "ezak",
            "eztk",
            "eaam",
            "eaac",
            "flwseck_test-",
            "flwpubk_test-",
            "fo1_",
            "fm1",
            "fm2",
            "fio-u-",
            "eyjrijoi",
            "glc_",
            "glsa_",
            "sat.",
            "hrku-aa",
            "ico-",
            "s-s4t2",
            "lin_api_",
            "ntn_",
            "api-",
            "sha256~",
            "pplx-",
            "pscale_",
            "pmak-",
            "pnu_",
            "pul-",
            "rdme_",
            "rubygems_",
            "tk-us-",
            "xkeysib-",
            "sntryu_",
            "sm_",
            "shippo_",
            "shp",
            "sgp_",
            "eaaa",
            "sq0atp-",
            "sk",
            "hvb.",
            "hvs.",
        ],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "service-token",
        // The service tokens without a prefix of their own: HashiCorp Terraform, MaxMind,
        // Azure AD client secrets, Facebook app tokens.
        pattern: r"(?:^|[^0-9A-Za-z_~.]|\\[nrt])([a-z0-9]{14}\.atlasv1\.[a-z0-9_=-]{60,70}|[A-Za-z0-9]{6}_[A-Za-z0-9]{29}_mmk|[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34}|[0-9]{15,16}[|%][0-9a-z_-]{27,40})",
        gate: Gate::Random(3.0),
        reach: Reach::Line,
        keywords: &[".atlasv1.", "_mmk", "q~", "|", "%"],
        anchor: Anchor::Then(
            r"(?:\.atlasv1\.[a-z0-9_=-]{60,70}|_mmk|Q~[A-Za-z0-9_~.-]{31,34}|[|%][0-9a-z_-]{27,40})",
        ),
    },
    Rule {
        kind: "webhook-url",
        pattern: r"(?:webhook\.office\.com/webhookb2|hooks\.zapier\.com/hooks/catch|discord(?:app)?\.com/api/webhooks)/([0-9A-Za-z@/_-]{20,})",
        gate: Gate::Always,
        reach: Reach::Line,
        keywords: &["webhook.office.com", "hooks.zapier.com", "/api/webhooks/"],
        anchor: Anchor::Anywhere,
    },
    Rule {
        kind: "authorization-header",
        pattern: r#"(?i)(?-u:\b)(?:proxy-)?authorization\\?["']?\s*[:=]\s*\\?["']?(?:bearer|basic|token|digest|apikey|api-token|sso-key)\s+([0-9A-Za-z._~+/=:-]{8,})"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Lines {
            before: 0,
            after: 3,
        },
        keywords: &["authorization"],
        anchor: Anchor::Anywhere,
    },
    Rule {
        kind: "authorization-header",
        // Without a scheme the value must look random (`authorization: AuthorizationRef` is a
        // parameter in code).
        pattern: r#"(?i)(?-u:\b)(?:proxy-)?authorization\\?["']?\s*[:=]\s*\\?["']?([0-9A-Za-z._~+/=-]{16,})"#,
        gate: Gate::Random(3.0),
        reach: Reach::Lines {
            before: 0,
            after: 2,
        },
        keywords: &["authorization"],
        anchor: Anchor::Anywhere,
    },
    Rule {
        kind: "api-key-header",
        pattern: r#"(?i)(?-u:\b)(?:x-(?:[a-z]+-)*(?:token|key)|(?:x-(?:[a-z]+-)*)?(?:api-?key|auth-token|access-token|private-token|api-token))\\?["']?\s*:\s*\\?["']?([0-9A-Za-z._~+/=-]{12,})"#,
        gate: Gate::Random(3.0),
        reach: Reach::Lines {
            before: 0,
            after: 2,
        },
        keywords: &[
            "x-",
            "api-key",
            "apikey",
            "auth-token",
            "access-token",
            "private-token",
            "api-token",
        ],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "url-credentials",
        // The password runs to the `@` before the host, so it may hold `/` or `@` itself.
        pattern: r#"(?-u:\b)[A-Za-z][A-Za-z0-9+.-]{1,20}://[^\s:/@"'<>`\\]+:([^\s"'<>`\\]+?)@[A-Za-z0-9.-]+(?::\d+)?(?:[/?#\s"'<>`\\]|$)"#,
        gate: Gate::UrlPassword,
        reach: Reach::Line,
        keywords: &["://"],
        anchor: Anchor::Then(
            r#"://[^\s:/@"'<>`\\]+:[^\s"'<>`\\]+?@[A-Za-z0-9.-]+(?::\d+)?(?:[/?#\s"'<>`\\]|$)"#,
        ),
    },
    Rule {
        kind: "url-credentials",
        pattern: r#"(?i)[?&](?:access_token|refresh_token|id_token|auth_token|token|api_key|apikey|api-key|client_secret|secret|password|passwd|pwd|sig|signature|x-amz-signature|x-amz-security-token|private_token)=([^&\s#"'<>`\\]{6,})"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &[
            "token=",
            "key=",
            "secret=",
            "password=",
            "passwd=",
            "pwd=",
            "sig=",
            "signature=",
        ],
        anchor: Anchor::Then(
            r#"(?i:token|key|secret|password|passwd|pwd|sig|signature)=[^&\s#"'<>`\\]{6,}"#,
        ),
    },
    // Passwords given on a command line.
    Rule {
        kind: "command-password",
        pattern: r#"{S}(?:mysql|mysqldump|mysqladmin|mysqlimport|mysqlshow|mysqlcheck|mariadb|mariadb-dump|mariadb-admin)(?-u:\b)[^\n;&|]*?[\t ]-p(?:"([^"\\\r\n]+)"|'([^'\\\r\n]+)'|([^\s"'`;&|\\-][^\s"'`;&|\\]*))"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &["mysql", "mariadb"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "command-password",
        pattern: r#"(?:{S}(?:sshpass|login)(?-u:\b)[^\n;&|]*?[\t ]-p|{S}redis-cli(?-u:\b)[^\n;&|]*?[\t ]-a|[\t ]-pass(?:in|out)?[\t ]+pass:)[\t ]*(?:"([^"\\\r\n]+)"|'([^'\\\r\n]+)'|([^\s"'`;&|\\-][^\s"'`;&|\\]*))"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &["sshpass", "login", "redis-cli", "pass:"],
        anchor: Anchor::Then(
            r#"(?:(?:sshpass|login)(?-u:\b)[^\n;&|]*?[\t ]-p|redis-cli(?-u:\b)[^\n;&|]*?[\t ]-a|pass:)[\t ]*(?:"[^"\\\r\n]+"|'[^'\\\r\n]+'|[^\s"'`;&|\\-][^\s"'`;&|\\]*)"#,
        ),
    },
    Rule {
        kind: "command-password",
        pattern: r#"{S}curl(?-u:\b)[^\n;&|]*?[\t ](?:-u|--user)(?:=|[\t ]*)\\*["']?[^\s:"'\\]*:([^\s"'@\\]+)"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &["curl"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "command-password",
        pattern: r#"{S}htpasswd[\t ]+-[a-zA-Z]*b[a-zA-Z]*[\t ]+\S+[\t ]+\S+[\t ]+(?:"([^"\\\r\n]+)"|'([^'\\\r\n]+)'|([^\s"'`;&|\\]+))"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Line,
        keywords: &["htpasswd"],
        anchor: Anchor::Start,
    },
    Rule {
        kind: "netrc-password",
        // The separators may carry line prefixes (`    | `, `> `) and JSON escapes (`\n`).
        pattern: r#"{S}machine(?:[\s|>]|\\[nrt])+[^\s\\]+(?:(?:[\s|>]|\\[nrt])+(?:login|account)(?:[\s|>]|\\[nrt])+[^\s\\]+)*(?:[\s|>]|\\[nrt])+password(?:[\s|>]|\\[nrt])+([^\s"'\\]+)"#,
        gate: Gate::NotPlaceholder,
        reach: Reach::Text,
        keywords: &["machine"],
        anchor: Anchor::Anywhere,
    },
    Rule {
        kind: "secret-assignment",
        // `--password=…`, `--api-key …`: a flag judged like a key.
        pattern: r#"(?:^|[\s"'=])--?(?P<key>(?:[A-Za-z][A-Za-z0-9-]*?)?(?i:pass|pwd|secret|token|key|cred|auth)[A-Za-z0-9-]*)(?:=|[\t ]+)(?:"([^"\\\r\n]+)"|'([^'\\\r\n]+)'|([^\s"'`;&|\\]+))"#,
        gate: Gate::Assigned(Style::Tight),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Then(
            r#"(?i:pass|pwd|secret|token|key|cred|auth)[A-Za-z0-9-]*(?:=|[\t ]+)(?:"[^"\\\r\n]+"|'[^'\\\r\n]+'|[^\s"'`;&|\\]+)"#,
        ),
    },
    Rule {
        kind: "secret-assignment",
        // `<password>…</password>` and NuGet's `<add key="ClearTextPassword" value="…" />`.
        pattern: r#"(?:<(?P<key>(?:[A-Za-z_][A-Za-z0-9_.:-]*?)?(?i:pass|pwd|secret|token|key|cred)[A-Za-z0-9_.-]*)>[ \t]*([^<\s"\\]{3,})[ \t]*</|key=\\?"(?P<key2>[^"\\]*(?i:pass|pwd|secret|token|key)[^"\\]*)\\?"\s+value=\\?"([^"\\]{3,})\\?")"#,
        gate: Gate::Assigned(Style::Quoted),
        reach: Reach::Text,
        keywords: KEY_WORDS,
        anchor: Anchor::Then(
            r#"(?:(?i:pass|pwd|secret|token|key|cred)[A-Za-z0-9_.-]*>[ \t]*[^<\s"\\]{3,}[ \t]*</|key=\\?")"#,
        ),
    },
    // Assignments: quoted values (any text), then `KEY=value`, `key = value`, and YAML. A
    // comma is an assignment only in a call (`setProperty("DB_PASSWORD", "…")`): between JSON
    // strings it is not.
    Rule {
        kind: "secret-assignment",
        pattern: r#"\(\s*\\?["']{K}\\?["']\s*,\s*(?:\\?"([^"\\\r\n]+)\\?"|\\?'([^'\\\r\n]+)\\?')"#,
        gate: Gate::Assigned(Style::Quoted),
        reach: Reach::Lines {
            before: 1,
            after: 2,
        },
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
    Rule {
        kind: "secret-assignment",
        // Quotes may be escaped once or more (JSON in JSON in a transcript record).
        pattern: r#"{K}\\*["'`]?[\t ]*(?:=|:=|::=|:::=|\?=|\.=|:|=>|\|\|)[\t ]*(?:\\*"([^"\\\r\n]+)\\*"|\\*'([^'\\\r\n]+)\\*'|`([^`\\\r\n]+)`)"#,
        gate: Gate::Assigned(Style::Quoted),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
    Rule {
        kind: "secret-assignment",
        pattern: r#"{K}=([^\s"'`;&|,()\[\]{}<>\\]{3,})(?:[\s"'`;&|,)\]}>]|\\[nrt"]|$)"#,
        gate: Gate::Assigned(Style::Tight),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
    Rule {
        kind: "secret-assignment",
        // Not before `;`: `const API_TOKEN = other_token;` is code, not an INI line.
        pattern: r#"{K}[\t ]*(?::{0,3}=|\?=)[\t ]*([^\s"'`;&|,()\[\]{}<>\\]{3,})(?:[\s"'`&|,)\]}>]|\\[nrt"]|$)"#,
        gate: Gate::Assigned(Style::Spaced),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
    Rule {
        kind: "secret-assignment",
        pattern: r#"(?m)(?:^|\\n)[\t ]*(?:[|>+][\t ]*)*(?:-[\t ]+)?["']?{K}["']?[\t ]*:[\t ]+([^\s"'`#|>&*!{\[\\][^\s"'`\\]*[^\s"'`,;\\(\[{])[\t ]*(?:#[^\n]*)?(?:$|\\[nr])"#,
        gate: Gate::Assigned(Style::Yaml),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
    // The same names with a bare value anywhere in a line: only values that look random and end
    // like a value (not `key: Curve25519Seed<'_>`, a type).
    Rule {
        kind: "secret-assignment",
        pattern: r#"{K}\\?["']?[\t ]*(?:=|:=|=>|:)[\t ]*([0-9A-Za-z_+/=.~-]{12,})(?:[\s"',;)\]}]|\\[nrt"]|\z)"#,
        gate: Gate::Assigned(Style::Anywhere),
        reach: Reach::Line,
        keywords: KEY_WORDS,
        anchor: Anchor::Key,
    },
];

/// How much a key says about its value.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
enum Strength {
    /// Nothing secret in the name (`MAX_TOKENS`, `tokenizer`).
    None,
    /// Mentions a secret without naming it (`TOKEN_EXPIRY`, `SECRET_BACKEND`, `credentials`).
    Weak,
    /// Names the secret itself (`DB_PASSWORD`, `apiKey`, `client_secret`, `SECRET_KEY_BASE`).
    Strong,
}

/// Words that name the secret when they end a key.
const SECRET_WORDS: &[&str] = &[
    "password",
    "passwd",
    "pass",
    "pwd",
    "passphrase",
    "secret",
    "token",
    "apikey",
    "accesskey",
    "secretkey",
    "privatekey",
    "authtoken",
];

/// Words before `key` that make it a secret (`api_key`, `AccountKey`); `key` alone is not one.
const KEY_QUALIFIERS: &[&str] = &[
    "api",
    "secret",
    "private",
    "access",
    "auth",
    "signing",
    "encryption",
    "master",
    "account",
    "storage",
    "license",
    "client",
    "app",
    "service",
    "shared",
    "sas",
    "subscription",
    "admin",
    "session",
    "webhook",
    "deploy",
    "consumer",
    "hmac",
    "jwt",
];

/// Words that may follow the secret word in a key that still names the secret itself
/// (`SECRET_KEY_BASE`, `TOKEN_VALUE`, `DB_PASSWORD_PROD`).
const VALUE_SUFFIXES: &[&str] = &[
    "value",
    "base",
    "raw",
    "plain",
    "plaintext",
    "b64",
    "base64",
    "hex",
    "str",
    "string",
    "bytes",
    "prod",
    "production",
    "dev",
    "development",
    "staging",
    "stage",
    "test",
    "local",
    "old",
    "new",
    "current",
    "previous",
    "prev",
    "next",
    "primary",
    "secondary",
    "backup",
    "default",
];

/// Words before `key` that make it something other than a secret (`public_key`, `file_key`,
/// `primary_key`): such a key names nothing secret at all.
const NOT_SECRET_QUALIFIERS: &[&str] = &[
    "public",
    "publishable",
    "file",
    "cache",
    "primary",
    "foreign",
    "sort",
    "partition",
    "idempotency",
    "object",
    "routing",
    "lookup",
    "node",
    "map",
    "dict",
    "hash",
    "row",
    "column",
    "group",
    "item",
    "bucket",
    "index",
    "unique",
    "composite",
    "react",
];

/// Last words of a key that describe a secret instead of holding it (`TOKEN_EXPIRY`,
/// `SECRET_BACKEND`, `PASSWORD_HASHER`, `CLIENT_ID`): such a key names nothing secret.
const DESCRIBING_WORDS: &[&str] = &[
    "id",
    "ids",
    "name",
    "names",
    "url",
    "uri",
    "urls",
    "path",
    "file",
    "files",
    "dir",
    "type",
    "types",
    "count",
    "length",
    "len",
    "size",
    "ttl",
    "expiry",
    "expires",
    "expiration",
    "header",
    "prefix",
    "suffix",
    "version",
    "format",
    "mode",
    "kind",
    "field",
    "param",
    "env",
    "var",
    "hint",
    "label",
    "prompt",
    "policy",
    "provider",
    "backend",
    "hasher",
    "algorithm",
    "alg",
    "timeout",
    "lifetime",
    "age",
    "min",
    "max",
    "limit",
    "enabled",
    "disabled",
    "required",
    "rotation",
    "store",
    "location",
    "endpoint",
    "host",
    "port",
    "regex",
    "pattern",
    "ref",
    "budget",
    "usage",
    "schema",
    "strategy",
    "manager",
    "service",
    "validator",
    "reset",
];

/// Words that only mention a secret: the key is weak when it holds one of these (or a secret
/// word) anywhere but at the end.
const MENTION_WORDS: &[&str] = &[
    "key",
    "keys",
    "secrets",
    "credential",
    "credentials",
    "creds",
    "auth",
    "signature",
    "sig",
];

/// The words of a key: split at non-alphanumerics, at lower→upper case changes (`apiKey`), at
/// the end of an acronym (`APIKey`) and between letters and digits (`TOKEN2`); lower-cased.
fn key_words(key: &str) -> Vec<String> {
    let chars: Vec<char> = key.chars().collect();
    let mut words = Vec::new();
    let mut cur = String::new();
    for (i, &c) in chars.iter().enumerate() {
        if !c.is_ascii_alphanumeric() {
            if !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
            continue;
        }
        if let Some(&p) = i.checked_sub(1).and_then(|j| chars.get(j)) {
            let next_lower = chars.get(i + 1).is_some_and(|n| n.is_ascii_lowercase());
            let boundary = (p.is_ascii_lowercase() && c.is_ascii_uppercase())
                || (p.is_ascii_uppercase() && c.is_ascii_uppercase() && next_lower)
                || (p.is_ascii_digit() != c.is_ascii_digit() && p.is_ascii_alphanumeric());
            if boundary && !cur.is_empty() {
                words.push(std::mem::take(&mut cur));
            }
        }
        cur.push(c.to_ascii_lowercase());
    }
    if !cur.is_empty() {
        words.push(cur);
    }
    words
}

/// Whether one word of a key names a secret: a secret word, or (for the long ones) a word that
/// ends in one, as run-together names do (`PGPASSWORD`, `csrftoken`; not `bypass`).
fn names_secret(word: &str) -> bool {
    SECRET_WORDS
        .iter()
        .any(|s| word == *s || (s.len() >= 5 && word.ends_with(s)))
}

fn key_strength(words: &[String]) -> Strength {
    let is_suffix = |w: &String| {
        VALUE_SUFFIXES.contains(&w.as_str())
            || w.bytes().all(|b| b.is_ascii_digit())
            || (w.len() <= 3 && w.starts_with('v') && w[1..].bytes().all(|b| b.is_ascii_digit()))
    };
    let end = words.len() - words.iter().rev().take_while(|w| is_suffix(w)).count();
    let named = &words[..end];
    let not_secret = match named {
        [.., last] if DESCRIBING_WORDS.contains(&last.as_str()) => true,
        [.., q, last] if last == "key" || last == "keys" => {
            NOT_SECRET_QUALIFIERS.contains(&q.as_str())
        }
        _ => false,
    };
    if not_secret {
        return Strength::None;
    }
    let strong = match named {
        [.., q, last] if last == "key" => KEY_QUALIFIERS.contains(&q.as_str()),
        [only] if only == "pwd" => false, // the shell's $PWD
        [.., last] => names_secret(last),
        [] => false,
    };
    if strong {
        Strength::Strong
    } else if words
        .iter()
        .any(|w| names_secret(w) || MENTION_WORDS.contains(&w.as_str()))
    {
        Strength::Weak
    } else {
        Strength::None
    }
}

struct Compiled {
    /// Every rule's keywords, each distinct word once, found case-insensitively in one pass:
    /// [`KEY_WORDS`] belong to eight rules, and an overlapping pass reports a hit once per
    /// pattern, so one word per pattern makes a `key` in an output one hit, not eight.
    keywords: AhoCorasick,
    /// For each keyword (by its index in `keywords`), the rules it belongs to, in rule order.
    keyword_rules: Vec<Vec<usize>>,
    /// For each keyword, whether it is one of [`UNICODE_FOLDS`] (whose hits always count).
    keyword_fold: Vec<bool>,
    /// Each rule's pattern, compiled when a hit first asks for it: a session's texts name few
    /// of the rules' keywords, and compiling all of them took a tenth of reading a 10 MB one.
    regexes: Vec<OnceLock<RuleRegex>>,
    /// For each rule, the pattern its keywords' hits are tested with from the hit on
    /// ([`Anchor`]), as a yes/no [`Matcher`] (cheaper to compile than a `Regex`).
    /// Compiled when a hit first asks.
    anchors: Vec<OnceLock<Option<Matcher>>>,
    /// Whether the rule's matches must start a word (the pattern used `{S}`).
    starts_word: Vec<bool>,
    placeholder: Regex,
    reference: Regex,
    type_name: Regex,
}

/// A rule's pattern compiled, with its `key…` capture groups (the name an assignment is judged
/// by).
struct RuleRegex {
    regex: Regex,
    key_groups: Vec<usize>,
}

impl Compiled {
    /// Rule `idx`'s [`Anchor`] pattern, compiled on first use; `None` when every hit counts.
    fn anchor(&self, idx: usize) -> Option<&Matcher> {
        self.anchors[idx]
            .get_or_init(|| {
                anchor_pattern(&RULES[idx])
                    .map(|p| Matcher::new(&p).expect("redaction rule's anchor compiles"))
            })
            .as_ref()
    }

    /// Rule `idx`'s pattern, compiled on first use.
    fn rule(&self, idx: usize) -> &RuleRegex {
        self.regexes[idx].get_or_init(|| {
            // The patterns are constants covered by unit tests, so a failure here is a
            // programming error, not an input problem.
            let regex = Regex::new(&expand(RULES[idx].pattern)).expect("redaction rule compiles");
            let key_groups = regex
                .capture_names()
                .enumerate()
                .filter(|(_, n)| n.is_some_and(|n| n.starts_with("key")))
                .map(|(i, _)| i)
                .collect();
            RuleRegex { regex, key_groups }
        })
    }
}

/// The pattern as compiled: `{K}` expanded and `{S}` dropped (checked in code, see [`RULES`]).
fn expand(pattern: &str) -> String {
    pattern.replace("{S}", "").replace("{K}", KEY)
}

/// The pattern a hit of `rule`'s keywords must match from the hit on ([`Anchor`]), anchored;
/// `None` when every hit counts.
fn anchor_pattern(rule: &Rule) -> Option<String> {
    let from_keyword = match rule.anchor {
        Anchor::Anywhere => return None,
        Anchor::Start => expand(rule.pattern),
        Anchor::Key => {
            let (head, tail) = rule
                .pattern
                .split_once("{K}")
                .expect("an Anchor::Key rule's pattern holds {K}");
            // The flags the pattern starts with (`(?m)`) hold for its tail too.
            let flags = head
                .strip_prefix("(?")
                .and_then(|rest| rest.split_once(')'))
                .filter(|(f, _)| f.bytes().all(|b| b.is_ascii_alphabetic() || b == b'-'))
                .map_or(String::new(), |(f, _)| format!("(?{f})"));
            format!("{flags}{KEY_TAIL}{}", expand(tail))
        }
        Anchor::Then(pattern) => pattern.to_string(),
    };
    Some(format!("^(?:{from_keyword})"))
}

static COMPILED: LazyLock<Compiled> = LazyLock::new(|| {
    // The patterns are constants covered by unit tests, so a failure here is a programming
    // error, not an input problem.
    let regexes = RULES.iter().map(|_| OnceLock::new()).collect();
    let anchors = RULES.iter().map(|_| OnceLock::new()).collect();
    let starts_word = RULES.iter().map(|r| r.pattern.contains("{S}")).collect();
    let mut words: Vec<&str> = Vec::new();
    let mut keyword_rules: Vec<Vec<usize>> = Vec::new();
    for (i, r) in RULES.iter().enumerate() {
        let folds = if expand(r.pattern).contains("(?i") {
            UNICODE_FOLDS
        } else {
            &[]
        };
        for &k in r.keywords.iter().chain(folds) {
            match words.iter().position(|w| *w == k) {
                Some(w) if keyword_rules[w].last() != Some(&i) => keyword_rules[w].push(i),
                Some(_) => {}
                None => {
                    words.push(k);
                    keyword_rules.push(vec![i]);
                }
            }
        }
    }
    let keyword_fold: Vec<bool> = words.iter().map(|w| UNICODE_FOLDS.contains(w)).collect();
    // A DFA: the overlapping keyword pass runs over every byte of every text redacted, and the
    // default (a contiguous NFA) took a fifth of `collect` on outputs full of `key`/`token`.
    let keywords = AhoCorasick::builder()
        .ascii_case_insensitive(true)
        .kind(Some(AhoCorasickKind::DFA))
        .build(&words)
        .expect("redaction keywords build");
    let placeholder = Regex::new(
        r"(?x)^(?:
            \$\{?[A-Za-z_][A-Za-z0-9_]*\}?  | \$\(.* | %[A-Za-z_][A-Za-z0-9_]*%   # $VAR, ${VAR}, $(cmd), %VAR%
          | \$\{\{.*\}\}  | \{\{.*\}\}  | \{[A-Za-z_][A-Za-z0-9_.]*\}     # ${{ secrets.X }}, {{ x }}, {name}
          | <[^>]*>  | %[sdv]                                            # <your-key>, printf verbs
          | \*+  | x+  | X+  | \.{3}  | …  | •+  | -.*                     # masks; another flag
          | \[REDACTED(?::[a-z-]+)?\]                                    # already redacted
          | (?i:true|false|null|none|nil|undefined|changeme|redacted|example|required|optional|
                empty|n/a|tbd|todo|include|same-origin|omit|yes|no|on|off|enabled|disabled|
                default|auto|stdin|prompt|hidden|masked|secret|password|token|
                read|write|read-write|readonly|read-only)\.?
          | [0-9]{1,9}  | [0-9]{1,5}/.*                                  # counts, ports, port/path
          | [0-9_]+(?:[iu](?:8|16|32|64|128|size)|f32|f64|[uUlL]{1,3})     # numeric literals: 0i32
          | 0[xX][0-9a-fA-F]{1,8}                                        # flag values: 0x100
          | (?:pass|env|file|fd):                                        # openssl: where it reads
          | [0-9]{4}-[0-9]{2}-[0-9]{2}(?:[T\ ][0-9:.]+(?:Z|[+-][0-9:]+)?)?  # dates and times
          | [A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+                                # a variable name: DB_PASSWORD
          | .*(?i:your)[_-].* | (?i:my)[_-].*                            # your-key-here, my_token
          | .*(?i:example|placeholder|dummy|replace[_-]?me|change[_-]?me).*  # documented examples
          | [\^~<>=v]*[0-9]+(?:\.[0-9x*]+)+(?:[-+][0-9A-Za-z.-]{1,20})?  # a version: ^0.4.13
          | (?:process\.env|import\.meta\.env|os\.environ|env\(|getenv|ENV\[).*
        )$",
    )
    .expect("placeholder pattern compiles");
    // A value that only points at the secret: a file, a URL, a vault reference, or an
    // expression in code (`settings.SECRET_KEY`, `formData.password`).
    let reference = Regex::new(
        r"(?x)^(?:
            /.* | \./.* | \.\./.* | ~/.* | [A-Za-z]:\\.*
          | (?i:file|https?|vault|arn|op|ref\+[a-z]+|secret|sm|gcp|azure|k8s):.*
          | .*\.(?i:pem|key|crt|cer|txt|json|ya?ml|env|p12|pfx|gpg|asc|jks|keystore|der)
          | [A-Za-z_][A-Za-z0-9_]*(?:::[A-Za-z_][A-Za-z0-9_]*)+                 # a path in code
          | (?:[a-z_$][a-z_$]*|[A-Z][A-Z0-9_]*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*)
            (?:\.(?:[a-z_$][a-z_$]*|[A-Z][A-Z0-9_]*|[A-Z]?[a-z]+(?:[A-Z][a-z]+)*))+  # a.b.C_D
        )$",
    )
    .expect("reference pattern compiles");
    // Type names after `password:` in code (Python, TypeScript, Rust, Kotlin annotations).
    let type_name = Regex::new(
        r"^(?:(?i:str|string|bytes|int|integer|bool|boolean|any|object|number|unknown|char|text|varchar|secretstr|secretbytes)|&.*|\*.*|.*[<\[].*|[A-Z][a-z]+(?:[A-Z][a-z]+)*\??|[A-Z][a-z]*[0-9]*(?:[A-Z][a-z0-9]*)*[A-Z][a-z]+)$",
    )
    .expect("type pattern compiles");
    Compiled {
        keywords,
        keyword_rules,
        keyword_fold,
        regexes,
        anchors,
        starts_word,
        placeholder,
        reference,
        type_name,
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

/// Letters and digits mixed, no spaces, entropy above `min_bits` per character.
fn looks_random(v: &str, min_bits: f64) -> bool {
    v.bytes().any(|b| b.is_ascii_digit())
        && v.bytes().any(|b| b.is_ascii_alphabetic())
        && !v.bytes().any(|b| b.is_ascii_whitespace())
        && entropy(v) > min_bits
}

/// Whether most of `v` is words: runs of three or more letters, a fifth of them vowels, as names
/// in code are (`Utf8SuffixKey`, `nl80211_key_attributes`) and random tokens are not.
fn made_of_words(v: &str) -> bool {
    let alnum = v.bytes().filter(u8::is_ascii_alphanumeric).count();
    let wordy: usize = key_words(v)
        .iter()
        .filter(|w| {
            let vowels = w.bytes().filter(|b| b"aeiouy".contains(b)).count();
            w.len() >= 3 && w.bytes().all(|b| b.is_ascii_alphabetic()) && vowels * 5 >= w.len()
        })
        .map(String::len)
        .sum();
    wordy * 2 >= alnum
}

/// Whether `value`, assigned to `key` in `style`, is a real secret value.
fn assigned_secret(key: &str, value: &str, style: Style, c: &Compiled) -> bool {
    let words = key_words(key);
    let strength = key_strength(&words);
    if strength == Strength::None || c.placeholder.is_match(value) {
        return false;
    }
    // A value of unknown meaning is a secret only when it looks random and not like a name in
    // code (`X509CertificateTemplateFlag`, `_bindgen_ty_30`).
    let random = value.len() >= 12 && looks_random(value, 3.0) && !made_of_words(value);
    if strength == Strength::Weak || style == Style::Anywhere {
        return random && !c.reference.is_match(value);
    }
    // `password = newPassword` in code is a variable; `DB_PASSWORD = hunter2` (INI, Makefile)
    // is a value.
    let upper_key =
        key.bytes().any(|b| b.is_ascii_uppercase()) && !key.bytes().any(|b| b.is_ascii_lowercase());
    if style == Style::Spaced && !upper_key {
        return random;
    }
    if value.len() < 3 || c.reference.is_match(value) {
        return false;
    }
    // A label or a name, not a value: `"password": "Password"`, `password: hashedPassword`,
    // `"Enter your password"`.
    let lower = value.to_ascii_lowercase();
    let value_words = key_words(value);
    let label = words.contains(&lower)
        || (value.contains(' ')
            && value_words
                .iter()
                .any(|v| v == "your" || v == "enter" || (v.len() >= 5 && names_secret(v))))
        || (value_words.len() > 1
            && value.bytes().all(|b| b.is_ascii_alphabetic())
            && value_words.iter().any(|v| names_secret(v)));
    if label && !random {
        return false;
    }
    if style == Style::Yaml && c.type_name.is_match(value) && !random {
        return false;
    }
    true
}

fn passes(gate: Gate, key: Option<&str>, secret: &str, c: &Compiled) -> bool {
    match gate {
        Gate::Always => true,
        Gate::NotPlaceholder => !c.placeholder.is_match(secret),
        Gate::Random(min_bits) => !c.placeholder.is_match(secret) && looks_random(secret, min_bits),
        Gate::UrlPassword => {
            secret.bytes().all(|b| b.is_ascii_digit()) || !c.placeholder.is_match(secret)
        }
        Gate::MixedCase => {
            !c.placeholder.is_match(secret)
                && secret.bytes().any(|b| b.is_ascii_uppercase())
                && secret.bytes().any(|b| b.is_ascii_lowercase())
                && looks_random(secret, 3.5)
        }
        Gate::Assigned(style) => key.is_some_and(|k| assigned_secret(k, secret, style, c)),
    }
}

/// Whether a token starting at `at` starts a word: nothing word-like just before it, or it
/// follows a JSON escape (`\n`, `\r`, `\t`) in raw transcript text.
fn starts_a_word(text: &str, at: usize) -> bool {
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let bytes = text.as_bytes();
    at == 0
        || !word(bytes[at])
        || !word(bytes[at - 1])
        || (at >= 2 && bytes[at - 2] == b'\\' && matches!(bytes[at - 1], b'n' | b'r' | b't'))
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
    /// The whole match the secret was recognised by (`PASSWORD=` and the value, `mysql … -p`
    /// and the password): a cut inside it would hide the secret from its rule.
    pub context: Range<usize>,
}

/// Finds the secrets in `text`, sorted and without overlaps.
pub(crate) fn find(text: &str) -> Vec<Finding> {
    find_within(text, 0..text.len())
}

/// Finds the secrets whose match lies in `text[range]`, sorted and without overlaps: the
/// patterns see the text before `range` (a `\b` or a word start there is judged as in the whole
/// text) but not the text after it. `find` over the whole text, and [`protected_near`] over a
/// bounded window around a cut.
///
/// One keyword pass tells which rules can match at all, and where; clean text costs only that.
/// Each rule's pattern then runs only in the windows its keywords' hits reach ([`Reach`]), not
/// over the whole text: outputs of code are full of `key` and `token`, and a full scan per rule
/// made redaction the largest cost of `collect`. The result equals the whole-text search
/// (`find_whole_text` in the tests, checked on every test case and the corpus): every match
/// holds a keyword, so it lies in the window of that keyword's hit; windows are merged, so no
/// match crosses one's edge, and each window is searched from its start as the whole-text
/// search passes it.
fn find_within(text: &str, range: Range<usize>) -> Vec<Finding> {
    let compiled = &*COMPILED;
    let text = &text[..range.end];
    // Only the hits a match can hold are kept ([`Anchor`]): most are not, and they are
    // dropped before they are sorted. An anchor's test reaches no further than its rule's
    // match (its line, or a few through blank ones), but a long line may hold many hits that
    // fail it late (`ey` in a base64 blob): after `MAX_FAILED_TESTS` on one line, a rule's
    // hits there count untested, so a line costs a bounded number of scans per rule.
    let mut lines = vec![(0usize, 0usize); RULES.len()];
    let mut hits: Vec<(usize, usize)> = Vec::new();
    for m in compiled
        .keywords
        .find_overlapping_iter(&text[range.clone()])
    {
        let keyword = m.pattern().as_usize();
        let at = range.start + m.start();
        for &rule in &compiled.keyword_rules[keyword] {
            // The end of the line of the rule's last hit, and its hits that failed there.
            let (line_end, failed) = &mut lines[rule];
            if at >= *line_end {
                *line_end = memchr::memchr(b'\n', &text.as_bytes()[at..])
                    .map_or(text.len(), |i| at + i + 1);
                *failed = 0;
            }
            if *failed >= MAX_FAILED_TESTS || can_hold_match(text, rule, at, keyword) {
                hits.push((rule, at));
            } else {
                *failed += 1;
            }
        }
    }
    if hits.is_empty() {
        return Vec::new();
    }
    hits.sort_unstable();
    let mut found: Vec<(Finding, usize)> = Vec::new();
    let mut windows: Vec<Range<usize>> = Vec::new();
    for rule_hits in hits.chunk_by(|a, b| a.0 == b.0) {
        let idx = rule_hits[0].0;
        windows.clear();
        match RULES[idx].reach {
            Reach::Text => windows.push(range.clone()),
            Reach::Line => reach_lines(text, range.start, rule_hits, 0, 0, &mut windows),
            Reach::Lines { before, after } => {
                reach_lines(text, range.start, rule_hits, before, after, &mut windows)
            }
        }
        search(text, idx, &windows, &mut found);
    }
    without_overlaps(found)
}

/// How many hits of one rule on one line are tested against its [`Anchor`] and fail before the
/// rest there count untested.
const MAX_FAILED_TESTS: usize = 8;

/// Whether a match of rule `idx` can hold the hit of `keyword` at `at` in `text` (see
/// [`Anchor`]): the rule's anchor pattern matches from the hit on.
fn can_hold_match(text: &str, idx: usize, at: usize, keyword: usize) -> bool {
    let compiled = &*COMPILED;
    compiled.keyword_fold[keyword]
        || compiled.anchor(idx).is_none_or(|anchor| {
            // An anchor only rules hits out: one it cannot answer for keeps the hit.
            anchor.is_match_at_start(&text[at..]).unwrap_or(true)
        })
}

/// Adds to `windows` (merged, in order) the lines of `text` that `hits` (sorted, at or after
/// `floor`) are on, each with the newline before it and `before`/`after` more non-blank lines
/// (and the blank ones between) around it; never before `floor`.
fn reach_lines(
    text: &str,
    floor: usize,
    hits: &[(usize, usize)],
    before: usize,
    after: usize,
    windows: &mut Vec<Range<usize>>,
) {
    let bytes = text.as_bytes();
    // A line start at or after `floor`, before `at`: lines are found from the last hit's line
    // on, so a long line holding many hits is scanned once.
    let line_start =
        |lo: usize, at: usize| memchr::memrchr(b'\n', &bytes[lo..at]).map_or(lo, |i| lo + i + 1);
    let line_end =
        |at: usize| memchr::memchr(b'\n', &bytes[at..]).map_or(bytes.len(), |i| at + i + 1);
    let blank = |r: Range<usize>| text[r].chars().all(char::is_whitespace);
    let mut hit_line_end = floor;
    for &(_, at) in hits {
        if at < hit_line_end {
            continue;
        }
        let mut start = line_start(hit_line_end, at);
        let mut end = line_end(at);
        hit_line_end = end;
        for _ in 0..before {
            while start > floor {
                let prev = line_start(floor, start - 1);
                let was_blank = blank(prev..start);
                start = prev;
                if !was_blank {
                    break;
                }
            }
        }
        for _ in 0..after {
            while end < bytes.len() {
                let next = line_end(end);
                let was_blank = blank(end..next);
                end = next;
                if !was_blank {
                    break;
                }
            }
        }
        let start = start.saturating_sub(1).max(floor);
        match windows.last_mut() {
            Some(last) if start <= last.end => last.end = last.end.max(end),
            _ => windows.push(start..end),
        }
    }
}

/// Runs rule `idx`'s pattern in each of `windows` of `text` (seeing the text before a window,
/// not after it) and adds the secrets it finds to `found`.
fn search(text: &str, idx: usize, windows: &[Range<usize>], found: &mut Vec<(Finding, usize)>) {
    let compiled = &*COMPILED;
    let rule = &RULES[idx];
    let RuleRegex {
        regex: re,
        key_groups,
    } = compiled.rule(idx);
    let mut locs = re.capture_locations();
    for w in windows {
        let haystack = &text[..w.end];
        let mut at = w.start;
        while at <= w.end {
            let Some(whole) = re.captures_read_at(&mut locs, haystack, at) else {
                break;
            };
            at = if whole.is_empty() {
                whole.end() + text[whole.end()..].chars().next().map_or(1, char::len_utf8)
            } else {
                whole.end()
            };
            if compiled.starts_word[idx] && !starts_a_word(text, whole.start()) {
                continue;
            }
            let key = key_groups
                .iter()
                .find_map(|&g| locs.get(g))
                .map(|(s, e)| &text[s..e]);
            let (start, end) = (1..locs.len())
                .filter(|g| !key_groups.contains(g))
                .find_map(|g| locs.get(g))
                .unwrap_or((whole.start(), whole.end()));
            if start == end || !passes(rule.gate, key, &text[start..end], compiled) {
                continue;
            }
            found.push((
                Finding {
                    start,
                    end,
                    kind: rule.kind,
                    context: whole.range(),
                },
                idx,
            ));
        }
    }
}

/// `found` (each with its rule's index) sorted, overlapping findings merged: the earlier rule
/// names the kind where two start alike.
fn without_overlaps(mut found: Vec<(Finding, usize)>) -> Vec<Finding> {
    found.sort_by_key(|(f, idx)| (f.start, *idx));
    let mut merged: Vec<Finding> = Vec::with_capacity(found.len());
    for (f, _) in found {
        match merged.last_mut() {
            Some(last) if f.start < last.end => {
                last.end = last.end.max(f.end);
                last.context =
                    last.context.start.min(f.context.start)..last.context.end.max(f.context.end);
            }
            _ => merged.push(f),
        }
    }
    merged
}

/// The whole-text search `find` replaced, kept as its oracle: every rule whose keyword occurs
/// anywhere runs over the whole text.
#[cfg(test)]
fn find_whole_text(text: &str) -> Vec<Finding> {
    let compiled = &*COMPILED;
    let mut candidate = vec![false; RULES.len()];
    for m in compiled.keywords.find_overlapping_iter(text) {
        for &rule in &compiled.keyword_rules[m.pattern().as_usize()] {
            candidate[rule] = true;
        }
    }
    let mut found: Vec<(Finding, usize)> = Vec::new();
    for idx in (0..RULES.len()).filter(|&i| candidate[i]) {
        let rule = &RULES[idx];
        let RuleRegex {
            regex: re,
            key_groups,
        } = compiled.rule(idx);
        for caps in re.captures_iter(text) {
            let Some(whole) = caps.get(0) else { continue };
            if compiled.starts_word[idx] && !starts_a_word(text, whole.start()) {
                continue;
            }
            let key = key_groups
                .iter()
                .find_map(|&g| caps.get(g))
                .map(|m| m.as_str());
            let secret = (1..caps.len())
                .filter(|g| !key_groups.contains(g))
                .find_map(|g| caps.get(g))
                .unwrap_or(whole);
            if secret.is_empty() || !passes(rule.gate, key, secret.as_str(), compiled) {
                continue;
            }
            found.push((
                Finding {
                    start: secret.start(),
                    end: secret.end(),
                    kind: rule.kind,
                    context: whole.start()..whole.end(),
                },
                idx,
            ));
        }
    }
    without_overlaps(found)
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

/// How far around a cut (in bytes) secrets are looked for: out to the ends of the lines at
/// this distance when those ends are within another `CUT_WINDOW`, else exactly this far, in
/// the middle of a long line (minified JSON, a log line). A window holds every context a
/// secret at the cut can have on a line or a few (`machine … password …` in a `.netrc`, a
/// header split after its colon); a private key block is longer and [`protected_near`] treats
/// it apart.
const CUT_WINDOW: usize = 1024;

/// The spans a cut at one of `cuts` must not fall inside (see [`protected`]), found only in a
/// window of at least [`CUT_WINDOW`] bytes on each side of each cut, at most twice that: a
/// bounded excerpt of a 100 KB output needs to know the secrets at its two cuts, not every
/// secret of the output, even when the output is one line.
///
/// What holds: a secret whose match (with the one character before it that some rules take as
/// a separator) lies within `CUT_WINDOW` bytes of a cut is found as in the whole text, since
/// the patterns see the text before the window ([`find_within`]) and the window holds the
/// whole match. Only a match of the same rule that runs in from beyond the window's start can
/// make the two differ. At a window's start or end in the middle of a line, a pattern may match
/// a piece of a longer token, or stop at the window's end: such a false secret only moves a
/// cut, keeping less. Where a window ends at a line end it is cut exactly as the whole text is
/// (the newline before a line is part of the window). Only a private key block can outgrow a
/// window: text holding one is searched whole.
fn protected_near(text: &str, cuts: &[usize]) -> Vec<Range<usize>> {
    if text.len() <= 4 * CUT_WINDOW
        || memchr::memmem::find(text.as_bytes(), b"PRIVATE KEY").is_some()
    {
        return protected(text);
    }
    let bytes = text.as_bytes();
    let mut cuts = cuts.to_vec();
    cuts.sort_unstable();
    let mut windows: Vec<Range<usize>> = Vec::with_capacity(cuts.len());
    for cut in cuts {
        let from = cut.saturating_sub(CUT_WINDOW);
        let farthest = from.saturating_sub(CUT_WINDOW);
        let start = match memchr::memrchr(b'\n', &bytes[farthest..from]) {
            Some(i) => farthest + i,
            None if farthest == 0 => 0,
            None => (0..=from)
                .rev()
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(0),
        };
        let to = (cut + CUT_WINDOW).min(text.len());
        let farthest = (to + CUT_WINDOW).min(text.len());
        let end = match memchr::memchr(b'\n', &bytes[to..farthest]) {
            Some(i) => to + i + 1,
            None if farthest == text.len() => text.len(),
            None => (to..text.len())
                .find(|&i| text.is_char_boundary(i))
                .unwrap_or(text.len()),
        };
        match windows.last_mut() {
            Some(last) if start <= last.end => last.end = last.end.max(end),
            _ => windows.push(start..end),
        }
    }
    let spans = windows
        .into_iter()
        .flat_map(|w| find_within(text, w).into_iter().map(|f| f.context))
        .collect();
    merge_spans(spans)
}

/// The spans a cut must not fall inside: each secret with the context its rule needs, merged.
fn protected(text: &str) -> Vec<Range<usize>> {
    merge_spans(find(text).into_iter().map(|f| f.context).collect())
}

/// `spans` sorted, overlapping ones merged.
fn merge_spans(mut spans: Vec<Range<usize>>) -> Vec<Range<usize>> {
    spans.sort_by_key(|s| s.start);
    let mut merged: Vec<Range<usize>> = Vec::with_capacity(spans.len());
    for s in spans {
        match merged.last_mut() {
            Some(last) if s.start < last.end => last.end = last.end.max(s.end),
            _ => merged.push(s),
        }
    }
    merged
}

/// `at` moved out of any protected span: back to its start (`back`) or on to its end.
fn outside(spans: &[Range<usize>], at: usize, back: bool) -> usize {
    match spans.iter().find(|s| s.start < at && at < s.end) {
        Some(s) if back => s.start,
        Some(s) => s.end,
        None => at,
    }
}

/// Cuts `text` to at most about `max` bytes, keeping head and tail around an explicit
/// `[… N bytes elided …]` marker ([`elision_marker`]), on char boundaries and never inside a
/// secret: a secret at a cut is left out whole, so no half of it (which its rule would no
/// longer recognise) survives. A text cut before (an output cut when read, then again when the
/// command grew old) keeps its count: an earlier marker the cut reaches is elided whole, and
/// the new count includes the bytes it stood for.
pub(crate) fn excerpt(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let mut head_end = half;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - half;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    let spans = protected_near(text, &[head_end, tail_start]);
    let mut head_end = outside(&spans, head_end, true);
    let mut tail_start = outside(&spans, tail_start, false).max(head_end);
    // Bytes of the text the marker stands for beyond its own length.
    let mut stood_for = None;
    if let Some((marker, count)) = earlier_marker(text)
        && marker.start < tail_start
        && marker.end > head_end
    {
        // Within a marker's length of the cuts, so inside the spans searched near them.
        head_end = outside(&spans, head_end.min(marker.start), true);
        tail_start = outside(&spans, tail_start.max(marker.end), false);
        stood_for = Some((marker.len(), count));
    }
    let elided = match stood_for {
        Some((own, count)) => (tail_start - head_end - own) as u64 + count,
        None => (tail_start - head_end) as u64,
    };
    format!(
        "{}{}{}",
        &text[..head_end],
        elision_marker(elided),
        &text[tail_start..]
    )
}

/// What stands for `count` elided bytes in a cut text, on a line of its own.
pub(crate) fn elision_marker(count: u64) -> String {
    format!("\n[… {count} bytes elided …]\n")
}

/// The first [`elision_marker`] in `text`: where it is, and the count it stands for.
pub(crate) fn earlier_marker(text: &str) -> Option<(Range<usize>, u64)> {
    const OPEN: &str = "\n[… ";
    const CLOSE: &str = " bytes elided …]\n";
    let mut from = 0;
    while let Some(at) = text[from..].find(OPEN) {
        let start = from + at;
        let digits = &text[start + OPEN.len()..];
        let n = digits.bytes().take_while(u8::is_ascii_digit).count();
        if n > 0
            && digits[n..].starts_with(CLOSE)
            && let Ok(count) = digits[..n].parse::<u64>()
        {
            return Some((start..start + OPEN.len() + n + CLOSE.len(), count));
        }
        from = start + OPEN.len();
    }
    None
}

/// `text` cut to `max_chars` characters with `…` appended when it was cut, never inside a
/// secret (see [`truncate`]).
pub(crate) fn clip(text: &str, max_chars: usize) -> Cow<'_, str> {
    let head = truncate(text, max_chars);
    if head.len() == text.len() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!("{head}…"))
    }
}

/// `text` cut to about `max_chars` characters by replacing its middle with `…`, keeping the
/// first `head_chars` characters (when it can) and as much of the tail as fits; never inside a
/// secret (a secret at a cut is left out whole). `text` itself when it fits.
pub(crate) fn elide_middle(text: &str, max_chars: usize, head_chars: usize) -> Cow<'_, str> {
    let total = text.chars().count();
    if total <= max_chars {
        return Cow::Borrowed(text);
    }
    let keep = max_chars.saturating_sub(1);
    let head_chars = head_chars.min(keep);
    let tail_chars = keep - head_chars;
    let byte_at = |n: usize| text.char_indices().nth(n).map_or(text.len(), |(i, _)| i);
    let (head_end, tail_start) = (byte_at(head_chars), byte_at(total - tail_chars));
    let spans = protected_near(text, &[head_end, tail_start]);
    let head_end = outside(&spans, head_end, true);
    let tail_start = outside(&spans, tail_start, false).max(head_end);
    Cow::Owned(format!("{}…{}", &text[..head_end], &text[tail_start..]))
}

/// The first `max_chars` characters of `text` (all of it when shorter), cut short of any secret
/// the cut would fall inside. Whether it was cut is `result.len() < text.len()`.
pub(crate) fn truncate(text: &str, max_chars: usize) -> &str {
    let Some((cut, _)) = text.char_indices().nth(max_chars) else {
        return text;
    };
    &text[..outside(&protected_near(text, &[cut]), cut, true)]
}

#[cfg(test)]
mod leaks;
#[cfg(test)]
mod measure;

#[cfg(test)]
mod tests {
    use super::*;

    /// `s` redacted; every text a test redacts also checks [`find`] against the whole-text
    /// search it replaced.
    fn r(s: &str) -> String {
        assert_same_as_whole_text(s);
        redact(s).into_owned()
    }

    /// [`find`] finds in `text` exactly what the whole-text search finds.
    fn assert_same_as_whole_text(text: &str) {
        assert_eq!(find(text), find_whole_text(text), "{text:?}");
    }

    /// Rules and anchors compile when a hit first asks, so that a bad pattern would fail a
    /// user's run, not start-up: every one is compiled here.
    #[test]
    fn every_rule_and_anchor_compiles() {
        let compiled = &*COMPILED;
        for (idx, rule) in RULES.iter().enumerate() {
            let _ = compiled.rule(idx);
            assert_eq!(
                compiled.anchor(idx).is_some(),
                !matches!(rule.anchor, Anchor::Anywhere),
                "rule {idx}"
            );
        }
    }

    /// Every text of the measured fixtures (each sample in each context, each ordinary line,
    /// and each table as one text) and texts whose matches reach over blank lines, are
    /// searched alike by keyword windows and by the whole-text search.
    #[test]
    fn find_equals_the_whole_text_search_on_every_test_case() {
        let mut texts: Vec<String> = Vec::new();
        for s in measure::gitleaks_samples()
            .iter()
            .chain(&measure::everyday_samples())
        {
            texts.extend(measure::contexts(&s.line).into_iter().map(|(_, t)| t));
        }
        for name in ["gitleaks.tsv", "everyday.tsv", "ordinary.txt"] {
            let table = measure::fixture(name);
            texts.extend(table.lines().map(str::to_string));
            texts.push(table.replace(r"\n", "\n"));
            texts.push(table);
        }
        texts.extend(
            [
                "Authorization\n\n:\n  Bearer\n\n   9fQ2xLm4Rt8Vb1Nc7Kd3Hj\n",
                "x = 1\nauthorization =\n\t\n  \"Zx81Qm4Lr7Tb2Wc9Vn5Ks3\"\nend\n",
                "X-Api-Key\n:\n\n  q8F2xLm9Rt4Vb7Nc1Kd6 trailing\n",
                "aws_secret_access_key\n=\n  q8F2xLm9Rt4Vb7Nc1Kd6Hj3Pw5Zs0Ya2Ue7Io4Tr\n",
                "env.set(\n\n  \"DB_PASSWORD\"\n  ,\n\n  \"hunter2prod\")\n",
                "machine example.org\nlogin me\naccount x\n\npassword s3cretPass\n",
                "<add key=\"Clear\nText\nPassword\" value=\"s3cret\nPass\" />\n",
                "ok\n--password hunter2prod\nTOKEN=abc123def456\npassword: hunter2prod\n",
                "line\n123456789012345|abcdefghijklmnopqrstuvwxyz0123\n",
                "https://x.org/cb?access_to\u{212a}en=Zx81Qm4Lr7Tb2Wc9\nmax_token=5\n",
            ]
            .map(str::to_string),
        );
        // More hits that fail their rule's anchor on one line than are tested, then secrets.
        let jwt =
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6y";
        texts.push(format!(
            "{}{jwt} {} key: Zq81kfjeUe02xYwPq {}",
            "ey0123456789abcdefghij ".repeat(3 * MAX_FAILED_TESTS),
            "keyboard ".repeat(3 * MAX_FAILED_TESTS),
            "| a | b % ".repeat(3 * MAX_FAILED_TESTS),
        ));
        for text in &texts {
            assert_same_as_whole_text(text);
        }
    }

    /// The hits the anchors drop: keywords inside ordinary words and tables, where no match of
    /// their rule starts or holds them; and the hits of real secrets, which they keep.
    #[test]
    fn anchors_drop_hits_no_match_can_hold() {
        let compiled = &*COMPILED;
        let kept = |text: &str, kind: &str| -> usize {
            compiled
                .keywords
                .find_overlapping_iter(text)
                .flat_map(|m| {
                    let keyword = m.pattern().as_usize();
                    compiled.keyword_rules[keyword]
                        .iter()
                        .map(move |&rule| (rule, m.start(), keyword))
                })
                .filter(|&(rule, at, keyword)| {
                    RULES[rule].kind == kind && can_hold_match(text, rule, at, keyword)
                })
                .count()
        };
        for (text, kind) in [
            ("they keyed the keyboard", "jwt"),
            ("the task's disk path pattern", "service-token"),
            ("| col | 50% |", "service-token"),
            ("see https://example.org/x?y=1", "url-credentials"),
            (
                "keyboard.keys(); tokenizer(x); authStore.get()",
                "secret-assignment",
            ),
            ("login to the machine", "command-password"),
        ] {
            assert_eq!(kept(text, kind), 0, "{kind}: {text}");
        }
        for (text, kind) in [
            (
                "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fw",
                "jwt",
            ),
            ("postgres://app:hunter2pw@db.local/app", "url-credentials"),
            ("DB_PASSWORD=hunter2prod", "secret-assignment"),
            ("sshpass -p 'correct horse' ssh h", "command-password"),
        ] {
            assert!(kept(text, kind) > 0, "{kind}: {text}");
            assert!(r(text).contains(&format!("[REDACTED:{kind}]")), "{text}");
        }
    }

    /// The text of every corpus transcript, whole and line by line, is searched alike by
    /// keyword windows and by the whole-text search (skipped, by name, without the corpus).
    #[test]
    fn find_equals_the_whole_text_search_on_the_corpus() {
        let root = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
        if !root.join("MANIFEST.tsv").is_file() {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "skipped (no ../shared/corpus): redact::tests::find_equals_the_whole_text_search_on_the_corpus"
            );
            return;
        }
        let mut stack = vec![root];
        let (mut files, mut findings) = (0, 0);
        while let Some(p) = stack.pop() {
            if p.is_dir() {
                stack.extend(std::fs::read_dir(&p).unwrap().map(|e| e.unwrap().path()));
                continue;
            }
            let Ok(text) = std::fs::read_to_string(&p) else {
                continue;
            };
            files += 1;
            let whole = find(&text);
            assert_eq!(whole, find_whole_text(&text), "{}", p.display());
            findings += whole.len();
            for line in text.lines() {
                assert_eq!(find(line), find_whole_text(line), "{}: {line}", p.display());
            }
        }
        assert!(
            files >= 20 && findings > 0,
            "{files} files, {findings} findings"
        );
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
            "export AWS_ACCESS_KEY_ID=AKIAQ7X2M4N8R6T1V3W5",
            "AKIAQ7X2M4N8R6T1V3W5",
            "aws-access-key",
        );
        // In a presigned URL.
        assert_redacted(
            "X-Amz-Credential=AKIAQ7X2M4N8R6T1V3W5%2F20260129%2Fus-west-2",
            "AKIAQ7X2M4N8R6T1V3W5",
            "aws-access-key",
        );
        // Near miss: lowercase / too short / inside a longer word; AWS's documented example.
        assert_clean("akiaq7x2m4n8r6t1v3w5 and AKIA1234 and XAKIAQ7X2M4N8R6T1V3W5X");
        assert_clean("export AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE");
    }

    #[test]
    fn aws_secret_keys() {
        assert_redacted(
            "aws_secret_access_key = q8F2xLm9Rt4Vb7Nc1Kd6Hj3Pw5Zs0Ya2Ue7Io4Tr",
            "q8F2xLm9Rt4Vb7Nc1Kd6Hj3Pw5Zs0Ya2Ue7Io4Tr",
            "aws-secret-key",
        );
        assert_clean("aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY");
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
        let once = r("a AKIAQ7X2M4N8R6T1V3W5 b PASSWORD=hunter22 c");
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

    #[test]
    fn command_line_passwords() {
        for (line, secret) in [
            ("mysql -u root -pS3cretPass shop", "S3cretPass"),
            ("curl -u admin:Tr0ub4dor https://x.example", "Tr0ub4dor"),
            ("sshpass -p 'correct horse' ssh h", "correct horse"),
            ("docker login -u bob -p Dk8sPass registry", "Dk8sPass"),
            ("tool --password=lemon-tree-42 --env prod", "lemon-tree-42"),
            ("tool --api-key abcd1234efgh5678", "abcd1234efgh5678"),
            ("redis-cli -a R3disPass ping", "R3disPass"),
            ("openssl pkcs12 -passout pass:exp0rtPass", "exp0rtPass"),
            ("machine h login bob password s3cr3tpw", "s3cr3tpw"),
        ] {
            let out = r(line);
            assert!(!out.contains(secret), "{line} → {out}");
        }
        // Prompts for the password, variables and other flags are not passwords.
        assert_clean("mysql -u root -p shop");
        assert_clean("docker login --password-stdin -u bob ghcr.io");
        assert_clean("curl -u \"$USER:$PASS\" https://x.example");
        assert_clean("tool --password-file /run/secrets/db --max-tokens 4000");
    }

    #[test]
    fn keys_are_judged_by_their_last_word() {
        let strength = |k: &str| key_strength(&key_words(k));
        for k in [
            "DB_PASSWORD",
            "PGPASSWORD",
            "apiKey",
            "APIKey",
            "client_secret",
            "SECRET_KEY_BASE",
            "TOKEN_2",
            "AccountKey",
            "spring.datasource.password",
            "x-api-key",
        ] {
            assert_eq!(strength(k), Strength::Strong, "{k}");
        }
        for k in [
            "credentials",
            "SESSION_SECRET_SALT",
            "auth",
            "PWD",
            "tokenSalt",
        ] {
            assert_eq!(strength(k), Strength::Weak, "{k}");
        }
        for k in [
            "MAX_TOKENS",
            "tokenizer",
            "bypass",
            "passwordless",
            "TOKEN_EXPIRY",
            "SECRET_BACKEND",
            "PASSWORD_HASHER",
            "TOKEN_TYPE",
            "secretName",
            "private_key_id",
            "publicKey",
            "file_key",
            "VITE_WEB3AUTH_CLIENT_ID",
        ] {
            assert_eq!(strength(k), Strength::None, "{k}");
        }
        // A weak key hides only a random-looking value.
        assert_clean("TOKEN_EXPIRY=3600s SECRET_BACKEND=vault");
        assert_redacted(
            "SESSION_SECRET_SALT=Zq81kfjeUe02xYwP",
            "Zq81kfjeUe02xYwP",
            "secret-assignment",
        );
        // A strong key hides any real value, spaces included; labels and code are left alone.
        assert_redacted(
            "password = \"four words here\"",
            "four words here",
            "secret-assignment",
        );
        assert_redacted(
            "  password: correcthorse",
            "correcthorse",
            "secret-assignment",
        );
        assert_clean("\"password\": \"Password\", label: \"Enter your password\"");
        assert_clean("password: hashedPassword");
        assert_clean("  token: str");
    }

    #[test]
    fn pem_keys_behind_line_prefixes() {
        let body = [
            "MIIEowIBAAKCAQEA1234567890abcdefABCDEF",
            "QWERTYUIOPasdfghjkl0987654321zxcvbnm==",
        ];
        let pem = format!(
            "-----BEGIN RSA PRIVATE KEY-----\n{}\n{}\n-----END RSA PRIVATE KEY-----",
            body[0], body[1]
        );
        let prefixed = |p: &str, text: &str| {
            text.lines()
                .map(|l| format!("{p}{l}"))
                .collect::<Vec<_>>()
                .join("\n")
        };
        let first_lines =
            |text: &str, n: usize| text.lines().take(n).collect::<Vec<_>>().join("\n");
        for text in [
            // The prompt shows a failed command's first output lines as `    | …`.
            prefixed("    | ", &first_lines(&pem, 3)),
            prefixed("> ", &pem),
            prefixed("+", &first_lines(&pem, 2)),
            serde_json::to_string(&pem).unwrap(),
            serde_json::to_string(&first_lines(&pem, 2)).unwrap(),
            // Only the tail of an output: the BEGIN line is gone.
            pem.lines().skip(2).collect::<Vec<_>>().join("\n"),
        ] {
            let out = r(&text);
            for b in body {
                assert!(!out.contains(&b[..16]), "{text:?} → {out:?}");
            }
        }
    }

    /// Cut again (an output cut when read, then when its command grew old), a text keeps the
    /// count of all it lost: the earlier marker is elided whole and stands for its count.
    #[test]
    fn a_cut_text_cut_again_keeps_its_count() {
        let count = |text: &str| {
            let (_, n) = earlier_marker(text).expect("a marker");
            n
        };
        let text: String = (0..3000)
            .map(|i| format!("line {i} of the output\n"))
            .collect();
        let once = excerpt(&text, 4096);
        let shown = once.len() - elision_marker(count(&once)).len();
        assert_eq!(count(&once) as usize, text.len() - shown);
        let twice = excerpt(&once, 256);
        assert_eq!(twice.matches("elided").count(), 1, "{twice}");
        let shown = twice.len() - elision_marker(count(&twice)).len();
        assert_eq!(count(&twice) as usize, text.len() - shown, "{twice}");
        // A marker the head's cut falls inside is elided whole, not split.
        let head = "a".repeat(100);
        let cut = format!("{head}{}{}", elision_marker(5000), "b".repeat(100));
        let again = excerpt(&cut, 120);
        assert_eq!(again.matches("elided").count(), 1, "{again}");
        let shown = again.len() - elision_marker(count(&again)).len();
        assert_eq!(count(&again) as usize, 100 + 5000 + 100 - shown, "{again}");
        // Text that merely mentions a marker without its line breaks is text.
        assert!(earlier_marker("see [… 5 bytes elided …] above").is_none());
    }

    #[test]
    fn cuts_never_split_a_secret() {
        let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
        let text = format!("{} {token} {}", "a".repeat(90), "b".repeat(90));
        for max in [60, 100, 120, 180, 200] {
            let cut = excerpt(&text, max);
            // Either the whole token is there (and is redacted where redaction runs) or none.
            let whole = cut.contains(token);
            assert!(whole || !cut.contains("ghp_0123"), "{max}: {cut}");
            assert!(!r(&cut).contains("ghp_0123"), "{max}: {cut}");
            let head = truncate(&text, max);
            assert!(
                head.contains(token) || !head.contains("ghp_"),
                "{max}: {head}"
            );
        }
        // `PASSWORD=` and its value stay together: a value cut from its key is no longer
        // recognisable as a password.
        let text = format!(
            "{}DB_PASSWORD=hunter2prod{}",
            "x ".repeat(50),
            " y".repeat(50)
        );
        for max in 80..140 {
            let cut = excerpt(&text, max);
            assert!(!r(&cut).contains("hunter2"), "{max}: {cut}");
        }
        assert_eq!(truncate("short", 10), "short");
        assert_eq!(excerpt("short", 10), "short");
    }

    /// A long output on one line (minified JSON) is searched only in a bounded window around
    /// each cut: a secret at a cut, wherever it falls across the cut, is kept whole or left out
    /// whole, as when the whole text is searched, and the search stays near the cut.
    #[test]
    fn long_one_line_outputs_are_searched_in_a_bounded_window() {
        let record =
            |i: usize| format!(r#"{{"id":{i},"key":"item_{i}","token_count":{i},"auth":"none"}},"#);
        let filler = |n: usize| (0..n).map(record).collect::<String>();
        let secrets = [
            (
                "\"api_key\":\"sk-proj-Q7x2M4n8R6t1V3w5Y9z0A2b4C6d8E0f2\",",
                "Q7x2M4n8R6t1V3w5Y9z0A2b4C6d8E0f2",
            ),
            ("\"password\":\"hunter2prod\",", "hunter2prod"),
            (
                "\"url\":\"https://admin:s3cretPass@db.example.org/x\",",
                "s3cretPass",
            ),
        ];
        let mut at_a_cut = 0;
        for (piece, secret) in secrets {
            for before in [200, 300, 400] {
                let text = format!("[{}{piece}{}]", filler(before), filler(600 - before));
                assert!(!text.contains('\n') && text.len() > 30 * CUT_WINDOW);
                let at = text.find(piece).unwrap();
                let whole = protected(&text);
                // Cuts before, inside and after the secret (and its key).
                for shift in [-40isize, -10, 0, 3, 10, 20, 40, 80] {
                    let cut = at.checked_add_signed(shift + 10).unwrap();
                    let max = 2 * (text.len() - cut);
                    let cuts = [max / 2, text.len() - max / 2];
                    let holds = |s: &Range<usize>| cuts.iter().any(|&c| s.start < c && c < s.end);
                    let at_cut: Vec<_> = whole.iter().filter(|s| holds(s)).cloned().collect();
                    let near: Vec<_> = protected_near(&text, &cuts)
                        .into_iter()
                        .filter(holds)
                        .collect();
                    assert_eq!(at_cut, near, "{piece} {before} {shift}");
                    at_a_cut += near.len();
                    let kept = redact(&excerpt(&text, max)).into_owned();
                    for part in [secret, &secret[..6], &secret[secret.len() - 6..]] {
                        assert!(!kept.contains(part), "{part} {before} {shift}: {kept}");
                    }
                }
            }
        }
        assert!(at_a_cut >= 20, "{at_a_cut} secrets at a cut");
    }

    /// A long text is searched only near its cuts: a secret at a cut is kept whole or left out
    /// as when the whole text is searched, whichever line of the output it is on.
    #[test]
    fn long_texts_are_searched_near_their_cuts_alike() {
        let filler = |n: usize| {
            (0..n)
                .map(|i| format!("src/app/key_{i}.ts(12,5): error TS2322: token type mismatch\n"))
                .collect::<String>()
        };
        let token = "ghp_0123456789abcdefghijABCDEFGHIJ012345";
        let lines = [
            format!("export GITHUB_TOKEN={token}\n"),
            "DB_PASSWORD=hunter2prod and more words on the line\n".to_string(),
            "curl -u admin:s3cretPass https://example.org/api\n".to_string(),
        ];
        let mut at_a_cut = 0;
        for line in &lines {
            for before in [0, 100, 300, 600] {
                let text = format!("{}{line}{}", filler(before), filler(900 - before));
                assert!(text.len() > 4 * CUT_WINDOW);
                let max = 2 * (text.len() - text.find(line).unwrap()) - line.len();
                for max in [max - 40, max, max + 40, 4096, 60_000] {
                    let half = max / 2;
                    let cuts = [half, text.len() - half];
                    let whole: Vec<_> = protected(&text)
                        .into_iter()
                        .filter(|s| cuts.iter().any(|&c| s.start < c && c < s.end))
                        .collect();
                    let near: Vec<_> = protected_near(&text, &cuts)
                        .into_iter()
                        .filter(|s| cuts.iter().any(|&c| s.start < c && c < s.end))
                        .collect();
                    assert_eq!(whole, near, "{line} {before} {max}");
                    at_a_cut += whole.len();
                    let cut = r(&excerpt(&text, max));
                    for secret in ["ghp_0123", "hunter2", "s3cretPass"] {
                        assert!(!cut.contains(secret), "{secret} {before} {max}");
                    }
                }
            }
        }
        assert!(at_a_cut >= 10, "{at_a_cut} secrets at a cut");
        // A private key block can be longer than the window: text holding one is searched whole.
        let body: String = (0..200)
            .map(|i| format!("MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQC{i:05}\n"))
            .collect();
        let pem = format!("-----BEGIN RSA PRIVATE KEY-----\n{body}-----END RSA PRIVATE KEY-----\n");
        let text = format!("{}{pem}{}", filler(300), filler(300));
        let cut = r(&excerpt(&text, text.len() - 2000));
        assert!(!cut.contains("MIIEvQIBADAN"), "{cut}");
    }
}
