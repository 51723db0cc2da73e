//! The English the drafter and the validator read: one named table per concept (a decision, a
//! dead end, a completion claim, a hedge, a vague next action, a question or offer…), each a
//! pattern with examples it must match and examples it must not, all checked by one table test
//! (as [`crate::redact`] does for secrets).
//!
//! Eval's grader keeps its own word lists (`src/eval/score.rs`) on purpose: a grader that shared
//! these tables would agree with the tool by construction, and a regression in a table would
//! pass its own eval.

use regex::Regex;
use std::sync::OnceLock;

/// One vocabulary: a regex (compiled on first use) with examples.
pub(crate) struct Phrases {
    /// What the table recognises, for test messages.
    pub name: &'static str,
    /// The pattern. Tables that read prose are case-insensitive (`(?i)`).
    pub pattern: &'static str,
    /// Texts the pattern must match (read by the table test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub matches: &'static [&'static str],
    /// Texts it must not match: the near misses that made the table what it is (read by the
    /// table test).
    #[cfg_attr(not(test), allow(dead_code))]
    pub misses: &'static [&'static str],
    compiled: OnceLock<Regex>,
}

impl Phrases {
    const fn new(
        name: &'static str,
        pattern: &'static str,
        matches: &'static [&'static str],
        misses: &'static [&'static str],
    ) -> Phrases {
        Phrases {
            name,
            pattern,
            matches,
            misses,
            compiled: OnceLock::new(),
        }
    }

    /// The compiled pattern (the table test compiles every one, so this cannot fail at run
    /// time).
    pub(crate) fn regex(&self) -> &Regex {
        self.compiled
            .get_or_init(|| Regex::new(self.pattern).expect("phrase table pattern"))
    }

    /// Whether `text` holds one of the phrases.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        self.regex().is_match(text)
    }
}

impl std::fmt::Debug for Phrases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Phrases").field("name", &self.name).finish()
    }
}

/// The assistant chose something: "I'll use the csv module", "we decided to keep…".
pub(crate) static DECISION: Phrases = Phrases::new(
    "decision",
    r"(?i)\b(i'll use|i will use|i'm going to use|i'll go with|going with|i chose|i've chosen|i decided|decided to|we decided|i'd rather|i'd use|we'll use|we will use|prefer(?:s|red)? to|switch(?:ed|ing)? to|opt(?:ed|ing)? for|let's use|the fix is to)\b",
    &[
        "I'll use the standard library csv module.",
        "We decided to keep the old schema.",
        "Switched to pnpm because npm hit ERESOLVE.",
        "The fix is to read the keys lazily.",
    ],
    &[
        "The user uses the csv module.",
        "This function decides the outcome.",
    ],
);

/// "instead" / "rather than": a choice only when someone acts on it ([`AGENCY`]).
pub(crate) static ALTERNATIVE: Phrases = Phrases::new(
    "alternative",
    r"(?i)\b(instead|rather than)\b",
    &[
        "Install the v16 client instead.",
        "read the keys in load_settings rather than at import time",
    ],
    &["the insteadOf setting", "rather thank you"],
);

/// Someone acts (an imperative opening, or I/we will…): turns an [`ALTERNATIVE`] into a decision,
/// unlike a description of code ("it splits on ',' rather than calling parse_line").
pub(crate) static AGENCY: Phrases = Phrases::new(
    "agency",
    r"(?i)^(install|use|add|keep|read|point|move|replace|switch|put|store|call|run|pin|drop)\b|\b(i'll|i will|i'd|we'll|we will|let's|let me|we should|i'm going to|i made|i've made|i changed|i used|we used|i'm using|i am using)\b",
    &[
        "Install the v16 client instead.",
        "I'll read the keys in load_settings rather than at import time.",
        "Let me use the fixture instead.",
    ],
    &["It splits on ',' rather than calling parse_line."],
);

