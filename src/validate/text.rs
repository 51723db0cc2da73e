//! Reading one claim's inline Markdown: code spans, link targets and plain words (with
//! pulldown-cmark, so that backticks inside links or emphasis are handled like a renderer would),
//! and the classifiers that tell a path from a command from an identifier. False alarms are
//! defects, so every classifier errs on the side of "not a path".

use crate::evidence::shell;
use pulldown_cmark::{Event, Parser, Tag};
use regex::Regex;
use std::sync::LazyLock;

/// The inline parts of one claim.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Inline {
    /// Code span contents, in order.
    pub code: Vec<String>,
    /// Link destinations, in order.
    pub links: Vec<String>,
    /// Text outside code spans (code spans replaced by a space).
    pub plain: String,
}

/// Splits inline Markdown into code spans, links and plain text.
pub(crate) fn inline(text: &str) -> Inline {
    let mut out = Inline::default();
    for ev in Parser::new(text) {
        match ev {
            Event::Code(c) => {
                out.code.push(c.to_string());
                out.plain.push(' ');
            }
            Event::Text(t) => out.plain.push_str(&t),
            Event::Start(Tag::Link { dest_url, .. }) => out.links.push(dest_url.to_string()),
            Event::SoftBreak | Event::HardBreak | Event::End(_) => out.plain.push(' '),
            _ => {}
        }
    }
    out
}

/// A path named in a claim, with the symbol of a `path::symbol` / `path:symbol` form.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct PathRef {
    /// The path, without `./`, `:LINE`, `#L…` or `::symbol`.
    pub path: String,
    /// Symbol named after the path, if any.
    pub symbol: Option<String>,
}

/// What a code span holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Span {
    /// A file or directory path.
    Path(PathRef),
    /// A shell command.
    Command(String),
    /// An identifier (`parse_line`, `Type::method`, `rotate(token)` → `rotate`).
    Ident(String),
    /// Anything else (prose, values, signatures we do not understand).
    Other,
}

/// Everything a claim names.
#[derive(Debug, Default, Clone, PartialEq)]
pub(crate) struct Mentions {
    /// Paths from code spans, links and bare path-looking words, deduplicated.
    pub paths: Vec<PathRef>,
    /// Commands from code spans.
    pub commands: Vec<String>,
    /// Identifiers from code spans.
    pub idents: Vec<String>,
    /// Bare identifier-looking words (`snake_case`, `CamelCase`, `call()`) outside code.
    pub bare_idents: Vec<String>,
    /// The plain text.
    pub plain: String,
}

/// File extensions a bare word must end with to be taken for a path.
const KNOWN_EXTENSIONS: &[&str] = &[
    "rs", "py", "pyi", "ts", "tsx", "js", "jsx", "mjs", "cjs", "go", "java", "kt", "kts", "swift",
    "c", "h", "cc", "cpp", "hpp", "cs", "rb", "php", "scala", "sh", "bash", "zsh", "ps1", "toml",
    "yaml", "yml", "json", "jsonl", "md", "txt", "rst", "cfg", "ini", "conf", "lock", "sql",
    "html", "css", "scss", "vue", "svelte", "xml", "gradle", "proto", "ex", "exs", "erl", "hs",
    "ml", "lua", "dart", "tf", "env", "ipynb", "csv", "mod", "sum", "pem", "sqlite", "tsv",
];

/// First words that make a code span a command.
const COMMAND_WORDS: &[&str] = &[
    "alembic",
    "bash",
    "black",
    "bun",
    "bundle",
    "cargo",
    "cat",
    "cd",
    "cmake",
    "composer",
    "ctest",
    "curl",
    "deno",
    "django-admin",
    "docker",
    "dotnet",
    "eslint",
    "flake8",
    "gh",
    "git",
    "go",
    "gradle",
    "grep",
    "handoff",
    "jest",
    "just",
    "kubectl",
    "ls",
    "make",
    "mix",
    "mvn",
    "mypy",
    "node",
    "nox",
    "npm",
    "npx",
    "php",
    "phpunit",
    "pip",
    "pnpm",
    "poetry",
    "prettier",
    "psql",
    "pytest",
    "python",
    "python3",
    "rails",
    "rake",
    "redis-cli",
    "rg",
    "rspec",
    "ruff",
    "rustc",
    "sh",
    "swift",
    "tox",
    "tsc",
    "uv",
    "uvx",
    "vitest",
    "yarn",
    "./gradlew",
    "./mvnw",
];

static IDENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^[A-Za-z_][A-Za-z0-9_]*(?:(?:::|\.)[A-Za-z_][A-Za-z0-9_]*)*$").expect("regex")
});
static CALL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"^([A-Za-z_][A-Za-z0-9_]*(?:(?:::|\.)[A-Za-z_][A-Za-z0-9_]*)*)\s*\(.*\)\s*:?$")
        .expect("regex")
});
static LINE_SUFFIX: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?:#L\d+(?:-L?\d+)?|:\d+(?::\d+)?(?:-\d+)?)$").expect("regex"));
static SEGMENT: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"^[A-Za-z0-9_@+\-][A-Za-z0-9_.@+\-]*$").expect("regex"));
static BARE_IDENT: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r"^(?:[a-z][a-z0-9]*(?:_[a-z0-9]+)+|[A-Z][a-z0-9]+(?:[A-Z][a-z0-9]*)+|[a-z]+[A-Z][A-Za-z0-9]*|[A-Za-z_][A-Za-z0-9_]*\(\))$",
    )
    .expect("regex")
});

fn is_url(s: &str) -> bool {
    s.contains("://") || s.starts_with("www.") || s.starts_with("mailto:")
}

fn extension(segment: &str) -> Option<&str> {
    let (stem, ext) = segment.rsplit_once('.')?;
    (!stem.is_empty() || segment.starts_with('.')).then_some(ext)
}

fn known_extension(segment: &str) -> bool {
    extension(segment).is_some_and(|e| KNOWN_EXTENSIONS.contains(&e.to_ascii_lowercase().as_str()))
}

/// Reads `s` as a path reference. `strict` is for bare words in prose, where only a known file
/// extension makes a path (so that `and/or`, `4/4`, `e.g.` or `Node.js` are not paths).
pub(crate) fn path_ref(s: &str, strict: bool) -> Option<PathRef> {
    let s = s
        .trim()
        .trim_end_matches([',', ';', ')', '.'])
        .trim_end_matches(':');
    let s = s.strip_prefix("./").unwrap_or(s);
    if s.is_empty() || is_url(s) || s.chars().any(|c| c.is_whitespace()) {
        return None;
    }
    if s.starts_with(['~', '$', '-', '@', '/'])
        || s.contains(['<', '>', '*', '?', '{', '[', '|', '=', '"', '\'', '`', '%'])
    {
        return None;
    }
    let (mut path, mut symbol) = match s.split_once("::") {
        Some((left, right)) => (left.to_string(), Some(last_segment(right).to_string())),
        None => (s.to_string(), None),
    };
    if let Some(m) = LINE_SUFFIX.find(&path) {
        path.truncate(m.start());
    }
    // pytest's `file.py:test_name` and `file.py:Class.method`.
    if symbol.is_none()
        && let Some((left, right)) = path.rsplit_once(':')
        && known_extension(left.rsplit('/').next().unwrap_or(left))
        && IDENT.is_match(right)
    {
        symbol = Some(last_segment(right).to_string());
        path = left.to_string();
    }
    if path.contains(':') {
        return None;
    }
    let trailing_slash = path.ends_with('/');
    let trimmed = path.trim_end_matches('/');
    let segments: Vec<&str> = trimmed.split('/').collect();
    if segments
        .iter()
        .any(|seg| !SEGMENT.is_match(seg) && *seg != "..")
    {
        // Dot files (`.env.test`, `.github/workflows`) start with a dot.
        if !segments
            .iter()
            .all(|seg| *seg == ".." || SEGMENT.is_match(seg.trim_start_matches('.')))
        {
            return None;
        }
    }
    let last = segments.last().copied().unwrap_or("");
    let has_letter = |seg: &str| seg.chars().any(|c| c.is_ascii_alphabetic());
    if !segments.iter().all(|seg| has_letter(seg) || *seg == "..") {
        return None;
    }
    let is_path = if strict {
        let dotfile = last.starts_with('.') && last.len() > 2 && segments.len() > 1;
        // `Node.js`, `Vue.js`: product names, not files.
        let product = segments.len() == 1
            && last.starts_with(|c: char| c.is_ascii_uppercase())
            && extension(last) == Some("js");
        (known_extension(last) || dotfile) && !product
    } else {
        let dotfile = last.starts_with('.') && last.len() > 1 && has_letter(last);
        let plausible_ext = extension(last).is_some_and(|e| {
            !e.is_empty() && e.chars().all(|c| c.is_ascii_alphanumeric()) && has_letter(e)
        });
        segments.len() > 1
            || trailing_slash
            || dotfile
            || known_extension(last)
            || (plausible_ext && !IDENT.is_match(trimmed))
    };
    is_path.then(|| PathRef {
        path: trimmed.to_string(),
        symbol,
    })
}

fn last_segment(s: &str) -> &str {
    let s = s.split('(').next().unwrap_or(s);
    s.rsplit([':', '.']).find(|p| !p.is_empty()).unwrap_or(s)
}

