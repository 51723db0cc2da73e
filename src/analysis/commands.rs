//! The session's command lines judged once for every rule: each distinct command line is read
//! ([`ParsedCommand`]: split, unwrapped, normalised) in one pass when the [`super::scope::View`]
//! is made, and only the facts the rules read are kept. The facts depend on the line's text
//! alone, so a line the session ran again (agents re-run the same test, build and `git status`
//! hundreds of times in a long session) shares the first reading: the table grows by one index
//! per command and one [`CommandFacts`] per distinct line.

use crate::evidence::shell::lexer::{CommandLine, Sep};
use crate::evidence::shell::{self, ParsedCommand, Segments};
use crate::phrases;
use std::collections::HashMap;

/// [`CommandFacts`] of each command in order, one reading per distinct command line: `table[i]`
/// is what the rules read of the `i`-th command.
#[derive(Debug, Clone, Default)]
pub(crate) struct CommandTable {
    /// The facts of each distinct line, in the order the lines first ran.
    facts: Vec<CommandFacts>,
    /// For each command, its line's position in `facts`.
    of: Vec<u32>,
}

impl CommandTable {
    /// Reads every line of `lines` (in order) once.
    pub(crate) fn new<'a>(lines: impl IntoIterator<Item = &'a str>) -> CommandTable {
        let mut first: HashMap<&'a str, u32> = HashMap::new();
        let mut table = CommandTable::default();
        for line in lines {
            let at = *first.entry(line).or_insert_with(|| {
                table.facts.push(CommandFacts::new(line));
                // A session has far fewer than 4 billion distinct command lines.
                u32::try_from(table.facts.len() - 1).unwrap_or(u32::MAX)
            });
            table.of.push(at);
        }
        // Held through the whole analysis; the lists grew by doubling (a 2 GB session of
        // distinct texts: 97,000 readings in room for 131,072, 2 MB unused).
        table.facts.shrink_to_fit();
        table.of.shrink_to_fit();
        table
    }

    /// Each command's facts, in order.
    pub(crate) fn iter(&self) -> Facts<'_> {
        Facts {
            table: self,
            at: self.of.iter(),
        }
    }
}

impl std::ops::Index<usize> for CommandTable {
    type Output = CommandFacts;
    fn index(&self, i: usize) -> &CommandFacts {
        &self.facts[self.of[i] as usize]
    }
}

/// The facts of each command of a [`CommandTable`], in order.
pub(crate) struct Facts<'t> {
    table: &'t CommandTable,
    at: std::slice::Iter<'t, u32>,
}

impl<'t> Iterator for Facts<'t> {
    type Item = &'t CommandFacts;
    fn next(&mut self) -> Option<&'t CommandFacts> {
        self.at.next().map(|&at| &self.table.facts[at as usize])
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        self.at.size_hint()
    }
}

impl<'t> IntoIterator for &'t CommandTable {
    type Item = &'t CommandFacts;
    type IntoIter = Facts<'t>;
    fn into_iter(self) -> Facts<'t> {
        self.iter()
    }
}

/// What the rules of the analysis read about one command line.
#[derive(Debug, Clone, Default)]
pub(crate) struct CommandFacts {
    /// The directory of what it runs ([`shell::normalise`]: a leading `cd`), as written.
    dir: Option<Box<str>>,
    /// Its simple commands as they ran ([`shell::segment_commands`]), in one text.
    pub segments: Segments,
    /// The folders the `cd`s the shell itself runs move to, in order, as written without a
    /// trailing `/` (`None`: a bare `cd`).
    pub cds: Few<Option<String>>,
    /// Its simple commands that start something that keeps running or is detached.
    pub starts: Few<Start>,
    /// Which of `segments` is what it runs ([`NO_COMMAND`]: none): the command of its identity
    /// is always one of its simple commands, so it is not held a second time (a 2 GB session
    /// of distinct texts has some 100,000 distinct lines, and their identities took 9 MB).
    command_at: u32,
    /// The line as written runs a test suite ([`shell::is_test_command`]).
    pub runs_test: bool,
    /// The line as written is a typecheck, lint or build ([`shell::is_check_command`]).
    pub runs_check: bool,
    /// The line a shell wrapper runs ([`shell::unwrap_shell`]) runs a test suite.
    pub inner_runs_test: bool,
    /// The line a shell wrapper runs is a typecheck, lint or build.
    pub inner_runs_check: bool,
    /// How its output reached the transcript.
    pub pipes: Pipes,
}

