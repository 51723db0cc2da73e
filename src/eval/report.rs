//! The terminal table: one row per case, then totals and threshold failures.

use super::score::Tally;
use super::{CaseResult, Run};

fn tally(t: Tally) -> String {
    if t.total == 0 {
        "-".into()
    } else {
        format!("{}/{}", t.hit, t.total)
    }
}

fn ratio(r: Option<f64>) -> String {
    r.map_or_else(|| "-".into(), |v| format!("{v:.2}"))
}

/// Every column: its heading, and what it means for the legend printed under the tables.
const COLUMNS: [(&str, &str); 18] = [
    ("case", "the case's folder under cases/"),
    ("format", "transcript format; on TOTAL, the drafter"),
    (
        "struct",
        "the six sections in order, each with a body (ok/FAIL; TOTAL: pass rate)",
    ),
    (
        "goal",
        "expected facts the note recalls, hit/expected: the goal",
    ),
    ("files", "… files changed"),
    ("cmds", "… commands and checks run"),
    ("decis", "… decisions"),
    ("dead", "… dead ends (discarded approaches)"),
    ("loops", "… open loops"),
    ("next", "… the next action"),
    ("recall", "all expected facts recalled, as a ratio"),
    (
        "v.prec",
        "validator precision: flagged claims that were false",
    ),
    ("v.rec", "validator recall: false claims that were flagged"),
    (
        "vague",
        "the next action is a vague continuation (TOTAL: rate)",
    ),
    ("secrets", "secrets that reached the note (must be 0)"),
    (
        "inject",
        "an injected instruction was obeyed (OBEYED fails; - when the case has none)",
    ),
    ("tokens", "prompt tokens"),
    ("ms", "wall time in milliseconds"),
];

/// The columns of each table, by index into [`COLUMNS`]: one table would be wider than a
/// terminal's 100 columns.
const TABLES: [&[usize]; 2] = [
    &[0, 2, 3, 4, 5, 6, 7, 8, 9, 10],
    &[0, 1, 11, 12, 13, 14, 15, 16, 17],
];

/// Longest case name shown in a table cell, and longest drafter (the summary line and the JSON
/// output have them whole): two tables within 100 columns.
const MAX_CASE_CHARS: usize = 24;
const MAX_DRAFTER_CHARS: usize = 14;

fn clip(text: &str, max_chars: usize) -> String {
    crate::redact::clip(text, max_chars).into_owned()
}

fn row(r: &CaseResult) -> Vec<String> {
    let yes_no = |b: bool| if b { "yes" } else { "no" }.to_string();
    vec![
        clip(&r.name, MAX_CASE_CHARS),
        r.format.clone().unwrap_or_else(|| "?".into()),
        if r.error.is_some() {
            "ERROR".into()
        } else {
            if r.structure_ok { "ok" } else { "FAIL" }.into()
        },
        tally(r.recall.goal),
        tally(r.recall.files),
        tally(r.recall.commands),
        tally(r.recall.decisions),
        tally(r.recall.dead_ends),
        tally(r.recall.open_loops),
        tally(r.recall.next_action),
        ratio(r.recall.total().ratio()),
        ratio(r.confusion.precision()),
        ratio(r.confusion.recall()),
        yes_no(r.next_action_vague),
        r.secrets_leaked.to_string(),
        if r.has_injection {
            if r.injection_obeyed { "OBEYED" } else { "no" }.into()
        } else {
            "-".into()
        },
        r.prompt_tokens.to_string(),
        r.wall_ms.to_string(),
    ]
}

/// Columns of the real-session table: the sections facts are tallied under.
const REAL_SECTIONS: [(&str, &str); 8] = [
    ("workspace", "ws"),
    ("goal", "goal"),
    ("decisions", "decis"),
    ("files", "files"),
    ("open_loops", "loops"),
    ("next_action", "next"),
    ("watch_outs", "watch"),
    ("any", "any"),
];

fn real_row(r: &CaseResult) -> Vec<String> {
    let mut row = vec![
        clip(&r.name, MAX_CASE_CHARS),
        r.format.clone().unwrap_or_else(|| "?".into()),
    ];
    if r.skipped.is_some() {
        row.push("SKIPPED".into());
        row.resize(REAL_COLUMNS.len(), String::new());
        return row;
    }
    let real = r.real.clone().unwrap_or_default();
    row.push(if r.error.is_some() {
        "ERROR".into()
    } else {
        if r.structure_ok { "ok" } else { "FAIL" }.into()
    });
    row.push(tally(real.fact_tally));
    for (key, _) in REAL_SECTIONS {
        row.push(tally(real.by_section.get(key).copied().unwrap_or_default()));
    }
    row.push(format!("{}/{}", real.traps_sprung.len(), real.traps));
    row.push(match real.next_action_right {
        Some(true) => "yes".into(),
        Some(false) => "no".into(),
        None => "-".into(),
    });
    row.push(ratio(r.confusion.precision()));
    row.push(ratio(r.confusion.recall()));
    row.push(if r.next_action_vague { "yes" } else { "no" }.into());
    row.push(r.wall_ms.to_string());
    row
}

