//! What a shell command was (a test run, a check, something else) and whether it succeeded,
//! judged from the command line, the recorded exit status and the output. The trap: an exit
//! status belongs to the whole pipeline, not to the test runner inside it
//! (`docs/transcript-formats.md`, "Exit status and pipelines").
//!
//! The command line is read by [`crate::evidence::shell`] (quotes, here-docs and redirections
//! respected; one runner table), so `git commit -m "… pnpm test …"`, `echo pytest` or a
//! here-doc body are never mistaken for test runs, and the operator after the test command is
//! known.

use crate::evidence::shell::{self, Judges, lexer};
use crate::evidence::test_results::{self, TestSummary};
use crate::phrases;

/// The judgement on one command.
#[derive(Debug, Clone, Default, PartialEq)]
pub(crate) struct Verdict {
    /// The command runs tests.
    pub is_test: bool,
    /// The command is a check: typecheck, lint or build.
    pub is_check: bool,
    /// Counts read from the output, when it holds a recognisable test summary.
    pub tests: Option<TestSummary>,
    /// Success, when the evidence shows it; `None` when it cannot be known.
    pub ok: Option<bool>,
}

/// Judges one command from what the transcript recorded.
///
/// The exit status (or the format's error flag) is trusted for a test run or check only when
/// nothing but `&&` follows that command on the line: `pytest | head -30` exits with `head`'s
/// status, so its success is read from the output instead (and stays unknown without a summary).
pub(crate) fn judge(
    command: &str,
    exit_code: Option<i32>,
    is_error: Option<bool>,
    output: &str,
) -> Verdict {
    let line = lexer::parse(command);
    let judging = shell::judging_segment(&line);
    let is_test = matches!(judging, Some((_, Judges::Test(_))));
    let is_check = matches!(judging, Some((_, Judges::Check)));
    let tests = if is_test {
        test_results::parse_output(output, None).map(|(_, s)| s)
    } else {
        None
    };
    let status_ok = match (exit_code, is_error) {
        (Some(code), _) => Some(code == 0),
        (None, Some(true)) => Some(false),
        (None, Some(false)) => Some(true),
        (None, None) => None,
    };
    let trusted = match judging {
        Some((i, _)) => line.only_and_after(i),
        // `git clone … | head -20` exits with `head`'s status, which is always 0: a failure
        // can only come from a step before it (`a && b | head`). A search (`| grep x`) also
        // fails when it finds nothing, so its failure says nothing either.
        None => match shell::final_filter(&line) {
            None => true,
            Some(f) => status_ok == Some(false) && !shell::is_search_filter(&f),
        },
    };
    let status = if trusted { status_ok } else { None };
    let ok = match (&tests, status) {
        (Some(s), _) if s.failed > 0 => Some(false),
        (Some(s), None) if s.passed > 0 => Some(true),
        (Some(s), Some(true)) if s.passed > 0 => Some(true),
        // A runner that says "N failed" failed, whatever a later "M passed" line or a
        // pipeline's exit status claims (Playwright prints both).
        _ if is_test && reports_failures(output) => Some(false),
        // The status is not the command's own: the output is the only witness, and it
        // shows a failure (`fatal: …`, `error TS2339`) unless it is content being searched.
        _ if !trusted && !shell::prints_content(&line) && shows_failure(output) => Some(false),
        (_, status) => status,
    };
    Verdict {
        is_test,
        is_check,
        tests,
        ok,
    }
}

/// True when some output line shows a failure ([`phrases::FAILURE_SIGN`]).
fn shows_failure(output: &str) -> bool {
    output.lines().any(|l| phrases::FAILURE_SIGN.is_match(l))
}

