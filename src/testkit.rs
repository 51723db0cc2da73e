//! The unit tests' one kit: evidence (messages, commands, edits, transcripts, test runs, git
//! states, worktrees) and notes built by hand, and helpers to read a validator report. The
//! readers' own kit (parse a string as one format) stays with the readers, which it needs.

use crate::evidence::git::{GitState, Head, StatusEntry};
use crate::evidence::transcript::{
    Action, Command, Edit, EditKind, Message, MessageKind, Role, Session,
};
use crate::evidence::{Evidence, TestRun, Transcript};
use crate::note::{Claim, FileEntry, Note, OpenLoop, Owner};

pub(crate) fn claim(text: &str) -> Claim {
    Claim {
        text: text.to_string(),
        ..Claim::default()
    }
}

pub(crate) fn cited(text: &str, cite: &[&str]) -> Claim {
    Claim {
        text: text.to_string(),
        cite: cite.iter().map(|s| s.to_string()).collect(),
        ..Claim::default()
    }
}

/// A note that passes every rule against empty evidence.
pub(crate) fn note() -> Note {
    Note {
        title: "test".into(),
        goal: Some(claim("Add refresh token rotation to the auth service.")),
        decisions: vec![claim(
            "Chose Redis for the revocation list to keep latency low.",
        )],
        open_loops: vec![OpenLoop {
            owner: Some(Owner::Agent),
            text: "Wire the revocation check into the dependency.".into(),
            verify: Some("`pytest tests/test_deps.py` passes".into()),
            ..OpenLoop::default()
        }],
        next_actions: vec![claim(
            "Run `pytest tests/test_deps.py -x` and read the first failure.",
        )],
        ..Note::default()
    }
}

pub(crate) fn file(path: &str, symbols: &[&str], summary: &str) -> FileEntry {
    FileEntry {
        path: path.into(),
        symbols: symbols.iter().map(|s| s.to_string()).collect(),
        summary: summary.into(),
        ..FileEntry::default()
    }
}

pub(crate) fn run(id: &str, command: Option<&str>, passed: u64, failed: u64) -> TestRun {
    TestRun {
        id: id.into(),
        source: "out.txt".into(),
        command: command.map(String::from),
        passed,
        failed,
        ok: failed == 0,
        ..TestRun::default()
    }
}

/// A shell command with the exit status `ok` gives (none when `ok` is `None`), no output, and the
/// test/check marks the transcript readers would give it.
pub(crate) fn cmd(id: &str, command: &str, ok: Option<bool>, seq: u64) -> Command {
    Command {
        id: id.into(),
        command: command.into(),
        tool: Some("Bash".into()),
        exit_code: ok.map(|o| if o { 0 } else { 1 }),
        ok,
        output: Default::default(),
        is_test: crate::evidence::shell::is_test_command(command),
        is_check: crate::evidence::shell::is_check_command(command),
        tests: None,
        has_result: ok.is_some(),
        at: None,
        seq,
        sidechain: false,
    }
}

pub(crate) fn edit(id: &str, path: &str, seq: u64) -> Edit {
    Edit {
        id: id.into(),
        path: path.into(),
        kind: EditKind::Modify,
        tool: Some("Edit".into()),
        confirmed: true,
        at: None,
        seq,
        sidechain: false,
    }
}

/// `M{n}`: a request the user typed.
pub(crate) fn user(n: usize, text: &str, seq: u64) -> Message {
    message(&format!("M{n}"), Role::User, text, seq)
}

/// `M{n}`: what the assistant said.
pub(crate) fn said(n: usize, text: &str, seq: u64) -> Message {
    message(&format!("M{n}"), Role::Assistant, text, seq)
}

/// A typed message.
pub(crate) fn message(id: &str, role: Role, text: &str, seq: u64) -> Message {
    Message {
        id: id.into(),
        role,
        kind: MessageKind::Typed,
        text: text.into(),
        at: None,
        seq,
        sidechain: false,
    }
}

pub(crate) fn transcript(
    commands: Vec<Command>,
    edits: Vec<Edit>,
    messages: Vec<Message>,
) -> Transcript {
    Transcript {
        commands,
        edits,
        messages,
        ..Transcript::default()
    }
}

