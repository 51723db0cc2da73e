//! Yes/no questions to a pattern, answered by one forward lazy automaton. A [`regex::Regex`]
//! also builds a reverse automaton, a literal prefilter and two more engines, which finding where
//! a match is needs and a yes/no answer does not. Every run compiles the phrase tables and the
//! redaction anchors it asks, most only ever asked yes or no: the 55 phrase tables took 38 ms
//! to compile as `Regex`es and 15 ms as [`Matcher`]s (release build), and compiling patterns
//! was a third of the instructions of reading a 10 MB session and most of reading a small one.

use regex_automata::util::pool::Pool;
use regex_automata::{Anchored, Input, MatchError, hybrid};
use std::sync::Arc;

/// The caches of a [`Matcher`]'s automaton, one per thread that asks (`batch` reads sessions
/// on several).
type CacheFn = Box<
    dyn Fn() -> hybrid::dfa::Cache
        + Send
        + Sync
        + std::panic::UnwindSafe
        + std::panic::RefUnwindSafe,
>;

/// A pattern as one forward lazy automaton.
pub(crate) struct Matcher {
    dfa: Arc<hybrid::dfa::DFA>,
    caches: Pool<hybrid::dfa::Cache, CacheFn>,
}

impl Matcher {
    /// `None` when the pattern does not compile, or not to an automaton (then the caller asks a
    /// `Regex`).
    pub(crate) fn new(pattern: &str) -> Option<Matcher> {
        let dfa = hybrid::dfa::DFA::builder()
            // Patterns with a Unicode `\b` are read until it meets a non-ASCII byte.
            .configure(hybrid::dfa::DFA::config().unicode_word_boundary(true))
            .build(pattern)
            .ok()?;
        let dfa = Arc::new(dfa);
        let of = Arc::clone(&dfa);
        let create: CacheFn = Box::new(move || of.create_cache());
        Some(Matcher {
            dfa,
            caches: Pool::new(create),
        })
    }

    /// Whether `text` holds a match. An error when the automaton cannot answer for this text
    /// (a Unicode word boundary next to a non-ASCII byte): the caller asks a `Regex`.
    pub(crate) fn is_match(&self, text: &str) -> Result<bool, MatchError> {
        self.search(Input::new(text).earliest(true))
    }

    /// Whether a match starts where `text` starts (as `^(?:pattern)` would), reading no
    /// further than it must.
    pub(crate) fn is_match_at_start(&self, text: &str) -> Result<bool, MatchError> {
        self.search(Input::new(text).earliest(true).anchored(Anchored::Yes))
    }

    fn search(&self, input: Input<'_>) -> Result<bool, MatchError> {
        let mut cache = self.caches.get();
        Ok(self.dfa.try_search_fwd(&mut cache, &input)?.is_some())
    }
}

impl std::fmt::Debug for Matcher {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Matcher").finish_non_exhaustive()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The matcher answers as the regex does: anywhere, and only at the start.
    #[test]
    fn answers_as_the_regex() {
        let cases: &[(&str, &[&str])] = &[
            (
                r"(?i)(?-u:\b)(?:done|fixed|all set)(?-u:\b)",
                &[
                    "Done.",
                    "it is FIXED now",
                    "all  set",
                    "undone",
                    "“done” — yes",
                    "",
                ],
            ),
            (r"[0-9]{3,}", &["ab12", "ab123", "", "١٢٣"]),
            (r"(?m)^error:", &["x\nerror: y", "an error: y", "error:"]),
        ];
        for (pattern, texts) in cases {
            let matcher = Matcher::new(pattern).expect("compiles");
            let regex = regex::Regex::new(pattern).expect("compiles");
            let at_start = regex::Regex::new(&format!("^(?:{pattern})")).expect("compiles");
            for text in *texts {
                assert_eq!(
                    matcher.is_match(text),
                    Ok(regex.is_match(text)),
                    "{pattern} {text:?}"
                );
                assert_eq!(
                    matcher.is_match_at_start(text),
                    Ok(at_start.is_match(text)),
                    "{pattern} {text:?}"
                );
            }
        }
    }

    /// A Unicode word boundary next to a non-ASCII byte is an error, not a wrong answer.
    #[test]
    fn a_unicode_boundary_it_cannot_read_is_an_error() {
        let matcher = Matcher::new(r"\bdone\b").expect("compiles");
        assert!(matcher.is_match("it’s done").is_err());
        assert_eq!(matcher.is_match("it is done"), Ok(true));
    }

    /// A pattern that does not compile has no matcher.
    #[test]
    fn a_bad_pattern_has_none() {
        assert!(Matcher::new("(unclosed").is_none());
    }
}
