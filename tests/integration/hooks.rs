//! `handoff hook <agent>` end to end: the real binary fed real-shaped hook JSON (the fields each
//! agent's documentation and source give) in a real git repository, with real transcripts from
//! the eval cases; the note written, the JSON printed, the log, and the detached model draft
//! against a real in-process OpenAI-compatible server.

use crate::support::{git, handoff};
use serde_json::{Value, json};
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn case(rel: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("evals/cases")
        .join(rel)
}

/// A home, a state folder and a git repository, all temporary.
struct World {
    _dir: tempfile::TempDir,
    home: PathBuf,
    state: PathBuf,
    repo: PathBuf,
}

impl World {
    fn new() -> World {
        let dir = tempfile::tempdir().unwrap();
        let home = dir.path().join("home");
        let state = dir.path().join("state");
        let repo = dir.path().join("repo");
        for d in [&home, &state, &repo] {
            std::fs::create_dir_all(d).unwrap();
        }
        git(&repo, &["init", "-q", "-b", "main"]);
        std::fs::create_dir_all(repo.join("src")).unwrap();
        std::fs::write(repo.join("src/app.py"), "def login():\n    return 200\n").unwrap();
        git(&repo, &["add", "."]);
        git(&repo, &["commit", "-q", "-m", "Initial import"]);
        std::fs::write(repo.join("src/app.py"), "def login():\n    return 429\n").unwrap();
        let repo = repo.canonicalize().unwrap();
        World {
            _dir: dir,
            home,
            state,
            repo,
        }
    }

    fn cmd(&self) -> assert_cmd::Command {
        let mut c = handoff();
        c.env("HOME", &self.home)
            .env("XDG_STATE_HOME", &self.state)
            .env("XDG_CONFIG_HOME", self.home.join(".config"))
            .current_dir(&self.repo);
        for k in [
            "CLAUDE_CONFIG_DIR",
            "CODEX_HOME",
            "GEMINI_CLI_HOME",
            "HANDOFF_MODEL",
            "HANDOFF_PROFILE",
            "HANDOFF_CONFIG",
            "OPENAI_API_KEY",
            "OPENAI_BASE_URL",
            "HANDOFF_HOOK_BUDGET",
            "HANDOFF_HOOK_RECENT",
            "NO_COLOR",
        ] {
            c.env_remove(k);
        }
        c
    }

    /// Runs `handoff hook <agent>` on `input`: (stdout, stderr); the exit status is always 0.
    fn hook(&self, agent: &str, input: &Value, extra: &[&str]) -> (String, String) {
        let out = self
            .cmd()
            .args(["hook", agent])
            .args(extra)
            .write_stdin(input.to_string())
            .output()
            .unwrap();
        assert_eq!(out.status.code(), Some(0), "a hook always exits 0: {out:?}");
        (
            String::from_utf8(out.stdout).unwrap(),
            String::from_utf8(out.stderr).unwrap(),
        )
    }

    fn notes(&self) -> Vec<PathBuf> {
        let mut v: Vec<PathBuf> = std::fs::read_dir(self.repo.join(".handoff"))
            .map(|d| d.flatten().map(|e| e.path()).collect())
            .unwrap_or_default();
        v.retain(|p| p.extension().is_some_and(|e| e == "md"));
        v.sort();
        v
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.state.join("handoff/hook.log")).unwrap_or_default()
    }
}

fn claude_input(w: &World, event: &str, extra: Value) -> Value {
    let mut v = json!({
        "session_id": "4774e917-cdfa-4bd4-9c3a-0e1d2f3a4b5c",
        "transcript_path": case("claude-failing-tests/transcript.jsonl"),
        "cwd": w.repo,
        "permission_mode": "default",
        "hook_event_name": event,
    });
    v.as_object_mut()
        .unwrap()
        .extend(extra.as_object().unwrap().clone());
    v
}

