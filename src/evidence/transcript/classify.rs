//! What a shell command was (a test run, a check, something else) and whether it succeeded,
//! judged from the command line, the recorded exit status and the output. The traps are in
//! `shared/reference/parser-pitfalls.md`: an exit status belongs to the whole pipeline, not to the
//! test runner inside it.
//!
//! The command line is split with a small shell-aware lexer (quotes, here-docs and redirections
//! such as `2>&1` are respected) so that `git commit -m "… pnpm test …"`, `echo pytest`, or a
//! here-doc body are never mistaken for test runs, and so that the operator after the test
//! command is known.

use crate::evidence::test_results::{self, TestSummary};

/// The judgement on one command.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Verdict {
    /// The command runs tests.
    pub is_test: bool,
    /// The command is a check: typecheck, lint or build.
    pub is_check: bool,
    /// Counts read from the output, when it holds a recognisable test summary.
    pub tests: Option<TestSummary>,
    /// Success, when the evidence shows it; `None` when it cannot be known.
    pub ok: Option<bool>,
}

/// Judges one command from what the transcript recorded.
///
/// The exit status (or the format's error flag) is trusted for a test run or check only when
/// nothing but `&&` follows that command on the line: `pytest | head -30` exits with `head`'s
/// status, so its success is read from the output instead (and stays unknown without a summary).
pub fn judge(
    command: &str,
    exit_code: Option<i32>,
    is_error: Option<bool>,
    output: &str,
) -> Verdict {
    let line = parse(command);
    let test_at = line.segments.iter().rposition(|s| is_test_segment(s));
    let check_at = if test_at.is_none() {
        line.segments.iter().rposition(|s| is_check_segment(s))
    } else {
        None
    };
    let is_test = test_at.is_some();
    let is_check = check_at.is_some();
    let tests = if is_test {
        test_results::parse_output(output, None).map(|(_, s)| s)
    } else {
        None
    };
    let status_ok = match (exit_code, is_error) {
        (Some(code), _) => Some(code == 0),
        (None, Some(true)) => Some(false),
        (None, Some(false)) => Some(true),
        (None, None) => None,
    };
    let trusted = match test_at.or(check_at) {
        Some(i) => line.only_and_after(i),
        // `git clone … | head -20` exits with `head`'s status, which is always 0: a failure
        // can only come from a step before it (`a && b | head`). A search (`| grep x`) also
        // fails when it finds nothing, so its failure says nothing either.
        None => match line.final_filter() {
            None => true,
            Some(f) => status_ok == Some(false) && !SEARCH_FILTERS.contains(&f.as_str()),
        },
    };
    let status = if trusted { status_ok } else { None };
    let ok = match (&tests, status) {
        (Some(s), _) if s.failed > 0 => Some(false),
        (Some(s), None) if s.passed > 0 => Some(true),
        (Some(s), Some(true)) if s.passed > 0 => Some(true),
        // A runner that says "N failed" failed, whatever a later "M passed" line or a
        // pipeline's exit status claims (Playwright prints both).
        _ if is_test && reports_failures(output) => Some(false),
        // The status is not the command's own: the output is the only witness, and it
        // shows a failure (`fatal: …`, `error TS2339`) unless it is content being searched.
        _ if !trusted && !line.prints_content() && shows_failure(output) => Some(false),
        (_, status) => status,
    };
    Verdict {
        is_test,
        is_check,
        tests,
        ok,
    }
}

/// Programs that only pass text along: at the end of a pipeline the line's exit status is
/// theirs, not the producer's (`git clone … 2>&1 | head -20` exits 0 when the clone failed).
const PIPE_FILTERS: &[&str] = &[
    "head",
    "tail",
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "tee",
    "findstr",
    "select-string",
    "select-object",
    "sls",
    "more",
    "less",
    "sort",
    "uniq",
    "wc",
    "cut",
    "tr",
    "cat",
    "column",
    "out-string",
    "out-host",
];

