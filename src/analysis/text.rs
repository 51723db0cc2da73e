//! Reading prose from a transcript: Markdown stripped to sentences, cut at a sentence or clause
//! boundary (never mid-word), split into the blocks a message is made of (headings, paragraphs,
//! list items, code), and the code spans it names.

/// Whitespace runs collapsed to one space, trimmed.
pub(crate) fn one_line(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Inline Markdown removed: `[text](url)` → `text`, `**`/`__` emphasis, heading hashes and
/// list markers at line starts, HTML tags such as `<img …/>`. Code spans keep their backticks.
pub(crate) fn plain(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for line in s.lines() {
        let t = line.trim();
        let t = t.trim_start_matches('#').trim_start();
        let t = t.strip_prefix("> ").unwrap_or(t);
        let t = t
            .strip_prefix("- ")
            .or_else(|| t.strip_prefix("* "))
            .or_else(|| t.strip_prefix("+ "))
            .unwrap_or(t);
        out.push_str(t);
        out.push('\n');
    }
    // Each automaton is built and run only on a text that holds what it needs (a link's `](`,
    // a tag's `<`): LINK's bounded Unicode classes compile to megabytes.
    let out = if out.contains("](") {
        LINK.replace_all(&out, "$1")
    } else {
        std::borrow::Cow::Borrowed(out.as_str())
    };
    let out = if out.contains('<') {
        TAG.replace_all(&out, "")
    } else {
        std::borrow::Cow::Borrowed(&*out)
    };
    // Typographic apostrophes read as plain ones ("I’m" is "I'm").
    out.replace("**", "").replace("__", "").replace('’', "'")
}

static LINK: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    regex::Regex::new(r"\[([^\]\n]{1,200})\]\([^)\s]{1,500}\)").expect("static regex")
});
static TAG: std::sync::LazyLock<regex::Regex> = std::sync::LazyLock::new(|| {
    // HTML tags are lower case; `<YOUR_WALLET_ADDRESS>` is a placeholder, not a tag.
    regex::Regex::new(r"</?[a-z][a-z0-9-]*(\s[^<>]{0,300})?/?>").expect("static regex")
});

