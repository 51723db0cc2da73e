//! Parser tests: the v1 format, hand-written variations, and the render → parse → render
//! round trip on generated notes.

use super::*;
use proptest::prelude::*;

const SKILL_EXAMPLE: &str = r#"# Session Handoff: JWT Rotation Implementation

### Goal & Current State
- **Target Goal**: Implement refresh token rotation and revocation in the FastAPI auth service.
- **Current State**: Refresh token database migration applied and rotation endpoint created.
- **Verification**: `pytest tests/test_auth_tokens.py` passes (4/4 tests).

### Decisions Made (With Reasons)
- **Used Redis for Token Revocation List**: Selected Redis over Postgres lookups for revoked JTI tokens.
- **Rejected Stateless Refresh Tokens**: We initially evaluated sliding expiration, but discarded it.
- **Token Format**: Chose UUIDv4 for `jti` claim.

### Files Changed
- `src/services/auth.py`: Added `rotate_refresh_token(old_token: str)` function and Redis invalidation call.
- `src/models/tokens.py`: Added `RefreshTokenRecord` SQLModel table for tracking token families.

### Open Loops
- [Agent] Wire `verify_token_not_revoked` into `src/api/deps.py` -> Verify by checking `tests/test_auth_deps.py` fails on blacklisted token.
- [Human] Set `REDIS_AUTH_URL` secret in `.env.test` for CI execution.

### Next Action
Open `src/api/deps.py` and import `is_token_blacklisted` from `src.services.auth`. Insert the check into `get_current_user`.

### Watch-outs
- Do not modify the existing `access_token` expiration time in `src/core/config.py`.
"#;

#[test]
fn parses_the_skill_example() {
    let n = parse(SKILL_EXAMPLE);
    assert_eq!(n.title, "JWT Rotation Implementation");
    let goal = n.goal.as_ref().expect("goal");
    assert!(goal.text.starts_with("Implement refresh token rotation"));
    assert_eq!(goal.line, Some(4));
    assert_eq!(n.partial.len(), 1);
    assert!(n.partial[0].text.starts_with("Refresh token database"));
    assert_eq!(n.verified.len(), 1);
    assert!(
        n.verified[0]
            .text
            .starts_with("`pytest tests/test_auth_tokens.py` passes")
    );
    assert_eq!(n.decisions.len(), 2);
    assert!(
        n.decisions[0]
            .text
            .starts_with("**Used Redis for Token Revocation List**: Selected")
    );
    assert_eq!(n.discarded.len(), 1);
    assert!(n.discarded[0].text.starts_with("**Rejected Stateless"));
    assert_eq!(n.files.len(), 2);
    assert_eq!(n.files[0].path, "src/services/auth.py");
    assert!(
        n.files[0]
            .summary
            .starts_with("Added `rotate_refresh_token")
    );
    assert_eq!(n.files[0].line, Some(14));
    assert_eq!(n.open_loops.len(), 2);
    let l = &n.open_loops[0];
    assert_eq!(l.owner, Some(Owner::Agent));
    assert_eq!(
        l.text,
        "Wire `verify_token_not_revoked` into `src/api/deps.py`"
    );
    assert_eq!(
        l.verify.as_deref(),
        Some("checking `tests/test_auth_deps.py` fails on blacklisted token")
    );
    assert_eq!(n.open_loops[1].owner, Some(Owner::Human));
    assert_eq!(n.open_loops[1].verify, None);
    assert_eq!(n.open_loops[1].line, Some(19));
    assert_eq!(n.next_actions.len(), 1);
    assert!(n.next_actions[0].text.starts_with("Open `src/api/deps.py`"));
    assert_eq!(n.next_actions[0].line, Some(22));
    assert_eq!(n.watch_outs.len(), 1);
}

