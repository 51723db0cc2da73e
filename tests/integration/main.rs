//! End-to-end tests: the real `handoff` binary on real fixtures (one test binary, for link time).

mod support;

mod batch;
mod chunked;
mod cli;
mod conventions;
mod corpus;
mod eval;
mod fidelity;
mod first_use;
mod git;
mod hooks;
mod init;
mod llm;
mod llm_faults;
mod real_server;
mod repair;
mod security;
mod summarize;
mod test_results;
mod transcripts_claude_codex_cursor;
mod transcripts_other_agents;
mod validate;
