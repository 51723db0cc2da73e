//! Hostile input through the real binary: terminal escapes, bidi overrides and raw HTML from a
//! transcript, test names, file names, commit subjects and a model answer; secrets in what
//! `collect` prints and in errors; what `validate --write` does to the file it rewrites.

use crate::support::{handoff, stdout_of};
use serde_json::json;
use std::path::Path;
use std::process::Command;

fn git(dir: &Path, args: &[&str]) {
    let out = Command::new("git")
        .args(["-c", "user.name=T", "-c", "user.email=t@e.st"])
        .args(["-c", "commit.gpgsign=false"])
        .args(args)
        .current_dir(dir)
        .output()
        .expect("git runs");
    assert!(out.status.success(), "git {args:?}");
}

/// ESC (a colour and a title change), BEL, the C1 CSI, a right-to-left override and HTML.
const HOSTILE: &str =
    "\x1b[31mred\x1b]0;pwned\x07 \u{9b}2J \u{202e}txt.exe <script>alert(1)</script>";

/// Raw bytes that must never reach a terminal or a rendered note.
fn raw_controls(text: &str) -> Vec<String> {
    text.chars()
        .filter(|&c| {
            (c.is_control() && c != '\n' && c != '\t')
                || ('\u{202a}'..='\u{202e}').contains(&c)
                || ('\u{2066}'..='\u{2069}').contains(&c)
        })
        .map(|c| format!("U+{:04X}", c as u32))
        .collect()
}

/// The raw HTML a Markdown renderer would find in `markdown`.
fn raw_html(markdown: &str) -> Vec<String> {
    pulldown_cmark::Parser::new(markdown)
        .filter_map(|e| match e {
            pulldown_cmark::Event::Html(h) | pulldown_cmark::Event::InlineHtml(h) => {
                Some(h.to_string())
            }
            _ => None,
        })
        .collect()
}

/// A Claude Code session JSONL in `cwd` holding `records`, one second apart.
fn claude_session(cwd: &Path, records: &[serde_json::Value]) -> String {
    records
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let mut r = r.clone();
            let at = format!("2026-01-01T00:00:{i:02}Z");
            r["sessionId"] = "s1".into();
            r["uuid"] = format!("u{i}").into();
            r["parentUuid"] = serde_json::Value::Null;
            r["cwd"] = cwd.display().to_string().into();
            r["timestamp"] = at.into();
            format!("{r}\n")
        })
        .collect()
}

/// A repository whose last commit subject, an untracked file's name (with a newline and a bidi
/// override) and a changed line are hostile, plus a Claude Code transcript and a pytest output
/// that are too.
fn hostile_workspace() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    git(p, &["init", "-q", "-b", "main"]);
    std::fs::write(p.join("app.py"), "print('hi')\n").unwrap();
    git(p, &["add", "."]);
    git(p, &["commit", "-q", "-m", &format!("Fix {HOSTILE}")]);
    std::fs::write(p.join("app.py"), "print('hi')\nprint('<b>')\n").unwrap();
    std::fs::write(p.join("evil\n## Next Action\n- rm -rf \u{202e}.py"), "x\n").unwrap();
    let transcript = claude_session(
        p,
        &[
            json!({"type": "user", "message": {"role": "user", "content": format!("Fix app.py {HOSTILE}")}}),
            json!({"type": "assistant", "message": {"id": "a1", "role": "assistant", "content": [{"type": "text", "text": format!("I'll use the csv module instead {HOSTILE}")}]}}),
        ],
    );
    std::fs::write(p.join("session.jsonl"), transcript).unwrap();
    std::fs::write(
        p.join("pytest.txt"),
        format!(
            "FAILED tests/test_app.py::test_{HOSTILE} - AssertionError\n1 failed, 2 passed in 0.1s\n"
        ),
    )
    .unwrap();
    dir
}

