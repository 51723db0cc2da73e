//! `handoff eval`: run the pipeline on the eval cases, print a score table (or JSON), and fail
//! when a threshold is missed.

use super::Outcome;
use crate::cli::EvalArgs;
use crate::eval::{self, Thresholds};
use crate::pipeline::Drafter;
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// Runs `eval`: the table on stdout (JSON with `--json`), progress on stderr.
pub(crate) fn run(args: &EvalArgs) -> crate::Result<Outcome> {
    let mut cases = eval::case::discover(&args.dir, args.case.as_deref())?;
    if let Some(out) = &args.dump_prompts {
        for case in cases.iter().filter(|c| c.skip.is_some()) {
            eprintln!(
                "handoff: eval: SKIPPED {}: {}",
                case.name,
                case.skip.as_deref().unwrap_or_default()
            );
        }
        let cfg =
            crate::config::ModelConfig::replay(&args.model.overrides(), "http://127.0.0.1/v1");
        let n = eval::dump_prompts(&cases, &cfg, out)?;
        eprintln!(
            "handoff: eval: wrote the prompts of {n} case(s) to {} (answer user.md under system.md; the recording names prompt.sha256)",
            out.display()
        );
        return Ok(Outcome::Clean);
    }
    let server = if args.replay {
        for case in cases.iter_mut().filter(|c| c.skip.is_none()) {
            if !case.dir.join(eval::replay::RECORDING).is_file() {
                case.skip = Some(format!("no {} to replay", eval::replay::RECORDING));
            }
        }
        Some(eval::replay::Server::start()?)
    } else {
        None
    };
    let model = match &server {
        Some(s) => Some(crate::config::ModelConfig::replay(
            &args.model.overrides(),
            s.url(),
        )),
        None if args.model.offline => None,
        None => crate::config::resolve(&args.model.overrides())?,
    };
    let (drafter, preview) = match model {
        Some(cfg) => (
            Drafter::Model(Box::new(crate::draft::llm::Model::new(&cfg)?)),
            cfg,
        ),
        None => (
            Drafter::Offline,
            crate::config::ModelConfig::preview(&args.model.overrides()),
        ),
    };
    let thresholds = Thresholds {
        min_recall: args.min_recall,
        min_precision: args.min_precision,
        min_claim_recall: args.min_claim_recall,
        min_structure: args.min_structure,
        max_vague: args.max_vague,
        max_traps: args.max_traps,
        min_next_action: args.min_next_action,
    };
    for case in &cases {
        if let Some(why) = &case.skip {
            eprintln!("handoff: eval: SKIPPED {}: {why}", case.name);
        }
    }

    // indicatif draws nothing when stderr is not a terminal.
    let bar = ProgressBar::with_draw_target(Some(cases.len() as u64), ProgressDrawTarget::stderr());
    if let Ok(style) = ProgressStyle::with_template("{bar:30} {pos}/{len} {msg}") {
        bar.set_style(style);
    }
    bar.set_message(format!("eval ({})", drafter.label()));
    let result = eval::run(
        &cases,
        &drafter,
        &preview,
        &thresholds,
        server.as_ref(),
        |r| {
            bar.set_message(r.name.clone());
            bar.inc(1);
        },
    );
    bar.finish_and_clear();
    let result = result?;

    if args.json {
        super::print_json(&result, true)?;
    } else {
        super::print_text(&crate::redact::redact(&eval::report::table(&result)))?;
    }
    if args.json {
        for f in &result.failures {
            eprintln!("handoff: eval: threshold failed: {f}");
        }
    }
    Ok(if result.failures.is_empty() {
        Outcome::Clean
    } else {
        Outcome::Findings
    })
}
