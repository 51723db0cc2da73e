//! Model configuration: environment (`OPENAI_API_KEY`, `OPENAI_BASE_URL`, `HANDOFF_MODEL`),
//! flags, and a TOML config file with named profiles.
//!
//! Precedence, highest first: flags, environment, the chosen profile (from the file, else a
//! built-in one), built-in defaults. The profile is `--profile`, else `HANDOFF_PROFILE`, else the
//! file's `default_profile`. No model anywhere means "draft offline": [`resolve`] returns `None`.

use crate::tokens::{self, Encoding};
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Where the API lives when nothing says otherwise (as in the OpenAI SDKs).
pub(crate) const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
/// Environment variable read for the key unless `--api-key-env` or the profile names another.
pub(crate) const DEFAULT_API_KEY_ENV: &str = "OPENAI_API_KEY";

/// The default deadline for the model step of one note (`--timeout`): a user waiting before
/// `/clear` gets a note or a clear error within five minutes, however the server behaves.
pub(crate) const DEFAULT_DEADLINE: Duration = Duration::from_secs(300);

/// The default longest silence mid-stream (`--idle-timeout`).
pub(crate) const DEFAULT_IDLE_TIMEOUT: Duration = Duration::from_secs(60);

/// Hosted APIs that answer every request without a key with 401: a run that has no key for one
/// of them says so before anything is sent. A host matches itself and its subdomains.
pub(crate) const KEY_REQUIRED_HOSTS: &[&str] = &[
    "api.openai.com",
    "openai.azure.com",
    "openrouter.ai",
    "api.anthropic.com",
    "api.groq.com",
    "api.together.xyz",
    "api.mistral.ai",
    "api.deepseek.com",
    "api.fireworks.ai",
    "generativelanguage.googleapis.com",
];

/// Whether `base_url` is a hosted API of [`KEY_REQUIRED_HOSTS`].
pub(crate) fn needs_key(base_url: &str) -> bool {
    let Some(host) = reqwest::Url::parse(base_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
    else {
        return false;
    };
    KEY_REQUIRED_HOSTS
        .iter()
        .any(|h| host == *h || host.ends_with(&format!(".{h}")))
}

/// How the output-token cap is sent: the field name differs between servers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum MaxTokensField {
    /// `max_tokens`: vLLM, llama.cpp, Ollama, LM Studio, most proxies.
    MaxTokens,
    /// `max_completion_tokens`: OpenAI (required by reasoning models).
    MaxCompletionTokens,
}

impl MaxTokensField {
    /// The JSON field name.
    pub fn name(self) -> &'static str {
        match self {
            MaxTokensField::MaxTokens => "max_tokens",
            MaxTokensField::MaxCompletionTokens => "max_completion_tokens",
        }
    }
}

/// How the model is asked for structure. Each step down is a fallback for servers that refuse
/// the one above.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ResponseMode {
    /// `response_format: {type: json_schema, strict: true}` (structured outputs).
    JsonSchema,
    /// `response_format: {type: json_object}` (JSON mode), schema described in the prompt.
    JsonObject,
    /// No `response_format`; the model writes the note in Markdown and we parse it.
    Markdown,
}

impl ResponseMode {
    /// The next fallback, if any.
    pub fn fallback(self) -> Option<ResponseMode> {
        match self {
            ResponseMode::JsonSchema => Some(ResponseMode::JsonObject),
            ResponseMode::JsonObject => Some(ResponseMode::Markdown),
            ResponseMode::Markdown => None,
        }
    }

    /// Name as written in the config file.
    pub fn name(self) -> &'static str {
        match self {
            ResponseMode::JsonSchema => "json_schema",
            ResponseMode::JsonObject => "json_object",
            ResponseMode::Markdown => "markdown",
        }
    }
}

