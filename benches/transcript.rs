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
