//! Benchmarks for evidence collection (run with `cargo bench`).
//!
//! `git_collect_20k_files`: a repository of 20,000 committed files (in 400 directories), of
//! which 50 are modified in the worktree, 10 staged, 5 deleted, plus 100 untracked files, read
//! with `handoff::collect_git`. The repository is built once with git2.

use git2::{IndexAddOption, Repository, Signature, Time};
use std::path::{Path, PathBuf};
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const FILES: usize = 20_000;
const DIRS: usize = 400;

struct BenchRepo {
    _tmp: tempfile::TempDir,
    dir: PathBuf,
}

static REPO: LazyLock<BenchRepo> = LazyLock::new(build_repo);

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
    // otherwise every entry is "racily clean" and each collection re-hashes all 20,000 files.
    std::thread::sleep(std::time::Duration::from_millis(1100));
    let mut index = repo.index().expect("index");
    index
        .update_all(["*"], None)
        .expect("refresh index entries");
    index.write().expect("rewrite index");

    for i in (0..FILES).step_by(FILES / 50) {
        std::fs::write(file_path(&dir, i), file_body(i, " + 1")).expect("modify");
    }
    for i in (7..FILES).step_by(FILES / 10) {
        std::fs::write(file_path(&dir, i), file_body(i, " * 2")).expect("modify");
        let rel = file_path(Path::new(""), i);
        index.add_path(&rel).expect("stage");
    }
    index.write().expect("write index");
    for i in (13..FILES).step_by(FILES / 5) {
        std::fs::remove_file(file_path(&dir, i)).expect("delete");
    }
    std::fs::create_dir_all(dir.join("scratch/deep")).expect("mkdir");
    for i in 0..100 {
        std::fs::write(dir.join(format!("scratch/deep/new{i}.txt")), "new\n").expect("write");
    }
    std::fs::create_dir_all(dir.join("target/debug")).expect("mkdir");
    for i in 0..1000 {
        std::fs::write(dir.join(format!("target/debug/obj{i}.o")), "ignored\n").expect("write");
    }
    BenchRepo { _tmp: tmp, dir }
}

#[divan::bench(sample_count = 10)]
fn git_collect_20k_files(bencher: divan::Bencher) {
    let repo = &*REPO;
    bencher.bench(|| {
        let state = handoff::collect_git(divan::black_box(&repo.dir))
            .expect("collect")
            .expect("repository");
        assert_eq!(state.status.len(), 50 + 10 + 5 + 100);
        state
    });
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
