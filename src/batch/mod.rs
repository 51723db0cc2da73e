//! `handoff batch`: many recorded sessions → one note each, through the same pipeline as
//! `summarize`, with bounded concurrency, a per-session timeout, one shared rate limiter for the
//! model server, an append-only manifest that makes a killed run resumable, and an index.
//!
//! Data flow per session: discover (sniff the head) → hash the file → skip when the manifest
//! has its key done → collect (its transcript, its project's git state and what happened since)
//! → draft (offline or model) → the shared post-draft pipeline → place the note → one manifest
//! line. Workers hold one session's evidence at a time; the main thread owns the manifest.

pub(crate) mod discover;
pub(crate) mod manifest;
pub(crate) mod notes;
pub(crate) mod openai;
mod progress;
mod projects;

use crate::analysis::Analysis;
use crate::config::ModelConfig;
use crate::draft::llm::{Client, limit::Limiter};
use crate::error::Outcome;
use crate::evidence::Evidence;
use crate::evidence::transcript::Format;
use crate::note::Note;
use chrono::{DateTime, Utc};
use discover::Candidate;
use manifest::{Key, Line, Manifest, SessionRecord, Status};
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::time::{Duration, Instant};

/// What a batch run does: the `handoff batch` flags as plain data (`cli.rs` fills it).
#[derive(Debug, Clone)]
pub(crate) struct Options {
    /// Session files, folders or globs (empty: every agent's session store).
    pub sources: Vec<String>,
    /// Folder of the notes, `manifest.jsonl` and `index.md`.
    pub out: PathBuf,
    /// Sessions summarized at once.
    pub jobs: Option<u32>,
    /// Only sessions active on or after this time.
    pub since: Option<chrono::DateTime<chrono::Utc>>,
    /// Only sessions started on or before this time.
    pub until: Option<chrono::DateTime<chrono::Utc>>,
    /// Only sessions whose project is this folder or inside it.
    pub project: Option<PathBuf>,
    /// Folders whose child repositories may hold a moved project.
    pub repo_root: Vec<PathBuf>,
    /// Which model drafts the notes.
    pub model: crate::config::Overrides,
    /// List what would be summarized, and exit.
    pub dry_run: bool,
    /// Summarize again the sessions that failed in an earlier run.
    pub retry_failed: bool,
    /// Requests per minute, all workers together.
    pub max_requests_per_minute: Option<u32>,
    /// Tokens per minute, all workers together.
    pub max_tokens_per_minute: Option<u64>,
    /// Seconds before one session is given up.
    pub session_timeout: u64,
    /// No new session once the model has used this many tokens.
    pub budget_tokens: Option<u64>,
    /// No progress and no summary table.
    pub quiet: bool,
    /// Write the requests as Batch API input to this file.
    pub export_openai_batch: Option<PathBuf>,
    /// Batch API results files to read.
    pub import_openai_batch: Vec<PathBuf>,
    /// Run the requests through the server's Batch API.
    pub via: Option<Via>,
    /// First wait between two polls of a submitted batch, in seconds.
    pub poll_interval: f64,
}

/// Where the requests go instead of being sent one by one.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Via {
    /// The OpenAI Batch API (`/v1/files`, `/v1/batches`).
    OpenaiBatch,
}

/// Retries per request in a batch when `--max-retries` is not given: a rate-limited server is
/// waited out (the shared limiter pauses every worker) rather than failing sessions.
const BATCH_MAX_RETRIES: u32 = 8;

/// Who drafts the notes.
// One per run.
#[allow(clippy::large_enum_variant)]
pub(crate) enum Drafter {
    /// The deterministic offline drafter.
    Offline,
    /// A model behind an OpenAI-compatible server.
    Model(Client),
}

impl Drafter {
    /// The model's configuration, `None` offline (what the note's header names).
    fn model(&self) -> Option<&ModelConfig> {
        match self {
            Drafter::Offline => None,
            Drafter::Model(client) => Some(client.config()),
        }
    }
}

