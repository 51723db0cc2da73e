//! Real-session cases (`evals/real/<name>/`, format v1): a public transcript (in the case folder
//! or in the shared corpus), a `repo.sh` that rebuilds the repository at the session's end, and
//! the must-have facts, traps and acceptable next actions a person wrote by reading the whole
//! transcript. Scored on the rendered Markdown, item by item.
//!
//! Keyword matching: case-insensitive, after removing backticks and `*`, collapsing runs of
//! whitespace to one space (a trailing space is kept: `"not "` is a word, not a prefix) and
//! normalising `\` to `/`; `a|b` means either; `re:PATTERN` is a case-insensitive regular
//! expression matched against the normalised item, and is neither `\`-normalised nor split at `|`.

use super::case::{LabelledClaim, LoopOwner};
use super::score::{Parsed, Tally};
use crate::note::Section;
use regex::Regex;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// `expected.toml` of a real-session case.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct RealExpected {
    /// One line for people.
    #[serde(default)]
    pub description: Option<String>,
    /// `corpus:<path>` (resolved against the shared corpus) or a file name in the case folder.
    pub transcript: String,
    /// SHA-256 of the transcript file, hex.
    #[serde(default)]
    pub sha256: Option<String>,
    /// The agent that wrote the session. Documentation for people: accepted by the loader
    /// (which refuses unknown fields), read by nothing else.
    #[serde(default)]
    #[allow(dead_code)]
    pub agent: Option<String>,
    /// Last event of the session. Documentation for people: accepted by the loader
    /// (which refuses unknown fields), read by nothing else.
    #[serde(default)]
    #[allow(dead_code)]
    pub session_end: Option<String>,
    /// Acceptable next actions: the Next Action is right when its item matches ALL keywords of
    /// ANY one set.
    #[serde(default)]
    pub next_action: Vec<Vec<String>>,
    /// Must-have facts.
    #[serde(default)]
    pub facts: Vec<FactSpec>,
    /// False or misleading statements a note must not make unmarked.
    #[serde(default)]
    pub traps: Vec<TrapSpec>,
    /// Labelled claims for the validator.
    #[serde(default)]
    pub claims: Vec<LabelledClaim>,
}

/// One must-have fact.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FactSpec {
    /// Short id, unique in the case.
    pub id: String,
    /// Where it may appear.
    pub section: Sections,
    /// What the fact is (for people). Documentation for people: accepted by the loader
    /// (which refuses unknown fields), read by nothing else.
    #[serde(default)]
    #[allow(dead_code)]
    pub what: String,
    /// All must appear in one item.
    #[serde(rename = "match")]
    pub keywords: Vec<String>,
    /// Open loops only: the item must start `[Human…` / `[Agent…`.
    #[serde(default)]
    pub owner: Option<LoopOwner>,
}

/// One trap.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct TrapSpec {
    /// Short id.
    pub id: String,
    /// Where it would appear.
    pub section: Sections,
    /// What the false statement is (for people). Documentation for people: accepted by the loader
    /// (which refuses unknown fields), read by nothing else.
    #[serde(default)]
    #[allow(dead_code)]
    pub what: String,
    /// Sprung when one item has all of these…
    #[serde(rename = "match")]
    pub keywords: Vec<String>,
    /// …and none of these, and no `[UNVERIFIED…]` mark.
    #[serde(default)]
    pub unless: Vec<String>,
}

/// A section name or a list of them.
#[derive(Debug, Clone, Deserialize)]
#[serde(untagged)]
pub(crate) enum Sections {
    /// One name (`any` for every section).
    One(String),
    /// Any of these.
    Many(Vec<String>),
}

impl Sections {
    fn names(&self) -> Vec<&str> {
        match self {
            Sections::One(s) => vec![s.as_str()],
            Sections::Many(v) => v.iter().map(String::as_str).collect(),
        }
    }

    /// The sections, `None` for `any`; `Err` names an unknown one.
    fn resolve(&self) -> Result<Option<Vec<Section>>, String> {
        let mut out = Vec::new();
        for n in self.names() {
            if n == "any" {
                return Ok(None);
            }
            out.push(section_named(n).ok_or_else(|| format!("unknown section {n:?}"))?);
        }
        if out.is_empty() {
            return Err("an empty section list".into());
        }
        Ok(Some(out))
    }