/// `M{n}`: a message of any role and kind.
pub(crate) fn msg(n: usize, role: Role, kind: MessageKind, text: &str, seq: u64) -> Message {
    Message {
        kind,
        ..message(&format!("M{n}"), role, text, seq)
    }
}

/// `M{n}`: a harness note (a system or meta record).
pub(crate) fn meta(n: usize, text: &str, seq: u64) -> Message {
    msg(n, Role::System, MessageKind::Meta, text, seq)
}

/// `M{n}`: a user-side wrapper record (a slash command, a hook's output).
pub(crate) fn wrapper(n: usize, text: &str, seq: u64) -> Message {
    msg(n, Role::User, MessageKind::Wrapper, text, seq)
}

/// `C{n}`: a shell command with its exit status and output, judged as the readers judge it.
pub(crate) fn ran(n: usize, command: &str, exit: Option<i32>, output: &str, seq: u64) -> Command {
    let v = crate::evidence::transcript::classify::judge(command, exit, None, output);
    Command {
        id: format!("C{n}").into(),
        command: command.into(),
        tool: Some("Bash".into()),
        exit_code: exit,
        ok: v.ok,
        output: output.into(),
        is_test: v.is_test,
        is_check: v.is_check,
        tests: v.tests.map(Box::new),
        has_result: true,
        at: None,
        seq,
        sidechain: false,
    }
}

/// `E{n}`: an edit of `kind`.
pub(crate) fn edit_of(n: usize, path: &str, kind: EditKind, seq: u64) -> Edit {
    Edit {
        kind,
        ..edit(&format!("E{n}"), path, seq)
    }
}

/// `A{n}`: an action outside the workspace with its outcome.
pub(crate) fn action(n: usize, tool: &str, target: &str, ok: bool, seq: u64) -> Action {
    Action {
        id: format!("A{n}"),
        tool: tool.into(),
        target: target.into(),
        ok: Some(ok),
        output: String::new(),
        at: None,
        seq,
        sidechain: false,
    }
}

/// A session in `/repo` (source `t.jsonl`) with these messages and nothing else yet.
pub(crate) fn chat(messages: Vec<Message>) -> Transcript {
    Transcript {
        session: Session {
            source: "t.jsonl".into(),
            cwd: Some("/repo".into()),
            ..Session::default()
        },
        messages,
        ..Transcript::default()
    }
}

/// An aider history of two launches: a schema edited (`E1`) in the first, an audit in the last.
pub(crate) fn aider_two_launches() -> Transcript {
    let mut t = chat(vec![
        meta(1, "aider chat started at 2025-07-15 11:38:37", 0),
        user(2, "add the metadata schema", 1),
        said(3, "Added ValidatorMetadataSchema.", 3),
        meta(4, "aider chat started at 2025-08-04 13:59:12", 4),
        user(5, "audit dist/ for CommonJS", 5),
        said(6, "dist/ is ESM only.", 7),
    ]);
    t.edits = vec![edit_of(1, "schemas/meta.ts", EditKind::Modify, 2)];
    t.session.agent = Some(crate::evidence::transcript::Format::Aider);
    t
}

/// Evidence of a transcript alone.
pub(crate) fn evidence(t: Transcript) -> Evidence {
    Evidence {
        transcript: Some(t),
        ..Evidence::default()
    }
}

/// A git state rooted at `/repo` on `main` whose status lists `changed` (porcelain `XY`, path).
pub(crate) fn git_state(changed: &[(&str, &str)]) -> GitState {
    GitState {
        root: "/repo".into(),
        branch: Some("main".into()),
        head: Some(Head {
            id: "89abcdef0123456789abcdef0123456789abcdef".into(),
            summary: "Initial".into(),
        }),
        status: changed
            .iter()
            .map(|(xy, p)| StatusEntry {
                path: (*p).into(),
                old_path: None,
                index: xy[..1].into(),
                worktree: xy[1..].into(),
            })
            .collect(),
        ..GitState::default()
    }
}

