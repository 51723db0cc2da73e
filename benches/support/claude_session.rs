//! A realistic Claude Code session of any size, generated once into `target/bench-data/`
//! (shared by the `transcript` and `hook` benchmarks).

use std::io::Write;
use std::path::PathBuf;

/// `target/bench-data/<name>`, generated at `target_bytes` or more unless it is there already.
pub fn session_file(name: &str, target_bytes: u64) -> PathBuf {
    generated_file(name, target_bytes, turn_records)
}

/// `target/bench-data/<name>`: the records of `turn(0)`, `turn(1)`, … one a line until
/// `target_bytes` are written, unless the file is there already.
pub fn generated_file(
    name: &str,
    target_bytes: u64,
    mut turn_records: impl FnMut(u64) -> Vec<String>,
) -> PathBuf {
    let dir = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("target"))
        .join("bench-data");
    let path = dir.join(name);
    if std::fs::metadata(&path).is_ok_and(|m| m.len() >= target_bytes) {
        return path;
    }
    std::fs::create_dir_all(&dir).expect("create bench-data dir");
    let tmp = dir.join(format!("{name}.partial"));
    let mut out = std::io::BufWriter::new(std::fs::File::create(&tmp).expect("create bench data"));
    let mut written = 0u64;
    let mut turn = 0u64;
    while written < target_bytes {
        for line in turn_records(turn) {
            out.write_all(line.as_bytes()).expect("write");
            out.write_all(b"\n").expect("write");
            written += line.len() as u64 + 1;
        }
        turn += 1;
    }
    out.flush().expect("flush");
    drop(out);
    std::fs::rename(&tmp, &path).expect("rename bench data");
    path
}

/// One realistic turn: prompt, split response, Bash call + result, Edit + result (with the
/// original file), progress records, a file-history snapshot, a failing test run.
fn turn_records(turn: u64) -> Vec<String> {
    let env = |ty: &str, uuid: String| {
        serde_json::json!({
            "parentUuid": format!("p-{turn}"), "isSidechain": false, "userType": "external",
            "cwd": "/Users/dev/work/shop", "sessionId": "0b9f2c1e-5d7a-4c8e-9f00-1234567890ab",
            "version": "2.1.121", "gitBranch": if turn % 500 < 250 { "feat/cart" } else { "main" },
            "type": ty, "uuid": uuid,
            "timestamp": format!("2026-05-04T{:02}:{:02}:{:02}.000Z", (turn / 3600) % 24, (turn / 60) % 60, turn % 60),
        })
    };
    let with = |mut v: serde_json::Value, k: &str, x: serde_json::Value| {
        v[k] = x;
        v.to_string()
    };
    let code_line =
        "    const total = items.reduce((sum, item) => sum + item.price * item.qty, 0);\n";
    let original = code_line.repeat(300);
    let output: String = (0..120)
        .map(|i| format!("  ✓ cart › computes totals for case {i} ({} ms)\n", i % 17))
        .collect();
    let msg = |id: &str, block: serde_json::Value| {
        serde_json::json!({
            "model": "claude-opus-4-7", "id": id, "type": "message", "role": "assistant",
            "content": [block], "stop_reason": null,
            "usage": {"input_tokens": 6, "cache_creation_input_tokens": 17512, "cache_read_input_tokens": 14909, "output_tokens": 208}
        })
    };
    let m1 = format!("msg_{turn}_a");
    let m2 = format!("msg_{turn}_b");
    vec![
        with(
            env("user", format!("u{turn}")),
            "message",
            serde_json::json!({"role": "user", "content": format!("Please make the cart total include discounts (step {turn}) and run the tests.")}),
        ),
        with(
            env("assistant", format!("a{turn}-1")),
            "message",
            msg(&m1, serde_json::json!({"type": "thinking", "thinking": "The total is computed in cart.ts; discounts live in pricing.ts. ".repeat(8), "signature": "x".repeat(400)})),
        ),
        with(
            env("assistant", format!("a{turn}-2")),
            "message",
            msg(&m1, serde_json::json!({"type": "text", "text": "I'll update the total computation and then run the test suite."})),
        ),
        with(
            env("assistant", format!("a{turn}-3")),
            "message",
            msg(&m1, serde_json::json!({"type": "tool_use", "id": format!("toolu_e{turn}"), "name": "Edit", "input": {"file_path": format!("/Users/dev/work/shop/src/cart{}.ts", turn % 40), "old_string": code_line, "new_string": code_line.replace("item.price", "discounted(item)")}})),
        ),
        with(
            with(
                env("user", format!("r{turn}-1")),
                "message",
                serde_json::json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": format!("toolu_e{turn}"), "content": "The file has been updated successfully."}]}),
            )
            .parse::<serde_json::Value>()
            .expect("json"),
            "toolUseResult",
            serde_json::json!({"filePath": format!("/Users/dev/work/shop/src/cart{}.ts", turn % 40), "oldString": code_line, "originalFile": original, "structuredPatch": [{"oldStart": 10, "oldLines": 1, "newStart": 10, "newLines": 1, "lines": ["-a", "+b"]}]}),
        ),
        with(
            env("progress", format!("g{turn}")),
            "data",
            serde_json::json!({"type": "hook_progress", "hookEvent": "PostToolUse", "hookName": "PostToolUse:Edit", "command": "prettier --write"}),
        ),
        with(
            env("assistant", format!("a{turn}-4")),
            "message",
            msg(&m2, serde_json::json!({"type": "tool_use", "id": format!("toolu_b{turn}"), "name": "Bash", "input": {"command": "cd /Users/dev/work/shop && pnpm test -- --run cart 2>&1", "description": "Run cart tests"}})),
        ),
        with(
            with(
                env("user", format!("r{turn}-2")),
                "message",
                serde_json::json!({"role": "user", "content": [{"type": "tool_result", "tool_use_id": format!("toolu_b{turn}"), "content": format!("Exit code 1\n{output} FAIL  cart › applies stacked discounts\n Tests  1 failed | 120 passed (121)"), "is_error": true}]}),
            )
            .parse::<serde_json::Value>()
            .expect("json"),
            "toolUseResult",
            serde_json::json!(format!("Error: Exit code 1\n{output}")),
        ),
        with(
            env("file-history-snapshot", format!("f{turn}")),
            "snapshot",
            serde_json::json!({"messageId": format!("u{turn}"), "trackedFileBackups": {format!("src/cart{}.ts", turn % 40): {"backupFileName": format!("{turn:016x}@v2"), "version": 2}}}),
        ),
        with(
            env("assistant", format!("a{turn}-5")),
            "message",
            msg(&m2, serde_json::json!({"type": "text", "text": "One case fails: stacked discounts are applied twice. I'll fix the reducer next."})),
        ),
    ]
}
