//! `handoff batch`: the work is in [`crate::batch`]; this only hands the arguments over.

use super::Outcome;
use crate::cli::BatchArgs;

/// Runs `batch`.
pub(crate) fn run(args: &BatchArgs) -> crate::Result<Outcome> {
    crate::batch::run(&args.options())
}
