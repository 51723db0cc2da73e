//! Property test over every reader (issue 14: a fuzz target per reader, bounded so CI runs it):
//! real fixture transcripts cut, flipped, spliced and padded with random bytes, read as each
//! format and through detection, never panic — a damaged transcript is an error or a partial
//! read, never a crash.

use super::{Format, read_from};
use proptest::prelude::*;
use std::path::PathBuf;

/// The fixture transcripts (one or more per format), read once.
fn fixtures() -> &'static [Vec<u8>] {
    static FIXTURES: std::sync::LazyLock<Vec<Vec<u8>>> = std::sync::LazyLock::new(|| {
        let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/transcripts");
        let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
            .expect("fixture folder")
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| std::fs::read(p).expect("fixture"))
            .collect()
    });
    &FIXTURES
}

/// One damage to a transcript's bytes.
#[derive(Debug, Clone)]
enum Damage {
    Cut(usize),
    Flip(usize, u8),
    Insert(usize, Vec<u8>),
    Splice(usize, usize, usize),
}

fn damage() -> impl Strategy<Value = Damage> {
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

fn apply(mut bytes: Vec<u8>, damages: &[Damage]) -> Vec<u8> {
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

/// Reads `bytes` as every format and through detection; errors are fine, panics are not.
fn read_every_way(bytes: &[u8]) {
    let file = tempfile::NamedTempFile::new().expect("temp file");
    std::fs::write(file.path(), bytes).expect("write");
    let _ = read_from(file.path(), None, 0);
    for format in Format::ALL {
        let _ = read_from(file.path(), Some(format), 0);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn damaged_transcripts_never_panic_a_reader(
        which in any::<usize>(),
        damages in proptest::collection::vec(damage(), 1..4),
    ) {
        let all = fixtures();
        let original = all[which % all.len()].clone();
        read_every_way(&apply(original, &damages));
    }

    #[test]
    fn random_bytes_never_panic_a_reader(bytes in proptest::collection::vec(any::<u8>(), 0..2048)) {
        read_every_way(&bytes);
    }
}
