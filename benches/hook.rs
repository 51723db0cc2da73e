//! A hook on a ~100 MB Claude Code session (run with `cargo bench --bench hook`): `PreCompact`
//! (read the transcript, collect git state, draft offline, validate, write the note) and
//! `SessionStart` after a compaction (find the newest note, read the transcript again to
//! re-validate it against the repository now, trim it to the budget). Both must stay well under
//! the agents' limits: Claude Code gives command hooks 600 s and `SessionEnd` 1.5 s unless the
//! hook's own `timeout` raises it (`init` sets 60 s); Codex caps `SessionEnd` at 3 s; Gemini CLI
//! gives 60 s. The whole binary on the same file, for the record:
//! `echo '{"hook_event_name":"PreCompact",…}' | /usr/bin/time -v target/release/handoff hook claude-code`.

use clap::Parser;
use handoff::{HookArgs, HookInput, handle_hook as handle};
use std::path::PathBuf;
use std::sync::OnceLock;

#[path = "support/claude_session.rs"]
mod claude_session;

const TARGET_BYTES: u64 = 100 * 1024 * 1024;

/// `handoff hook`'s arguments, parsed as the subcommand parses them.
#[derive(Parser)]
struct HookLine {
    #[command(flatten)]
    args: HookArgs,
}

struct Setup {
    _dir: tempfile::TempDir,
    repo: PathBuf,
    transcript: PathBuf,
    args: HookArgs,
}

fn main() {
    // The hook records which notes it printed in its state folder: keep that out of the user's.
    let state = std::env::temp_dir().join(format!("handoff-bench-state-{}", std::process::id()));
    // SAFETY: set before any other thread starts.
    unsafe { std::env::set_var("XDG_STATE_HOME", &state) };
    divan::main();
    let _ = std::fs::remove_dir_all(state);
}

fn setup() -> &'static Setup {
    static SETUP: OnceLock<Setup> = OnceLock::new();
    SETUP.get_or_init(|| {
        let transcript = claude_session::session_file("claude-100mb.jsonl", TARGET_BYTES);
        let dir = tempfile::tempdir().expect("temp dir");
        let repo = dir.path().join("repo");
        std::fs::create_dir_all(repo.join("src")).expect("repo dir");
        let git = |args: &[&str]| {
            let ok = std::process::Command::new("git")
                .args([
                    "-c",
                    "user.name=B",
                    "-c",
                    "user.email=b@e.st",
                    "-c",
                    "commit.gpgsign=false",
                ])
                .args(args)
                .current_dir(&repo)
                .status()
                .expect("git runs");
            assert!(ok.success(), "git {args:?}");
        };
        git(&["init", "-q", "-b", "main"]);
        for i in 0..40 {
            std::fs::write(
                repo.join(format!("src/cart{i}.ts")),
                "export const total = 0;\n",
            )
            .expect("write");
        }
        git(&["add", "."]);
        git(&["commit", "-q", "-m", "Initial import"]);
        std::fs::write(repo.join("src/cart3.ts"), "export const total = 1;\n").expect("write");
        let args = HookLine::parse_from(["handoff", "claude-code", "--offline"]).args;
        Setup {
            repo,
            transcript,
            args,
            _dir: dir,
        }
    })
}

fn input(s: &Setup, event: &str, detail: (&str, &str)) -> HookInput {
    let v = serde_json::json!({
        "session_id": "0b9f2c1e-5d7a-4c8e-9f00-1234567890ab",
        "transcript_path": s.transcript,
        "cwd": s.repo,
        "hook_event_name": event,
        detail.0: detail.1,
    });
    serde_json::from_value(v).expect("hook input")
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn pre_compact_100mb(bencher: divan::Bencher) {
    let s = setup();
    let pre = input(s, "PreCompact", ("trigger", "auto"));
    bencher
        // A fresh repository state each time, so the hook does not skip an unchanged transcript.
        .with_inputs(|| {
            let _ = std::fs::remove_dir_all(s.repo.join(".handoff"));
        })
        .bench_values(|()| {
            let done = handle(&s.args, &pre, chrono::Utc::now()).expect("hook runs");
            assert!(done.summary.starts_with("wrote "), "{}", done.summary);
        });
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn session_start_after_compact_100mb(bencher: divan::Bencher) {
    let s = setup();
    if handoff::newest_note(&s.repo).is_none() {
        handle(
            &s.args,
            &input(s, "PreCompact", ("trigger", "auto")),
            chrono::Utc::now(),
        )
        .expect("note written");
    }
    let start = input(s, "SessionStart", ("source", "compact"));
    bencher.bench(|| {
        let done = handle(&s.args, &start, chrono::Utc::now()).expect("hook runs");
        assert!(done.stdout.is_some(), "{}", done.summary);
    });
}
