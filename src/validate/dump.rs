//! Rule `transcript-dump` (warning): a claim that copies a long verbatim run of the transcript —
//! a message or a command's output — pastes chat into the note instead of stating a fact.
//!
//! Claims are cut into windows of [`WINDOW`] words; the transcript is streamed text by text and
//! every window it shares with a claim marks those words as copied. A claim whose longest copied
//! run reaches [`MIN_WORDS`] words or [`MIN_CHARS`] characters is reported. Memory is bounded by
//! the note, not the transcript. The goal may quote the user's request.

use super::{Ctx, Section, Severity, claims, rule};
use crate::evidence::transcript::Role;
use crate::note::Note;
use std::collections::HashMap;

/// Words per shingle.
pub(super) const WINDOW: usize = 12;
/// A copied run this many words long is a dump.
pub(super) const MIN_WORDS: usize = 30;
/// A copied run this many characters long is a dump.
pub(super) const MIN_CHARS: usize = 200;

/// The text's words as compared: split at whitespace, trimmed of what is not a letter or
/// digit, case folded.
fn words(text: &str) -> impl Iterator<Item = &str> {
    text.split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric()))
        .filter(|w| !w.is_empty())
}

/// A word's hash, case folded as it is hashed: the transcript's words are hashed, never copied.
/// FNV-1a over the folded word's UTF-8 bytes, as [`window_hash`] is over word hashes: every word
/// of every message and output kept is hashed, and SipHash fed a character at a time was a seventh
/// of `summarize` on a 10 MB session. A collision can only join two words in a copied run of a
/// warning.
fn word_hash(word: &str) -> u64 {
    let mut h = FNV_OFFSET;
    let mut mix = |b: u8| h = (h ^ u64::from(b)).wrapping_mul(FNV_PRIME);
    if word.is_ascii() {
        word.bytes().for_each(|b| mix(b.to_ascii_lowercase()));
    } else {
        let mut utf8 = [0; 4];
        for c in word.chars().flat_map(char::to_lowercase) {
            c.encode_utf8(&mut utf8).bytes().for_each(&mut mix);
        }
    }
    h
}

const FNV_OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
const FNV_PRIME: u64 = 0x0100_0000_01b3;