/// [`CommandFacts::command_at`] of a line that runs nothing (its identity is empty).
const NO_COMMAND: u32 = u32::MAX;

/// What a command line runs ([`shell::CheckIdentity`]), read from its [`CommandFacts`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Identity<'f> {
    /// The directory a leading `cd` moved to, as written (`None`: where the session was).
    pub dir: Option<&'f str>,
    /// The command's words, joined by one space; empty when the line runs nothing.
    pub command: &'f str,
}

impl CommandFacts {
    /// Reads `command` once.
    pub(crate) fn new(command: &str) -> CommandFacts {
        let parsed = ParsedCommand::new(command);
        let written = &parsed.written().line;
        let identity = &parsed.identity;
        // The identity's command is its line's main simple command, which `segments` holds
        // unless it has no words (then the identity is empty).
        let command_at = match parsed.segments.iter().position(|s| s == identity.command) {
            Some(at) if !identity.command.is_empty() => u32::try_from(at).unwrap_or(NO_COMMAND),
            _ => NO_COMMAND,
        };
        debug_assert!(command_at != NO_COMMAND || identity.command.is_empty());
        CommandFacts {
            runs_test: parsed.written().runs_test(),
            runs_check: parsed.written().runs_check(),
            inner_runs_test: parsed.unwrapped().runs_test(),
            inner_runs_check: parsed.unwrapped().runs_check(),
            pipes: pipes(&parsed.unwrapped().line),
            cds: cds(written),
            starts: starts(written),
            dir: identity.dir.as_deref().map(Box::from),
            command_at,
            segments: parsed.segments,
        }
    }

    /// What the line runs ([`shell::normalise`]).
    pub(crate) fn identity(&self) -> Identity<'_> {
        let command = match self.command_at {
            NO_COMMAND => "",
            at => self.segments.iter().nth(at as usize).unwrap_or(""),
        };
        Identity {
            dir: self.dir.as_deref(),
            command,
        }
    }
}

/// How a command line's output reached the transcript.
#[derive(Debug, Clone, Copy, Default)]
pub(crate) struct Pipes {
    /// The line's status is a filter's, not the command's.
    pub masked: bool,
    /// Output cut after its first lines.
    pub head_cut: bool,
}

/// [`Pipes`] of a split line.
pub(crate) fn pipes(line: &CommandLine) -> Pipes {
    let mut masked = false;
    let mut head_cut = false;
    for (i, sep) in line.seps.iter().enumerate() {
        if *sep != Sep::Pipe {
            continue;
        }
        masked = true;
        let prog = line
            .segments
            .get(i + 1)
            .map(|s| shell::program_words(s))
            .and_then(|w| w.first().cloned())
            .unwrap_or_default();
        if prog == "head" || prog == "select-object" {
            head_cut = true;
        }
    }
    Pipes { masked, head_cut }
}

/// Where the `cd`s that the shell itself runs (first, or after `&&`/`;`) move it.
fn cds(line: &CommandLine) -> Few<Option<String>> {
    let cds: Vec<Option<String>> = line
        .segments
        .iter()
        .enumerate()
        .filter(|(i, seg)| {
            let top = *i == 0 || matches!(line.seps.get(i - 1), Some(Sep::And) | Some(Sep::Seq));
            top && seg.first().is_some_and(|w| w == "cd")
        })
        .map(|(_, seg)| seg.get(1).map(|d| d.trim_end_matches('/').to_string()))
        .collect();
    Few::from(cds)
}

/// A simple command that starts something that keeps running ([`phrases::LONG_RUNNING`]) or
/// is detached (`&`, `nohup`).
#[derive(Debug, Clone, Default)]
pub(crate) struct Start {
    /// Sent to the background or `nohup`.
    pub detached: bool,
    /// A program that keeps running.
    pub long: bool,
    /// Its words without log options, `2>&1` and `nohup`.
    pub shown: String,
}