/// What the caller sets over the config file and the environment: the model flags of
/// `summarize`, `eval` and `config show`, as plain data (`cli.rs` fills it from the flags).
#[derive(Debug, Clone, Default)]
pub struct Overrides {
    /// Draft offline even when a model is configured.
    pub offline: bool,
    /// Model name.
    pub model: Option<String>,
    /// Base URL of an OpenAI-compatible API.
    pub base_url: Option<String>,
    /// Named profile.
    pub profile: Option<String>,
    /// Config file to read instead of the default.
    pub config: Option<PathBuf>,
    /// Environment variable that holds the API key.
    pub api_key_env: Option<String>,
    /// Allow a plain-http base URL that is not loopback.
    pub allow_insecure_http: bool,
    /// Prompt budget in tokens.
    pub budget: Option<usize>,
    /// Context window in tokens.
    pub context: Option<usize>,
    /// Token encoding used for budgeting.
    pub encoding: Option<crate::tokens::Encoding>,
    /// Upper bound on the tokens the model may write.
    pub max_output_tokens: Option<u32>,
    /// Directory overriding the built-in prompts.
    pub prompt_dir: Option<PathBuf>,
    /// Send and write secrets as they are.
    pub no_redact: bool,
    /// `--no-repair`: no repair round after validation.
    pub no_repair: bool,
    /// `--max-chunks`: chunk requests at most for a session larger than the budget.
    pub max_chunks: Option<usize>,
    /// Stream the answer.
    pub stream: bool,
    /// Deadline in seconds for the whole model step of a note.
    pub timeout: Option<u64>,
    /// Seconds of silence mid-stream before a stream is given up.
    pub idle_timeout: Option<u64>,
    /// Retries on transient failures.
    pub max_retries: Option<u32>,
}

/// A resolved model configuration. Its `Debug` never shows the key.
#[derive(Clone)]
pub struct ModelConfig {
    /// Base URL, e.g. `https://api.openai.com/v1` (no trailing `/`).
    pub base_url: String,
    /// Model name.
    pub model: String,
    /// API key, if any (local servers often need none).
    pub api_key: Option<String>,
    /// Where the key came from (an environment variable name), for error messages.
    pub api_key_env: String,
    /// The profile used, if any.
    pub profile: Option<String>,
    /// Field name for the output cap.
    pub max_tokens_field: MaxTokensField,
    /// Output cap in tokens.
    pub max_output_tokens: u32,
    /// Context window in tokens.
    pub context_window: usize,
    /// Explicit prompt budget (`--budget`), overriding the computed one.
    pub budget: Option<usize>,
    /// Encoding used to count tokens.
    pub encoding: Encoding,
    /// First structured-output mode to try.
    pub response_mode: ResponseMode,
    /// Stream the answer.
    pub stream: bool,
    /// Limit on establishing a connection.
    pub connect_timeout: Duration,
    /// Deadline for the whole model step of one note: every request, retry, fallback and wait
    /// (waits for a shared rate limiter's budget excepted).
    pub timeout: Duration,
    /// Longest silence mid-answer before a stream counts as stalled.
    pub idle_timeout: Duration,
    /// Retries on transient failures.
    pub max_retries: u32,
    /// The longest server retry hint we wait for; longer hints give up at once.
    pub retry_after_cap: Duration,
    /// Sampling temperature, when set (reasoning models accept only the default).
    pub temperature: Option<f32>,
    /// Prompt files overriding the built-in ones.
    pub prompt_dir: Option<PathBuf>,
    /// Redact secrets before sending and writing (off only with `--no-redact`).
    pub redact: bool,
    /// Send the validator's findings back once and keep the better draft (off with
    /// `--no-repair`).
    pub repair: bool,
    /// Chunk requests at most when the session does not fit the budget (its older part is
    /// summarised first; 0: trimmed instead).
    pub max_chunks: usize,
}

impl std::fmt::Debug for ModelConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ModelConfig")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .field("api_key", &self.api_key.as_ref().map(|_| "[REDACTED]"))
            .field("api_key_env", &self.api_key_env)
            .field("profile", &self.profile)
            .field("max_tokens_field", &self.max_tokens_field)
            .field("max_output_tokens", &self.max_output_tokens)
            .field("context_window", &self.context_window)
            .field("budget", &self.budget)
            .field("encoding", &self.encoding)
            .field("response_mode", &self.response_mode)
            .field("stream", &self.stream)
            .field("timeout", &self.timeout)
            .field("idle_timeout", &self.idle_timeout)
            .field("max_retries", &self.max_retries)
            .finish_non_exhaustive()
    }
}

