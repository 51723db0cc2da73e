//! The English the analysis, the drafter and the validator read: one named table per concept (a
//! decision, a dead end, a completion claim, a hedge, a vague next action, a question or offer, a
//! build that passed, a program that keeps running…), each a pattern with examples it must match
//! and examples it must not, all checked by one table test (as [`crate::redact`] does for
//! secrets). The tables describe how agents, people and tools write, not any one session.
//!
//! Eval's grader keeps its own word lists (`src/eval/score.rs`) on purpose: a grader that shared
//! these tables would agree with the tool by construction, and a regression in a table would
//! pass its own eval.

use crate::matcher::Matcher;
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
    matcher: OnceLock<Option<Matcher>>,
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
            matcher: OnceLock::new(),
        }
    }

    /// The compiled pattern (the table test compiles every one, so this cannot fail at run
    /// time), with [`ascii_boundaries`].
    pub(crate) fn regex(&self) -> &Regex {
        self.compiled.get_or_init(|| {
            Regex::new(&ascii_boundaries(self.pattern)).expect("phrase table pattern")
        })
    }

    /// Whether `text` holds one of the phrases: asked of the table's [`Matcher`] (most tables
    /// are only ever asked this), or of its regex when the matcher cannot answer.
    pub(crate) fn is_match(&self, text: &str) -> bool {
        let matcher = self
            .matcher
            .get_or_init(|| Matcher::new(&ascii_boundaries(self.pattern)));
        match matcher.as_ref().map(|m| m.is_match(text)) {
            Some(Ok(found)) => found,
            Some(Err(_)) | None => self.regex().is_match(text),
        }
    }
}

/// `pattern` with each `\b` an ASCII word boundary. With a Unicode one, the regex engine's
/// fast automaton stops at the first non-ASCII byte of a text (`’`, `—`, `…` are in most agent
/// messages) and a slow one reads it instead, which made phrase matching the largest cost of
/// reading a long session. The tables' phrases are English words: their boundaries are told
/// alike, except next to a non-ASCII letter (`skipé`), which no table's examples hold.
fn ascii_boundaries(pattern: &str) -> String {
    pattern.replace(r"\b", r"(?-u:\b)")
}

impl std::fmt::Debug for Phrases {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Phrases").field("name", &self.name).finish()
    }
}

