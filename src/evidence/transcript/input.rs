//! Transcript readers' shared helpers on top of [`crate::evidence::read`]: lines counted into
//! the builder, streams of JSON values (JSONL or pretty-printed) and whole JSON documents walked
//! element by element, never holding the whole file; field, time and content-text helpers.

use crate::evidence::read::{Line, LineReader, LossyUtf8, MAX_LINE_BYTES, excerpt, skip_bom};
use std::borrow::Cow;
use std::io::{self, BufRead};

/// The text of a line, for readers that build a transcript: invalid UTF-8 was replaced and is
/// counted; a line over the cap is counted as skipped and gives `None`.
pub(crate) fn line_text<'a>(b: &mut super::Builder, line: Line<'a>) -> Option<Cow<'a, str>> {
    match line {
        Line::Text { text, lossy } => {
            if lossy {
                b.invalid_utf8(1);
            }
            Some(text)
        }
        Line::TooLong(n) => {
            b.skip(format!(
                "line longer than {} MiB ({n} bytes)",
                MAX_LINE_BYTES >> 20
            ));
            None
        }
    }
}

/// Longest string kept inside one streamed JSON element. A longer string (a 100 MB tool output
/// on one line) is cut to its head and tail, so one element never holds more than this per field.
pub(crate) const MAX_JSON_STRING_BYTES: usize = 1024 * 1024;

/// Longest top-level scalar string captured by [`walk_document`] (ids, timestamps, statuses).
const MAX_CAPTURED_SCALAR_BYTES: usize = 4 * 1024;

/// What [`walk_document`] saw besides the elements it handed out.
#[derive(Debug, Default)]
pub(crate) struct DocSummary {
    /// True when the top level was an array (else an object).
    pub top_level_array: bool,
    /// Fields of a top-level object: the ones asked for in `keep` (any size, strings bounded),
    /// and every other small scalar (strings up to 4 KiB, numbers, booleans).
    pub fields: serde_json::Map<String, serde_json::Value>,
    /// True once the top-level array or object was opened (a cut-off document still counts).
    pub opened: bool,
    /// Elements handed out.
    pub elements: u64,
    /// Why the document ended early (cut off, malformed), with where; `None` when complete.
    pub truncated: Option<String>,
    /// Invalid UTF-8 sequences replaced with U+FFFD.
    pub invalid_utf8: u64,
}

impl DocSummary {
    /// Counts a document that ended early as one skipped record, saying how much was kept, and
    /// the invalid UTF-8 replaced, so that the rest of the transcript is still used and the user
    /// is warned.
    pub(crate) fn report(&self, b: &mut super::Builder, what: &str) {
        b.invalid_utf8(self.invalid_utf8);
        if let Some(why) = &self.truncated {
            b.skip(format!(
                "truncated JSON document ({why}); kept the {} {what} before it",
                self.elements
            ));
        }
    }
}

impl From<DocError> for super::ReadError {
    fn from(e: DocError) -> Self {
        match e {
            DocError::Io(e) => super::ReadError::Io(e),
            DocError::NotJson(why) => super::ReadError::NotThisFormat(format!("not JSON: {why}")),
        }
    }
}

/// Why [`walk_document`] could not read a document at all.
#[derive(Debug)]
pub(crate) enum DocError {
    /// Reading failed.
    Io(io::Error),
    /// The input does not start with a JSON array or object.
    NotJson(String),
}

/// Walks one JSON document value by value without building it whole: the elements of a
/// top-level array, or of the array fields named in `arrays` of a top-level object, are handed
/// to `on_element` one at a time (with the field name, `None` for a top-level array). Other
/// fields are skipped unread, except those in `keep` and small scalars, which land in
/// [`DocSummary::fields`]. A document cut off or garbled midway keeps what was handed out and
/// says why in [`DocSummary::truncated`]. A UTF-8 BOM is skipped.
pub(crate) fn walk_document(
    reader: &mut dyn BufRead,
    arrays: &[&str],
    keep: &[&str],
    on_element: &mut dyn FnMut(Option<&str>, serde_json::Value),
) -> Result<DocSummary, DocError> {
    use serde::de::DeserializeSeed;
    skip_bom(reader).map_err(DocError::Io)?;
    let mut summary = DocSummary::default();
    let mut lossy = io::BufReader::new(LossyUtf8::new(reader));
    let mut de = serde_json::Deserializer::from_reader(&mut lossy);
    let seed = DocSeed {
        arrays,
        keep,
        on_element,
        summary: &mut summary,
    };
    match seed.deserialize(&mut de) {
        Ok(()) => {}
        Err(e) => {
            if e.is_io() {
                return Err(DocError::Io(io::Error::other(e.to_string())));
            }
            if summary.elements == 0 && !summary_started(&summary) {
                return Err(DocError::NotJson(short_json_error(&e)));
            }
            summary.truncated = Some(short_json_error(&e));
        }
    }
    drop(de);
    summary.invalid_utf8 = lossy.get_ref().replaced;
    Ok(summary)
}