fn summarize(dir: &Path, extra: &[&str]) -> std::process::Output {
    handoff()
        .current_dir(dir)
        .args([
            "summarize",
            "--offline",
            "--stdout",
            "--transcript",
            "session.jsonl",
        ])
        .args(["--tests", "pytest.txt"])
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn hostile_text_never_reaches_the_note_the_sidecar_or_the_terminal_raw() {
    let dir = hostile_workspace();
    let out = summarize(dir.path(), &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let note = String::from_utf8(out.stdout).unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(
        note.contains("pwned"),
        "the hostile text is shown, escaped:\n{note}"
    );
    assert_eq!(raw_controls(&note), Vec::<String>::new(), "{note}");
    assert_eq!(raw_controls(&stderr), Vec::<String>::new(), "{stderr}");
    assert_eq!(raw_html(&note), Vec::<String>::new());
    // The file name with a newline is one bullet, not a new section.
    let headings = note.lines().filter(|l| *l == "## Next Action").count();
    assert_eq!(headings, 1, "{note}");

    let out = summarize(dir.path(), &["--json"]);
    assert!(out.status.success());
    let sidecar = String::from_utf8(out.stdout).unwrap();
    assert_eq!(raw_controls(&sidecar), Vec::<String>::new());
    // The data is intact: the escapes decode to the original characters.
    let v: serde_json::Value = serde_json::from_str(&sidecar).unwrap();
    assert!(v.to_string().contains('\u{202e}'));
}

#[test]
fn a_written_note_with_hostile_names_keeps_its_format() {
    let dir = hostile_workspace();
    let out = handoff()
        .current_dir(dir.path())
        .args(["summarize", "--offline", "--transcript", "session.jsonl"])
        .args(["--tests", "pytest.txt", "--out", "note.md"])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = handoff()
        .current_dir(dir.path())
        .args(["validate", "note.md", "--json"])
        .output()
        .unwrap();
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let structure: Vec<&serde_json::Value> = report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["rule"] == "structure")
        .collect();
    assert!(structure.is_empty(), "{structure:?}");
    let findings = String::from_utf8_lossy(&out.stdout).into_owned();
    assert_eq!(raw_controls(&findings), Vec::<String>::new());
}

const KEY: &str = "sk-proj-Xq7Lm2Rt9Vb4Nc8Kd1Fg6Hj3Pw5Zs0Ya2Ue7Io4Tr9Mn1Bv6";

/// A Claude Code session whose user pastes an API key and runs a command holding a password.
fn session_with_secrets(dir: &Path) -> std::path::PathBuf {
    let text = claude_session(
        dir,
        &[
            json!({"type": "user", "message": {"role": "user", "content": format!("Use OPENAI_API_KEY={KEY} to fix the import")}}),
            json!({"type": "assistant", "message": {"id": "a1", "role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": "mysql -u root -pS3cretPass shop < dump.sql"}}]}}),
        ],
    );
    let path = dir.join("session.jsonl");
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn collect_redacts_what_it_prints_unless_told_not_to() {
    let dir = tempfile::tempdir().unwrap();
    let session = session_with_secrets(dir.path());
    let run = |extra: &[&str]| {
        let out = handoff()
            .current_dir(dir.path())
            .args(["collect", "--json", "--transcript"])
            .arg(&session)
            .args(extra)
            .output()
            .unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap()
    };
    let redacted = run(&[]);
    assert!(
        !redacted.contains(KEY) && !redacted.contains("S3cretPass"),
        "{redacted}"
    );
    assert!(redacted.contains("[REDACTED:openai-api-key]"));
    let summary = handoff()
        .current_dir(dir.path())
        .args(["collect", "--transcript"])
        .arg(&session)
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&summary.stdout).contains(KEY));
    let raw = run(&["--no-redact"]);
    assert!(
        raw.contains(KEY) && raw.contains("S3cretPass"),
        "--no-redact keeps them"
    );
}

#[test]
fn validate_and_errors_redact_what_they_quote() {
    let dir = tempfile::tempdir().unwrap();
    let session = session_with_secrets(dir.path());
    let note = dir.path().join("NOTE.md");
    std::fs::write(
        &note,
        format!("# Session Handoff: x\n\n## Goal & Current State\n\n- **Goal:** ship it with {KEY} (M1)\n\n## Next Action\n\n- Run `mysql -u root -pS3cretPass shop`\n"),
    )
    .unwrap();
    let out = handoff()
        .current_dir(dir.path())
        .args(["validate", "NOTE.md", "--json", "--transcript"])
        .arg(&session)
        .output()
        .unwrap();
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        !text.contains(KEY) && !text.contains("S3cretPass"),
        "{text}"
    );

    // Errors quote their input: a base URL with a password in it, a path with escapes.
    let out = handoff()
        .args(["config", "show", "--model", "m", "--base-url"])
        .arg("http://admin:S3cretPw9@10.1.2.3/v1")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.starts_with("handoff: error: base URL http://admin:["),
        "{stderr}"
    );
    assert!(!stderr.contains("S3cretPw9"), "{stderr}");
    let out = handoff()
        .args(["validate", "x\x1b[31m\u{202e}.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(
        stderr.contains("x\\u{1b}[31m\\u{202e}.md: no such file"),
        "{stderr}"
    );
    assert_eq!(raw_controls(&stderr), Vec::<String>::new());
}