/// An approach that failed or was given up: "didn't work", "reverted", "dead end".
pub(crate) static DEAD_END: Phrases = Phrases::new(
    "dead end",
    r"(?i)(didn't work|doesn't work|does not work|did not work|won't work|isn't working|not working|failed because|fails because|\brejected\b|\babandon(?:ed|ing)?\b|\brevert(?:ed|ing)?\b|dead end|gave up|rolled back|roll back)",
    &[
        "The regex split didn't work because escaped quotes are not unescaped.",
        "I reverted the config change.",
        "That was a dead end.",
        "The migration failed because the column exists.",
    ],
    &["The tests work now.", "Reverse the list before printing."],
);

/// A question, or an offer or condition that decides nothing yet ("If you want, I can…",
/// "Should I also…", "Want me to…").
pub(crate) static QUESTION_OR_OFFER: Phrases = Phrases::new(
    "question or offer",
    r"\?|^(?:If |Should |Would |Do you |Want me)",
    &[
        "What's not working? (which error)",
        "If the build still fails, switch to the csv module.",
        "Want me to open a PR as well.",
        "Should we pin the version",
    ],
    &[
        "I'll use the csv module instead.",
        "Iffy fixtures were removed.",
    ],
);

/// Output that needs a person rather than the next agent: credentials, permissions, logins.
pub(crate) static NEEDS_A_PERSON: Phrases = Phrases::new(
    "needs a person",
    r"(?i)(permission denied|api[_ ]key|credential|unauthori[sz]ed|\b401\b|\b403\b|access denied|not logged in|login required|secret .* (not set|missing)|environment variable .* not set)",
    &[
        "Error: OPENAI_API_KEY environment variable is not set",
        "fatal: Authentication failed: 401 Unauthorized",
        "permission denied (publickey)",
        "npm ERR! code E403 403 Forbidden",
    ],
    &[
        "AssertionError: assert 2 == 1",
        "error[E0425]: cannot find value `x`",
        "port 4010 in use",
    ],
);

/// A line of command output that states the error (`FAILED …`, `error: …`, `ValueError: …`).
pub(crate) static ERROR_LINE: Phrases = Phrases::new(
    "error line",
    r"^(FAILED\b|ERROR\b|error(\[|:)|Error:|\w*(Error|Exception)\b:?|panicked|fatal:)",
    &[
        "FAILED tests/test_a.py::test_x - AssertionError",
        "error[E0425]: cannot find value `x` in this scope",
        "ModuleNotFoundError: No module named 'a'",
        "panicked at 'attempt to divide by zero', src/main.rs:2:5",
        "fatal: not a git repository",
    ],
    &[
        "collected 5 items",
        "  File \"a.py\", line 3, in <module>",
        "no errors found",
    ],
);

/// A line of output that shows the command failed, whatever its exit status claims (read when
/// the status is a pipe filter's): `fatal:` / `error:` lines, TypeScript's `error TS2339`, npm's
/// errors, runners' `FAILED`, Python tracebacks and exceptions, a missing command.
pub(crate) static FAILURE_SIGN: Phrases = Phrases::new(
    "failure sign",
    r"^\s*fatal:|^\s*(?:error|Error|ERROR)(?:\[[A-Z]?\d+\])?:|\berror TS\d+\b|^\s*npm (?:ERR!|error)|\bFAILED\b|^Traceback \(most recent call last\):|^(?:E\s+)?[A-Z][A-Za-z_.]*(?:Error|Exception): |: command not found$|is not recognized as an internal or external command",
    &[
        "fatal: destination path 'pup' already exists and is not an empty directory.",
        "src/a.ts:3:7 - error TS2339: Property 'x' does not exist",
        "error[E0425]: cannot find value `x` in this scope",
        "Traceback (most recent call last):",
        "E   ModuleNotFoundError: No module named 'a'",
        "test result: FAILED. 1 passed; 1 failed",
        "npm ERR! code ERESOLVE",
        "bash: pnpm: command not found",
    ],
    &[
        "Cloning into 'pup'...",
        "Compiled successfully",
        "no errors found",
        "the error handler logs and retries",
    ],
);

