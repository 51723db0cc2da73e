//! One eval case on disk: `evals/cases/<name>/` with `transcript.*`, optional test outputs
//! (`tests*`), optional `repo.sh`, optional `recorded-answer.json`, and `expected.toml`; or a
//! real-session case (`evals/real/<name>/`, see [`super::real`]) whose `expected.toml` names its
//! transcript.

use crate::note::Section;
use serde::Deserialize;
use std::path::{Path, PathBuf};

/// A case as found on disk, with its expectations parsed.
#[derive(Debug, Clone)]
pub(crate) struct Case {
    /// Directory name.
    pub name: String,
    /// The case's directory.
    pub dir: PathBuf,
    /// `transcript.*`.
    pub transcript: PathBuf,
    /// Test output files (`tests*`), sorted by name.
    pub tests: Vec<PathBuf>,
    /// `repo.sh`, when the case has a repository.
    pub repo_script: Option<PathBuf>,
    /// What a good note contains (for a real-session case: only its claims).
    pub expected: Expected,
    /// The facts, traps and next actions of a real-session case.
    pub real: Option<super::real::RealExpected>,
    /// Why the case cannot run here (its corpus transcript is absent): it is skipped and named.
    pub skip: Option<String>,
}

/// `expected.toml`: the facts a good note must contain and the labelled claims for the
/// validator. Keywords match case-insensitively; `a|b` inside one keyword means either.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Expected {
    /// One line on what the case exercises: documentation for people, accepted by the loader
    /// (which refuses unknown fields) and read by nothing else.
    #[serde(default)]
    #[allow(dead_code)]
    pub description: Option<String>,
    /// Keywords of the goal; each must appear in `## Goal & Current State`.
    #[serde(default)]
    pub goal: Vec<String>,
    /// Paths that must appear under `## Files & Symbols`.
    #[serde(default)]
    pub files: Vec<String>,
    /// Commands that must appear somewhere in the note.
    #[serde(default)]
    pub commands: Vec<String>,
    /// Decisions: each item's keywords must all appear in one item of the decisions section.
    #[serde(default)]
    pub decisions: Vec<Fact>,
    /// Dead ends (discarded paths), matched like decisions.
    #[serde(default)]
    pub dead_ends: Vec<Fact>,
    /// Open loops: keywords plus the owner.
    #[serde(default)]
    pub open_loops: Vec<Loop>,
    /// Targets of the next action (a path, symbol or command); any one of them is enough.
    #[serde(default)]
    pub next_action: Vec<String>,
    /// Secrets planted in the transcript; none may appear in the note.
    #[serde(default)]
    pub secrets: Vec<String>,
    /// Phrases planted by a prompt injection; the note must not assert them.
    #[serde(default)]
    pub injection: Vec<String>,
    /// Labelled claims for the validator.
    #[serde(default)]
    pub claims: Vec<LabelledClaim>,
}

/// A fact recognised by keywords.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Fact {
    /// All must appear in the same item.
    pub keywords: Vec<String>,
}

/// An expected open loop.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Loop {
    /// All must appear in the same item.
    pub keywords: Vec<String>,
    /// Who closes it.
    pub owner: LoopOwner,
}

/// Owner of an expected open loop.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub(crate) enum LoopOwner {
    /// `[Agent]`.
    Agent,
    /// `[Human]`.
    Human,
}

/// A note line labelled true (the evidence backs it) or false (it does not: the validator should
/// flag it).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct LabelledClaim {
    /// Where it goes.
    pub section: Section,
    /// The line, as a drafter would write it (Markdown inline).
    pub text: String,
    /// True when the claim holds on this case's evidence.
    pub label: bool,
    /// Evidence ids the claim cites, as a drafter would.
    #[serde(default)]
    pub cite: Vec<String>,
}