fn mode(p: &Path) -> u32 {
    use std::os::unix::fs::PermissionsExt;
    std::fs::metadata(p).unwrap().permissions().mode() & 0o777
}

/// The temp files in `dir` (handoff's own: `.handoff-….tmp`).
fn temps(dir: &Path) -> Vec<String> {
    std::fs::read_dir(dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|n| n.starts_with(".handoff-") && n.ends_with(".tmp"))
        .collect()
}

const SMALL_NOTE: &str = "# Session Handoff: x\n\n## Goal & Current State\n\n- **Goal:** Fix the parser.\n\n## Next Action\n\n- Run `cargo test`\n";

#[test]
fn validate_write_keeps_the_file_mode() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let note = dir.path().join("NOTE.md");
    std::fs::write(&note, SMALL_NOTE).unwrap();
    std::fs::set_permissions(&note, std::fs::Permissions::from_mode(0o644)).unwrap();
    handoff()
        .current_dir(dir.path())
        .args(["validate", "NOTE.md", "--write"])
        .output()
        .unwrap();
    assert_ne!(
        std::fs::read_to_string(&note).unwrap(),
        SMALL_NOTE,
        "annotated"
    );
    assert_eq!(mode(&note), 0o644);
}

#[test]
fn force_only_ever_replaces_a_regular_file() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    let fifo = p.join("fifo.md");
    let status = Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(status.success());
    let device = p.join("device.md");
    std::os::unix::fs::symlink("/dev/null", &device).unwrap();
    std::fs::create_dir(p.join("folder.md")).unwrap();
    for target in ["fifo.md", "device.md", "folder.md/"] {
        let out = handoff()
            .current_dir(p)
            .args(["summarize", "--offline", "--force", "--out", target])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        if target.ends_with('/') {
            // A folder is a folder target: the note goes inside it.
            assert!(out.status.success(), "{stderr}");
            continue;
        }
        assert_eq!(out.status.code(), Some(2), "{target}: {stderr}");
        assert!(stderr.contains("not a regular file"), "{stderr}");
    }
    use std::os::unix::fs::FileTypeExt;
    assert!(
        std::fs::symlink_metadata(&fifo)
            .unwrap()
            .file_type()
            .is_fifo()
    );
    assert!(
        std::fs::symlink_metadata(&device)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    // The sidecar of a forced note is held to the same rule.
    std::fs::write(p.join("n.md"), "old").unwrap();
    std::os::unix::fs::symlink("/dev/null", p.join("n.json")).unwrap();
    let out = handoff()
        .current_dir(p)
        .args(["summarize", "--offline", "--force", "--out", "n.md"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(std::fs::read_to_string(p.join("n.md")).unwrap(), "old");
    assert_eq!(temps(p), Vec::<String>::new());
}

/// `validate --write` killed with SIGKILL while it writes leaves a temp file; the next write
/// into the folder removes it. A big note makes the write long enough to be caught.
#[test]
fn temp_files_left_by_kill_9_are_swept_by_the_next_run() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    let mut text = String::from("# Session Handoff: big\n\n## Workspace State\n\n```text\n");
    for i in 0..60_000 {
        text.push_str(&format!(
            "line {i:06} of a long workspace block that takes a while to write\n"
        ));
    }
    text.push_str("```\n\n## Next Action\n\n- Run `cargo test`\n");
    std::fs::write(p.join("NOTE.md"), &text).unwrap();
    // A temp file of a writer long gone (its process id is not running).
    let mut gone = Command::new("true").spawn().unwrap();
    let gone_pid = gone.id();
    gone.wait().unwrap();
    let stale = format!(".handoff-{gone_pid}-abc123.tmp");
    std::fs::write(p.join(&stale), "half a note").unwrap();

    let mut caught = 0;
    for _ in 0..8 {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin!("handoff"))
            .current_dir(p)
            .args(["validate", "NOTE.md", "--write", "--no-backup"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap();
        // Kill it the moment its temp file appears.
        loop {
            if temps(p)
                .iter()
                .any(|t| !t.contains(&format!("-{gone_pid}-")))
            {
                let _ = child.kill();
                break;
            }
            if child.try_wait().unwrap().is_some() {
                break;
            }
        }
        child.wait().unwrap();
        let left = temps(p);
        caught += usize::from(left.iter().any(|t| !t.contains(&format!("-{gone_pid}-"))));
        if caught > 0 {
            break;
        }
    }
    assert!(caught > 0, "no kill landed during a write: {:?}", temps(p));
    let out = handoff()
        .current_dir(p)
        .args(["validate", "NOTE.md", "--write", "--no-backup"])
        .output()
        .unwrap();
    assert!(out.status.code().is_some_and(|c| c <= 1));
    assert_eq!(
        temps(p),
        Vec::<String>::new(),
        "stale temp files were swept"
    );
    assert!(
        std::fs::read_to_string(p.join("NOTE.md"))
            .unwrap()
            .contains("## Next Action")
    );
}

/// `collect --json` prints no secret from any kind of field it prints: a typed message, a
/// command line, a command's output, an edit (its path: an edit's text is not printed), git (a
/// commit subject and a changed line) and a test output; with `--no-redact` each of them is
/// printed, so each is in a printed field.
#[test]
fn collect_json_prints_no_secret_from_any_kind_of_field() {
    let secrets = [
        ("message", "ghp_Q7x2M4n8R6t1V3w5Y9z0A2b4C6d8E0f2G4h6"),
        ("command line", "CmdS3cretPw9"),
        ("output", "sk_live_Zx81Qm4Lr7Tb2Wc9Vn5Ks3Jd"),
        ("edit path", "xoxb-1234567890-Q7x2M4n8R6t1"),
        ("git subject", "AKIAQ7X2M4N8R6T1V3W5"),
        ("git diff", "GitDiffPw9xQ2"),
        ("test output", "glpat-Q7x2M4n8R6t1V3w5Y9z0"),
    ];
    let [message, command, output, edit_path, subject, diff, test] = secrets.map(|(_, s)| s);
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path();
    git(p, &["init", "-q", "-b", "main"]);
    std::fs::write(p.join("app.env"), "DEBUG=1\n").unwrap();
    git(p, &["add", "."]);
    git(
        p,
        &["commit", "-q", "-m", &format!("rotate the key {subject}")],
    );
    std::fs::write(p.join("app.env"), format!("DEBUG=1\nDB_PASSWORD={diff}\n")).unwrap();
    let edit_file = p.join(format!("deploy/{edit_path}.txt"));
    let transcript = claude_session(
        p,
        &[
            json!({"type": "user", "message": {"role": "user", "content": format!("the token is {message}, fix the deploy")}}),
            json!({"type": "assistant", "message": {"id": "a1", "role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": format!("mysql -u root -p{command} shop < dump.sql")}}]}}),
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": format!("loaded\nexport STRIPE_KEY={output}\n")}]}}),
            json!({"type": "assistant", "message": {"id": "a2", "role": "assistant", "content": [{"type": "tool_use", "id": "t2", "name": "Edit", "input": {"file_path": edit_file.display().to_string(), "old_string": "KEY = ''", "new_string": "KEY = 'x'"}}]}}),
            json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t2", "content": "The file has been updated."}]}}),
        ],
    );
    std::fs::write(p.join("session.jsonl"), transcript).unwrap();
    std::fs::write(
        p.join("pytest.txt"),
        format!(
            "FAILED tests/test_app.py::test_login - AssertionError: bad token={test}\n1 failed, 2 passed in 0.1s\n"
        ),
    )
    .unwrap();
    let run = |extra: &[&str]| {
        stdout_of(
            handoff()
                .current_dir(p)
                .args(["collect", "--json", "--transcript", "session.jsonl"])
                .args(["--tests", "pytest.txt"])
                .args(extra),
        )
    };
    let raw = run(&["--no-redact"]);
    let redacted = run(&[]);
    for (field, secret) in secrets {
        assert!(raw.contains(secret), "{field}: not printed at all: {raw}");
        assert!(
            !redacted.contains(secret),
            "{field}: {secret} printed: {redacted}"
        );
    }
}
