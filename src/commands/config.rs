//! `handoff config path|show|init`: where the config file is, what a run would use, and a
//! commented example to start from.

use super::Outcome;
use crate::cli::{ConfigAction, ConfigArgs};
use std::io::Write;

/// Runs `config`.
pub(crate) fn run(args: &ConfigArgs) -> crate::Result<Outcome> {
    let text = match &args.action {
        ConfigAction::Path => format!(
            "{}\n",
            crate::config::path(&crate::config::Overrides::default())?.display()
        ),
        ConfigAction::Init(init) => {
            let path = crate::config::path(&crate::config::Overrides {
                config: init.config.clone(),
                ..crate::config::Overrides::default()
            })?;
            crate::config::init(&path, init.force)?;
            crate::ui::info(&format!(
                "wrote a commented example config to {}: uncomment a profile to draft with a model",
                path.display()
            ));
            format!("{}\n", path.display())
        }
        ConfigAction::Show(model) => {
            let overrides = model.overrides();
            let path = crate::config::path(&overrides)?;
            let file = if path.exists() {
                path.display().to_string()
            } else {
                format!(
                    "{} (does not exist: built-in profiles and the environment only; `handoff config init` writes a commented example)",
                    path.display()
                )
            };
            match crate::config::resolve(&overrides)? {
                None => format!(
                    "config file: {file}\nno model configured: summarize drafts offline (set HANDOFF_MODEL, --model, or a profile)\n"
                ),
                Some(cfg) => format!(
                    "config file: {file}\nprofile: {}\nbase_url: {}\nmodel: {}\napi key: {} (from {})\nmax output: {} ({})\ncontext window: {}\nprompt budget: {}\nencoding: {}\nresponse_format: {}\nstream: {}\ndeadline: {} s for the model step (--timeout), idle {} s mid-answer, connect {} s, retries: {}\nredaction: {}\n",
                    cfg.profile.as_deref().unwrap_or("(none)"),
                    cfg.base_url,
                    cfg.model,
                    if cfg.api_key.is_some() {
                        "set"
                    } else if crate::config::needs_key(&cfg.base_url) {
                        "NOT SET, and this server needs one"
                    } else {
                        "not set"
                    },
                    cfg.api_key_env,
                    cfg.max_output_tokens,
                    cfg.max_tokens_field.name(),
                    cfg.context_window,
                    cfg.prompt_budget(),
                    cfg.encoding.name(),
                    cfg.response_mode.name(),
                    cfg.stream,
                    cfg.timeout.as_secs(),
                    cfg.idle_timeout.as_secs(),
                    cfg.connect_timeout.as_secs(),
                    cfg.max_retries,
                    if cfg.redact {
                        "on"
                    } else {
                        "OFF (--no-redact)"
                    },
                ),
            }
        }
    };
    std::io::stdout()
        .lock()
        .write_all(text.as_bytes())
        .map_err(|e| crate::Error::io("<stdout>", e))?;
    Ok(Outcome::Clean)
}
