//! Untrusted text made safe for where it is shown. Transcripts, test names, file names, commit
//! subjects and model answers are written by others; printed as they are, their control
//! characters drive the reader's terminal (ESC sequences, BEL, the C1 CSI), their bidi
//! overrides make text read differently from what it is (CVE-2021-42574), and raw HTML in a
//! note runs when the note is rendered. Every place output is produced goes through one of:
//!
//! - [`terminal`]: text for stderr or stdout — control characters and bidi overrides become
//!   visible `\u{…}` escapes (newlines and tabs stay);
//! - [`line`]: one line (an error message, a note field in a code span) — the same, newlines
//!   included;
//! - [`markdown_text`]: a field of the Markdown note — one line, and outside code spans HTML is
//!   escaped (`<` as `&lt;`, and `&` when it would start a character reference), so a code span
//!   stays readable;
//! - [`json`]: serialised JSON — serde already escapes C0 controls; DEL, C1 and bidi controls
//!   become `\uXXXX` escapes, so the data is unchanged and the bytes are safe to print.

use std::borrow::Cow;

/// Characters that never reach output as they are, besides the C0 controls, DEL and C1
/// controls: the bidi embeddings, overrides, isolates and marks, and the Unicode line and
/// paragraph separators (which break a line where the reader sees none).
const INVISIBLE: &[(char, char)] = &[
    ('\u{061C}', '\u{061C}'), // ARABIC LETTER MARK
    ('\u{200E}', '\u{200F}'), // LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
    ('\u{2028}', '\u{2029}'), // LINE SEPARATOR, PARAGRAPH SEPARATOR
    ('\u{202A}', '\u{202E}'), // LRE, RLE, PDF, LRO, RLO
    ('\u{2066}', '\u{2069}'), // LRI, RLI, FSI, PDI
];

/// Whether `c` is shown as an escape; `keep_newlines` keeps `\n` for multi-line output.
fn hidden(c: char, keep_newlines: bool) -> bool {
    match c {
        '\t' => false,
        '\n' => !keep_newlines,
        c if c.is_control() => true, // C0, DEL, C1
        c => INVISIBLE.iter().any(|&(lo, hi)| (lo..=hi).contains(&c)),
    }
}

fn neutralise(text: &str, keep_newlines: bool) -> Cow<'_, str> {
    if !text.chars().any(|c| hidden(c, keep_newlines)) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 16);
    for c in text.chars() {
        if hidden(c, keep_newlines) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Text for a terminal: control characters and bidi overrides shown as `\u{…}`; newlines and
/// tabs kept.
pub(crate) fn terminal(text: &str) -> Cow<'_, str> {
    neutralise(text, true)
}

/// One line for a terminal or a code span in the note: control characters (newlines too) and
/// bidi overrides shown as `\u{…}` (a code span shows HTML as text, so nothing else needs
/// escaping).
pub(crate) fn line(text: &str) -> Cow<'_, str> {
    neutralise(text, false)
}

/// `text` as it was before [`line`]: the `\u{…}` escapes of hidden characters turned back into
/// them (an escape of a visible character is text the original held, and stays). A note shows a
/// file name with a newline escaped; the validator compares it with git's name through this.
pub(crate) fn unline(text: &str) -> Cow<'_, str> {
    if !text.contains("\\u{") {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 3..];
        let hidden_char = after.find('}').and_then(|end| {
            let c = u32::from_str_radix(&after[..end], 16)
                .ok()
                .and_then(char::from_u32)?;
            hidden(c, false).then_some((c, end))
        });
        match hidden_char {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push_str("\\u{");
                rest = after;
            }
        }
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// A field of the note outside code spans: one line, control characters shown as `\u{…}`,
/// HTML escaped outside the code spans the text holds.
pub(crate) fn markdown_text(text: &str) -> String {
    html(&neutralise(text, false)).into_owned()
}

/// Character references that can never hide anything: left as they are, so that escaping an
/// escaped text changes nothing.
const PLAIN_REFERENCES: &[&str] = &["lt", "gt", "amp", "quot", "apos"];

