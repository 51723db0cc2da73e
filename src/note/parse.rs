//! Parses a note from Markdown: notes written by `handoff` (format v1) and notes people write by
//! hand after the skill's own example (`### Goal & Current State`, `### Files Changed`, …).
//!
//! Structure (sections, list items, nesting, tables, line numbers) comes from pulldown-cmark's
//! offset iterator; only the inline conventions inside one item (a bold label, trailing
//! citations, a `[UNVERIFIED: …]` flag, `Verify:`) are read from the item's source text.

use super::render::ADDED_MARKER;
use super::{Claim, ClaimStatus, Counts, FileEntry, Flag, Header, Note, OpenLoop, Owner, Section};
use crate::evidence::paths::looks_like_path;
use pulldown_cmark::{Event, HeadingLevel, Options, Parser, Tag, TagEnd};
use regex::Regex;
use std::ops::Range;
use std::sync::LazyLock;

/// Parses `md` into a [`Note`]. Never fails: what is not recognised is left out, and the
/// validator's structure rule reports the sections that are missing.
pub fn parse(md: &str) -> Note {
    let blocks = blocks(md);
    let lines = LineIndex::new(md);
    let mut note = Note::default();
    let mut at = At::Nowhere;
    let mut section_level = 2;
    let mut label: Option<String> = None;
    // Labels of list items by block index, so nested items inherit their parent's label.
    let mut item_labels: Vec<Option<String>> = vec![None; blocks.len()];
    let mut header_seen = false;

    for (i, block) in blocks.iter().enumerate() {
        match block {
            Block::Heading { level, text, range } => {
                let level = heading_level(*level);
                if level == 1 {
                    if note.title.is_empty() {
                        note.title = strip_title(text);
                    }
                    at = At::Nowhere;
                    continue;
                }
                let kind = Section::from_heading(text).map_or(At::Unknown, At::In);
                let is_sub_label = kind == At::Unknown
                    && level > section_level
                    && matches!(at, At::In(Section::Goal | Section::Decisions));
                if is_sub_label {
                    label = Some(text.trim().trim_end_matches(':').to_string());
                    continue;
                }
                if level > 3 && at != At::Nowhere {
                    label = Some(text.trim().trim_end_matches(':').to_string());
                    continue;
                }
                at = kind;
                section_level = level;
                label = None;
                if at == At::In(Section::Workspace) {
                    note.workspace = workspace_source(md, range.end, &blocks[i + 1..]);
                }
            }
            Block::Para {
                text,
                range,
                in_quote,
            } => {
                if *in_quote && !header_seen && text.starts_with("handoff ") {
                    note.header = parse_header(text);
                    header_seen = true;
                    continue;
                }
                let line = lines.line_of(range.start);
                match at {
                    At::In(section @ (Section::Goal | Section::Decisions)) => {
                        let (l, rest) = split_label(text);
                        if l.is_some() && rest.is_empty() {
                            label = l;
                            continue;
                        }
                        add_labelled(&mut note, section, l.or_else(|| label.clone()), text, line);
                    }
                    _ => add_plain(&mut note, at, text, line),
                }
            }
            Block::Item {
                text,
                range,
                parent,
            } => {
                let line = lines.line_of(range.start);
                match at {
                    At::In(section @ (Section::Goal | Section::Decisions)) => {
                        let (own, rest) = split_label(text);
                        let inherited = parent.and_then(|p| item_labels[p].clone());
                        let effective = own.clone().or(inherited).or_else(|| label.clone());
                        item_labels[i] = effective.clone();
                        if own.is_some() && rest.is_empty() {
                            // A label-only item (`- **Verified:**`) whose children are the claims.
                            continue;
                        }
                        add_labelled(&mut note, section, effective, text, line);
                    }
                    At::In(Section::Files) => {
                        let nested_detail = parent.is_some() && !starts_with_path(text);
                        if nested_detail && let Some(last) = note.files.last_mut() {
                            let detail = strip_tail(text).text;
                            if !detail.is_empty() {
                                if !last.summary.is_empty() {
                                    last.summary.push_str("; ");
                                }
                                last.summary.push_str(&detail);
                            }
                            continue;
                        }
                        add_plain(&mut note, at, text, line);
                    }
                    _ => add_plain(&mut note, at, text, line),
                }
            }
            Block::Row {
                cells,
                range,
                headers,
            } => {
                let line = lines.line_of(range.start);
                let text = row_text(at == At::In(Section::OpenLoops), cells, headers);
                if text.is_empty() {
                    continue;
                }
                match at {
                    At::In(section @ (Section::Goal | Section::Decisions)) => {
                        let (l, _) = split_label(&text);
                        add_labelled(&mut note, section, l.or_else(|| label.clone()), &text, line);
                    }
                    _ => add_plain(&mut note, at, &text, line),
                }
            }
        }
    }
    if note.workspace.len() == 1 && is_none(&note.workspace[0]) {
        note.workspace.clear();
    }
    note
}

