//! The `## Workspace State` section: computed from the git snapshot, never drafted, so that the
//! next session starts from what the repository says rather than from what the chat remembered.

use super::render::{code_span, text};
use crate::analysis::Analysis;
use crate::escape;
use crate::evidence::Evidence;
use crate::evidence::git::{DiffStat, GitState, Operation, StatusEntry};
use crate::evidence::since::Since;

/// Widest `git diff --stat` bar, like git's default on an 80-column terminal.
const MAX_BAR: usize = 40;

/// Most `git status -s` lines shown; the rest are counted (`git status -s` lists them).
pub(crate) const MAX_STATUS_LINES: usize = 200;

/// The Markdown lines of `## Workspace State` for the git state of `ev` (none: no repository,
/// or one that could not be read in time), with what the session analysis says about the
/// session's folder and its commits.
///
/// Shape: a bullet with branch and HEAD (citing `G`), a bullet for a merge, rebase… stopped
/// half-way, then one fenced block holding the `git status -s` lines and a `git diff
/// --stat`-like block, so the next session can compare them with its own `git status -s` at a
/// glance. When commits were made after the session (`since`), a line says so and the status is
/// labelled as today's, not the session's end state.
pub(crate) fn workspace_lines(ev: &Evidence, analysis: Option<&Analysis>) -> Vec<String> {
    let (git, since) = (ev.git.as_ref(), ev.since.as_ref());
    let Some(g) = git else {
        if let Some(why) = &ev.git_unavailable {
            return vec![format!(
                "- Git state unavailable: the workspace state is unknown ({}).",
                text(why.strip_prefix("git state unavailable: ").unwrap_or(why))
            )];
        }
        return vec![
            "- No git repository: the workspace state is unknown (run `handoff` inside the repository or pass `--repo DIR`).".to_string(),
        ];
    };
    let branch = match &g.branch {
        Some(b) => code_span(b),
        None => "detached HEAD".to_string(),
    };
    let head = match &g.head {
        Some(h) => {
            let short = &h.id[..h.id.len().min(7)];
            let summary = text(&subject(&h.summary));
            if summary.is_empty() {
                format!("`{short}`")
            } else {
                format!("`{short}` {summary}")
            }
        }
        None => "no commits yet (unborn branch)".to_string(),
    };
    let mut lines = vec![
        format!("- **Branch:** {branch} · **HEAD:** {head} (G)"),
        format!("- **Root:** {}", code_span(&g.root)),
    ];
    match analysis {
        Some(a) => lines.extend(session_lines(a)),
        None => {
            let session_commits: Vec<String> = g
                .commits
                .iter()
                .filter(|c| c.in_session)
                .map(|c| {
                    format!(
                        "`{}` {}",
                        &c.id[..c.id.len().min(7)],
                        text(&subject(&c.summary))
                    )
                })
                .collect();
            if !session_commits.is_empty() {
                lines.push(format!(
                    "- **Committed during the session:** {} (G)",
                    session_commits.join("; ")
                ));
            }
        }
    }
    if let Some(op) = &g.operation {
        lines.push(operation_line(op, g));
    }
    let moved_on = since.filter(|s| s.later_commits > 0);
    if let Some(s) = moved_on {
        lines.push(since_line(s));
    }
    let status = if moved_on.is_some() {
        "**Status today** (not the session's end state):"
    } else {
        "**Status:**"
    };
    if g.status.is_empty() {
        lines.push(format!("- {status} working tree clean (G)"));
        return lines;
    }
    lines.push(format!(
        "- {status} {} changed path(s); diff against HEAD: {} file(s), +{} −{} (G)",
        g.status.len(),
        g.diffstat.files,
        g.diffstat.insertions,
        g.diffstat.deletions
    ));
    // Paths are untrusted: each stays on its line, and the fence is longer than any backtick
    // run inside, so no file name can close it.
    let mut block = vec!["$ git status -s".to_string()];
    block.extend(
        g.status
            .iter()
            .take(MAX_STATUS_LINES)
            .map(|e| escape::line(&status_line(e)).into_owned()),
    );
    if g.status.len() > MAX_STATUS_LINES {
        block.push(format!(
            "… {} more path(s)",
            g.status.len() - MAX_STATUS_LINES
        ));
    }
    if !g.diffstat.per_file.is_empty() {
        block.push("$ git diff --stat HEAD".to_string());
        block.extend(
            diffstat_lines(&g.diffstat)
                .iter()
                .map(|l| escape::line(l).into_owned()),
        );
    }
    let longest = block
        .iter()
        .flat_map(|l| l.split(|c| c != '`'))
        .map(str::len)
        .max()
        .unwrap_or(0);
    let fence = "`".repeat((longest + 1).max(3));
    lines.push(String::new());
    lines.push(format!("{fence}text"));
    lines.extend(block);
    lines.push(fence);
    lines
}

