//! Progress on stderr: an indicatif bar on a terminal (done/total, failed, tokens, ETA), one
//! plain line per session otherwise, nothing with `--quiet`.

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use std::io::IsTerminal;

/// How progress is shown.
pub(super) enum Progress {
    /// A bar (stderr is a terminal).
    Bar(ProgressBar),
    /// One line per finished session.
    Lines {
        /// Sessions in the run.
        total: usize,
    },
    /// Nothing.
    Quiet,
}

impl Progress {
    /// Chooses the form for `total` sessions.
    pub(super) fn new(total: usize, quiet: bool) -> Progress {
        if quiet {
            return Progress::Quiet;
        }
        if std::io::stderr().is_terminal() {
            let bar =
                ProgressBar::with_draw_target(Some(total as u64), ProgressDrawTarget::stderr());
            bar.set_style(
                ProgressStyle::with_template(
                    "{spinner} [{elapsed_precise}] {bar:30} {pos}/{len} {msg} ETA {eta}",
                )
                .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar.enable_steady_tick(std::time::Duration::from_millis(200));
            Progress::Bar(bar)
        } else {
            Progress::Lines { total }
        }
    }

    /// One session finished: `done` of the total so far, `line` says what happened to it.
    pub(super) fn advance(&self, done: usize, failed: usize, tokens: u64, line: &str) {
        match self {
            Progress::Bar(b) => {
                b.set_position(done as u64);
                b.set_message(format!("{failed} failed · {tokens} tokens"));
            }
            Progress::Lines { total } => {
                eprintln!(
                    "handoff: batch [{done}/{total}] {}",
                    crate::escape::line(line)
                );
            }
            Progress::Quiet => {}
        }
    }

    /// Removes the bar.
    pub(super) fn finish(&self) {
        if let Progress::Bar(b) = self {
            b.finish_and_clear();
        }
    }
}
