//! Model configuration: environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `HANDOFF_MODEL`),
//! flags, and a TOML config file with named profiles.

use crate::cli::ModelArgs;

/// A resolved model configuration. Its `Debug` never shows the key.
#[derive(Clone)]
pub struct ModelConfig {
    /// Base URL, e.g. `https://api.openai.com/v1`.
    pub base_url: String,
    /// Model name.
    pub model: String,
    /// API key, if any (local servers often need none).
    pub api_key: Option<String>,
}

impl std::fmt::Debug for ModelConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelConfig")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "[REDACTED]"))
            .finish()
    }
}

/// Resolves the model configuration; `Ok(None)` when no model is configured (the offline
/// drafter is then used).
pub fn resolve(args: &ModelArgs) -> crate::Result<Option<ModelConfig>> {
    let _ = args;
    Ok(None)
}