/// Longest commit subject shown, in characters: git's own advice for a subject line, so that
/// the branch line stays one line.
const MAX_SUBJECT_CHARS: usize = 72;

/// A commit's subject as the note shows it: cut at [`MAX_SUBJECT_CHARS`] with `…`.
fn subject(summary: &str) -> std::borrow::Cow<'_, str> {
    crate::redact::clip(summary.trim(), MAX_SUBJECT_CHARS)
}

/// `- **In progress:** a merge of … — 2 conflicted path(s): `a`, `b`; resolve …, or `git merge --abort` (G)`.
fn operation_line(op: &Operation, g: &GitState) -> String {
    let words = op.kind.words();
    let mut what = format!("a `git {}`", words.name);
    if let Some(subject) = &op.subject {
        what += &format!(" ({})", text(subject));
    }
    if let Some(id) = &op.commit {
        what += &format!(" at `{}`", &id[..id.len().min(7)]);
    }
    if let Some((step, total)) = op.step {
        what += &format!(", step {step} of {total}");
    }
    let conflicted: Vec<&str> = g.conflicted().collect();
    let how = match (conflicted.len(), words.proceed) {
        (0, Some(proceed)) => format!("no conflict left: finish with `{proceed}`"),
        (0, None) => {
            "mark the checked-out commit with `git bisect good` or `git bisect bad`".to_string()
        }
        (n, proceed) => {
            let then = proceed.map(|p| format!(", then `{p}`")).unwrap_or_default();
            format!(
                "{n} conflicted path(s): {}; resolve them and `git add` each{then}",
                code_list(&conflicted, MAX_SINCE_FILES)
            )
        }
    };
    format!(
        "- **In progress:** {what}; {how}; or give it up with `{}` (G)",
        words.abort
    )
}

/// Most commits named per line.
const MAX_COMMITS_SHOWN: usize = 6;

/// What the analysis says about the session and this repository: where the session ran, the
/// commits it made (matched to this history or not), and the commits others made meanwhile.
fn session_lines(a: &Analysis) -> Vec<String> {
    use crate::analysis::project::Relation;
    let mut lines = Vec::new();
    let p = &a.project;
    if let Some(cwd) = &p.cwd {
        match p.relation {
            Relation::Moved => lines.push(format!(
                "- **Session folder:** {}, the same project at another path ({})",
                code_span(cwd),
                text(&p.reason)
            )),
            Relation::Elsewhere => lines.push(format!(
                "- **Session folder:** {} is not this repository ({}): what the session changed is not in this worktree, and git here says nothing about it",
                code_span(cwd),
                text(&p.reason)
            )),
            Relation::Same | Relation::Unknown => {}
        }
    }
    let commits = &a.commits;
    let on_branch: Vec<String> = commits
        .session
        .iter()
        .filter(|c| c.repo_id.is_some() && c.undone_by.is_none())
        .map(|c| {
            let pushed = if c.pushed_by.is_some() {
                ", pushed"
            } else {
                ""
            };
            format!(
                "`{}` {}{pushed} ({})",
                c.short(),
                text(&subject(&c.subject)),
                c.cite.join(", ")
            )
        })
        .collect();
    if !on_branch.is_empty() {
        lines.push(format!(
            "- **Committed by this session:** {}",
            join_capped(&on_branch)
        ));
    }
    let elsewhere: Vec<String> = commits
        .session
        .iter()
        .filter(|c| c.repo_id.is_none() && c.undone_by.is_none())
        .map(|c| {
            let branch = c
                .branch
                .as_deref()
                .map(|b| format!(" on {}", code_span(b)))
                .unwrap_or_default();
            let pushed = if c.pushed_by.is_some() {
                ", pushed"
            } else {
                ""
            };
            format!(
                "`{}` {}{branch}{pushed} ({})",
                c.sha.get(..7).unwrap_or(&c.sha),
                text(&subject(&c.subject)),
                c.cite.join(", ")
            )
        })
        .collect();
    if !elsewhere.is_empty() {
        lines.push(format!(
            "- **Committed by this session, not in this branch's history:** {}",
            join_capped(&elsewhere)
        ));
    }
    let undone: Vec<String> = commits
        .session
        .iter()
        .filter_map(|c| {
            c.undone_by.as_ref().map(|by| {
                format!(
                    "`{}` {} (/undo in {by})",
                    c.sha.get(..7).unwrap_or(&c.sha),
                    text(&c.subject)
                )
            })
        })
        .collect();
    if !undone.is_empty() {
        lines.push(format!("- **Undone with /undo:** {}", join_capped(&undone)));
    }
    if !commits.remote.is_empty() {
        let done: Vec<String> = commits
            .remote
            .iter()
            .map(|r| {
                let target = if r.target.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", text(&r.target))
                };
                format!("`{}`{target} succeeded ({})", r.tool, r.id)
            })
            .collect();
        lines.push(format!(
            "- **Done outside this workspace:** {}",
            join_capped(&done)
        ));
    }
    let short = |c: &crate::analysis::commits::CommitRef| {
        format!(
            "`{}` {}",
            &c.id[..c.id.len().min(7)],
            text(&subject(&c.summary))
        )
    };
    let through_tool: Vec<String> = commits
        .meanwhile
        .iter()
        .filter_map(|c| Some(format!("{} ({})", short(c), c.by_action.as_ref()?)))
        .collect();
    if !through_tool.is_empty() {
        lines.push(format!(
            "- **Committed by this session through a tool, not git:** {}",
            join_capped(&through_tool)
        ));
    }
    let others: Vec<String> = commits
        .meanwhile
        .iter()
        .filter(|c| c.by_action.is_none())
        .map(short)
        .collect();
    if !others.is_empty() {
        lines.push(format!(
            "- **Also committed meanwhile, not by a `git commit` in this transcript:** {} (G)",
            join_capped(&others)
        ));
    }
    lines
}

