//! `handoff completions <shell>` and `handoff man`: generated from the clap definitions, so they
//! never drift from the real flags.

use super::Outcome;
use crate::cli::{Cli, CompletionsArgs, ManArgs};
use crate::{Error, Result};
use clap::CommandFactory;

/// Prints the completion script for the shell.
pub(crate) fn run(args: &CompletionsArgs) -> Result<Outcome> {
    let mut cmd = Cli::command();
    super::write_stdout(|out| {
        clap_complete::generate(args.shell, &mut cmd, "handoff", out);
        Ok(())
    })?;
    Ok(Outcome::Clean)
}

/// Prints the man page, or writes every page into `--out-dir`.
pub(crate) fn man(args: &ManArgs) -> Result<Outcome> {
    let cmd = Cli::command();
    match &args.out_dir {
        Some(dir) => {
            std::fs::create_dir_all(dir).map_err(|e| Error::io(dir, e))?;
            clap_mangen::generate_to(cmd, dir).map_err(|e| Error::io(dir, e))?;
            crate::ui::info(&format!("wrote the man pages into {}", dir.display()));
        }
        None => {
            super::write_stdout(|out| clap_mangen::Man::new(cmd).render(out))?;
        }
    }
    Ok(Outcome::Clean)
}