/// The bare identifier a symbol names: `Type::method` → `method`, `rotate(t: str)` → `rotate`.
pub(crate) fn bare_symbol(s: &str) -> Option<String> {
    let s = s.trim().trim_matches('`');
    let s = s.strip_prefix("fn ").unwrap_or(s);
    let s = s.strip_prefix("def ").unwrap_or(s);
    let head = match CALL.captures(s) {
        Some(c) => c.get(1).map(|m| m.as_str()).unwrap_or(s),
        None => s,
    };
    if !IDENT.is_match(head) {
        return None;
    }
    Some(last_segment(head).to_string())
}

/// Whether a code span holds a shell command.
pub(crate) fn looks_like_command(s: &str) -> bool {
    let s = s.trim().trim_start_matches("$ ");
    let unwrapped = shell::first_command_words(s);
    let mut words = unwrapped.iter().map(String::as_str);
    let word = words.next().unwrap_or("");
    // English that starts like a command: "make sure…", "go through…".
    let prose = matches!(
        (word, words.next().unwrap_or("")),
        ("make", "sure" | "it" | "the" | "a" | "this" | "that")
            | ("go", "through" | "back" | "over" | "to")
    );
    !prose && COMMAND_WORDS.contains(&word)
        || (s.contains(char::is_whitespace)
            && (s.contains(" --") || s.contains(" -") || s.contains("&&") || s.contains(" | ")))
        || s.starts_with("./") && s.contains(char::is_whitespace)
}

/// Classifies one code span.
pub(crate) fn classify(span: &str) -> Span {
    let s = span.trim();
    if s.is_empty() || is_url(s) {
        return Span::Other;
    }
    if let Some(c) = CALL.captures(s) {
        let head = c.get(1).map(|m| m.as_str()).unwrap_or(s);
        if !COMMAND_WORDS.contains(&head) {
            return Span::Ident(head.to_string());
        }
    }
    if s.contains(char::is_whitespace) {
        return if looks_like_command(s) {
            Span::Command(s.trim_start_matches("$ ").to_string())
        } else {
            Span::Other
        };
    }
    if COMMAND_WORDS.contains(&s) {
        return Span::Command(s.to_string());
    }
    if let Some(p) = path_ref(s, false) {
        return Span::Path(p);
    }
    if IDENT.is_match(s) {
        return Span::Ident(s.to_string());
    }
    Span::Other
}

/// Everything a claim names: paths, commands, identifiers.
pub(crate) fn mentions(text: &str) -> Mentions {
    let parts = inline(text);
    let mut m = Mentions::default();
    for code in &parts.code {
        match classify(code) {
            Span::Path(p) => push_path(&mut m.paths, p),
            Span::Command(c) => m.commands.push(c),
            Span::Ident(i) => m.idents.push(i),
            Span::Other => {}
        }
    }
    for link in &parts.links {
        if !is_url(link) && !link.starts_with('#') {
            let link = link.split('#').next().unwrap_or(link);
            if let Some(p) = path_ref(link, false) {
                push_path(&mut m.paths, p);
            }
        }
    }
    for word in parts.plain.split_whitespace() {
        let w = word.trim_matches(|c: char| "()[]{},;\"'*".contains(c));
        if let Some(p) = path_ref(w, true) {
            push_path(&mut m.paths, p);
        } else {
            let w = w.trim_end_matches(['.', ':']);
            if BARE_IDENT.is_match(w) {
                m.bare_idents.push(w.to_string());
            }
        }
    }
    m.plain = parts.plain;
    m
}

fn push_path(paths: &mut Vec<PathRef>, p: PathRef) {
    if !paths.contains(&p) {
        paths.push(p);
    }
}

/// Text a claim quotes in straight or curly quotes ('…', "…", ‘…’, “…”), at least three
/// characters: a commit subject, a line a file reads. An apostrophe inside a word ("aider's")
/// opens no quote.
pub(crate) fn quoted(plain: &str) -> Vec<String> {
    static QUOTED: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r#"(?:^|[\s(\[:])(?:'([^'\n]{3,}?)'|"([^"\n]{3,}?)"|‘([^’\n]{3,}?)’|“([^”\n]{3,}?)”)(?:$|[\s)\].,;:!?])"#,
        )
        .expect("regex")
    });
    QUOTED
        .captures_iter(plain)
        .filter_map(|c| (1..=4).find_map(|i| c.get(i)))
        .map(|m| m.as_str().trim().to_string())
        .filter(|q| q.chars().count() >= 3)
        .collect()
}

