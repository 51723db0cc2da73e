//! Bounded, tolerant reading of input files, for every collector (transcripts, test output,
//! the output of `--test-cmd`): lines that may be huge, truncated or not UTF-8, a UTF-8 stream
//! that replaces bad bytes instead of failing, a BOM skipped, a first line peeked; never
//! holding the whole file.

use std::borrow::Cow;
use std::io::{self, BufRead};

/// Longest line kept in memory. Real Claude Code lines pass 1 MB (tool results); a line longer
/// than this is skipped and counted, so a 100 MB single-line file cannot blow memory.
pub(crate) const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// One line from a [`LineReader`].
#[derive(Debug, PartialEq)]
pub(crate) enum Line<'a> {
    /// The line's text, without the trailing newline (and `\r`), borrowed from the reader's
    /// buffer when it is valid UTF-8. `lossy` is true when invalid UTF-8 was replaced.
    Text {
        /// The text.
        text: Cow<'a, str>,
        /// True when invalid UTF-8 was replaced with U+FFFD.
        lossy: bool,
    },
    /// A line longer than the limit; its length in bytes. Its content was discarded.
    TooLong(usize),
}

/// Reads lines with a length cap, tolerating invalid UTF-8. A line that lies whole in the inner
/// reader's buffer is lent from it (found with `memchr`, never copied); only a line cut by the
/// end of that buffer is assembled in a buffer of its own.
pub(crate) struct LineReader<R: BufRead> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
    /// Bytes of the line last lent from `inner`'s buffer, consumed on the next call (or when
    /// the reader is dropped, so that whoever reads `inner` next starts after that line).
    lent: usize,
}

/// A line buffer grown past this by one long line is released before the next line.
const KEPT_LINE_BUFFER: usize = 1 << 20;

impl<R: BufRead> LineReader<R> {
    /// A reader with the default cap [`MAX_LINE_BYTES`].
    pub(crate) fn new(inner: R) -> Self {
        Self::with_limit(inner, MAX_LINE_BYTES)
    }

    /// A reader with a custom cap (tests use a small one).
    pub(crate) fn with_limit(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
            lent: 0,
        }
    }

    /// The next line, or `None` at end of input. A last line without `\n` is returned as is.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line<'_>>> {
        self.inner.consume(std::mem::take(&mut self.lent));
        let max = self.max;
        let whole_line = {
            let available = fill(&mut self.inner)?;
            if available.is_empty() {
                return Ok(None);
            }
            memchr::memchr(b'\n', available).filter(|&end| end <= max)
        };
        if let Some(end) = whole_line {
            self.lent = end + 1;
            let line = &self.inner.fill_buf()?[..end];
            return Ok(Some(text_line(line)));
        }
        if self.buf.capacity() > KEPT_LINE_BUFFER {
            self.buf = Vec::new();
        }
        self.buf.clear();
        let mut total = 0usize;
        let mut too_long = false;
        loop {
            let available = fill(&mut self.inner)?;
            if available.is_empty() {
                break;
            }
            let (chunk, done) = match memchr::memchr(b'\n', available) {
                Some(i) => (&available[..i], Some(i + 1)),
                None => (available, None),
            };
            total += chunk.len();
            if !too_long {
                if self.buf.len() + chunk.len() > self.max {
                    too_long = true;
                    self.buf = Vec::new();
                } else {
                    self.buf.extend_from_slice(chunk);
                }
            }
            let consumed = done.unwrap_or(available.len());
            self.inner.consume(consumed);
            if done.is_some() {
                break;
            }
        }
        if too_long {
            return Ok(Some(Line::TooLong(total)));
        }
        Ok(Some(text_line(&self.buf)))
    }
}

impl<R: BufRead> Drop for LineReader<R> {
    fn drop(&mut self) {
        self.inner.consume(std::mem::take(&mut self.lent));
    }
}

/// `fill_buf`, retried when interrupted.
fn fill<R: BufRead>(inner: &mut R) -> io::Result<&[u8]> {
    loop {
        match inner.fill_buf() {
            Ok(_) => break,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        }
    }
    inner.fill_buf()
}

/// A line's bytes as text: borrowed when valid UTF-8, else with U+FFFD replacements.
fn text_line(bytes: &[u8]) -> Line<'_> {
    let bytes = bytes.strip_suffix(b"\r").unwrap_or(bytes);
    match std::str::from_utf8(bytes) {
        Ok(text) => Line::Text {
            text: Cow::Borrowed(text),
            lossy: false,
        },
        Err(_) => Line::Text {
            text: String::from_utf8_lossy(bytes),
            lossy: true,
        },
    }
}

/// How much of an input's start [`looks_binary`] looks at.
pub(crate) const BINARY_SNIFF_BYTES: usize = 8192;