    /// The name a fact is tallied under: its first section.
    fn first(&self) -> String {
        self.names().first().map_or("any", |s| s).to_string()
    }
}

/// A headed section by its id (`workspace`, `goal`, …, `watch_outs`); the labelled parts
/// (`verified`, `discarded`) are not sections a fact is looked for in.
fn section_named(n: &str) -> Option<Section> {
    crate::note::section::REQUIRED
        .iter()
        .chain(&[Section::WatchOuts])
        .copied()
        .find(|s| s.id() == n)
}

/// One keyword, compiled.
#[derive(Debug, Clone)]
pub(crate) enum Keyword {
    /// Normalised alternatives.
    Any(Vec<String>),
    /// `re:` pattern.
    Regex(Regex),
}

impl Keyword {
    /// Parses a keyword; `Err` for a bad `re:` pattern or a keyword with nothing to match.
    pub(crate) fn parse(k: &str) -> Result<Keyword, String> {
        if let Some(pattern) = k.strip_prefix("re:") {
            return regex::RegexBuilder::new(pattern)
                .case_insensitive(true)
                .build()
                .map(Keyword::Regex)
                .map_err(|e| format!("bad regular expression {k:?}: {e}"));
        }
        let alts: Vec<String> = k
            .split('|')
            .map(normalize_keyword)
            .filter(|a| !a.trim().is_empty())
            .collect();
        if alts.is_empty() {
            return Err(format!("keyword {k:?} matches nothing"));
        }
        Ok(Keyword::Any(alts))
    }

    /// Whether the normalised `text` holds it.
    pub(crate) fn found_in(&self, text: &str) -> bool {
        match self {
            Keyword::Any(alts) => alts.iter().any(|a| text.contains(a.as_str())),
            Keyword::Regex(r) => r.is_match(text),
        }
    }
}

/// Backticks and `*` removed, lower case, `\` → `/`, whitespace runs collapsed to one space.
/// Leading and trailing spaces are kept (collapsed), so that `"not "` means the word.
fn normalize_keyword(s: &str) -> String {
    let lowered = s.to_lowercase().replace(['`', '*'], "").replace('\\', "/");
    let mut out = String::with_capacity(lowered.len());
    let mut space = false;
    for c in lowered.chars() {
        if c.is_whitespace() {
            if !space {
                out.push(' ');
            }
            space = true;
        } else {
            out.push(c);
            space = false;
        }
    }
    out
}

/// A note item normalised for matching (trimmed: an item has no meaningful edge spaces).
fn normalize_item(s: &str) -> String {
    normalize_keyword(s).trim().to_string()
}

fn compile(keywords: &[String]) -> Result<Vec<Keyword>, String> {
    keywords.iter().map(|k| Keyword::parse(k)).collect()
}

/// Checks what serde cannot: known sections, compilable keywords, non-empty lists, unique ids.
pub(crate) fn check(e: &RealExpected) -> Result<(), String> {
    let mut ids = std::collections::HashSet::new();
    for f in &e.facts {
        f.section
            .resolve()
            .map_err(|m| format!("fact {}: {m}", f.id))?;
        if f.keywords.is_empty() {
            return Err(format!("fact {} has no match keywords", f.id));
        }
        compile(&f.keywords).map_err(|m| format!("fact {}: {m}", f.id))?;
        if !ids.insert(format!("fact:{}", f.id)) {
            return Err(format!("fact id {} is used twice", f.id));
        }
    }
    for t in &e.traps {
        t.section
            .resolve()
            .map_err(|m| format!("trap {}: {m}", t.id))?;
        if t.keywords.is_empty() {
            return Err(format!("trap {} has no match keywords", t.id));
        }
        compile(&t.keywords).map_err(|m| format!("trap {}: {m}", t.id))?;
        compile(&t.unless).map_err(|m| format!("trap {}: {m}", t.id))?;
        if !ids.insert(format!("trap:{}", t.id)) {
            return Err(format!("trap id {} is used twice", t.id));
        }
    }
    for set in &e.next_action {
        if set.is_empty() {
            return Err("an empty next_action keyword set".into());
        }
        compile(set).map_err(|m| format!("next_action: {m}"))?;
    }
    if let Some(c) = e.claims.iter().find(|c| c.text.trim().is_empty()) {
        return Err(format!(
            "a claim in section {} has empty text",
            c.section.id()
        ));
    }
    Ok(())
}