fn summary_started(s: &DocSummary) -> bool {
    s.opened
}

fn short_json_error(e: &serde_json::Error) -> String {
    use serde_json::error::Category;
    let what = match e.classify() {
        Category::Eof => "cut off".to_string(),
        Category::Syntax => "malformed JSON".to_string(),
        Category::Data => format!("unexpected JSON ({e})"),
        Category::Io => "read error".to_string(),
    };
    format!("{what} at line {} column {}", e.line(), e.column())
}

struct DocSeed<'a, 'f> {
    arrays: &'a [&'a str],
    keep: &'a [&'a str],
    on_element: &'f mut dyn FnMut(Option<&str>, serde_json::Value),
    summary: &'f mut DocSummary,
}

impl<'de> serde::de::DeserializeSeed<'de> for DocSeed<'_, '_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for DocSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON array or object")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        self.summary.top_level_array = true;
        self.summary.opened = true;
        while let Some(v) = seq.next_element_seed(BoundedValue)? {
            self.summary.elements += 1;
            (self.on_element)(None, v);
        }
        Ok(())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        self.summary.opened = true;
        while let Some(key) = map.next_key::<String>()? {
            if self.arrays.contains(&key.as_str()) {
                map.next_value_seed(ArraySeed {
                    field: &key,
                    on_element: &mut *self.on_element,
                    summary: &mut *self.summary,
                })?;
            } else if self.keep.contains(&key.as_str()) {
                let v = map.next_value_seed(BoundedValue)?;
                self.summary.fields.insert(key, v);
            } else if let Some(v) = map.next_value_seed(SmallScalar)? {
                self.summary.fields.insert(key, v);
            }
        }
        Ok(())
    }
}

/// The elements of one named array field; anything else in that field is ignored.
struct ArraySeed<'a, 'f> {
    field: &'a str,
    on_element: &'f mut dyn FnMut(Option<&str>, serde_json::Value),
    summary: &'f mut DocSummary,
}

impl<'de> serde::de::DeserializeSeed<'de> for ArraySeed<'_, '_> {
    type Value = ();
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for ArraySeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an array")
    }

    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while let Some(v) = seq.next_element_seed(BoundedValue)? {
            self.summary.elements += 1;
            (self.on_element)(Some(self.field), v);
        }
        Ok(())
    }

    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_string<E>(self, _: String) -> Result<(), E> {
        Ok(())
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
}

/// A small top-level scalar, or `None` for anything compound or long (skipped unread).
struct SmallScalar;

impl<'de> serde::de::DeserializeSeed<'de> for SmallScalar {
    type Value = Option<serde_json::Value>;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for SmallScalar {
    type Value = Option<serde_json::Value>;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok((v.len() <= MAX_CAPTURED_SCALAR_BYTES).then(|| v.into()))
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        Ok((v.len() <= MAX_CAPTURED_SCALAR_BYTES).then(|| v.into()))
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(Some(v.into()))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(Some(v.into()))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(Some(v.into()))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(Some(v.into()))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(None)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        while seq.next_element::<serde::de::IgnoredAny>()?.is_some() {}
        Ok(None)
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        while map
            .next_entry::<serde::de::IgnoredAny, serde::de::IgnoredAny>()?
            .is_some()
        {}
        Ok(None)
    }
}

/// A `serde_json::Value` whose strings are cut to [`MAX_JSON_STRING_BYTES`] (head and tail).
pub(crate) struct BoundedValue;