/// Filters that also fail when they find nothing (`grep` exits 1 on no match).
const SEARCH_FILTERS: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "findstr",
    "select-string",
    "sls",
];

/// Producers whose output is content (a search result, a file, a log, a listing): an error
/// message in it is text found, not a failure of the command.
const CONTENT_PRINTERS: &[&str] = &[
    "grep",
    "egrep",
    "fgrep",
    "rg",
    "ag",
    "ack",
    "findstr",
    "select-string",
    "cat",
    "type",
    "get-content",
    "gc",
    "head",
    "tail",
    "less",
    "more",
    "find",
    "ls",
    "dir",
    "tree",
    "echo",
    "printf",
    "sed",
    "awk",
    "jq",
    "diff",
];

/// `git` subcommands that print content (history, diffs, file contents).
const GIT_CONTENT: &[&str] = &["log", "show", "diff", "grep", "blame", "cat-file", "reflog"];

/// Signs, line by line, that a command failed: what `fatal:`/`error:` lines, TypeScript's
/// `error TS2339`, runners' `FAILED` and Python tracebacks look like.
static FAILURE_SIGNS: std::sync::LazyLock<Vec<regex::Regex>> = std::sync::LazyLock::new(|| {
    [
        r"^\s*fatal:",
        r"^\s*(?:error|Error|ERROR)(?:\[[A-Z]?\d+\])?:",
        r"\berror TS\d+\b",
        r"^\s*npm (?:ERR!|error)",
        r"\bFAILED\b",
        r"^Traceback \(most recent call last\):",
        r"^(?:E\s+)?[A-Z][A-Za-z_.]*(?:Error|Exception): ",
        r": command not found$",
        r"is not recognized as an internal or external command",
    ]
    .iter()
    .map(|p| regex::Regex::new(p).expect("static"))
    .collect()
});

/// True when some output line shows a failure (see [`FAILURE_SIGNS`]).
fn shows_failure(output: &str) -> bool {
    output
        .lines()
        .any(|l| FAILURE_SIGNS.iter().any(|re| re.is_match(l)))
}

/// True when the output holds a runner summary line counting at least one failure
/// (`1 failed`, `Tests: 2 failed, 5 passed`, `=== 1 failed, 3 passed in 0.2s ===`).
fn reports_failures(output: &str) -> bool {
    output.lines().any(|line| {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == '=' || c == '(')
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(2).any(|w| {
            let count = w[0].trim_start_matches(|c: char| !c.is_ascii_digit());
            (w[1] == "failed" || w[1] == "failing")
                && !count.is_empty()
                && count.chars().all(|c| c.is_ascii_digit())
                && count.parse::<u64>().is_ok_and(|n| n > 0)
        })
    })
}

/// True when the command line runs a test suite (not the `test` builtin, not a commit message,
/// an `echo` or a here-doc that mentions one).
pub fn is_test_command(command: &str) -> bool {
    parse(command).segments.iter().any(|s| is_test_segment(s))
}

/// True when the command line is a typecheck, lint or build.
pub fn is_check_command(command: &str) -> bool {
    parse(command).segments.iter().any(|s| is_check_segment(s))
}

/// The part of a command line that judges the work: the test run (else the check) segment,
/// after any `cd` that chose where it ran — `go get x && go test ./...` and `go test ./...`
/// both give `go test ./...`, while `cd web && npm test` stays apart from `npm test`. `None` when
/// the line runs no test and no check. Lets a later run of the same suite supersede an earlier
/// one whose command line differed only in set-up steps.
pub fn judging_part(command: &str) -> Option<String> {
    let line = parse(command);
    let pick = line
        .segments
        .iter()
        .position(|s| is_test_segment(s))
        .or_else(|| line.segments.iter().position(|s| is_check_segment(s)))?;
    let mut words: Vec<&str> = Vec::new();
    for seg in &line.segments[..pick] {
        if seg.first().is_some_and(|w| w == "cd" || w == "pushd") {
            words.extend(seg.iter().map(String::as_str));
            words.push("&&");
        }
    }
    // Redirections (`2>&1`, `> out.txt`) say where output went, not what ran.
    let mut target_next = false;
    for w in &line.segments[pick] {
        let redirect = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
        if target_next {
            target_next = false;
        } else if redirect.starts_with('>') || redirect.starts_with('<') {
            target_next = matches!(redirect, ">" | ">>" | "<");
        } else {
            words.push(w);
        }
    }
    Some(words.join(" "))
}

