//! End-to-end tests: the real `handoff` binary on real fixtures (one test binary, for link time).

mod support;

mod batch;
mod cli;
mod corpus;
mod eval;
mod git;
mod llm;
mod llm_faults;
mod real_server;
mod summarize;
mod test_results;
mod transcripts_a;
mod transcripts_b;
mod validate;
