//! Benchmarks for `summarize --offline` (run with `cargo bench --bench summarize`).
//!
//! On the largest corpus session (`codex/soulpass-frontend-tsc.jsonl`, 2.1 MB) against this
//! crate's own repository: `read_draft_render` is the whole offline pipeline (transcript read,
//! git state, draft, validate, render); `draft_render` starts from collected evidence.
//!
//! `small_session_whole_process`: the `handoff` binary itself, `summarize --offline --stdout` on
//! a 26 KB sample session of `evals/` in an empty repository: what a typical run costs from
//! start to exit, most of it compiling the patterns the analysis and redaction ask (a fresh
//! process each time, so nothing compiled is reused).

use handoff::{Drafter, Evidence, OnModelFailure, Request};
use std::path::PathBuf;
use std::sync::LazyLock;

fn main() {
    divan::main();
    // Statics are never dropped: remove the 20,000-file tree explicitly.
    if let Some(tree) = untracked::TREE.get() {
        let _ = std::fs::remove_dir_all(tree._tmp.path());
    }
}

fn request() -> Request {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    Request {
        repo: root.clone(),
        transcript: Some(root.join("../shared/corpus/codex/soulpass-frontend-tsc.jsonl")),
        ..Request::default()
    }
}

static EVIDENCE: LazyLock<Evidence> =
    LazyLock::new(|| handoff::collect(&request()).expect("corpus session reads"));

fn finish(ev: &Evidence) -> usize {
    let now = chrono::Utc::now();
    let summary =
        handoff::summarize(ev, &Drafter::Offline, OnModelFailure::Fail, now).expect("renders");
    summary.markdown.len() + summary.sidecar_json.len()
}

#[divan::bench(sample_count = 10)]
fn read_draft_render() -> usize {
    let ev = handoff::collect(&request()).expect("corpus session reads");
    finish(&ev)
}

#[divan::bench(sample_count = 20)]
fn draft_render() -> usize {
    finish(&EVIDENCE)
}

#[divan::bench(sample_count = 30)]
fn small_session_whole_process(bencher: divan::Bencher) {
    let repo = tempfile::tempdir().expect("temp dir");
    git2::Repository::init(repo.path()).expect("git init");
    let sample = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("evals/samples/claude-csv-quoted-fields.jsonl");
    bencher.bench(|| {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_handoff"))
            .args(["summarize", "--offline", "--stdout", "--repo"])
            .arg(repo.path())
            .arg("--transcript")
            .arg(&sample)
            .output()
            .expect("handoff runs");
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        out.stdout.len()
    });
}

/// Issue 14: 20,000 untracked files (an unignored `node_modules/`) beside one real change,
/// through the whole offline pipeline: git state, draft, validation, rendering. It was
/// quadratic in the status paths (351 s at 20,000, with 20,000 Files & Symbols bullets).
mod untracked {
    use std::path::PathBuf;
    use std::sync::OnceLock;

    const UNTRACKED: usize = 20_000;

    pub(super) struct Tree {
        pub(super) _tmp: tempfile::TempDir,
        dir: PathBuf,
    }

    pub(super) static TREE: OnceLock<Tree> = OnceLock::new();

    fn build() -> Tree {
        let tmp = tempfile::tempdir().expect("temp dir");
        let dir = tmp.path().join("app");
        let repo = git2::Repository::init(&dir).expect("git init");
        std::fs::create_dir_all(dir.join("src")).expect("mkdir");
        std::fs::write(dir.join("src/app.js"), "export function run() {}\n").expect("write");
        let mut index = repo.index().expect("index");
        index
            .add_path(std::path::Path::new("src/app.js"))
            .expect("add");
        index.write().expect("write index");
        let tree = repo
            .find_tree(index.write_tree().expect("tree"))
            .expect("tree");
        let sig = git2::Signature::new("Bench", "bench@example.com", &git2::Time::new(0, 0))
            .expect("signature");
        repo.commit(Some("HEAD"), &sig, &sig, "App", &tree, &[])
            .expect("commit");
        std::fs::write(dir.join("src/app.js"), "export function run() { go(); }\n")
            .expect("modify");
        for i in 0..UNTRACKED {
            let pkg = dir.join(format!("node_modules/pkg{:03}", i % 500));
            std::fs::create_dir_all(&pkg).expect("mkdir");
            std::fs::write(pkg.join(format!("f{i}.js")), "module.exports = 1;\n").expect("write");
        }
        Tree { _tmp: tmp, dir }
    }

    #[divan::bench(sample_count = 10)]
    fn collect_draft_validate_render_20k_untracked() -> usize {
        let request = handoff::Request {
            repo: TREE.get_or_init(build).dir.clone(),
            ..handoff::Request::default()
        };
        let ev = handoff::collect(&request).expect("collects");
        let files = super::finish(&ev);
        assert!(files > 0);
        files
    }
}