/// True when the output holds a runner summary line counting at least one failure
/// (`1 failed`, `Tests: 2 failed, 5 passed`, `=== 1 failed, 3 passed in 0.2s ===`).
fn reports_failures(output: &str) -> bool {
    output.lines().any(|line| {
        let words: Vec<&str> = line
            .split(|c: char| c.is_whitespace() || c == ',' || c == '=' || c == '(')
            .filter(|w| !w.is_empty())
            .collect();
        words.windows(2).any(|w| {
            let count = w[0].trim_start_matches(|c: char| !c.is_ascii_digit());
            (w[1] == "failed" || w[1] == "failing")
                && !count.is_empty()
                && count.chars().all(|c| c.is_ascii_digit())
                && count.parse::<u64>().is_ok_and(|n| n > 0)
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exit_status_decides_when_output_says_nothing() {
        assert_eq!(judge("ls", Some(0), None, "").ok, Some(true));
        assert_eq!(judge("ls", Some(2), None, "").ok, Some(false));
        assert_eq!(judge("ls", None, Some(true), "").ok, Some(false));
        assert_eq!(judge("ls", None, Some(false), "").ok, Some(true));
        assert_eq!(judge("ls", None, None, "").ok, None);
    }

    #[test]
    fn pipeline_status_is_not_the_test_runs_own() {
        // `head` exits 0 even though pytest hit a collection error: the status says nothing,
        // the output shows the failure.
        let out = "ImportError while importing test module 'tests/test_a.py'.\nE   ModuleNotFoundError: No module named 'a'";
        let v = judge("pytest tests/ 2>&1 | head -30", Some(0), None, out);
        assert!(v.is_test);
        assert_eq!(v.ok, Some(false));
        // Same with the format's success flag instead of a code (Claude Code records none).
        assert_eq!(
            judge("pytest -q | tail -5", None, Some(false), out).ok,
            Some(false)
        );
        // No summary and no failure shown: unknown.
        assert_eq!(
            judge("pytest -q | tail -5", Some(0), None, "collecting ...").ok,
            None
        );
        // `tsc … | findstr error` exits 0 exactly when errors were found: a failed check.
        let v = judge(
            "npx tsc --noEmit | findstr error",
            Some(0),
            None,
            "a.ts(1,1): error TS2304: Cannot find name 'x'.",
        );
        assert!(v.is_check);
        assert_eq!(v.ok, Some(false));
        // …and with no error shown, unknown (findstr exits 1 when it finds nothing).
        assert_eq!(
            judge("npx tsc --noEmit | findstr error", Some(1), None, "").ok,
            None
        );
        // `|| true` hides the status too.
        assert_eq!(judge("cargo test || true", Some(0), None, "").ok, None);
        // `;` after the test: the status is the last command's.
        assert_eq!(judge("pytest; echo done", Some(0), None, "").ok, None);
    }

    #[test]
    fn a_pipe_into_a_filter_hides_the_status_and_the_output_judges() {
        // The clone failed; `head` exited 0 (Claude Code's is_error is false).
        let v = judge(
            "git clone https://github.com/x/pup.git 2>&1 | head -20",
            None,
            Some(false),
            "fatal: destination path 'pup' already exists and is not an empty directory.",
        );
        assert_eq!(v.ok, Some(false));
        // No failure shown: unknown, never ok.
        let v = judge(
            "git clone https://github.com/x/pup.git 2>&1 | head -20",
            Some(0),
            None,
            "Cloning into 'pup'...",
        );
        assert_eq!(v.ok, None);
        for (cmd, out) in [
            (
                "pnpm build 2>&1 | tail -5",
                "src/a.ts:3:7 - error TS2339: Property 'x' does not exist",
            ),
            (
                "npx tsc --noEmit 2>&1 | grep error",
                "src/a.ts(3,7): error TS2339: Property 'x'",
            ),
            (
                "cargo build 2>&1 | tee build.log",
                "error[E0425]: cannot find value `x` in this scope",
            ),
            (
                "python manage.py migrate | tail -3",
                "Traceback (most recent call last):",
            ),
            (
                "./deploy.sh | Select-Object -First 20",
                "Error: bucket not found",
            ),
            (
                "cargo test 2>&1 | tail -3",
                "test result: FAILED. 1 passed; 1 failed",
            ),
        ] {
            assert_eq!(judge(cmd, Some(0), None, out).ok, Some(false), "{cmd}");
        }
        // A search whose results mention errors is not a failure.
        assert_eq!(
            judge(
                "grep -rn \"Error:\" src | head -20",
                Some(0),
                None,
                "src/a.ts:3: throw new Error: x"
            )
            .ok,
            None
        );
        assert_eq!(
            judge(
                "git log --oneline | grep fix",
                Some(0),
                None,
                "abc fix: FAILED build"
            )
            .ok,
            None
        );
        // A pipe into a program that does the work keeps its status.
        assert_eq!(
            judge("echo 'x' | python check.py", Some(0), None, "").ok,
            Some(true)
        );
        // `head` never fails: a failure came from a step before it.
        assert_eq!(
            judge(
                "pnpm --version && cat package.json | head -5",
                Some(1),
                None,
                ""
            )
            .ok,
            Some(false)
        );
        // `grep` fails when it finds nothing: that says nothing of the producer.
        assert_eq!(judge("npm ls | grep react", Some(1), None, "").ok, None);
        // Without a pipe the recorded status is the command's own.
        assert_eq!(judge("git status", Some(0), None, "").ok, Some(true));
    }

    #[test]
    fn and_chains_keep_the_status() {
        assert_eq!(
            judge("cd web && pnpm test", Some(1), None, "").ok,
            Some(false)
        );
        assert_eq!(
            judge("cd web && pnpm test && echo ok", Some(0), None, "").ok,
            Some(true)
        );
        // Commands before the test do not matter, whatever joins them.
        assert_eq!(
            judge(
                "source .venv/bin/activate; pytest -q 2>&1",
                Some(0),
                None,
                ""
            )
            .ok,
            Some(true)
        );
        // `2>&1` is a redirection, not a background operator.
        assert_eq!(
            judge("cargo test 2>&1", Some(101), None, "").ok,
            Some(false)
        );
        assert_eq!(
            judge("cargo test &> out.log", Some(0), None, "").ok,
            Some(true)
        );
    }

    #[test]
    fn playwright_failed_then_passed_is_a_failure() {
        // Playwright prints the failure count first and the pass count on a later line; the
        // piped exit status is `tail`'s. Holds with or without a real output parser, because a
        // parsed summary with failures also yields `Some(false)`.
        let out = "Running 5 tests using 2 workers\n  ✘  1 [chromium] › login.spec.ts:12:5 › logs in (3.1s)\n\n  1 failed\n    [chromium] › login.spec.ts:12:5 › logs in\n  4 passed (9.2s)\n";
        let v = judge("npx playwright test 2>&1 | tail -20", Some(0), None, out);
        assert!(v.is_test);
        assert_eq!(v.ok, Some(false));
        // Even when the status claims success directly.
        assert_eq!(
            judge("npx playwright test", Some(0), None, out).ok,
            Some(false)
        );
        // `0 failed` is no failure.
        assert_eq!(
            judge(
                "npx vitest run",
                Some(0),
                None,
                "Tests  0 failed | 12 passed"
            )
            .ok,
            Some(true)
        );
    }
}
