//! The session's command lines judged once for every rule: each command is read
//! ([`ParsedCommand`]: split, unwrapped, normalised) in one pass when the [`super::scope::View`]
//! is made, and only the facts the rules read are kept, so the table grows with the number of
//! commands by a few short strings each, not by every word of every line.

use crate::evidence::shell::lexer::{CommandLine, Sep};
use crate::evidence::shell::{self, CheckIdentity, ParsedCommand};
use crate::phrases;

/// What the rules of the analysis read about one command line.
#[derive(Debug, Clone, Default)]
pub(crate) struct CommandFacts {
    /// What it runs ([`shell::normalise`]).
    pub identity: CheckIdentity,
    /// Its simple commands as they ran ([`shell::segment_commands`]).
    pub segments: Vec<String>,
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
    /// The folders the `cd`s the shell itself runs move to, in order, as written without a
    /// trailing `/` (`None`: a bare `cd`).
    pub cds: Vec<Option<String>>,
    /// Its simple commands that start something that keeps running or is detached.
    pub starts: Vec<Start>,
}

impl CommandFacts {
    /// Reads `command` once.
    pub(crate) fn new(command: &str) -> CommandFacts {
        let parsed = ParsedCommand::new(command);
        let written = &parsed.written().line;
        CommandFacts {
            runs_test: parsed.written().runs_test(),
            runs_check: parsed.written().runs_check(),
            inner_runs_test: parsed.unwrapped().runs_test(),
            inner_runs_check: parsed.unwrapped().runs_check(),
            pipes: pipes(&parsed.unwrapped().line),
            cds: cds(written),
            starts: starts(written),
            identity: parsed.identity,
            segments: parsed.segments,
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
fn cds(line: &CommandLine) -> Vec<Option<String>> {
    line.segments
        .iter()
        .enumerate()
        .filter(|(i, seg)| {
            let top = *i == 0 || matches!(line.seps.get(i - 1), Some(Sep::And) | Some(Sep::Seq));
            top && seg.first().is_some_and(|w| w == "cd")
        })
        .map(|(_, seg)| seg.get(1).map(|d| d.trim_end_matches('/').to_string()))
        .collect()
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

fn starts(line: &CommandLine) -> Vec<Start> {
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
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_of_a_line() {
        let f = CommandFacts::new(
            "cd web/ && npm run dev &\nnohup python serve.py --log-level=info 2>&1",
        );
        assert_eq!(f.cds, [Some("web".to_string())]);
        assert!(
            f.starts
                .iter()
                .any(|s| s.detached && s.shown == "npm run dev")
        );
        assert!(f.starts.iter().any(|s| s.shown == "python serve.py"));
        let f = CommandFacts::new("bash -lc 'pytest -q | head -3'");
        assert!(f.inner_runs_test && !f.runs_test);
        assert!(f.pipes.masked && f.pipes.head_cut);
        assert_eq!(f.identity.command, "pytest -q");
        let f = CommandFacts::new("ls | cd x; cd");
        assert_eq!(f.cds, [None]);
        assert!(f.starts.is_empty() && f.pipes.masked && !f.pipes.head_cut);
    }
}
