//! Measured coverage of the rules, from the test-data tables in `tests/fixtures/redact/`:
//! recall on one value per gitleaks rule (in five contexts), recall on everyday credential
//! shapes, and false positives on ordinary lines. The thresholds asserted here are the figures
//! `docs/security.md` states.

use super::redact;
use std::path::PathBuf;

pub(super) fn fixture(name: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/fixtures/redact")
        .join(name);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// Data lines of a fixture: no comments, no blank lines, `\n` turned into a newline.
fn rows(text: &str) -> impl Iterator<Item = String> + '_ {
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.replace(r"\n", "\n"))
}

/// Whether any part of `secret` long enough to matter (12 characters, or the whole of a shorter
/// secret; each line of a multi-line one separately) is still in `out`.
pub(super) fn leaked(secret: &str, out: &str) -> bool {
    secret.lines().map(str::trim).any(|part| {
        let chars: Vec<char> = part.chars().collect();
        let n = chars.len().min(12);
        n > 0
            && chars
                .windows(n)
                .any(|w| out.contains(&w.iter().collect::<String>()))
    })
}

fn prefixed(text: &str, prefix: &str) -> String {
    text.lines()
        .map(|l| format!("{prefix}{l}"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The five contexts a value is tried in: as written, inside a JSONL transcript record (quotes
/// and newlines escaped), as prompt output lines (`    | `), quoted in Markdown (`> `), and in a
/// shell command.
pub(super) fn contexts(line: &str) -> [(&'static str, String); 5] {
    let record = serde_json::json!({
        "type": "tool_result",
        "content": format!("$ cat .env\n{line}\n"),
    });
    [
        ("plain", line.to_string()),
        ("jsonl", record.to_string()),
        ("prompt-output", prefixed(line, "    | ")),
        ("markdown-quote", prefixed(line, "> ")),
        (
            "shell",
            format!("echo '{line}' >> ~/.config/app.env && source ~/.config/app.env"),
        ),
    ]
}

/// One secret of the fixtures: the rule or shape it stands for, whether it is a documented kind,
/// the line holding it, and the secret itself.
pub(super) struct Sample {
    pub(super) kind: String,
    pub(super) documented: bool,
    pub(super) line: String,
    pub(super) secret: String,
}

/// `gitleaks.tsv`: one value per gitleaks rule.
pub(super) fn gitleaks_samples() -> Vec<Sample> {
    rows(&fixture("gitleaks.tsv"))
        .map(|row| {
            let cols: Vec<&str> = row.split('\t').collect();
            let [rule, doc, line, secret] = cols[..] else {
                panic!("gitleaks.tsv: bad row {row:?}")
            };
            Sample {
                kind: rule.into(),
                documented: doc == "yes",
                line: line.into(),
                secret: secret.into(),
            }
        })
        .collect()
}

/// `everyday.tsv`: everyday shapes, the secret between « and ».
pub(super) fn everyday_samples() -> Vec<Sample> {
    rows(&fixture("everyday.tsv"))
        .map(|row| {
            let (name, marked) = row.split_once('\t').expect("name<TAB>line");
            let (before, rest) = marked.split_once('«').expect("« marks the secret");
            let (secret, after) = rest.split_once('»').expect("» ends the secret");
            Sample {
                kind: name.into(),
                documented: true,
                line: format!("{before}{secret}{after}"),
                secret: secret.into(),
            }
        })
        .collect()
}

/// Everyday shapes are tried in the first four contexts only: inside `echo '…'` a YAML line is
/// no longer a line of its own.
pub(super) const EVERYDAY_CONTEXTS: usize = 4;

/// How many of `samples` are redacted in their first `n` contexts.
struct Tally {
    total: usize,
    missed: Vec<String>,
}

impl Tally {
    fn of<'a>(samples: impl Iterator<Item = &'a Sample>, n: usize) -> Tally {
        let mut t = Tally {
            total: 0,
            missed: Vec::new(),
        };
        for s in samples {
            for (ctx, input) in contexts(&s.line).into_iter().take(n) {
                t.total += 1;
                let out = redact(&input);
                if leaked(&s.secret, &out) {
                    t.missed.push(format!("{} ({ctx}): {out}", s.kind));
                }
            }
        }
        t
    }

    /// Prints the figure and asserts it reaches `min`.
    fn assert_recall(&self, what: &str, min_samples: usize, min: f64) {
        assert!(self.total >= min_samples, "{what}: {} samples", self.total);
        let recall = 1.0 - self.missed.len() as f64 / self.total as f64;
        eprintln!(
            "{what}: {}/{} redacted ({:.1}%)",
            self.total - self.missed.len(),
            self.total,
            100.0 * recall
        );
        assert!(recall >= min, "{what}: missed:\n{}", self.missed.join("\n"));
    }
}

#[test]
fn recall_on_the_documented_kinds_is_at_least_99_percent() {
    let samples = gitleaks_samples();
    Tally::of(samples.iter().filter(|s| s.documented), 5).assert_recall(
        "documented kinds",
        49 * 5,
        0.99,
    );
}

#[test]
fn recall_on_every_gitleaks_rule_is_at_least_95_percent() {
    let samples = gitleaks_samples();
    Tally::of(samples.iter().filter(|s| !s.documented), 5).assert_recall(
        "other gitleaks kinds",
        170 * 5,
        0.95,
    );
}

#[test]
fn recall_on_everyday_shapes_is_at_least_90_percent() {
    let samples = everyday_samples();
    Tally::of(samples.iter(), EVERYDAY_CONTEXTS).assert_recall(
        "everyday shapes",
        30 * EVERYDAY_CONTEXTS,
        0.90,
    );
}

#[test]
fn at_most_one_false_positive_on_ordinary_lines() {
    let text = fixture("ordinary.txt");
    let lines: Vec<String> = rows(&text).collect();
    assert!(lines.len() >= 38, "{} lines", lines.len());
    let touched: Vec<String> = lines
        .iter()
        .filter_map(|l| {
            let out = redact(l);
            (out != l.as_str()).then(|| format!("{l}\n  → {out}"))
        })
        .collect();
    eprintln!(
        "ordinary lines: {} of {} touched",
        touched.len(),
        lines.len()
    );
    assert!(
        touched.len() <= 1,
        "false positives:\n{}",
        touched.join("\n")
    );
}

/// The false-positive sweep: every finding in the files under the folders named by
/// `HANDOFF_REDACT_SWEEP` (`:`-separated), counted per kind, each printed with its context for
/// review. Run by hand:
/// `HANDOFF_REDACT_SWEEP=../shared/corpus cargo test --lib redact::measure::sweep -- --ignored --nocapture`
#[test]
#[ignore = "a measurement over local folders, run by hand"]
fn sweep() {
    let Ok(roots) = std::env::var("HANDOFF_REDACT_SWEEP") else {
        eprintln!("skipped sweep: HANDOFF_REDACT_SWEEP is not set");
        return;
    };
    let mut files = 0usize;
    let mut bytes = 0usize;
    let mut per_kind: std::collections::BTreeMap<&str, usize> = Default::default();
    let mut stack: Vec<PathBuf> = roots.split(':').map(PathBuf::from).collect();
    while let Some(p) = stack.pop() {
        if p.is_dir() {
            if let Ok(entries) = std::fs::read_dir(&p) {
                stack.extend(entries.flatten().map(|e| e.path()));
            }
            continue;
        }
        let Ok(text) = std::fs::read_to_string(&p) else {
            continue;
        };
        files += 1;
        bytes += text.len();
        for f in super::find(&text) {
            *per_kind.entry(f.kind).or_default() += 1;
            let mut start = f.context.start.saturating_sub(40);
            while !text.is_char_boundary(start) {
                start -= 1;
            }
            let mut end = (f.end + 20).min(text.len());
            while !text.is_char_boundary(end) {
                end += 1;
            }
            let around = text[start..end].replace(['\n', '\t'], " ");
            let secret = &text[f.start..f.end];
            println!("FINDING\t{}\t{}\t{secret}\t{around}", f.kind, p.display());
        }
    }
    eprintln!("{files} files, {bytes} bytes");
    for (kind, n) in &per_kind {
        eprintln!("{kind}\t{n}");
    }
}