/// Weaker signs of an error in a line, used when no line is an [`ERROR_LINE`].
pub(crate) static ERROR_WORDS: Phrases = Phrases::new(
    "error words",
    r"(?i)error|fail|not found|no such",
    &[
        "Build FAILED.",
        "cd: contracts: No such file or directory",
        "command not found: pnpm",
    ],
    &["Compiled successfully", "5 passed in 0.2s"],
);

/// A claim that something passes or works.
pub(crate) static PASS_CLAIM: Phrases = Phrases::new(
    "pass claim",
    r"(?i)\b(?:pass|passes|passed|passing|green|succeeds?|succeeded|successful(?:ly)?|works|verified|all tests)\b|\bwork\s*(?:[.;,!]|$)|\bwork\s+(?:correctly|fine|now|again|as expected|end[- ]to[- ]end)\b",
    &[
        "pytest tests/test_auth.py passes (4/4)",
        "The suite is green.",
        "Login works end to end.",
        "Token refresh should work.",
        "Rotation works correctly now",
    ],
    &[
        "Rotation is implemented.",
        "Work on the cache next",
        "the password field",
    ],
);

/// A claim that something is done, without saying it passes.
pub(crate) static COMPLETION_CLAIM: Phrases = Phrases::new(
    "completion claim",
    r"(?i)\b(?:done|complete|completed|implemented|fixed|finished|resolved|working)\b",
    &[
        "Rotation is implemented.",
        "The parser bug is fixed",
        "Migration complete.",
    ],
    &["Implement rotation next", "The fixture files load."],
);

/// Words that take back or qualify a claim of success: "but", "not yet", "untested", "should".
pub(crate) static HEDGE: Phrases = Phrases::new(
    "hedge",
    r"(?i)\b(?:not|never|no longer|but|however|although|except|edited after|changed after|stale|re-?run|needs? to|to ?do|remaining|still|pending|untested|unverified|partial(?:ly)?|wip|blocked|yet|should|will|would|might|may|must|planned|missing|incomplete|broken|assum(?:e|ed|ing)|probably|fail(?:s|ed|ing|ure|ures)?|errors?)\b|n't\b|\[UNVERIFIED",
    &[
        "Rotation is implemented but untested.",
        "Cache is not yet wired",
        "Tests should pass after the fix.",
        "It doesn't compile",
        "passed before the edit; needs a re-run",
    ],
    &[
        "pytest: 12 passed in 0.4s",
        "Login flow via `pytest -k login` passes.",
    ],
);

/// "0 failed", "no failures": not a hedge, though it says "fail".
pub(crate) static NO_FAILURES: Phrases = Phrases::new(
    "no failures",
    r"(?i)\b(?:0|no|zero|without)\s+(?:tests?\s+)?(?:failed|failures?|failing|errors?)\b",
    &["12 passed, 0 failed", "no failures", "without errors"],
    &["1 failed", "10 failed"],
);

/// Words that make a claim about the test suite or the checks, so that the latest fitting run
/// may judge it when it cites nothing ("all tests are green", "the build is clean", "4/4").
pub(crate) static ABOUT_CHECKS: Phrases = Phrases::new(
    "about checks",
    r"(?i)\b(?:tests?|suites?|specs?|ci|build|builds|lint|typechecks?|type-checks?|compiles?|checks?)\b|\b\d+\s*/\s*\d+\b",
    &[
        "All tests are green.",
        "The build is clean",
        "4/4 green",
        "it compiles",
    ],
    &["Rotation is implemented.", "The docs are updated."],
);

