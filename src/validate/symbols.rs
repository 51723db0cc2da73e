//! Rule `symbols`: an identifier claimed for a file — in the entry's symbol list, in code in its
//! summary (`rotate_refresh_token(old_token: str)` names `rotate_refresh_token`), or as
//! `path::symbol` anywhere — occurs in that file (read bounded) or in its diff hunks (a removed
//! function is still a fact about the file). Else the claim is unverified.

use super::text::{Span, bare_symbol, classify, mentions};
use super::{Ctx, Section, claims, rule};
use crate::evidence::paths::same_path;
use crate::note::{ClaimStatus, Note};
use std::io::Read;

/// How much of a file is searched for a symbol.
const READ_LIMIT: u64 = 4 * 1024 * 1024;

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80
}

/// Whether `word` occurs in `hay` as a whole identifier, or as the leading `_`-separated words
/// of one in another case (`deposit_usdc` in `DEPOSIT_USDC_DISCRIMINATOR`).
pub(crate) fn contains_symbol(hay: &[u8], word: &str) -> bool {
    if contains_word(hay, word) {
        return true;
    }
    if !word.contains('_') {
        return false;
    }
    let upper = word.to_ascii_uppercase();
    let lower = word.to_ascii_lowercase();
    [upper, lower].iter().any(|w| {
        let wb = w.as_bytes();
        hay.windows(wb.len() + 1).enumerate().any(|(i, win)| {
            &win[..wb.len()] == wb
                && win[wb.len()] == b'_'
                && (i == 0 || !is_ident_byte(hay[i - 1]))
        }) || contains_word(hay, w)
    })
}

/// Whether `word` occurs in `hay` as a whole identifier.
pub(crate) fn contains_word(hay: &[u8], word: &str) -> bool {
    let w = word.as_bytes();
    if w.is_empty() || hay.len() < w.len() {
        return false;
    }
    let mut i = 0;
    while i + w.len() <= hay.len() {
        if &hay[i..i + w.len()] == w {
            let before = i == 0 || !is_ident_byte(hay[i - 1]);
            let after = i + w.len() == hay.len() || !is_ident_byte(hay[i + w.len()]);
            if before && after {
                return true;
            }
        }
        i += 1;
    }
    false
}

/// Where a symbol was found for a file: `Some(evidence)` or `None`.
fn find_symbol(cx: &Ctx, path: &str, name: &str) -> Option<Vec<String>> {
    if let Some(git) = &cx.ev.git {
        if git
            .symbols
            .iter()
            .any(|s| s.name == name && same_path(path, &s.path))
        {
            return Some(vec!["G".into()]);
        }
        for fh in git.hunks.iter().filter(|h| same_path(path, &h.path)) {
            for h in &fh.hunks {
                if contains_word(h.header.as_bytes(), name)
                    || h.lines.iter().any(|l| contains_word(l.as_bytes(), name))
                {
                    return Some(vec!["G".into()]);
                }
            }
        }
    }
    let full = cx.resolve(path)?;
    let file = std::fs::File::open(&full).ok()?;
    let mut buf = Vec::new();
    file.take(READ_LIMIT).read_to_end(&mut buf).ok()?;
    contains_symbol(&buf, name).then(Vec::new)
}

/// 7–40 hex digits with at least one digit: a commit id, not an identifier.
pub(crate) fn is_commit_id(word: &str) -> bool {
    (7..=40).contains(&word.len())
        && word.chars().all(|c| c.is_ascii_hexdigit())
        && word.chars().any(|c| c.is_ascii_digit())
}

/// Whether the file can be read at all (a missing file is the paths rule's business).
fn readable(cx: &Ctx, path: &str) -> bool {
    cx.resolve(path).is_some_and(|p| p.is_file())
        || cx
            .ev
            .git
            .as_ref()
            .is_some_and(|g| g.hunks.iter().any(|h| same_path(path, &h.path)))
}

