//! End-to-end tests: the real `handoff` binary on real fixtures (one test binary, for link time).

mod support;

mod cli;
mod git;
mod corpus;
mod eval;
mod transcripts_a;
mod transcripts_b;
mod validate;
mod llm;
mod summarize;
mod test_results;
