//! The floors `bench/tokens.sh` measures `handoff tokens` against (issue 19), as whole
//! processes on the same file, vocabulary build included: bpe-openai's `count` (the fastest
//! counter known here that gives tiktoken's counts) or tiktoken-rs's plain `encode_ordinary`,
//! over the whole file on one thread. Prints the count.
//!
//! Usage: `tokens_floor bpe-openai|tiktoken o200k_base|cl100k_base FILE` (build with
//! `cargo build --release --features bpe-floor --example tokens_floor`).

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [engine, encoding, path] = args.as_slice() else {
        eprintln!("usage: tokens_floor bpe-openai|tiktoken o200k_base|cl100k_base FILE");
        std::process::exit(2);
    };
    let text = std::fs::read(path).unwrap_or_else(|e| {
        eprintln!("tokens_floor: {path}: {e}");
        std::process::exit(2);
    });
    let text = String::from_utf8_lossy(&text);
    let count = match (engine.as_str(), encoding.as_str()) {
        ("bpe-openai", "o200k_base") => bpe_openai::o200k_base().count(text.as_ref()),
        ("bpe-openai", "cl100k_base") => bpe_openai::cl100k_base().count(text.as_ref()),
        ("tiktoken", "o200k_base") => tiktoken_rs::o200k_base_singleton()
            .encode_ordinary(&text)
            .len(),
        ("tiktoken", "cl100k_base") => tiktoken_rs::cl100k_base_singleton()
            .encode_ordinary(&text)
            .len(),
        _ => {
            eprintln!(
                "tokens_floor: engine bpe-openai or tiktoken, encoding o200k_base or cl100k_base"
            );
            std::process::exit(2);
        }
    };
    println!("{count}");
}