/// NUL bytes a text may hold in its first [`BINARY_SNIFF_BYTES`]: a stray one (pasted binary
/// output, a corrupted line) costs the line it is on, not the file; a binary file or UTF-16 text
/// has hundreds.
const MAX_STRAY_NULS: usize = 8;
/// Invalid UTF-8 sequences a text may hold in its first [`BINARY_SNIFF_BYTES`].
const MAX_STRAY_REPLACED: usize = 64;

/// Whether the start of an input is binary data rather than text: more NUL bytes or invalid
/// UTF-8 than a text with a few stray bytes has. The one rule every command that reads text
/// (transcripts, test output, `tokens`) rejects input by.
pub(crate) fn looks_binary(head: &[u8]) -> bool {
    let sample = &head[..head.len().min(BINARY_SNIFF_BYTES)];
    let nuls = sample.iter().filter(|&&b| b == 0).count();
    let text = String::from_utf8_lossy(sample);
    let replaced = text.chars().filter(|&c| c == '\u{fffd}').count();
    nuls > MAX_STRAY_NULS || replaced > MAX_STRAY_REPLACED
}

/// Bounded excerpts never cut through a secret (see [`crate::redact::excerpt`]): the cut happens
/// before redaction, which must still recognise every secret that is kept.
pub(crate) use crate::redact::excerpt;

/// U+FFFD in UTF-8.
const REPLACEMENT: &[u8] = "\u{fffd}".as_bytes();

/// Replaces invalid UTF-8 with U+FFFD while streaming, counting the replacements, so that one
/// bad byte inside a JSON document does not end the read (serde_json rejects it otherwise).
pub(crate) struct LossyUtf8<'r> {
    inner: &'r mut dyn BufRead,
    out: Vec<u8>,
    pos: usize,
    /// The start of a sequence cut by the end of a chunk, completed by the next one.
    carry: Vec<u8>,
    eof: bool,
    /// Invalid sequences replaced so far.
    pub replaced: u64,
}

impl<'r> LossyUtf8<'r> {
    /// Wraps `inner`.
    pub(crate) fn new(inner: &'r mut dyn BufRead) -> Self {
        LossyUtf8 {
            inner,
            out: Vec::new(),
            pos: 0,
            carry: Vec::new(),
            eof: false,
            replaced: 0,
        }
    }

    fn refill(&mut self) -> io::Result<()> {
        self.out.clear();
        self.pos = 0;
        let chunk = self.inner.fill_buf()?;
        if chunk.is_empty() {
            if !self.carry.is_empty() {
                self.carry.clear();
                self.out.extend_from_slice(REPLACEMENT);
                self.replaced += 1;
            }
            self.eof = true;
            return Ok(());
        }
        let mut data = std::mem::take(&mut self.carry);
        data.extend_from_slice(chunk);
        let consumed = chunk.len();
        self.inner.consume(consumed);
        let mut rest = &data[..];
        loop {
            match std::str::from_utf8(rest) {
                Ok(valid) => {
                    self.out.extend_from_slice(valid.as_bytes());
                    break;
                }
                Err(e) => {
                    let (valid, tail) = rest.split_at(e.valid_up_to());
                    self.out.extend_from_slice(valid);
                    match e.error_len() {
                        Some(bad) => {
                            self.out.extend_from_slice(REPLACEMENT);
                            self.replaced += 1;
                            rest = &tail[bad..];
                        }
                        None => {
                            self.carry = tail.to_vec();
                            break;
                        }
                    }
                }
            }
        }
        Ok(())
    }
}

impl io::Read for LossyUtf8<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        while self.pos >= self.out.len() {
            if self.eof {
                return Ok(0);
            }
            self.refill()?;
        }
        let n = buf.len().min(self.out.len() - self.pos);
        buf[..n].copy_from_slice(&self.out[self.pos..self.pos + n]);
        self.pos += n;
        Ok(n)
    }
}

/// Skips a UTF-8 byte-order mark at the start of `reader`.
pub(crate) fn skip_bom(reader: &mut dyn BufRead) -> io::Result<()> {
    let buf = reader.fill_buf()?;
    if buf.starts_with(b"\xEF\xBB\xBF") {
        reader.consume(3);
    }
    Ok(())
}

