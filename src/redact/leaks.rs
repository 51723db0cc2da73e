//! Property: a secret anywhere in a long text never survives into the prompt, the note or the
//! sidecar. Each case writes a real Claude Code transcript and a real git repository with the
//! secret at a chosen offset of a long message, command line, command output and changed line,
//! then runs the real stages (collect → prompt / offline draft → `pipeline::complete` →
//! `pipeline::finish`) and looks for any 12-character piece of the secret in what they produce.
//! Offsets are drawn around every place the pipeline cuts text (message and output excerpts,
//! one-line command and output cuts, diff-line cuts) as well as anywhere.

use super::measure::{
    EVERYDAY_CONTEXTS, Sample, contexts, everyday_samples, gitleaks_samples, leaked,
};
use crate::config::ResponseMode;
use crate::evidence;
use crate::prompt::{self, PromptOptions, Templates};
use crate::tokens::Encoding;
use proptest::prelude::*;
use std::path::Path;
use std::sync::LazyLock;

/// (kind, line holding the secret, secret, contexts it is tried in): every documented gitleaks
/// kind in all five contexts, and every everyday shape in its four.
static SECRETS: LazyLock<Vec<(String, String, String, usize)>> = LazyLock::new(|| {
    let documented = gitleaks_samples().into_iter().filter(|s| s.documented);
    let tagged = |n: usize| move |s: Sample| (s.kind, s.line, s.secret, n);
    documented
        .map(tagged(5))
        .chain(
            everyday_samples()
                .into_iter()
                .map(tagged(EVERYDAY_CONTEXTS)),
        )
        .collect()
});

/// Filler prose: words and punctuation, nothing secret-shaped.
fn filler(len: usize) -> String {
    const WORDS: &[&str] = &[
        "the", "build", "failed", "because", "config", "was", "missing", "so", "we", "ran", "it",
        "again", "with", "logs", "and", "saw", "output", "lines", "scroll", "by",
    ];
    let mut s = String::with_capacity(len + 8);
    let mut i = 0;
    while s.len() < len {
        s.push_str(WORDS[i % WORDS.len()]);
        s.push(if i % 11 == 10 { '\n' } else { ' ' });
        i += 1;
    }
    s.truncate(len);
    s
}

/// `line` spliced into `len` bytes of filler at about `at` (moved to the next word start).
fn spliced(len: usize, at: usize, line: &str) -> String {
    let text = filler(len);
    let mut at = at.min(text.len());
    while at < text.len() && !text[..at].ends_with([' ', '\n']) {
        at += 1;
    }
    format!("{}\n{line}\n{}", &text[..at], &text[at..])
}

fn jsonl(records: &[serde_json::Value]) -> String {
    records.iter().map(|r| format!("{r}\n")).collect()
}