/// A next action that says nothing concrete ("continue working on auth", "Next: finish the
/// frontend"), after an optional "Next:" / "Then" / "First," lead; group 1 is the phrase.
pub(crate) static VAGUE_NEXT_ACTION: Phrases = Phrases::new(
    "vague next action",
    r"(?i)^[^\p{Alphabetic}\p{N}]*(?:(?:next action:|next step:|next:|then,|then\b|now,|now\b|first,|first\b|next,)\s*)*(continue working on|continue work on|continue with|continue the|continue to|keep working on|keep going|keep on|carry on|proceed with|finish the|finish up|finish implementing|finish off|finalize the|complete the remaining|complete the rest|implement the remaining|implement remaining|implement the rest|fix the remaining|fix remaining|address the remaining|address remaining|work on|working on|look into|wrap up|tidy up|clean up the rest|polish|make progress on|pick up where)(?:[^\p{Alphabetic}\p{N}]|$)",
    &[
        "Continue working on auth.",
        "Next: finish the frontend components",
        "Then, keep going",
        "- work on the parser",
        "Polish",
    ],
    &[
        "Run `pytest tests/test_auth.py` and fix the first failure.",
        "Polishing the README is optional.",
        "Working directory is /srv/app",
        "Finish `parse_line` in csvio.py so that quoted fields pass",
    ],
);

/// Intent to create or move a file, so that a path that does not exist yet is no error
/// ("create `src/new.rs`", "split out `a.rs`").
pub(crate) static FUTURE_CREATION: Phrases = Phrases::new(
    "future creation",
    r"(?i)\b(create|creating|add|adding|new|write|writing|scaffold|generate|touch|introduce|split out|move .* to|rename .* to)\b",
    &[
        "Create `src/rotate.py` with the rotation helper",
        "Move the parser to `src/parse/mod.rs`",
        "a new `tests/test_rotate.py`",
    ],
    &["Fix `src/auth.py`", "Run `pytest`"],
);

/// Text a harness put in the user's place (tags, Claude Code's caveats and interruption marks):
/// never a request.
pub(crate) static HARNESS_TEXT: Phrases = Phrases::new(
    "harness text",
    r"^(?:<|Caveat:|\[Request interrupted)",
    &[
        "<command-name>/clear</command-name>",
        "Caveat: The messages below were generated by the user while running local commands.",
        "[Request interrupted by user]",
    ],
    &["Please fix the parser", "Caveats aside, fix it"],
);

/// A marker of unfinished code in a diff line; the match runs to the end of the line.
pub(crate) static TODO_MARKER: Phrases = Phrases::new(
    "todo marker",
    r"\b(TODO|FIXME|XXX|HACK)\b.*",
    &["# TODO: handle escaped quotes", "// FIXME retry on 429"],
    &["todo list", "XXXL sizes"],
);

/// Every table, for the table test.
#[cfg(test)]
static ALL: [&Phrases; 18] = [
    &DECISION,
    &ALTERNATIVE,
    &AGENCY,
    &DEAD_END,
    &QUESTION_OR_OFFER,
    &NEEDS_A_PERSON,
    &ERROR_LINE,
    &ERROR_WORDS,
    &FAILURE_SIGN,
    &PASS_CLAIM,
    &COMPLETION_CLAIM,
    &HEDGE,
    &NO_FAILURES,
    &ABOUT_CHECKS,
    &VAGUE_NEXT_ACTION,
    &FUTURE_CREATION,
    &HARNESS_TEXT,
    &TODO_MARKER,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_table_compiles_and_matches_its_examples() {
        for t in ALL {
            assert!(Regex::new(t.pattern).is_ok(), "{}: bad pattern", t.name);
            assert!(!t.matches.is_empty(), "{}: no positive example", t.name);
            assert!(!t.misses.is_empty(), "{}: no negative example", t.name);
            for m in t.matches {
                assert!(t.is_match(m), "{} should match {m:?}", t.name);
            }
            for m in t.misses {
                assert!(!t.is_match(m), "{} should not match {m:?}", t.name);
            }
        }
    }

    #[test]
    fn table_names_are_unique() {
        let mut names: Vec<&str> = ALL.iter().map(|t| t.name).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), ALL.len());
    }

    #[test]
    fn vague_next_action_names_the_phrase() {
        let c = VAGUE_NEXT_ACTION
            .regex()
            .captures("Then, Continue with the UI");
        assert_eq!(
            c.and_then(|c| c.get(1)).map(|m| m.as_str().to_lowercase()),
            Some("continue with".into())
        );
    }
}
