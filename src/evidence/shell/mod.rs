//! Shell command lines, read once for every stage: split into simple commands ([`lexer`]),
//! recognised as test runs and checks ([`runners`], the one table), reduced to what they run
//! ([`normalise`]: the identity of a check) and matched against each other ([`commands_match`]).
//!
//! The transcript readers use it to mark commands, the drafter to group runs of the same check,
//! the validator to find the runs a claim names.

pub(crate) mod lexer;
pub(crate) mod runners;

pub(crate) use runners::{Family, Judges};

use lexer::{CommandLine, Sep};

/// What a command line runs, with the set-up around it removed: the directory a `cd DIR &&`
/// (or `pushd`) chose, and the command itself without environment assignments, wrappers
/// (`npx`, `pnpm exec`, `python -m`, `uv run`, `sudo`, `timeout 60`…), redirections (`2>&1`,
/// `> out.log`) and the filters it was piped into (`| tail -20`, `| grep x`, `| tee log`). Two
/// runs of the same check have the same identity, so a later pass supersedes an earlier failure.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct CheckIdentity {
    /// The directory a leading `cd` moved to, as written (`None`: where the session was).
    pub dir: Option<String>,
    /// The command's words, joined by one space (arguments keep their case).
    pub command: String,
}

impl std::fmt::Display for CheckIdentity {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match &self.dir {
            Some(dir) => write!(f, "cd {dir} && {}", self.command),
            None => f.write_str(&self.command),
        }
    }
}

