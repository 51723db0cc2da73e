//! Bounded, tolerant reading of input files, for every collector (transcripts, test output,
//! the output of `--test-cmd`): lines that may be huge, truncated or not UTF-8, a UTF-8 stream
//! that replaces bad bytes instead of failing, a BOM skipped, a first line peeked; never
//! holding the whole file.

use std::io::{self, BufRead};

/// Longest line kept in memory. Real Claude Code lines pass 1 MB (tool results); a line longer
/// than this is skipped and counted, so a 100 MB single-line file cannot blow memory.
pub(crate) const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// One line from a [`LineReader`].
#[derive(Debug, PartialEq)]
pub(crate) enum Line {
    /// The line's text, without the trailing newline (and `\r`). `lossy` is true when invalid
    /// UTF-8 was replaced.
    Text {
        /// The text.
        text: String,
        /// True when invalid UTF-8 was replaced with U+FFFD.
        lossy: bool,
    },
    /// A line longer than the limit; its length in bytes. Its content was discarded.
    TooLong(usize),
}

/// Reads lines with a length cap, tolerating invalid UTF-8.
pub(crate) struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
}

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
        }
    }

    /// The next line, or `None` at end of input. A last line without `\n` is returned as is.
    pub(crate) fn next_line(&mut self) -> io::Result<Option<Line>> {
        self.buf.clear();
        let mut total = 0usize;
        let mut too_long = false;
        let mut saw_any = false;
        loop {
            let available = match self.inner.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if available.is_empty() {
                break;
            }
            saw_any = true;
            let (chunk, done) = match memchr_newline(available) {
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
        if !saw_any {
            return Ok(None);
        }
        if too_long {
            return Ok(Some(Line::TooLong(total)));
        }
        if self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let bytes = std::mem::take(&mut self.buf);
        Ok(Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text { text, lossy: false },
            Err(e) => Line::Text {
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                lossy: true,
            },
        }))
    }
}

fn memchr_newline(haystack: &[u8]) -> Option<usize> {
    haystack.iter().position(|&b| b == b'\n')
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

    fn lines(input: &[u8], max: usize) -> Vec<Line> {
        let mut r = LineReader::with_limit(input, max);
        let mut out = Vec::new();
        while let Some(l) = r.next_line().unwrap() {
            out.push(l);
        }
        out
    }

    fn text(s: &str) -> Line {
        Line::Text {
            text: s.into(),
            lossy: false,
        }
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