/// The first line of what `reader` has buffered (without its newline), without consuming
/// anything; `None` when no newline is in the buffered head (a pretty-printed or one-line
/// document longer than the buffer). Leading whitespace and a BOM are skipped for the check.
pub(crate) fn peek_first_line(reader: &mut dyn BufRead) -> io::Result<Option<String>> {
    let buf = reader.fill_buf()?;
    let buf = buf.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(buf);
    let start = buf
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(buf.len());
    let rest = &buf[start..];
    Ok(rest
        .iter()
        .position(|&b| b == b'\n')
        .map(|end| String::from_utf8_lossy(&rest[..end]).trim_end().to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binary_is_told_from_text() {
        let mut elf = b"\x7fELF\x02\x01\x01".to_vec();
        elf.extend([0u8; 64]);
        assert!(looks_binary(&elf));
        assert!(looks_binary(&[0xff; 200]));
        // A stray NUL in a text (pasted output) keeps it text.
        assert!(!looks_binary(b"line one\n\x00 pasted\nline three\n"));
        assert!(!looks_binary(b"plain text\n"));
        assert!(!looks_binary("caf\u{e9} \u{2014} \u{1f600}\n".as_bytes()));
        // A few stray bytes in a text (a Latin-1 name) keep it text.
        assert!(!looks_binary(b"name: Jos\xe9\n"));
        assert!(!looks_binary(b""));
    }

    fn lossy_read(input: &[u8], chunk: usize) -> (String, u64) {
        use std::io::Read;
        let mut inner = io::BufReader::with_capacity(chunk, input);
        let mut r = LossyUtf8::new(&mut inner);
        let mut out = Vec::new();
        r.read_to_end(&mut out).unwrap();
        (String::from_utf8(out).expect("valid UTF-8 out"), r.replaced)
    }

    #[test]
    fn lossy_utf8_replaces_bad_bytes_and_keeps_sequences_cut_by_chunks() {
        let input = "é€ ok \u{1F600}".as_bytes();
        // Every chunk size cuts a multi-byte character somewhere: nothing may be replaced.
        for chunk in 1..8 {
            assert_eq!(lossy_read(input, chunk), ("é€ ok \u{1F600}".into(), 0));
        }
        assert_eq!(
            lossy_read(b"a\xffb\xe2\x82", 3),
            ("a\u{fffd}b\u{fffd}".into(), 2)
        );
    }

    fn lines(input: &[u8], max: usize) -> Vec<Line<'static>> {
        // A tiny inner buffer too, so that lines cut by its end take the copying path.
        let mut out = Vec::new();
        for capacity in [3, 8 * 1024] {
            let mut r = LineReader::with_limit(io::BufReader::with_capacity(capacity, input), max);
            let mut got = Vec::new();
            while let Some(l) = r.next_line().unwrap() {
                got.push(match l {
                    Line::Text { text, lossy } => Line::Text {
                        text: Cow::Owned(text.into_owned()),
                        lossy,
                    },
                    Line::TooLong(n) => Line::TooLong(n),
                });
            }
            if capacity != 3 {
                assert_eq!(got, out, "same lines whatever the buffer size");
            }
            out = got;
        }
        out
    }

    fn text(s: &str) -> Line<'static> {
        Line::Text {
            text: Cow::Owned(s.to_string()),
            lossy: false,
        }
    }

    #[test]
    fn dropping_the_reader_leaves_the_inner_reader_after_the_last_line() {
        use std::io::Read;
        let mut inner = io::BufReader::new(&b"one\ntwo\nthree\n"[..]);
        {
            let mut r = LineReader::new(&mut inner);
            assert_eq!(r.next_line().unwrap(), Some(text("one")));
            assert_eq!(r.next_line().unwrap(), Some(text("two")));
        }
        let mut rest = String::new();
        inner.read_to_string(&mut rest).unwrap();
        assert_eq!(rest, "three\n");
    }

    #[test]
    fn splits_lines_and_keeps_truncated_last_line() {
        assert_eq!(
            lines(b"a\r\nbb\n{\"x\":", 100),
            vec![text("a"), text("bb"), text("{\"x\":")]
        );
    }

    #[test]
    fn huge_line_is_reported_not_kept() {
        let mut input = vec![b'x'; 50];
        input.extend_from_slice(b"\nok\n");
        assert_eq!(lines(&input, 10), vec![Line::TooLong(50), text("ok")]);
    }

    #[test]
    fn invalid_utf8_is_replaced_and_flagged() {
        let got = lines(b"a\xffb\n", 100);
        assert_eq!(
            got,
            vec![Line::Text {
                text: "a\u{fffd}b".into(),
                lossy: true
            }]
        );
    }

    #[test]
    fn excerpt_keeps_head_and_tail() {
        let s = "é".repeat(100);
        let e = excerpt(&s, 21);
        assert!(e.starts_with('é') && e.ends_with('é') && e.contains("elided"));
        assert_eq!(excerpt("short", 10), "short");
    }

    #[test]
    fn peeks_first_line_without_consuming() {
        let mut r = std::io::BufReader::new("  {\"type\":\"init\"}\n{}\n".as_bytes());
        assert_eq!(
            peek_first_line(&mut r).unwrap().as_deref(),
            Some("{\"type\":\"init\"}")
        );
        assert_eq!(r.fill_buf().unwrap().len(), 21);
    }
}
