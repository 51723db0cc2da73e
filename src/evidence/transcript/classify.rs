//! What a shell command was (a test run, a check, something else) and whether it succeeded,
//! judged from the command line, the recorded exit status and the output. The traps are in
//! `shared/reference/parser-pitfalls.md`: an exit status belongs to the whole pipeline, not to the
//! test runner inside it.

use crate::evidence::test_results::{self, TestSummary};

/// The judgement on one command.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Verdict {
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
pub fn judge(
    command: &str,
    exit_code: Option<i32>,
    is_error: Option<bool>,
    output: &str,
) -> Verdict {
    let is_test = is_test_command(command);
    let is_check = !is_test && is_check_command(command);
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
    let ok = match (&tests, status_ok) {
        (Some(s), _) if s.failed > 0 => Some(false),
        (Some(s), Some(true)) if s.passed > 0 => Some(true),
        (_, status) => status,
    };
    Verdict {
        is_test,
        is_check,
        tests,
        ok,
    }
}

/// True when the command line runs a test suite (not the `test` builtin, not a commit message
/// that mentions one).
pub fn is_test_command(command: &str) -> bool {
    const RUNNERS: &[&str] = &[
        "pytest",
        "py.test",
        "cargo test",
        "cargo nextest",
        "go test",
        "npm test",
        "npm run test",
        "pnpm test",
        "pnpm run test",
        "yarn test",
        "bun test",
        "jest",
        "vitest",
        "mocha",
        "hardhat test",
        "forge test",
        "playwright test",
        "unittest",
        "mvn test",
        "gradle test",
        "rspec",
        "phpunit",
        "dotnet test",
        "ctest",
    ];
    segments(command).any(|seg| {
        let seg = seg.trim();
        RUNNERS.iter().any(|r| {
            seg.starts_with(r)
                || seg.contains(&format!(" {r}"))
                    && !seg.starts_with("git ")
                    && !seg.starts_with("echo ")
        })
    })
}

/// True when the command line is a typecheck, lint or build.
pub fn is_check_command(command: &str) -> bool {
    const CHECKS: &[&str] = &[
        "tsc",
        "typecheck",
        "type-check",
        "mypy",
        "pyright",
        "eslint",
        "lint",
        "clippy",
        "cargo check",
        "cargo build",
        "cargo fmt --check",
        "ruff",
        "flake8",
        "go vet",
        "go build",
        "run build",
        "next build",
        "hardhat compile",
        "make",
    ];
    segments(command).any(|seg| {
        let seg = seg.trim();
        !seg.starts_with("git ")
            && !seg.starts_with("echo ")
            && CHECKS.iter().any(|c| seg.contains(c))
    })
}

/// The `&&`/`;`/`||`-separated parts of a command line (quotes are not parsed: good enough to
/// tell runners apart, not to execute).
fn segments(command: &str) -> impl Iterator<Item = &str> {
    command
        .split(['\n', ';'])
        .flat_map(|s| s.split("&&"))
        .flat_map(|s| s.split("||"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recognises_test_runs_and_checks() {
        assert!(is_test_command("cd app && pytest -q tests/"));
        assert!(is_test_command("npx hardhat test"));
        assert!(!is_test_command("test -f Cargo.toml"));
        assert!(is_check_command("npx tsc --noEmit"));
        assert!(!is_check_command("ls -la"));
    }

    #[test]
    fn exit_status_decides_when_output_says_nothing() {
        assert_eq!(judge("ls", Some(0), None, "").ok, Some(true));
        assert_eq!(judge("ls", Some(2), None, "").ok, Some(false));
        assert_eq!(judge("ls", None, Some(true), "").ok, Some(false));
        assert_eq!(judge("ls", None, None, "").ok, None);
    }
}