/// Where a case's transcript is, or why it is not here.
pub(crate) fn locate_transcript(case_dir: &Path, spec: &str) -> Result<PathBuf, String> {
    match spec.strip_prefix("corpus:") {
        Some(rel) => {
            let corpus = corpus_dir(case_dir).ok_or_else(|| {
                format!(
                    "no corpus for {spec}: set HANDOFF_CORPUS, or put shared/corpus next to a parent of {}",
                    case_dir.display()
                )
            })?;
            let path = corpus.join(rel);
            if path.is_file() {
                Ok(path)
            } else {
                Err(format!("no corpus file at {}", path.display()))
            }
        }
        None => {
            let path = case_dir.join(spec);
            if path.is_file() {
                Ok(path)
            } else {
                Err(format!("no transcript at {}", path.display()))
            }
        }
    }
}

/// The shared corpus: `$HANDOFF_CORPUS`, else the nearest `shared/corpus` beside the case
/// folder or one of its parents (`<repo root>/../shared/corpus` for the shipped cases).
pub(crate) fn corpus_dir(case_dir: &Path) -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("HANDOFF_CORPUS") {
        let dir = PathBuf::from(dir);
        return dir.is_dir().then_some(dir);
    }
    case_dir
        .ancestors()
        .map(|a| a.join("shared").join("corpus"))
        .find(|p| p.is_dir())
}