pub(crate) fn check(note: &Note, cx: &mut Ctx) {
    if cx.root.is_none() {
        return;
    }
    let views = claims(note);
    for c in &views {
        if c.added_by_validator {
            continue;
        }
        let mut wanted: Vec<(String, String)> = Vec::new();
        if let Some(path) = &c.path {
            let path = path.trim().trim_start_matches("./").to_string();
            let entry = &note.files[c.key.index];
            for s in &entry.symbols {
                if let Some(name) = bare_symbol(s) {
                    wanted.push((path.clone(), name));
                }
            }
            for code in super::text::inline(&c.text).code {
                if let Span::Ident(id) = classify(&code) {
                    // `self.cache` or `src.services.auth` name no symbol of this file.
                    let dotted_lower =
                        id.contains('.') && id.starts_with(|ch: char| ch.is_ascii_lowercase());
                    if let (false, Some(name)) = (dotted_lower, bare_symbol(&id)) {
                        wanted.push((path.clone(), name));
                    }
                }
            }
        }
        if c.key.section != Section::Discarded {
            for p in mentions(&c.text).paths {
                if let Some(sym) = p.symbol {
                    wanted.push((p.path, sym));
                }
            }
        }
        wanted.dedup();
        // A commit id (`3d28366`, a 40-digit sha) is no symbol.
        wanted.retain(|(_, name)| !is_commit_id(name));
        let mut missing = Vec::new();
        let mut evidence = Vec::new();
        let mut checked = false;
        for (path, name) in &wanted {
            if name.len() < 2 || !readable(cx, path) {
                continue;
            }
            checked = true;
            match find_symbol(cx, path, name) {
                Some(ev) => evidence.extend(ev),
                None => missing.push(format!("`{name}` not found in {path} or its diff")),
            }
        }
        if !missing.is_empty() {
            cx.flag(
                c.key,
                ClaimStatus::Unverified,
                rule::SYMBOLS,
                missing.join("; "),
                Vec::new(),
            );
        } else if checked && c.text.trim().is_empty() {
            // The symbols found verify an entry that claims no more than them; a summary
            // ("now retries on 429") is substance this rule does not check.
            evidence.dedup();
            cx.verified(c.key, rule::SYMBOLS, evidence);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::git::{FileHunks, Hunk};
    use crate::testkit::*;
    use crate::validate::validate;

    const AUTH: &str = "import redis\n\ndef rotate_refresh_token(old_token: str) -> str:\n    return old_token\n\nclass RefreshTokenRecord:\n    pass\n";

    #[test]
    fn word_search() {
        assert!(contains_word(b"def parse_line(x)", "parse_line"));
        assert!(!contains_word(b"def parse_lines(x)", "parse_line"));
        assert!(!contains_word(b"reparse_line", "parse_line"));
    }

    #[test]
    fn symbols_in_file_or_diff_pass() {
        let (_dir, mut ev) = worktree(&[("src/auth.py", AUTH)], &[(" M", "src/auth.py")]);
        if let Some(g) = ev.git.as_mut() {
            g.hunks = vec![FileHunks {
                path: "src/auth.py".into(),
                hunks: vec![Hunk {
                    header: "@@ -1,3 +1,3 @@".into(),
                    lines: vec!["-def legacy_rotate():".into()],
                    elided: 0,
                }],
                ..FileHunks::default()
            }];
        }
        let mut n = note();
        n.files = vec![file(
            "src/auth.py",
            &[
                "rotate_refresh_token",
                "RefreshTokenRecord",
                "legacy_rotate",
            ],
            "Added `rotate_refresh_token(old_token: str)` and removed `legacy_rotate`; uses `redis`",
        )];
        n.files[0].line = Some(3);
        n.verified = vec![claim("`src/auth.py::rotate_refresh_token` is covered")];
        n.verified[0].line = Some(4);
        let r = validate(&mut n, &ev);
        assert!(rules_for(&r, 3).is_empty(), "{:?}", r.findings);
        assert!(
            !rules_for(&r, 4).contains(&"symbols".to_string()),
            "{:?}",
            r.findings
        );
    }

    #[test]
    fn missing_symbol_is_flagged() {
        let (_dir, ev) = worktree(&[("src/auth.py", AUTH)], &[(" M", "src/auth.py")]);
        let mut n = note();
        n.files = vec![file(
            "src/auth.py",
            &["revoke_token_family"],
            "Added the revocation",
        )];
        n.files[0].line = Some(3);
        n.watch_outs = vec![claim("Keep `src/auth.py::is_blacklisted` fast")];
        n.watch_outs[0].line = Some(8);
        let r = validate(&mut n, &ev);
        assert_eq!(rules_for(&r, 3), ["symbols"]);
        assert_eq!(rules_for(&r, 8), ["symbols"]);
        assert!(n.files[0].flag.is_some());
    }
}

#[cfg(test)]
mod commit_id_tests {
    use super::is_commit_id;

    #[test]
    fn commit_ids_are_not_symbols() {
        assert!(is_commit_id("3d28366"));
        assert!(is_commit_id("5a4ca4add29c9ba6006820d0089406a61a1567db"));
        assert!(!is_commit_id("deadbeefcafe_x"));
        assert!(!is_commit_id("decade"));
    }
}