/// Where the parser is: before any section (or after an `#` title), under a heading it does
/// not know, or in a section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum At {
    Nowhere,
    Unknown,
    In(Section),
}

fn heading_level(l: HeadingLevel) -> u8 {
    match l {
        HeadingLevel::H1 => 1,
        HeadingLevel::H2 => 2,
        HeadingLevel::H3 => 3,
        HeadingLevel::H4 => 4,
        HeadingLevel::H5 => 5,
        HeadingLevel::H6 => 6,
    }
}

fn strip_title(text: &str) -> String {
    let t = text.trim();
    let lower = t.to_lowercase();
    for prefix in [
        "session handoff:",
        "session handoff —",
        "session handoff -",
        "handoff:",
    ] {
        if lower.starts_with(prefix) {
            return t[prefix.len()..].trim().to_string();
        }
    }
    t.to_string()
}

/// The Workspace section keeps its source lines as they are (it holds a code block).
fn workspace_source(md: &str, start: usize, rest: &[Block]) -> Vec<String> {
    let end = rest
        .iter()
        .find_map(|b| match b {
            Block::Heading { level, range, .. } if heading_level(*level) <= 3 => Some(range.start),
            _ => None,
        })
        .unwrap_or(md.len());
    let body = md.get(start..end).unwrap_or("");
    let mut lines: Vec<String> = body.lines().map(|l| l.trim_end().to_string()).collect();
    while lines.first().is_some_and(|l| l.is_empty()) {
        lines.remove(0);
    }
    while lines.last().is_some_and(|l| l.is_empty()) {
        lines.pop();
    }
    lines
}

fn parse_header(text: &str) -> Header {
    let mut h = Header::default();
    for (i, seg) in text.split(" · ").enumerate() {
        if i == 0 {
            continue;
        }
        let Some((key, value)) = seg.split_once(':') else {
            continue;
        };
        let value = value.trim().to_string();
        match key.trim() {
            "source" => h.source = Some(value),
            "drafter" => h.drafter = value,
            "model" => h.model = Some(value),
            "model failed" => h.model_failed = Some(value),
            "written" => h.created_at = Some(value),
            "validator" => h.counts = parse_counts(&value),
            _ => {}
        }
    }
    h
}

fn parse_counts(s: &str) -> Option<Counts> {
    static RE: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(\d+) verified, (\d+) unverified, (\d+) contradicted, (\d+) errors?, (\d+) warnings?",
        )
        .expect("static regex")
    });
    let c = RE.captures(s)?;
    let n = |i: usize| c[i].parse().ok();
    Some(Counts {
        verified: n(1)?,
        unverified: n(2)?,
        contradicted: n(3)?,
        errors: n(4)?,
        warnings: n(5)?,
    })
}

/// Adds a claim from a (possibly labelled) item or paragraph in Goal or Decisions.
fn add_labelled(note: &mut Note, section: Section, label: Option<String>, text: &str, line: usize) {
    let (own_label, rest) = split_label(text);
    let part_of_own = own_label.as_deref().and_then(|l| section.part_of_label(l));
    // A keyword label is dropped from the claim text; a title ("**Used Redis**: …") is part of
    // what the claim says.
    let (part, body) = match part_of_own {
        Some((p, true)) => (Some(p), rest),
        Some((p, false)) => (Some(p), text.to_string()),
        None => (
            label
                .as_deref()
                .and_then(|l| section.part_of_label(l))
                .map(|(p, _)| p),
            text.to_string(),
        ),
    };
    let part = part.unwrap_or(match section {
        Section::Decisions => {
            if Section::label_opens_discarded(&own_label.unwrap_or_default()) {
                Section::Discarded
            } else {
                Section::Decisions
            }
        }
        _ => {
            if note.goal.is_none() && note.verified.is_empty() && note.partial.is_empty() {
                Section::Goal
            } else {
                Section::Partial
            }
        }
    });
    let Some(claim) = claim_from(&body, line) else {
        return;
    };
    match part {
        Section::Goal if note.goal.is_none() => note.goal = Some(claim),
        Section::Verified => note.verified.push(claim),
        Section::Decisions => note.decisions.push(claim),
        Section::Discarded => note.discarded.push(claim),
        _ => note.partial.push(claim),
    }
}