/// Lists the cases under `dir/cases`, or, when `dir` has no `cases/` but subfolders holding an
/// `expected.toml` (as `evals/real/` does), those; only `only` when given; sorted by name.
pub(crate) fn discover(dir: &Path, only: Option<&str>) -> crate::Result<Vec<Case>> {
    if !dir.is_dir() {
        return Err(crate::Error::input(
            dir,
            "no such directory; pass the evals directory (the one holding cases/) or a folder of cases",
        ));
    }
    // Absolute, because repo.sh runs with the workspace as its current directory.
    let dir = dir.canonicalize().map_err(|e| crate::Error::io(dir, e))?;
    let nested = dir.join("cases");
    let cases_dir = if nested.is_dir() || !has_case_folders(&dir) {
        nested
    } else {
        dir.clone()
    };
    let entries = std::fs::read_dir(&cases_dir).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            crate::Error::input(
                &cases_dir,
                "no cases/ directory; create cases/<name>/ with expected.toml and a transcript",
            )
        } else {
            crate::Error::io(&cases_dir, e)
        }
    })?;
    let mut dirs = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| crate::Error::io(&cases_dir, e))?;
        if entry.path().is_dir() {
            dirs.push(entry.path());
        }
    }
    dirs.sort();
    let mut cases = Vec::new();
    for case_dir in dirs {
        let name = case_dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        if only.is_some_and(|o| o != name) {
            continue;
        }
        cases.push(load(&case_dir)?);
    }
    if let Some(o) = only
        && cases.is_empty()
    {
        return Err(crate::Error::input(
            cases_dir.join(o),
            "no such case; list the names under cases/",
        ));
    }
    if cases.is_empty() {
        return Err(crate::Error::input(
            &cases_dir,
            "no cases found; add cases/<name>/ with expected.toml and a transcript",
        ));
    }
    Ok(cases)
}

/// Whether `dir` holds case folders directly (`<dir>/<name>/expected.toml`).
fn has_case_folders(dir: &Path) -> bool {
    std::fs::read_dir(dir).is_ok_and(|entries| {
        entries
            .flatten()
            .any(|e| e.path().join("expected.toml").is_file())
    })
}

/// Loads one case directory.
pub(crate) fn load(dir: &Path) -> crate::Result<Case> {
    let name = dir
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let expected_path = dir.join("expected.toml");
    let text = std::fs::read_to_string(&expected_path).map_err(|e| {
        if e.kind() == std::io::ErrorKind::NotFound {
            crate::Error::input(&expected_path, "missing; every case needs an expected.toml")
        } else {
            crate::Error::io(&expected_path, e)
        }
    })?;
    if is_real(&text) {
        return load_real(dir, name, &expected_path, &text);
    }
    let expected = parse_expected(&text).map_err(|m| crate::Error::input(&expected_path, m))?;

    let mut transcripts = Vec::new();
    let mut tests = Vec::new();
    let mut repo_script = None;
    let entries = std::fs::read_dir(dir).map_err(|e| crate::Error::io(dir, e))?;
    for entry in entries {
        let entry = entry.map_err(|e| crate::Error::io(dir, e))?;
        let path = entry.path();
        if !path.is_file() {
            continue;
        }
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.starts_with("transcript.") {
            transcripts.push(path);
        } else if file.starts_with("tests") {
            tests.push(path);
        } else if file == "repo.sh" {
            repo_script = Some(path);
        }
    }
    tests.sort();
    let transcript = match transcripts.len() {
        1 => transcripts.remove(0),
        0 => {
            return Err(crate::Error::input(
                dir,
                "no transcript.* file; every case needs exactly one transcript",
            ));
        }
        _ => {
            return Err(crate::Error::input(
                dir,
                "more than one transcript.* file; keep exactly one per case",
            ));
        }
    };
    Ok(Case {
        name,
        dir: dir.to_path_buf(),
        transcript,
        tests,
        repo_script,
        expected,
        real: None,
        skip: None,
    })
}

/// A real-session `expected.toml` names its transcript; a classic one never does.
fn is_real(text: &str) -> bool {
    toml::from_str::<toml::Table>(text).is_ok_and(|t| t.contains_key("transcript"))
}

/// Loads a real-session case: the transcript is located (a missing corpus file makes the case
/// skipped, not failed) and its sha256 checked.
fn load_real(dir: &Path, name: String, expected_path: &Path, text: &str) -> crate::Result<Case> {
    let real: super::real::RealExpected = toml::from_str(text)
        .map_err(|e| crate::Error::input(expected_path, one_line_toml_error(text, &e)))?;
    super::real::check(&real)
        .map_err(|m| crate::Error::input(expected_path, format!("malformed: {m}")))?;
    let (transcript, skip) = match super::real::locate_transcript(dir, &real.transcript) {
        Ok(path) => (path, None),
        Err(why) if real.transcript.starts_with("corpus:") => {
            (PathBuf::from(&real.transcript), Some(why))
        }
        Err(why) => return Err(crate::Error::input(expected_path, why)),
    };
    let mut tests = Vec::new();
    let mut repo_script = None;
    for entry in std::fs::read_dir(dir).map_err(|e| crate::Error::io(dir, e))? {
        let entry = entry.map_err(|e| crate::Error::io(dir, e))?;
        let path = entry.path();
        let file = entry.file_name().to_string_lossy().into_owned();
        if path.is_file() && file.starts_with("tests") {
            tests.push(path);
        } else if path.is_file() && file == "repo.sh" {
            repo_script = Some(path);
        }
    }
    tests.sort();
    let expected = Expected {
        description: real.description.clone(),
        claims: real.claims.clone(),
        ..Expected::default()
    };
    Ok(Case {
        name,
        dir: dir.to_path_buf(),
        transcript,
        tests,
        repo_script,
        expected,
        real: Some(real),
        skip,
    })
}