/// A worktree in a temp dir with `files`, and a git state whose status lists `changed`
/// (porcelain `XY`, path).
pub(crate) fn worktree(
    files: &[(&str, &str)],
    changed: &[(&str, &str)],
) -> (tempfile::TempDir, Evidence) {
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("tempdir: {e}"));
    for (path, body) in files {
        let p = dir.path().join(path);
        if let Some(parent) = p.parent() {
            std::fs::create_dir_all(parent).unwrap_or_else(|e| panic!("mkdir: {e}"));
        }
        std::fs::write(&p, body).unwrap_or_else(|e| panic!("write: {e}"));
    }
    let status = changed
        .iter()
        .map(|(xy, path)| {
            let mut c = xy.chars();
            StatusEntry {
                path: path.to_string(),
                old_path: None,
                index: c.next().unwrap_or(' ').to_string(),
                worktree: c.next().unwrap_or(' ').to_string(),
            }
        })
        .collect();
    let git = GitState {
        root: dir.path().display().to_string(),
        branch: Some("main".into()),
        status,
        ..GitState::default()
    };
    let ev = Evidence {
        git: Some(git),
        ..Evidence::default()
    };
    (dir, ev)
}

/// Rules that produced findings or flags for the claim at `section`/`index`.
pub(crate) fn rules_for(report: &crate::validate::Report, line: usize) -> Vec<String> {
    report
        .findings
        .iter()
        .filter(|f| f.line == Some(line))
        .map(|f| f.rule.clone())
        .collect()
}

/// All rule ids with findings.
pub(crate) fn rules(report: &crate::validate::Report) -> Vec<String> {
    report.findings.iter().map(|f| f.rule.clone()).collect()
}

/// Damage to real input files, for the property tests of the readers and parsers: cut, flipped,
/// padded and spliced bytes.
pub(crate) mod damage {
    use proptest::prelude::*;
    use std::path::PathBuf;

    /// Every file of a fixture folder (relative to the crate), in name order.
    pub(crate) fn fixture_files(rel: &str) -> Vec<Vec<u8>> {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(rel);
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read(p).unwrap_or_else(|e| panic!("{}: {e}", p.display())))
            .collect()
    }

    /// One damage to a file's bytes.
    #[derive(Debug, Clone)]
    pub(crate) enum Damage {
        Cut(usize),
        Flip(usize, u8),
        Insert(usize, Vec<u8>),
        Splice(usize, usize, usize),
    }

    pub(crate) fn damage() -> impl Strategy<Value = Damage> {
        prop_oneof![
            any::<usize>().prop_map(Damage::Cut),
            (any::<usize>(), any::<u8>()).prop_map(|(at, b)| Damage::Flip(at, b)),
            (
                any::<usize>(),
                proptest::collection::vec(any::<u8>(), 1..64)
            )
                .prop_map(|(at, bytes)| Damage::Insert(at, bytes)),
            (any::<usize>(), any::<usize>(), any::<usize>())
                .prop_map(|(a, b, at)| Damage::Splice(a, b, at)),
        ]
    }

    pub(crate) fn apply(mut bytes: Vec<u8>, damages: &[Damage]) -> Vec<u8> {
        for d in damages {
            let n = bytes.len().max(1);
            match d {
                Damage::Cut(at) => bytes.truncate(at % n),
                Damage::Flip(at, b) => {
                    if !bytes.is_empty() {
                        let i = at % bytes.len();
                        bytes[i] ^= b | 1;
                    }
                }
                Damage::Insert(at, more) => {
                    let i = at % (bytes.len() + 1);
                    bytes.splice(i..i, more.iter().copied());
                }
                // A slice of the file repeated elsewhere: records cut mid-way, ids seen twice.
                Damage::Splice(a, b, at) => {
                    let (x, y) = (a % n, b % n);
                    let lo = x.min(y);
                    let hi = x.max(y).min(lo + 4096);
                    if hi <= bytes.len() {
                        let piece = bytes[lo..hi].to_vec();
                        let i = at % (bytes.len() + 1);
                        bytes.splice(i..i, piece);
                    }
                }
            }
        }
        bytes
    }
}
