//! Benchmarks for evidence collection (run with `cargo bench --bench collect`).
//!
//! Git, against the git CLI in the same run (issue 19): a repository of 38,000 committed files
//! (in 400 directories), of which 200 are changed (150 modified in the worktree, 40 staged, 10
//! deleted) plus 50 untracked files, read with `handoff::collect_git`
//! (`git_collect_38k_files`) and with `git status --porcelain -uall` followed by `git diff
//! --stat HEAD` (`git_cli_status_and_diff_stat_38k_files`). The goal is a ratio of at most
//! 1.0. The repository is built once with git2, its index refreshed as a working repository's
//! is.

use git2::{IndexAddOption, Repository, Signature, Time};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

fn main() {
    divan::main();
    // Statics are never dropped: remove the 38,000-file repository explicitly.
    if let Some(repo) = REPO.get() {
        let _ = std::fs::remove_dir_all(repo._tmp.path());
    }
}

const FILES: usize = 38_000;
const DIRS: usize = 400;
const MODIFIED: usize = 150;
const STAGED: usize = 40;
const DELETED: usize = 10;
const UNTRACKED: usize = 50;

struct BenchRepo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

static REPO: OnceLock<BenchRepo> = OnceLock::new();

fn repo() -> &'static BenchRepo {
    REPO.get_or_init(build_repo)
}

fn file_path(dir: &Path, i: usize) -> PathBuf {
    dir.join(format!("src/mod{:03}/file{i:05}.rs", i % DIRS))
}

fn file_body(i: usize, edit: &str) -> String {
    format!(
        "//! File {i}.\n\npub struct Item{i} {{\n    value: u64,\n}}\n\nimpl Item{i} {{\n    pub fn value(&self) -> u64 {{\n        self.value{edit}\n    }}\n}}\n\npub fn make_{i}() -> Item{i} {{\n    Item{i} {{ value: {i} }}\n}}\n"
    )
}

fn build_repo() -> BenchRepo {
    let tmp = tempfile::tempdir().expect("temp dir");
    let dir = tmp.path().join("big");
    let repo = Repository::init(&dir).expect("git init");
    for d in 0..DIRS {
        std::fs::create_dir_all(dir.join(format!("src/mod{d:03}"))).expect("mkdir");
    }
    for i in 0..FILES {
        std::fs::write(file_path(&dir, i), file_body(i, "")).expect("write");
    }
    std::fs::write(dir.join(".gitignore"), "target/\n").expect("write");
    let mut index = repo.index().expect("index");
    index
        .add_all(["*"], IndexAddOption::DEFAULT, None)
        .expect("add all");
    index.write().expect("write index");
    let tree_id = index.write_tree().expect("write tree");
    let tree = repo.find_tree(tree_id).expect("tree");
    let sig = Signature::new("Bench", "bench@example.com", &Time::new(1_767_323_045, 0))
        .expect("signature");
    repo.commit(Some("HEAD"), &sig, &sig, "Initial import", &tree, &[])
        .expect("commit");
    // Rewrite the index once the files are older than it, as a working repository's index is:
    // otherwise every entry is "racily clean" and each collection re-hashes all the files.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let mut index = repo.index().expect("index");
    index
        .update_all(["*"], None)
        .expect("refresh index entries");
    index.write().expect("rewrite index");

    let step = FILES / (MODIFIED + STAGED + DELETED);
    let mut changed = (0..FILES).step_by(step);
    for i in changed.by_ref().take(MODIFIED) {
        std::fs::write(file_path(&dir, i), file_body(i, " + 1")).expect("modify");
    }
    for i in changed.by_ref().take(STAGED) {
        std::fs::write(file_path(&dir, i), file_body(i, " * 2")).expect("modify");
        let rel = file_path(Path::new(""), i);
        index.add_path(&rel).expect("stage");
    }
    index.write().expect("write index");
    for i in changed.take(DELETED) {
        std::fs::remove_file(file_path(&dir, i)).expect("delete");
    }
    // Untracked files in tracked folders: each is its own status entry.
    for i in 0..UNTRACKED {
        std::fs::write(
            dir.join(format!("src/mod{i:03}/new{i}.rs")),
            "pub fn new() {}\n",
        )
        .expect("write");
    }
    std::fs::create_dir_all(dir.join("target/debug")).expect("mkdir");
    for i in 0..1000 {
        std::fs::write(dir.join(format!("target/debug/obj{i}.o")), "ignored\n").expect("write");
    }
    BenchRepo { _tmp: tmp, dir }
}

#[divan::bench(sample_count = 10)]
fn git_collect_38k_files(bencher: divan::Bencher) {
    let repo = repo();
    bencher.bench(|| {
        let state = handoff::collect_git(divan::black_box(&repo.dir))
            .expect("collect")
            .expect("repository");
        assert_eq!(state.status.len(), MODIFIED + STAGED + DELETED + UNTRACKED);
        assert_eq!(state.diffstat.files, MODIFIED + STAGED + DELETED);
        state
    });
}

/// The floor: what the git CLI needs for the same facts (status, then the diffstat).
#[divan::bench(sample_count = 10)]
fn git_cli_status_and_diff_stat_38k_files(bencher: divan::Bencher) {
    let repo = repo();
    let git = |args: &[&str]| {
        let out = std::process::Command::new("git")
            .args(args)
            .current_dir(&repo.dir)
            .env("GIT_OPTIONAL_LOCKS", "0")
            .output()
            .expect("git runs");
        assert!(out.status.success(), "git {args:?} failed");
        out.stdout.len()
    };
    bencher.bench(|| git(&["status", "--porcelain", "-uall"]) + git(&["diff", "--stat", "HEAD"]));
}

/// Test-output parsing: transcripts call `parse_output` on every test command's output, so
/// both recognising a summary and rejecting ordinary output must stay cheap.
mod test_output {
    use handoff::parse_output;

    fn cargo_output(tests: usize) -> String {
        let mut s = String::from("running tests\n");
        for i in 0..tests {
            s.push_str(&format!("test module::case_{i} ... ok\n"));
        }
        s.push_str(&format!(
            "\ntest result: ok. {tests} passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 1.00s\n"
        ));
        s
    }

    fn build_log(lines: usize) -> String {
        (0..lines)
            .map(|i| {
                format!("   Compiling crate-{i} v0.1.{i} (/home/dev/project/crates/crate-{i})\n")
            })
            .collect()
    }

    #[divan::bench(args = [1_000, 10_000])]
    fn cargo_test_output(bencher: divan::Bencher, tests: usize) {
        let text = cargo_output(tests);
        bencher.bench(|| parse_output(divan::black_box(&text), None));
    }

    #[divan::bench(args = [1_000, 10_000])]
    fn ordinary_output(bencher: divan::Bencher, lines: usize) {
        let text = build_log(lines);
        bencher.bench(|| parse_output(divan::black_box(&text), None));
    }
}