fn join_capped(items: &[String]) -> String {
    let shown = items
        .iter()
        .take(MAX_COMMITS_SHOWN)
        .cloned()
        .collect::<Vec<_>>()
        .join("; ");
    if items.len() > MAX_COMMITS_SHOWN {
        format!("{shown}; and {} more", items.len() - MAX_COMMITS_SHOWN)
    } else {
        shown
    }
}

/// `- **Since the session** (ended …): N later commit(s) on HEAD; of the session's files, … changed after it (G)`.
fn since_line(s: &Since) -> String {
    let count = format!(
        "{}{} later commit(s) on HEAD",
        if s.capped { "at least " } else { "" },
        s.later_commits
    );
    let files = match s.files_changed_after.len() {
        0 => "none of the session's files changed after it".to_string(),
        _ => {
            let files: Vec<&str> = s.files_changed_after.iter().map(String::as_str).collect();
            format!(
                "of the session's files, {} changed after it",
                code_list(&files, MAX_SINCE_FILES)
            )
        }
    };
    format!(
        "- **Since the session** (ended {}): {count}; {files} (G)",
        s.session_ended.format("%Y-%m-%d %H:%M UTC")
    )
}

/// The first `max` paths as code spans, then how many more: `` `a`, `b` and 3 more ``.
pub(crate) fn code_list(paths: &[&str], max: usize) -> String {
    let shown: Vec<String> = paths.iter().take(max).map(|p| code_span(p)).collect();
    match paths.len().saturating_sub(max) {
        0 => shown.join(", "),
        more => format!("{} and {more} more", shown.join(", ")),
    }
}

/// Files named on the since line at most.
const MAX_SINCE_FILES: usize = 8;

/// One `git status -s` line: `XY path` or `XY old -> new` (a folded untracked folder is
/// `?? dir/`, as git prints it).
pub(crate) fn status_line(e: &StatusEntry) -> String {
    let x = e.index.chars().next().unwrap_or(' ');
    let y = e.worktree.chars().next().unwrap_or(' ');
    match &e.old_path {
        Some(old) => format!("{x}{y} {old} -> {}", e.path),
        None => format!("{x}{y} {}", e.path),
    }
}