fn starts(line: &CommandLine) -> Few<Start> {
    let mut out = Vec::new();
    for (i, seg) in line.segments.iter().enumerate() {
        let detached =
            line.seps.get(i) == Some(&Sep::Background) || seg.first().is_some_and(|w| w == "nohup");
        let long = phrases::LONG_RUNNING.is_match(&seg.join(" "));
        if detached || long {
            let words: Vec<&str> = seg
                .iter()
                .map(String::as_str)
                .filter(|w| !w.starts_with("--log") && *w != "2>&1" && *w != "nohup")
                .collect();
            out.push(Start {
                detached,
                long,
                shown: words.join(" "),
            });
        }
    }
    Few::from(out)
}

/// A list that is almost always empty (a line's `cd`s, what it starts), in one pointer: the
/// table holds two per distinct command line, and a `Vec` took 24 bytes each where most lines
/// have nothing to hold. Reads as a slice.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Few<T>(Option<Box<Box<[T]>>>);

impl<T> Default for Few<T> {
    fn default() -> Self {
        Few(None)
    }
}

impl<T> From<Vec<T>> for Few<T> {
    fn from(items: Vec<T>) -> Self {
        Few((!items.is_empty()).then(|| Box::new(items.into_boxed_slice())))
    }
}

impl<T> std::ops::Deref for Few<T> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.0.as_deref().map_or(&[], |items| &**items)
    }
}

impl<'f, T> IntoIterator for &'f Few<T> {
    type Item = &'f T;
    type IntoIter = std::slice::Iter<'f, T>;
    fn into_iter(self) -> std::slice::Iter<'f, T> {
        self.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_of_a_line() {
        let f = CommandFacts::new(
            "cd web/ && npm run dev &\nnohup python serve.py --log-level=info 2>&1",
        );
        assert_eq!(*f.cds, [Some("web".to_string())]);
        assert!(
            f.starts
                .iter()
                .any(|s| s.detached && s.shown == "npm run dev")
        );
        assert!(f.starts.iter().any(|s| s.shown == "python serve.py"));
        let f = CommandFacts::new("bash -lc 'pytest -q | head -3'");
        assert!(f.inner_runs_test && !f.runs_test);
        assert!(f.pipes.masked && f.pipes.head_cut);
        assert_eq!(f.identity().command, "pytest -q");
        let f = CommandFacts::new("ls | cd x; cd");
        assert_eq!(*f.cds, [None]);
        assert!(f.starts.is_empty() && f.pipes.masked && !f.pipes.head_cut);
    }

    /// The table holds one reading per distinct command line (some 100,000 in a 2 GB session of
    /// distinct texts): its identity's directory, its simple commands in one text, a pointer
    /// each for its `cd`s and starts, which simple command is its identity's, and six flags.
    #[test]
    fn a_reading_is_eight_words() {
        assert_eq!(std::mem::size_of::<CommandFacts>(), 64);
    }

    /// The identity read from the facts is the one [`shell::normalise`] gives, the command
    /// being one of the line's simple commands (or empty).
    #[test]
    fn the_identity_is_one_of_the_simple_commands() {
        for line in [
            "cd web/ && npm test 2>&1 | tail -5",
            "make; make",
            "cargo build && cargo test; echo \"exit=$?\"",
            "bash -lc 'cd api && pytest -q'",
            "$ uv run pytest tests/x.py",
            "cd /tmp",
            "",
            "> out.log",
            "FOO=1 npx jest --watch=false | grep -v x",
        ] {
            let want = shell::normalise(line);
            let f = CommandFacts::new(line);
            let got = f.identity();
            assert_eq!(got.dir, want.dir.as_deref(), "{line:?}");
            assert_eq!(got.command, want.command, "{line:?}");
        }
    }

    #[test]
    fn a_line_run_again_shares_its_first_reading() {
        let lines = [
            "npm test",
            "cd web && npm run build",
            "npm test",
            "npm  test",
        ];
        let table = CommandTable::new(lines);
        assert_eq!(table.facts.len(), 3, "`npm test` twice is read once");
        assert_eq!(table.iter().count(), 4);
        for (i, line) in lines.iter().enumerate() {
            let alone = CommandFacts::new(line);
            assert_eq!(table[i].identity(), alone.identity(), "{line}");
            assert_eq!(table[i].segments, alone.segments, "{line}");
            assert_eq!(table[i].cds, alone.cds, "{line}");
        }
        assert!(std::ptr::eq(&table[0], &table[2]));
        assert_eq!(
            table[3].identity(),
            table[0].identity(),
            "same identity, own reading"
        );
    }
}