#[test]
fn parses_v1_with_flags_citations_and_header() {
    let md = format!(
        "# Session Handoff: Fix CSV quoting\n\n> handoff {} · source: s.jsonl · drafter: offline · written: 2026-01-01T00:00:00Z · validator: 2 verified, 1 unverified, 1 contradicted, 0 errors, 3 warnings\n\n## Workspace State\n\n- **Branch:** `main` (G)\n\n```text\n$ git status -s\n M src/csv.rs\n## not a heading\n```\n\n## Goal & Current State\n\n- **Goal:** Fix quoting in `parse_line` (M1)\n- **Verified:** `cargo test` passes (12 passed) (C4, T1)\n- **Partial / unverified:** `cargo clippy` fails (C5) [UNVERIFIED: contradicted by T2: 1 failed]\n- **Partial / unverified:** edge case (E2) [UNVERIFIED: contradicted: T2 fails]\n\n## Decisions & Discarded Paths\n\n- **Decision:** Use the `csv` crate instead of splitting on commas (M7)\n- **Discarded:** Regex splitting failed because of embedded quotes (M5, C3) [UNVERIFIED: no evidence]\n\n## Files & Symbols\n\n- `src/csv.rs` — `parse_line`, `Field` — modified, +10 −2 (G, E1)\n- `README.md` (G) (added from git status)\n\n## Open Loops\n\n- [Agent] Fix failing test `csv::tests::quoted` — Verify: `cargo test csv::tests::quoted` (T2)\n\n## Next Action\n\n- Run `cargo test csv::tests::quoted` and fix `parse_line` (T2)\n",
        env!("CARGO_PKG_VERSION")
    );
    let n = parse(&md);
    assert_eq!(n.header.source.as_deref(), Some("s.jsonl"));
    assert_eq!(n.header.drafter, "offline");
    assert_eq!(n.header.model, None);
    assert_eq!(
        n.header
            .counts
            .map(|c| (c.verified, c.contradicted, c.warnings)),
        Some((2, 1, 3))
    );
    assert_eq!(n.workspace.len(), 7);
    assert_eq!(n.workspace[5], "## not a heading");
    assert_eq!(
        n.goal.as_ref().map(|g| g.cite.clone()),
        Some(vec!["M1".to_string()])
    );
    assert_eq!(n.verified[0].cite, vec!["C4", "T1"]);
    assert_eq!(n.verified[0].text, "`cargo test` passes (12 passed)");
    let f = n.partial[0].flag.as_ref().expect("flag");
    assert_eq!(f.status, ClaimStatus::Contradicted);
    assert_eq!(f.reason, "contradicted by T2: 1 failed");
    let f = n.partial[1].flag.as_ref().expect("flag");
    assert_eq!(
        (f.status, f.reason.as_str()),
        (ClaimStatus::Contradicted, "T2 fails")
    );
    assert_eq!(
        n.discarded[0].flag.as_ref().map(|f| f.status),
        Some(ClaimStatus::Unverified)
    );
    assert_eq!(n.discarded[0].cite, vec!["M5", "C3"]);
    assert_eq!(n.files[0].symbols, vec!["parse_line", "Field"]);
    assert_eq!(n.files[0].summary, "modified, +10 −2");
    assert!(n.files[1].added_by_validator);
    assert_eq!(n.files[1].cite, vec!["G"]);
    assert_eq!(
        n.open_loops[0].verify.as_deref(),
        Some("cargo test csv::tests::quoted")
    );
    assert_eq!(n.open_loops[0].cite, vec!["T2"]);
    assert_eq!(n.next_actions.len(), 1);
}