/// Programs that only pass text along (filter, page, count): at the end of a pipeline the
/// line's exit status is theirs, not the producer's (`git clone … 2>&1 | head -20` exits 0 when
/// the clone failed), and a pipe into one does not change what ran.
const OUTPUT_FILTERS: &[&str] = &[
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

/// The text filter the line pipes into last (`… | head -20` → `head`), whose exit status is the
/// line's.
pub(crate) fn final_filter(line: &CommandLine) -> Option<String> {
    if line.seps.last() != Some(&Sep::Pipe) {
        return None;
    }
    let program = program_words(line.segments.last()?).into_iter().next()?;
    OUTPUT_FILTERS
        .contains(&program.as_str())
        .then_some(program)
}

/// Whether a filter also fails when it finds nothing (so its failure says nothing).
pub(crate) fn is_search_filter(program: &str) -> bool {
    SEARCH_FILTERS.contains(&program)
}

/// True when the last pipeline's producer prints content (a search, a file, a log), so error
/// messages in the output are text it found.
pub(crate) fn prints_content(line: &CommandLine) -> bool {
    let start = line
        .seps
        .iter()
        .rposition(|s| *s != Sep::Pipe)
        .map_or(0, |i| i + 1);
    line.segments.get(start).is_some_and(|seg| {
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

/// Words that run the next word: dropped before the program (`npx jest` → `jest`).
const WRAPPERS: &[&str] = &[
    "sudo", "time", "env", "nice", "command", "exec", "npx", "bunx", "pnpx", "uvx", "nohup",
    "call", "&", ".",
];

/// Programs whose subcommand runs the next word (`uv run pytest` → `pytest`).
const RUNNING_SUBCOMMANDS: &[(&[&str], &[&str])] = &[
    (&["uv", "poetry", "pipenv", "hatch", "pdm", "rye"], &["run"]),
    (&["pnpm", "yarn", "bun", "npm"], &["exec", "dlx", "x"]),
    (&["python", "python3", "py"], &["-m"]),
    (&["bundle"], &["exec"]),
];

/// How many leading words of `words` are set-up rather than the program: environment
/// assignments and wrappers, repeatedly.
fn wrapper_len(words: &[String]) -> usize {
    let mut i = 0;
    loop {
        let Some(first) = words.get(i) else {
            return i;
        };
        let first = lowercase(first);
        let drop = if is_assignment(&first) || WRAPPERS.contains(&first.as_ref()) {
            1
        } else if first == "timeout" || first == "gtimeout" {
            // timeout [-s SIG] DURATION cmd
            let mut n = 1;
            while words.get(i + n).is_some_and(|w| w.starts_with('-')) {
                n += 1;
            }
            n + 1
        } else {
            let sub = words.get(i + 1).map(|w| lowercase(w));
            let runs = RUNNING_SUBCOMMANDS.iter().any(|(progs, subs)| {
                progs.contains(&first.as_ref()) && sub.as_deref().is_some_and(|s| subs.contains(&s))
            });
            if runs { 2 } else { 0 }
        };
        if drop == 0 {
            return i;
        }
        i = (i + drop).min(words.len());
    }
}

/// `word` lowercased, borrowed when it has no upper case (most words): the wrapper and runner
/// tables are read for every word of every command.
fn lowercase(word: &str) -> std::borrow::Cow<'_, str> {
    if word
        .bytes()
        .all(|b| b.is_ascii() && !b.is_ascii_uppercase())
    {
        std::borrow::Cow::Borrowed(word)
    } else {
        std::borrow::Cow::Owned(word.to_lowercase())
    }
}

/// `NAME=value` (not a flag, not `=x`).
fn is_assignment(word: &str) -> bool {
    word.split_once('=').is_some_and(|(k, _)| {
        !k.is_empty()
            && !k.starts_with('-')
            && k.chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
    })
}

/// The program with its path and `.exe`/`.cmd` suffix removed (`./node_modules/.bin/jest` →
/// `jest`).
fn program_name(word: &str) -> &str {
    let base = word.rsplit(['/', '\\']).next().unwrap_or(word);
    base.strip_suffix(".exe")
        .or_else(|| base.strip_suffix(".cmd"))
        .unwrap_or(base)
}

/// The words of a simple command after environment assignments and wrappers, lowercased, the
/// program without its path: what the runner table reads.
pub(crate) fn program_words(seg: &[String]) -> Vec<String> {
    let mut words: Vec<String> = seg[wrapper_len(seg)..]
        .iter()
        .map(|w| w.to_lowercase())
        .collect();
    if let Some(first) = words.first_mut() {
        *first = program_name(first).to_string();
    }
    words
}

/// The words of a simple command as they ran: without set-up words and redirections, the
/// program without its path, arguments in their own case.
fn command_words(seg: &[String]) -> Vec<&str> {
    let mut out: Vec<&str> = Vec::new();
    let mut target_next = false;
    for w in &seg[wrapper_len(seg)..] {
        let redirect = w.trim_start_matches(|c: char| c.is_ascii_digit() || c == '&');
        if target_next {
            target_next = false;
        } else if redirect.starts_with('>') || redirect.starts_with('<') {
            target_next = matches!(redirect, ">" | ">>" | "<");
        } else if out.is_empty() {
            out.push(program_name(w));
        } else {
            out.push(w);
        }
    }
    out
}

/// The words of the line's first simple command after set-up words (environment assignments,
/// wrappers), as written: `CI=1 npx jest --ci && x` → `jest`, `--ci`.
pub(crate) fn first_command_words(command: &str) -> Vec<String> {
    let line = lexer::parse(command);
    let Some(seg) = line.segments.first() else {
        return Vec::new();
    };
    seg[wrapper_len(seg)..].to_vec()
}

/// What one simple command judges (test run or check), if anything.
fn segment_judges(seg: &[String]) -> Option<Judges> {
    // Most commands run no runner: their program, read without lowercasing every word, says so.
    let program = seg.get(wrapper_len(seg))?;
    if !runners::is_runner(program_name(&lowercase(program))) {
        return None;
    }
    runners::judges(&program_words(seg))
}

fn is_cd(seg: &[String]) -> bool {
    seg.first().is_some_and(|w| w == "cd" || w == "pushd")
}

/// The segment that says what the line does: the first test run, else the first check, else
/// the last segment that is neither a `cd` nor a filter piped into.
fn main_segment(read: &ReadLine) -> Option<usize> {
    let (line, judges) = (&read.line, &read.judges);
    let segs = &line.segments;
    judges
        .iter()
        .position(|j| matches!(j, Some(Judges::Test(_))))
        .or_else(|| judges.iter().position(Option::is_some))
        .or_else(|| {
            (0..segs.len()).rev().find(|&i| {
                let piped_into = i > 0 && line.seps.get(i - 1) == Some(&Sep::Pipe);
                let filter = piped_into
                    && program_words(&segs[i])
                        .first()
                        .is_some_and(|p| OUTPUT_FILTERS.contains(&p.as_str()));
                // `cmd; echo "exit=$?"` reports on `cmd`: the echo is not what the line runs.
                let report = i > 0
                    && program_words(&segs[i])
                        .first()
                        .is_some_and(|p| p == "echo" || p == "printf");
                !is_cd(&segs[i]) && !filter && !report
            })
        })
}

/// Set-up programs: a segment running one says least about what the line did, so a long line
/// is shortened there first.
const SETUP_PROGRAMS: &[&str] = &[
    "cd", "pushd", "popd", "export", "set", "source", ".", "unset", "env", "echo", "printf",
];

/// Separators a command line is cut into for shortening, longest first.
const SEPARATORS: &[&str] = &[" && ", " || ", " | ", "; ", "\n"];

/// A command line as one line of at most about `max_chars` characters that keeps the program of
/// every segment: lines are joined with `; `, and when it is still too long the middle of the
/// least informative segment is elided (set-up such as `cd DIR`, `export X=…` and output
/// filters first, then the longest segment), never its first word. Never cut inside a secret.
pub(crate) fn shorten_command(command: &str, max_chars: usize) -> String {
    // Lines joined: a continued line (`\\`, or ending in an operator) with a space, others as
    // separate commands.
    let mut joined = String::new();
    let mut continued = true;
    for l in command.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if !continued {
            joined.push('\n');
        } else if !joined.is_empty() {
            joined.push(' ');
        }
        let body = l.trim_end_matches('\\').trim_end();
        continued = l.ends_with('\\') || ["&&", "||", "|"].iter().any(|op| body.ends_with(op));
        joined.push_str(body);
    }
    let flat = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    // Segments with the separator that follows each.
    let mut segs: Vec<(String, &str)> = Vec::new();
    let mut rest = joined.as_str();
    loop {
        let next = SEPARATORS
            .iter()
            .filter_map(|sep| rest.find(sep).map(|i| (i, *sep)))
            .min_by_key(|(i, sep)| (*i, std::cmp::Reverse(sep.len())));
        match next {
            Some((i, sep)) => {
                segs.push((flat(&rest[..i]), if sep == "\n" { "; " } else { sep }));
                rest = &rest[i + sep.len()..];
            }
            None => {
                segs.push((flat(rest), ""));
                break;
            }
        }
    }
    segs.retain(|(s, _)| !s.is_empty());
    let render = |segs: &[(String, &str)]| {
        let mut out = String::new();
        for (i, (s, sep)) in segs.iter().enumerate() {
            out.push_str(s);
            if i + 1 < segs.len() {
                out.push_str(sep);
            }
        }
        out
    };
    let len = |segs: &[(String, &str)]| render(segs).chars().count();
    // Set-up, or an output filter piped into.
    fn setup(segs: &[(String, &str)], i: usize) -> bool {
        let program = segs[i].0.split(' ').next().unwrap_or("");
        SETUP_PROGRAMS.contains(&program)
            || (i > 0 && segs[i - 1].1 == " | " && OUTPUT_FILTERS.contains(&program_name(program)))
    }
    // The shortest a segment is cut to: its program and a little of each end.
    const MIN_SEGMENT: usize = 16;
    for pass in 0..2 {
        loop {
            let over = len(&segs).saturating_sub(max_chars);
            if over == 0 {
                return render(&segs);
            }
            let victim = segs
                .iter()
                .enumerate()
                .filter(|(i, (s, _))| {
                    (pass == 1 || setup(&segs, *i)) && s.chars().count() > MIN_SEGMENT
                })
                .max_by_key(|(_, (s, _))| s.chars().count())
                .map(|(i, _)| i);
            let Some(i) = victim else { break };
            let s = &segs[i].0;
            let n = s.chars().count();
            let program = s.split(' ').next().unwrap_or("").chars().count();
            let target = n.saturating_sub(over).max(MIN_SEGMENT).max(program + 2);
            let cut = crate::redact::elide_middle(s, target, program.max(target / 2)).into_owned();
            if cut.chars().count() >= n {
                break;
            }
            segs[i].0 = cut;
        }
    }
    crate::redact::elide_middle(&render(&segs), max_chars, max_chars / 2).into_owned()
}

/// A command line split ([`lexer::parse`]) with what each of its simple commands judges
/// ([`runners::judges`]), each judged once.
#[derive(Debug, Clone, Default)]
pub(crate) struct ReadLine {
    /// The simple commands and the operators between them.
    pub line: CommandLine,
    /// `judges[i]`: what `line.segments[i]` judges, if anything.
    pub judges: Vec<Option<Judges>>,
}

impl ReadLine {
    /// Splits `command` and judges each simple command.
    pub(crate) fn new(command: &str) -> ReadLine {
        ReadLine::of(lexer::parse(command))
    }

    fn of(line: CommandLine) -> ReadLine {
        let judges = line.segments.iter().map(|s| segment_judges(s)).collect();
        ReadLine { line, judges }
    }

    /// True when one of its simple commands runs a test suite ([`is_test_command`]).
    pub(crate) fn runs_test(&self) -> bool {
        self.judges
            .iter()
            .any(|j| matches!(j, Some(Judges::Test(_))))
    }

    /// True when one of its simple commands is a typecheck, lint or build
    /// ([`is_check_command`]).
    pub(crate) fn runs_check(&self) -> bool {
        self.judges.contains(&Some(Judges::Check))
    }
}

/// One command line read once for every rule that judges it: the line as written, the line a
/// shell wrapper runs ([`unwrap_shell`]), the line that runs without a `$ ` prompt (what
/// [`normalise`], [`segment_commands`] and [`changes_state`] read), and its identity and simple
/// commands. Each distinct text is split once; most lines are one text.
#[derive(Debug, Clone, Default)]
pub(crate) struct ParsedCommand {
    written: ReadLine,
    /// `unwrap_shell(command)`, when that is another text.
    unwrapped: Option<ReadLine>,
    /// `unwrap_shell(command).trim().trim_start_matches("$ ")`, when that is another text than
    /// `unwrap_shell(command)`.
    run: Option<ReadLine>,
    /// What the line runs ([`normalise`]).
    pub identity: CheckIdentity,
    /// Its simple commands as they ran ([`segment_commands`]).
    pub segments: Segments,
}

impl ParsedCommand {
    /// Reads `command` once.
    pub(crate) fn new(command: &str) -> ParsedCommand {
        let written = ReadLine::new(command);
        let bare = command.trim().trim_start_matches("$ ");
        let bare_line = (bare != command).then(|| lexer::parse(bare));
        let inner = shell_argument(bare_line.as_ref().unwrap_or(&written.line));
        let (unwrapped, run) = match inner {
            Some(inner) if inner != command => {
                let run_text = inner.trim().trim_start_matches("$ ");
                let run = (run_text != inner).then(|| ReadLine::new(run_text));
                (Some(ReadLine::new(&inner)), run)
            }
            // No wrapper: `unwrap_shell` is the line itself, and what runs is the bare line.
            _ => (None, bare_line.map(ReadLine::of)),
        };
        let mut parsed = ParsedCommand {
            written,
            unwrapped,
            run,
            ..ParsedCommand::default()
        };
        parsed.identity = identity_of(parsed.run());
        parsed.segments = Segments::of(&parsed.run().line);
        parsed
    }

    /// The line as written.
    pub(crate) fn written(&self) -> &ReadLine {
        &self.written
    }

    /// The line a shell wrapper runs, else the line as written ([`unwrap_shell`]).
    pub(crate) fn unwrapped(&self) -> &ReadLine {
        self.unwrapped.as_ref().unwrap_or(&self.written)
    }

    /// The line that runs, without a shell wrapper and a `$ ` prompt.
    pub(crate) fn run(&self) -> &ReadLine {
        self.run.as_ref().unwrap_or_else(|| self.unwrapped())
    }
}

/// Shells that run their `-c` argument (`bash -lc 'pytest -q'`, `zsh -c "…"`).
const SHELLS: &[&str] = &["sh", "bash", "zsh", "dash", "ksh", "fish"];

/// The command line a shell wrapper runs (`zsh -lc 'source ~/.zshrc; opencode models x'` →
/// `source ~/.zshrc; opencode models x`); the line itself when it is no such wrapper.
pub(crate) fn unwrap_shell(command: &str) -> std::borrow::Cow<'_, str> {
    match shell_argument(&lexer::parse(command.trim().trim_start_matches("$ "))) {
        Some(inner) => std::borrow::Cow::Owned(inner),
        None => std::borrow::Cow::Borrowed(command),
    }
}

/// The `-c` argument of a line that is one shell wrapper (`bash -lc '…'`).
fn shell_argument(line: &CommandLine) -> Option<String> {
    if let [seg] = line.segments.as_slice() {
        let words = program_words(seg);
        let start = wrapper_len(seg);
        if words.first().is_some_and(|p| SHELLS.contains(&p.as_str()))
            && let Some(flag) = seg.get(start + 1)
            && flag.starts_with('-')
            && !flag.starts_with("--")
            && flag.contains('c')
            && let Some(inner) = seg.get(start + 2)
        {
            return Some(inner.clone());
        }
    }
    None
}

/// The identity of what `command` runs (see [`CheckIdentity`]).
pub(crate) fn normalise(command: &str) -> CheckIdentity {
    let command = unwrap_shell(command);
    identity_of(&ReadLine::new(command.trim().trim_start_matches("$ ")))
}

/// The identity of what a line runs (see [`normalise`]).
fn identity_of(read: &ReadLine) -> CheckIdentity {
    let line = &read.line;
    let Some(pick) = main_segment(read) else {
        return CheckIdentity::default();
    };
    let mut dir: Option<String> = None;
    for seg in line.segments[..pick].iter().filter(|s| is_cd(s)) {
        let to = seg.get(1).map(|d| d.trim_end_matches('/')).unwrap_or("~");
        dir = Some(match dir {
            Some(d) if !to.starts_with(['/', '~']) && !to.contains(':') => format!("{d}/{to}"),
            _ => to.to_string(),
        });
    }
    CheckIdentity {
        dir,
        command: command_words(&line.segments[pick]).join(" "),
    }
}

/// True when the command line runs a test suite (not the `test` builtin, not a commit message,
/// an `echo` or a here-doc that mentions one).
#[cfg(test)]
pub(crate) fn is_test_command(command: &str) -> bool {
    ReadLine::new(command).runs_test()
}

/// True when the command line is a typecheck, lint or build.
#[cfg(test)]
pub(crate) fn is_check_command(command: &str) -> bool {
    ReadLine::new(command).runs_check()
}

/// Where the line's test run (else its check) is, and what it judges: `(index, judges)` of the
/// last such segment, for reading the line's exit status.
pub(crate) fn judging_segment(line: &CommandLine) -> Option<(usize, Judges)> {
    let find = |want: fn(Judges) -> bool| {
        line.segments
            .iter()
            .enumerate()
            .rev()
            .find_map(|(i, s)| segment_judges(s).filter(|j| want(*j)).map(|j| (i, j)))
    };
    find(|j| matches!(j, Judges::Test(_))).or_else(|| find(|j| j == Judges::Check))
}

/// The test-runner family of a command line; `None` when it runs no tests.
pub(crate) fn test_family(command: &str) -> Option<Family> {
    lexer::parse(command.trim().trim_start_matches("$ "))
        .segments
        .iter()
        .find_map(|s| match segment_judges(s) {
            Some(Judges::Test(f)) => Some(f),
            _ => None,
        })
}

/// Programs that only look, besides the [`CONTENT_PRINTERS`] (of which `sed` and `awk` only
/// without in-place editing): running one again changes nothing, when no output is redirected
/// into a file.
const LOOKS_ONLY: &[&str] = &[
    "wc",
    "stat",
    "file",
    "du",
    "df",
    "pwd",
    "which",
    "whereis",
    "cd",
    "pushd",
    "true",
    "date",
    "uname",
    "whoami",
    "env",
    "printenv",
    "get-childitem",
    "sls",
    "sort",
    "uniq",
    "cut",
    "tr",
    "basename",
    "dirname",
    "realpath",
    "readlink",
    "sha256sum",
    "shasum",
    "md5sum",
    "ps",
    "lsof",
];

/// `git` subcommands that only look.
const GIT_LOOKS_ONLY: &[&str] = &[
    "status",
    "log",
    "show",
    "diff",
    "grep",
    "blame",
    "cat-file",
    "reflog",
    "rev-parse",
    "ls-files",
    "shortlog",
    "describe",
];

/// True when running the command line again could change something (a commit, a push, a copy,
/// a script, an install): its result is then read from what it left, never by running it
/// again. Tests, builds and checks, and programs that only look, are safe to repeat.
pub(crate) fn changes_state(command: &str) -> bool {
    line_changes_state(&ReadLine::new(
        unwrap_shell(command).trim().trim_start_matches("$ "),
    ))
}

/// [`changes_state`] of a split line.
fn line_changes_state(read: &ReadLine) -> bool {
    read.line
        .segments
        .iter()
        .zip(&read.judges)
        .any(|(seg, judges)| {
            let writes_file = seg.iter().any(|w| {
                let r = w.trim_start_matches(|c: char| c.is_ascii_digit());
                (r.starts_with('>') && !r.starts_with(">&")) || r == ">>"
            });
            if writes_file {
                return true;
            }
            if judges.is_some() {
                return false;
            }
            let words = program_words(seg);
            let Some(program) = words.first() else {
                return false;
            };
            match program.as_str() {
                "git" => {
                    let sub = words.get(1).map(String::as_str).unwrap_or("");
                    let rest = &words[words.len().min(2)..];
                    !(GIT_LOOKS_ONLY.contains(&sub)
                        || sub == "remote" && rest.iter().all(|w| w == "-v" || w == "show")
                        || sub == "config"
                            && rest
                                .iter()
                                .any(|w| w == "--get" || w == "--list" || w == "-l")
                        || sub == "branch"
                            && rest.iter().all(|w| {
                                w.starts_with('-')
                                    && w != "-M"
                                    && w != "-m"
                                    && w != "-d"
                                    && w != "-D"
                            }))
                }
                "sed" | "awk" => words.iter().any(|w| w.starts_with("-i") || w == "inplace"),
                p => !(LOOKS_ONLY.contains(&p) || CONTENT_PRINTERS.contains(&p)),
            }
        })
}

/// The simple commands of a line as they ran (set-up words and redirections removed).
pub(crate) fn segment_commands(command: &str) -> Vec<String> {
    segments_of(&lexer::parse(
        unwrap_shell(command).trim().trim_start_matches("$ "),
    ))
}

/// [`segment_commands`] of a split line.
fn segments_of(line: &CommandLine) -> Vec<String> {
    line.segments
        .iter()
        .map(|s| command_words(s).join(" "))
        .filter(|s| !s.is_empty())
        .collect()
}

/// The simple commands of a line as they ran ([`segment_commands`]), held in one text: the
/// analysis keeps them for every distinct command line of a session (some 100,000 in a long
/// one), and a `Vec<String>` cost each line a list and an allocation per simple command. Reads
/// as a list of `&str`.
#[derive(Clone, PartialEq, Eq)]
pub(crate) enum Segments {
    /// A separator that occurs in none of them (a line feed, else another control character,
    /// else a private-use one), then they joined by it; empty when there are none.
    Joined(Box<str>),
    /// As a list, for a line that leaves no separator free (over a million distinct
    /// characters). Boxed: one pointer keeps the enum at 16 bytes.
    #[allow(clippy::box_collection)]
    Listed(Box<Vec<String>>),
}

impl Default for Segments {
    fn default() -> Self {
        Segments::Joined(Box::default())
    }
}

impl Segments {
    /// The simple commands of a split line.
    fn of(line: &CommandLine) -> Segments {
        // Each simple command's words, unless they join to nothing (as `segments_of` drops).
        let words: Vec<Vec<&str>> = line
            .segments
            .iter()
            .map(|s| command_words(s))
            .filter(|w| w.len() > 1 || w.first().is_some_and(|w| !w.is_empty()))
            .collect();
        if words.is_empty() {
            return Segments::default();
        }
        let separator = if words.iter().flatten().any(|w| w.contains('\n')) {
            // Rare (a quoted multi-line argument): the first character none of them holds.
            let held: std::collections::BTreeSet<char> =
                words.iter().flatten().flat_map(|w| w.chars()).collect();
            ('\u{1}'..='\u{1f}')
                .chain('\u{e000}'..=char::MAX)
                .find(|c| !held.contains(c))
        } else {
            Some('\n')
        };
        let Some(sep) = separator else {
            return Segments::Listed(Box::new(words.iter().map(|w| w.join(" ")).collect()));
        };
        let len: usize = words
            .iter()
            .map(|seg| sep.len_utf8() + seg.iter().map(|w| w.len() + 1).sum::<usize>() - 1)
            .sum();
        let mut text = String::with_capacity(len);
        for seg in &words {
            text.push(sep);
            for (i, w) in seg.iter().enumerate() {
                if i > 0 {
                    text.push(' ');
                }
                text.push_str(w);
            }
        }
        Segments::Joined(text.into_boxed_str())
    }

    /// The simple commands, in order.
    pub(crate) fn iter(&self) -> SegmentsIter<'_> {
        match self {
            Segments::Joined(text) => {
                let mut chars = text.chars();
                let sep = chars.next();
                let rest = chars.as_str();
                SegmentsIter::Joined(sep.map(|sep| rest.split(sep)))
            }
            Segments::Listed(list) => SegmentsIter::Listed(list.iter()),
        }
    }
}

