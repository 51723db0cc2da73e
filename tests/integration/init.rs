//! `handoff init <agent>` end to end on settings files that are missing, empty, existing,
//! malformed and already installed; install then uninstall returns the file byte for byte.

use crate::support::handoff;
use serde_json::Value;
use std::path::{Path, PathBuf};

struct Home {
    _dir: tempfile::TempDir,
    home: PathBuf,
}

impl Home {
    fn new() -> Home {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        std::fs::create_dir_all(&home).unwrap();
        Home { _dir: dir, home }
    }

    fn init(&self, args: &[&str]) -> std::process::Output {
        let mut c = handoff();
        c.env("HOME", &self.home)
            .env("XDG_STATE_HOME", self.home.join(".state"))
            .current_dir(&self.home);
        for k in [
            "CLAUDE_CONFIG_DIR",
            "CODEX_HOME",
            "GEMINI_CLI_HOME",
            "NO_COLOR",
        ] {
            c.env_remove(k);
        }
        c.arg("init").args(args).output().unwrap()
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.init(args);
        assert_eq!(out.status.code(), Some(0), "{out:?}");
        String::from_utf8(out.stderr).unwrap()
    }

    fn path(&self, rel: &str) -> PathBuf {
        self.home.join(rel)
    }

    fn write(&self, rel: &str, text: &str) {
        let p = self.path(rel);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
}

const AGENTS: &[(&str, &str, &[&str])] = &[
    (
        "claude-code",
        ".claude/settings.json",
        &["PreCompact", "SessionEnd", "SessionStart"],
    ),
    (
        "codex",
        ".codex/hooks.json",
        &["PreCompact", "SessionEnd", "SessionStart"],
    ),
    (
        "gemini",
        ".gemini/settings.json",
        &["PreCompress", "SessionEnd", "SessionStart"],
    ),
];

fn json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn our_commands(v: &Value, event: &str) -> Vec<String> {
    v["hooks"][event]
        .as_array()
        .into_iter()
        .flatten()
        .flat_map(|g| g["hooks"].as_array().cloned().unwrap_or_default())
        .filter_map(|h| h["command"].as_str().map(str::to_string))
        .filter(|c| c.contains(" hook "))
        .collect()
}

#[test]
fn missing_settings_are_created_and_removed_again() {
    for (agent, rel, events) in AGENTS {
        let h = Home::new();
        h.ok(&[agent]);
        let v = json(&h.path(rel));
        for e in *events {
            let cmds = our_commands(&v, e);
            assert_eq!(cmds.len(), 1, "{agent} {e}: {v}");
            assert!(
                cmds[0].ends_with(&format!("handoff hook {agent}")),
                "{cmds:?}"
            );
        }
        h.ok(&[agent, "--uninstall"]);
        assert!(
            !h.path(rel).exists(),
            "{agent}: the file init created is gone"
        );
    }
}

#[test]
fn empty_files_round_trip_byte_for_byte() {
    for (agent, rel, _) in AGENTS {
        for original in ["", "{}", "{}\n", "{\n}\n"] {
            let h = Home::new();
            h.write(rel, original);
            h.ok(&[agent]);
            assert_ne!(std::fs::read_to_string(h.path(rel)).unwrap(), original);
            h.ok(&[agent, "--uninstall"]);
            assert_eq!(
                std::fs::read_to_string(h.path(rel)).unwrap(),
                original,
                "{agent} {original:?}"
            );
        }
    }
}

#[test]
fn existing_settings_keep_every_other_key_and_hook_and_round_trip() {
    let original = r#"{
    "model": "opus",
    "permissions": {"allow": ["Bash(git status)"], "deny": []},
    "hooks": {
        "SessionStart": [
            {"matcher": "startup", "hooks": [{"type": "command", "command": "echo welcome"}]}
        ],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "~/bin/check.sh", "timeout": 5}]}
        ]
    },
    "env": {"FOO": "bar"}
}
"#;
    for (agent, rel, events) in AGENTS {
        let h = Home::new();
        h.write(rel, original);
        let err = h.ok(&[agent]);
        assert!(err.contains("original kept as"), "{err}");
        assert_eq!(
            std::fs::read_to_string(h.path(&format!("{rel}.handoff-backup"))).unwrap(),
            original
        );
        let v = json(&h.path(rel));
        assert_eq!(v["model"], "opus");
        assert_eq!(v["env"]["FOO"], "bar");
        assert_eq!(v["permissions"]["allow"][0], "Bash(git status)");
        assert_eq!(
            v["hooks"]["SessionStart"][0]["hooks"][0]["command"],
            "echo welcome"
        );
        assert_eq!(v["hooks"]["PreToolUse"][0]["hooks"][0]["timeout"], 5);
        for e in *events {
            assert_eq!(our_commands(&v, e).len(), 1, "{agent} {e}");
        }
        // The file's own four-space indentation is kept for the added hooks too.
        let text = std::fs::read_to_string(h.path(rel)).unwrap();
        assert!(text.contains("\n        \"SessionEnd\": ["), "{text}");
        h.ok(&[agent, "--uninstall"]);
        assert_eq!(
            std::fs::read_to_string(h.path(rel)).unwrap(),
            original,
            "{agent}"
        );
        assert!(!h.path(&format!("{rel}.handoff-backup")).exists());
    }
}

