//! `handoff init <agent>`: installs (or removes) the hooks in the agent's settings; with
//! `--dry-run` prints the change as a diff and writes nothing.

use super::Outcome;
use crate::cli::InitArgs;
use crate::evidence::transcript::latest;
use crate::hook::HookAgent;
use crate::init::{self, Scope};
use crate::{Error, Result, ui};
use std::io::Write;

/// Runs `init`.
pub(crate) fn run(args: &InitArgs) -> Result<Outcome> {
    let scope = if args.project {
        Scope::Project
    } else {
        Scope::User
    };
    let root = match scope {
        Scope::Project => crate::evidence::git::collect_root(&args.repo).ok_or_else(|| {
            Error::input(
                &args.repo,
                "not in a git repository; --project installs into the repository's settings (leave it out to install for your user)",
            )
        })?,
        Scope::User => args.repo.clone(),
    };
    // A user's settings get this binary's absolute path (the agent's PATH may lack it); a
    // project's settings are shared through the repository, so they name `handoff` on PATH.
    let exe = match scope {
        Scope::User => std::env::current_exe().map_err(|e| Error::io("handoff", e))?,
        Scope::Project => std::path::PathBuf::from("handoff"),
    };
    ui::debug(&format!(
        "settings: {}; hook command: {}",
        init::settings_path(args.agent, scope, &root, &latest::process_env)?.display(),
        init::hook_command(&exe, args.agent)
    ));
    let plan = init::plan(
        args.agent,
        scope,
        &root,
        &exe,
        args.uninstall,
        &latest::process_env,
    )?;
    for note in &plan.notes {
        ui::info(note);
    }
    if args.dry_run {
        let mut out = std::io::stdout().lock();
        out.write_all(ui::paint_diff(&init::diff(&plan)).as_bytes())
            .map_err(|e| Error::io("<stdout>", e))?;
        for c in &plan.changes {
            ui::info(&format!("would change {}", c.summary));
        }
        if !plan.changes.is_empty() {
            ui::info("dry run: nothing was written");
        }
        return Ok(Outcome::Clean);
    }
    init::apply(&plan)?;
    for c in &plan.changes {
        let backup = c
            .backup
            .as_ref()
            .map(|b| format!(" (original kept as {})", b.display()))
            .unwrap_or_default();
        ui::info(&format!("{}{backup}", c.summary));
    }
    if args.agent == HookAgent::Codex && !args.uninstall && !plan.changes.is_empty() {
        ui::info(
            "Codex runs a new hook only once you trust it: open /hooks in Codex and trust the handoff hooks",
        );
    }
    Ok(Outcome::Clean)
}
