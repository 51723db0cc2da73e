//! `tokens` against its floors, in the same run (issue 19; run with `cargo bench --bench tokens`,
//! and `--features bpe-floor` to include bpe-openai).
//!
//! The text is 50 MB of real transcripts: every file of `../shared/corpus` (7 MB: JSONL,
//! JSON and Markdown sessions of ten agents) in name order, repeated; without the corpus, a
//! generated log (the bench says so on stderr). Each line counts all of it, in o200k_base and in
//! cl100k_base:
//! - `handoff_one_thread` / `handoff_all_threads`: [`handoff::count_reader`], the `tokens`
//!   command's counter, on one thread and on every core;
//! - `floor_tiktoken_one_thread`: tiktoken-rs's plain `encode_ordinary` over the whole text;
//! - `floor_bpe_openai_one_thread` (with `--features bpe-floor`): bpe-openai's `count`, the
//!   fastest counter known here that gives tiktoken's counts.
//!
//! The goal: handoff on one thread at least as fast as bpe-openai on one thread, and faster on
//! both cores. Vocabularies are built before timing (a process pays that once; see
//! `bench/tokens.sh` for whole processes).

use divan::counter::BytesCount;
use handoff::{Encoding, count_reader};
use std::num::NonZeroUsize;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const TEXT_BYTES: usize = 50_000_000;

const ENCODINGS: [&str; 2] = ["o200k_base", "cl100k_base"];

static TEXT: LazyLock<String> = LazyLock::new(|| {
    let corpus = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus");
    let mut files: Vec<_> = std::fs::read_dir(&corpus)
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|agent| std::fs::read_dir(agent.path()).ok())
        .flatten()
        .flatten()
        .map(|f| f.path())
        .collect();
    files.sort();
    let mut unit = String::new();
    for f in &files {
        unit.push_str(&String::from_utf8_lossy(
            &std::fs::read(f).unwrap_or_default(),
        ));
    }
    if unit.is_empty() {
        eprintln!("tokens bench: no ../shared/corpus; counting a generated log instead");
        unit = (0..20_000)
            .map(|i| format!("test module::case_{i} ... ok ({i} ms) — ünïcødé words\n"))
            .collect();
    }
    unit.repeat(TEXT_BYTES.div_ceil(unit.len()))
});

fn encoding(name: &str) -> Encoding {
    name.parse().expect("a known encoding")
}

fn handoff_count(enc: Encoding, threads: usize) -> usize {
    let threads = NonZeroUsize::new(threads).expect("at least one thread");
    count_reader(TEXT.as_bytes(), enc, threads, |_| {}).expect("counted")
}

fn bench_handoff(bencher: divan::Bencher, name: &str, threads: usize) {
    let enc = encoding(name);
    let tokens = handoff_count(enc, threads);
    eprintln!("{name}: {tokens} tokens by handoff on {threads} thread(s)");
    bencher
        .counter(BytesCount::new(TEXT.len()))
        .bench(|| handoff_count(divan::black_box(enc), threads));
}

#[divan::bench(args = ENCODINGS, sample_count = 3, sample_size = 1)]
fn handoff_one_thread(bencher: divan::Bencher, name: &str) {
    bench_handoff(bencher, name, 1);
}

#[divan::bench(args = ENCODINGS, sample_count = 3, sample_size = 1)]
fn handoff_all_threads(bencher: divan::Bencher, name: &str) {
    let threads = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    bench_handoff(bencher, name, threads);
}

#[divan::bench(args = ENCODINGS, sample_count = 3, sample_size = 1)]
fn floor_tiktoken_one_thread(bencher: divan::Bencher, name: &str) {
    let bpe = match encoding(name) {
        Encoding::O200kBase => tiktoken_rs::o200k_base_singleton(),
        Encoding::Cl100kBase => tiktoken_rs::cl100k_base_singleton(),
    };
    bencher
        .counter(BytesCount::new(TEXT.len()))
        .bench(|| bpe.encode_ordinary(divan::black_box(&TEXT)).len());
}

#[cfg(feature = "bpe-floor")]
#[divan::bench(args = ENCODINGS, sample_count = 3, sample_size = 1)]
fn floor_bpe_openai_one_thread(bencher: divan::Bencher, name: &str) {
    let tokenizer = match encoding(name) {
        Encoding::O200kBase => bpe_openai::o200k_base(),
        Encoding::Cl100kBase => bpe_openai::cl100k_base(),
    };
    eprintln!(
        "{name}: {} tokens by bpe-openai",
        tokenizer.count(TEXT.as_str())
    );
    bencher
        .counter(BytesCount::new(TEXT.len()))
        .bench(|| tokenizer.count(divan::black_box(TEXT.as_str())));
}