#[test]
fn already_installed_changes_nothing() {
    for (agent, rel, _) in AGENTS {
        let h = Home::new();
        h.ok(&[agent]);
        let first = std::fs::read(h.path(rel)).unwrap();
        let modified = std::fs::metadata(h.path(rel)).unwrap().modified().unwrap();
        let err = h.ok(&[agent]);
        assert!(err.contains("already installed"), "{err}");
        assert_eq!(std::fs::read(h.path(rel)).unwrap(), first);
        assert_eq!(
            std::fs::metadata(h.path(rel)).unwrap().modified().unwrap(),
            modified,
            "not even rewritten"
        );
        // Uninstalling twice is as harmless.
        h.ok(&[agent, "--uninstall"]);
        let err = h.ok(&[agent, "--uninstall"]);
        assert!(err.contains("nothing to remove"), "{err}");
    }
}

#[test]
fn malformed_settings_are_a_one_line_error_naming_file_and_line_and_nothing_is_written() {
    let cases = [
        (
            "{\n  \"model\": \"opus\",\n  \"hooks\": {\n    \"x\": [1,]\n  }\n}\n",
            "line 4",
        ),
        ("{\n  \"a\": 1\n  \"b\": 2\n}\n", "Expected comma"),
        ("[1, 2]\n", "not a JSON object"),
        ("{\"hooks\": []}\n", "\"hooks\" is not a JSON object"),
        (
            "{\"hooks\": {\"SessionEnd\": {}}}\n",
            "hooks.SessionEnd is not a JSON array",
        ),
        ("{\n  // a comment\n  \"a\": 1\n}\n", "line 2"),
    ];
    for (text, needle) in cases {
        let h = Home::new();
        h.write(".claude/settings.json", text);
        let out = h.init(&["claude-code"]);
        assert_eq!(out.status.code(), Some(2), "{text:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(err.lines().count(), 1, "{err}");
        assert!(
            err.contains(".claude/settings.json") && err.contains(needle),
            "{needle}: {err}"
        );
        assert!(err.contains("nothing was written"), "{err}");
        assert_eq!(
            std::fs::read_to_string(h.path(".claude/settings.json")).unwrap(),
            text
        );
        assert!(!h.path(".claude/settings.json.handoff-backup").exists());
        assert!(!h.path(".claude/commands/handoff.md").exists());
    }
}

#[test]
fn gemini_settings_keep_their_comments() {
    let h = Home::new();
    let original = "{\n  // dark, always\n  \"ui\": {\"theme\": \"GitHub\"}, /* trailing */\n  \"hooksConfig\": {\"enabled\": true}\n}\n";
    h.write(".gemini/settings.json", original);
    h.ok(&["gemini"]);
    let text = std::fs::read_to_string(h.path(".gemini/settings.json")).unwrap();
    assert!(
        text.contains("// dark, always") && text.contains("/* trailing */"),
        "{text}"
    );
    assert!(
        text.contains("\"timeout\": 120000") && text.contains("\"name\": \"handoff\""),
        "{text}"
    );
    h.ok(&["gemini", "--uninstall"]);
    assert_eq!(
        std::fs::read_to_string(h.path(".gemini/settings.json")).unwrap(),
        original
    );
}

#[test]
fn dry_run_prints_the_diff_and_writes_nothing() {
    let h = Home::new();
    h.write(".claude/settings.json", "{\n  \"model\": \"opus\"\n}\n");
    let out = h.init(&["claude-code", "--dry-run"]);
    assert_eq!(out.status.code(), Some(0));
    let diff = String::from_utf8(out.stdout).unwrap();
    assert!(
        diff.contains("+  \"hooks\": {") && !diff.contains("+++ /dev/null"),
        "{diff}"
    );
    assert!(
        diff.contains("--- /dev/null") && diff.contains("commands/handoff.md"),
        "{diff}"
    );
    assert!(!diff.contains('\x1b'), "no colour into a pipe");
    assert_eq!(
        std::fs::read_to_string(h.path(".claude/settings.json")).unwrap(),
        "{\n  \"model\": \"opus\"\n}\n"
    );
    assert!(!h.path(".claude/commands/handoff.md").exists());
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("nothing was written")
    );
}

#[test]
fn the_claude_command_runs_summarize_on_this_session() {
    let h = Home::new();
    h.ok(&["claude-code"]);
    let cmd = std::fs::read_to_string(h.path(".claude/commands/handoff.md")).unwrap();
    assert!(cmd.starts_with("---\ndescription: "), "{cmd}");
    assert!(
        cmd.contains("summarize --latest --agent claude-code`"),
        "{cmd}"
    );
    // A command of the user's own is never overwritten or removed.
    h.ok(&["claude-code", "--uninstall"]);
    h.write(".claude/commands/handoff.md", "my own\n");
    let err = h.ok(&["claude-code"]);
    assert!(err.contains("left alone"), "{err}");
    h.ok(&["claude-code", "--uninstall"]);
    assert_eq!(
        std::fs::read_to_string(h.path(".claude/commands/handoff.md")).unwrap(),
        "my own\n"
    );
}

#[test]
fn project_scope_writes_into_the_repository() {
    let h = Home::new();
    let repo = h.path("repo");
    std::fs::create_dir_all(repo.join("sub")).unwrap();
    let ok = std::process::Command::new("git")
        .args(["init", "-q"])
        .current_dir(&repo)
        .status()
        .unwrap();
    assert!(ok.success());
    h.ok(&[
        "codex",
        "--project",
        "--repo",
        repo.join("sub").to_str().unwrap(),
    ]);
    assert!(repo.join(".codex/hooks.json").exists());
    assert!(!h.path(".codex/hooks.json").exists());
    let out = h.init(&["codex", "--project", "--repo", h.home.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8(out.stderr)
            .unwrap()
            .contains("not in a git repository")
    );
}