/// How two simple commands are joined.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Sep {
    And,
    Or,
    Pipe,
    Seq,
    Background,
}

/// A command line split into simple commands (each a list of words, quoted words unquoted)
/// and the operators between them.
#[derive(Debug, Default)]
struct CommandLine {
    segments: Vec<Vec<String>>,
    /// `seps[i]` joins `segments[i]` and `segments[i + 1]`.
    seps: Vec<Sep>,
}

impl CommandLine {
    /// The text filter the line pipes into last (`… | head -20` → `head`), whose exit status is
    /// the line's.
    fn final_filter(&self) -> Option<String> {
        if self.seps.last() != Some(&Sep::Pipe) {
            return None;
        }
        let program = program_words(self.segments.last()?).into_iter().next()?;
        PIPE_FILTERS.contains(&program.as_str()).then_some(program)
    }

    /// True when the last pipeline's producer prints content (a search, a file, a log), so
    /// error messages in the output are text it found.
    fn prints_content(&self) -> bool {
        let start = self
            .seps
            .iter()
            .rposition(|s| *s != Sep::Pipe)
            .map_or(0, |i| i + 1);
        self.segments.get(start).is_some_and(|seg| {
            let w = program_words(seg);
            match w.first().map(String::as_str) {
                Some("git") => w
                    .get(1)
                    .is_some_and(|sub| GIT_CONTENT.contains(&sub.as_str())),
                Some(p) => CONTENT_PRINTERS.contains(&p),
                None => false,
            }
        })
    }

    /// True when every operator after segment `i` is `&&` (so the line's status is `i`'s own
    /// when it is non-zero, and zero only if `i` succeeded).
    fn only_and_after(&self, i: usize) -> bool {
        self.seps.iter().skip(i).all(|s| *s == Sep::And)
    }
}