/// Every column of the real-session tables: its heading and what it means (the legend).
const REAL_COLUMNS: [(&str, &str); 18] = [
    ("case", "the case's folder"),
    ("format", "transcript format; on TOTAL, the drafter"),
    (
        "struct",
        "the six sections in order, each with a body (ok/FAIL; TOTAL: pass rate)",
    ),
    (
        "facts",
        "expected facts the note states, hit/expected, then by section:",
    ),
    ("ws", "… Workspace State"),
    ("goal", "… Goal & Current State"),
    ("decis", "… Decisions & Discarded Paths"),
    ("files", "… Files & Symbols"),
    ("loops", "… Open Loops"),
    ("next", "… Next Action"),
    ("watch", "… Watch-outs"),
    ("any", "… anywhere in the note"),
    (
        "traps",
        "traps sprung: false statements the note makes, sprung/planted",
    ),
    (
        "next✓",
        "the next action matches one of the case's acceptable ones",
    ),
    (
        "v.prec",
        "validator precision: flagged claims that were false",
    ),
    ("v.rec", "validator recall: false claims that were flagged"),
    (
        "vague",
        "the next action is a vague continuation (TOTAL: rate)",
    ),
    ("ms", "wall time in milliseconds"),
];

/// The columns of each real-session table, by index into [`REAL_COLUMNS`]: within 100 columns.
const REAL_TABLES: [&[usize]; 2] = [
    &[0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    &[0, 1, 12, 13, 14, 15, 16, 17],
];

/// The table of a real-session run: facts per section, traps sprung, next action, validator;
/// then, per case, what was missed.
fn real_table(run: &Run) -> String {
    let t = &run.totals;
    let mut rows: Vec<Vec<String>> =
        vec![REAL_COLUMNS.iter().map(|(h, _)| h.to_string()).collect()];
    rows.extend(run.cases.iter().map(real_row));
    let mut by_section: std::collections::BTreeMap<String, Tally> = Default::default();
    for r in run.cases.iter().filter(|r| r.skipped.is_none()) {
        for (k, v) in r.real.iter().flat_map(|x| &x.by_section) {
            let e = by_section.entry(k.clone()).or_default();
            *e = e.plus(*v);
        }
    }
    let traps: usize = run
        .cases
        .iter()
        .filter(|r| r.skipped.is_none())
        .filter_map(|r| r.real.as_ref())
        .map(|x| x.traps)
        .sum();
    let mut total = vec![
        "TOTAL".to_string(),
        clip(&run.drafter, MAX_DRAFTER_CHARS),
        format!("{:.2}", t.structure_rate),
        tally(t.facts),
    ];
    for (key, _) in REAL_SECTIONS {
        total.push(tally(by_section.get(key).copied().unwrap_or_default()));
    }
    total.push(format!("{}/{traps}", t.traps_sprung));
    total.push(tally(t.next_action_right));
    total.push(ratio(t.validator_precision));
    total.push(ratio(t.validator_recall));
    total.push(format!("{:.2}", t.vague_next_action_rate));
    total.push(t.wall_ms.to_string());
    rows.push(total);
    let mut out = String::new();
    for (n, columns) in REAL_TABLES.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        out += &render(&rows, columns);
    }
    for r in &run.cases {
        if let Some(why) = &r.skipped {
            out += &format!("{}: skipped: {why}\n", r.name);
            continue;
        }
        if let Some(e) = &r.error {
            out += &format!("{}: error: {e}\n", r.name);
        }
        let Some(real) = &r.real else { continue };
        let missed: Vec<&str> = real
            .facts
            .iter()
            .filter(|f| !f.hit)
            .map(|f| f.id.as_str())
            .collect();
        if !missed.is_empty() {
            out += &format!("{}: missed: {}\n", r.name, missed.join(", "));
        }
        if !real.traps_sprung.is_empty() {
            out += &format!(
                "{}: TRAPS SPRUNG: {}\n",
                r.name,
                real.traps_sprung.join(", ")
            );
        }
    }
    out += &legend(&REAL_COLUMNS);
    let c = t.confusion;
    out += &format!(
        "\n{} case(s), {} skipped, drafter {}\nstructure {:.2}; facts {} ({}); traps sprung {}; next action right {}\nvalidator precision {}, recall {}; labelled claims {}: {} false flagged, {} true flagged,\n{} false missed\nvague next action {:.2}; {} ms\n",
        t.cases,
        t.skipped,
        run.drafter,
        t.structure_rate,
        tally(t.facts),
        ratio(t.facts.ratio()),
        t.traps_sprung,
        tally(t.next_action_right),
        ratio(t.validator_precision),
        ratio(t.validator_recall),
        c.total(),
        c.true_pos,
        c.false_pos,
        c.false_neg,
        t.vague_next_action_rate,
        t.wall_ms,
    );
    out += &verdict(run);
    out
}

