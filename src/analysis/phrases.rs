//! The vocabularies the analysis reads prose and output with: one named table each, every one
//! tested by examples that must and must not match (below). They describe how agents and people
//! write, not any one session.

use regex::Regex;
use std::sync::LazyLock;

fn re(pattern: &str) -> Regex {
    Regex::new(pattern).expect("static regex")
}

/// Whole messages that ask for nothing: greetings, acknowledgements, pings.
pub static GREETING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\W*(?:(?:yo+|hey+|hi+|hello+|hola|sup|wassup|whats? ?up|thanks?|thank you|thx|ty|ok(?:ay)?|k|cool|nice|great|good|perfect|yes|yeah|yep|y|no|nope|n|sure|continue|go on|go ahead|proceed|cls|ping|bro|man|dude|mate|there)\b\W*)+$")
});

/// A role preamble a harness or prompt template puts first ("You are an expert frontend
/// engineer."): not what the user asks.
pub static ROLE_PREAMBLE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^you are (?:an?|the) (?:[\w-]+ ){0,4}(?:engineer|developer|programmer|assistant|agent|coder|architect|expert)\b[^.!?\n]*[.!?]?\s*")
});

/// SWE-agent's template around the issue: the issue is between the lead-in and `INSTRUCTIONS:`.
pub static ISSUE_TEMPLATE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?s)^\s*We're currently solving the following issue within our repository\. Here's the issue text:\s*(?:ISSUE:)?\s*(.*?)(?:\n\s*INSTRUCTIONS:.*)?$")
});

/// Lines a harness adds to a user turn (Cline's to-do reminders, task resumption notes, aider's
/// file prompts): dropped from the request.
pub static HARNESS_LINE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^\s*(?:#\s*TODO LIST UPDATE REQUIRED|\[TASK RESUMPTION\]|Add (?:file|url) to the chat\?|Create new file\?|Allow edits to file|Run shell commands?\?|Add command output to the chat\?|Attempt to fix lint errors\?)")
});

/// Slash commands that steer the tool rather than ask for work (`/model`, `/clear`…).
pub const HARNESS_COMMANDS: &[&str] = &[
    "model", "clear", "compact", "config", "cost", "help", "login", "logout", "status", "resume",
    "memory", "permissions", "add-dir", "agents", "mcp", "doctor", "exit", "bye", "quit", "hooks",
    "ide", "vim", "theme", "context", "usage", "add", "drop", "ls", "undo", "git", "tokens",
    "map", "settings", "reset", "chat-mode", "architect", "ask", "code", "voice", "web", "lint",
    "test", "read-only", "copy", "paste", "editor", "multiline-mode", "think-tokens", "reasoning-effort",
];

/// A sentence that asks the owner to choose or confirm.
pub static QUESTION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:want me to|should i\b|shall i\b|would you like|do you want|let me know (?:when|if|which|whether|once|how)|say the word|call it\b|your call|which (?:one|option)|tell me (?:which|when|if|whether)|ok to proceed|okay to proceed)")
});

/// A sentence that hands work to the person.
pub static HANDOFF: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:you(?:'ll| will)? need to|you(?:'d| would)? have to|you should|you must|make sure (?:you|to)|remember to|don't forget to|do not forget to|manually|on your side|replace [^.]{1,80} with your|before using|once you(?:'ve| have)?|after you)\b")
});

/// A request for instructions: the answer is steps for the person.
pub static STEPS_REQUEST: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:give me (?:the )?steps|what (?:are the )?steps|steps to|how do i|how can i|how to|how should i|walk me through|instructions|guide me|no (?:fuckin\w* |fucking )?idea how)\b")
});

/// Headings over steps that are the person's to do.
pub static HANDOFF_HEADING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:next steps?|manual|to ?do|action items?|what you need|your side|for you|you need|the fix|how to fix|setup|set up|steps)\b")
});

/// Verbs a step for the person starts with.
pub static IMPERATIVE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)^(?:\*\*)?(?:add|go|open|find|create|set|update|replace|run|install|deploy|get|copy|paste|export|enable|disable|configure|point|restart|redeploy|upload|sign|log ?in|choose|pick|give|grant|fund|top up|rotate|register|connect|download|make|put|move|mark|remove|delete|check|verify|test|review|ask|tell|send|write|edit|fix)\b")
});