/// Sentences of a claim's plain text (split on `. `, `; `, `! `, `? ` and line breaks).
pub(crate) fn sentences(plain: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur = String::new();
    let chars: Vec<char> = plain.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        cur.push(c);
        let next_ws = chars.get(i + 1).is_none_or(|n| n.is_whitespace());
        if c == '\n' || (matches!(c, '.' | ';' | '!' | '?') && next_ws) {
            if !cur.trim().is_empty() {
                out.push(cur.trim().to_string());
            }
            cur.clear();
        }
    }
    if !cur.trim().is_empty() {
        out.push(cur.trim().to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Option<String> {
        path_ref(s, false).map(|p| p.path)
    }

    #[test]
    fn quoted_text() {
        assert_eq!(
            quoted("`decrypt.py` was committed as 'Add BabyEncryption solver'"),
            ["Add BabyEncryption solver"]
        );
        assert_eq!(
            quoted("README.md reads \"Test repo\", then “more text”."),
            ["Test repo", "more text"]
        );
        assert!(quoted("aider's reply and the user's answer").is_empty());
        assert!(quoted("it's 'ok' now").is_empty(), "too short");
    }

    #[test]
    fn code_span_paths() {
        assert_eq!(p("src/auth.py"), Some("src/auth.py".into()));
        assert_eq!(p("./src/auth.py:42"), Some("src/auth.py".into()));
        assert_eq!(p("src/auth.py#L10-L20"), Some("src/auth.py".into()));
        assert_eq!(p("Cargo.toml"), Some("Cargo.toml".into()));
        assert_eq!(p(".env.test"), Some(".env.test".into()));
        assert_eq!(p("src/api/"), Some("src/api".into()));
        let r = path_ref("tests/test_auth.py::test_refresh", false).unwrap();
        assert_eq!(r.path, "tests/test_auth.py");
        assert_eq!(r.symbol.as_deref(), Some("test_refresh"));
        let r = path_ref("tests/auth/test_token.py:test_refresh_rotation", false).unwrap();
        assert_eq!(r.path, "tests/auth/test_token.py");
        assert_eq!(r.symbol.as_deref(), Some("test_refresh_rotation"));
        let r = path_ref("src/lib.rs::Note::parse", false).unwrap();
        assert_eq!(r.symbol.as_deref(), Some("parse"));
    }

    #[test]
    fn not_paths() {
        for s in [
            "https://example.com/a.py",
            "4/4",
            "crate::note::Note",
            "parse_line",
            "~/.claude/projects",
            "$HOME/x.py",
            "tests/*.py",
            "--repo",
            "1.2.3",
            "a=b/c.py",
        ] {
            assert_eq!(p(s), None, "{s}");
        }
        for s in [
            "and/or",
            "e.g.",
            "Node.js",
            "v1.2",
            "client/server",
            "4/4",
            "i.e.",
        ] {
            assert!(path_ref(s, true).is_none(), "{s}");
        }
        assert!(path_ref("src/auth.py,", true).is_some());
        assert!(path_ref("README.md", true).is_some());
    }

    #[test]
    fn classify_spans() {
        assert!(matches!(
            classify("pytest tests/test_auth.py"),
            Span::Command(_)
        ));
        assert!(matches!(classify("cargo test"), Span::Command(_)));
        assert!(matches!(classify("alembic upgrade head"), Span::Command(_)));
        assert_eq!(
            classify("rotate_refresh_token(old_token: str)"),
            Span::Ident("rotate_refresh_token".into())
        );
        assert_eq!(
            classify("RefreshTokenRecord"),
            Span::Ident("RefreshTokenRecord".into())
        );
        assert!(matches!(classify("src/services/auth.py"), Span::Path(_)));
        assert_eq!(classify("15 minutes"), Span::Other);
        assert_eq!(classify("https://x.y/z"), Span::Other);
    }

    #[test]
    fn mentions_from_markdown() {
        let m = mentions(
            "**Files**: see [auth](src/auth.py) and `src/models/tokens.py:12`; run `pytest -q`; `parse_line` in lib/util.rs, e.g. and/or `4/4`",
        );
        let paths: Vec<_> = m.paths.iter().map(|p| p.path.as_str()).collect();
        assert_eq!(
            paths,
            ["src/models/tokens.py", "src/auth.py", "lib/util.rs"]
        );
        assert_eq!(m.commands, ["pytest -q"]);
        assert_eq!(m.idents, ["parse_line"]);
    }

    #[test]
    fn sentence_split() {
        assert_eq!(
            sentences("Token generation works. Cache is not wired; see src/x.py for it"),
            [
                "Token generation works.",
                "Cache is not wired;",
                "see src/x.py for it"
            ]
        );
    }

    #[test]
    fn symbols_and_paths_helpers() {
        assert_eq!(bare_symbol("Note::parse").as_deref(), Some("parse"));
        assert_eq!(bare_symbol("rotate(t: str)").as_deref(), Some("rotate"));
        assert_eq!(bare_symbol("fn main").as_deref(), Some("main"));
        assert_eq!(bare_symbol("15 minutes"), None);
    }
}