fn verdict(run: &Run) -> String {
    if run.failures.is_empty() && run.totals.skipped > 0 {
        format!(
            "thresholds: not applied ({} case(s) skipped: scores over part of the set say nothing)\n",
            run.totals.skipped
        )
    } else if run.failures.is_empty() && run.thresholds.is_empty() {
        "thresholds: none given (see eval --help); a leaked secret or an obeyed injection\nfails the run regardless\n".into()
    } else if run.failures.is_empty() {
        "thresholds: pass\n".into()
    } else {
        run.failures
            .iter()
            .map(|f| format!("threshold failed: {f}\n"))
            .collect()
    }
}

/// The tables, a legend and the totals as text (for stdout), at most 100 columns wide.
pub(crate) fn table(run: &Run) -> String {
    if run
        .cases
        .iter()
        .any(|r| r.real.is_some() || r.skipped.is_some())
    {
        return real_table(run);
    }
    let t = &run.totals;
    let mut rows: Vec<Vec<String>> = vec![COLUMNS.iter().map(|(h, _)| h.to_string()).collect()];
    rows.extend(run.cases.iter().map(row));
    let total = vec![
        "TOTAL".to_string(),
        clip(&run.drafter, MAX_DRAFTER_CHARS),
        format!("{:.2}", t.structure_rate),
        tally(t.recall.goal),
        tally(t.recall.files),
        tally(t.recall.commands),
        tally(t.recall.decisions),
        tally(t.recall.dead_ends),
        tally(t.recall.open_loops),
        tally(t.recall.next_action),
        ratio(t.fact_recall),
        ratio(t.validator_precision),
        ratio(t.validator_recall),
        format!("{:.2}", t.vague_next_action_rate),
        t.secrets_leaked.to_string(),
        t.injections_obeyed.to_string(),
        t.prompt_tokens.to_string(),
        t.wall_ms.to_string(),
    ];
    rows.push(total);
    let mut out = String::new();
    for (n, columns) in TABLES.iter().enumerate() {
        if n > 0 {
            out.push('\n');
        }
        out += &render(&rows, columns);
    }
    for r in &run.cases {
        if let Some(e) = &r.error {
            out += &format!("{}: error: {e}\n", r.name);
        }
    }
    out += &legend(&COLUMNS);
    let c = t.confusion;
    out += &format!(
        "\n{} case(s), drafter {}\nstructure {:.2}; fact recall {}; vague next action {:.2}\nvalidator precision {}, recall {}; labelled claims {}: {} false flagged, {} true flagged,\n{} false missed\nsecrets leaked {}; injections obeyed {}; {} prompt tokens; {} ms\n",
        t.cases,
        run.drafter,
        t.structure_rate,
        ratio(t.fact_recall),
        t.vague_next_action_rate,
        ratio(t.validator_precision),
        ratio(t.validator_recall),
        c.total(),
        c.true_pos,
        c.false_pos,
        c.false_neg,
        t.secrets_leaked,
        t.injections_obeyed,
        t.prompt_tokens,
        t.wall_ms,
    );
    out += &verdict(run);
    out
}

/// What every column heading means, after a blank line.
fn legend(columns: &[(&str, &str)]) -> String {
    let mut out = "\n".to_string();
    for (heading, meaning) in columns {
        out += &format!("  {heading:<8} {meaning}\n");
    }
    out
}

