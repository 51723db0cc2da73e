//! One module per subcommand: each turns parsed arguments into library calls and output.

pub mod batch;
pub mod collect;
pub mod config;
pub mod eval;
pub mod summarize;
pub mod tokens;
pub mod validate;

use crate::cli::EvidenceArgs;
use crate::evidence::Request;
use std::time::Duration;

/// How a command ended when it did not fail: `Clean` (exit 0) or `Findings` (exit 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing to report.
    Clean,
    /// The command found problems (validator errors, thresholds missed).
    Findings,
}

impl EvidenceArgs {
    /// The collection request these arguments describe.
    pub fn request(&self) -> Request {
        Request {
            repo: self.repo.clone(),
            tests: self.tests.clone(),
            tests_format: self.tests_format,
            test_cmd: self.test_cmd.clone(),
            test_timeout: Duration::from_secs(self.test_timeout),
            git_timeout: Duration::from_secs_f64(self.git_timeout),
            transcript: self.transcript.clone(),
            transcript_format: self.format,
            latest: self.latest,
        }
    }
}