/// Adds an item or paragraph of the other sections.
fn add_plain(note: &mut Note, at: At, text: &str, line: usize) {
    let At::In(section) = at else {
        return;
    };
    match section {
        Section::Files => {
            if let Some(f) = file_from(text, line) {
                note.files.push(f);
            }
        }
        Section::OpenLoops => {
            if let Some(l) = open_loop_from(text, line) {
                note.open_loops.push(l);
            }
        }
        Section::NextAction => note.next_actions.extend(claim_from(text, line)),
        Section::WatchOuts => note.watch_outs.extend(claim_from(text, line)),
        Section::Goal | Section::Decisions => add_labelled(note, section, None, text, line),
        _ => {}
    }
}

fn is_none(text: &str) -> bool {
    let t = text
        .trim()
        .trim_start_matches("- ")
        .trim()
        .trim_end_matches('.');
    t.eq_ignore_ascii_case("none") || t.eq_ignore_ascii_case("n/a")
}

/// Splits a leading label: `**Goal:** x`, `**Goal**: x`, `__Goal__ x`, or a known plain
/// `Verified: x`. Returns the label (without colon) and the rest.
fn split_label(text: &str) -> (Option<String>, String) {
    static BOLD: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"^(?:\*\*|__)([^*_]+?)(?:\*\*|__)\s*(?::|—|–|-)?\s*(.*)$")
            .expect("static regex")
    });
    static PLAIN: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)^(goal|target goal|objective|verified|verification|partial(?: / unverified)?|unverified|current state|decision|discarded|rejected|dead end)\s*:\s*(.*)$",
        )
        .expect("static regex")
    });
    let t = text.trim();
    if let Some(c) = BOLD.captures(t) {
        let label = c[1].trim().trim_end_matches(':').trim().to_string();
        return (Some(label), c[2].trim().to_string());
    }
    if let Some(c) = PLAIN.captures(t) {
        return (Some(c[1].to_string()), c[2].trim().to_string());
    }
    (None, t.to_string())
}

/// The trailing conventions of an item: citations, the validator marker and flag.
struct Tail {
    text: String,
    cite: Vec<String>,
    flag: Option<Flag>,
    added: bool,
}

fn strip_tail(text: &str) -> Tail {
    static FLAG: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"\s*\[UNVERIFIED(?::\s*([^\]]*))?\]\s*$").expect("static regex")
    });
    static CITES: LazyLock<Regex> = LazyLock::new(|| {
        let id = crate::evidence::ID_PATTERN;
        Regex::new(&format!(r"\s*\(\s*({id}(?:\s*[,;]\s*{id})*)\s*\)\s*$")).expect("static regex")
    });
    let mut t = text.trim().to_string();
    let mut flag = None;
    if let Some(c) = FLAG.captures(&t) {
        let reason = c
            .get(1)
            .map(|m| m.as_str().trim())
            .unwrap_or("")
            .to_string();
        let lower = reason.to_lowercase();
        flag = Some(if let Some(r) = lower.strip_prefix("contradicted:") {
            let _ = r;
            Flag {
                status: ClaimStatus::Contradicted,
                reason: reason["contradicted:".len()..].trim().to_string(),
            }
        } else if lower.starts_with("contradicted") {
            Flag {
                status: ClaimStatus::Contradicted,
                reason,
            }
        } else {
            Flag {
                status: ClaimStatus::Unverified,
                reason,
            }
        });
        let start = c.get(0).map(|m| m.start()).unwrap_or(t.len());
        t.truncate(start);
    }
    let mut added = false;
    if let Some(stripped) = t.strip_suffix(ADDED_MARKER) {
        added = true;
        t = stripped.trim_end().to_string();
    }
    let mut cite = Vec::new();
    if let Some(c) = CITES.captures(&t) {
        cite = c[1]
            .split([',', ';'])
            .map(|s| s.trim().to_string())
            .filter(|s| !s.is_empty())
            .collect();
        let start = c.get(0).map(|m| m.start()).unwrap_or(t.len());
        t.truncate(start);
    }
    Tail {
        text: t.trim().to_string(),
        cite,
        flag,
        added,
    }
}