/// What every worker shares.
pub(crate) struct Ctx {
    out: PathBuf,
    drafter: Drafter,
    /// Builds prompts for estimates and exports when drafting offline.
    preview: Option<Client>,
    rt: tokio::runtime::Runtime,
    prompt_version: String,
    projects: projects::Projects,
    place_lock: Mutex<()>,
    tokens_used: AtomicU64,
    budget: Option<u64>,
    timeout: Duration,
    retry_failed: bool,
    /// Read at the start; the main thread appends.
    snapshot: Arc<Manifest>,
}

impl Ctx {
    fn drafter_name(&self) -> &'static str {
        match self.drafter {
            Drafter::Offline => "offline",
            Drafter::Model(_) => "llm",
        }
    }

    fn model(&self) -> Option<String> {
        match &self.drafter {
            Drafter::Offline => None,
            Drafter::Model(c) => Some(c.config().model.clone()),
        }
    }

    fn key(&self, content_hash: String) -> Key {
        Key {
            content_hash,
            drafter: self.drafter_name().to_string(),
            model: self.model(),
            prompt_version: self.prompt_version.clone(),
        }
    }

    /// A prompt-building client: the model's, else one previewing the defaults.
    fn prompter(&self) -> Option<&Client> {
        match &self.drafter {
            Drafter::Model(c) => Some(c),
            Drafter::Offline => self.preview.as_ref(),
        }
    }
}

/// The state of a session before anything is done for it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Before {
    New,
    Done,
    FailedEarlier,
    Exported,
}

/// How one session's job ended.
#[derive(Debug)]
enum Finished {
    Written(SessionRecord),
    Failed(SessionRecord),
    Skipped(Before, String),
    NotStarted,
    Estimated(Estimate),
    Exported(SessionRecord, String),
}

/// A dry-run row.
#[derive(Debug)]
struct Estimate {
    candidate: Candidate,
    state: &'static str,
    prompt_tokens: Option<usize>,
}

/// One piece of work.
// Jobs live in one list for the run; the variants are of a size.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
enum Job {
    Live(Candidate),
    Estimate(Candidate),
    Export(Candidate),
    /// A results-file line: the exported record and the response body (or the error).
    Import(
        SessionRecord,
        std::result::Result<serde_json::Value, String>,
    ),
}

/// Runs `handoff batch`.
pub(crate) fn run(args: &Options) -> crate::Result<Outcome> {
    let started = Instant::now();
    if args.out.exists() && !args.out.is_dir() {
        return Err(crate::Error::input(
            &args.out,
            "is a file; --out needs a folder for the notes and the manifest",
        ));
    }
    std::fs::create_dir_all(&args.out).map_err(|e| {
        crate::Error::input(
            &args.out,
            format!("cannot create it ({e}); choose another --out"),
        )
    })?;
    let mut model_args = args.model.clone();
    if model_args.max_retries.is_none() {
        model_args.max_retries = Some(BATCH_MAX_RETRIES);
    }
    let cfg = crate::config::resolve(&model_args)?.filter(|_| !args.model.offline);
    let needs_model = args.export_openai_batch.is_some()
        || !args.import_openai_batch.is_empty()
        || args.via.is_some();
    if needs_model && cfg.is_none() {
        return Err(crate::Error::Usage(
            "the Batch API needs a model: pass --model (and --base-url for a server other than OpenAI)".into(),
        ));
    }
    let jobs = args.jobs.map(|j| j as usize).unwrap_or_else(|| match cfg {
        Some(_) => 4,
        None => std::thread::available_parallelism()
            .map(|n| n.get())
            .unwrap_or(2),
    });
    remove_stale_temps(&args.out);
    let manifest = Manifest::open(&args.out)?;
    let mut warnings: Vec<String> = Vec::new();
    if manifest.skipped > 0 {
        warnings.push(format!(
            "{}: skipped {} unreadable line(s) (a run was interrupted mid-line)",
            args.out.join(manifest::FILE).display(),
            manifest.skipped
        ));
    }
    let ctx = build_ctx(args, cfg.as_ref(), manifest)?;
    let ctx = Arc::new(ctx);

    if !args.import_openai_batch.is_empty() {
        let jobs_list =
            openai::read_results(&args.import_openai_batch, &ctx.snapshot, &mut warnings)?;
        report_warnings(&warnings);
        return finish_run(args, &ctx, jobs_list, jobs, started);
    }
    if args.via.is_some() {
        report_warnings(&warnings);
        return openai::via_batch_api(args, ctx, jobs, started);
    }

    let candidates = discover_all(args, &mut warnings)?;
    report_warnings(&warnings);
    if args.dry_run {
        let list = candidates.into_iter().map(Job::Estimate).collect();
        let results = run_jobs(&ctx, list, jobs);
        return print_dry_run(&ctx, results);
    }
    if let Some(file) = &args.export_openai_batch {
        let list = candidates.into_iter().map(Job::Export).collect();
        let (_, failed) = openai::export(args, &ctx, list, jobs, file, started)?;
        return Ok(if failed > 0 {
            Outcome::Findings
        } else {
            Outcome::Clean
        });
    }
    let list = candidates.into_iter().map(Job::Live).collect();
    finish_run(args, &ctx, list, jobs, started)
}

