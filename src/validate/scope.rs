//! Rule `scope`: a note covers part of its transcript (an aider history file holds every launch
//! in the repository, weeks of them; the note covers the last). A claim that cites only events
//! from before that part, and does not say it is about an earlier launch, presents old work as
//! this session's: a successor would take schemas written three weeks ago, or an authentication
//! error long since fixed, for the current state.

use super::text::mentions;
use super::{Ctx, Section, claims, rule};
use crate::evidence::transcript::Role;
use crate::note::{ClaimStatus, Note};
use crate::phrases::EARLIER_PART;
use std::collections::HashMap;

/// The event order (`seq`) of every transcript id that records work (C*, E*, X*, and the
/// assistant's messages); a user's message maps to `None`: what was asked stays asked, and a
/// request from an earlier launch that never got its answer is the current work.
fn seq_by_id<'a>(cx: &Ctx<'a>) -> HashMap<&'a str, Option<u64>> {
    let ev: &'a crate::evidence::Evidence = cx.ev;
    let Some(t) = ev.transcript.as_ref() else {
        return HashMap::new();
    };
    let messages = t
        .messages
        .iter()
        .map(|m| (m.id.as_str(), (m.role != Role::User).then_some(m.seq)));
    let commands = t.commands.iter().map(|c| (c.id.as_str(), Some(c.seq)));
    let edits = t.edits.iter().map(|e| (e.id.as_str(), Some(e.seq)));
    let errors = t.errors.iter().map(|e| (e.id.as_str(), Some(e.seq)));
    let actions = t.actions.iter().map(|a| (a.id.as_str(), Some(a.seq)));
    messages
        .chain(commands)
        .chain(edits)
        .chain(errors)
        .chain(actions)
        .collect()
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    let scope = &cx.analysis.scope;
    let Some(from) = scope.from_seq else { return };
    let seqs = seq_by_id(cx);
    let launches = scope.launches;
    for c in claims(note) {
        if c.flagged.is_some() || c.added_by_validator || c.key.section == Section::Goal {
            continue;
        }
        // Only work in the transcript can be old: G (git now), T (test reports) and the user's
        // requests are current.
        let Some(earlier): Option<Vec<&String>> = c
            .cite
            .iter()
            .filter(|id| seqs.get(id.as_str()) != Some(&None))
            .map(|id| {
                seqs.get(id.as_str())
                    .copied()
                    .flatten()
                    .filter(|&s| s < from)
                    .map(|_| id)
            })
            .collect()
        else {
            continue;
        };
        if earlier.is_empty() {
            continue;
        }
        let plain = mentions(&c.display()).plain;
        if EARLIER_PART.is_match(&plain) {
            continue;
        }
        let ids = earlier
            .iter()
            .map(|s| s.as_str())
            .collect::<Vec<_>>()
            .join(", ");
        cx.flag(
            c.key,
            ClaimStatus::Unverified,
            rule::SCOPE,
            format!(
                "{ids} {} from an earlier launch; this note covers the last of {launches}",
                if earlier.len() == 1 { "is" } else { "are" }
            ),
            earlier.into_iter().cloned().collect(),
        );
    }
}

#[cfg(test)]
mod tests {
    use crate::evidence::transcript::{ErrorEvent, Format};
    use crate::note::ClaimStatus;
    use crate::testkit::*;
    use crate::validate::{rule, validate};

    /// The testkit's two aider launches, with an authentication error in the first.
    fn two_launches() -> crate::evidence::Evidence {
        let mut t = aider_two_launches();
        t.errors = vec![ErrorEvent {
            id: "X1".into(),
            text: "AuthenticationError: fake-api-key".into(),
            evidence: None,
            at: None,
            seq: 2,
        }];
        evidence(t)
    }

    fn scope_status(n: &crate::note::Note, ev: &crate::evidence::Evidence, text: &str) -> bool {
        let mut n = n.clone();
        let report = validate(&mut n, ev);
        report.claims.iter().any(|c| {
            c.text.contains(text)
                && c.status == ClaimStatus::Unverified
                && c.rule.as_deref() == Some(rule::SCOPE)
        })
    }

    #[test]
    fn old_work_presented_as_current_is_flagged() {
        let ev = two_launches();
        let mut n = note();
        n.watch_outs = vec![cited(
            "The log shows an AuthenticationError (fake-api-key).",
            &["X1"],
        )];
        n.partial = vec![cited(
            "ValidatorMetadataSchema was added to schemas/meta.ts.",
            &["E1", "M3"],
        )];
        assert!(scope_status(&n, &ev, "AuthenticationError"));
        assert!(scope_status(&n, &ev, "ValidatorMetadataSchema"));
    }

    #[test]
    fn old_work_that_says_so_or_cites_the_last_launch_passes() {
        let ev = two_launches();
        let mut n = note();
        n.watch_outs = vec![
            cited(
                "The first launch failed with an AuthenticationError.",
                &["X1"],
            ),
            cited("In an earlier launch the schema was added.", &["E1"]),
            cited(
                "The audit answer rests on the chat files only.",
                &["M3", "M6"],
            ),
        ];
        // A user's request stays current however old: it may never have been answered.
        n.open_loops[0].cite = vec!["M2".into()];
        let mut checked = n.clone();
        let report = validate(&mut checked, &ev);
        let scope: Vec<_> = report
            .claims
            .iter()
            .filter(|c| c.rule.as_deref() == Some(rule::SCOPE))
            .collect();
        assert!(scope.is_empty(), "{scope:?}");
    }

    #[test]
    fn a_single_session_has_no_earlier_part() {
        let mut ev = two_launches();
        if let Some(t) = ev.transcript.as_mut() {
            t.session.agent = Some(Format::ClaudeCode);
        }
        let mut n = note();
        n.watch_outs = vec![cited("The log shows an AuthenticationError.", &["X1"])];
        assert!(!scope_status(&n, &ev, "AuthenticationError"));
    }
}
