//! Property test over every reader (issue 14: a fuzz target per reader, bounded so CI runs it):
//! real fixture transcripts cut, flipped, spliced and padded with random bytes, read as each
//! format and through detection, never panic — a damaged transcript is an error or a partial
//! read, never a crash.

use super::{Format, read_from};
use crate::testkit::damage::{apply, damage, fixture_files};
use proptest::prelude::*;

/// The fixture transcripts (one or more per format), read once.
fn fixtures() -> &'static [Vec<u8>] {
    static FIXTURES: std::sync::LazyLock<Vec<Vec<u8>>> =
        std::sync::LazyLock::new(|| fixture_files("tests/fixtures/transcripts"));
    &FIXTURES
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
