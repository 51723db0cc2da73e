//! The `handoff` binary: parse arguments, run the library, map the result to an exit status
//! (0 ok, 1 findings, 2 usage or input error). Errors are printed as one line.

use clap::Parser;
use std::process::ExitCode;

fn main() -> ExitCode {
    let cli = match handoff::Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // clap prints help/version on stdout (exit 0) and usage errors on stderr (exit 2).
            let _ = e.print();
            return ExitCode::from(if e.use_stderr() { 2 } else { 0 });
        }
    };
    match handoff::run(cli) {
        Ok(handoff::Outcome::Clean) => ExitCode::SUCCESS,
        Ok(handoff::Outcome::Findings) => ExitCode::from(1),
        Err(handoff::Error::Io { source, .. })
            if source.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            // Like ripgrep: a closed pipe (`handoff collect --json | head`) is not a failure.
            ExitCode::SUCCESS
        }
        Err(e) => {
            // Errors quote their input (a path, a URL): redacted, and `error_line` keeps them
            // on one line without control characters.
            eprintln!("{}", handoff::error_line(&handoff::redact(&e.to_string())));
            ExitCode::from(2)
        }
    }
}