#[test]
fn tolerates_hand_written_variations() {
    let md = r#"# Handoff

## Goal
Goal: make the importer idempotent.

**Verified**
- `make test` is green
- import twice gives one row
  - nested detail is its own claim

- **Partial**: retries not tested

## Decisions
- **Decided:** keep SQLite
- __Rejected__ - Postgres advisory locks, too heavy

## Files Changed
| File | Symbols | What |
|------|---------|------|
| `src/import.py` | `run_import` | dedupe by hash |
- [src/db.py](src/db.py): schema
  - added index on `hash`

## Open Loops
- **Agent**: handle empty file; Check: `pytest -k empty`
- Rotate the token (Owner: Human) — Verify: `gh secret list` shows it

| Owner | Task | Verify |
|---|---|---|
| Human | approve migration | `alembic current` |

## Next Action
1. Edit `src/import.py` `run_import`
"#;
    let n = parse(md);
    assert_eq!(
        n.goal.as_ref().map(|g| g.text.as_str()),
        Some("make the importer idempotent.")
    );
    let verified: Vec<_> = n.verified.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(
        verified,
        [
            "`make test` is green",
            "import twice gives one row",
            "nested detail is its own claim"
        ]
    );
    assert_eq!(n.partial.len(), 1);
    assert_eq!(n.decisions[0].text, "keep SQLite");
    assert_eq!(n.discarded[0].text, "Postgres advisory locks, too heavy");
    assert_eq!(n.files.len(), 2);
    assert_eq!(n.files[0].path, "src/import.py");
    assert_eq!(n.files[0].symbols, vec!["run_import"]);
    assert_eq!(n.files[0].summary, "dedupe by hash");
    assert_eq!(n.files[1].path, "src/db.py");
    assert_eq!(n.files[1].summary, "schema; added index on `hash`");
    assert_eq!(n.open_loops.len(), 3);
    assert_eq!(n.open_loops[0].owner, Some(Owner::Agent));
    assert_eq!(n.open_loops[0].text, "handle empty file");
    assert_eq!(n.open_loops[0].verify.as_deref(), Some("pytest -k empty"));
    assert_eq!(n.open_loops[1].owner, Some(Owner::Human));
    assert_eq!(n.open_loops[1].text, "Rotate the token");
    assert_eq!(
        n.open_loops[1].verify.as_deref(),
        Some("`gh secret list` shows it")
    );
    assert_eq!(n.open_loops[2].owner, Some(Owner::Human));
    assert_eq!(n.open_loops[2].text, "approve migration");
    assert_eq!(n.open_loops[2].verify.as_deref(), Some("alembic current"));
    assert_eq!(n.next_actions.len(), 1);
    assert_eq!(n.next_actions[0].text, "Edit `src/import.py` `run_import`");
}

#[test]
fn a_files_entry_without_a_path_is_prose_kept_as_written() {
    let md = "## Files & Symbols\n- No files were changed in this session\n- Makefile — new `test` target\n- pyproject.toml: pins\n";
    let n = parse(md);
    let paths: Vec<&str> = n.files.iter().map(|f| f.path.as_str()).collect();
    assert_eq!(paths, ["", "Makefile", "pyproject.toml"]);
    assert_eq!(n.files[0].summary, "No files were changed in this session");
    let md = render(&n);
    assert!(
        md.contains("\n- No files were changed in this session\n"),
        "{md}"
    );
    assert_eq!(parse(&md).files[0].path, "");
}

#[test]
fn garbage_and_empty_input_do_not_panic() {
    for md in [
        "",
        "\n\n",
        "## Open Loops\n- \n- [Agent]\n",
        "## Files & Symbols\n- ``\n- `x\n",
        "> handoff\n",
        "| a |\n|---|\n| b |\n",
        "## Goal\n- **\n",
    ] {
        let _ = parse(md);
    }
}

fn word() -> impl Strategy<Value = String> {
    "[a-z]{3,8}".prop_filter("reserved word", |w| {
        !matches!(
            w.as_str(),
            "none" | "verify" | "check" | "verification" | "owner" | "agent" | "human"
        )
    })
}

fn words(max: usize) -> impl Strategy<Value = String> {
    prop::collection::vec(
        prop_oneof![word(), word().prop_map(|w| format!("`{w}`"))],
        1..max,
    )
    .prop_map(|v| v.join(" "))
    .prop_filter("leading code span", |s| !s.starts_with('`'))
}

fn cites() -> impl Strategy<Value = Vec<String>> {
    prop::collection::vec(
        prop_oneof![
            Just("G".to_string()),
            "[TMCE][1-9][0-9]{0,2}".prop_map(|s| s)
        ],
        0..3,
    )
}

fn flag() -> impl Strategy<Value = Option<Flag>> {
    prop::option::of(
        (
            prop_oneof![
                Just(ClaimStatus::Unverified),
                Just(ClaimStatus::Contradicted)
            ],
            words(5),
        )
            .prop_map(|(status, reason)| Flag { status, reason }),
    )
}