/// The hash of a window of word hashes (a polynomial over them: cheap per window, and equal
/// windows have equal hashes).
fn window_hash(ws: &[u64]) -> u64 {
    ws.iter()
        .fold(FNV_OFFSET, |h, &w| (h ^ w).wrapping_mul(FNV_PRIME))
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    let Some(tr) = &cx.ev.transcript else {
        return;
    };
    let views = claims(note);
    // Each claim's words as (hash, length of the case-folded word).
    let claim_words: Vec<Vec<(u64, usize)>> = views
        .iter()
        .map(|c| {
            let mut t = c.text.clone();
            if let Some(v) = &c.verify {
                t.push(' ');
                t.push_str(v);
            }
            words(&t)
                .map(|w| {
                    (
                        word_hash(w),
                        w.chars()
                            .flat_map(char::to_lowercase)
                            .map(char::len_utf8)
                            .sum(),
                    )
                })
                .collect()
        })
        .collect();
    // window hash → (claim, start word)
    let mut windows: HashMap<u64, Vec<(usize, usize)>> = HashMap::new();
    for (ci, ws) in claim_words.iter().enumerate() {
        let hashes: Vec<u64> = ws.iter().map(|(h, _)| *h).collect();
        for start in 0..hashes.len().saturating_sub(WINDOW - 1) {
            windows
                .entry(window_hash(&hashes[start..start + WINDOW]))
                .or_default()
                .push((ci, start));
        }
    }
    if windows.is_empty() {
        return;
    }
    let mut copied: Vec<Vec<bool>> = claim_words.iter().map(|w| vec![false; w.len()]).collect();
    let mut sources: Vec<Vec<String>> = vec![Vec::new(); views.len()];
    let texts = tr
        .messages
        .iter()
        .map(|m| (m.id.as_str(), m.text.as_str(), m.role == Role::User))
        .chain(
            tr.commands
                .iter()
                .map(|c| (c.id.as_str(), c.output.as_str(), false)),
        );
    let mut ws: Vec<u64> = Vec::new();
    for (id, text, from_user) in texts {
        ws.clear();
        ws.extend(words(text).map(word_hash));
        for start in 0..ws.len().saturating_sub(WINDOW - 1) {
            let Some(hits) = windows.get(&window_hash(&ws[start..start + WINDOW])) else {
                continue;
            };
            for &(ci, cstart) in hits {
                if from_user && views[ci].key.section == Section::Goal {
                    continue;
                }
                copied[ci][cstart..cstart + WINDOW]
                    .iter_mut()
                    .for_each(|b| *b = true);
                if !sources[ci].iter().any(|s| s == id) {
                    sources[ci].push(id.to_string());
                }
            }
        }
    }
    for (ci, marks) in copied.iter().enumerate() {
        let (mut best_words, mut best_chars, mut run_words, mut run_chars) = (0, 0, 0, 0);
        for (wi, &m) in marks.iter().enumerate() {
            if m {
                run_words += 1;
                run_chars += claim_words[ci][wi].1 + 1;
                best_words = best_words.max(run_words);
                best_chars = best_chars.max(run_chars);
            } else {
                run_words = 0;
                run_chars = 0;
            }
        }
        if best_words >= MIN_WORDS || best_chars >= MIN_CHARS {
            let c = &views[ci];
            cx.finding(
                Some(c.key),
                c.line,
                rule::TRANSCRIPT_DUMP,
                Severity::Warning,
                format!(
                    "{best_words} words copied verbatim from the transcript ({}): state the fact, not the chat",
                    sources[ci].join(", ")
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::word_hash;
    use crate::evidence::Evidence;
    use crate::evidence::transcript::Role;
    use crate::testkit::*;
    use crate::validate::validate;

    const ASSISTANT: &str = "I looked at the failing test and it turns out that the refresh token family table was never created because the alembic migration was not applied to the test database, so every rotation call raised an integrity error before reaching the revocation check that we added earlier today in the service module.";

    fn ev() -> Evidence {
        Evidence {
            transcript: Some(transcript(
                vec![],
                vec![],
                vec![
                    message(
                        "M1",
                        Role::User,
                        "Please add refresh token rotation and revocation to the FastAPI auth service so that compromised tokens can be revoked before they expire naturally in production today.",
                        1,
                    ),
                    message("M2", Role::Assistant, ASSISTANT, 2),
                ],
            )),
            ..Evidence::default()
        }
    }

    #[test]
    fn a_word_hashes_the_same_in_any_case() {
        assert_eq!(word_hash("Cargo"), word_hash("cARGO"));
        assert_eq!(word_hash("NAÏVE"), word_hash("naïve"));
        assert_eq!(word_hash("Été"), word_hash("éTÉ"));
        assert_ne!(word_hash("cargo"), word_hash("carg"));
        assert_ne!(word_hash("ab"), word_hash("ba"));
        assert_ne!(word_hash("naïve"), word_hash("naive"));
    }

    #[test]
    fn pasted_chat_is_a_warning() {
        let mut n = note();
        n.watch_outs = vec![claim(&format!("Note: {ASSISTANT}"))];
        n.watch_outs[0].line = Some(50);
        let r = validate(&mut n, &ev());
        assert_eq!(rules_for(&r, 50), ["transcript-dump"]);
        assert!(r.findings[0].message.contains("(M2)"), "{:?}", r.findings);
        assert_eq!(r.counts.warnings, 1);
    }

    #[test]
    fn short_quotes_and_a_quoted_goal_pass() {
        let mut n = note();
        n.goal = Some(claim(
            "Please add refresh token rotation and revocation to the FastAPI auth service so that compromised tokens can be revoked before they expire naturally in production today.",
        ));
        n.watch_outs = vec![claim(
            "The alembic migration was not applied to the test database; run `alembic upgrade head` first.",
        )];
        let r = validate(&mut n, &ev());
        assert!(r.findings.is_empty(), "{:?}", r.findings);
    }
}