fn claim_from(text: &str, line: usize) -> Option<Claim> {
    if is_none(text) {
        return None;
    }
    let tail = strip_tail(text);
    if tail.text.is_empty() && tail.cite.is_empty() {
        return None;
    }
    Some(Claim {
        line: Some(line),
        text: tail.text,
        cite: tail.cite,
        flag: tail.flag,
    })
}

fn starts_with_path(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('`') || t.starts_with('[') || t.starts_with("**`")
}

fn file_from(text: &str, line: usize) -> Option<FileEntry> {
    if is_none(text) {
        return None;
    }
    let tail = strip_tail(text);
    let t = tail.text.trim();
    let Some((path, rest)) = leading_path(t) else {
        // A line of prose ("No files were changed in this session"): kept as it is, with no
        // path for the validator to look up.
        return (!t.is_empty()).then(|| FileEntry {
            line: Some(line),
            path: String::new(),
            symbols: Vec::new(),
            summary: t.to_string(),
            cite: tail.cite,
            added_by_validator: tail.added,
            flag: tail.flag,
        });
    };
    let rest = strip_separator(rest);
    let (symbols, summary) = match rest.split_once(" — ") {
        Some((first, after)) if symbol_list(first).is_some() => (
            symbol_list(first).unwrap_or_default(),
            after.trim().to_string(),
        ),
        _ => match symbol_list(rest) {
            // `path — sym` with no summary.
            Some(syms) if rest.starts_with('`') => (syms, String::new()),
            _ => (Vec::new(), rest.to_string()),
        },
    };
    Some(FileEntry {
        line: Some(line),
        path,
        symbols,
        summary,
        cite: tail.cite,
        added_by_validator: tail.added,
        flag: tail.flag,
    })
}

/// The path an entry starts with: a code span, a link, bold, or a first word that looks like a
/// path ([`looks_like_path`]).
fn leading_path(t: &str) -> Option<(String, &str)> {
    let t = t.trim_start_matches("**").trim_start();
    if t.starts_with('`') {
        let (content, rest) = code_span_at(t)?;
        return Some((content, rest.trim_start_matches("**")));
    }
    if let Some(inner) = t.strip_prefix('[') {
        let close = inner.find("](")?;
        let after = &inner[close + 2..];
        let end = after.find(')')?;
        let label = inner[..close].trim_matches('`').to_string();
        return Some((label, &after[end + 1..]));
    }
    let end = t
        .find(|c: char| c.is_whitespace() || c == '*')
        .unwrap_or(t.len());
    let word = t[..end].trim_end_matches(':');
    if !looks_like_path(word) {
        return None;
    }
    Some((word.to_string(), t[end..].trim_start_matches("**")))
}

/// The content of the code span at the start of `t` and what follows it.
fn code_span_at(t: &str) -> Option<(String, &str)> {
    let ticks = t.chars().take_while(|&c| c == '`').count();
    let fence = "`".repeat(ticks);
    let after = &t[ticks..];
    let end = after.find(&fence)?;
    let mut content = &after[..end];
    if ticks > 1 && content.starts_with(' ') && content.ends_with(' ') && content.len() >= 2 {
        content = &content[1..content.len() - 1];
    }
    Some((content.to_string(), &after[end + ticks..]))
}

/// `sym1`, `sym2` → the identifiers, when the text is nothing but code spans and commas.
fn symbol_list(t: &str) -> Option<Vec<String>> {
    let mut rest = t.trim();
    let mut out = Vec::new();
    while !rest.is_empty() {
        if !rest.starts_with('`') {
            return None;
        }
        let (content, after) = code_span_at(rest)?;
        out.push(content);
        rest = after.trim_start();
        if let Some(r) = rest.strip_prefix(',') {
            rest = r.trim_start();
        } else if !rest.is_empty() {
            return None;
        }
    }
    (!out.is_empty()).then_some(out)
}

fn strip_separator(s: &str) -> &str {
    let t = s.trim_start();
    for sep in ["—", "–", "->", "→", ":", "-"] {
        if let Some(r) = t.strip_prefix(sep) {
            return r.trim_start();
        }
    }
    t
}

