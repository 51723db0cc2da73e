//! Transcript reading throughput on a ~200 MB Claude Code session (run with
//! `cargo bench --bench transcript`).
//!
//! The file is generated once into `target/bench-data/claude-200mb.jsonl` from realistic records
//! (typed prompts, responses split over several lines, Bash calls with multi-KB outputs, edits
//! whose `toolUseResult` carries the original file, progress and file-history records), each
//! turn with fresh ids so that the reader's pairing maps grow as in a real long session. The same
//! file serves the peak-memory check:
//! `/usr/bin/time -v target/release/handoff collect --transcript target/bench-data/claude-200mb.jsonl --json > /dev/null`.

use divan::counter::BytesCount;
use handoff::read_transcript;
use std::path::PathBuf;
use std::sync::OnceLock;

#[path = "support/claude_session.rs"]
mod claude_session;

const TARGET_BYTES: u64 = 200 * 1024 * 1024;

fn main() {
    divan::main();
}

fn data_file() -> &'static PathBuf {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| claude_session::session_file("claude-200mb.jsonl", TARGET_BYTES))
}

#[divan::bench(sample_count = 3, sample_size = 1)]
fn read_claude_200mb(bencher: divan::Bencher) {
    let path = data_file();
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    bencher
        .counter(BytesCount::new(bytes))
        .bench(|| read_transcript(divan::black_box(path), None).expect("read bench transcript"));
}

fn codex_file() -> &'static PathBuf {
    static FILE: OnceLock<PathBuf> = OnceLock::new();
    FILE.get_or_init(|| codex_session_file("codex-100mb.jsonl", 100 * 1024 * 1024))
}

/// A Codex rollout of repeated turns, each with fresh call ids: a prompt (as a response item
/// and its `user_message` twin), a reasoning summary, an `exec_command` call whose output is a
/// 40 KB TypeScript build log full of `key`/`token` words (every output is cut to a bounded
/// excerpt, which must not cut through a secret), an `apply_patch`, token counts.
fn codex_session_file(name: &str, target_bytes: u64) -> PathBuf {
    let line = |ty: &str, payload: serde_json::Value| {
        serde_json::json!({"timestamp": "2026-04-21T13:46:39.253Z", "type": ty, "payload": payload})
            .to_string()
    };
    let log: String = (0..500)
        .map(|i| format!("src/auth/tokenStore{i}.ts(12,5): error TS2322: Type 'string' is not assignable to type 'keyof Session'.\n"))
        .collect();
    claude_session::generated_file(name, target_bytes, |turn| {
        let prompt = format!("fix the type errors in the auth store, part {turn}");
        let call = format!("call_{turn}");
        let patch = format!("call_p{turn}");
        let mut records = Vec::new();
        if turn == 0 {
            records.push(line(
                "session_meta",
                serde_json::json!({"id": "bench", "cwd": "/repo", "git": {"branch": "main"}, "base_instructions": {"text": "You are Codex.".repeat(200)}}),
            ));
        }
        records.extend([
            line("response_item", serde_json::json!({"type": "message", "role": "user", "content": [{"type": "input_text", "text": prompt}]})),
            line("event_msg", serde_json::json!({"type": "user_message", "message": prompt})),
            line("response_item", serde_json::json!({"type": "reasoning", "summary": [{"type": "summary_text", "text": "Running the type check first."}], "encrypted_content": "gAAAA".repeat(400)})),
            line("response_item", serde_json::json!({"type": "function_call", "name": "exec_command", "call_id": call, "arguments": serde_json::json!({"cmd": "pnpm tsc --noEmit", "workdir": "/repo"}).to_string()})),
            line("response_item", serde_json::json!({"type": "function_call_output", "call_id": call, "output": format!("Chunk ID: 1\nProcess exited with code 2\nOutput:\n{log}")})),
            line("response_item", serde_json::json!({"type": "custom_tool_call", "name": "apply_patch", "call_id": patch, "input": "*** Begin Patch\n*** Update File: src/auth/tokenStore.ts\n@@\n-a\n+b\n*** End Patch"})),
            line("response_item", serde_json::json!({"type": "custom_tool_call_output", "call_id": patch, "output": "Success. Updated the following files:\nM src/auth/tokenStore.ts"})),
            line("event_msg", serde_json::json!({"type": "token_count", "info": {"total_token_usage": {"input_tokens": 1000 + turn}}})),
        ]);
        records
    })
}

/// Codex rollout reading (typed records, bounded output excerpts): the counterpart of
/// `read_claude_200mb`, with `floor::serde_value_codex_100mb` beside it.
#[divan::bench(sample_count = 3, sample_size = 1)]
fn read_codex_100mb(bencher: divan::Bencher) {
    let path = codex_file();
    let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
    bencher
        .counter(BytesCount::new(bytes))
        .bench(|| read_transcript(divan::black_box(path), None).expect("read bench transcript"));
}

/// The floors `read_claude_200mb` is measured against (issue 19), over the same file: every
/// line parsed into a `serde_json::Value` (what a generic reader pays), and every line only
/// scanned (`IgnoredAny`, what any JSON reader pays at least).
mod floor {
    use super::*;
    use std::io::BufRead;

    fn each_line(path: &PathBuf, mut f: impl FnMut(&[u8])) {
        let file = std::fs::File::open(path).expect("open bench transcript");
        let mut reader = std::io::BufReader::with_capacity(1 << 16, file);
        let mut line = Vec::new();
        while reader.read_until(b'\n', &mut line).expect("read") > 0 {
            f(&line);
            line.clear();
        }
    }

    #[divan::bench(sample_count = 3, sample_size = 1)]
    fn serde_value_200mb(bencher: divan::Bencher) {
        let path = data_file();
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        bencher.counter(BytesCount::new(bytes)).bench(|| {
            let mut n = 0usize;
            each_line(path, |l| {
                n += serde_json::from_slice::<serde_json::Value>(l).is_ok() as usize
            });
            n
        });
    }

    #[divan::bench(sample_count = 3, sample_size = 1)]
    fn serde_value_codex_100mb(bencher: divan::Bencher) {
        let path = codex_file();
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        bencher.counter(BytesCount::new(bytes)).bench(|| {
            let mut n = 0usize;
            each_line(path, |l| {
                n += serde_json::from_slice::<serde_json::Value>(l).is_ok() as usize
            });
            n
        });
    }

    #[divan::bench(sample_count = 3, sample_size = 1)]
    fn serde_ignored_any_200mb(bencher: divan::Bencher) {
        let path = data_file();
        let bytes = std::fs::metadata(path).map(|m| m.len()).unwrap_or(0);
        bencher.counter(BytesCount::new(bytes)).bench(|| {
            let mut n = 0usize;
            each_line(path, |l| {
                n += serde_json::from_slice::<serde::de::IgnoredAny>(l).is_ok() as usize
            });
            n
        });
    }
}