/// Splits a shell (or PowerShell) command line. Quotes group words and hide operators; a
/// here-doc body is dropped; `2>&1`, `&>` and `>&` are redirections, not operators.
fn parse(command: &str) -> CommandLine {
    let mut line = CommandLine::default();
    let mut words: Vec<String> = Vec::new();
    let mut word = String::new();
    let mut in_word = false;
    let mut heredocs: Vec<(String, bool)> = Vec::new();
    let chars: Vec<char> = command.chars().collect();
    let mut i = 0;
    let flush_word = |word: &mut String, in_word: &mut bool, words: &mut Vec<String>| {
        if *in_word {
            words.push(std::mem::take(word));
            *in_word = false;
        }
    };
    let end_segment = |words: &mut Vec<String>, sep: Option<Sep>, line: &mut CommandLine| {
        if !words.is_empty() {
            line.segments.push(std::mem::take(words));
            if let Some(sep) = sep {
                line.seps.push(sep);
            }
        } else if let (Some(sep), Some(last)) = (sep, line.seps.last_mut()) {
            // An empty segment (`a ;; b`, a leading operator): keep the stronger separator.
            if *last == Sep::And {
                *last = sep;
            }
        }
    };
    while i < chars.len() {
        let c = chars[i];
        match c {
            '\'' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '\'' {
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '"' => {
                in_word = true;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    if chars[i] == '\\' && i + 1 < chars.len() {
                        i += 1;
                    }
                    word.push(chars[i]);
                    i += 1;
                }
            }
            '\\' if i + 1 < chars.len() => {
                if chars[i + 1] != '\n' {
                    in_word = true;
                    word.push(chars[i + 1]);
                }
                i += 1;
            }
            ' ' | '\t' | '\r' => flush_word(&mut word, &mut in_word, &mut words),
            '\n' => {
                flush_word(&mut word, &mut in_word, &mut words);
                if !heredocs.is_empty() {
                    // Skip here-doc bodies up to their terminators.
                    for (tag, dash) in std::mem::take(&mut heredocs) {
                        loop {
                            let start = i + 1;
                            let mut end = start;
                            while end < chars.len() && chars[end] != '\n' {
                                end += 1;
                            }
                            let body_line: String =
                                chars[start.min(chars.len())..end].iter().collect();
                            i = end;
                            let body_line = if dash {
                                body_line.trim_start().to_string()
                            } else {
                                body_line
                            };
                            if body_line.trim_end() == tag || end >= chars.len() {
                                break;
                            }
                        }
                    }
                }
                end_segment(&mut words, Some(Sep::Seq), &mut line);
            }
            ';' => {
                flush_word(&mut word, &mut in_word, &mut words);
                end_segment(&mut words, Some(Sep::Seq), &mut line);
            }
            '|' => {
                flush_word(&mut word, &mut in_word, &mut words);
                let sep = if chars.get(i + 1) == Some(&'|') {
                    i += 1;
                    Sep::Or
                } else {
                    Sep::Pipe
                };
                end_segment(&mut words, Some(sep), &mut line);
            }
            '&' => {
                let prev = if i > 0 { chars[i - 1] } else { ' ' };
                let next = chars.get(i + 1).copied();
                if prev == '>' || prev == '<' || next == Some('>') {
                    // Redirection (`2>&1`, `&>file`, `>&2`): part of the word.
                    in_word = true;
                    word.push(c);
                } else if next == Some('&') {
                    flush_word(&mut word, &mut in_word, &mut words);
                    i += 1;
                    end_segment(&mut words, Some(Sep::And), &mut line);
                } else {
                    flush_word(&mut word, &mut in_word, &mut words);
                    end_segment(&mut words, Some(Sep::Background), &mut line);
                }
            }
            '<' if chars.get(i + 1) == Some(&'<') && chars.get(i + 2) != Some(&'<') => {
                flush_word(&mut word, &mut in_word, &mut words);
                i += 2;
                let dash = chars.get(i) == Some(&'-');
                if dash {
                    i += 1;
                }
                while i < chars.len() && (chars[i] == ' ' || chars[i] == '\t') {
                    i += 1;
                }
                let mut tag = String::new();
                while i < chars.len() && !matches!(chars[i], ' ' | '\t' | '\n' | ';' | '|' | '&') {
                    if !matches!(chars[i], '\'' | '"') {
                        tag.push(chars[i]);
                    }
                    i += 1;
                }
                if !tag.is_empty() {
                    heredocs.push((tag, dash));
                }
                continue;
            }
            _ => {
                in_word = true;
                word.push(c);
            }
        }
        i += 1;
    }
    flush_word(&mut word, &mut in_word, &mut words);
    end_segment(&mut words, None, &mut line);
    // A trailing operator leaves one separator too many.
    line.seps.truncate(line.segments.len().saturating_sub(1));
    line
}