fn open_loop_from(text: &str, line: usize) -> Option<OpenLoop> {
    static OWNER_PREFIX: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)^(?:\[(agent|human)(?:\s*[,;:—–-]\s*([^\]]{1,80}))?\]|\*\*\[?(agent|human)\]?:?\*\*:?|\((agent|human)\)|(agent|human)\s*:)\s*",
        )
        .expect("static regex")
    });
    static OWNER_ANY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(r"(?i)[\s—–;,(-]*\**owner\**\s*:\s*\**(agent|human)\**\)?")
            .expect("static regex")
    });
    static VERIFY: LazyLock<Regex> = LazyLock::new(|| {
        Regex::new(
            r"(?i)\s*(?:—|–|->|→|;|,|\.|-)?\s*\**(?:verify|check|verification)\**(?:\s*:\**|\s+(?:by|with)\b)\s*",
        )
        .expect("static regex")
    });
    if is_none(text) {
        return None;
    }
    let tail = strip_tail(text);
    let mut t = tail.text.clone();
    let mut owner = None;
    let mut when = None;
    if let Some(c) = OWNER_PREFIX.captures(&t) {
        let who = [1, 3, 4, 5]
            .into_iter()
            .find_map(|i| c.get(i))
            .map(|m| m.as_str().to_lowercase())
            .unwrap_or_default();
        owner = owner_of(&who);
        when = c.get(2).map(|m| m.as_str().trim().to_string());
        let end = c.get(0).map(|m| m.end()).unwrap_or(0);
        t = t[end..].to_string();
    }
    if let Some(c) = OWNER_ANY.captures(&t) {
        if owner.is_none() {
            owner = owner_of(&c[1].to_lowercase());
        }
        let range = c.get(0).map(|m| m.range()).unwrap_or(0..0);
        t.replace_range(range, "");
    }
    let mut verify = None;
    if let Some(m) = VERIFY.find(&t) {
        let check = t[m.end()..].trim().trim_end_matches('.').trim();
        let check = match code_span_at(check) {
            Some((content, rest)) if rest.trim().is_empty() => content,
            _ => check.to_string(),
        };
        if !check.is_empty() {
            verify = Some(check);
        }
        t.truncate(m.start());
    }
    let text = t
        .trim()
        .trim_end_matches(['—', '–', ';', ',', '-', '→'])
        .trim_end_matches("->")
        .trim()
        .to_string();
    Some(OpenLoop {
        line: Some(line),
        owner,
        when,
        text,
        verify,
        cite: tail.cite,
        flag: tail.flag,
    })
}

fn owner_of(who: &str) -> Option<Owner> {
    match who {
        "agent" => Some(Owner::Agent),
        "human" => Some(Owner::Human),
        _ => None,
    }
}

/// A table row as item text: cells joined by ` — `; in Open Loops an owner column becomes
/// `[Owner]` and a verify column `Verify: …`.
fn row_text(in_open_loops: bool, cells: &[String], headers: &[String]) -> String {
    let mut owner = String::new();
    let mut verify = String::new();
    let mut parts = Vec::new();
    for (i, cell) in cells.iter().enumerate() {
        let cell = cell.trim();
        if cell.is_empty() {
            continue;
        }
        let header = headers.get(i).map(|h| h.to_lowercase()).unwrap_or_default();
        if in_open_loops {
            if header.contains("owner")
                || cell.eq_ignore_ascii_case("agent")
                || cell.eq_ignore_ascii_case("human")
            {
                owner = format!("[{}] ", cell.trim_matches(['[', ']', '*']));
                continue;
            }
            if header.contains("verify") || header.contains("check") {
                verify = format!(" — Verify: {cell}");
                continue;
            }
        }
        parts.push(cell.to_string());
    }
    if parts.is_empty() && owner.is_empty() {
        return String::new();
    }
    format!("{owner}{}{verify}", parts.join(" — "))
}

/// A structural block, in document order.
#[derive(Debug)]
enum Block {
    Heading {
        level: HeadingLevel,
        text: String,
        range: Range<usize>,
    },
    /// A paragraph outside any list item.
    Para {
        text: String,
        range: Range<usize>,
        in_quote: bool,
    },
    /// A list item: its own text (nested lists cut out), and the block index of its parent item.
    Item {
        text: String,
        range: Range<usize>,
        parent: Option<usize>,
    },
    /// A table body row with the table's header cells.
    Row {
        cells: Vec<String>,
        range: Range<usize>,
        headers: Vec<String>,
    },
}

