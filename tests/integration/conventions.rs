//! Shell and docs conventions of every command: completions, the man page, `--version`,
//! `--color` with `NO_COLOR`, `-q`/`-v`; and `--latest` across agents, `show`.

use crate::support::handoff;
use std::path::{Path, PathBuf};

#[test]
fn completions_for_every_shell() {
    for (shell, needle) in [
        ("bash", "_handoff()"),
        ("zsh", "#compdef handoff"),
        ("fish", "complete -c handoff"),
        ("powershell", "Register-ArgumentCompleter"),
        ("elvish", "edit:completion:arg-completer[handoff]"),
    ] {
        let out = handoff().args(["completions", shell]).output().unwrap();
        assert!(out.status.success(), "{shell}");
        let text = String::from_utf8(out.stdout).unwrap();
        assert!(
            text.contains(needle),
            "{shell}: {}",
            &text[..text.len().min(300)]
        );
        assert!(
            text.contains("inject-budget") || shell == "elvish" || text.contains("summarize"),
            "{shell}"
        );
    }
    let out = handoff().args(["completions", "tcsh"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn man_page_prints_and_writes_one_page_per_command() {
    let out = handoff().arg("man").output().unwrap();
    assert!(out.status.success());
    let page = String::from_utf8(out.stdout).unwrap();
    assert!(
        page.contains(".TH handoff 1") && page.contains("summarize"),
        "{page}"
    );
    let dir = tempfile::tempdir().unwrap();
    let out = handoff()
        .args(["man", "--out-dir"])
        .arg(dir.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    for page in [
        "handoff.1",
        "handoff-summarize.1",
        "handoff-hook.1",
        "handoff-init.1",
    ] {
        assert!(dir.path().join(page).exists(), "{page}");
    }
}

#[test]
fn version_names_the_commit_when_built_from_git() {
    let out = handoff().arg("--version").output().unwrap();
    let v = String::from_utf8(out.stdout).unwrap();
    assert!(
        v.starts_with(&format!("handoff {}", env!("CARGO_PKG_VERSION"))),
        "{v}"
    );
    let built_from_git = Path::new(env!("CARGO_MANIFEST_DIR")).join(".git").exists();
    if built_from_git {
        assert!(
            regex::Regex::new(r"\([0-9a-f]{7,} \d{4}-\d\d-\d\d\)")
                .unwrap()
                .is_match(&v),
            "{v}"
        );
    }
}

fn missing_note_error(extra: &[&str], envs: &[(&str, &str)]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut c = handoff();
    c.env_remove("NO_COLOR")
        .args(extra)
        .args(["validate"])
        .arg(dir.path().join("nope.md"));
    for (k, v) in envs {
        c.env(k, v);
    }
    let out = c.output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    String::from_utf8(out.stderr).unwrap()
}

#[test]
fn color_follows_the_flag_and_no_color() {
    let plain = missing_note_error(&[], &[]);
    assert!(
        plain.starts_with("handoff: error: ") && !plain.contains('\x1b'),
        "{plain}"
    );
    let forced = missing_note_error(&["--color", "always"], &[("NO_COLOR", "1")]);
    assert!(forced.contains("\x1b[31merror:\x1b[0m"), "{forced:?}");
    let never = missing_note_error(&["--color=never"], &[]);
    assert!(!never.contains('\x1b'));
}

#[test]
fn quiet_hides_notices_and_verbose_is_accepted_everywhere() {
    let dir = tempfile::tempdir().unwrap();
    let t = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("evals/samples/claude-csv-quoted-fields.jsonl");
    let run = |flag: &str| {
        let out = handoff()
            .args(["summarize", "--offline", "--stdout", flag, "--repo"])
            .arg(dir.path())
            .arg("--transcript")
            .arg(&t)
            .env_remove("HANDOFF_MODEL")
            .output()
            .unwrap();
        assert!(out.status.success(), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    };
    assert!(run("-v").contains("no git repository"));
    assert_eq!(run("-q"), "");
    for cmd in [
        vec!["collect", "-q", "--help"],
        vec!["tokens", "-v", "--help"],
        vec!["hook", "codex", "-q", "--help"],
        vec!["init", "gemini", "-v", "--help"],
        vec!["show", "-q", "--help"],
    ] {
        assert!(
            handoff().args(&cmd).output().unwrap().status.success(),
            "{cmd:?}"
        );
    }
    let out = handoff()
        .args(["-q", "-v", "tokens", "x"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "-q and -v conflict");
}

#[test]
fn latest_reads_aiders_last_launch_and_lists_where_it_looked() {
    let home = tempfile::tempdir().unwrap();
    let repo = tempfile::tempdir().unwrap();
    let history = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR"))
            .join("evals/cases/aider-passing-tests/transcript.aider.chat.history.md"),
    )
    .unwrap();
    let text = format!(
        "# aider chat started at 2025-01-01 09:00:00\n\n#### an older launch about something else  \n\n{history}"
    );
    std::fs::write(repo.path().join(".aider.chat.history.md"), text).unwrap();
    let out = handoff()
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .args(["collect", "--json", "--latest", "--repo"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("newest aider session") && err.contains("its last launch from line"),
        "{err}"
    );
    let ev: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let texts = crate::support::typed_users(&ev["transcript"]);
    assert!(
        !texts.iter().any(|t| t.contains("an older launch")),
        "{texts:?}"
    );

    let out = handoff()
        .env("HOME", home.path())
        .env("XDG_CONFIG_HOME", home.path().join(".config"))
        .args(["collect", "--latest", "--agent", "gemini", "--repo"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.contains("no Gemini CLI session") && err.contains(".gemini/tmp (not there)"),
        "{err}"
    );
    let out = handoff()
        .args(["collect", "--agent", "codex"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2), "--agent needs --latest");
}

#[test]
fn show_prints_the_newest_note_revalidated_or_says_there_is_none() {
    let repo = tempfile::tempdir().unwrap();
    let out = handoff()
        .args(["show", "--repo"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("no handoff note")
    );
    let t = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("evals/samples/claude-csv-quoted-fields.jsonl");
    let out = handoff()
        .args(["summarize", "--offline", "--repo"])
        .arg(repo.path())
        .arg("--transcript")
        .arg(&t)
        .env_remove("HANDOFF_MODEL")
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let out = handoff()
        .args(["show", "--repo"])
        .arg(repo.path())
        .output()
        .unwrap();
    assert!(out.status.success(), "{out:?}");
    let note = String::from_utf8(out.stdout).unwrap();
    assert!(
        note.starts_with("# Session Handoff: ") && note.contains("## Next Action"),
        "{note}"
    );
    let out = handoff()
        .args(["show", "--inject-budget", "200", "--repo"])
        .arg(repo.path())
        .output()
        .unwrap();
    let short = String::from_utf8(out.stdout).unwrap();
    assert!(
        short.len() < note.len() && short.contains("## Next Action"),
        "{short}"
    );
}