/// `git diff --stat` lines: ` path | N +++--` per file, then the totals line.
fn diffstat_lines(d: &DiffStat) -> Vec<String> {
    let width = d
        .per_file
        .iter()
        .map(|f| f.path.chars().count())
        .max()
        .unwrap_or(0);
    let max_changes = d
        .per_file
        .iter()
        .map(|f| f.insertions + f.deletions)
        .max()
        .unwrap_or(0);
    let num_width = max_changes.to_string().len();
    let mut out = Vec::with_capacity(d.per_file.len() + 1);
    for f in &d.per_file {
        let pad = width - f.path.chars().count();
        if f.binary {
            out.push(format!(" {}{} | Bin", f.path, " ".repeat(pad)));
            continue;
        }
        let changes = f.insertions + f.deletions;
        let (plus, minus) = scaled_bar(f.insertions, f.deletions, max_changes);
        out.push(format!(
            " {}{} | {changes:>num_width$} {}{}",
            f.path,
            " ".repeat(pad),
            "+".repeat(plus),
            "-".repeat(minus)
        ));
    }
    let mut total = format!(" {} {} changed", d.files, plural(d.files, "file", "files"));
    if d.insertions > 0 || d.deletions == 0 {
        total += &format!(
            ", {} {}(+)",
            d.insertions,
            plural(d.insertions, "insertion", "insertions")
        );
    }
    if d.deletions > 0 {
        total += &format!(
            ", {} {}(-)",
            d.deletions,
            plural(d.deletions, "deletion", "deletions")
        );
    }
    out.push(total);
    out
}

/// Scales a file's bar like git does when the largest change does not fit: proportionally, but
/// never hiding a non-zero side completely.
fn scaled_bar(ins: usize, del: usize, max_changes: usize) -> (usize, usize) {
    if max_changes <= MAX_BAR {
        return (ins, del);
    }
    let scale = |n: usize| {
        if n == 0 {
            0
        } else {
            (n * MAX_BAR / max_changes).max(1)
        }
    };
    (scale(ins), scale(del))
}

