//! Benchmarks for evidence collection (run with `cargo bench`).

fn main() {
    divan::main();
}

/// Test-output parsing: transcripts call `parse_output` on every test command's output, so
/// both recognising a summary and rejecting ordinary output must stay cheap.
mod test_output {
    use handoff::evidence::test_results::parse_output;

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
