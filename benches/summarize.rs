//! Benchmarks for `summarize --offline` (run with `cargo bench --bench summarize`).
//!
//! On the largest corpus session (`codex/soulpass-frontend-tsc.jsonl`, 2.1 MB) against this
//! crate's own repository: `read_draft_render` is the whole offline pipeline (transcript read,
//! git state, draft, validate, render); `draft_render` starts from collected evidence.

use handoff::{Drafter, Evidence, OnModelFailure, Request};
use std::path::PathBuf;
use std::sync::LazyLock;

fn main() {
    divan::main();
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