impl ModelConfig {
    /// A configuration for `model` at `base_url` with every other setting at its default.
    pub fn new(base_url: &str, model: &str) -> ModelConfig {
        let base_url = base_url.trim_end_matches('/').to_string();
        let openai = is_openai(&base_url);
        ModelConfig {
            max_tokens_field: if openai {
                MaxTokensField::MaxCompletionTokens
            } else {
                MaxTokensField::MaxTokens
            },
            max_output_tokens: default_max_output(model),
            context_window: tokens::context_window(model).unwrap_or(tokens::DEFAULT_CONTEXT_WINDOW),
            encoding: Encoding::for_model(model),
            base_url,
            model: model.to_string(),
            api_key: None,
            api_key_env: DEFAULT_API_KEY_ENV.to_string(),
            profile: None,
            budget: None,
            response_mode: ResponseMode::JsonSchema,
            stream: false,
            connect_timeout: Duration::from_secs(10),
            timeout: DEFAULT_DEADLINE,
            idle_timeout: DEFAULT_IDLE_TIMEOUT,
            max_retries: 2,
            retry_after_cap: Duration::from_secs(120),
            temperature: None,
            prompt_dir: None,
            redact: true,
            repair: true,
            max_chunks: crate::prompt::chunk::DEFAULT_MAX_CHUNKS,
        }
    }

    /// The settings `summarize --dry-run` uses when no model is configured: the prompt is built
    /// as it would be for the default model, nothing is sent.
    pub fn preview(args: &Overrides) -> ModelConfig {
        let mut cfg = ModelConfig::new(
            args.base_url.as_deref().unwrap_or(DEFAULT_BASE_URL),
            args.model.as_deref().unwrap_or("gpt-4o-mini"),
        );
        apply_flags(&mut cfg, args);
        cfg
    }

    /// The settings of `eval --replay` and `eval --dump-prompts`: the recordings' model name, a
    /// 128k-token window and `o200k_base`, then the flags. Both build the prompt with these, so
    /// a dumped prompt is the one a replay checks. No repair round: a recording holds the answer
    /// to the first request only.
    pub fn replay(args: &Overrides, base_url: &str) -> ModelConfig {
        let mut cfg = ModelConfig::new(base_url, crate::eval::replay::REPLAY_MODEL);
        cfg.context_window = 128_000;
        cfg.encoding = Encoding::O200kBase;
        apply_flags(&mut cfg, args);
        cfg.repair = false;
        cfg
    }

    /// The prompt budget: `--budget`, else context window − reserved output − margin.
    pub fn prompt_budget(&self) -> usize {
        if let Some(b) = self.budget {
            return b;
        }
        let ctx = self.context_window;
        let reserved = (self.max_output_tokens as usize).min(ctx / 2);
        let margin = (ctx / 20).max(256);
        ctx.saturating_sub(reserved).saturating_sub(margin).max(512)
    }

    /// `server URL (model M)` for messages.
    pub fn server_label(&self) -> String {
        format!("{} (model {})", self.base_url, self.model)
    }
}

fn is_openai(base_url: &str) -> bool {
    reqwest::Url::parse(base_url)
        .ok()
        .and_then(|u| u.host_str().map(str::to_ascii_lowercase))
        .is_some_and(|h| h == "api.openai.com" || h.ends_with(".openai.azure.com"))
}

/// Reasoning models spend output tokens on thinking; give them room.
fn default_max_output(model: &str) -> u32 {
    let m = model.rsplit('/').next().unwrap_or(model);
    if m.starts_with("o1") || m.starts_with("o3") || m.starts_with("o4") || m.starts_with("gpt-5") {
        16_384
    } else {
        4_096
    }
}

/// One `[profiles.NAME]` table of the config file. Every field is optional.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Profile {
    /// Base URL of the API.
    pub base_url: Option<String>,
    /// Model name.
    pub model: Option<String>,
    /// Environment variable holding the key (the key itself is never stored in the file).
    pub api_key_env: Option<String>,
    /// `max_tokens` or `max_completion_tokens`.
    pub max_tokens_field: Option<MaxTokensField>,
    /// Output cap.
    pub max_output_tokens: Option<u32>,
    /// Context window.
    pub context_window: Option<usize>,
    /// Prompt budget.
    pub budget: Option<usize>,
    /// Token encoding (`o200k_base`, `cl100k_base`).
    pub encoding: Option<String>,
    /// First structured-output mode: `json_schema`, `json_object` or `markdown`.
    pub response_format: Option<ResponseMode>,
    /// Stream answers.
    pub stream: Option<bool>,
    /// Deadline in seconds for the whole model step of a note.
    pub timeout_secs: Option<u64>,
    /// Seconds of silence mid-stream before a stream is given up.
    pub idle_timeout_secs: Option<u64>,
    /// Connect timeout in seconds.
    pub connect_timeout_secs: Option<u64>,
    /// Retries on transient failures.
    pub max_retries: Option<u32>,
    /// Sampling temperature.
    pub temperature: Option<f32>,
    /// Allow plain http to a non-loopback host.
    pub allow_insecure_http: Option<bool>,
    /// Chunk requests at most for a session larger than the budget.
    pub max_chunks: Option<usize>,
}

