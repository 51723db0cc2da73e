//! `validate --write` on a note `handoff` did not write: the author's text stays as written, and
//! the validator's verdicts are added where they apply — a flag at the end of each flagged
//! claim's line, a Verified label that failed turned into Partial / unverified on that line,
//! files found in git status appended to Files & Symbols, and the header line with the counts.
//! Re-rendering such a note would rewrite the author's labels, paragraphs and lists into the
//! tool's format and lose whatever the parser did not model.

use super::render::{file_line, flag_text, header_line};
use super::{Note, Section};

/// Whether `text` is a note `handoff` wrote (its header line names a drafter): those round-trip
/// through the renderer; every other note is annotated in place.
pub(crate) fn written_by_handoff(text: &str) -> bool {
    text.lines()
        .take(6)
        .any(|l| l.starts_with("> handoff ") && l.contains("drafter: "))
}

/// `original` with the verdicts of the validated `note` (parsed from it) written in.
pub(crate) fn annotate(original: &str, note: &Note) -> String {
    let mut lines: Vec<String> = original.lines().map(str::to_string).collect();
    // Flags at the end of the claim's first line, once.
    let mut flag_at = |line: Option<usize>, flag: Option<String>| {
        if let (Some(n), Some(f)) = (line, flag)
            && let Some(l) = lines.get_mut(n.wrapping_sub(1))
            && !l.contains(f.trim())
        {
            l.push_str(&f);
        }
    };
    let claims = note
        .goal
        .iter()
        .chain(&note.verified)
        .chain(&note.partial)
        .chain(&note.decisions)
        .chain(&note.discarded)
        .chain(&note.next_actions)
        .chain(&note.watch_outs);
    for c in claims {
        flag_at(c.line, flag_text(c.flag.as_ref()));
    }
    for f in note.files.iter().filter(|f| !f.added_by_validator) {
        flag_at(f.line, flag_text(f.flag.as_ref()));
    }
    for l in &note.open_loops {
        flag_at(l.line, flag_text(l.flag.as_ref()));
    }
    // A claim of success that failed is not "Verified" any more: relabel its line.
    let verified = format!("**{}:**", Section::Verified.label().unwrap_or("Verified"));
    let partial = format!("**{}:**", Section::Partial.label().unwrap_or("Partial"));
    for c in note.partial.iter().filter(|c| c.flag.is_some()) {
        if let Some(l) = c.line.and_then(|n| lines.get_mut(n.wrapping_sub(1)))
            && l.contains(&verified)
        {
            *l = l.replacen(&verified, &partial, 1);
        }
    }
    // Files the validator found in git status, at the end of Files & Symbols.
    let added: Vec<String> = note
        .files
        .iter()
        .filter(|f| f.added_by_validator)
        .map(file_line)
        .collect();
    if !added.is_empty() {
        let heading = lines
            .iter()
            .position(|l| heading_of(l) == Some(Section::Files));
        match heading {
            Some(h) => {
                let end = lines[h + 1..]
                    .iter()
                    .position(|l| l.starts_with("## "))
                    .map_or(lines.len(), |i| h + 1 + i);
                // Before the blank lines that end the section.
                let mut at = end;
                while at > h + 1 && lines[at - 1].trim().is_empty() {
                    at -= 1;
                }
                // A lone "None" no longer holds.
                if at == h + 2 && lines[h + 1].trim().trim_start_matches("- ") == "None" {
                    lines.remove(h + 1);
                    at -= 1;
                }
                for (i, f) in added.into_iter().enumerate() {
                    lines.insert(at + i, f);
                }
            }
            None => {
                lines.push(String::new());
                lines.push(format!("## {}", Section::Files.heading()));
                lines.push(String::new());
                lines.extend(added);
            }
        }
    }
    // The header line: replaced where the note has one, else right under the title.
    let header = header_line(&note.header);
    match lines
        .iter()
        .take(6)
        .position(|l| l.starts_with("> handoff "))
    {
        Some(i) => lines[i] = header,
        None => {
            let title = lines.iter().position(|l| l.starts_with("# ")).unwrap_or(0);
            let at = (title + 1).min(lines.len());
            lines.insert(at, String::new());
            lines.insert(at + 1, header);
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    out
}

fn heading_of(line: &str) -> Option<Section> {
    line.strip_prefix("## ").and_then(Section::from_heading)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::note::{ClaimStatus, Counts, FileEntry, Flag, parse};

    const HAND_WRITTEN: &str = "# Handoff: roadmap\n\nWritten by hand from the transcript.\n\n## Workspace State\n\n- Branch `main`\n\n## Goal & Current State\n\n- **Goal:** rewrite the roadmap\n- **Verified:** `pnpm build` passed (Compiled successfully)\n- **Not started:** FW-007, the owner decides.\n\n## Decisions & Discarded Paths\n\n- **Decision (recommended, not accepted):** future-only.\n\n## Files & Symbols\n\n- `issues.md`, `STATUS.md` — FW-005 marked Done\n\n## Open Loops\n\n- [Human] Choose the FW-007 option — Verify: `grep FW-007 issues.md`\n\n## Next Action\n\n- Ask the owner which FW-007 option to take\n\n## Watch-outs\n\n- None\n";

    #[test]
    fn the_authors_text_stays_and_verdicts_are_added_where_they_apply() {
        let mut n = parse(HAND_WRITTEN);
        assert!(!written_by_handoff(HAND_WRITTEN));
        // What the validator does to a failing Verified claim: moved to Partial, flagged.
        let mut build = n.verified.remove(0);
        build.flag = Some(Flag {
            status: ClaimStatus::Unverified,
            reason: "no run of `pnpm build` in the evidence".into(),
        });
        n.partial.push(build);
        n.files.push(FileEntry {
            path: "ROADMAP.md".into(),
            summary: "untracked (in git status; not in the draft)".into(),
            cite: vec!["G".into()],
            added_by_validator: true,
            ..FileEntry::default()
        });
        n.header.counts = Some(Counts {
            unverified: 1,
            warnings: 1,
            ..Counts::default()
        });
        let out = annotate(HAND_WRITTEN, &n);
        let expected = HAND_WRITTEN
            .replace(
                "# Handoff: roadmap\n",
                &format!("# Handoff: roadmap\n\n{}\n", header_line(&n.header)),
            )
            .replace(
                "- **Verified:** `pnpm build` passed (Compiled successfully)",
                "- **Partial / unverified:** `pnpm build` passed (Compiled successfully) [UNVERIFIED: no run of `pnpm build` in the evidence]",
            )
            .replace(
                "FW-005 marked Done\n",
                "FW-005 marked Done\n- `ROADMAP.md` — untracked (in git status; not in the draft) (G) (added from git status)\n",
            );
        assert_eq!(out, expected);
    }

    #[test]
    fn notes_handoff_wrote_are_told_apart() {
        assert!(written_by_handoff(
            "# Session Handoff: x\n\n> handoff 0.1.0 · drafter: offline · validator: 1 verified\n"
        ));
        assert!(!written_by_handoff("# Notes\n\n> handoff is a tool\n"));
    }
}