/// The assistant chose something or commits to an approach: "I'll use the csv module", "we
/// decided to keep…", "I deliberately kept them out", "skipping the migration". "instead" and
/// "rather than" count only with [`AGENCY`] (see [`ALTERNATIVE`]).
pub(crate) static DECISION: Phrases = Phrases::new(
    "decision",
    r"(?i)\b(?:i'll use|i will use|i'm going to use|i'll go with|going with|i chose|i've chosen|i decided|decided to|we decided|i'd rather|i'd use|we'll use|we will use|prefer(?:s|red)? to|switch(?:ed|ing)? to|opt(?:ed|ing)? for|let's use|the fix is to|so (?:that )?i don't|to avoid|kept (?:out|apart|separate)|deliberately|on purpose|(?:no|not) (?:\w+ )?needed|skip(?:ping|ped)?)\b",
    &[
        "I'll use the standard library csv module.",
        "We decided to keep the old schema.",
        "Switched to pnpm because npm hit ERESOLVE.",
        "The fix is to read the keys lazily.",
        "I deliberately kept them out of both commits.",
        "so I don't accidentally discard any local provider setup",
        "Telemetry was already configured as anonymous, so there's no prompt needed.",
    ],
    &[
        "The user uses the csv module.",
        "This function decides the outcome.",
        "The tests pass.",
        "Let me look at the file.",
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

/// An approach that failed, was given up or turned out wrong: "didn't work", "reverted", "dead
/// end", "that wasn't the problem".
pub(crate) static DEAD_END: Phrases = Phrases::new(
    "dead end",
    r"(?i)(?:didn't work|doesn't work|does not work|did not work|won't work|isn't working|not working|failed because|fails because|could not (?:run|work|be)|couldn't (?:run|work|be)|can't be driven|\brejected\b|\babandon(?:ed|ing)?\b|\breverted\b|dead end|gave up|rolled back|roll back|not about .{1,60} at all|(?:wasn't|was not|isn't|is not) the (?:real )?(?:problem|issue|cause|fix)|turned out|that was wrong|i was wrong|not the right)",
    &[
        "The regex split didn't work because escaped quotes are not unescaped.",
        "I reverted the config change.",
        "That was a dead end.",
        "The migration failed because the column exists.",
        "The bundled export script could not run because WSL/bash is not installed.",
        "I found the real problem - it's not about Invoice Parser vs Document OCR at all!",
    ],
    &[
        "The tests work now.",
        "Reverse the list before printing.",
        "Now revert hardhat.config.js back to CJS and compile.",
        "The build works.",
        "It is not ready yet.",
    ],
);

/// A question, or an offer or condition that decides nothing yet ("If you want, I can…",
/// "Should I also…", "Want me to…").
pub(crate) static QUESTION_OR_OFFER: Phrases = Phrases::new(
    "question or offer",
    r"\?|^(?:If |Should |Would |Do you |Want me|Shall )",
    &[
        "What's not working? (which error)",
        "If the build still fails, switch to the csv module.",
        "Want me to open a PR as well.",
        "Should we pin the version",
        "Shall I push the branch",
    ],
    &[
        "I'll use the csv module instead.",
        "Iffy fixtures were removed.",
    ],
);

/// A failure only a person can fix: a missing tool, key, login or permission.
pub(crate) static NEEDS_A_PERSON: Phrases = Phrases::new(
    "needs a person",
    r"(?i)(not found on path|command not found|not installed|permission denied|api[_ ]?key|credential|unauthori[sz]ed|\b401\b|\b403\b|access denied|not logged in|login required|no installed distributions|secret .* (not set|missing)|environment variable .* not set)",
    &[
        "Error: OPENAI_API_KEY environment variable is not set",
        "fatal: Authentication failed: 401 Unauthorized",
        "permission denied (publickey)",
        "npm ERR! code E403 403 Forbidden",
        "error: `zerion` CLI not found on PATH.",
    ],
    &[
        "AssertionError: assert 2 == 1",
        "error[E0425]: cannot find value `x`",
        "port 4010 in use",
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

/// A claim that nothing is left uncommitted ("Working tree clean; all changes committed"),
/// which git status can contradict.
pub(crate) static CLEAN_TREE: Phrases = Phrases::new(
    "clean tree",
    r"(?i)\b(?:working\s+tree|work\s*tree|working\s+copy|working\s+directory|git\s+status|repo(?:sitory)?)\s+(?:is\s+)?(?:now\s+)?clean\b|\ball\s+(?:the\s+)?changes\s+(?:are\s+|were\s+|have\s+been\s+)?committed\b|\bnothing\s+(?:left\s+)?to\s+commit\b|\bno\s+uncommitted\s+changes\b",
    &[
        "Working tree clean; all changes committed.",
        "The repository is clean",
        "git status clean",
        "nothing to commit",
        "No uncommitted changes.",
        "All changes have been committed",
    ],
    &[
        "The working tree is not clean",
        "Commit all changes before merging",
        "Clean up the working tree",
        "2 uncommitted changes",
    ],
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

/// Whole messages that ask for nothing: greetings, acknowledgements, pings.
pub(crate) static GREETING: Phrases = Phrases::new(
    "greeting",
    r"(?i)^\W*(?:(?:yo+|hey+|hi+|hello+|hola|sup|wassup|whats? ?up|thanks?|thank you|thx|ty|ok(?:ay)?|k|cool|nice|great|good|perfect|yes|yeah|yep|y|no|nope|n|sure|continue|go on|go ahead|proceed|cls|ping|bro|man|dude|mate|there)\b\W*)+$",
    &[
        "yo wassup",
        "hey bro",
        "hellooooo",
        "yo",
        "ok",
        "Thanks!",
        "ok good",
    ],
    &[
        "ok can you address all the coderabbit comments",
        "yo fix the build",
        "now deploy it",
    ],
);

/// A role preamble a harness or prompt template puts first ("You are an expert frontend
/// engineer."): not what the user asks.
pub(crate) static ROLE_PREAMBLE: Phrases = Phrases::new(
    "role preamble",
    r"(?i)^you are (?:an?|the) (?:[\w-]+ ){0,4}(?:engineer|developer|programmer|assistant|agent|coder|architect|expert)\b[^.!?\n]*[.!?]?\s*",
    &[
        "You are an expert frontend software engineer. Write code.",
        "You are an autonomous programmer, and you're working",
    ],
    &[
        "You are auditing the AFI Protocol's core repository",
        "you are right",
    ],
);

/// SWE-agent's template around the issue: the issue is between the lead-in and `INSTRUCTIONS:`.
pub(crate) static ISSUE_TEMPLATE: Phrases = Phrases::new(
    "issue template",
    r"(?s)^\s*We're currently solving the following issue within our repository\. Here's the issue text:\s*(?:ISSUE:)?\s*(.*?)(?:\n\s*INSTRUCTIONS:.*)?$",
    &[
        "We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nSyntaxError: invalid syntax\n\nINSTRUCTIONS:\nNow, you're going to solve this issue",
    ],
    &["Solve the following issue: the parser fails"],
);

/// Lines a harness adds to a user turn (Cline's to-do reminders, task resumption notes, aider's
/// file prompts): dropped from the request.
pub(crate) static HARNESS_LINE: Phrases = Phrases::new(
    "harness line",
    r"(?i)^\s*(?:#\s*TODO LIST UPDATE REQUIRED|\[TASK RESUMPTION\]|Add (?:file|url) to the chat\?|Create new file\?|Allow edits to file|Run shell commands?\?|Add command output to the chat\?|Attempt to fix lint errors\?)",
    &[
        "Add file to the chat? (Y)es/(N)o [Yes]: all",
        "# TODO LIST UPDATE REQUIRED",
    ],
    &["Add a file for the cron jobs"],
);

/// A sentence that asks the owner to choose or confirm.
pub(crate) static QUESTION: Phrases = Phrases::new(
    "question to the owner",
    r"(?i)\b(?:want me to|should i\b|shall i\b|would you like|do you want|let me know (?:when|if|which|whether|once|how)|say the word|call it\b|your call|which (?:one|option)|tell me (?:which|when|if|whether)|ok to proceed|okay to proceed)",
    &[
        "Want me to (a) pull the trigger on items 1+2, (b) include the mock?",
        "Let me know when you want a separate `docs(roadmap)` commit for those.",
        "Would you like to:",
        "Should I run the migration now?",
    ],
    &[
        "I'll keep the ngrok tunnel running.",
        "Let me check the logs.",
    ],
);

/// The agent says something is already done or in place, so it leaves it: a judgement a
/// successor should know was the agent's ("The list is already sorted, so no changes are
/// needed"), not a decision, and not its own work ("I've already committed it").
pub(crate) static ALREADY_DONE: Phrases = Phrases::new(
    "already done",
    r"(?i)(?:\b(?:is|are|was|were|seems?|appears?(?: to be)?|looks)\s+already\b|\b(?:it|that|this|everything)'s\s+already\b|\balready (?:configured|set up|installed|in place|sorted|ordered|present|exists?|done|handled|up to date|correct|enabled|defined)\b)",
    &[
        "Telemetry was already configured as anonymous, so there's no prompt needed.",
        "The bulleted list under \"Usage\" is already alphabetically sorted, so no changes are needed there.",
        "Good, telemetry already configured.",
        "The `.env` entry appears to be already in place.",
        "That's already handled by the retry wrapper.",
    ],
    &[
        "I've already committed the fix.",
        "We already ran the migration.",
        "There's already an `opencode.json`, but not the requested `opencode.jsonc`.",
        "Already on 'main'",
        "Sorted the list alphabetically.",
    ],
);

/// A request sentence that asks for a change (to the files it names), as opposed to naming a
/// file to read, run or take input from ("decrypt the message in `msg.enc`").
pub(crate) static CHANGE_ASKED: Phrases = Phrases::new(
    "a change asked for",
    r"(?i)\b(?:fix|edit|update|change|modify|add|append|insert|remove|delete|drop|rename|refactor|rewrite|write|implement|create|replace|move|convert|migrate|sort|reorder|clean ?up|bump|patch|extend|document)(?:e?s|e?d|ing)?\b",
    &[
        "Please fix `parse_line` in tally/csvio.py and get the test suite green.",
        "Update README.md with the new flags.",
        "Add a section on naming to CONVENTIONS.md",
        "rewrite dashboard.py so it uses the new API",
        "Sort the list in readme.md alphabetically.",
    ],
    &[
        "Decrypt the message in msg.enc and find the flag.",
        "What does multi.py do?",
        "Read config.yaml and tell me which port it uses.",
        "The challenge files are chall.py and output.txt.",
        "Run tests/test_api.py and report the result.",
    ],
);

/// A statement that the session changed something (past tense: "added a guard to `multi.py`",
/// "rewrote the parser in `src/a.py`"): in a Decisions item it claims a change of the files it
/// names, which the session's edits must show.
pub(crate) static CHANGE_DONE: Phrases = Phrases::new(
    "a change made",
    r"(?i)^\s*(?:(?:we|i|the agent|aider|it)\s+)?(?:added|changed|rewrote|rewritten|fixed|removed|deleted|replaced|renamed|moved|edited|updated|modified|refactored|created|wrote|inserted|appended|patched|converted|extracted)\b",
    &[
        "Added an `if __name__ == \"__main__\": main()` guard to `multi.py` so the script runs",
        "Replaced the inline `dagStubs` placeholder in `dist/index.js`",
        "We moved the config loader into `src/config.py`",
    ],
    &[
        "Kept SQLite rather than Postgres",
        "Not changed: `multi.py` was only read",
        "Use the added `--json` flag of `tool.py`",
        "The owner added `CONVENTIONS.md` before the session",
    ],
);

/// A claim about one run of several by its place ("the first `pytest` run", "on the second
/// attempt"); group 1 is the ordinal.
pub(crate) static ORDINAL_RUN: Phrases = Phrases::new(
    "one run by its place",
    r"(?i)\b(first|initial|second|third)\s+(?:run|attempt|try|call|invocation|time)\b",
    &[
        "The first   run printed the flag",
        "passed on the second attempt",
        "the initial run failed",
    ],
    &[
        "First, run the tests",
        "the first test passes",
        "runs first",
    ],
);

/// A claim that quotes what a run printed ("the preamble printed `TELEMETRY: anonymous`").
pub(crate) static PRINTED: Phrases = Phrases::new(
    "what a run printed",
    r"(?i)\b(?:printed|prints|output|outputs|showed|shows|reported|reports|logged|logs|returned|returns|answered|answers|echoed|echoes)\b",
    &[
        "the preamble printed `TELEMETRY: anonymous`",
        "`git remote -v` shows the origin",
        "the server logs `Listening on :5001`",
    ],
    &[
        "All files are committed in an initial commit on `master`",
        "The deposit through `/api/vault/deposit` works end to end",
    ],
);

/// A sentence that hands work to the person.
pub(crate) static HANDOFF: Phrases = Phrases::new(
    "handed to the person",
    r"(?i)\b(?:you(?:'ll| will|'d| would)? need to|you(?:'d| would)? have to|you should|you must|make sure (?:you|to)|remember to|don't forget to|do not forget to|manually|on your side|replace [^.]{1,80} with your|before using|once you(?:'ve| have)?|after you)\b",
    &[
        "You'll need to update the Web3Auth dashboard verifier's JWKS URL",
        "replace `sk-ai-v1-your-key-here` with your real ZenMux API key before using:",
        "Run it manually after the deploy",
        "To run the game, you would need to:",
    ],
    &[
        "I updated the verifier.",
        "The build passes.",
        "I would need to read the file first.",
    ],
);

/// A request for instructions: the answer is steps for the person.
pub(crate) static STEPS_REQUEST: Phrases = Phrases::new(
    "steps request",
    r"(?i)\b(?:give me (?:the )?steps|what (?:are the )?steps|steps to|how do i|how can i|how to|how should i|walk me through|instructions|guide me|no (?:fuckin\w* |fucking )?idea how)\b",
    &[
        "give me the steps to deploy it",
        "How do I get the API key?",
        "walk me through the setup",
    ],
    &["The steps pass.", "Deploy it now"],
);

/// Headings over steps that are the person's to do.
pub(crate) static HANDOFF_HEADING: Phrases = Phrases::new(
    "handoff heading",
    r"(?i)\b(?:next steps?|manual|to ?do|action items?|what you need|your side|for you|you need|the fix|how to fix|setup|set up|steps)\b",
    &["Next Steps (manual)", "The Fix:", "What you need to do"],
    &["Contracts (`contracts/`)", "Summary"],
);

/// Verbs a step for the person starts with.
pub(crate) static IMPERATIVE: Phrases = Phrases::new(
    "imperative step",
    r"(?i)^(?:\*\*)?(?:add|go|open|find|create|set|update|replace|run|install|deploy|get|copy|paste|export|enable|disable|configure|point|restart|redeploy|upload|sign|log ?in|choose|pick|give|grant|fund|top up|rotate|register|connect|download|make|put|move|mark|remove|delete|check|verify|test|review|ask|tell|send|write|edit|fix)\b",
    &[
        "Add your private key to `contracts/.env`",
        "Create a JSON key",
        "Go to Vercel",
    ],
    &["All 69 tests pass", "The registry has 2 devices"],
);

/// A diagnosis: what the problem is, or why something happens.
pub(crate) static FINDING: Phrases = Phrases::new(
    "finding",
    r"(?i)(?:^\W*(?:the )?(?:real|actual|root|main|underlying) (?:problem|issue|cause|culprit)\b|\bfound the (?:real |actual |root )?(?:problem|issue|bug|cause|culprit)\b|\bthe (?:real |actual |root )?(?:problem|issue|cause) (?:is|was)\b|root cause (?:is|was|found|:)|\bthat's (?:why|the problem|the issue)\b|this explains|that explains|explains why|caused by|is why\b)",
    &[
        "That's why you're getting PERMISSION_DENIED",
        "The root cause is a stale cache.",
        "I found the real problem",
    ],
    &[
        "Let me check the logs.",
        "The tests pass.",
        "Let me check the API logs to understand the issue.",
        "It rethrows real errors so the UI can show the actual cause.",
    ],
);

/// A claim that work is finished or that something works.
pub(crate) static COMPLETION: Phrases = Phrases::new(
    "completion or success",
    r"(?i)\b(?:done|complete[d]?|implemented|fixed|resolved|works|working|passe[sd]|passing|succeed(?:s|ed)?|successful(?:ly)?|all set|ready|fully [\w-]+|no [\w.`-]+(?: [\w.`()*,-]+){0,6} (?:was |were )?(?:found|needed|required)|no changes are needed)\b",
    &[
        "After scanning all provided files under dist/, no CommonJS usage (require, module.exports) was found.",
        "Test 2 PASSED!",
        "Your dist/ folder is fully ESM-compliant.",
        "Everything is complete.",
    ],
    &["Let me run the tests.", "It does not build yet"],
);

/// The agent says its check was a simulation, not the real thing.
pub(crate) static SIMULATED: Phrases = Phrases::new(
    "simulated",
    r"(?i)\bsimulat(?:e|ed|es|ing|ion)\b",
    &[
        "To simulate a second device, I'll clear the keypair",
        "New (simulated 2nd device)",
    ],
    &["The similar code"],
);

/// A statement of intent that the session stopped before carrying out.
pub(crate) static INTENT: Phrases = Phrases::new(
    "intent",
    r"(?i)\b(?:i(?:'ll| will)|i'm (?:going to|now|\w+ing)|next,? i|then i(?:'ll| will)|before i \w+|let me|now (?:i'll|let me))\b",
    &[
        "Next I'm exporting the transcript, then I'll read the git history.",
        "I'm doing one more pass before I draft the reply.",
        "I'm copying the log into the project root now.",
    ],
    &[
        "The export failed.",
        "I'm sure the file is there.",
        "Before that, the build passed.",
    ],
);

/// A program that keeps running: dev servers, tunnels, watchers.
pub(crate) static LONG_RUNNING: Phrases = Phrases::new(
    "long running",
    r"(?i)(?:\b(?:npm|pnpm|yarn|bun)\b[^|;&]*\b(?:dev|start|serve|preview|watch)\b|\bnext (?:dev|start)\b|\bvite(?:\s|$)|\bngrok\b|\bcloudflared\b|\blocaltunnel\b|\blt --port\b|\buvicorn\b|\bgunicorn\b|\bflask run\b|\brails s(?:erver)?\b|\bhttp\.server\b|\bdocker(?:-| )compose up\b|\bnodemon\b|\bwebpack serve\b|\bcargo watch\b|\bhardhat node\b|\banvil\b)",
    &[
        "pnpm --filter api dev",
        "ngrok http 3000 --log=stdout 2>&1 &",
        "npm run dev -- --port 3000",
        "npx vite",
    ],
    &[
        "pnpm --filter web build",
        "npm run devtools-check",
        "git status",
    ],
);

/// A tunnel: what it forwards is reachable from outside only while it runs.
pub(crate) static TUNNEL: Phrases = Phrases::new(
    "tunnel",
    r"(?i)\b(?:ngrok|cloudflared|localtunnel|lt --port)\b",
    &["ngrok http 3000"],
    &["pnpm dev"],
);

/// The harness's note that a command was started in the background, with its id.
pub(crate) static BACKGROUND_ID: Phrases = Phrases::new(
    "background id",
    r"(?i)(?:running in background with ID|background (?:shell|task) (?:id|started)):?\s*([A-Za-z0-9_-]+)",
    &["Command running in background with ID: b7d1d23. Output is being written to: /tmp/x"],
    &["running tests"],
);

/// Files an agent tool keeps for itself: not the session's work.
pub(crate) static BOOKKEEPING: Phrases = Phrases::new(
    "bookkeeping file",
    r"(?:^|/)(?:\.aider[\w.-]*|\.handoff/.*|\.claude/settings\.local\.json)$",
    &[
        ".aider.chat.history.md",
        ".aider.input.history",
        ".handoff/20260101-x.md",
    ],
    &["src/aider.py", "README.md"],
);

/// Local configuration that repositories usually ignore (`.env`, `*.local`).
pub(crate) static LOCAL_CONFIG: Phrases = Phrases::new(
    "local config file",
    r"(?:^|/)(?:\.env(?:\.(?:local|development|production|test|dev|prod|staging)(?:\.local)?)?|[\w.-]+\.local(?:\.\w+)?)$",
    &[
        "apps/api/.env",
        ".env.local",
        "frontend/.env.local",
        "config.local.json",
    ],
    &[".env.example", "src/env.ts", "environment.md"],
);

/// Output that shows a build, check or test run succeeded.
pub(crate) static OUTPUT_PASS: Phrases = Phrases::new(
    "output pass",
    r"(?im)(?:compiled successfully|\bcompiled \d+ [\w ]*files? successfully|build succeeded|build successful|\bbuilt in \d|✓ \d+ modules transformed|^\s*\d+ passing\b|\btests?:\s+\d+ passed(?:, \d+ total)?\s*$|^=+ \d+ passed|\ball tests passed\b|test result: ok\b|finished `[\w-]+` profile|^\s*route \(app\)|\b0 errors?\b|\bno errors found\b|\bsuccessfully (?:built|compiled|deployed)\b)",
    &[
        " ✓ Compiled successfully in 17.3s",
        "Compiled 3 Solidity files successfully (evm target: paris).",
        "  69 passing (2s)",
        "✓ 852 modules transformed.",
        "Tests:       12 passed, 12 total",
    ],
    &["Compiling...", "no tests ran"],
);

/// Output of a package manager that installed what it was asked to (npm, pnpm, yarn, bun, pip,
/// uv, bundler): read only for an install command, whose own line it is.
pub(crate) static INSTALL_PASS: Phrases = Phrases::new(
    "install pass",
    r"(?im)(?:^\s*(?:added|removed|changed) \d+ packages?\b|^\s*up to date, audited \d+ packages?|^\s*Successfully installed \S|^\s*(?:✨\s*)?Done in \d|^\s*Packages: \+\d+|^\s*(?:Installed|Audited) \d+ packages? in \d|^\s*Installing dependencies from lock file\b.*\n(?:.*\n)*?\s*(?:Installing the current project|No dependencies to install)|^\s*Bundle complete!)",
    &[
        "\nadded 87 packages, and audited 88 packages in 16s\n\nfound 0 vulnerabilities",
        "up to date, audited 120 packages in 1s",
        "Successfully installed requests-2.32.3 urllib3-2.2.2",
        "✨  Done in 3.21s.",
        "Packages: +12\n++++++++++++",
        "Installed 5 packages in 12ms",
        "Bundle complete! 12 Gemfile dependencies, 40 gems now installed.",
    ],
    &[
        "npm error code ERESOLVE",
        "ERROR: Could not find a version that satisfies the requirement foo",
        "the 3 packages added to package.json need an install",
    ],
);

/// Output that shows a failure: the first line that matches is quoted as the error.
pub(crate) static OUTPUT_FAIL: Phrases = Phrases::new(
    "output fail",
    r"(?m)(?:^\s*(?:error(?:\[\w+\])?:|Error:|ERROR\b|FAILED\b|FAIL\b|fatal:|npm ERR!|npm error|Traceback \(most recent call last\)|SyntaxError|TypeError|ReferenceError|ModuleNotFoundError|ImportError|AssertionError|panicked at)|\berror TS\d+|\b[1-9]\d* (?:failing|failed)\b|Failed to compile|Build failed|command not found|No such file or directory|\bnot found on PATH\b)",
    &[
        "error: `zerion` CLI not found on PATH.",
        "src/a.ts(3,1): error TS2304: Cannot find name 'x'.",
        "  1 failing",
        "sh: eslint: command not found",
        "Traceback (most recent call last):",
    ],
    &[
        "0 failed",
        "warning: ZERION_API_KEY is not set",
        "✓ Compiled successfully",
    ],
);

/// An echoed exit status (`…; echo "exit=$?"`).
pub(crate) static ECHOED_EXIT: Phrases = Phrases::new(
    "echoed exit",
    r"(?im)^\s*exit(?:[ _]?code)?\s*[:=]\s*(-?\d+)\s*$",
    &["error\nexit=2\n", "EXIT_CODE: 0"],
    &["exit 1 when the file is missing", "exit=$?"],
);

/// A host or service could not be reached.
pub(crate) static UNREACHABLE: Phrases = Phrases::new(
    "unreachable",
    r"(?i)(?:connection refused|could not resolve host|econnrefused|enotfound|fetch failed|failed to connect|no route to host|network is unreachable|curl: \(\d+\))",
    &["curl: (7) Failed to connect", "TypeError: fetch failed"],
    &["ok"],
);

/// The model or its API failed, so the agent could not answer.
pub(crate) static MODEL_ERROR: Phrases = Phrases::new(
    "model error",
    r"(?i)(?:api error|invalid_request_error|failed to create stream|resource_exhausted|rate.?limit|overloaded|status(?: code)? (?:4\d\d|5\d\d)|\b(?:400|401|429|500|502|503|529) (?:bad request|unauthorized|too many|internal|service)|authenticationerror|apiconnectionerror|ollamaexception|inference request failed|model requires more system memory|model .{0,40}not (?:found|available))",
    &[
        "API Error: 400 {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\"",
        "Failed to create stream: inference request failed",
        "litellm.APIConnectionError: OllamaException - Server disconnected without sending a response.",
        "{\"error\":\"model requires more system memory (5.7 GiB) than is available (5.4 GiB)\"}",
    ],
    &["Bash: Exit code 1"],
);

/// Code that stands in for work not done: a page "under construction", "Chart Placeholder",
/// `raise NotImplementedError`, `todo!()`. (An HTML `placeholder=` attribute is not one; TODO
/// comments are the `todos` loop's, on the uncommitted diff.)
pub(crate) static STUB_MARKER: Phrases = Phrases::new(
    "stub marker",
    r#"(?i)\bunder construction\b|\bcoming soon\b|\bnot (?:yet )?implemented\b|\bplaceholder\b[^=:"'\w-]|\bplaceholder$|\blorem ipsum\b|\braise\s+NotImplementedError\b|\btodo!\(|\bunimplemented!\("#,
    &[
        "<p className=\"text-gray-500\">This page is under construction.</p>",
        "            Chart Placeholder (Sales Details)",
        "    raise NotImplementedError",
        "  throw new Error('Not implemented: signalProcessingDAG');",
        "fn parse() { todo!() }",
    ],
    &[
        "            placeholder=\"Search...\"",
        "  placeholder: 'Email',",
        "const placeholderImage = url;",
        "className=\"uppercase placeholder-white\"",
        "// TODO: cache this",
        "        except NotImplementedError:",
        "        # Keep behavior aligned with app.py, which maps NotImplementedError to 501.",
    ],
);

/// A line that opens a conditional branch: what follows it runs only sometimes.
pub(crate) static CONDITION_LINE: Phrases = Phrases::new(
    "condition line",
    r"^(?:\}\s*)?(?:if\b|elif\b|else\b|unless\b|when\b|case\b|except\b|catch\b|guard\b)",
    &[
        "if not OPENROUTER_API_KEY:",
        "} else {",
        "elif mode == 'fast':",
        "if (!token) {",
    ],
    &[
        "raise NotImplementedError",
        "return value",
        "def handler(self):",
    ],
);

/// Tools that write commits through an API rather than git (GitHub's MCP server and the like):
/// a commit made in the session's time may be the session's own though no `git commit` ran.
pub(crate) static API_COMMIT_TOOL: Phrases = Phrases::new(
    "api commit tool",
    r"\b(?:push_files|create_or_update_file|create_commit|commit_files|update_file_contents)\b",
    &[
        "push_files: MCP tool 'push_files' reported tool error",
        "I'll create README.md with create_or_update_file first.",
    ],
    &["git push origin main", "create_repository failed: 422"],
);

/// A line of program source rather than a shell command: a code block holding one is a file or
/// a snippet, not commands for the person to run.
pub(crate) static SOURCE_CODE_LINE: Phrases = Phrases::new(
    "source code line",
    r"(?m)^\s*(?:(?:from\s+\S+\s+)?import\s|def\s+\w+\s*\(|class\s+\w+|(?:pub\s+)?fn\s+\w+|(?:export\s+)?(?:const|let|var)\s+\w+\s*=|(?:export\s+)?(?:async\s+)?function\b|return\b|#include\b|package\s+\w+;?$)",
    &[
        "from typing import List, Dict",
        "import dataclasses",
        "    def _node_parse(self, state):",
        "class DocumentProcessor:",
        "const x = require('y');",
        "export async function main() {",
    ],
    &[
        "pip install -r requirements.txt",
        "npm run build",
        "python -m pytest -q",
        "git commit -m \"import fix\"",
        "solana config set --url devnet",
    ],
);

/// Tools that change something outside the workspace (a hosting service's repositories, pull
/// requests, issues, releases, deployments), matched on the tool's own name (an MCP server's
/// prefix removed): their effect is evidence git here and the file edits cannot show.
pub(crate) static REMOTE_WRITE_TOOL: Phrases = Phrases::new(
    "remote write tool",
    r"^(?:push_files|create_or_update_file|delete_file|create_commit|commit_files|update_file_contents|create_repository|fork_repository|create_branch|create_pull_request|update_pull_request|merge_pull_request|create_pull_request_review|create_issue|update_issue|add_issue_comment|create_release|deploy\w*|publish\w*)$",
    &[
        "push_files",
        "create_pull_request",
        "merge_pull_request",
        "deploy_to_vercel",
    ],
    &[
        "get_file_contents",
        "list_issues",
        "search_repositories",
        "read_file",
        "get_node_tree",
    ],
);

/// A model server that cannot answer at all (a local Ollama or llama.cpp out of memory, down, or
/// cut off): unlike a bad request or a rate limit, it stops the next session too until fixed.
pub(crate) static MODEL_SERVER_DOWN: Phrases = Phrases::new(
    "model server down",
    r"(?i)apiconnectionerror|ollamaexception|model requires more system memory|llama runner process has terminated|\[errno 111\] connection refused|server disconnected without sending",
    &[
        "litellm.APIConnectionError: OllamaException - [Errno 111] Connection refused",
        "{\"error\":\"model requires more system memory (5.7 GiB) than is available (5.4 GiB)\"}",
    ],
    &[
        "API Error: 400 invalid_request_error: Invalid model: claude-sonnet-4.6",
        "429 Too Many Requests: rate limit reached",
    ],
);

/// Commands that install or change dependencies: what changed between a failure and a pass.
pub(crate) static INSTALL: Phrases = Phrases::new(
    "install command",
    r"(?i)\b(?:(?:npm|pnpm|yarn|bun) (?:install|i|add|remove|uninstall|ci)|pip3? install|uv (?:add|pip|sync)|poetry (?:add|install)|cargo (?:add|update)|go (?:get|mod tidy)|bundle install|gem install|brew install|apt(?:-get)? install|npm pkg set)\b",
    &[
        "npm install --save-dev hardhat@^2.22.0",
        "pnpm add zod",
        "npm pkg set type=module",
    ],
    &["npm run build", "npm test"],
);

/// Slash commands that steer the tool rather than ask for work (`/model`, `/clear`…).
pub(crate) const HARNESS_COMMANDS: &[&str] = &[
    "model",
    "clear",
    "compact",
    "config",
    "cost",
    "help",
    "login",
    "logout",
    "status",
    "resume",
    "memory",
    "permissions",
    "add-dir",
    "agents",
    "mcp",
    "doctor",
    "exit",
    "bye",
    "quit",
    "hooks",
    "ide",
    "vim",
    "theme",
    "context",
    "usage",
    "add",
    "drop",
    "ls",
    "undo",
    "git",
    "tokens",
    "map",
    "settings",
    "reset",
    "chat-mode",
    "architect",
    "ask",
    "code",
    "voice",
    "web",
    "lint",
    "test",
    "read-only",
    "copy",
    "paste",
    "editor",
    "multiline-mode",
    "think-tokens",
    "reasoning-effort",
];

/// A claim that places itself in an earlier part of a long history (an aider history file holds
/// every launch; a note covers the last): "in an earlier launch", "previously", "the first
/// launch", "launch 3 of 9". A claim that cites only older evidence must say so.
pub(crate) static EARLIER_PART: Phrases = Phrases::new(
    "earlier part",
    r"(?i)\b(?:earlier|previous(?:ly)?|prior|older|past)\b|\b(?:first|other) launch(?:es)?\b|\blaunch(?:es)? \d+\b|\bbefore (?:this|the last|the current|the latest) launch\b",
    &[
        "Earlier launches: Zod schemas added (ValidatorMetadataSchema)",
        "The first launch failed with AuthenticationError (fake-api-key)",
        "schemas/index.ts was created in launch 2 of 9",
        "previously committed as `feat: sync-afi`",
        "before this launch the history already held 8 launches",
    ],
    &[
        "`schemas/validator_metadata_schema.ts` — Zod schema added to a formerly empty file",
        "The log shows a LiteLLM AuthenticationError: LM Studio was called with `fake-api-key`",
        "Run the tests before committing",
    ],
);

/// The agent says what running a program prints or does without having run it: "When executed,
/// the script would output:", "running it will print the total". A prediction, not a result.
pub(crate) static PREDICTED_RUN: Phrases = Phrases::new(
    "predicted run",
    r"(?i)\b(?:when|if) (?:it is |it's )?(?:executed|run)\b[^.]*\b(?:outputs?|prints?|would|will)\b|\b(?:would|will) (?:output|print|display)\b|\brunning it (?:would|will)\b",
    &[
        "When executed, the script would output:",
        "If run, it prints Hello World! and then Ok.",
        "The script would print the sum of both numbers.",
        "Running it will start the server on port 5001.",
    ],
    &[
        "I would run the tests next.",
        "Run `python multi.py` to see the output.",
        "printHelloWorld() prints the string Hello World!",
        "The build passed.",
    ],
);

/// Directories that hold generated build output: edits there are overwritten by a rebuild.
pub(crate) const BUILD_OUTPUT_DIRS: &[&str] = &[
    "dist",
    "build",
    "out",
    ".next",
    "target",
    "__pycache__",
    "coverage",
    ".nuxt",
    ".svelte-kit",
];

/// Every table, for the table test.
#[cfg(test)]
static ALL: [&Phrases; 55] = [
    &API_COMMIT_TOOL,
    &CONDITION_LINE,
    &SOURCE_CODE_LINE,
    &REMOTE_WRITE_TOOL,
    &STUB_MARKER,
    &MODEL_SERVER_DOWN,
    &PREDICTED_RUN,
    &EARLIER_PART,
    &DECISION,
    &CHANGE_ASKED,
    &ALREADY_DONE,
    &ALTERNATIVE,
    &AGENCY,
    &DEAD_END,
    &QUESTION_OR_OFFER,
    &NEEDS_A_PERSON,
    &FAILURE_SIGN,
    &PASS_CLAIM,
    &COMPLETION_CLAIM,
    &HEDGE,
    &NO_FAILURES,
    &ABOUT_CHECKS,
    &VAGUE_NEXT_ACTION,
    &CLEAN_TREE,
    &FUTURE_CREATION,
    &HARNESS_TEXT,
    &TODO_MARKER,
    &GREETING,
    &ROLE_PREAMBLE,
    &ISSUE_TEMPLATE,
    &HARNESS_LINE,
    &QUESTION,
    &HANDOFF,
    &STEPS_REQUEST,
    &HANDOFF_HEADING,
    &IMPERATIVE,
    &FINDING,
    &COMPLETION,
    &SIMULATED,
    &INTENT,
    &LONG_RUNNING,
    &TUNNEL,
    &BACKGROUND_ID,
    &BOOKKEEPING,
    &LOCAL_CONFIG,
    &OUTPUT_PASS,
    &OUTPUT_FAIL,
    &ECHOED_EXIT,
    &UNREACHABLE,
    &MODEL_ERROR,
    &INSTALL,
    &INSTALL_PASS,
    &CHANGE_DONE,
    &ORDINAL_RUN,
    &PRINTED,
];

#[cfg(test)]
mod tests {
    use super::*;

    /// ASCII word boundaries give every table's examples the answer Unicode ones give, also
    /// between the non-ASCII punctuation agents write.
    #[test]
    fn ascii_boundaries_answer_as_unicode_ones() {
        for t in ALL {
            let unicode = Regex::new(t.pattern).unwrap();
            for example in t.matches.iter().chain(t.misses) {
                for text in [
                    example.to_string(),
                    format!("— {example} …"),
                    format!("“{example}”"),
                    format!("’{example}’"),
                ] {
                    assert_eq!(
                        t.is_match(&text),
                        unicode.is_match(&text),
                        "{}: {text:?}",
                        t.name
                    );
                }
            }
        }
        assert_eq!(
            ascii_boundaries(r"(?i)\bdone\b"),
            r"(?i)(?-u:\b)done(?-u:\b)"
        );
    }

    /// Every table gets the cheap automaton, which answers each example (also wrapped in
    /// non-ASCII punctuation) as the table's regex does.
    #[test]
    fn every_table_is_answered_by_its_matcher_as_by_its_regex() {
        for t in ALL {
            let matcher = Matcher::new(&ascii_boundaries(t.pattern));
            let Some(matcher) = matcher else {
                panic!("{}: no automaton", t.name)
            };
            for example in t.matches.iter().chain(t.misses) {
                for text in [example.to_string(), format!("— {example} …\n{example}")] {
                    assert_eq!(
                        matcher.is_match(&text),
                        Ok(t.regex().is_match(&text)),
                        "{}: {text:?}",
                        t.name
                    );
                }
            }
        }
    }

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

    #[test]
    fn captures_name_the_issue_and_the_exit_status() {
        let issue = ISSUE_TEMPLATE.regex().captures(ISSUE_TEMPLATE.matches[0]);
        assert_eq!(
            issue.and_then(|c| c.get(1)).map(|m| m.as_str().trim()),
            Some("SyntaxError: invalid syntax")
        );
        let code = ECHOED_EXIT.regex().captures("error\nexit=2\n");
        assert_eq!(code.and_then(|c| c.get(1)).map(|m| m.as_str()), Some("2"));
        let job = BACKGROUND_ID.regex().captures(BACKGROUND_ID.matches[0]);
        assert_eq!(
            job.and_then(|c| c.get(1)).map(|m| m.as_str()),
            Some("b7d1d23")
        );
    }
}