/// The assistant chooses or commits to an approach.
pub static CHOICE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:i'll use|i will use|i'm going to use|i'll go with|going with|i chose|i've chosen|i decided|decided to|we decided|i'd rather|we'll use|we will use|prefer(?:s|red)? to|switch(?:ed|ing)? to|opt(?:ed|ing)? for|let's use|the fix is to|instead of|rather than|so (?:that )?i don't|to avoid|kept (?:out|apart|separate)|deliberately|on purpose|(?:is|was|are|were) already [\w ]{1,40}, so|(?:no|not) (?:\w+ )?needed|skip(?:ping|ped)?)\b")
});

/// Something was tried and given up, or turned out wrong.
pub static REJECT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:didn't work|doesn't work|does not work|did not work|won't work|isn't working|not working|failed because|fails because|could not (?:run|work|be)|couldn't (?:run|work|be)|can't be driven|\brejected\b|\babandon(?:ed|ing)?\b|\breverted\b|dead end|gave up|rolled back|roll back|not about .{1,60} at all|(?:wasn't|was not|isn't|is not) the (?:real )?(?:problem|issue|cause|fix)|turned out|that was wrong|i was wrong|not the right)")
});

/// A diagnosis: what the problem is, or why something happens.
pub static FINDING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:^\W*(?:the )?(?:real|actual|root|main|underlying) (?:problem|issue|cause|culprit)\b|\bfound the (?:real |actual |root )?(?:problem|issue|bug|cause|culprit)\b|\bthe (?:real |actual |root )?(?:problem|issue|cause) (?:is|was)\b|root cause (?:is|was|found|:)|\bthat's (?:why|the problem|the issue)\b|this explains|that explains|explains why|caused by|is why\b)")
});

/// A claim that work is finished or that something works.
pub static COMPLETION: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:done|complete[d]?|implemented|fixed|resolved|works|working|passe[sd]|passing|succeed(?:s|ed)?|successful(?:ly)?|all set|ready|fully [\w-]+|no [\w.`-]+(?: [\w.`()*,-]+){0,6} (?:was |were )?(?:found|needed|required)|no changes are needed)\b")
});

/// The agent says its check was a simulation, not the real thing.
pub static SIMULATED: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\bsimulat(?:e|ed|es|ing|ion)\b"));

/// A statement of intent that the session stopped before carrying out.
pub static INTENT: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:i(?:'ll| will)|i'm (?:going to|now|using|exporting|adding|checking|reading|running)|next,? i|then i(?:'ll| will)|let me|now (?:i'll|let me))\b")
});

/// A program that keeps running: dev servers, tunnels, watchers.
pub static LONG_RUNNING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:\b(?:npm|pnpm|yarn|bun)\b[^|;&]*\b(?:dev|start|serve|preview|watch)\b|\bnext (?:dev|start)\b|\bvite(?:\s|$)|\bngrok\b|\bcloudflared\b|\blocaltunnel\b|\blt --port\b|\buvicorn\b|\bgunicorn\b|\bflask run\b|\brails s(?:erver)?\b|\bhttp\.server\b|\bdocker(?:-| )compose up\b|\bnodemon\b|\bwebpack serve\b|\bcargo watch\b|\bhardhat node\b|\banvil\b)")
});

/// A tunnel: what it forwards is reachable from outside only while it runs.
pub static TUNNEL: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?i)\b(?:ngrok|cloudflared|localtunnel|lt --port)\b"));

/// The harness's note that a command was started in the background, with its id.
pub static BACKGROUND_ID: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:running in background with ID|background (?:shell|task) (?:id|started)):?\s*([A-Za-z0-9_-]+)")
});

/// Directories that hold generated build output: edits there are overwritten by a rebuild.
pub const BUILD_OUTPUT_DIRS: &[&str] = &[
    "dist", "build", "out", ".next", "target", "__pycache__", "coverage", ".nuxt", ".svelte-kit",
];

/// Files an agent tool keeps for itself: not the session's work.
pub static BOOKKEEPING: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?:^|/)(?:\.aider[\w.-]*|\.handoff/.*|\.claude/settings\.local\.json)$")
});

/// Local configuration that repositories usually ignore (`.env`, `*.local`).
pub static LOCAL_CONFIG: LazyLock<Regex> =
    LazyLock::new(|| {
        re(r"(?:^|/)(?:\.env(?:\.(?:local|development|production|test|dev|prod|staging)(?:\.local)?)?|[\w.-]+\.local(?:\.\w+)?)$")
    });