fn plural<'a>(n: usize, one: &'a str, many: &'a str) -> &'a str {
    if n == 1 { one } else { many }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::evidence::git::{FileStat, Head, OperationKind};

    fn ev(git: Option<GitState>, since: Option<Since>) -> Evidence {
        Evidence {
            git,
            since,
            ..Evidence::default()
        }
    }

    fn repo() -> GitState {
        GitState {
            root: "/work/repo".into(),
            branch: Some("fix/parser".into()),
            head: Some(Head {
                id: "0123456789abcdef0123456789abcdef01234567".into(),
                summary: "Parse quoted fields".into(),
            }),
            status: vec![
                StatusEntry {
                    path: "src/lib.rs".into(),
                    old_path: None,
                    index: " ".into(),
                    worktree: "M".into(),
                },
                StatusEntry {
                    path: "notes.txt".into(),
                    old_path: None,
                    index: "?".into(),
                    worktree: "?".into(),
                },
                StatusEntry {
                    path: "src/new.rs".into(),
                    old_path: Some("src/old.rs".into()),
                    index: "R".into(),
                    worktree: " ".into(),
                },
            ],
            diffstat: DiffStat {
                files: 2,
                insertions: 1,
                deletions: 120,
                per_file: vec![
                    FileStat {
                        path: "src/lib.rs".into(),
                        insertions: 1,
                        deletions: 120,
                        binary: false,
                    },
                    FileStat {
                        path: "logo.png".into(),
                        insertions: 0,
                        deletions: 0,
                        binary: true,
                    },
                ],
            },
            ..GitState::default()
        }
    }

    #[test]
    fn long_commit_subjects_are_shortened() {
        let mut g = repo();
        let long = format!("Refactor the parser {}", "and more ".repeat(20));
        g.head.as_mut().unwrap().summary = long.clone();
        let lines = workspace_lines(&ev(Some(g), None), None);
        let branch = &lines[0];
        assert!(branch.contains("**HEAD:** `0123456` Refactor the parser and more"));
        let shown = branch
            .split_once("`0123456` ")
            .and_then(|(_, rest)| rest.strip_suffix(" (G)"))
            .unwrap();
        assert!(shown.ends_with('…'), "{branch}");
        assert_eq!(shown.chars().count(), MAX_SUBJECT_CHARS + 1, "{shown}");
    }

    #[test]
    fn renders_branch_head_status_and_diffstat() {
        let lines = workspace_lines(&ev(Some(repo()), None), None).join("\n");
        assert!(
            lines
                .contains("**Branch:** `fix/parser` · **HEAD:** `0123456` Parse quoted fields (G)")
        );
        assert!(lines.contains("\n M src/lib.rs\n"));
        assert!(lines.contains("\n?? notes.txt\n"));
        assert!(lines.contains("\nR  src/old.rs -> src/new.rs\n"));
        // 121 changes scaled into 40 columns, the one insertion still visible.
        assert!(lines.contains(&format!(" src/lib.rs | 121 +{}\n", "-".repeat(39))));
        assert!(lines.contains(" logo.png   | Bin\n"));
        assert!(lines.contains(" 2 files changed, 1 insertion(+), 120 deletions(-)\n```"));
    }

    #[test]
    fn says_when_there_is_no_repository_or_no_change() {
        let none = workspace_lines(&ev(None, None), None);
        assert_eq!(none.len(), 1);
        assert!(none[0].contains("No git repository"));
        let clean = GitState {
            root: "/r".into(),
            branch: None,
            head: None,
            ..GitState::default()
        };
        let lines = workspace_lines(&ev(Some(clean), None), None).join("\n");
        assert!(lines.contains("detached HEAD"));
        assert!(lines.contains("no commits yet"));
        assert!(lines.contains("working tree clean"));
    }

    #[test]
    fn an_old_session_says_what_happened_since_and_labels_the_status_as_today() {
        let since = Since {
            session_ended: "2026-01-05T14:03:00Z".parse().unwrap(),
            later_commits: 12,
            capped: false,
            files_changed_after: vec!["src/lib.rs".into()],
        };
        let lines = workspace_lines(&ev(Some(repo()), Some(since.clone())), None).join("\n");
        assert!(lines.contains(
            "- **Since the session** (ended 2026-01-05 14:03 UTC): 12 later commit(s) on HEAD; of the session's files, `src/lib.rs` changed after it (G)"
        ), "{lines}");
        assert!(
            lines.contains("- **Status today** (not the session's end state): 3 changed path(s)")
        );
        // Nothing after the session: the note reads as before.
        let live = Since {
            later_commits: 0,
            files_changed_after: Vec::new(),
            ..since
        };
        let lines = workspace_lines(&ev(Some(repo()), Some(live)), None).join("\n");
        assert!(!lines.contains("Since the session") && lines.contains("- **Status:** 3 changed"));
    }

    #[test]
    fn an_operation_in_progress_names_its_conflicts_and_how_to_finish_or_abort() {
        let mut g = repo();
        g.status.push(StatusEntry {
            path: "src/parse.rs".into(),
            old_path: None,
            index: "U".into(),
            worktree: "U".into(),
        });
        g.operation = Some(Operation {
            kind: OperationKind::Rebase,
            commit: Some("89abcdef0123456789abcdef0123456789abcdef".into()),
            subject: Some("fix/parser".into()),
            step: Some((2, 3)),
        });
        let lines = workspace_lines(&ev(Some(g.clone()), None), None).join("\n");
        assert!(
            lines.contains(
                "- **In progress:** a `git rebase` (fix/parser) at `89abcde`, step 2 of 3; 1 conflicted path(s): `src/parse.rs`; resolve them and `git add` each, then `git rebase --continue`; or give it up with `git rebase --abort` (G)"
            ),
            "{lines}"
        );
        assert!(lines.contains("\nUU src/parse.rs\n"), "{lines}");
        g.status.pop();
        g.operation = Some(Operation {
            kind: OperationKind::Bisect,
            commit: None,
            subject: Some("main".into()),
            step: None,
        });
        let lines = workspace_lines(&ev(Some(g), None), None).join("\n");
        assert!(lines.contains("a `git bisect` (main); mark the checked-out commit with `git bisect good` or `git bisect bad`; or give it up with `git bisect reset` (G)"), "{lines}");
    }

    #[test]
    fn an_unreadable_repository_is_not_called_missing() {
        let e = Evidence {
            git_unavailable: Some("git state unavailable: reading the repository at /r did not finish (timed out after 20 s)".into()),
            ..Evidence::default()
        };
        let lines = workspace_lines(&e, None);
        assert_eq!(
            lines,
            [
                "- Git state unavailable: the workspace state is unknown (reading the repository at /r did not finish (timed out after 20 s))."
            ]
        );
    }

    #[test]
    fn a_long_status_is_cut_and_counted() {
        let mut g = repo();
        g.status = (0..MAX_STATUS_LINES + 5)
            .map(|i| StatusEntry {
                path: format!("f{i}.txt"),
                old_path: None,
                index: "?".into(),
                worktree: "?".into(),
            })
            .collect();
        let lines = workspace_lines(&ev(Some(g), None), None);
        assert_eq!(
            lines.iter().filter(|l| l.starts_with("?? ")).count(),
            MAX_STATUS_LINES
        );
        assert!(lines.contains(&"… 5 more path(s)".to_string()), "{lines:?}");
    }
}