/// The config file.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct FileConfig {
    /// Profile used when neither `--profile` nor `HANDOFF_PROFILE` names one.
    pub default_profile: Option<String>,
    /// Named profiles.
    #[serde(default)]
    pub profiles: BTreeMap<String, Profile>,
}

/// Built-in profiles: base URL and the provider's quirks; the model comes from the user.
pub(crate) fn builtin_profile(name: &str) -> Option<Profile> {
    let p = |url: &str, field: MaxTokensField, key: Option<&str>| Profile {
        base_url: Some(url.to_string()),
        max_tokens_field: Some(field),
        api_key_env: key.map(str::to_string),
        ..Profile::default()
    };
    use MaxTokensField::*;
    Some(match name {
        "openai" => p(
            DEFAULT_BASE_URL,
            MaxCompletionTokens,
            Some("OPENAI_API_KEY"),
        ),
        "openrouter" => p(
            "https://openrouter.ai/api/v1",
            MaxTokens,
            Some("OPENROUTER_API_KEY"),
        ),
        "ollama" => p("http://localhost:11434/v1", MaxTokens, None),
        "vllm" => p("http://localhost:8000/v1", MaxTokens, None),
        "llamacpp" => p("http://localhost:8080/v1", MaxTokens, None),
        "litellm" => p("http://localhost:4000/v1", MaxTokens, None),
        // LM Studio rejects `json_object`; json_schema works, then Markdown.
        "lmstudio" => p("http://localhost:1234/v1", MaxTokens, None),
        _ => return None,
    })
}

/// Names of the built-in profiles.
pub(crate) const BUILTIN_PROFILES: &[&str] = &[
    "openai",
    "openrouter",
    "ollama",
    "vllm",
    "llamacpp",
    "litellm",
    "lmstudio",
];

/// The default config file path: `$XDG_CONFIG_HOME/handoff/config.toml` (etcetera's base
/// strategy: `~/.config/handoff/config.toml` on Linux and macOS, `%APPDATA%` on Windows).
pub(crate) fn default_path() -> crate::Result<PathBuf> {
    use etcetera::BaseStrategy;
    let strategy = etcetera::choose_base_strategy().map_err(|_| {
        crate::Error::Environment(
            "cannot find the home directory for the config file; pass --config FILE".into(),
        )
    })?;
    Ok(strategy.config_dir().join("handoff").join("config.toml"))
}

/// The config file in use: `--config`, else `HANDOFF_CONFIG`, else [`default_path`].
pub(crate) fn path(args: &Overrides) -> crate::Result<PathBuf> {
    path_with(args, &|k| std::env::var(k).ok())
}

fn path_with(args: &Overrides, env: &dyn Fn(&str) -> Option<String>) -> crate::Result<PathBuf> {
    if let Some(p) = &args.config {
        return Ok(p.clone());
    }
    if let Some(p) = env("HANDOFF_CONFIG").filter(|s| !s.is_empty()) {
        return Ok(PathBuf::from(p));
    }
    default_path()
}

/// Reads a config file. A missing file at the default path is an empty config; a missing file
/// named explicitly is an error.
pub(crate) fn load(path: &Path, explicit: bool) -> crate::Result<FileConfig> {
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound && !explicit => {
            return Ok(FileConfig::default());
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(crate::Error::input(
                path,
                "no such config file (named by --config or HANDOFF_CONFIG); write one with `handoff config init --config FILE`, or fix the path",
            ));
        }
        Err(e) => return Err(crate::Error::io(path, e)),
    };
    toml::from_str(&text).map_err(|e| {
        let msg = e.message().replace('\n', " ");
        let line = e
            .span()
            .map(|s| text[..s.start.min(text.len())].lines().count().max(1));
        crate::Error::input(
            path,
            match line {
                Some(l) => format!("line {l}: {msg}; fix the config file (see docs/llm.md)"),
                None => format!("{msg}; fix the config file (see docs/llm.md)"),
            },
        )
    })
}

/// The commented example `handoff config init` writes: every line a comment, so writing it
/// changes nothing until the user uncomments a profile.
pub(crate) const EXAMPLE: &str = include_str!("../docs/config.example.toml");

/// Writes [`EXAMPLE`] at `path` (creating its folder); an existing file is kept unless `force`.
pub(crate) fn init(path: &Path, force: bool) -> crate::Result<()> {
    if !force && std::fs::symlink_metadata(path).is_ok() {
        return Err(crate::Error::input(
            path,
            "already exists; edit it (`handoff config show` prints what it sets), or pass --force to replace it with the example",
        ));
    }
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).map_err(|e| crate::Error::io(dir, e))?;
    }
    crate::write::write_atomic(path, EXAMPLE.as_bytes(), force)
}