/// Output that shows a build, check or test run succeeded.
pub static OUTPUT_PASS: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?im)(?:compiled successfully|\bcompiled \d+ [\w ]*files? successfully|build succeeded|build successful|\bbuilt in \d|✓ \d+ modules transformed|^\s*\d+ passing\b|\btests?:\s+\d+ passed(?:, \d+ total)?\s*$|^=+ \d+ passed|\ball tests passed\b|test result: ok\b|finished `[\w-]+` profile|^\s*route \(app\)|\b0 errors?\b|\bno errors found\b|\bsuccessfully (?:built|compiled|deployed)\b)")
});

/// Output that shows a failure: the first line that matches is quoted as the error.
pub static OUTPUT_FAIL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?m)(?:^\s*(?:error(?:\[\w+\])?:|Error:|ERROR\b|FAILED\b|FAIL\b|fatal:|npm ERR!|npm error|Traceback \(most recent call last\)|SyntaxError|TypeError|ReferenceError|ModuleNotFoundError|ImportError|AssertionError|panicked at)|\berror TS\d+|\b[1-9]\d* (?:failing|failed)\b|Failed to compile|Build failed|command not found|No such file or directory|\bnot found on PATH\b)")
});

/// An echoed exit status (`…; echo "exit=$?"`).
pub static ECHOED_EXIT: LazyLock<Regex> =
    LazyLock::new(|| re(r"(?im)^\s*exit(?:[ _]?code)?\s*[:=]\s*(-?\d+)\s*$"));

/// A host or service could not be reached.
pub static UNREACHABLE: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:connection refused|could not resolve host|econnrefused|enotfound|fetch failed|failed to connect|no route to host|network is unreachable|curl: \(\d+\))")
});

/// The model or its API failed, so the agent could not answer.
pub static MODEL_ERROR: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)(?:api error|invalid_request_error|failed to create stream|resource_exhausted|rate.?limit|overloaded|status(?: code)? (?:4\d\d|5\d\d)|\b(?:400|401|429|500|502|503|529) (?:bad request|unauthorized|too many|internal|service)|authenticationerror|inference request failed|model .{0,40}not (?:found|available))")
});

/// Commands that install or change dependencies: what changed between a failure and a pass.
pub static INSTALL: LazyLock<Regex> = LazyLock::new(|| {
    re(r"(?i)\b(?:(?:npm|pnpm|yarn|bun) (?:install|i|add|remove|uninstall|ci)|pip3? install|uv (?:add|pip|sync)|poetry (?:add|install)|cargo (?:add|update)|go (?:get|mod tidy)|bundle install|gem install|brew install|apt(?:-get)? install|npm pkg set)\b")
});

#[cfg(test)]
mod tests {
    use super::*;

    fn check(table: &Regex, yes: &[&str], no: &[&str]) {
        for s in yes {
            assert!(table.is_match(s), "should match: {s:?}");
        }
        for s in no {
            assert!(!table.is_match(s), "should not match: {s:?}");
        }
    }

    #[test]
    fn greetings() {
        check(
            &GREETING,
            &["yo wassup", "hey bro", "hellooooo", "yo", "ok", "Thanks!", "ok good"],
            &["ok can you address all the coderabbit comments", "yo fix the build", "now deploy it"],
        );
    }

    #[test]
    fn role_preambles_and_templates() {
        check(
            &ROLE_PREAMBLE,
            &[
                "You are an expert frontend software engineer. Write code.",
                "You are an autonomous programmer, and you're working",
            ],
            &["You are auditing the AFI Protocol's core repository", "you are right"],
        );
        let caps = ISSUE_TEMPLATE
            .captures("We're currently solving the following issue within our repository. Here's the issue text:\nISSUE:\nSyntaxError: invalid syntax\n\nINSTRUCTIONS:\nNow, you're going to solve this issue")
            .unwrap();
        assert_eq!(caps[1].trim(), "SyntaxError: invalid syntax");
        check(
            &HARNESS_LINE,
            &["Add file to the chat? (Y)es/(N)o [Yes]: all", "# TODO LIST UPDATE REQUIRED"],
            &["Add a file for the cron jobs"],
        );
    }

