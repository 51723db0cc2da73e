//! Benchmarks for evidence collection (run with `cargo bench`).

fn main() {
    divan::main();
}