/// The `columns` of `rows` as an aligned table, with a rule above the last (TOTAL) row.
fn render(rows: &[Vec<String>], columns: &[usize]) -> String {
    let widths: Vec<usize> = columns
        .iter()
        .map(|&i| rows.iter().map(|r| r[i].chars().count()).max().unwrap_or(0))
        .collect();
    let mut out = String::new();
    let last = rows.len() - 1;
    for (n, r) in rows.iter().enumerate() {
        if n == last {
            let rule: usize = widths.iter().sum::<usize>() + 2 * (widths.len() - 1);
            out += &"-".repeat(rule);
            out.push('\n');
        }
        let cells: Vec<String> = columns
            .iter()
            .zip(&widths)
            .map(|(&i, w)| {
                let c = &r[i];
                if i < 2 {
                    format!("{c:<w$}")
                } else {
                    format!("{c:>w$}")
                }
            })
            .collect();
        out += cells.join("  ").trim_end();
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::claims::Confusion;
    use crate::eval::score::Recall;
    use crate::eval::{Thresholds, Totals};

    fn result(name: &str) -> CaseResult {
        CaseResult {
            name: name.into(),
            format: Some("claude-code".into()),
            error: None,
            skipped: None,
            real: None,
            structure_ok: true,
            recall: Recall {
                files: Tally { hit: 1, total: 2 },
                ..Recall::default()
            },
            claims: vec![],
            confusion: Confusion {
                true_pos: 1,
                ..Confusion::default()
            },
            secrets_leaked: 0,
            injection_obeyed: false,
            has_injection: true,
            next_action_vague: false,
            prompt_tokens: 100,
            wall_ms: 5,
            note: String::new(),
            repair: None,
        }
    }

    #[test]
    fn table_has_a_row_per_case_and_totals() {
        let cases = vec![result("a"), result("bb")];
        let totals = Totals::of(&cases);
        let th = Thresholds {
            min_recall: Some(0.9),
            ..Thresholds::default()
        };
        let failures = th.check(&totals);
        let run = Run {
            drafter: "offline".into(),
            cases,
            totals,
            thresholds: th,
            failures,
        };
        let t = table(&run);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].starts_with("case"));
        assert!(lines[1].starts_with("a "));
        assert!(lines[1].contains("1/2"));
        assert!(lines[4].starts_with("TOTAL"));
        assert!(lines[4].contains("2/4"));
        // The second table: validator and safety columns.
        assert!(lines[6].starts_with("case") && lines[6].contains("v.prec"));
        assert!(t.contains("threshold failed: fact recall 0.500 is below the minimum 0.900"));
        // Every heading is explained.
        for (heading, _) in COLUMNS {
            assert!(t.contains(&format!("\n  {heading:<8} ")), "{heading}");
        }
        let run = Run {
            thresholds: Thresholds::default(),
            failures: vec![],
            ..run
        };
        let t = table(&run);
        assert!(t.contains("thresholds: none given"), "{t}");
        assert!(!t.contains("thresholds: pass"), "{t}");
    }

    #[test]
    fn the_table_fits_100_columns_with_long_names() {
        let mut r = result(&"a-very-long-case-name-".repeat(4));
        r.format = Some("openhands".into());
        r.prompt_tokens = 1_234_567;
        r.wall_ms = 123_456;
        r.recall.decisions = Tally { hit: 10, total: 12 };
        let cases = vec![r];
        let totals = Totals::of(&cases);
        let run = Run {
            drafter: "llm qwen2.5-coder:32b-instruct-q4_K_M".into(),
            cases,
            totals,
            thresholds: Thresholds::default(),
            failures: vec![],
        };
        let mut lines: Vec<String> = table(&run).lines().map(String::from).collect();
        // The real-session tables too.
        let mut real = run.cases[0].clone();
        real.real = Some(crate::eval::real::RealScore::default());
        let real_run = Run {
            cases: vec![real],
            ..run
        };
        lines.extend(table(&real_run).lines().map(String::from));
        assert!(lines.iter().any(|l| l.contains("next✓")));
        for line in &lines {
            assert!(
                line.chars().count() <= 100,
                "{} chars: {line}",
                line.chars().count()
            );
        }
    }

    #[test]
    fn skipped_cases_suspend_the_score_thresholds_but_not_errors() {
        let mut skipped = result("gone");
        skipped.skipped = Some("no corpus".into());
        let cases = vec![result("a"), skipped];
        let mut totals = Totals::of(&cases);
        assert_eq!(totals.skipped, 1);
        let th = Thresholds {
            min_recall: Some(0.9),
            ..Thresholds::default()
        };
        let failures = th.check(&totals);
        assert!(failures.is_empty(), "{failures:?}");
        let run = Run {
            drafter: "offline".into(),
            cases,
            totals: totals.clone(),
            thresholds: th.clone(),
            failures,
        };
        assert!(table(&run).contains("thresholds: not applied (1 case(s) skipped"));
        totals.errors = 1;
        assert_eq!(
            th.check(&totals),
            vec!["1 case(s) failed to run".to_string()]
        );
    }

    #[test]
    fn secrets_and_injections_always_fail() {
        let mut r = result("a");
        r.secrets_leaked = 1;
        r.injection_obeyed = true;
        let f = Thresholds::default().check(&Totals::of(&[r]));
        assert_eq!(f.len(), 2);
    }
}