/// The words of a simple command after environment assignments and wrappers (`npx`, `sudo`,
/// `timeout 60`, `uv run`, `python -m`…), lowercased, with a path prefix removed from the
/// program (`./node_modules/.bin/jest` → `jest`).
fn program_words(seg: &[String]) -> Vec<String> {
    let mut words: Vec<String> = seg.iter().map(|w| w.to_lowercase()).collect();
    loop {
        let Some(first) = words.first().cloned() else {
            return words;
        };
        let drop = if first.contains('=') && !first.starts_with('-') && !first.starts_with('=') {
            1
        } else {
            match first.as_str() {
                "sudo" | "time" | "env" | "nice" | "command" | "exec" | "npx" | "bunx" | "pnpx"
                | "nohup" | "call" | "&" | "." => 1,
                "timeout" | "gtimeout" => {
                    // timeout [-s SIG] DURATION cmd
                    let mut n = 1;
                    while words.get(n).is_some_and(|w| w.starts_with('-')) {
                        n += 1;
                    }
                    n + 1
                }
                "uv" | "poetry" | "pipenv" | "hatch" | "pdm" | "rye"
                    if words.get(1).is_some_and(|w| w == "run") =>
                {
                    2
                }
                "pnpm" | "yarn" | "bun" | "npm"
                    if words
                        .get(1)
                        .is_some_and(|w| w == "exec" || w == "dlx" || w == "x") =>
                {
                    2
                }
                "python" | "python3" | "py" if words.get(1).is_some_and(|w| w == "-m") => 2,
                _ => 0,
            }
        };
        if drop == 0 {
            break;
        }
        words.drain(..drop.min(words.len()));
    }
    if let Some(first) = words.first_mut()
        && let Some(pos) = first.rfind(['/', '\\'])
    {
        *first = first[pos + 1..].to_string();
    }
    if let Some(first) = words.first_mut()
        && let Some(stem) = first
            .strip_suffix(".exe")
            .or_else(|| first.strip_suffix(".cmd"))
    {
        *first = stem.to_string();
    }
    words
}

/// The script a package manager runs: `pnpm --filter web test` → `test`,
/// `npm run build -- --x` → `build`, `yarn workspace app lint` → `lint`.
fn script_name(w: &[String]) -> Option<&str> {
    let mut i = 1;
    while let Some(x) = w.get(i) {
        match x.as_str() {
            "--filter" | "-f" | "-c" | "--prefix" | "--dir" | "-w" | "--workspace" | "--cwd" => {
                i += 2
            }
            "run" | "run-script" | "rs" => i += 1,
            "workspace" => i += 2,
            _ if x.starts_with('-') => i += 1,
            _ => return Some(x),
        }
    }
    None
}

/// Words after the program that are not flags (`pnpm --filter web test` → `web`, `test`).
fn is_script_word(w: &str, names: &[&str]) -> bool {
    names.iter().any(|n| {
        w == *n
            || w.strip_prefix(n)
                .is_some_and(|rest| rest.starts_with(':') || rest.starts_with('-'))
    })
}

fn is_test_segment(seg: &[String]) -> bool {
    let w = program_words(seg);
    let Some(prog) = w.first().map(String::as_str) else {
        return false;
    };
    let second = w.get(1).map(String::as_str).unwrap_or("");
    match prog {
        "pytest" | "py.test" | "jest" | "vitest" | "mocha" | "rspec" | "phpunit" | "ctest"
        | "tox" | "nox" | "ava" | "karma" | "nextest" | "unittest" | "cypress" => {
            prog != "cypress" || second == "run"
        }
        "cargo" => matches!(second, "test" | "nextest" | "t"),
        "go" | "dotnet" | "swift" | "deno" | "mix" | "forge" | "hardhat" | "bun" | "zig"
        | "gradle" | "gradlew" | "mvn" | "mvnw" | "playwright" | "truffle" | "anchor"
        | "flutter" | "dart" => second == "test" || (prog.starts_with("mvn") && second == "verify"),
        "npm" | "pnpm" | "yarn" => {
            script_name(&w).is_some_and(|x| is_script_word(x, &["test", "e2e"]))
        }
        "make" | "just" => w[1..]
            .iter()
            .any(|x| is_script_word(x, &["test", "tests", "check-test"])),
        "python" | "python3" => w.iter().any(|x| x == "manage.py") && w.iter().any(|x| x == "test"),
        "rake" | "bundle" => w.iter().any(|x| x == "test" || x == "spec"),
        _ => false,
    }
}