/// The text without fenced code blocks; a fenced block of one short line is kept inline (a
/// request's `division(23, 0)` is part of what it says).
pub(crate) fn without_fences(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut fence: Option<Vec<&str>> = None;
    for line in text.lines() {
        let t = line.trim_start();
        // aider fences files with `<source>` … `</source>` for some models.
        let is_fence = t.starts_with("```")
            || t.starts_with("~~~")
            || (fence.is_none() && t.trim_end() == "<source>")
            || (fence.is_some() && t.trim_end() == "</source>");
        match fence.as_mut() {
            Some(body) if is_fence => {
                if body.len() == 1 && body[0].trim().chars().count() <= 80 {
                    out.push_str(&format!("`{}`\n", body[0].trim()));
                }
                fence = None;
            }
            Some(body) => body.push(line),
            None if is_fence => fence = Some(Vec::new()),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// Whether the `.` at byte `i` ends an abbreviation ("e.g.", "i.e.", "etc.", "vs."), not a
/// sentence.
fn abbreviation_before(text: &str, i: usize) -> bool {
    let word = text[..i]
        .rsplit(|c: char| c.is_whitespace() || c == '(')
        .next()
        .unwrap_or("")
        .to_lowercase();
    matches!(
        word.as_str(),
        "e.g" | "i.e" | "etc" | "vs" | "cf" | "approx" | "incl" | "esp" | "eg" | "ie"
    )
}

/// Sentences of a text: split at `.`/`!`/`?` followed by a space or the end, and at line breaks
/// (a bullet or heading is a sentence of its own).
pub(crate) fn sentences(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let line = line
            .trim()
            .trim_start_matches(['#', '>'])
            .trim_start()
            .trim_start_matches(['-', '*', '+'])
            .trim();
        let chars: Vec<(usize, char)> = line.char_indices().collect();
        let mut start = 0;
        for (k, &(i, c)) in chars.iter().enumerate() {
            let end = matches!(c, '.' | '!' | '?' | '。')
                && chars.get(k + 1).is_none_or(|&(_, n)| n.is_whitespace())
                && !(c == '.' && abbreviation_before(line, i));
            if end {
                let s = line[start..i + c.len_utf8()].trim();
                if !s.is_empty() {
                    out.push(s.to_string());
                }
                start = i + c.len_utf8();
            }
        }
        let rest = line[start..].trim();
        if !rest.is_empty() {
            out.push(rest.to_string());
        }
    }
    out
}

/// About `max` characters of `text` (whitespace collapsed): the whole text when it fits; else
/// cut at the last sentence end that fits, else the last clause boundary (`, ; : —`), else a
/// word, ending with `…`. Never cuts a word or a code span.
pub(crate) fn shorten(text: &str, max: usize) -> String {
    let t = one_line(text);
    if t.chars().count() <= max {
        return t;
    }
    // Every cut below goes through `redact::truncate`, so no cut ends inside a secret or its
    // redaction marker.
    let head = crate::redact::truncate(&t, max);
    let limit = head.len();
    let upto = |end: usize| crate::redact::truncate(head, head[..end].chars().count());
    let min = max / 3;
    let inside_code = |i: usize| head[..i].matches('`').count() % 2 == 1;
    let sentence = head
        .char_indices()
        .filter(|&(i, c)| {
            matches!(c, '.' | '!' | '?' | '。')
                && head[i + c.len_utf8()..].starts_with(' ')
                && !inside_code(i)
                && !(c == '.' && abbreviation_before(head, i))
        })
        .map(|(i, c)| i + c.len_utf8())
        .rfind(|&i| i >= min);
    if let Some(end) = sentence {
        return upto(end).to_string();
    }
    let clause = head
        .char_indices()
        .filter(|&(i, c)| {
            (matches!(c, ',' | ';' | ':') && head[i + 1..].starts_with(' ')
                || head[i..].starts_with(" — ")
                || head[i..].starts_with(" - "))
                && !inside_code(i)
        })
        .map(|(i, _)| i)
        .rfind(|&i| i >= min);
    if let Some(end) = clause {
        return format!("{}…", upto(end).trim_end());
    }
    let mut cut = head.rfind(' ').filter(|&i| i > limit / 2).unwrap_or(limit);
    while inside_code(cut) {
        match head[..cut].rfind('`') {
            Some(tick) if tick > 0 => cut = head[..tick].rfind(' ').unwrap_or(tick),
            _ => break,
        }
    }
    format!("{}…", upto(cut).trim_end())
}

/// `“text”` shortened, for quoting a message.
pub(crate) fn quote(text: &str, max: usize) -> String {
    format!("\"{}\"", shorten(text, max).replace('"', "'"))
}

/// The backticked spans of a text, in order, without the backticks.
pub(crate) fn code_spans(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('`') {
        let after = &rest[open + 1..];
        if let Some(fenced) = after.strip_prefix("``") {
            // A fence: skip to its end.
            match fenced.find("```") {
                Some(end) => rest = &fenced[end + 3..],
                None => break,
            }
            continue;
        }
        match after.find('`') {
            Some(close) => {
                let span = &after[..close];
                if !span.trim().is_empty() && !span.contains('\n') {
                    out.push(span.trim().to_string());
                }
                rest = &after[close + 1..];
            }
            None => break,
        }
    }
    out
}

/// One block of a Markdown message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Block {
    /// A heading (text without hashes).
    Heading(String),
    /// A paragraph (lines joined).
    Para(String),
    /// A list item (marker removed, continuation lines joined).
    Item(String),
    /// A fenced code block's body.
    Code(String),
}

impl Block {
    /// The block's text.
    pub(crate) fn text(&self) -> &str {
        match self {
            Block::Heading(t) | Block::Para(t) | Block::Item(t) | Block::Code(t) => t,
        }
    }
}

/// The blocks of a Markdown message, in order.
pub(crate) fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut fence: Option<String> = None;
    let mut open = false;
    for line in text.lines() {
        let t = line.trim();
        if let Some(body) = fence.as_mut() {
            if t.starts_with("```") || t.starts_with("~~~") {
                out.push(Block::Code(body.trim_end().to_string()));
                fence = None;
                open = false;
            } else {
                body.push_str(line);
                body.push('\n');
            }
            continue;
        }
        if t.starts_with("```") || t.starts_with("~~~") {
            fence = Some(String::new());
            continue;
        }
        if t.is_empty() || t.chars().all(|c| matches!(c, '-' | '=' | '*' | '_')) {
            open = false;
            continue;
        }
        if let Some(h) = t.strip_prefix('#') {
            out.push(Block::Heading(h.trim_start_matches('#').trim().to_string()));
            open = false;
            continue;
        }
        let item = t
            .strip_prefix("- ")
            .or_else(|| t.strip_prefix("* "))
            .or_else(|| t.strip_prefix("+ "))
            .or_else(|| {
                let (n, rest) = t.split_once(['.', ')'])?;
                (!n.is_empty() && n.len() <= 3 && n.chars().all(|c| c.is_ascii_digit()))
                    .then(|| rest.trim_start())
            });
        match item {
            Some(body) => {
                out.push(Block::Item(body.to_string()));
                open = true;
            }
            None => match out.last_mut() {
                Some(Block::Para(p)) | Some(Block::Item(p)) if open => {
                    p.push(' ');
                    p.push_str(t);
                }
                _ => {
                    out.push(Block::Para(t.to_string()));
                    open = true;
                }
            },
        }
    }
    if let Some(body) = fence {
        out.push(Block::Code(body.trim_end().to_string()));
    }
    out
}