/// Whether `rest` (starting at `&`) is a character reference other than a plain one: a
/// numeric one (`&#x202E;` would put a bidi override back) or a named one.
fn risky_reference(rest: &str) -> bool {
    let body = &rest[1..];
    let Some(end) = body.find(';') else {
        return false;
    };
    let name = &body[..end];
    if let Some(num) = name.strip_prefix('#') {
        let digits = num.strip_prefix(['x', 'X']).unwrap_or(num);
        return !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_hexdigit());
    }
    !name.is_empty()
        && name.bytes().all(|b| b.is_ascii_alphanumeric())
        && !PLAIN_REFERENCES.contains(&name)
}

/// HTML escaped outside code spans (CommonMark's: a run of n backticks up to the next run of
/// exactly n). A backslash escape (`\<`) is already literal and kept.
fn html(text: &str) -> Cow<'_, str> {
    if !text.contains(['<', '&']) {
        return Cow::Borrowed(text);
    }
    let bytes = text.as_bytes();
    let run = |at: usize| bytes[at..].iter().take_while(|&&b| b == b'`').count();
    let mut out = String::with_capacity(text.len() + 16);
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        match bytes[i] {
            b'`' => {
                let n = run(i);
                // The closing run: exactly n backticks.
                let mut j = i + n;
                let mut close = None;
                while let Some(k) = text[j..].find('`').map(|k| j + k) {
                    let m = run(k);
                    if m == n {
                        close = Some(k + m);
                        break;
                    }
                    j = k + m;
                }
                let end = close.unwrap_or(i + n);
                out.push_str(&text[i..end]);
                i = end;
            }
            b'\\' => {
                let len = rest[1..].chars().next().map_or(0, char::len_utf8);
                out.push_str(&rest[..1 + len]);
                i += 1 + len;
            }
            b'<' => {
                out.push_str("&lt;");
                i += 1;
            }
            b'&' if risky_reference(rest) => {
                out.push_str("&amp;");
                i += 1;
            }
            _ => {
                let len = rest.chars().next().map_or(1, char::len_utf8);
                out.push_str(&rest[..len]);
                i += len;
            }
        }
    }
    Cow::Owned(out)
}

/// Whether a character [`json`] escapes may start at byte `b`: every such character is a C0
/// control other than `\n` and `\t`, DEL, or encoded in UTF-8 with a lead byte `0xC2` (C1
/// controls), `0xD8` (U+061C) or `0xE2` (U+2000–U+2FFF: the marks, separators and bidi
/// controls of [`INVISIBLE`]). Each is ASCII or a lead byte, so it starts a character.
fn may_start_hidden(b: u8) -> bool {
    (b < 0x20 && !matches!(b, b'\n' | b'\t')) || matches!(b, 0x7f | 0xc2 | 0xd8 | 0xe2)
}

