//! Library errors. Every variant renders as one line that names the input and says what to do,
//! because that line is what the user sees (see `main.rs`).

use std::path::PathBuf;

/// Errors raised by the library. All of them are "input or usage" problems from the user's
/// point of view and map to exit status 2; validator findings are not errors (they are data).
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// An input file or directory that cannot be used as given.
    #[error("{}: {message}", path.display())]
    Input {
        /// The file or directory the user named.
        path: PathBuf,
        /// What is wrong and what to do about it.
        message: String,
    },
    /// An I/O failure on a named path.
    #[error("{}: {source}", path.display())]
    Io {
        /// The path being read or written.
        path: PathBuf,
        /// The underlying error.
        #[source]
        source: std::io::Error,
    },
    /// A usage problem that is not tied to one path: a flag, variable or profile value that
    /// cannot be used (an unknown profile, a base URL that is no URL, a budget too small).
    #[error("{0}")]
    Usage(String),
    /// The machine lacks something the run needs (a home directory for the config file, a
    /// shell or a pipe for `--test-cmd`); the message says what and what to do.
    #[error("{0}")]
    Environment(String),
    /// A failure talking to a model server; the message names the server and what to do.
    #[error("{0}")]
    Model(String),
}

impl Error {
    /// Shorthand for [`Error::Input`].
    pub fn input(path: impl Into<PathBuf>, message: impl Into<String>) -> Self {
        Error::Input {
            path: path.into(),
            message: message.into(),
        }
    }

    /// Shorthand for [`Error::Io`].
    pub fn io(path: impl Into<PathBuf>, source: std::io::Error) -> Self {
        Error::Io {
            path: path.into(),
            source,
        }
    }
}

/// How a command ended when it did not fail: `Clean` (exit 0) or `Findings` (exit 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to report.
    Clean,
    /// The command found problems (validator errors, thresholds missed).
    Findings,
}

/// Result with the library's [`Error`].
pub type Result<T, E = Error> = std::result::Result<T, E>;