/// The content words of a text (lower case, 4+ letters, not stop words), for overlap tests.
pub(crate) fn content_words(text: &str) -> Vec<String> {
    const STOP: &[&str] = &[
        "this", "that", "with", "from", "have", "what", "your", "will", "then", "they", "them",
        "there", "these", "those", "which", "when", "where", "would", "could", "should", "into",
        "also", "just", "like", "make", "sure", "please", "want", "need", "some", "more", "than",
        "very", "been", "were", "about", "only", "each", "does", "done", "here", "know",
    ];
    let lower = text.to_lowercase();
    let mut out: Vec<String> = Vec::new();
    for w in lower.split(|c: char| !c.is_alphanumeric()) {
        if w.chars().count() >= 4 && !STOP.contains(&w) && !out.iter().any(|o| o == w) {
            out.push(w.to_string());
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn abbreviations_end_no_sentence() {
        assert_eq!(
            sentences("It breaks on quoted commas, e.g. `\"a, b\"` splits. Fix it."),
            [
                "It breaks on quoted commas, e.g. `\"a, b\"` splits.",
                "Fix it."
            ]
        );
        assert_eq!(
            shorten(
                "Rows miscount when a field holds a quoted comma, e.g. `x` becomes three fields today.",
                60
            ),
            "Rows miscount when a field holds a quoted comma…"
        );
    }

    #[test]
    fn shorten_cuts_at_a_sentence_then_a_clause_never_a_word() {
        let s = "Fix the CSV importer. It splits inside quotes and the totals come out wrong for every customer, which breaks the report.";
        assert_eq!(shorten(s, 60), "Fix the CSV importer.");
        let c = "ok bro so i am working on the OCR thing right now, but it is not detecting the text even the date from the invoices";
        let cut = shorten(c, 70);
        assert_eq!(cut, "ok bro so i am working on the OCR thing right now…");
        let w = shorten(&"word ".repeat(40), 30);
        assert!(w.ends_with('…') && !w.contains("wor…"), "{w}");
        // A code span is never cut in half.
        let code = shorten(
            "run `pnpm --filter @cipherbox/crypto test -- --run registry` now please",
            30,
        );
        assert_eq!(code.matches('`').count() % 2, 0, "{code}");
    }

    #[test]
    fn plain_drops_markup_but_keeps_code() {
        assert_eq!(
            plain("## **Goal**\n- see [the docs](http://x.y/z) and `a_b`\n<img src=\"x\"/>").trim(),
            "Goal\nsee the docs and `a_b`"
        );
    }

    #[test]
    fn fences_are_dropped_unless_one_short_line() {
        let t = "I run it as:\n```python\ndivision(23, 0)\n```\nand\n```\na\nb\n```\nend";
        assert_eq!(
            without_fences(t),
            "I run it as:\n`division(23, 0)`\nand\nend\n"
        );
        // aider's `<source>` fences.
        let t = "Done.\n\nsrc/a.py\n<source>\nimport os\nx = 1\n</source>\n";
        assert_eq!(without_fences(t), "Done.\n\nsrc/a.py\n");
    }

    #[test]
    fn blocks_of_a_message() {
        let b = blocks(
            "## FW-007 — recommendation\n\n**Source Currency: future-only.** Half-shipping\nis risky.\n\n1. Update SUBMISSION.md\n2. Mark FW-007 done\n\n```\ncode\n```\nWant me to (a) or (b)?",
        );
        assert_eq!(
            b,
            vec![
                Block::Heading("FW-007 — recommendation".into()),
                Block::Para("**Source Currency: future-only.** Half-shipping is risky.".into()),
                Block::Item("Update SUBMISSION.md".into()),
                Block::Item("Mark FW-007 done".into()),
                Block::Code("code".into()),
                Block::Para("Want me to (a) or (b)?".into()),
            ]
        );
    }

    #[test]
    fn code_spans_and_words() {
        assert_eq!(
            code_spans("run `a b` then ```\nx\n``` and `c`"),
            ["a b", "c"]
        );
        assert_eq!(
            content_words("Deploy the contract, deploy!"),
            ["deploy", "contract"]
        );
    }
}