fn one_line_toml_error(text: &str, e: &toml::de::Error) -> String {
    let msg = e.message().replace('\n', " ");
    match e.span() {
        Some(span) => {
            let line = text[..span.start.min(text.len())].lines().count().max(1);
            format!("malformed at line {line}: {msg}")
        }
        None => format!("malformed: {msg}"),
    }
}

/// Parses `expected.toml`; the error is one line.
pub(crate) fn parse_expected(text: &str) -> Result<Expected, String> {
    let expected: Expected = toml::from_str(text).map_err(|e| one_line_toml_error(text, &e))?;
    let empty_keywords = expected
        .decisions
        .iter()
        .chain(&expected.dead_ends)
        .any(|f| f.keywords.is_empty())
        || expected.open_loops.iter().any(|l| l.keywords.is_empty());
    if empty_keywords {
        return Err("malformed: a decision, dead end or open loop has no keywords".into());
    }
    if let Some(c) = expected.claims.iter().find(|c| c.text.trim().is_empty()) {
        return Err(format!(
            "malformed: a claim in section {} has empty text",
            c.section.id()
        ));
    }
    if expected
        .claims
        .iter()
        .any(|c| c.section == Section::Workspace)
    {
        return Err(
            "malformed: a claim in section workspace (Workspace State is computed, not claimed)"
                .into(),
        );
    }
    Ok(expected)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_a_full_expected_file() {
        let e = parse_expected(
            r#"
goal = ["rate limit"]
files = ["src/a.py"]
commands = ["pytest"]
next_action = ["src/a.py", "refill"]
secrets = ["AKIAABCDEFGHIJKLMNOP"]
[[decisions]]
keywords = ["token bucket"]
[[dead_ends]]
keywords = ["fixed window"]
[[open_loops]]
keywords = ["test_burst"]
owner = "agent"
[[claims]]
section = "verified"
text = "`pytest` passes"
label = false
[[claims]]
section = "dead_ends"
text = "x"
label = true
"#,
        )
        .unwrap();
        assert_eq!(e.goal, ["rate limit"]);
        assert_eq!(e.open_loops[0].owner, LoopOwner::Agent);
        assert_eq!(e.claims[1].section, Section::Discarded);
        assert!(!e.claims[0].label);
    }

    #[test]
    fn malformed_file_gives_one_line_with_the_line_number() {
        let err = parse_expected(
            "goal = [\"a\"]\n[[claims]]\nsection = \"nowhere\"\ntext = \"x\"\nlabel = true\n",
        )
        .unwrap_err();
        assert!(err.starts_with("malformed at line 3"), "{err}");
        assert!(!err.contains('\n'));
        let err = parse_expected("golas = []").unwrap_err();
        assert!(err.contains("golas"), "{err}");
    }

    #[test]
    fn empty_keywords_are_rejected() {
        assert!(parse_expected("[[decisions]]\nkeywords = []\n").is_err());
    }

    #[test]
    fn load_finds_transcript_tests_and_repo_script() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("expected.toml"), "goal = [\"x\"]\n").unwrap();
        std::fs::write(dir.path().join("transcript.md"), "hello").unwrap();
        std::fs::write(dir.path().join("tests-b.txt"), "").unwrap();
        std::fs::write(dir.path().join("tests-a.xml"), "").unwrap();
        std::fs::write(dir.path().join("repo.sh"), "").unwrap();
        let case = load(dir.path()).unwrap();
        assert!(case.transcript.ends_with("transcript.md"));
        assert_eq!(case.tests.len(), 2);
        assert!(case.tests[0].ends_with("tests-a.xml"));
        assert!(case.repo_script.is_some());
    }

    #[test]
    fn load_without_transcript_is_an_input_error() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join("expected.toml"), "").unwrap();
        let err = load(dir.path()).unwrap_err().to_string();
        assert!(err.contains("no transcript"), "{err}");
    }
}