impl<'de> serde::de::DeserializeSeed<'de> for BoundedValue {
    type Value = serde_json::Value;
    fn deserialize<D: serde::Deserializer<'de>>(self, d: D) -> Result<Self::Value, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> serde::de::Visitor<'de> for BoundedValue {
    type Value = serde_json::Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("any JSON value")
    }
    fn visit_str<E>(self, v: &str) -> Result<Self::Value, E> {
        Ok(serde_json::Value::String(excerpt(v, MAX_JSON_STRING_BYTES)))
    }
    fn visit_string<E>(self, v: String) -> Result<Self::Value, E> {
        if v.len() <= MAX_JSON_STRING_BYTES {
            Ok(serde_json::Value::String(v))
        } else {
            Ok(serde_json::Value::String(excerpt(
                &v,
                MAX_JSON_STRING_BYTES,
            )))
        }
    }
    fn visit_bool<E>(self, v: bool) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_i64<E>(self, v: i64) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_u64<E>(self, v: u64) -> Result<Self::Value, E> {
        Ok(v.into())
    }
    fn visit_f64<E>(self, v: f64) -> Result<Self::Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(serde_json::Value::Null, Into::into))
    }
    fn visit_unit<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_none<E>(self) -> Result<Self::Value, E> {
        Ok(serde_json::Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut seq: A) -> Result<Self::Value, A::Error> {
        let mut out = Vec::new();
        while let Some(v) = seq.next_element_seed(BoundedValue)? {
            out.push(v);
        }
        Ok(serde_json::Value::Array(out))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
        let mut out = serde_json::Map::new();
        while let Some(k) = map.next_key::<String>()? {
            let v = map.next_value_seed(BoundedValue)?;
            out.insert(k, v);
        }
        Ok(serde_json::Value::Object(out))
    }
}

/// Parses one JSON line into a value with bounded strings; `None` when it is not JSON.
pub(crate) fn parse_json_line(line: &str) -> Option<serde_json::Value> {
    use serde::de::DeserializeSeed;
    let mut de = serde_json::Deserializer::from_str(line);
    let v = BoundedValue.deserialize(&mut de).ok()?;
    de.end().ok()?;
    Some(v)
}

/// A string field of a JSON object (`None` when missing or not a string).
pub(crate) fn str_field<'v>(v: &'v serde_json::Value, key: &str) -> Option<&'v str> {
    v.get(key).and_then(serde_json::Value::as_str)
}

/// An RFC 3339 timestamp, or a naive ISO one (taken as UTC), from a JSON string.
pub(crate) fn parse_time(s: &str) -> Option<chrono::DateTime<chrono::Utc>> {
    use chrono::{DateTime, NaiveDateTime, Utc};
    let s = s.trim();
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Some(t.with_timezone(&Utc));
    }
    [
        "%Y-%m-%dT%H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S%.f",
        "%Y-%m-%d %H:%M:%S",
    ]
    .iter()
    .find_map(|f| NaiveDateTime::parse_from_str(s, f).ok())
    .map(|n| n.and_utc())
}

/// The text of a message `content`: a string, or the `text` of an array of parts/blocks (nested
/// `content` arrays included), joined with newlines; other parts are ignored.
pub(crate) fn content_text(v: &serde_json::Value) -> String {
    use serde_json::Value;
    match v {
        Value::String(s) => s.clone(),
        Value::Array(items) => {
            let mut out = String::new();
            for item in items {
                let part = match item {
                    Value::String(s) => s.clone(),
                    Value::Object(_) => match (str_field(item, "text"), item.get("content")) {
                        (Some(t), _) => t.to_string(),
                        (None, Some(c)) => content_text(c),
                        _ => String::new(),
                    },
                    _ => String::new(),
                };
                if !part.is_empty() {
                    if !out.is_empty() {
                        out.push('\n');
                    }
                    out.push_str(&part);
                }
            }
            out
        }
        _ => String::new(),
    }
}

/// Cuts every string inside `v` to about `max` bytes (head and tail), for records a reader must
/// hold until the end of the file.
pub(crate) fn shrink(v: &mut serde_json::Value, max: usize) {
    match v {
        serde_json::Value::String(s) if s.len() > max => *s = excerpt(s, max),
        serde_json::Value::Array(a) => a.iter_mut().for_each(|x| shrink(x, max)),
        serde_json::Value::Object(o) => o.values_mut().for_each(|x| shrink(x, max)),
        _ => {}
    }
}

/// Accumulates text streamed line by line, keeping at most about `max` bytes: the head and the
/// most recent tail, with an explicit marker for what was dropped in between.
#[derive(Debug, Default)]
pub(crate) struct TextAccumulator {
    head: String,
    tail: String,
    dropped: usize,
    max: usize,
}