fn blocks(md: &str) -> Vec<Block> {
    let parser = Parser::new_ext(md, Options::ENABLE_TABLES | Options::ENABLE_STRIKETHROUGH);
    let mut out: Vec<Block> = Vec::new();
    // Open items: (block index, item range, nested list ranges).
    let mut items: Vec<(usize, Range<usize>, Vec<Range<usize>>)> = Vec::new();
    let mut quote_depth = 0usize;
    let mut in_heading = false;
    let mut table_headers: Vec<String> = Vec::new();
    let mut in_head = false;
    let mut row: Option<(Range<usize>, Vec<String>)> = None;
    for (event, range) in parser.into_offset_iter() {
        match event {
            Event::Start(Tag::Heading { level, .. }) => {
                in_heading = true;
                out.push(Block::Heading {
                    level,
                    text: heading_text(&md[range.clone()]),
                    range,
                });
            }
            Event::End(TagEnd::Heading(_)) => in_heading = false,
            Event::Start(Tag::BlockQuote(_)) => quote_depth += 1,
            Event::End(TagEnd::BlockQuote(_)) => quote_depth = quote_depth.saturating_sub(1),
            Event::Start(Tag::Paragraph) if items.is_empty() && row.is_none() && !in_heading => {
                out.push(Block::Para {
                    text: join_lines(&md[range.clone()]),
                    range,
                    in_quote: quote_depth > 0,
                });
            }
            Event::Start(Tag::List(_)) => {
                if let Some(top) = items.last_mut() {
                    top.2.push(range);
                }
            }
            Event::Start(Tag::Item) => {
                let parent = items.last().map(|(i, _, _)| *i);
                out.push(Block::Item {
                    text: String::new(),
                    range: range.clone(),
                    parent,
                });
                items.push((out.len() - 1, range, Vec::new()));
            }
            Event::End(TagEnd::Item) => {
                if let Some((idx, r, nested)) = items.pop() {
                    let text = item_text(md, &r, &nested);
                    if let Some(Block::Item { text: t, .. }) = out.get_mut(idx) {
                        *t = text;
                    }
                }
            }
            Event::Start(Tag::Table(_)) => table_headers.clear(),
            Event::Start(Tag::TableHead) => {
                in_head = true;
                row = Some((range, Vec::new()));
            }
            Event::End(TagEnd::TableHead) => {
                in_head = false;
                if let Some((_, cells)) = row.take() {
                    table_headers = cells;
                }
            }
            Event::Start(Tag::TableRow) => row = Some((range, Vec::new())),
            Event::End(TagEnd::TableRow) => {
                if let Some((r, cells)) = row.take()
                    && items.is_empty()
                    && !in_head
                {
                    out.push(Block::Row {
                        cells,
                        range: r,
                        headers: table_headers.clone(),
                    });
                }
            }
            Event::Start(Tag::TableCell) => {
                if let Some((_, cells)) = row.as_mut() {
                    cells.push(md[range].trim().trim_matches('|').trim().to_string());
                }
            }
            _ => {}
        }
    }
    out
}

fn heading_text(src: &str) -> String {
    let first = src.lines().next().unwrap_or("").trim();
    let t = first.trim_start_matches('#').trim();
    let t = t.trim_end_matches('#').trim();
    t.to_string()
}

/// An item's own text: its source minus nested lists, without the list marker, lines joined.
fn item_text(md: &str, range: &Range<usize>, nested: &[Range<usize>]) -> String {
    let mut own = String::new();
    let mut pos = range.start;
    for n in nested {
        if n.start >= pos && n.end <= range.end {
            own.push_str(&md[pos..n.start]);
            pos = n.end;
        }
    }
    own.push_str(&md[pos..range.end.max(pos)]);
    let t = own.trim_start();
    let t = strip_marker(t);
    join_lines(t)
}

fn strip_marker(t: &str) -> &str {
    if let Some(r) = t.strip_prefix(['-', '*', '+']) {
        return r.trim_start();
    }
    let digits = t.chars().take_while(|c| c.is_ascii_digit()).count();
    if digits > 0
        && let Some(r) = t[digits..].strip_prefix(['.', ')'])
    {
        return r.trim_start();
    }
    t
}

/// Joins the lines of a block into one line, dropping blockquote markers.
fn join_lines(src: &str) -> String {
    src.lines()
        .map(|l| l.trim().trim_start_matches('>').trim())
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join(" ")
}

/// Byte offset → 1-based line.
struct LineIndex {
    starts: Vec<usize>,
}

impl LineIndex {
    fn new(md: &str) -> Self {
        let mut starts = vec![0];
        starts.extend(md.match_indices('\n').map(|(i, _)| i + 1));
        LineIndex { starts }
    }

    fn line_of(&self, offset: usize) -> usize {
        match self.starts.binary_search(&offset) {
            Ok(i) => i + 1,
            Err(i) => i,
        }
    }
}