/// SHA-256 of a file, lower-case hex.
pub(crate) fn sha256_hex(path: &Path) -> crate::Result<String> {
    use std::io::Read;
    let mut file = std::fs::File::open(path).map_err(|e| crate::Error::io(path, e))?;
    let mut ctx = aws_lc_rs::digest::Context::new(&aws_lc_rs::digest::SHA256);
    let mut buf = vec![0u8; 256 * 1024];
    loop {
        let n = file.read(&mut buf).map_err(|e| crate::Error::io(path, e))?;
        if n == 0 {
            break;
        }
        ctx.update(&buf[..n]);
    }
    Ok(ctx
        .finish()
        .as_ref()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// How one fact fared.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct FactOutcome {
    /// Its id.
    pub id: String,
    /// The section it is tallied under.
    pub section: String,
    /// Found.
    pub hit: bool,
}

/// The real-case scores of one note.
#[derive(Debug, Clone, Default, Serialize)]
pub(crate) struct RealScore {
    /// Every fact.
    pub facts: Vec<FactOutcome>,
    /// Facts hit/total, all together.
    pub fact_tally: Tally,
    /// Per section (a fact allowed in several is tallied under its first).
    pub by_section: BTreeMap<String, Tally>,
    /// Ids of the traps the note springs.
    pub traps_sprung: Vec<String>,
    /// Traps in the case.
    pub traps: usize,
    /// The Next Action matches one acceptable keyword set (`None` when the case lists none).
    pub next_action_right: Option<bool>,
}

/// Items of the listed sections (every section for `None`), normalised.
fn items_of(note: &Parsed, sections: &Option<Vec<Section>>) -> Vec<String> {
    let raw = match sections {
        None => note.all_blocks(),
        Some(list) => list.iter().flat_map(|s| note.blocks(*s)).collect(),
    };
    raw.iter().map(|i| normalize_item(i)).collect()
}

fn all_in(item: &str, keywords: &[Keyword]) -> bool {
    keywords.iter().all(|k| k.found_in(item))
}

/// Scores a rendered note. `e` must have passed [`check`].
pub(crate) fn score(markdown: &str, e: &RealExpected) -> RealScore {
    let note = Parsed::new(markdown);
    let mut s = RealScore {
        traps: e.traps.len(),
        ..RealScore::default()
    };
    for f in &e.facts {
        let sections = f.section.resolve().unwrap_or(None);
        let keywords = compile(&f.keywords).unwrap_or_default();
        let owner = f.owner.map(|o| match o {
            LoopOwner::Agent => "[agent",
            LoopOwner::Human => "[human",
        });
        let hit = items_of(&note, &sections).iter().any(|i| {
            owner.is_none_or(|o| i.trim_start_matches(['-', '*', ' ']).starts_with(o))
                && all_in(i, &keywords)
        });
        let section = f.section.first();
        s.by_section.entry(section.clone()).or_default().add(hit);
        s.fact_tally.add(hit);
        s.facts.push(FactOutcome {
            id: f.id.clone(),
            section,
            hit,
        });
    }
    for t in &e.traps {
        let sections = t.section.resolve().unwrap_or(None);
        let keywords = compile(&t.keywords).unwrap_or_default();
        let unless = compile(&t.unless).unwrap_or_default();
        let sprung = items_of(&note, &sections).iter().any(|i| {
            all_in(i, &keywords)
                && !unless.iter().any(|k| k.found_in(i))
                && !i.contains("[unverified")
        });
        if sprung {
            s.traps_sprung.push(t.id.clone());
        }
    }
    if !e.next_action.is_empty() {
        let first = note
            .blocks(Section::NextAction)
            .first()
            .map(|i| normalize_item(i))
            .unwrap_or_default();
        s.next_action_right = Some(
            e.next_action
                .iter()
                .any(|set| all_in(&first, &compile(set).unwrap_or_default())),
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOTE: &str = "# Session Handoff: x\n\n> handoff · validator: …\n\n## Workspace State\n\n- **Branch:** `main`\n- **Committed in this session:** `abc1234` feat(zerion): add demo\n\n```text\n$ git status -s\n M ROADMAP.md\n## not a heading\n```\n\n## Goal & Current State\n\n- **Goal:** rewrite the roadmap\n- **Verified:** `pnpm build` passed (Compiled successfully) (C31)\n- **Partial / unverified:** `pnpm test` passes [UNVERIFIED: no run]\n\n## Decisions & Discarded Paths\n\nNone\n\n## Files & Symbols\n\n- `src\\win\\path.ts` — edited\n\n## Open Loops\n\n- [Human] Choose the FW-007 option — Verify: `grep FW-007 issues.md`\n- [Agent, after the owner says so] commit the roadmap — Verify: `git status --short`\n\n## Next Action\n\n- Ask the owner which FW-007 option to take\n\n## Watch-outs\n\n- Background processes may still be running: `ngrok http 3000`\n";

    fn expected(toml_text: &str) -> RealExpected {
        let e: RealExpected = toml::from_str(toml_text).unwrap();
        check(&e).unwrap();
        e
    }

    #[test]
    fn facts_match_in_one_item_of_their_sections_with_owner() {
        let e = expected(
            r#"
transcript = "corpus:x.jsonl"
next_action = [["FW-007", "owner"], ["docs(roadmap)"]]
[[facts]]
id = "commit"
section = "workspace"
match = ["feat(zerion)"]
[[facts]]
id = "status-block"
section = "workspace"
match = ["ROADMAP.md", "git status"]
[[facts]]
id = "build"
section = "goal"
match = ["pnpm build", "pass|compiled"]
[[facts]]
id = "split"
section = "goal"
match = ["roadmap", "pnpm build"]
[[facts]]
id = "path"
section = ["files", "watch_outs"]
match = ["src/win/path.ts"]
[[facts]]
id = "human-loop"
section = "open_loops"
owner = "human"
match = ["FW-007"]
[[facts]]
id = "agent-loop"
section = "open_loops"
owner = "agent"
match = ["FW-007"]
[[facts]]
id = "anywhere"
section = "any"
match = ["re:ngrok (http|tcp) \\d+"]
"#,
        );
        let s = score(NOTE, &e);
        let hit: Vec<(&str, bool)> = s.facts.iter().map(|f| (f.id.as_str(), f.hit)).collect();
        assert_eq!(
            hit,
            [
                ("commit", true),
                ("status-block", true), // a fenced block is one item
                ("build", true),
                ("split", false), // two items, not one
                ("path", true),   // `\` normalised
                ("human-loop", true),
                ("agent-loop", false), // wrong owner
                ("anywhere", true),
            ]
        );
        assert_eq!(s.fact_tally, Tally { hit: 6, total: 8 });
        assert_eq!(s.by_section["goal"], Tally { hit: 1, total: 2 });
        assert_eq!(s.next_action_right, Some(true));
    }

    #[test]
    fn traps_spring_unless_excused_or_marked_unverified() {
        let e = expected(
            r#"
transcript = "t.jsonl"
[[traps]]
id = "test-passes"
section = "any"
match = ["pnpm test", "pass"]
[[traps]]
id = "build-passed"
section = "goal"
match = ["pnpm build", "passed"]
[[traps]]
id = "excused"
section = "any"
match = ["pnpm build", "passed"]
unless = ["compiled"]
[[traps]]
id = "word-not"
section = "any"
match = ["roadmap"]
unless = ["not "]
[[traps]]
id = "other-section"
section = "files"
match = ["pnpm build"]
"#,
        );
        let s = score(NOTE, &e);
        assert_eq!(s.traps_sprung, ["build-passed", "word-not"]);
        assert_eq!(s.next_action_right, None);
    }

    #[test]
    fn keyword_rules() {
        let k = Keyword::parse("Not ").unwrap();
        assert!(k.found_in("this is not it"));
        assert!(!k.found_in("nothing"));
        let k = Keyword::parse("C:\\Users\\x|zz").unwrap();
        assert!(k.found_in("in c:/users/x now"));
        // `re:` is not split at `|` nor `\`-normalised.
        let k = Keyword::parse(r"re:\bfoo|bar\d").unwrap();
        assert!(k.found_in("x bar1"));
        assert!(!k.found_in("xfoo"));
        assert!(Keyword::parse("re:(").is_err());
        assert!(Keyword::parse("|").is_err());
    }

    #[test]
    fn malformed_expectations_are_refused() {
        let bad = |t: &str| {
            let e: RealExpected = toml::from_str(t).unwrap();
            check(&e).unwrap_err()
        };
        assert!(
            bad("transcript = \"x\"\n[[facts]]\nid = \"a\"\nsection = \"nowhere\"\nmatch = [\"x\"]\n")
                .contains("unknown section")
        );
        assert!(
            bad("transcript = \"x\"\n[[facts]]\nid = \"a\"\nsection = \"goal\"\nmatch = []\n")
                .contains("no match")
        );
        assert!(
            bad("transcript = \"x\"\n[[traps]]\nid = \"a\"\nsection = \"goal\"\nmatch = [\"re:(\"]\n")
                .contains("bad regular")
        );
        assert!(toml::from_str::<RealExpected>("transcript = \"x\"\nfacs = []\n").is_err());
    }

    #[test]
    fn corpus_transcripts_resolve_against_the_environment_or_a_parent() {
        let dir = tempfile::tempdir().unwrap();
        let case = dir.path().join("repo/evals/real/c1");
        std::fs::create_dir_all(&case).unwrap();
        std::fs::create_dir_all(dir.path().join("shared/corpus/aider")).unwrap();
        std::fs::write(dir.path().join("shared/corpus/aider/a.md"), "x").unwrap();
        std::fs::write(case.join("own.jsonl"), "x").unwrap();
        if std::env::var_os("HANDOFF_CORPUS").is_none() {
            let p = locate_transcript(&case, "corpus:aider/a.md").unwrap();
            assert!(p.ends_with("shared/corpus/aider/a.md"));
            let err = locate_transcript(&case, "corpus:aider/none.md").unwrap_err();
            assert!(err.contains("no corpus file"), "{err}");
        }
        assert!(locate_transcript(&case, "own.jsonl").is_ok());
        assert!(locate_transcript(&case, "other.jsonl").is_err());
        assert_eq!(
            sha256_hex(&case.join("own.jsonl")).unwrap(),
            "2d711642b726b04401627ca9fbac32f5c8530fb1903cc4db02258717921a4881"
        );
    }
}