impl TextAccumulator {
    /// An empty accumulator keeping about `max` bytes.
    pub(crate) fn new(max: usize) -> Self {
        TextAccumulator {
            max,
            ..Default::default()
        }
    }

    /// Appends one line (a newline is added between lines).
    pub(crate) fn push_line(&mut self, line: &str) {
        if !self.is_empty() {
            self.push_str("\n");
        }
        self.push_str(line);
    }

    /// Appends text as is.
    pub(crate) fn push_str(&mut self, s: &str) {
        let half = self.max / 2;
        if self.dropped == 0 && self.tail.is_empty() && self.head.len() + s.len() <= half {
            self.head.push_str(s);
            return;
        }
        self.tail.push_str(s);
        if self.tail.len() > self.max {
            let mut cut = self.tail.len() - half;
            while !self.tail.is_char_boundary(cut) {
                cut += 1;
            }
            self.dropped += cut;
            self.tail.drain(..cut);
        }
    }

    /// True when nothing was added.
    pub(crate) fn is_empty(&self) -> bool {
        self.head.is_empty() && self.tail.is_empty() && self.dropped == 0
    }

    /// The text so far, and resets.
    pub(crate) fn take(&mut self) -> String {
        let out = if self.dropped > 0 {
            format!(
                "{}{}{}",
                self.head,
                crate::redact::elision_marker(self.dropped as u64),
                self.tail
            )
        } else {
            format!("{}{}", self.head, self.tail)
        };
        self.head.clear();
        self.tail.clear();
        self.dropped = 0;
        out
    }
}

/// Feeds every JSON value of a JSONL file (or of a file of concatenated, pretty-printed JSON
/// values, or of a JSON array of records) to `f`, counting records and skipping bad ones.
pub(crate) fn for_each_record(
    reader: &mut dyn io::BufRead,
    b: &mut super::Builder,
    mut f: impl FnMut(&mut super::Builder, serde_json::Value),
) -> super::ReadResult {
    for_each_json(reader, b, |b, text| {
        f(b, serde_json::from_str(text)?);
        Ok(())
    })
}

