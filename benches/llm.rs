//! Benchmarks for the model path's local work (run with `cargo bench --bench llm`).
//!
//! - `redact_corpus_file`: redaction of the largest corpus transcript (2 MB of Codex JSONL), the
//!   cost paid on every note written and every prompt sent.
//! - `redact_clean_text`: 2 MB of text with no secret, where the one `RegexSet` pass should be
//!   all the work.
//! - `prompt_build_large_session`: budgeted prompt assembly for a 2,000-message session into a
//!   16k budget (counting, cutting, re-counting).

use handoff::{
    Encoding, Evidence, Message, MessageKind, PromptOptions, ResponseMode, Role, Templates,
    Transcript,
};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

static CORPUS: LazyLock<String> = LazyLock::new(|| {
    let p = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../shared/corpus/codex/soulpass-frontend-tsc.jsonl");
    std::fs::read_to_string(p).unwrap_or_else(|_| CLEAN.clone())
});

static CLEAN: LazyLock<String> = LazyLock::new(|| {
    (0..40_000)
        .map(|i| format!("line {i}: fn parse_{i}(input: &str) -> Result<Token, Error> {{ ok }}\n"))
        .collect()
});

static SESSION: LazyLock<Evidence> = LazyLock::new(|| {
    let messages = (0..2_000)
        .map(|i| Message {
            id: format!("M{}", i + 1),
            role: if i % 2 == 0 {
                Role::User
            } else {
                Role::Assistant
            },
            kind: MessageKind::Typed,
            text: format!(
                "turn {i}: {}",
                "the agent describes its work in detail. ".repeat(20)
            ),
            at: None,
            seq: i,
            sidechain: false,
        })
        .collect();
    Evidence {
        transcript: Some(Transcript {
            messages,
            ..Transcript::default()
        }),
        ..Evidence::default()
    }
});

#[divan::bench]
fn redact_corpus_file() -> usize {
    handoff::redact(divan::black_box(&CORPUS)).len()
}

#[divan::bench]
fn redact_clean_text() -> usize {
    handoff::redact(divan::black_box(&CLEAN)).len()
}

#[divan::bench(sample_count = 10)]
fn prompt_build_large_session() -> usize {
    let opts = PromptOptions {
        encoding: Encoding::O200kBase,
        budget: 16_000,
        mode: ResponseMode::JsonSchema,
        redact: true,
    };
    handoff::build_prompt(&SESSION, &Templates::default(), &opts)
        .map(|p| p.total_tokens)
        .unwrap_or(0)
}
