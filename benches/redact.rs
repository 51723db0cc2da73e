//! Redaction throughput on long keyword-dense texts (run with `cargo bench --bench redact`):
//! outputs of code are full of `key`, `token`, `auth` and `x-`, so most keywords of the rules
//! occur in them and their patterns run; this measures that each runs only near its keywords'
//! hits (`redact::find`), on many lines and on one long line (minified JSON).

use divan::counter::BytesCount;
use std::sync::LazyLock;

fn main() {
    divan::main();
}

const BYTES: usize = 4 * 1024 * 1024;

/// A TypeScript build log about an auth store: every line holds several keywords, a few hold
/// secrets.
static LOG: LazyLock<String> = LazyLock::new(|| {
    let mut s = String::with_capacity(BYTES + 256);
    let mut i = 0;
    while s.len() < BYTES {
        s += &format!(
            "src/auth/tokenStore{i}.ts(12,5): error TS2322: Type 'string' is not assignable to type 'keyof Session' (api_key, x-auth-token, password).\n"
        );
        if i % 1000 == 0 {
            s += &format!(
                "  DB_PASSWORD=hunter2prod{i} curl -u admin:s3cret{i}pass https://example.org\n"
            );
        }
        i += 1;
    }
    s
});

/// The same kind of text as one line of minified JSON.
static JSON_LINE: LazyLock<String> = LazyLock::new(|| {
    let mut s = String::with_capacity(BYTES + 256);
    s.push('[');
    let mut i = 0;
    while s.len() < BYTES {
        s += &format!(
            r#"{{"id":{i},"key":"item_{i}","token_count":{i},"auth":"none","headers":{{"x-request-id":"r{i}"}}}},"#
        );
        if i % 1000 == 0 {
            s += &format!(
                r#"{{"password":"hunter2prod{i}","url":"https://admin:s3cret{i}@db.example.org"}},"#
            );
        }
        i += 1;
    }
    s.push(']');
    s
});

#[divan::bench(sample_count = 5)]
fn redact_keyword_dense_log(bencher: divan::Bencher) {
    let text: &str = &LOG;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| handoff::redact(divan::black_box(text)).len());
}

#[divan::bench(sample_count = 5)]
fn redact_one_long_json_line(bencher: divan::Bencher) {
    let text: &str = &JSON_LINE;
    bencher
        .counter(BytesCount::new(text.len()))
        .bench(|| handoff::redact(divan::black_box(text)).len());
}