/// A Claude Code session: a request, a long assistant message, and a failing command whose
/// command line and output both hold the secret.
fn transcript(message: &str, command: &str, output: &str) -> String {
    let env = |t: &str, v: serde_json::Value| {
        let mut v = v;
        v["sessionId"] = "leak-test".into();
        v["uuid"] = t.into();
        v["parentUuid"] = serde_json::Value::Null;
        v["cwd"] = "/repo".into();
        v["timestamp"] = t.into();
        v
    };
    jsonl(&[
        env(
            "2026-01-01T00:00:00Z",
            serde_json::json!({"type": "user", "message": {"role": "user", "content": "Fix the deploy script in deploy.sh"}}),
        ),
        env(
            "2026-01-01T00:00:01Z",
            serde_json::json!({"type": "assistant", "message": {"id": "a1", "role": "assistant", "content": [{"type": "text", "text": message}]}}),
        ),
        env(
            "2026-01-01T00:00:02Z",
            serde_json::json!({"type": "assistant", "message": {"id": "a2", "role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "Bash", "input": {"command": command}}]}}),
        ),
        env(
            "2026-01-01T00:00:03Z",
            serde_json::json!({"type": "user", "message": {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "t1", "content": output, "is_error": true}]}}),
        ),
    ])
}

/// A repository whose working tree changes `deploy.sh` by a line holding the secret.
fn repo(dir: &Path, changed_line: &str) {
    let repo = git2::Repository::init(dir).expect("init");
    let file = dir.join("deploy.sh");
    std::fs::write(&file, "#!/bin/sh\necho deploy\n").expect("write");
    let mut index = repo.index().expect("index");
    index.add_path(Path::new("deploy.sh")).expect("add");
    let tree = repo
        .find_tree(index.write_tree().expect("tree"))
        .expect("tree");
    let sig = git2::Signature::now("t", "t@example.com").expect("sig");
    repo.commit(Some("HEAD"), &sig, &sig, "init", &tree, &[])
        .expect("commit");
    std::fs::write(&file, format!("#!/bin/sh\n{changed_line}\necho deploy\n")).expect("write");
}

/// Offsets around the places text is cut, or anywhere in `len`.
fn offset(len: usize) -> impl Strategy<Value = usize> {
    let near = |c: usize| (c.saturating_sub(120)..c + 40).prop_map(move |x| x.min(len));
    prop_oneof![
        near(200),  // an output line shown in the prompt
        near(240),  // a diff line
        near(300),  // a command line in the prompt
        near(2048), // the head of a command-output excerpt
        near(4096), // the head of a message excerpt
        near(len.saturating_sub(2048)),
        near(len.saturating_sub(4096)),
        0..len,
    ]
}

fn check(kind: &str, line: &str, secret: &str, at: usize, context: usize) {
    let line = contexts(line)[context].1.clone();
    let len = 12_000;
    let message = spliced(len, at, &line);
    let command = format!("./deploy.sh --verbose {}", spliced(600, at % 600, &line));
    let output = spliced(len, at, &line);
    let changed = format!(
        "export NOTE=\"{}\"",
        spliced(400, at % 400, &line).replace('\n', " ")
    );
    let dir = tempfile::tempdir().expect("tempdir");
    repo(dir.path(), &changed);
    let path = dir.path().join("session.jsonl");
    std::fs::write(&path, transcript(&message, &command, &output)).expect("write");
    let req = evidence::Request {
        repo: dir.path().to_path_buf(),
        transcript: Some(path),
        ..evidence::Request::default()
    };
    let ev = evidence::collect(&req).expect("collect");
    for budget in [6_000, 60_000] {
        let opts = PromptOptions {
            encoding: Encoding::O200kBase,
            budget,
            mode: ResponseMode::JsonSchema,
            redact: true,
        };
        let p = prompt::build(&ev, &Templates::default(), &opts).expect("prompt");
        assert!(
            !leaked(secret, &p.user),
            "{kind} at {at} (budget {budget}) reached the prompt"
        );
    }
    let analysis = crate::analysis::analyse(&ev);
    let sections = crate::draft::offline::draft(&ev, &analysis);
    let at_time = chrono::DateTime::from_timestamp(1_767_225_600, 0).expect("time");
    let note = crate::pipeline::complete(sections, &ev, &analysis, None, at_time);
    let s = crate::pipeline::finish(note, &ev, &analysis).expect("finish");
    assert!(
        !leaked(secret, &s.markdown),
        "{kind} at {at} reached the note"
    );
    assert!(
        !leaked(secret, &s.sidecar_json),
        "{kind} at {at} reached the sidecar"
    );
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn no_secret_survives_into_prompt_note_or_sidecar(
        which in 0..SECRETS.len(),
        at in offset(12_000),
        context in 0..5usize,
    ) {
        let (kind, line, secret, contexts) = &SECRETS[which];
        check(kind, line, secret, at, context % contexts);
    }
}

/// Every kind once, at the cut of each place that cuts (deterministic, so a regression in one
/// kind is caught on every run, not only when the property test happens to draw it).
#[test]
fn every_kind_at_every_cut() {
    for (kind, line, secret, _) in SECRETS.iter() {
        for at in [190, 4090, 12_000 - 4096 - 10] {
            check(kind, line, secret, at, 0);
        }
    }
}
