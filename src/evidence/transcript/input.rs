//! Bounded, tolerant reading of transcript files: lines that may be huge, truncated or not
//! UTF-8, and streams of JSON values (JSONL or pretty-printed), never holding the whole file.

use std::io::{self, BufRead};

/// Longest line kept in memory. Real Claude Code lines pass 1 MB (tool results); a line longer
/// than this is skipped and counted, so a 100 MB single-line file cannot blow memory.
pub const MAX_LINE_BYTES: usize = 32 * 1024 * 1024;

/// One line from a [`LineReader`].
#[derive(Debug, PartialEq)]
pub enum Line {
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
pub struct LineReader<R> {
    inner: R,
    max: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> LineReader<R> {
    /// A reader with the default cap [`MAX_LINE_BYTES`].
    pub fn new(inner: R) -> Self {
        Self::with_limit(inner, MAX_LINE_BYTES)
    }

    /// A reader with a custom cap (tests use a small one).
    pub fn with_limit(inner: R, max: usize) -> Self {
        LineReader {
            inner,
            max,
            buf: Vec::new(),
        }
    }

    /// The next line, or `None` at end of input. A last line without `\n` is returned as is.
    pub fn next_line(&mut self) -> io::Result<Option<Line>> {
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

/// Cuts `text` to at most about `max` bytes, keeping head and tail around an explicit marker,
/// on char boundaries.
pub fn excerpt(text: &str, max: usize) -> String {
    if text.len() <= max {
        return text.to_string();
    }
    let half = max / 2;
    let mut head_end = half;
    while !text.is_char_boundary(head_end) {
        head_end -= 1;
    }
    let mut tail_start = text.len() - half;
    while !text.is_char_boundary(tail_start) {
        tail_start += 1;
    }
    format!(
        "{}\n[… {} bytes elided …]\n{}",
        &text[..head_end],
        tail_start - head_end,
        &text[tail_start..]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