/// Resolves the model configuration; `Ok(None)` when no model is configured (the offline
/// drafter is then used) or `--offline` was given.
pub(crate) fn resolve(args: &Overrides) -> crate::Result<Option<ModelConfig>> {
    resolve_with(args, &|k| std::env::var(k).ok())
}

/// [`resolve`] with the environment given as a function (for tests).
pub(crate) fn resolve_with(
    args: &Overrides,
    env: &dyn Fn(&str) -> Option<String>,
) -> crate::Result<Option<ModelConfig>> {
    if args.offline {
        return Ok(None);
    }
    let env = |k: &str| env(k).filter(|v| !v.trim().is_empty());
    let explicit_file = args.config.is_some() || env("HANDOFF_CONFIG").is_some();
    let file_path = path_with(args, &env)?;
    let file = load(&file_path, explicit_file)?;

    let profile_name = args
        .profile
        .clone()
        .or_else(|| env("HANDOFF_PROFILE"))
        .or_else(|| file.default_profile.clone());
    let profile = match &profile_name {
        None => Profile::default(),
        Some(name) => {
            let builtin = builtin_profile(name);
            match (file.profiles.get(name), builtin) {
                (Some(user), Some(base)) => merge(user.clone(), base),
                (Some(user), None) => user.clone(),
                (None, Some(base)) => base,
                (None, None) => {
                    let mut known: Vec<&str> = file.profiles.keys().map(String::as_str).collect();
                    known.extend(BUILTIN_PROFILES);
                    return Err(crate::Error::Usage(format!(
                        "unknown profile {name:?} (in {}); known profiles: {}",
                        file_path.display(),
                        known.join(", ")
                    )));
                }
            }
        }
    };

    let model = args
        .model
        .clone()
        .or_else(|| env("HANDOFF_MODEL"))
        .or_else(|| profile.model.clone());
    let Some(model) = model else {
        if let Some(name) = &profile_name {
            return Err(crate::Error::input(
                file_path,
                format!(
                    "profile {name:?} names no model; add `model = \"…\"` to [profiles.{name}] or pass --model (or --offline)"
                ),
            ));
        }
        return Ok(None);
    };
    let base_url = args
        .base_url
        .clone()
        .or_else(|| env("OPENAI_BASE_URL"))
        .or_else(|| profile.base_url.clone())
        .unwrap_or_else(|| DEFAULT_BASE_URL.to_string());

    let mut cfg = ModelConfig::new(&base_url, &model);
    cfg.profile = profile_name;
    if let Some(v) = profile.max_tokens_field {
        cfg.max_tokens_field = v;
    }
    if let Some(v) = profile.max_output_tokens {
        cfg.max_output_tokens = v;
    }
    if let Some(v) = profile.context_window {
        cfg.context_window = v;
    }
    cfg.budget = profile.budget;
    if let Some(e) = &profile.encoding {
        cfg.encoding = e.parse().map_err(|m: String| {
            crate::Error::input(&file_path, format!("{m} (profile encoding)"))
        })?;
    }
    if let Some(v) = profile.response_format {
        cfg.response_mode = v;
    }
    if let Some(v) = profile.stream {
        cfg.stream = v;
    }
    if let Some(v) = profile.timeout_secs {
        cfg.timeout = Duration::from_secs(v.max(1));
    }
    if let Some(v) = profile.idle_timeout_secs {
        cfg.idle_timeout = Duration::from_secs(v.max(1));
    }
    if let Some(v) = profile.connect_timeout_secs {
        cfg.connect_timeout = Duration::from_secs(v);
    }
    if let Some(v) = profile.max_retries {
        cfg.max_retries = v;
    }
    cfg.temperature = profile.temperature;
    if let Some(v) = profile.max_chunks {
        cfg.max_chunks = v;
    }
    apply_flags(&mut cfg, args);

    cfg.api_key_env = args
        .api_key_env
        .clone()
        .or_else(|| profile.api_key_env.clone())
        .unwrap_or_else(|| DEFAULT_API_KEY_ENV.to_string());
    cfg.api_key = env(&cfg.api_key_env)
        .map(|k| k.trim().to_string())
        .filter(|k| !k.is_empty());

    let allow_http = args.allow_insecure_http || profile.allow_insecure_http.unwrap_or(false);
    check_url(&cfg.base_url, allow_http)?;
    Ok(Some(cfg))
}