fn is_check_segment(seg: &[String]) -> bool {
    let w = program_words(seg);
    let Some(prog) = w.first().map(String::as_str) else {
        return false;
    };
    let second = w.get(1).map(String::as_str).unwrap_or("");
    match prog {
        "tsc" | "vue-tsc" | "mypy" | "pyright" | "eslint" | "ruff" | "flake8" | "pylint"
        | "biome" | "golangci-lint" | "shellcheck" | "stylelint" | "black" | "oxlint" => true,
        // Syntax checks: `python -m py_compile a.py` (the `-m` is dropped above),
        // `node --check a.js`.
        "py_compile" | "compileall" => true,
        "node" => w[1..].iter().any(|x| x == "--check" || x == "-c"),
        "prettier" => w.iter().any(|x| x == "--check" || x == "-c"),
        "cargo" => {
            matches!(second, "check" | "build" | "clippy" | "b" | "c")
                || (second == "fmt" && w.iter().any(|x| x == "--check"))
        }
        "go" => matches!(second, "vet" | "build"),
        "next" | "vite" | "webpack" | "astro" | "nuxt" => second == "build",
        "hardhat" | "forge" | "truffle" | "anchor" => matches!(second, "compile" | "build"),
        "make" => !w[1..]
            .iter()
            .any(|x| x.contains("test") || x == "clean" || x == "install"),
        "npm" | "pnpm" | "yarn" | "bun" => script_name(&w).is_some_and(|x| {
            is_script_word(
                x,
                &[
                    "build",
                    "lint",
                    "typecheck",
                    "type-check",
                    "check",
                    "tsc",
                    "compile",
                ],
            )
        }),
        "dotnet" | "mvn" | "gradle" | "gradlew" => matches!(second, "build" | "compile"),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn judging_part_drops_set_up_steps_but_keeps_the_directory() {
        assert_eq!(
            judging_part("go get github.com/x/y && go test ./...").as_deref(),
            Some("go test ./...")
        );
        assert_eq!(
            judging_part("cd web && npm test 2>&1 | tail -5").as_deref(),
            Some("cd web && npm test")
        );
        assert_eq!(
            judging_part("npx tsc --noEmit").as_deref(),
            Some("npx tsc --noEmit")
        );
        assert_eq!(judging_part("ls -la"), None);
    }

    #[test]
    fn recognises_test_runs_and_checks() {
        assert!(is_test_command("cd app && pytest -q tests/"));
        assert!(is_test_command("npx hardhat test"));
        assert!(is_test_command("CI=1 pnpm --filter web test"));
        assert!(is_test_command("npm run test:unit -- --watch=false"));
        assert!(is_test_command("uv run pytest -x"));
        assert!(is_test_command("python -m pytest tests"));
        assert!(is_test_command("./node_modules/.bin/jest src"));
        assert!(is_test_command("npx playwright test e2e/"));
        assert!(is_test_command("cargo test --lib"));
        assert!(is_test_command("go test ./..."));
        assert!(is_check_command("npx tsc --noEmit"));
        assert!(is_check_command("pnpm run build"));
        assert!(is_check_command("npx next build"));
        assert!(is_check_command(
            "cargo clippy --all-targets -- -D warnings"
        ));
        assert!(is_check_command("npx hardhat compile"));
        assert!(!is_check_command("ls -la"));
        assert!(!is_check_command("npm install"));
        assert!(is_check_command("node --check scripts/release.js"));
        assert!(is_check_command("node -c a.js"));
        assert!(is_check_command("python -m py_compile tools/gen.py"));
        assert!(is_check_command("python3 -m py_compile a.py && echo ok"));
        assert!(is_check_command("python -m compileall src"));
        assert!(!is_check_command("node scripts/release.js"));
        assert!(!is_check_command("python tools/gen.py"));
    }

    #[test]
    fn builtins_and_quoted_mentions_are_not_test_runs() {
        // The shell builtin and PowerShell's Test-Path.
        assert!(!is_test_command("test -f Cargo.toml && echo yes"));
        assert!(!is_test_command("[ -d node_modules ] || test -e x"));
        assert!(!is_test_command(
            "if (Test-Path .\\package.json) { Get-Content package.json }"
        ));
        // A commit message or an echo that mentions a runner.
        assert!(!is_test_command(
            "git add -A && git commit -m \"fix: make pnpm test pass again\""
        ));
        assert!(!is_test_command("git commit -m 'run pytest in CI'"));
        assert!(!is_test_command("echo \"now run: cargo test\""));
        assert!(!is_test_command("echo pnpm test"));
        // A here-doc body.
        assert!(!is_test_command(
            "cat > notes.md <<'EOF'\nRun pnpm test before pushing.\npytest -q\nEOF"
        ));
        assert!(!is_test_command(
            "git commit -F - <<EOF\nci: run pnpm test\nEOF\ngit log -1"
        ));
        // …but a real run after the here-doc still counts.
        assert!(is_test_command("cat > a.txt <<EOF\nhi\nEOF\npytest -q"));
        // Words that merely contain a runner name.
        assert!(!is_test_command(
            "npm install --save-dev test-utils jest-dom"
        ));
        assert!(!is_test_command("grep -rn pytest ."));
    }

    #[test]
    fn exit_status_decides_when_output_says_nothing() {
        assert_eq!(judge("ls", Some(0), None, "").ok, Some(true));
        assert_eq!(judge("ls", Some(2), None, "").ok, Some(false));
        assert_eq!(judge("ls", None, Some(true), "").ok, Some(false));
        assert_eq!(judge("ls", None, Some(false), "").ok, Some(true));
        assert_eq!(judge("ls", None, None, "").ok, None);
    }

    #[test]
    fn pipeline_status_is_not_the_test_runs_own() {
        // `head` exits 0 even though pytest hit a collection error: the status says nothing,
        // the output shows the failure.
        let out = "ImportError while importing test module 'tests/test_a.py'.\nE   ModuleNotFoundError: No module named 'a'";
        let v = judge("pytest tests/ 2>&1 | head -30", Some(0), None, out);
        assert!(v.is_test);
        assert_eq!(v.ok, Some(false));
        // Same with the format's success flag instead of a code (Claude Code records none).
        assert_eq!(
            judge("pytest -q | tail -5", None, Some(false), out).ok,
            Some(false)
        );
        // No summary and no failure shown: unknown.
        assert_eq!(
            judge("pytest -q | tail -5", Some(0), None, "collecting ...").ok,
            None
        );
        // `tsc … | findstr error` exits 0 exactly when errors were found: a failed check.
        let v = judge(
            "npx tsc --noEmit | findstr error",
            Some(0),
            None,
            "a.ts(1,1): error TS2304: Cannot find name 'x'.",
        );
        assert!(v.is_check);
        assert_eq!(v.ok, Some(false));
        // …and with no error shown, unknown (findstr exits 1 when it finds nothing).
        assert_eq!(
            judge("npx tsc --noEmit | findstr error", Some(1), None, "").ok,
            None
        );
        // `|| true` hides the status too.
        assert_eq!(judge("cargo test || true", Some(0), None, "").ok, None);
        // `;` after the test: the status is the last command's.
        assert_eq!(judge("pytest; echo done", Some(0), None, "").ok, None);
    }

    #[test]
    fn a_pipe_into_a_filter_hides_the_status_and_the_output_judges() {
        // The clone failed; `head` exited 0 (Claude Code's is_error is false).
        let v = judge(
            "git clone https://github.com/x/pup.git 2>&1 | head -20",
            None,
            Some(false),
            "fatal: destination path 'pup' already exists and is not an empty directory.",
        );
        assert_eq!(v.ok, Some(false));
        // No failure shown: unknown, never ok.
        let v = judge(
            "git clone https://github.com/x/pup.git 2>&1 | head -20",
            Some(0),
            None,
            "Cloning into 'pup'...",
        );
        assert_eq!(v.ok, None);
        for (cmd, out) in [
            (
                "pnpm build 2>&1 | tail -5",
                "src/a.ts:3:7 - error TS2339: Property 'x' does not exist",
            ),
            (
                "npx tsc --noEmit 2>&1 | grep error",
                "src/a.ts(3,7): error TS2339: Property 'x'",
            ),
            (
                "cargo build 2>&1 | tee build.log",
                "error[E0425]: cannot find value `x` in this scope",
            ),
            (
                "python manage.py migrate | tail -3",
                "Traceback (most recent call last):",
            ),
            (
                "./deploy.sh | Select-Object -First 20",
                "Error: bucket not found",
            ),
            (
                "cargo test 2>&1 | tail -3",
                "test result: FAILED. 1 passed; 1 failed",
            ),
        ] {
            assert_eq!(judge(cmd, Some(0), None, out).ok, Some(false), "{cmd}");
        }
        // A search whose results mention errors is not a failure.
        assert_eq!(
            judge(
                "grep -rn \"Error:\" src | head -20",
                Some(0),
                None,
                "src/a.ts:3: throw new Error: x"
            )
            .ok,
            None
        );
        assert_eq!(
            judge(
                "git log --oneline | grep fix",
                Some(0),
                None,
                "abc fix: FAILED build"
            )
            .ok,
            None
        );
        // A pipe into a program that does the work keeps its status.
        assert_eq!(
            judge("echo 'x' | python check.py", Some(0), None, "").ok,
            Some(true)
        );
        // `head` never fails: a failure came from a step before it.
        assert_eq!(
            judge(
                "pnpm --version && cat package.json | head -5",
                Some(1),
                None,
                ""
            )
            .ok,
            Some(false)
        );
        // `grep` fails when it finds nothing: that says nothing of the producer.
        assert_eq!(judge("npm ls | grep react", Some(1), None, "").ok, None);
        // Without a pipe the recorded status is the command's own.
        assert_eq!(judge("git status", Some(0), None, "").ok, Some(true));
    }

    #[test]
    fn and_chains_keep_the_status() {
        assert_eq!(
            judge("cd web && pnpm test", Some(1), None, "").ok,
            Some(false)
        );
        assert_eq!(
            judge("cd web && pnpm test && echo ok", Some(0), None, "").ok,
            Some(true)
        );
        // Commands before the test do not matter, whatever joins them.
        assert_eq!(
            judge(
                "source .venv/bin/activate; pytest -q 2>&1",
                Some(0),
                None,
                ""
            )
            .ok,
            Some(true)
        );
        // `2>&1` is a redirection, not a background operator.
        assert_eq!(
            judge("cargo test 2>&1", Some(101), None, "").ok,
            Some(false)
        );
        assert_eq!(
            judge("cargo test &> out.log", Some(0), None, "").ok,
            Some(true)
        );
    }

    #[test]
    fn playwright_failed_then_passed_is_a_failure() {
        // Playwright prints the failure count first and the pass count on a later line; the
        // piped exit status is `tail`'s. Holds with or without a real output parser, because a
        // parsed summary with failures also yields `Some(false)`.
        let out = "Running 5 tests using 2 workers\n  ✘  1 [chromium] › login.spec.ts:12:5 › logs in (3.1s)\n\n  1 failed\n    [chromium] › login.spec.ts:12:5 › logs in\n  4 passed (9.2s)\n";
        let v = judge("npx playwright test 2>&1 | tail -20", Some(0), None, out);
        assert!(v.is_test);
        assert_eq!(v.ok, Some(false));
        // Even when the status claims success directly.
        assert_eq!(
            judge("npx playwright test", Some(0), None, out).ok,
            Some(false)
        );
        // `0 failed` is no failure.
        assert_eq!(
            judge(
                "npx vitest run",
                Some(0),
                None,
                "Tests  0 failed | 12 passed"
            )
            .ok,
            Some(true)
        );
    }

    #[test]
    fn lexer_splits_operators_outside_quotes() {
        let l = parse("a 'b && c' | d && e; f || g & h");
        let words: Vec<&str> = l.segments.iter().map(|s| s[0].as_str()).collect();
        assert_eq!(words, ["a", "d", "e", "f", "g", "h"]);
        assert_eq!(
            l.seps,
            [Sep::Pipe, Sep::And, Sep::Seq, Sep::Or, Sep::Background]
        );
        assert_eq!(l.segments[0][1], "b && c");
        let l = parse("pytest &&");
        assert!(l.seps.is_empty());
    }
}
