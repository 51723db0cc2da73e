//! One module per subcommand: each turns parsed arguments into library calls and output.

pub(crate) mod batch;
pub(crate) mod collect;
pub(crate) mod completions;
pub(crate) mod config;
pub(crate) mod eval;
pub(crate) mod hook;
pub(crate) mod init;
pub(crate) mod show;
pub(crate) mod summarize;
pub(crate) mod tokens;
pub(crate) mod validate;

use crate::cli::EvidenceArgs;
use crate::evidence::Request;
use std::time::Duration;

pub(crate) use crate::error::Outcome;

impl EvidenceArgs {
    /// The collection request these arguments describe.
    pub(crate) fn request(&self) -> Request {
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
            agent: self.agent,
        }
    }
}