    #[test]
    fn questions_and_handoffs() {
        check(
            &QUESTION,
            &[
                "Want me to (a) pull the trigger on items 1+2, (b) include the mock?",
                "Let me know when you want a separate `docs(roadmap)` commit for those.",
                "Would you like to:",
                "Should I run the migration now?",
            ],
            &["I'll keep the ngrok tunnel running.", "Let me check the logs."],
        );
        check(
            &HANDOFF,
            &[
                "You'll need to update the Web3Auth dashboard verifier's JWKS URL",
                "replace `sk-ai-v1-your-key-here` with your real ZenMux API key before using:",
                "Run it manually after the deploy",
            ],
            &["I updated the verifier.", "The build passes."],
        );
        check(
            &HANDOFF_HEADING,
            &["Next Steps (manual)", "The Fix:", "What you need to do"],
            &["Contracts (`contracts/`)", "Summary"],
        );
        check(
            &IMPERATIVE,
            &["Add your private key to `contracts/.env`", "Create a JSON key", "Go to Vercel"],
            &["All 69 tests pass", "The registry has 2 devices"],
        );
    }

    #[test]
    fn choices_rejections_findings() {
        check(
            &CHOICE,
            &[
                "I'll use the standard library csv module",
                "I deliberately kept them out of both commits.",
                "so I don't accidentally discard any local provider setup",
                "Telemetry was already configured as anonymous, so there's no prompt needed.",
            ],
            &["The tests pass.", "Let me look at the file."],
        );
        check(
            &REJECT,
            &[
                "The bundled export script could not run because WSL/bash is not installed.",
                "I found the real problem - it's not about Invoice Parser vs Document OCR at all!",
                "The regex split didn't work because escaped quotes break it.",
            ],
            &["The build works.", "It is not ready yet."],
        );
        check(
            &FINDING,
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
        check(
            &COMPLETION,
            &[
                "After scanning all provided files under dist/, no CommonJS usage (require, module.exports) was found.",
                "Test 2 PASSED!",
                "Your dist/ folder is fully ESM-compliant.",
                "Everything is complete.",
            ],
            &["Let me run the tests.", "It does not build yet"],
        );
        check(
            &SIMULATED,
            &["To simulate a second device, I'll clear the keypair", "New (simulated 2nd device)"],
            &["The similar code"],
        );
        check(
            &INTENT,
            &["Next I'm exporting the transcript, then I'll read the git history."],
            &["The export failed."],
        );
    }

    #[test]
    fn processes_and_paths() {
        check(
            &LONG_RUNNING,
            &["pnpm --filter api dev", "ngrok http 3000 --log=stdout 2>&1 &", "npm run dev -- --port 3000", "npx vite"],
            &["pnpm --filter web build", "npm run devtools-check", "git status"],
        );
        check(&TUNNEL, &["ngrok http 3000"], &["pnpm dev"]);
        check(
            &BACKGROUND_ID,
            &["Command running in background with ID: b7d1d23. Output is being written to: /tmp/x"],
            &["running tests"],
        );
        check(
            &BOOKKEEPING,
            &[".aider.chat.history.md", ".aider.input.history", ".handoff/20260101-x.md"],
            &["src/aider.py", "README.md"],
        );
        check(
            &LOCAL_CONFIG,
            &["apps/api/.env", ".env.local", "frontend/.env.local", "config.local.json"],
            &[".env.example", "src/env.ts", "environment.md"],
        );
    }

    #[test]
    fn output_verdicts() {
        check(
            &OUTPUT_PASS,
            &[
                " ✓ Compiled successfully in 17.3s",
                "Compiled 3 Solidity files successfully (evm target: paris).",
                "  69 passing (2s)",
                "✓ 852 modules transformed.",
                "Tests:       12 passed, 12 total",
            ],
            &["Compiling...", "no tests ran"],
        );
        // A pass marker never decides alone when a failure is also shown; the caller checks
        // failures first.
        check(
            &OUTPUT_FAIL,
            &[
                "error: `zerion` CLI not found on PATH.",
                "src/a.ts(3,1): error TS2304: Cannot find name 'x'.",
                "  1 failing",
                "sh: eslint: command not found",
                "Traceback (most recent call last):",
            ],
            &["0 failed", "warning: ZERION_API_KEY is not set", "✓ Compiled successfully"],
        );
        let code = ECHOED_EXIT.captures("error\nexit=2\n").unwrap();
        assert_eq!(&code[1], "2");
        check(&UNREACHABLE, &["curl: (7) Failed to connect", "TypeError: fetch failed"], &["ok"]);
        check(
            &MODEL_ERROR,
            &[
                "API Error: 400 {\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\"",
                "Failed to create stream: inference request failed",
            ],
            &["Bash: Exit code 1"],
        );
        check(
            &INSTALL,
            &["npm install --save-dev hardhat@^2.22.0", "pnpm add zod", "npm pkg set type=module"],
            &["npm run build", "npm test"],
        );
    }
}
