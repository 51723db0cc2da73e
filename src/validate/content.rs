//! Rule `content`: a claim that a file reads, says or contains some quoted text
//! ("`README.md` reads 'Test repo for various gh integrations'") is checked against the file in
//! the worktree (read bounded): the text is there → verified; the file is there without it →
//! contradicted. A missing file is the `paths` rule's business; a file too big to read whole
//! without the text in its first part is no verdict.

use super::{ClaimView, Ctx, Section, claims, rule};
use crate::note::{ClaimStatus, Note};
use regex::Regex;
use std::io::Read;
use std::sync::LazyLock;

/// How much of a file is read.
const READ_LIMIT: u64 = 4 * 1024 * 1024;

/// `` `PATH` reads 'TEXT' ``: the verbs that quote a file, then the quoted text ('…', "…",
/// “…”, or a code span).
static QUOTES_FILE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"`([^`\s]+)`:?\s+(?:reads|says|contains|states|includes|begins with|starts with|is titled|has the (?:line|text|heading))\s*:?\s*(?:'([^'\n]{3,})'|"([^"\n]{3,})"|“([^”\n]{3,})”|`([^`\n]{3,})`)"#,
    )
    .expect("regex")
});

/// The (path, quoted text) pairs a claim states.
fn quotes(text: &str) -> Vec<(String, String)> {
    QUOTES_FILE
        .captures_iter(text)
        .filter_map(|c| {
            let quoted = (2..=5).find_map(|i| c.get(i))?.as_str().to_string();
            Some((c[1].to_string(), quoted))
        })
        .collect()
}

/// Whitespace runs as one space, so that a quote across a line break still matches.
fn squeeze(s: &str) -> String {
    s.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// What the file says to one quote: `Some(true)` holds it, `Some(false)` lacks it, `None`
/// cannot tell (missing, unreadable, or cut at the read limit).
fn holds(cx: &Ctx, path: &str, quoted: &str) -> Option<bool> {
    let super::text::PathRef { path, .. } = super::text::path_ref(path, false)?;
    let full = cx.resolve(&path)?;
    let file = std::fs::File::open(&full).ok()?;
    let mut buf = Vec::new();
    let read = file.take(READ_LIMIT).read_to_end(&mut buf).ok()?;
    let text = String::from_utf8_lossy(&buf);
    if squeeze(&text).contains(&squeeze(quoted)) {
        return Some(true);
    }
    (read < READ_LIMIT as usize).then_some(false)
}

/// Whether the claim is one this rule decides (it quotes a file the worktree has).
fn judge(cx: &mut Ctx, c: &ClaimView) {
    let pairs = quotes(&c.display());
    let mut verdicts = Vec::new();
    for (path, quoted) in &pairs {
        match holds(cx, path, quoted) {
            Some(v) => verdicts.push((path.clone(), quoted.clone(), v)),
            None => return,
        }
    }
    if verdicts.is_empty() {
        return;
    }
    if let Some((path, quoted, _)) = verdicts.iter().find(|(_, _, v)| !v) {
        cx.flag(
            c.key,
            ClaimStatus::Contradicted,
            rule::CONTENT,
            format!("`{path}` in the worktree does not contain \"{quoted}\""),
            Vec::new(),
        );
    } else {
        cx.verified(c.key, rule::CONTENT, Vec::new());
    }
}

/// Rule `content` on every claim that states what a file says now (not the goal, open loops or
/// next action, which speak of what is still to do).
pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    if cx.root.is_none() {
        return;
    }
    for c in claims(note) {
        if c.flagged.is_some()
            || c.added_by_validator
            || matches!(
                c.key.section,
                Section::Goal | Section::OpenLoops | Section::NextAction | Section::Discarded
            )
        {
            continue;
        }
        judge(cx, &c);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::ClaimStatus;
    use crate::testkit::*;
    use crate::validate::validate;

    #[test]
    fn quoted_file_text() {
        assert_eq!(
            quotes("`README.md` reads 'Test repo for various gh integrations'"),
            [(
                "README.md".to_string(),
                "Test repo for various gh integrations".to_string()
            )]
        );
        assert_eq!(
            quotes("`package.json`: contains `\"build\": \"vite build\"`")[0].1,
            "\"build\": \"vite build\""
        );
        assert!(quotes("`README.md` was updated").is_empty());
    }

    #[test]
    fn a_quote_the_file_holds_verifies_and_one_it_lacks_contradicts() {
        let (_dir, ev) = worktree(
            &[(
                "README.md",
                "# test-repo\nTest repo for various\ngh integrations\n",
            )],
            &[],
        );
        let status = |text: &str| {
            let mut n = note();
            n.verified = vec![claim(text)];
            let r = validate(&mut n, &ev);
            r.claims
                .iter()
                .find(|c| c.text == text)
                .map(|c| (c.status, c.rule.clone()))
        };
        assert_eq!(
            status("`README.md` reads 'Test repo for various gh integrations'"),
            Some((ClaimStatus::Verified, Some("content".into())))
        );
        assert_eq!(
            status("`README.md` says \"A CLI for the Figma API\"").map(|s| s.0),
            Some(ClaimStatus::Contradicted)
        );
    }
}
