//! Reader for the claude transcript format (see `shared/reference/formats.md`).

use super::{Builder, ReadResult};
use std::io::BufRead;

/// Streams the file into the builder.
pub(super) fn read(reader: &mut dyn BufRead, b: &mut Builder) -> ReadResult {
    let _ = (reader, b);
    Ok(())
}