fn context_of(stdout: &str) -> String {
    let v: Value = serde_json::from_str(stdout.trim()).unwrap_or_else(|e| panic!("{e}: {stdout}"));
    assert_eq!(v["hookSpecificOutput"]["hookEventName"], "SessionStart");
    v["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .unwrap()
        .to_string()
}

#[test]
fn claude_pre_compact_writes_the_note_and_the_compacted_session_receives_it() {
    let w = World::new();
    let (out, err) = w.hook(
        "claude-code",
        &claude_input(
            &w,
            "PreCompact",
            json!({"trigger": "auto", "custom_instructions": null}),
        ),
        &[],
    );
    assert_eq!(out, "", "PreCompact prints nothing for the agent");
    assert_eq!(err, "");
    let notes = w.notes();
    assert_eq!(notes.len(), 1, "{notes:?}");
    let name = notes[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(
        name.ends_with("-4774e917-cdfa-4bd4-9c3a-0e1d2f3a4b5c.md"),
        "{name}"
    );
    let note = std::fs::read_to_string(&notes[0]).unwrap();
    assert!(
        note.contains("## Next Action") && note.contains("drafter: offline"),
        "{note}"
    );
    assert!(w.log().contains("PreCompact(auto): wrote"), "{}", w.log());

    let (out, _) = w.hook(
        "claude-code",
        &claude_input(
            &w,
            "SessionStart",
            json!({"source": "compact", "model": "claude-sonnet-4-6"}),
        ),
        &[],
    );
    let ctx = context_of(&out);
    assert!(ctx.contains(&notes[0].display().to_string()), "{ctx}");
    assert!(
        ctx.contains("re-validated against the repository just now"),
        "{ctx}"
    );
    // The note's own Next Action and Open Loops, whole.
    let section = |md: &str, h: &str| {
        let start = md.find(h).unwrap();
        let rest = &md[start + h.len()..];
        rest[..rest.find("\n## ").unwrap_or(rest.len())]
            .trim()
            .to_string()
    };
    assert_eq!(
        section(&ctx, "## Next Action"),
        section(&note, "## Next Action")
    );
    assert_eq!(
        section(&ctx, "## Open Loops"),
        section(&note, "## Open Loops")
    );

    // A commit after the note: the next session is told.
    git(
        &w.repo,
        &["commit", "-q", "-am", "Return 429 after five attempts"],
    );
    let (out, _) = w.hook(
        "claude-code",
        &claude_input(&w, "SessionStart", json!({"source": "clear", "model": "m"})),
        &[],
    );
    let ctx = context_of(&out);
    assert!(
        ctx.contains("1 commit(s) since the note was written")
            && ctx.contains("Return 429 after five attempts"),
        "{ctx}"
    );
}

#[test]
fn claude_session_end_writes_once_per_transcript_state() {
    let w = World::new();
    w.hook(
        "claude-code",
        &claude_input(&w, "SessionEnd", json!({"reason": "clear"})),
        &[],
    );
    assert_eq!(w.notes().len(), 1);
    // Exiting right after: the transcript has not changed, so no second note.
    w.hook(
        "claude-code",
        &claude_input(&w, "SessionEnd", json!({"reason": "prompt_input_exit"})),
        &[],
    );
    assert_eq!(w.notes().len(), 1);
    assert!(w.log().contains("unchanged since"), "{}", w.log());
}

#[test]
fn startup_injects_only_a_recent_note_not_given_before() {
    let w = World::new();
    let start = |w: &World, extra: &[&str]| {
        w.hook(
            "claude-code",
            &claude_input(
                w,
                "SessionStart",
                json!({"source": "startup", "model": "m"}),
            ),
            extra,
        )
        .0
    };
    assert_eq!(start(&w, &[]), "", "no note yet");
    w.hook(
        "claude-code",
        &claude_input(&w, "PreCompact", json!({"trigger": "manual"})),
        &[],
    );
    assert_eq!(start(&w, &["--recent", "0s"]), "", "older than --recent");
    assert!(w.log().contains("older than --recent"), "{}", w.log());
    assert!(context_of(&start(&w, &[])).contains("## Next Action"));
    assert_eq!(start(&w, &[]), "", "already given to a session");
    assert!(
        w.log().contains("already given to a session"),
        "{}",
        w.log()
    );
    // After /clear it is printed again, whatever was printed before.
    let (out, _) = w.hook(
        "claude-code",
        &claude_input(&w, "SessionStart", json!({"source": "clear"})),
        &[],
    );
    assert!(context_of(&out).contains("## Open Loops"));
}

#[test]
fn the_printed_note_is_trimmed_to_the_budget_keeping_next_action_and_open_loops() {
    let w = World::new();
    w.hook(
        "claude-code",
        &claude_input(&w, "PreCompact", json!({"trigger": "auto"})),
        &[],
    );
    let note = std::fs::read_to_string(&w.notes()[0]).unwrap();
    let (out, _) = w.hook(
        "claude-code",
        &claude_input(&w, "SessionStart", json!({"source": "resume"})),
        &["--inject-budget", "250"],
    );
    let ctx = context_of(&out);
    assert!(ctx.len() < note.len(), "trimmed");
    assert!(ctx.contains("left out to fit the token budget"), "{ctx}");
    let next = &note[note.find("## Next Action").unwrap()..];
    let next = &next[..next[3..].find("\n## ").map_or(next.len(), |i| i + 3)];
    assert!(ctx.contains(next.trim()), "{ctx}");
}

#[test]
fn codex_without_a_transcript_path_uses_its_newest_session_of_this_repository() {
    let w = World::new();
    // A Codex rollout of this repository in $CODEX_HOME/sessions.
    let text = std::fs::read_to_string(case("codex-stale-pass/transcript.jsonl")).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut meta: Value = serde_json::from_str(&lines[0]).unwrap();
    meta["payload"]["cwd"] = json!(w.repo);
    lines[0] = meta.to_string();
    let rollout = w
        .home
        .join(".codex/sessions/2026/03/04/rollout-2026-03-04T14-00-00-x.jsonl");
    std::fs::create_dir_all(rollout.parent().unwrap()).unwrap();
    std::fs::write(&rollout, lines.join("\n") + "\n").unwrap();
    let input = json!({
        "session_id": "019d5a10-3c2e-7f41-9b0d-6e2a8c4f1b37",
        "turn_id": "t-7",
        "transcript_path": null,
        "cwd": w.repo,
        "hook_event_name": "PreCompact",
        "model": "gpt-5.4",
        "trigger": "manual",
    });
    let (out, err) = w.hook("codex", &input, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    let notes = w.notes();
    assert_eq!(notes.len(), 1);
    let note = std::fs::read_to_string(&notes[0]).unwrap();
    assert!(
        note.contains(&format!("source: {}", rollout.display())),
        "{note}"
    );
    let (out, _) = w.hook(
        "codex",
        &json!({
            "session_id": "019d5a10-aaaa",
            "transcript_path": null,
            "cwd": w.repo,
            "hook_event_name": "SessionStart",
            "model": "gpt-5.4",
            "permission_mode": "default",
            "source": "clear",
        }),
        &[],
    );
    assert!(context_of(&out).contains("## Next Action"));
}

#[test]
fn codex_session_end_hands_the_write_to_a_detached_writer_within_its_3_s_cap() {
    let w = World::new();
    let input = json!({
        "session_id": "019d5a10-3c2e-7f41-9b0d-6e2a8c4f1b37",
        "turn_id": "t-9",
        "transcript_path": case("codex-stale-pass/transcript.jsonl"),
        "cwd": w.repo,
        "hook_event_name": "SessionEnd",
        "reason": "other",
    });
    let started = Instant::now();
    let (out, err) = w.hook("codex", &input, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    assert!(
        started.elapsed() < Duration::from_secs(3),
        "{:?}",
        started.elapsed()
    );
    assert!(
        w.log().contains("handed the write to a detached writer"),
        "{}",
        w.log()
    );
    let deadline = Instant::now() + Duration::from_secs(60);
    while w.notes().is_empty() {
        assert!(Instant::now() < deadline, "no note after 60 s: {}", w.log());
        std::thread::sleep(Duration::from_millis(100));
    }
    let deadline = Instant::now() + Duration::from_secs(10);
    while !w.log().contains("codex SessionEnd(other): wrote") {
        assert!(Instant::now() < deadline, "{}", w.log());
        std::thread::sleep(Duration::from_millis(100));
    }
    let pending: Vec<_> = std::fs::read_dir(w.state.join("handoff"))
        .unwrap()
        .flatten()
        .filter(|e| e.file_name().to_string_lossy().starts_with("pending-"))
        .collect();
    assert!(pending.is_empty(), "the handed-on input is removed");
}

#[test]
fn gemini_pre_compress_and_session_start() {
    let w = World::new();
    let base = |event: &str| {
        json!({
            "session_id": "b2c3d4e5-gemini",
            "transcript_path": case("gemini-dead-end-fix/transcript.json"),
            "cwd": w.repo,
            "hook_event_name": event,
            "timestamp": "2026-03-04T14:00:00.000Z",
        })
    };
    let mut pre = base("PreCompress");
    pre["trigger"] = json!("auto");
    let (out, err) = w.hook("gemini", &pre, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    assert_eq!(w.notes().len(), 1);
    let mut start = base("SessionStart");
    start["source"] = json!("clear");
    let (out, _) = w.hook("gemini", &start, &[]);
    assert!(context_of(&out).contains("## Open Loops"));
    let mut end = base("SessionEnd");
    end["reason"] = json!("exit");
    w.hook("gemini", &end, &[]);
    assert!(w.log().contains("gemini SessionEnd(exit)"), "{}", w.log());
}

#[test]
fn a_hook_never_fails_its_agent() {
    let w = World::new();
    // Not JSON: reported on stderr and in the log, exit 0.
    let out = w
        .cmd()
        .args(["hook", "claude-code"])
        .write_stdin("not json")
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("not Claude Code hook JSON"), "{err}");
    assert!(w.log().contains("problem"), "{}", w.log());
    // An event handoff does not handle: nothing.
    let (out, err) = w.hook(
        "claude-code",
        &claude_input(&w, "Stop", json!({"stop_hook_active": false})),
        &[],
    );
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    assert!(w.log().contains("Stop: ignored"), "{}", w.log());
    // A transcript that does not exist: a problem, no note, still exit 0.
    let mut input = claude_input(&w, "PreCompact", json!({"trigger": "auto"}));
    input["transcript_path"] = json!(w.repo.join("missing.jsonl"));
    let (_, err) = w.hook("claude-code", &input, &[]);
    assert!(err.contains("missing.jsonl does not exist"), "{err}");
    assert!(w.notes().is_empty());
    // A session closed before anything was said: nothing to write, nothing to complain about.
    let empty = w.repo.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let mut input = claude_input(&w, "SessionEnd", json!({"reason": "prompt_input_exit"}));
    input["transcript_path"] = json!(empty);
    let (out, err) = w.hook("claude-code", &input, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    assert!(w.log().contains("is empty; no note"), "{}", w.log());
    assert!(w.notes().is_empty());
    // Outside a repository: nothing to do.
    let mut input = claude_input(&w, "SessionEnd", json!({"reason": "other"}));
    input["cwd"] = json!(w.home);
    let (out, err) = w.hook("claude-code", &input, &[]);
    assert_eq!((out.as_str(), err.as_str()), ("", ""));
    assert!(
        w.log().contains("is not in a git repository"),
        "{}",
        w.log()
    );
}

/// A real OpenAI-compatible server in this process, answering with the case's recorded answer.
struct ModelServer {
    rt: tokio::runtime::Runtime,
    mock: wiremock::MockServer,
}

impl ModelServer {
    fn start(answer: Value) -> ModelServer {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .unwrap();
        let mock = rt.block_on(wiremock::MockServer::start());
        rt.block_on(
            wiremock::Mock::given(wiremock::matchers::method("POST"))
                .and(wiremock::matchers::path("/v1/chat/completions"))
                .respond_with(wiremock::ResponseTemplate::new(200).set_body_json(answer))
                .mount(&mock),
        );
        ModelServer { rt, mock }
    }

    fn requests(&self) -> usize {
        self.rt
            .block_on(self.mock.received_requests())
            .map_or(0, |r| r.len())
    }
}

#[test]
fn with_a_model_the_detached_draft_replaces_the_offline_note_and_keeps_it() {
    let w = World::new();
    let answer: Value = serde_json::from_str(
        &std::fs::read_to_string(case("claude-failing-tests/recorded-answer.json")).unwrap(),
    )
    .unwrap();
    let server = ModelServer::start(answer);
    let out = w
        .cmd()
        .env("HANDOFF_MODEL", "test-model")
        .env("OPENAI_BASE_URL", format!("{}/v1", server.mock.uri()))
        .env("OPENAI_API_KEY", "sk-test-0000")
        .args(["hook", "claude-code"])
        .write_stdin(claude_input(&w, "PreCompact", json!({"trigger": "auto"})).to_string())
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0));
    let note = w
        .notes()
        .into_iter()
        .next()
        .expect("the offline note is written at once");
    let offline_then = std::fs::read_to_string(&note).unwrap();
    assert!(offline_then.contains("drafter: offline"));
    let kept = note.with_file_name(format!(
        "{}.offline.md",
        note.file_stem().unwrap().to_string_lossy()
    ));
    let deadline = Instant::now() + Duration::from_secs(60);
    // The detached process logs after it replaced the note: wait for both.
    while !(kept.exists()
        && std::fs::read_to_string(&note)
            .unwrap()
            .contains("drafter: llm")
        && w.log().contains("replaced by the test-model draft"))
    {
        assert!(
            Instant::now() < deadline,
            "no model draft after 60 s: {}",
            w.log()
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(server.requests() >= 1);
    let replaced = std::fs::read_to_string(&note).unwrap();
    assert!(replaced.contains("model: test-model"), "{replaced}");
    assert_eq!(
        std::fs::read_to_string(&kept).unwrap(),
        offline_then,
        "the offline note is kept"
    );
    let side: Value =
        serde_json::from_str(&std::fs::read_to_string(note.with_extension("json")).unwrap())
            .unwrap();
    assert_eq!(side["note"]["header"]["drafter"], "llm");
    assert!(
        w.log().contains("replaced by the test-model draft"),
        "{}",
        w.log()
    );
    // The newest note is still the one note, not its kept offline draft.
    let (out, _) = w.hook(
        "claude-code",
        &claude_input(&w, "SessionStart", json!({"source": "compact"})),
        &[],
    );
    assert!(context_of(&out).contains("drafter: llm"));
}
