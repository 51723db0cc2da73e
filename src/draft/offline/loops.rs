//! Open Loops: the analysis's open-loop candidates with their owners and checks.

use crate::analysis::Analysis;
use crate::analysis::loops::LoopOwner;
use crate::note::{Note, OpenLoop, Owner};

pub(super) fn render(a: &Analysis, note: &mut Note) {
    for l in &a.loops {
        let (owner, when) = match l.owner {
            LoopOwner::Agent => (Owner::Agent, None),
            LoopOwner::AgentAfterOwner => {
                (Owner::Agent, Some("after the owner says so".to_string()))
            }
            LoopOwner::Human => (Owner::Human, None),
        };
        note.open_loops.push(OpenLoop {
            owner: Some(owner),
            when,
            text: l.text.clone(),
            verify: Some(l.verify.clone()),
            cite: super::dedup(l.cite.clone()),
            ..OpenLoop::default()
        });
    }
}