/// Removes the temp files a killed run left in the output folder (a note is written to a temp
/// file and renamed; kill -9 skips the temp file's own clean-up). One run per `--out` at a time.
fn remove_stale_temps(out: &Path) {
    for e in walkdir::WalkDir::new(out)
        .max_depth(3)
        .into_iter()
        .flatten()
    {
        let name = e.file_name().to_string_lossy();
        if e.file_type().is_file() && name.starts_with(".handoff-") && name.ends_with(".tmp") {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Runs `list` and ends the run: manifest lines, index, summary, exit status.
fn finish_run(
    args: &Options,
    ctx: &Arc<Ctx>,
    list: Vec<Job>,
    jobs: usize,
    started: Instant,
) -> crate::Result<Outcome> {
    let mut manifest = Manifest::open(&ctx.out)?;
    let progress = RunProgress::new(list.len(), args.quiet);
    let mut tally = Tally::default();
    let mut append_err = None;
    run_jobs_with(ctx, list, jobs, |result| {
        if append_err.is_some() {
            return;
        }
        if let Err(e) = record(&mut manifest, &mut tally, result) {
            append_err = Some(e);
        }
        progress.tick(&tally);
    });
    progress.finish();
    if let Some(e) = append_err {
        return Err(e);
    }
    let listed = notes::write_index(&ctx.out, manifest.records())?;
    tally.print(args, ctx, listed, started.elapsed());
    Ok(
        if tally.failed + tally.failed_earlier + tally.not_started > 0 {
            Outcome::Findings
        } else {
            Outcome::Clean
        },
    )
}

/// Counts of a run.
#[derive(Debug, Default)]
pub(crate) struct Tally {
    done: usize,
    written: usize,
    skipped: usize,
    failed: usize,
    failed_earlier: usize,
    not_started: usize,
    tokens_in: u64,
    tokens_out: u64,
    failures: Vec<(String, String)>,
    last: String,
}

/// Appends a finished session's line and counts it.
fn record(manifest: &mut Manifest, tally: &mut Tally, result: Finished) -> crate::Result<()> {
    tally.done += 1;
    match result {
        Finished::Written(r) => {
            tally.written += 1;
            tally.tokens_in += r.tokens_in;
            tally.tokens_out += r.tokens_out;
            tally.last = format!("wrote {}", r.note.as_deref().unwrap_or(""));
            // Identical content met twice in one run is one note and one line.
            if manifest
                .get(&r.key)
                .is_none_or(|prev| prev.status != Status::Done || prev.note != r.note)
            {
                manifest.append(Line::Session(r))?;
            }
        }
        Finished::Failed(r) => {
            tally.failed += 1;
            tally.tokens_in += r.tokens_in;
            tally.tokens_out += r.tokens_out;
            let why = r.error.clone().unwrap_or_default();
            tally.last = format!("failed {}: {why}", r.source);
            tally.failures.push((r.source.clone(), why));
            manifest.append(Line::Session(r))?;
        }
        Finished::Skipped(before, source) => {
            if before == Before::FailedEarlier {
                tally.failed_earlier += 1;
                tally.last = format!("skipped {source} (failed earlier; --retry-failed)");
            } else {
                tally.skipped += 1;
                tally.last = format!("skipped {source} (done)");
            }
        }
        Finished::NotStarted => {
            tally.not_started += 1;
            tally.last = "not started: the token budget is used up".into();
        }
        Finished::Estimated(_) | Finished::Exported(..) => {}
    }
    Ok(())
}

impl Tally {
    fn print(&self, args: &Options, ctx: &Ctx, listed: usize, wall: Duration) {
        for (src, why) in &self.failures {
            let line = format!("{src}: {why}");
            eprintln!("handoff: batch: failed: {}", crate::escape::line(&line));
        }
        if args.quiet {
            return;
        }
        let rows: Vec<(&str, String)> = vec![
            ("sessions", self.done.to_string()),
            ("written", self.written.to_string()),
            ("skipped", format!("{} (already done)", self.skipped)),
            ("failed", self.failed.to_string()),
            (
                "failed before",
                format!("{} (not retried; pass --retry-failed)", self.failed_earlier),
            ),
            (
                "not started",
                format!(
                    "{}{}",
                    self.not_started,
                    if self.not_started > 0 {
                        " (--budget-tokens reached; run again to continue)"
                    } else {
                        ""
                    }
                ),
            ),
            (
                "tokens",
                format!("{} in · {} out", self.tokens_in, self.tokens_out),
            ),
            ("wall time", format!("{:.1} s", wall.as_secs_f64())),
            (
                "index",
                format!("{} ({listed} notes)", ctx.out.join(notes::INDEX).display()),
            ),
        ];
        eprintln!("handoff: batch summary ({})", ctx.drafter_name());
        for (k, v) in rows {
            eprintln!("  {k:<14} {v}");
        }
    }
}

/// Progress plus the counts it shows.
struct RunProgress {
    inner: progress::Progress,
}

impl RunProgress {
    fn new(total: usize, quiet: bool) -> RunProgress {
        RunProgress {
            inner: progress::Progress::new(total, quiet),
        }
    }
    fn tick(&self, t: &Tally) {
        self.inner
            .advance(t.done, t.failed, t.tokens_in + t.tokens_out, &t.last);
    }
    fn finish(&self) {
        self.inner.finish();
    }
}

fn report_warnings(warnings: &[String]) {
    for w in warnings {
        crate::ui::warn(w);
    }
}

fn build_ctx(args: &Options, cfg: Option<&ModelConfig>, manifest: Manifest) -> crate::Result<Ctx> {
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| crate::Error::Model(format!("cannot start the async runtime: {e}")))?;
    let limiter = Arc::new(Limiter::new(
        args.max_requests_per_minute,
        args.max_tokens_per_minute,
    ));
    let (drafter, preview, prompt_version) = match cfg {
        Some(cfg) => {
            let client = Client::new(cfg)?.with_limiter(limiter);
            let v = prompt_version(cfg.prompt_dir.as_deref())?;
            (Drafter::Model(client), None, v)
        }
        None => {
            let preview = if args.dry_run {
                Some(Client::new(&ModelConfig::preview(&args.model))?)
            } else {
                None
            };
            (
                Drafter::Offline,
                preview,
                format!("offline-{}", env!("CARGO_PKG_VERSION")),
            )
        }
    };
    Ok(Ctx {
        out: args.out.clone(),
        drafter,
        preview,
        rt,
        prompt_version,
        projects: projects::Projects::new(args.repo_root.clone()),
        place_lock: Mutex::new(()),
        tokens_used: AtomicU64::new(0),
        budget: args.budget_tokens,
        timeout: Duration::from_secs(args.session_timeout.max(1)),
        retry_failed: args.retry_failed,
        snapshot: Arc::new(manifest),
    })
}

/// The prompt's version: a hash of the templates in use (built in or `--prompt-dir`) and the
/// output schema, so that changing either makes old notes due again.
fn prompt_version(dir: Option<&Path>) -> crate::Result<String> {
    let t = crate::prompt::Templates::load(dir)?;
    let mut h = aws_lc_rs::digest::Context::new(&aws_lc_rs::digest::SHA256);
    for part in [
        &t.system,
        &t.user,
        &t.format_json,
        &t.format_markdown,
        &crate::draft::llm::json_schema().to_string(),
    ] {
        h.update(part.as_bytes());
        h.update(&[0]);
    }
    Ok(format!("p-{}", &hex(h.finish().as_ref())[..12]))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// `sha256:<hex>` of a file, streamed.
pub(crate) fn content_hash(path: &Path) -> std::io::Result<String> {
    let mut f = std::fs::File::open(path)?;
    let mut h = aws_lc_rs::digest::Context::new(&aws_lc_rs::digest::SHA256);
    let mut buf = vec![0u8; 256 * 1024];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
    }
    Ok(format!("sha256:{}", hex(h.finish().as_ref())))
}

/// Every session the sources (or the default stores) hold, filtered by date and project, oldest
/// first.
fn discover_all(args: &Options, warnings: &mut Vec<String>) -> crate::Result<Vec<Candidate>> {
    let mut found = if args.sources.is_empty() {
        let stores = discover::default_stores(&discover::Env::from_process());
        let found = discover::from_stores(&stores, warnings);
        if found.is_empty() {
            warnings.push(
                "no sessions found in any agent's default store (docs/batch.md lists them); pass session files or folders".into(),
            );
        }
        found
    } else {
        discover::from_sources(&args.sources, warnings)?
    };
    let project = args
        .project
        .as_ref()
        .map(|p| projects::normalize(&p.to_string_lossy()));
    found.retain(|c| {
        let date = c.date();
        let last = c.modified.or(date);
        args.since.is_none_or(|s| last.is_none_or(|l| l >= s))
            && args.until.is_none_or(|u| date.is_none_or(|d| d <= u))
            && project.as_ref().is_none_or(|p| {
                c.head
                    .cwd
                    .as_deref()
                    .is_some_and(|cwd| projects::is_inside(&projects::normalize(cwd), p))
            })
    });
    found.sort_by(|a, b| a.date().cmp(&b.date()).then_with(|| a.path.cmp(&b.path)));
    Ok(found)
}

fn run_jobs(ctx: &Arc<Ctx>, list: Vec<Job>, jobs: usize) -> Vec<Finished> {
    let mut out = Vec::new();
    run_jobs_with(ctx, list, jobs, |r| out.push(r));
    out
}

/// Runs `list` on `jobs` workers; `on_result` sees each result on this thread, in completion
/// order. Each session runs on a thread of its own so that the per-session timeout can give up
/// on it.
fn run_jobs_with(ctx: &Arc<Ctx>, list: Vec<Job>, jobs: usize, mut on_result: impl FnMut(Finished)) {
    // The known projects come from the sessions' own folders (for moved projects).
    ctx.projects.learn_once(&list);
    let list = Arc::new(list);
    let next = Arc::new(AtomicUsize::new(0));
    let (tx, rx) = mpsc::channel::<Finished>();
    let mut handles = Vec::new();
    for _ in 0..jobs.min(list.len()).max(1) {
        let (ctx, list, next, tx) = (ctx.clone(), list.clone(), next.clone(), tx.clone());
        handles.push(std::thread::spawn(move || {
            loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(job) = list.get(i) else { break };
                let r = with_timeout(&ctx, job.clone());
                if tx.send(r).is_err() {
                    break;
                }
            }
        }));
    }
    drop(tx);
    for r in rx {
        on_result(r);
    }
    for h in handles {
        let _ = h.join();
    }
}

/// Runs one job on its own thread, giving up after the per-session timeout (the abandoned
/// thread then writes nothing).
fn with_timeout(ctx: &Arc<Ctx>, job: Job) -> Finished {
    let (tx, rx) = mpsc::channel();
    let abandoned = Arc::new(AtomicBool::new(false));
    let (c, a, j) = (ctx.clone(), abandoned.clone(), job.clone());
    let spawned = std::thread::Builder::new()
        .name("handoff-session".into())
        .spawn(move || {
            let _ = tx.send(process(&c, &j, &a));
        });
    if spawned.is_err() {
        return process(ctx, &job, &abandoned);
    }
    match rx.recv_timeout(ctx.timeout) {
        Ok(r) => r,
        Err(_) => {
            let _held = ctx.place_lock.lock().unwrap_or_else(|e| e.into_inner());
            match rx.try_recv() {
                Ok(r) => r,
                Err(_) => {
                    abandoned.store(true, Ordering::SeqCst);
                    let why = format!(
                        "timed out after {} s (--session-timeout)",
                        ctx.timeout.as_secs()
                    );
                    match job {
                        Job::Live(c) | Job::Export(c) | Job::Estimate(c) => {
                            Finished::Failed(failed_record(ctx, &c, None, why))
                        }
                        Job::Import(r, _) => Finished::Failed(SessionRecord {
                            at: now_text(),
                            status: Status::Failed,
                            error: Some(why),
                            note: None,
                            ..r
                        }),
                    }
                }
            }
        }
    }
}

fn now_text() -> String {
    Utc::now().to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
}

/// A failure record for a candidate.
fn failed_record(ctx: &Ctx, c: &Candidate, hash: Option<String>, why: String) -> SessionRecord {
    let hash =
        hash.unwrap_or_else(|| content_hash(&c.path).unwrap_or_else(|_| "unreadable".into()));
    SessionRecord {
        at: now_text(),
        status: Status::Failed,
        source: c.path.display().to_string(),
        session: c.head.session_id.clone(),
        agent: c.format.name().to_string(),
        project: c.head.cwd.clone(),
        date: c
            .date()
            .map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        key: ctx.key(hash),
        tokens_in: 0,
        tokens_out: 0,
        note: None,
        error: Some(one_line(&why)),
        custom_id: None,
    }
}

fn one_line(s: &str) -> String {
    let flat = s.split_whitespace().collect::<Vec<_>>().join(" ");
    crate::redact::redact(&flat).into_owned()
}

/// What the manifest says of `key` before this run.
fn before(ctx: &Ctx, key: &Key) -> Before {
    match ctx.snapshot.get(key) {
        Some(r) if r.status == Status::Done => {
            if r.note.as_ref().is_some_and(|n| ctx.out.join(n).exists()) {
                Before::Done
            } else {
                Before::New
            }
        }
        Some(r) if r.status == Status::Failed => Before::FailedEarlier,
        Some(r) if r.status == Status::Exported => Before::Exported,
        _ => Before::New,
    }
}

fn process(ctx: &Arc<Ctx>, job: &Job, abandoned: &AtomicBool) -> Finished {
    match job {
        Job::Live(c) => live(ctx, c, abandoned),
        Job::Estimate(c) => estimate(ctx, c),
        Job::Export(c) => openai::export_one(ctx, c),
        Job::Import(r, answer) => openai::import_one(ctx, r, answer, abandoned),
    }
}

fn live(ctx: &Ctx, c: &Candidate, abandoned: &AtomicBool) -> Finished {
    let hash = match content_hash(&c.path) {
        Ok(h) => h,
        Err(e) => {
            return Finished::Failed(failed_record(
                ctx,
                c,
                Some("unreadable".into()),
                format!("cannot read it: {e}"),
            ));
        }
    };
    let key = ctx.key(hash.clone());
    match before(ctx, &key) {
        Before::Done => return Finished::Skipped(Before::Done, c.path.display().to_string()),
        Before::FailedEarlier if !ctx.retry_failed => {
            return Finished::Skipped(Before::FailedEarlier, c.path.display().to_string());
        }
        _ => {}
    }
    if let Some(b) = ctx.budget
        && ctx.tokens_used.load(Ordering::SeqCst) >= b
    {
        return Finished::NotStarted;
    }
    let fail = |why: String, tin: u64, tout: u64| {
        let mut r = failed_record(ctx, c, Some(hash.clone()), why);
        r.tokens_in = tin;
        r.tokens_out = tout;
        Finished::Failed(r)
    };
    let (ev, project) = match collect(ctx, c) {
        Ok(x) => x,
        Err(e) => return fail(e.to_string(), 0, 0),
    };
    let analysis = crate::analysis::analyse(&ev);
    let (note, tin, tout) = match &ctx.drafter {
        Drafter::Offline => {
            let mut note = crate::draft::offline::draft(&ev, &analysis);
            note.header.drafter = "offline".into();
            note.header.model = None;
            (note, 0, 0)
        }
        Drafter::Model(client) => match ctx.rt.block_on(client.draft_with(&ev, &analysis)) {
            Ok(d) => {
                let (i, o) = d
                    .usage
                    .map(|u| (u.prompt_tokens, u.completion_tokens))
                    .unwrap_or((d.prompt_tokens as u64, 0));
                // A session larger than the budget spent its chunk requests too.
                let (ci, co) = d
                    .chunked
                    .as_ref()
                    .map_or((0, 0), |c| c.usage.unwrap_or((c.prompt_tokens as u64, 0)));
                let (i, o) = (i + ci, o + co);
                ctx.tokens_used.fetch_add(i + o, Ordering::SeqCst);
                (d.note, i, o)
            }
            Err(e) => return fail(e.to_string(), 0, 0),
        },
    };
    match write(ctx, c, &ev, &analysis, project, note, &key, abandoned) {
        Ok(mut r) => {
            r.tokens_in = tin;
            r.tokens_out = tout;
            Finished::Written(r)
        }
        Err(e) => fail(e.to_string(), tin, tout),
    }
}

/// The evidence of a candidate's session, with its project's git state when the project is on
/// this machine (mapped when it moved).
pub(crate) fn collect(ctx: &Ctx, c: &Candidate) -> crate::Result<(Evidence, Option<String>)> {
    let found = ctx.projects.resolve(&c.head);
    let mut ev = crate::evidence::collect_session(&c.path, Some(c.format), found.dir.as_deref())?;
    let project = found.confirm(&mut ev);
    Ok((ev, project))
}

/// The one place where batch enters the pipeline shared with `summarize` after drafting
/// (header facts, computed workspace state, redaction, validation, rendering).
fn pipeline_finish(
    ctx: &Ctx,
    note: Note,
    ev: &Evidence,
    analysis: &Analysis,
    now: DateTime<Utc>,
) -> crate::Result<crate::pipeline::Summary> {
    let note = crate::pipeline::complete(note, ev, analysis, ctx.drafter.model(), now);
    crate::pipeline::finish(note, ev, analysis)
}

/// Validates, renders and places the note; the record to append.
#[allow(clippy::too_many_arguments)]
pub(crate) fn write(
    ctx: &Ctx,
    c: &Candidate,
    ev: &Evidence,
    analysis: &Analysis,
    project: Option<String>,
    note: Note,
    key: &Key,
    abandoned: &AtomicBool,
) -> crate::Result<SessionRecord> {
    let summary = pipeline_finish(ctx, note, ev, analysis, Utc::now())?;
    let sidecar = notes::tag_sidecar(&summary.sidecar_json, key)?;
    let session = match ev.transcript.as_ref() {
        Some(t) => t
            .session
            .id
            .clone()
            .or_else(|| c.head.session_id.clone())
            .unwrap_or_else(|| t.session.name()),
        None => c
            .path
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    let date = ev
        .transcript
        .as_ref()
        .and_then(|t| t.session.started_at)
        .or_else(|| c.date());
    let (folder, stem) = notes::layout(project.as_deref(), date, c.format.name(), &session);
    let dir = ctx.out.join(&folder);
    let prepared = notes::prepare(&dir, &summary.markdown, &sidecar)?;
    let placed = {
        let _held = ctx.place_lock.lock().unwrap_or_else(|e| e.into_inner());
        if abandoned.load(Ordering::SeqCst) {
            return Err(crate::Error::Usage("timed out".into()));
        }
        notes::place(&dir, &stem, key, prepared)?
    };
    let rel = placed
        .strip_prefix(&ctx.out)
        .unwrap_or(&placed)
        .to_string_lossy()
        .replace('\\', "/");
    Ok(SessionRecord {
        at: now_text(),
        status: Status::Done,
        source: c.path.display().to_string(),
        session: Some(session),
        agent: c.format.name().to_string(),
        project,
        date: date.map(|d| d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)),
        key: key.clone(),
        tokens_in: 0,
        tokens_out: 0,
        note: Some(rel),
        error: None,
        custom_id: None,
    })
}

fn estimate(ctx: &Ctx, c: &Candidate) -> Finished {
    let state =
        match content_hash(&c.path) {
            Err(_) => "unreadable",
            Ok(hash) => match before(ctx, &ctx.key(hash)) {
                Before::Done => "done",
                Before::FailedEarlier if !ctx.retry_failed => "failed before",
                Before::Exported => "exported",
                _ => {
                    if ctx.snapshot.records().any(|r| {
                        r.source == c.path.display().to_string() && r.status == Status::Done
                    }) {
                        "changed"
                    } else {
                        "new"
                    }
                }
            },
        };
    let prompt_tokens = if matches!(state, "new" | "changed" | "exported")
        || (state == "failed before" && ctx.retry_failed)
    {
        collect(ctx, c).ok().and_then(|(ev, _)| {
            let client = ctx.prompter()?;
            client
                .prompt(&ev, client.config().prompt_budget())
                .ok()
                .map(|p| p.total_tokens)
        })
    } else {
        None
    };
    Finished::Estimated(Estimate {
        candidate: c.clone(),
        state,
        prompt_tokens,
    })
}

fn print_dry_run(ctx: &Ctx, results: Vec<Finished>) -> crate::Result<Outcome> {
    let mut rows: Vec<Estimate> = results
        .into_iter()
        .filter_map(|r| match r {
            Finished::Estimated(e) => Some(e),
            _ => None,
        })
        .collect();
    rows.sort_by(|a, b| {
        a.candidate
            .date()
            .cmp(&b.candidate.date())
            .then_with(|| a.candidate.path.cmp(&b.candidate.path))
    });
    let mut out = String::new();
    out.push_str(&format!(
        "{:<11} {:<12} {:<24} {:>9} {:<14} {:>8}  {}\n",
        "date", "agent", "project", "size", "state", "tokens", "source"
    ));
    let mut total = 0usize;
    let mut todo = 0usize;
    for r in &rows {
        let c = &r.candidate;
        let project = c
            .head
            .cwd
            .as_deref()
            .map(|p| notes::layout(Some(p), None, "", "").0)
            .unwrap_or_else(|| "?".into());
        let tokens = r
            .prompt_tokens
            .map(|t| {
                total += t;
                t.to_string()
            })
            .unwrap_or_else(|| "-".into());
        if r.prompt_tokens.is_some() {
            todo += 1;
        }
        out.push_str(&format!(
            "{:<11} {:<12} {:<24} {:>9} {:<14} {:>8}  {}\n",
            c.date()
                .map(|d| d.format("%Y-%m-%d").to_string())
                .unwrap_or_else(|| "undated".into()),
            c.format.name(),
            project.chars().take(24).collect::<String>(),
            human_size(c.size),
            r.state,
            tokens,
            c.path.display()
        ));
    }
    out.push_str(&format!(
        "{} session(s); {todo} to summarize, about {total} prompt tokens{}\n",
        rows.len(),
        match ctx.drafter {
            Drafter::Offline => " if sent to a model (offline drafting sends none)",
            Drafter::Model(_) => "",
        }
    ));
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut lock = stdout.lock();
    lock.write_all(out.as_bytes())
        .and_then(|()| lock.flush())
        .map_err(|e| crate::Error::io("<stdout>", e))?;
    Ok(Outcome::Clean)
}

fn human_size(n: u64) -> String {
    match n {
        n if n >= 1 << 20 => format!("{:.1} MB", n as f64 / (1 << 20) as f64),
        n if n >= 1 << 10 => format!("{:.1} kB", n as f64 / 1024.0),
        n => format!("{n} B"),
    }
}

/// A format from its name in the manifest.
pub(crate) fn format_named(name: &str) -> Option<Format> {
    Format::from_name(name)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_format_name_maps_back() {
        for f in Format::ALL {
            assert_eq!(format_named(f.name()), Some(f));
        }
    }
}