/// Fills the unset fields of `user` from the built-in profile it extends.
fn merge(user: Profile, base: Profile) -> Profile {
    Profile {
        base_url: user.base_url.or(base.base_url),
        model: user.model.or(base.model),
        api_key_env: user.api_key_env.or(base.api_key_env),
        max_tokens_field: user.max_tokens_field.or(base.max_tokens_field),
        max_output_tokens: user.max_output_tokens.or(base.max_output_tokens),
        context_window: user.context_window.or(base.context_window),
        budget: user.budget.or(base.budget),
        encoding: user.encoding.or(base.encoding),
        response_format: user.response_format.or(base.response_format),
        stream: user.stream.or(base.stream),
        timeout_secs: user.timeout_secs.or(base.timeout_secs),
        idle_timeout_secs: user.idle_timeout_secs.or(base.idle_timeout_secs),
        connect_timeout_secs: user.connect_timeout_secs.or(base.connect_timeout_secs),
        max_retries: user.max_retries.or(base.max_retries),
        temperature: user.temperature.or(base.temperature),
        allow_insecure_http: user.allow_insecure_http.or(base.allow_insecure_http),
        max_chunks: user.max_chunks.or(base.max_chunks),
    }
}

fn apply_flags(cfg: &mut ModelConfig, args: &Overrides) {
    if let Some(v) = args.max_output_tokens {
        cfg.max_output_tokens = v;
    }
    if let Some(v) = args.context {
        cfg.context_window = v;
    }
    if args.budget.is_some() {
        cfg.budget = args.budget;
    }
    if let Some(v) = args.encoding {
        cfg.encoding = v;
    }
    if args.stream {
        cfg.stream = true;
    }
    if let Some(v) = args.timeout {
        cfg.timeout = Duration::from_secs(v.max(1));
    }
    if let Some(v) = args.idle_timeout {
        cfg.idle_timeout = Duration::from_secs(v.max(1));
    }
    if let Some(v) = args.max_retries {
        cfg.max_retries = v;
    }
    cfg.prompt_dir = args.prompt_dir.clone();
    cfg.redact = !args.no_redact;
    cfg.repair = !args.no_repair;
    if let Some(v) = args.max_chunks {
        cfg.max_chunks = v;
    }
}

/// Checks the base URL: http(s) only, and plain http only to loopback unless allowed.
pub(crate) fn check_url(base_url: &str, allow_insecure_http: bool) -> crate::Result<()> {
    let url = reqwest::Url::parse(base_url).map_err(|e| {
        crate::Error::Usage(format!(
            "base URL {base_url:?} is not a URL ({e}); pass e.g. --base-url http://localhost:11434/v1"
        ))
    })?;
    match url.scheme() {
        "https" => Ok(()),
        "http" if allow_insecure_http || is_loopback(&url) => Ok(()),
        "http" => Err(crate::Error::Usage(format!(
            "base URL {base_url} uses plain http to a non-loopback host: the API key and the transcript would travel unencrypted; use https, or pass --allow-insecure-http if this network is trusted"
        ))),
        other => Err(crate::Error::Usage(format!(
            "base URL {base_url} has scheme {other:?}; use http:// or https://"
        ))),
    }
}