/// Feeds the text of every JSON value of a JSONL file (or of a file of concatenated,
/// pretty-printed JSON values, or of a JSON array of records) to `parse`, which deserializes it
/// (into typed records that borrow from the text) and handles it; counts records and skips bad
/// ones.
///
/// JSONL is read line by line with the length cap of [`LineReader`], each line lent from the
/// read buffer; a line `parse` rejects is skipped and counted and the next line is read. When
/// the first line is not a complete JSON value but opens one, the file is read as a stream of
/// values instead (each value handed to `parse` as compact JSON text: the rare pretty-printed
/// files pay that detour so that every record goes through one reader).
pub(crate) fn for_each_json(
    reader: &mut dyn io::BufRead,
    b: &mut super::Builder,
    mut parse: impl FnMut(&mut super::Builder, &str) -> serde_json::Result<()>,
) -> super::ReadResult {
    let mut first = true;
    let mut lines = LineReader::new(&mut *reader);
    let mut first_line = None;
    while let Some(line) = lines.next_line()? {
        let Some(text) = line_text(b, line) else {
            b.record();
            first = false;
            continue;
        };
        let trimmed = text.trim();
        if trimmed.is_empty() {
            continue;
        }
        match parse(b, trimmed) {
            Ok(()) => {
                first = false;
                b.record();
            }
            Err(e)
                if first
                    && e.is_eof()
                    && (trimmed.starts_with('{') || trimmed.starts_with('[')) =>
            {
                first_line = Some(text.into_owned());
                break;
            }
            Err(e) => {
                first = false;
                b.record();
                b.skip(if e.is_eof() {
                    "truncated JSON record (incomplete line)"
                } else {
                    "malformed JSON line"
                });
            }
        }
    }
    drop(lines);
    let Some(first_line) = first_line else {
        return Ok(());
    };
    // Pretty-printed values: parse a stream of values over the rest of the file.
    let head = std::io::Cursor::new(format!("{first_line}\n").into_bytes());
    let stream = serde_json::Deserializer::from_reader(io::Read::chain(head, reader))
        .into_iter::<serde_json::Value>();
    let mut one = |b: &mut super::Builder, v: serde_json::Value| {
        b.record();
        if parse(b, &v.to_string()).is_err() {
            b.skip("malformed JSON line");
        }
    };
    for item in stream {
        match item {
            Ok(serde_json::Value::Array(items)) => {
                for v in items {
                    one(b, v);
                }
            }
            Ok(v) => one(b, v),
            Err(e) if e.is_io() => return Err(super::ReadError::Io(io::Error::other(e))),
            Err(e) => {
                b.record();
                b.skip(if e.is_eof() {
                    "truncated JSON value at end of file"
                } else {
                    "malformed JSON (the rest of the file could not be read)"
                });
                break;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_with_and_without_a_zone() {
        assert!(parse_time("2025-01-27T22:44:56.900854").is_some());
        assert!(parse_time("2026-01-30T06:18:17.750Z").is_some());
    }

    #[test]
    fn invalid_utf8_inside_a_json_document_does_not_end_the_walk() {
        let doc = b"[{\"a\": \"x\xffy\"}, {\"a\": \"z\"}]";
        let mut r = io::BufReader::new(&doc[..]);
        let mut seen = Vec::new();
        let summary = walk_document(&mut r, &[], &[], &mut |_, v| seen.push(v)).unwrap();
        assert_eq!(seen.len(), 2);
        assert_eq!(seen[0]["a"], "x\u{fffd}y");
        assert_eq!(summary.invalid_utf8, 1);
        assert!(summary.truncated.is_none());
    }

    fn walk(
        input: &str,
        arrays: &[&str],
        keep: &[&str],
    ) -> (Vec<(Option<String>, serde_json::Value)>, DocSummary) {
        let mut got = Vec::new();
        let mut r = input.as_bytes();
        let s = walk_document(&mut r, arrays, keep, &mut |f, v| {
            got.push((f.map(str::to_string), v))
        })
        .unwrap();
        (got, s)
    }

    #[test]
    fn walks_top_level_array_element_by_element() {
        let (got, s) = walk("\u{feff} [ {\"a\":1}, 2 ,\"x\"]", &[], &[]);
        assert_eq!(got.len(), 3);
        assert!(s.top_level_array && s.truncated.is_none());
        assert_eq!(got[0].1["a"], 1);
    }

    #[test]
    fn walks_named_arrays_and_captures_small_scalars() {
        let big = "y".repeat(5000);
        let doc = format!(
            "{{\"messages\":[{{\"id\":1}},{{\"id\":2}}],\"sessionId\":\"s1\",\"blob\":{{\"k\":[1,2]}},\"long\":\"{big}\",\"info\":{{\"exit_status\":\"submitted\"}},\"n\":3}}"
        );
        let (got, s) = walk(&doc, &["messages"], &["info"]);
        assert_eq!(got.len(), 2);
        assert_eq!(got[1].0.as_deref(), Some("messages"));
        assert_eq!(s.fields["sessionId"], "s1");
        assert_eq!(s.fields["n"], 3);
        assert_eq!(s.fields["info"]["exit_status"], "submitted");
        assert!(!s.fields.contains_key("blob") && !s.fields.contains_key("long"));
    }

    #[test]
    fn truncated_document_keeps_elements_before_the_cut() {
        let (got, s) = walk("[{\"a\":1},{\"a\":2},{\"a\":", &[], &[]);
        assert_eq!(got.len(), 2);
        assert!(s.truncated.as_deref().unwrap().contains("cut off"));
    }

    #[test]
    fn not_json_is_an_error() {
        let mut r = "# aider chat started".as_bytes();
        assert!(matches!(
            walk_document(&mut r, &[], &[], &mut |_, _| {}),
            Err(DocError::NotJson(_))
        ));
    }

    #[test]
    fn huge_string_in_an_element_is_bounded() {
        let doc = format!("[{{\"t\":\"{}\"}}]", "z".repeat(MAX_JSON_STRING_BYTES * 3));
        let (got, _) = walk(&doc, &[], &[]);
        let t = got[0].1["t"].as_str().unwrap();
        assert!(t.len() < MAX_JSON_STRING_BYTES + 100 && t.contains("elided"));
    }

    #[test]
    fn accumulator_keeps_head_and_tail() {
        let mut acc = TextAccumulator::new(100);
        for i in 0..1000 {
            acc.push_line(&format!("line {i}"));
        }
        let t = acc.take();
        assert!(t.starts_with("line 0\n") && t.ends_with("line 999") && t.contains("elided"));
        assert!(t.len() < 200);
        assert!(acc.is_empty());
        acc.push_line("a");
        acc.push_line("b");
        assert_eq!(acc.take(), "a\nb");
    }
}
