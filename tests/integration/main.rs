//! End-to-end tests: the real `handoff` binary on real fixtures (one test binary, for link time).

mod support;

mod cli;
mod transcripts_b;
mod git;
mod test_results;
mod corpus;
mod transcripts_a;
mod summarize;
mod llm;
mod validate;
mod eval;