/// The simple commands of [`Segments`], in order.
pub(crate) enum SegmentsIter<'s> {
    Joined(Option<std::str::Split<'s, char>>),
    Listed(std::slice::Iter<'s, String>),
}

impl<'s> Iterator for SegmentsIter<'s> {
    type Item = &'s str;
    fn next(&mut self) -> Option<&'s str> {
        match self {
            SegmentsIter::Joined(split) => split.as_mut()?.next(),
            SegmentsIter::Listed(list) => list.next().map(String::as_str),
        }
    }
}

impl<'s> IntoIterator for &'s Segments {
    type Item = &'s str;
    type IntoIter = SegmentsIter<'s>;
    fn into_iter(self) -> SegmentsIter<'s> {
        self.iter()
    }
}

impl std::fmt::Debug for Segments {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl PartialEq<Vec<String>> for Segments {
    fn eq(&self, other: &Vec<String>) -> bool {
        self.iter().eq(other.iter().map(String::as_str))
    }
}

/// True when the command named in a note and a command from the evidence are the same run: one
/// simple command of each is equal to, or a word-prefix of, the other (`pytest` ~ `cd /r && uv
/// run pytest tests/x.py -q`).
pub(crate) fn commands_match(named: &str, actual: &str) -> bool {
    segments_match(&segment_commands(named), &segment_commands(actual))
}

/// [`commands_match`] of the two lines' simple commands ([`segment_commands`]); `actual` is
/// any list of them (a `Vec<String>`, the [`Segments`] the analysis keeps).
pub(crate) fn segments_match<A, S>(named: &[String], actual: A) -> bool
where
    A: IntoIterator<Item = S> + Copy,
    S: AsRef<str>,
{
    named.iter().any(|n| {
        actual.into_iter().any(|a| {
            let a = a.as_ref();
            prefix_on_words(n, a) || prefix_on_words(a, n)
        })
    })
}

fn prefix_on_words(short: &str, long: &str) -> bool {
    long == short || long.starts_with(short) && long[short.len()..].starts_with(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_command_changes_state_unless_it_only_looks_or_judges() {
        for c in [
            "git init && \\\ngit add . && \\\ngit commit -m \"Initial\" && \\\ngit push -u origin main -f",
            "bash ~/.tools/export-session.sh .",
            "cp ~/.codex/sessions/x.jsonl codex-session.jsonl",
            "echo hi > notes.txt",
            "git branch -M main",
            "npm install",
            "sed -i 's/a/b/' x.py",
        ] {
            assert!(changes_state(c), "{c}");
        }
        for c in [
            "git status --short",
            "git log --oneline -20 | head",
            "git remote -v",
            "git config --get user.name",
            "cd web && pnpm build 2>&1 | tail -60",
            "pytest tests/test_csv.py -q",
            "ls -la dist/ && cat package.json",
            "find ~/.codex/sessions -name '*.jsonl' | sort | tail -n 5",
            "sed -n 1,40p src/app.py | wc -l",
        ] {
            assert!(!changes_state(c), "{c}");
        }
    }

    #[test]
    fn segments_read_back_as_the_list_whatever_characters_they_hold() {
        let same = |line: &str| {
            let split = lexer::parse(line);
            let segments = Segments::of(&split);
            assert_eq!(segments, segments_of(&split), "{line:?}");
            segments
        };
        // The separator is one no simple command holds.
        for line in [
            "cd web && npm test 2>&1 | tail -5",
            "printf 'a\nb' && echo \"\u{1}\u{2}\" ; ls",
            "true",
            "> out.log",
            "",
        ] {
            assert!(matches!(same(line), Segments::Joined(_)), "{line:?}");
        }
        // A line that holds every separator is kept as a list.
        let all: String = std::iter::once('\n')
            .chain('\u{1}'..='\u{1f}')
            .chain('\u{e000}'..=char::MAX)
            .collect();
        assert!(matches!(
            same(&format!("echo '{all}' && ls -la")),
            Segments::Listed(_)
        ));
    }

    #[test]
    fn a_parsed_command_reads_as_the_functions_on_its_text() {
        // Wrappers, a `$ ` prompt outside and inside one, surrounding white space (also
        // non-ASCII, which `trim` removes and the lexer keeps): each view of the line is the
        // one the text functions split.
        for c in [
            "pytest -q",
            "$ pytest tests/x.py",
            "  cd web && npm test 2>&1 | tail -5\n",
            "bash -lc 'cd app && pytest -q | head -3'",
            "bash -c '$ cargo test'",
            "$ zsh -c \"  make lint  \"",
            "\u{a0}cargo test\u{a0}",
            "git add a.py && git commit -m 'x' && git push",
            "echo hi > notes.txt",
            // Words holding the separators `Segments` would pick first.
            "python -c 'print(1)\nprint(2)' && echo '\u{1}' | grep x",
            "",
        ] {
            let p = ParsedCommand::new(c);
            assert_eq!(p.identity, normalise(c), "{c:?}");
            assert_eq!(p.segments, segment_commands(c), "{c:?}");
            assert_eq!(line_changes_state(p.run()), changes_state(c), "{c:?}");
            assert_eq!(p.written().runs_test(), is_test_command(c), "{c:?}");
            assert_eq!(p.written().runs_check(), is_check_command(c), "{c:?}");
            let inner = unwrap_shell(c);
            assert_eq!(p.unwrapped().runs_test(), is_test_command(&inner), "{c:?}");
            assert_eq!(p.unwrapped().line.seps, lexer::parse(&inner).seps, "{c:?}");
            assert_eq!(
                p.unwrapped().line.segments,
                lexer::parse(&inner).segments,
                "{c:?}"
            );
            assert_eq!(p.written().line.segments, lexer::parse(c).segments, "{c:?}");
        }
    }

    #[test]
    fn long_commands_keep_every_program() {
        let cmd = format!(
            "cd /home/user/projects/{}/frontend && npm run build 2>&1 | tail -60",
            "very-long-folder-name".repeat(6)
        );
        let s = shorten_command(&cmd, 80);
        assert!(s.chars().count() <= 80, "{s}");
        assert!(s.starts_with("cd /home/"), "{s}");
        assert!(s.contains("…"), "{s}");
        assert!(s.contains("&& npm run build 2>&1 | tail -60"), "{s}");
        // Lines joined, continuation backslashes dropped.
        assert_eq!(
            shorten_command("cd app && \\\n  pytest -q\nmake lint", 200),
            "cd app && pytest -q; make lint"
        );
        // Short lines unchanged.
        assert_eq!(shorten_command("cargo test", 80), "cargo test");
        // One long segment: its program stays.
        let s = shorten_command(&format!("python -c '{}'", "x".repeat(300)), 60);
        assert!(s.starts_with("python -c"), "{s}");
        assert!(s.chars().count() <= 60, "{s}");
    }

    #[test]
    fn normalise_table() {
        // (command line, dir, command)
        let table: &[(&str, Option<&str>, &str)] = &[
            ("pytest -q", None, "pytest -q"),
            (
                "cd contracts && npx hardhat compile 2>&1",
                Some("contracts"),
                "hardhat compile",
            ),
            ("npx hardhat compile", None, "hardhat compile"),
            ("pnpm build 2>&1 | tail -60", None, "pnpm build"),
            (
                "CI=1 FOO=bar pnpm --filter web test",
                None,
                "pnpm --filter web test",
            ),
            ("env NODE_ENV=test npm test", None, "npm test"),
            ("pnpm exec vitest run", None, "vitest run"),
            ("python -m pytest tests/ -x", None, "pytest tests/ -x"),
            (
                "uv run pytest tests/test_a.py",
                None,
                "pytest tests/test_a.py",
            ),
            ("go get x/y && go test ./...", None, "go test ./..."),
            ("cd web && npm test 2>&1 | tail -5", Some("web"), "npm test"),
            ("cd app && cd web && npm test", Some("app/web"), "npm test"),
            ("cd /srv/app && make", Some("/srv/app"), "make"),
            ("cargo test &> out.log", None, "cargo test"),
            ("pytest | tee run.log", None, "pytest"),
            ("python repro.py 2>&1 | head -20", None, "python repro.py"),
            ("./node_modules/.bin/jest src", None, "jest src"),
            ("timeout 60 cargo test", None, "cargo test"),
            ("$ pytest tests/Test_A.py", None, "pytest tests/Test_A.py"),
            (
                "source .venv/bin/activate; pytest -q 2>&1",
                None,
                "pytest -q",
            ),
            ("ls -la", None, "ls -la"),
            (
                "node scripts/z.mjs FAKE; echo \"exit=$?\"",
                None,
                "node scripts/z.mjs FAKE",
            ),
            ("echo hi", None, "echo hi"),
            (
                "zsh -lc 'source ~/.zshrc; opencode models zenmux'",
                None,
                "opencode models zenmux",
            ),
            ("bash -c \"cd web && npm test\"", Some("web"), "npm test"),
        ];
        for (line, dir, command) in table {
            let id = normalise(line);
            assert_eq!(id.dir.as_deref(), *dir, "{line}");
            assert_eq!(id.command, *command, "{line}");
        }
        assert_eq!(
            normalise("cd web && npm test").to_string(),
            "cd web && npm test"
        );
        // Runs of the same check share an identity; another directory is another check.
        assert_eq!(
            normalise("npx tsc --noEmit"),
            normalise("tsc --noEmit 2>&1 | head")
        );
        assert_ne!(normalise("cd web && npm test"), normalise("npm test"));
    }

    #[test]
    fn recognises_test_runs_and_checks_in_lines() {
        assert!(is_test_command("cd app && pytest -q tests/"));
        assert!(is_test_command("CI=1 pnpm --filter web test"));
        assert!(is_check_command("npx tsc --noEmit"));
        assert!(!is_check_command("ls -la"));
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
        assert!(!is_test_command("grep -rn pytest ."));
    }

    #[test]
    fn command_matching() {
        assert!(commands_match("pytest tests/x.py", "pytest tests/x.py -q"));
        assert!(commands_match(
            "pytest",
            "cd /r && uv run pytest tests/x.py"
        ));
        assert!(commands_match("python -m pytest tests", "pytest tests"));
        assert!(commands_match("$ npx tsc --noEmit", "tsc --noEmit 2>&1"));
        assert!(!commands_match("pytest tests/y.py", "pytest tests/x.py"));
        assert!(!commands_match("cargo test", "cargo testify"));
        // Quotes are words, not operators.
        assert!(!commands_match("pytest", "git commit -m 'a && pytest'"));
        assert_eq!(test_family("uv run pytest -q"), Some(Family::Python));
        assert_eq!(test_family("cargo nextest run"), Some(Family::Rust));
        assert_eq!(test_family("npm run lint"), None);
        assert_eq!(test_family("ruff check ."), None);
    }
}
