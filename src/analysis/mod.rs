//! The session analysis: the evidence turned into judged facts, once, for every consumer. The
//! offline drafter renders it, the model prompt carries it, the validator judges claims with it.
//!
//! Each part is computed from the [`Evidence`] in one pass over the session (plus one backward
//! pass where "passed later" matters), and every fact carries the evidence ids it rests on:
//! - [`scope`]: which part of the transcript the note covers (aider: the last launch);
//! - [`commands`]: each command line read once (split, unwrapped, normalised) into the facts
//!   every rule reads, in the [`scope::View`];
//! - [`requests`]: what the user asked, in order, and the goal;
//! - [`checks`]: test runs, builds, checks and scripts grouped by what they run, each with its
//!   latest verdict and whether a later change made it stale;
//! - [`commits`]: the commits the session made, and others made meanwhile;
//! - [`project`]: whether the transcript's folder is this repository;
//! - [`history`]: decisions and dead ends, with their reasons;
//! - [`loops`]: open-loop candidates with owners and checks;
//! - [`hazards`]: what a successor must watch out for;
//! - [`next`]: the one next action;
//! - [`brief`]: all of it as one compact block for the model prompt.

pub(crate) mod brief;
pub(crate) mod checks;
pub(crate) mod commands;
pub(crate) mod commits;
pub(crate) mod files;
pub(crate) mod hazards;
pub(crate) mod history;
pub(crate) mod loops;
pub(crate) mod next;
pub(crate) mod project;
pub(crate) mod requests;
pub(crate) mod scope;
pub(crate) mod text;

use crate::evidence::Evidence;
use serde::{Deserialize, Serialize};

/// Everything judged about one session.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Analysis {
    /// Which part of the transcript the note covers.
    pub scope: scope::Scope,
    /// Whether the transcript's folder is this repository.
    pub project: project::Project,
    /// The user's requests and the goal.
    pub requests: requests::Requests,
    /// Checks grouped by what they run, and requested commands never run.
    pub checks: checks::Checks,
    /// Commits made by the session, and by others meanwhile.
    pub commits: commits::Commits,
    /// Files the session changed, grouped.
    pub files: files::Files,
    /// Decisions and dead ends.
    pub history: history::History,
    /// Open-loop candidates.
    pub loops: Vec<loops::LoopFact>,
    /// Watch-outs.
    pub hazards: Vec<hazards::Hazard>,
    /// Results the agent reported that no recorded command shows.
    pub reported: Vec<loops::Reported>,
    /// Where the session stopped.
    pub stopped: loops::Stopped,
    /// The next action.
    pub next: next::NextAction,
}

/// Analyses the evidence. Linear in the session's size: each command is read once
/// ([`commands::CommandFacts`]).
pub(crate) fn analyse(ev: &Evidence) -> Analysis {
    let scope = scope::of(ev);
    let view = scope::View::new(ev, &scope);
    let project = project::of(ev, &view);
    let requests = requests::of(&view);
    let checks = checks::of(ev, &view, &project, &requests);
    let commits = commits::of(ev, &view);
    let files = files::of(ev, &view, &project, &commits);
    let history = history::of(ev, &view, &project, &checks, &commits);
    let stopped = loops::stopped(&view);
    let reported = loops::reported(&view);
    let loops = loops::of(
        ev, &view, &project, &requests, &checks, &commits, &history, &stopped,
    );
    let hazards = hazards::of(ev, &view, &project, &checks, &commits, &history, &requests);
    let next = next::of(&view, &requests, &checks, &loops, &files);
    Analysis {
        scope,
        project,
        requests,
        checks,
        commits,
        files,
        history,
        loops,
        hazards,
        reported,
        stopped,
        next,
    }
}
