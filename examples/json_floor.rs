//! The floors `bench/scale.sh` measures `collect` against (issue 19), as whole processes on the
//! same file: every line of a JSONL session parsed into a `serde_json::Value` (what a generic
//! reader pays) or only scanned with `IgnoredAny` (what any JSON reader pays at least). Prints
//! the number of lines that parsed.
//!
//! Usage: `json_floor value|ignored FILE` (build with `cargo build --release --example json_floor`).

use std::io::BufRead;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [mode, path] = args.as_slice() else {
        eprintln!("usage: json_floor value|ignored FILE");
        std::process::exit(2);
    };
    let parse: fn(&[u8]) -> bool = match mode.as_str() {
        "value" => |l| serde_json::from_slice::<serde_json::Value>(l).is_ok(),
        "ignored" => |l| serde_json::from_slice::<serde::de::IgnoredAny>(l).is_ok(),
        _ => {
            eprintln!("json_floor: mode is value or ignored, not {mode}");
            std::process::exit(2);
        }
    };
    let file = std::fs::File::open(path).unwrap_or_else(|e| {
        eprintln!("json_floor: {path}: {e}");
        std::process::exit(2);
    });
    let mut reader = std::io::BufReader::with_capacity(256 * 1024, file);
    let mut line = Vec::new();
    let mut parsed = 0u64;
    loop {
        line.clear();
        match reader.read_until(b'\n', &mut line) {
            Ok(0) => break,
            Ok(_) => parsed += u64::from(parse(&line)),
            Err(e) => {
                eprintln!("json_floor: {path}: {e}");
                std::process::exit(2);
            }
        }
    }
    println!("{parsed}");
}