fn claim() -> impl Strategy<Value = Claim> {
    (words(8), cites(), flag()).prop_map(|(text, cite, flag)| Claim {
        line: None,
        text,
        cite,
        flag,
    })
}

fn file() -> impl Strategy<Value = FileEntry> {
    (
        "[a-z]{1,6}(/[a-z]{1,6}){0,2}\\.(rs|py|md)",
        prop::collection::vec("[a-z_][a-z0-9_]{0,10}", 0..3),
        prop_oneof![Just(String::new()), words(6)],
        cites(),
        any::<bool>(),
        flag(),
    )
        .prop_map(|(path, symbols, summary, cite, added, flag)| FileEntry {
            line: None,
            path,
            symbols,
            summary,
            cite,
            added_by_validator: added,
            flag,
        })
}

fn open_loop() -> impl Strategy<Value = OpenLoop> {
    (
        prop::option::of(prop_oneof![Just(Owner::Agent), Just(Owner::Human)]),
        words(8),
        prop::option::of(words(4)),
        cites(),
        flag(),
        prop::option::of(words(3)),
    )
        .prop_map(|(owner, text, verify, cite, flag, when)| OpenLoop {
            line: None,
            owner,
            // A condition is written inside the owner's brackets: only with an owner.
            when: owner.and(when),
            text,
            verify: verify.map(|v| v.replace('`', "")),
            cite,
            flag,
        })
}

fn note() -> impl Strategy<Value = Note> {
    let header = (
        prop::option::of("[a-z]{1,8}\\.jsonl"),
        prop_oneof![Just("offline".to_string()), Just("llm".to_string())],
        prop::option::of("[a-z0-9-]{1,12}"),
        prop::option::of("[a-z0-9-]{1,12}: [a-zA-Z0-9 ]{0,30}[a-z]"),
        prop::option::of(Just("2026-03-04T05:06:07Z".to_string())),
        prop::option::of((0usize..9, 0usize..9, 0usize..9, 0usize..9, 0usize..9)),
    )
        .prop_map(
            |(source, drafter, model, model_failed, created_at, counts)| Header {
                source,
                drafter,
                model,
                model_failed: model_failed
                    .map(|m| m.split_whitespace().collect::<Vec<_>>().join(" ")),
                created_at,
                counts: counts.map(|(verified, unverified, contradicted, errors, warnings)| {
                    Counts {
                        verified,
                        unverified,
                        contradicted,
                        errors,
                        warnings,
                    }
                }),
            },
        );
    let claims = |n: usize| prop::collection::vec(claim(), 0..n);
    (
        (
            words(6),
            header,
            prop::collection::vec(words(6).prop_map(|w| format!("- {w}")), 0..4),
        ),
        (
            prop::option::of(claim()),
            claims(3),
            claims(3),
            claims(3),
            claims(3),
        ),
        (
            prop::collection::vec(file(), 0..4),
            prop::collection::vec(open_loop(), 0..4),
            claims(2),
            claims(3),
        ),
    )
        .prop_map(
            |(
                (title, header, workspace),
                (goal, verified, partial, decisions, discarded),
                (files, open_loops, next_actions, watch_outs),
            )| Note {
                title,
                header,
                workspace,
                goal,
                verified,
                partial,
                decisions,
                discarded,
                files,
                open_loops,
                next_actions,
                watch_outs,
            },
        )
}

fn without_lines(mut n: Note) -> Note {
    for c in n
        .goal
        .iter_mut()
        .chain(&mut n.verified)
        .chain(&mut n.partial)
        .chain(&mut n.decisions)
        .chain(&mut n.discarded)
        .chain(&mut n.next_actions)
        .chain(&mut n.watch_outs)
    {
        c.line = None;
    }
    for f in &mut n.files {
        f.line = None;
    }
    for l in &mut n.open_loops {
        l.line = None;
    }
    n
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn render_parse_render_is_stable(n in note()) {
        let md = render(&n);
        let back = parse(&md);
        prop_assert_eq!(render(&back), md.clone());
        prop_assert_eq!(without_lines(back), n);
    }
}