fn is_loopback(url: &reqwest::Url) -> bool {
    let Some(host) = url.host_str() else {
        return false;
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    match host.parse::<std::net::IpAddr>() {
        Ok(ip) => ip.is_loopback(),
        Err(_) => {
            let d = host.to_ascii_lowercase();
            d == "localhost" || d.ends_with(".localhost")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn env_of(pairs: &[(&str, &str)]) -> impl Fn(&str) -> Option<String> {
        let map: HashMap<String, String> = pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        move |k| map.get(k).cloned()
    }

    #[test]
    fn hosted_apis_need_a_key_and_local_servers_do_not() {
        for url in [
            "https://api.openai.com/v1",
            "https://my-deployment.openai.azure.com/openai",
            "https://openrouter.ai/api/v1",
            "https://API.GROQ.COM/openai/v1",
        ] {
            assert!(needs_key(url), "{url}");
        }
        for url in [
            "http://localhost:11434/v1",
            "http://127.0.0.1:8090/v1",
            "https://llm.internal.example/v1",
            "https://notopenrouter.ai/v1",
            "not a url",
        ] {
            assert!(!needs_key(url), "{url}");
        }
    }

    #[test]
    fn the_default_deadline_is_minutes_and_timeouts_resolve_from_flags_and_profiles() {
        let cfg = ModelConfig::new("http://localhost:8000/v1", "m");
        assert_eq!(cfg.timeout, Duration::from_secs(300));
        assert_eq!(cfg.idle_timeout, Duration::from_secs(60));
        let (_d, mut args) =
            with_file("[profiles.x]\nmodel = \"m\"\ntimeout_secs = 90\nidle_timeout_secs = 20\n");
        args.profile = Some("x".into());
        let env = env_of(&[]);
        let cfg = resolve_with(&args, &env).unwrap().unwrap();
        assert_eq!(cfg.timeout, Duration::from_secs(90));
        assert_eq!(cfg.idle_timeout, Duration::from_secs(20));
        args.timeout = Some(30);
        args.idle_timeout = Some(5);
        let cfg = resolve_with(&args, &env).unwrap().unwrap();
        assert_eq!(cfg.timeout, Duration::from_secs(30));
        assert_eq!(cfg.idle_timeout, Duration::from_secs(5));
    }

    #[test]
    fn an_empty_key_variable_counts_as_unset() {
        let (_d, mut args) = with_file("");
        args.model = Some("m".into());
        let cfg = resolve_with(&args, &env_of(&[("OPENAI_API_KEY", "  ")]))
            .unwrap()
            .unwrap();
        assert_eq!(cfg.api_key, None);
    }

    fn with_file(text: &str) -> (tempfile::TempDir, Overrides) {
        let dir = tempfile::tempdir().unwrap();
        let p = dir.path().join("config.toml");
        std::fs::write(&p, text).unwrap();
        let args = Overrides {
            config: Some(p),
            ..Overrides::default()
        };
        (dir, args)
    }

    #[test]
    fn no_model_means_offline() {
        // The default path may not exist; an empty environment gives None.
        let env = env_of(&[("HANDOFF_CONFIG", "/nonexistent/x.toml")]);
        let args = Overrides::default();
        // HANDOFF_CONFIG names a file explicitly, so a missing one is an error…
        assert!(resolve_with(&args, &env).is_err());
        // …while a config file with no profile and no model resolves to None.
        let (_d, args) = with_file("");
        assert!(resolve_with(&args, &env_of(&[])).unwrap().is_none());
        let (_d, mut args) = with_file("");
        args.model = Some("m".into());
        args.offline = true;
        assert!(resolve_with(&args, &env_of(&[])).unwrap().is_none());
    }

    #[test]
    fn env_and_flags() {
        let (_d, args) = with_file("");
        let env = env_of(&[
            ("HANDOFF_MODEL", "gpt-4o-mini"),
            ("OPENAI_API_KEY", "sk-test-123"),
        ]);
        let cfg = resolve_with(&args, &env).unwrap().unwrap();
        assert_eq!(cfg.model, "gpt-4o-mini");
        assert_eq!(cfg.base_url, DEFAULT_BASE_URL);
        assert_eq!(cfg.api_key.as_deref(), Some("sk-test-123"));
        assert_eq!(cfg.max_tokens_field, MaxTokensField::MaxCompletionTokens);
        assert_eq!(cfg.context_window, 128_000);
        let dbg = format!("{cfg:?}");
        assert!(
            !dbg.contains("sk-test-123") && dbg.contains("[REDACTED]"),
            "{dbg}"
        );

        let mut args = args.clone();
        args.model = Some("qwen2.5-coder:7b".into());
        args.base_url = Some("http://127.0.0.1:11434/v1/".into());
        args.api_key_env = Some("MY_KEY".into());
        let cfg = resolve_with(&args, &env).unwrap().unwrap();
        assert_eq!(cfg.model, "qwen2.5-coder:7b");
        assert_eq!(cfg.base_url, "http://127.0.0.1:11434/v1");
        assert_eq!(cfg.api_key, None);
        assert_eq!(cfg.max_tokens_field, MaxTokensField::MaxTokens);
    }

    #[test]
    fn profiles_from_file_and_builtins() {
        let (_d, args) = with_file(
            r#"
default_profile = "local"
[profiles.local]
base_url = "http://localhost:8000/v1"
model = "Qwen/Qwen2.5-Coder-32B-Instruct"
context_window = 16384
response_format = "json_object"
[profiles.ollama]
model = "llama3.1:8b"
"#,
        );
        let cfg = resolve_with(&args, &env_of(&[])).unwrap().unwrap();
        assert_eq!(cfg.profile.as_deref(), Some("local"));
        assert_eq!(cfg.context_window, 16384);
        assert_eq!(cfg.response_mode, ResponseMode::JsonObject);

        let mut a = args.clone();
        a.profile = Some("ollama".into());
        let cfg = resolve_with(&a, &env_of(&[])).unwrap().unwrap();
        assert_eq!(cfg.base_url, "http://localhost:11434/v1");
        assert_eq!(cfg.model, "llama3.1:8b");

        // A built-in profile without a model needs --model.
        let (_d, mut a) = with_file("");
        a.profile = Some("vllm".into());
        let err = resolve_with(&a, &env_of(&[])).unwrap_err().to_string();
        assert!(err.contains("names no model"), "{err}");
        a.model = Some("m".into());
        let cfg = resolve_with(&a, &env_of(&[])).unwrap().unwrap();
        assert_eq!(cfg.base_url, "http://localhost:8000/v1");

        let (_d, mut a) = with_file("");
        a.profile = Some("nope".into());
        let err = resolve_with(&a, &env_of(&[])).unwrap_err().to_string();
        assert!(
            err.contains("unknown profile") && err.contains("ollama"),
            "{err}"
        );
    }

    #[test]
    fn the_example_changes_nothing_until_uncommented() {
        let file: FileConfig = toml::from_str(EXAMPLE).unwrap();
        assert!(file.default_profile.is_none() && file.profiles.is_empty());
        // Every example line, uncommented, is a field the loader knows.
        let uncommented: String = EXAMPLE
            .lines()
            .filter_map(|l| l.strip_prefix("# "))
            .filter(|l| l.starts_with('[') || l.contains(" = "))
            .map(|l| format!("{l}\n"))
            .collect();
        let file: FileConfig = toml::from_str(&uncommented).unwrap();
        assert_eq!(file.default_profile.as_deref(), Some("ollama"));
        assert_eq!(
            file.profiles.keys().collect::<Vec<_>>(),
            ["ollama", "openai", "vllm", "work"]
        );
        let env = env_of(&[]);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("config.toml");
        std::fs::write(&path, &uncommented).unwrap();
        let args = Overrides {
            config: Some(path),
            ..Overrides::default()
        };
        let cfg = resolve_with(&args, &env).unwrap().unwrap();
        assert_eq!(cfg.base_url, "http://localhost:11434/v1");
        assert_eq!(cfg.model, "qwen2.5-coder:14b");
    }

    #[test]
    fn bad_config_files_are_clear_errors() {
        let (_d, args) = with_file("[profiles.x]\napi_key = \"sk-inline\"\n");
        let err = resolve_with(&args, &env_of(&[])).unwrap_err().to_string();
        assert!(
            err.contains("config.toml") && err.contains("api_key"),
            "{err}"
        );
        let (_d, args) = with_file("default_profile = [\n");
        let err = resolve_with(&args, &env_of(&[])).unwrap_err().to_string();
        assert!(err.contains("line"), "{err}");
    }

    #[test]
    fn plain_http_only_to_loopback() {
        assert!(check_url("http://localhost:11434/v1", false).is_ok());
        assert!(check_url("http://127.0.0.1:8000/v1", false).is_ok());
        assert!(check_url("http://[::1]:8000/v1", false).is_ok());
        assert!(check_url("https://api.openai.com/v1", false).is_ok());
        let err = check_url("http://10.0.0.5:8000/v1", false)
            .unwrap_err()
            .to_string();
        assert!(err.contains("--allow-insecure-http"), "{err}");
        assert!(check_url("http://10.0.0.5:8000/v1", true).is_ok());
        assert!(check_url("ftp://x/v1", true).is_err());
        assert!(check_url("not a url", true).is_err());

        let (_d, mut a) = with_file("");
        a.model = Some("m".into());
        a.base_url = Some("http://gpu-box.lan:8000/v1".into());
        assert!(resolve_with(&a, &env_of(&[])).is_err());
        a.allow_insecure_http = true;
        assert!(resolve_with(&a, &env_of(&[])).is_ok());
    }

    #[test]
    fn budget_leaves_room_for_output() {
        let mut cfg = ModelConfig::new("http://localhost/v1", "unknown-model");
        assert_eq!(cfg.context_window, tokens::DEFAULT_CONTEXT_WINDOW);
        let b = cfg.prompt_budget();
        assert!(b < 8192 - 2048 && b > 2048, "{b}");
        cfg.budget = Some(1000);
        assert_eq!(cfg.prompt_budget(), 1000);
    }
}