/// Serialised JSON with DEL, C1 controls and bidi overrides written as `\uXXXX` escapes (they
/// can only occur inside strings, where such an escape means the same character). The whole
/// printed JSON passes through here, and `…`, `—` and `✓` share the lead byte `0xE2` with the
/// bidi controls, so only the characters at candidate bytes are decoded and the text between
/// them is copied as it is.
pub(crate) fn json(text: &str) -> Cow<'_, str> {
    let bytes = text.as_bytes();
    let next_candidate = |from: usize| {
        bytes[from..]
            .iter()
            .position(|&b| may_start_hidden(b))
            .map(|i| from + i)
    };
    let mut out = String::new();
    let mut copied = 0;
    let mut at = next_candidate(0);
    while let Some(i) = at {
        let Some(c) = text[i..].chars().next() else {
            break;
        };
        if hidden(c, true) {
            if out.is_empty() {
                out.reserve(text.len() + 16);
            }
            out.push_str(&text[copied..i]);
            let mut units = [0u16; 2];
            for u in c.encode_utf16(&mut units) {
                out.push_str(&format!("\\u{u:04x}"));
            }
            copied = i + c.len_utf8();
        }
        at = next_candidate(i + c.len_utf8());
    }
    if copied == 0 {
        return Cow::Borrowed(text);
    }
    out.push_str(&text[copied..]);
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unline_undoes_line_and_only_line() {
        for raw in [
            "evil\n## Goal\nx.py",
            "a\u{202e}b\u{7}c\u{9b}d.rs",
            "plain/path.rs",
            "tab\tkept.txt",
        ] {
            assert_eq!(unline(&line(raw)), raw);
        }
        // Escapes of visible characters, and broken ones, are text the original held.
        for text in [r"\u{41}", r"a\u{zz}b", r"\u{a", r"\u{110000}", r"x\u{"] {
            assert_eq!(unline(text), text);
        }
    }

    #[test]
    fn terminal_shows_controls_and_bidi_as_escapes() {
        let hostile = "ok\x1b[31mred\x07 \u{9b}2J \u{202e}gnp.exe\u{202c}\r\n";
        let shown = terminal(hostile);
        assert_eq!(
            shown,
            "ok\\u{1b}[31mred\\u{7} \\u{9b}2J \\u{202e}gnp.exe\\u{202c}\\u{d}\n"
        );
        assert!(!shown.chars().any(|c| c.is_control() && c != '\n'));
        assert!(matches!(
            terminal("plain text\tand tab\n"),
            Cow::Borrowed(_)
        ));
        // Text in other scripts, emoji and zero-width joiners are not controls.
        assert!(matches!(
            terminal("héllo мир 👩\u{200d}💻"),
            Cow::Borrowed(_)
        ));
    }

    #[test]
    fn note_fields_are_one_line_and_escape_html_outside_code() {
        assert_eq!(
            markdown_text("run `echo <b>` then <script>alert(1)</script>"),
            "run `echo <b>` then &lt;script>alert(1)&lt;/script>"
        );
        assert_eq!(markdown_text("a\nb"), "a\\u{a}b");
        assert_eq!(line("x\ny.py"), "x\\u{a}y.py");
        // References that could hide characters are escaped; plain ones are kept, so escaping
        // twice changes nothing.
        assert_eq!(
            markdown_text("&#x202E; &rlm; R&D &amp; &lt;"),
            "&amp;#x202E; &amp;rlm; R&D &amp; &lt;"
        );
        let once = markdown_text("<a href=x>&#27;</a>");
        assert_eq!(markdown_text(&once), once);
        // Longer fences, unclosed backticks and backslash escapes.
        assert_eq!(markdown_text("`` a`<b> `` <c>"), "`` a`<b> `` &lt;c>");
        assert_eq!(markdown_text("` <d>"), "` &lt;d>");
        assert_eq!(markdown_text(r"\<e> \\<f>"), r"\<e> \\&lt;f>");
    }

    #[test]
    fn json_escapes_keep_the_data() {
        let value = serde_json::json!({"t": "a\x1b[0m\u{9b}\u{202e}\u{7f}b"});
        let text = serde_json::to_string(&value).unwrap();
        let safe = json(&text);
        assert!(!safe.chars().any(|c| c.is_control() || c == '\u{202e}'));
        let back: serde_json::Value = serde_json::from_str(&safe).unwrap();
        assert_eq!(back, value);
        assert!(matches!(json("{\"a\": \"plain\"}\n"), Cow::Borrowed(_)));
    }

    /// The byte test [`json`] decodes characters at lets through no character it escapes.
    #[test]
    fn json_byte_test_sees_every_escaped_character() {
        let mut buf = [0u8; 4];
        for c in (0..=char::MAX as u32).filter_map(char::from_u32) {
            if hidden(c, true) {
                let first = c.encode_utf8(&mut buf).as_bytes()[0];
                assert!(may_start_hidden(first), "{:x}", c as u32);
            }
        }
        let plain = "{\n  \"a\": \"tab\there é мир 💻\"\n}";
        assert!(!plain.bytes().any(may_start_hidden));
        // Characters that share a candidate lead byte pass through unchanged.
        let shared = "{\"a\": \"… — ✓ ¢ \u{2028}\"}";
        assert_eq!(json(shared), "{\"a\": \"… — ✓ ¢ \\u2028\"}");
        assert!(matches!(json("{\"a\": \"… — ✓\"}"), Cow::Borrowed(_)));
    }
}
