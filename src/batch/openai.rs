//! The OpenAI Batch API (and vLLM's `run_batch`, which reads and writes the same files):
//! export the requests `summarize` would send as a JSONL input file, import a results file into
//! notes exactly as a live run writes them, and `--via openai-batch`: upload, create, poll,
//! download and import, resumable by the batch id recorded in the manifest.
//!
//! Formats (platform.openai.com/docs/api-reference/batch; docs/batch.md): an input line is
//! `{"custom_id", "method": "POST", "url": "/v1/chat/completions", "body": {…}}`, at most 50,000
//! lines and 200 MB per file; a results line is `{"id", "custom_id", "response": {"status_code",
//! "request_id", "body"}, "error": {"code", "message"} | null}`, in the output file for
//! successes and in the error file for failures.

use super::Options;
use super::discover::{self, Candidate, Head};
use super::manifest::{BatchRecord, BatchStatus, Line, Manifest, SessionRecord, Status};
use super::{Before, Ctx, Drafter, Finished, Job};
use crate::error::Outcome;
use serde_json::{Value, json};
use std::collections::BTreeSet;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Most requests in one input file (the Batch API's limit).
pub(crate) const MAX_REQUESTS_PER_FILE: usize = 50_000;
/// Most bytes in one input file (the Batch API's limit is 200 MB).
pub(crate) const MAX_BYTES_PER_FILE: u64 = 200 * 1000 * 1000;
/// The endpoint every request goes to.
pub(crate) const ENDPOINT: &str = "/v1/chat/completions";
/// Longest wait between two polls.
const MAX_POLL: Duration = Duration::from_secs(60);
/// Folder (inside the output folder) of the files exchanged with the Batch API.
const EXCHANGE_DIR: &str = "openai-batch";

/// The request id of a session's key: stable, so an export run again names the same request.
pub(crate) fn custom_id(key: &super::manifest::Key) -> String {
    let text = serde_json::to_string(key).unwrap_or_default();
    let d = aws_lc_rs::digest::digest(&aws_lc_rs::digest::SHA256, text.as_bytes());
    format!("handoff-{}", &super::hex(d.as_ref())[..24])
}

fn client(ctx: &Ctx) -> crate::Result<&crate::draft::llm::Client> {
    match &ctx.drafter {
        Drafter::Model(c) => Ok(c),
        Drafter::Offline => Err(crate::Error::Usage(
            "the Batch API needs a model: pass --model".into(),
        )),
    }
}

/// Builds one session's request line.
pub(super) fn export_one(ctx: &Ctx, c: &Candidate) -> Finished {
    let hash = match super::content_hash(&c.path) {
        Ok(h) => h,
        Err(e) => {
            return Finished::Failed(super::failed_record(
                ctx,
                c,
                Some("unreadable".into()),
                format!("cannot read it: {e}"),
            ));
        }
    };
    let key = ctx.key(hash.clone());
    match super::before(ctx, &key) {
        Before::Done => return Finished::Skipped(Before::Done, c.path.display().to_string()),
        Before::FailedEarlier if !ctx.retry_failed => {
            return Finished::Skipped(Before::FailedEarlier, c.path.display().to_string());
        }
        _ => {}
    }
    let built = (|| -> crate::Result<(String, Option<String>, String)> {
        let client = client(ctx)?;
        let (ev, project) = super::collect(ctx, c)?;
        let prompt = client.prompt(&ev, client.config().prompt_budget())?;
        let mut body = client.request_body(&prompt, client.config().max_output_tokens);
        if let Value::Object(m) = &mut body {
            // A batch answer is one JSON document, never a stream.
            m.remove("stream");
            m.remove("stream_options");
        }
        let id = custom_id(&key);
        let line = json!({"custom_id": id, "method": "POST", "url": ENDPOINT, "body": body});
        Ok((line.to_string(), project, id))
    })();
    match built {
        Ok((line, project, id)) => {
            let mut r = super::failed_record(ctx, c, Some(hash), String::new());
            r.status = Status::Exported;
            r.error = None;
            r.project = project;
            r.custom_id = Some(id);
            Finished::Exported(r, line)
        }
        Err(e) => Finished::Failed(super::failed_record(ctx, c, Some(hash), e.to_string())),
    }
}

/// Input files split at the API's limits: `FILE`, then `FILE-2`, `FILE-3`… (before the
/// extension), each written to a temp file and renamed when full.
struct SplitWriter {
    base: PathBuf,
    current: Option<(tempfile::NamedTempFile, usize, u64)>,
    done: Vec<PathBuf>,
}

impl SplitWriter {
    fn new(base: &Path) -> SplitWriter {
        SplitWriter {
            base: base.to_path_buf(),
            current: None,
            done: Vec::new(),
        }
    }

    fn name(&self, n: usize) -> PathBuf {
        if n == 1 {
            return self.base.clone();
        }
        let stem = self
            .base
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let name = match self.base.extension() {
            Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
            None => format!("{stem}-{n}"),
        };
        self.base.with_file_name(name)
    }

    fn push(&mut self, line: &str) -> crate::Result<()> {
        let len = line.len() as u64 + 1;
        if let Some((_, lines, bytes)) = &self.current
            && (*lines + 1 > MAX_REQUESTS_PER_FILE || *bytes + len > MAX_BYTES_PER_FILE)
        {
            self.close()?;
        }
        if self.current.is_none() {
            let dir = match self.base.parent() {
                Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
                _ => PathBuf::from("."),
            };
            std::fs::create_dir_all(&dir).map_err(|e| crate::Error::io(&dir, e))?;
            let tmp = tempfile::Builder::new()
                .prefix(".handoff-")
                .suffix(".tmp")
                .tempfile_in(&dir)
                .map_err(|e| crate::Error::io(&dir, e))?;
            self.current = Some((tmp, 0, 0));
        }
        if let Some((tmp, lines, bytes)) = &mut self.current {
            tmp.write_all(line.as_bytes())
                .and_then(|()| tmp.write_all(b"\n"))
                .map_err(|e| crate::Error::io(&self.base, e))?;
            *lines += 1;
            *bytes += len;
        }
        Ok(())
    }

    fn close(&mut self) -> crate::Result<()> {
        if let Some((tmp, _, _)) = self.current.take() {
            let dest = self.name(self.done.len() + 1);
            tmp.as_file()
                .sync_all()
                .map_err(|e| crate::Error::io(&dest, e))?;
            tmp.persist(&dest)
                .map_err(|e| crate::Error::io(&dest, e.error))?;
            self.done.push(dest);
        }
        Ok(())
    }

    fn finish(mut self) -> crate::Result<Vec<PathBuf>> {
        self.close()?;
        Ok(self.done)
    }
}

/// `--export-openai-batch FILE`: writes the input file(s), then records the exported sessions.
/// Returns the files written and how many sessions failed (now or in an earlier run).
pub(super) fn export(
    args: &Options,
    ctx: &Arc<Ctx>,
    list: Vec<Job>,
    jobs: usize,
    file: &Path,
    started: Instant,
) -> crate::Result<(Vec<PathBuf>, usize)> {
    let mut writer = SplitWriter::new(file);
    let mut records: Vec<SessionRecord> = Vec::new();
    let mut failed: Vec<SessionRecord> = Vec::new();
    let mut seen = BTreeSet::new();
    let (mut skipped, mut failed_before, mut err) = (0usize, 0usize, None);
    super::run_jobs_with(ctx, list, jobs, |r| match r {
        Finished::Exported(rec, line) => {
            // Identical content twice is one request.
            if err.is_none() && seen.insert(rec.custom_id.clone()) {
                match writer.push(&line) {
                    Ok(()) => records.push(rec),
                    Err(e) => err = Some(e),
                }
            }
        }
        Finished::Failed(rec) => failed.push(rec),
        Finished::Skipped(Before::FailedEarlier, _) => failed_before += 1,
        _ => skipped += 1,
    });
    if let Some(e) = err {
        return Err(e);
    }
    let files = writer.finish()?;
    // The files exist before any line says a session is exported.
    let mut manifest = Manifest::open(&ctx.out)?;
    for r in records.iter().chain(failed.iter()) {
        manifest.append(Line::Session(r.clone()))?;
    }
    for r in &failed {
        eprintln!(
            "handoff: batch: failed: {}: {}",
            r.source,
            r.error.as_deref().unwrap_or("")
        );
    }
    if !args.quiet {
        eprintln!(
            "handoff: batch: exported {} request(s) in {} file(s), {skipped} skipped (done), {} failed, {failed_before} failed before (pass --retry-failed), {:.1} s",
            records.len(),
            files.len(),
            failed.len(),
            started.elapsed().as_secs_f64()
        );
    }
    let mut out = String::new();
    for f in &files {
        out.push_str(&format!("{}\n", f.display()));
    }
    std::io::stdout()
        .write_all(out.as_bytes())
        .map_err(|e| crate::Error::io("<stdout>", e))?;
    Ok((files, failed.len() + failed_before))
}

/// The response body of a results line, or why there is none.
fn answer_of(line: &Value) -> Result<Value, String> {
    let error = &line["error"];
    if !error.is_null() {
        let code = error["code"].as_str().unwrap_or("error");
        let msg = error["message"].as_str().unwrap_or("");
        return Err(format!("the Batch API reported {code}: {msg}"));
    }
    let resp = &line["response"];
    if resp.is_null() {
        return Err("the results line has no response".into());
    }
    // OpenAI and vLLM wrap the body; accept a bare completion too.
    let body = if resp.get("body").is_some() {
        resp["body"].clone()
    } else {
        resp.clone()
    };
    let status = resp["status_code"].as_u64().unwrap_or(200);
    if status != 200 {
        let msg = body["error"]["message"]
            .as_str()
            .or_else(|| body["message"].as_str())
            .unwrap_or("");
        return Err(format!("the server answered HTTP {status}: {msg}"));
    }
    Ok(body)
}

/// Reads results files into import jobs, matched to the exported sessions by `custom_id`.
pub(super) fn read_results(
    files: &[PathBuf],
    manifest: &Manifest,
    warnings: &mut Vec<String>,
) -> crate::Result<Vec<Job>> {
    let mut jobs = Vec::new();
    for f in files {
        let file = std::fs::File::open(f).map_err(|e| match e.kind() {
            std::io::ErrorKind::NotFound => {
                crate::Error::input(f, "no such results file; check the path")
            }
            _ => crate::Error::io(f, e),
        })?;
        let mut unknown = 0;
        let mut bad = 0;
        for line in BufReader::new(file).lines() {
            let line = line.map_err(|e| crate::Error::io(f, e))?;
            if line.trim().is_empty() {
                continue;
            }
            let Ok(v) = serde_json::from_str::<Value>(&line) else {
                bad += 1;
                continue;
            };
            let Some(id) = v["custom_id"].as_str() else {
                bad += 1;
                continue;
            };
            match manifest.exported(id) {
                Some(r) => jobs.push(Job::Import(r.clone(), answer_of(&v))),
                None => unknown += 1,
            }
        }
        if bad > 0 {
            warnings.push(format!(
                "{}: skipped {bad} line(s) that are not Batch API results",
                f.display()
            ));
        }
        if unknown > 0 {
            warnings.push(format!(
                "{}: {unknown} result(s) match no exported session in {} (exported with another --out?)",
                f.display(),
                manifest::FILE
            ));
        }
    }
    Ok(jobs)
}

use super::manifest;

/// Imports one result: the session's evidence is collected again (its transcript must be the
/// one exported) and the answer goes through the same checks and pipeline as a live answer.
pub(super) fn import_one(
    ctx: &Ctx,
    rec: &SessionRecord,
    answer: &Result<Value, String>,
    abandoned: &AtomicBool,
) -> Finished {
    let path = PathBuf::from(&rec.source);
    let format =
        super::format_named(&rec.agent).unwrap_or(crate::evidence::transcript::Format::Plain);
    let c = Candidate {
        size: std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0),
        modified: None,
        head: discover::sniff(&path, format).unwrap_or_else(|_| Head::default()),
        path,
        format,
    };
    let fail = |why: String, tin: u64, tout: u64| {
        Finished::Failed(SessionRecord {
            at: super::now_text(),
            status: Status::Failed,
            error: Some(super::one_line(&why)),
            note: None,
            tokens_in: tin,
            tokens_out: tout,
            ..rec.clone()
        })
    };
    match ctx.snapshot.get(&rec.key) {
        Some(r)
            if r.status == Status::Done
                && r.note.as_ref().is_some_and(|n| ctx.out.join(n).exists()) =>
        {
            return Finished::Skipped(Before::Done, rec.source.clone());
        }
        _ => {}
    }
    match super::content_hash(&c.path) {
        Ok(h) if h == rec.key.content_hash => {}
        Ok(_) => {
            return fail(
                "the transcript changed since it was exported; export it again".into(),
                0,
                0,
            );
        }
        Err(e) => return fail(format!("cannot read it: {e}"), 0, 0),
    }
    let body = match answer {
        Ok(b) => b,
        Err(why) => return fail(why.clone(), 0, 0),
    };
    let client = match client(ctx) {
        Ok(c) => c,
        Err(e) => return fail(e.to_string(), 0, 0),
    };
    let (ev, project) = match super::collect(ctx, &c) {
        Ok(x) => x,
        Err(e) => return fail(e.to_string(), 0, 0),
    };
    let drafted = match client.import_answer(body) {
        Ok(d) => d,
        Err(e) => return fail(e.to_string(), 0, 0),
    };
    let (tin, tout) = drafted
        .usage
        .map(|u| (u.prompt_tokens, u.completion_tokens))
        .unwrap_or((0, 0));
    let analysis = crate::analysis::analyse(&ev);
    match super::write(
        ctx,
        &c,
        &ev,
        &analysis,
        project,
        drafted.note,
        &rec.key,
        abandoned,
    ) {
        Ok(mut r) => {
            r.tokens_in = tin;
            r.tokens_out = tout;
            r.custom_id = rec.custom_id.clone();
            Finished::Written(r)
        }
        Err(e) => fail(e.to_string(), tin, tout),
    }
}

/// The Files and Batches endpoints of the server.
struct Api {
    http: reqwest::Client,
    base: String,
    key: Option<String>,
}

impl Api {
    fn new(cfg: &crate::config::ModelConfig) -> crate::Result<Api> {
        let http = reqwest::Client::builder()
            .connect_timeout(cfg.connect_timeout)
            .timeout(Duration::from_secs(600))
            .user_agent(concat!("handoff/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|e| crate::Error::Model(format!("cannot set up the HTTP client: {e}")))?;
        Ok(Api {
            http,
            base: cfg.base_url.trim_end_matches('/').to_string(),
            key: cfg.api_key.clone(),
        })
    }

    fn req(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        let mut r = self.http.request(method, format!("{}{path}", self.base));
        if let Some(k) = &self.key {
            r = r.bearer_auth(k);
        }
        r
    }

    async fn json(&self, what: &str, r: reqwest::RequestBuilder) -> crate::Result<Value> {
        let resp = r.send().await.map_err(|e| self.err(what, &e.to_string()))?;
        let status = resp.status();
        let text = resp
            .text()
            .await
            .map_err(|e| self.err(what, &e.to_string()))?;
        if !status.is_success() {
            let v: Value = serde_json::from_str(&text).unwrap_or(Value::Null);
            let msg = v["error"]["message"]
                .as_str()
                .map(str::to_string)
                .unwrap_or_else(|| crate::redact::truncate(&text, 300).to_string());
            return Err(self.err(what, &format!("HTTP {}: {msg}", status.as_u16())));
        }
        serde_json::from_str(&text)
            .map_err(|e| self.err(what, &format!("the answer is not JSON ({e})")))
    }

    fn err(&self, what: &str, msg: &str) -> crate::Error {
        let mut m = format!(
            "{}{what}: {} — check --base-url and that the server offers the Batch API",
            self.base,
            crate::redact::redact(msg)
        );
        if let Some(k) = self.key.as_deref().filter(|k| k.len() >= 4) {
            m = m.replace(k, "[REDACTED:api-key]");
        }
        crate::Error::Model(m)
    }

    /// `POST /files` (multipart, purpose `batch`), the file streamed from disk.
    async fn upload(&self, path: &Path) -> crate::Result<String> {
        let boundary = format!("handoff-{}", custom_id_of_path(path));
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().replace('"', "_"))
            .unwrap_or_else(|| "batch.jsonl".into());
        let head = format!(
            "--{boundary}\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n--{boundary}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"{name}\"\r\nContent-Type: application/jsonl\r\n\r\n"
        );
        let tail = format!("\r\n--{boundary}--\r\n");
        let size = std::fs::metadata(path)
            .map_err(|e| crate::Error::io(path, e))?
            .len();
        let file = tokio::fs::File::open(path)
            .await
            .map_err(|e| crate::Error::io(path, e))?;
        let body = multipart_stream(head.into_bytes(), file, tail.into_bytes());
        let len = size + (body.1 as u64);
        let r = self
            .req(reqwest::Method::POST, "/files")
            .header(
                reqwest::header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={boundary}"),
            )
            .header(reqwest::header::CONTENT_LENGTH, len)
            .body(reqwest::Body::wrap_stream(body.0));
        let v = self.json("/files", r).await?;
        v["id"]
            .as_str()
            .map(str::to_string)
            .ok_or_else(|| self.err("/files", "the answer has no file id"))
    }

    async fn create(&self, input_file_id: &str) -> crate::Result<Value> {
        let r = self.req(reqwest::Method::POST, "/batches").json(&json!({
            "input_file_id": input_file_id,
            "endpoint": ENDPOINT,
            "completion_window": "24h",
            "metadata": {"created_by": "handoff batch"},
        }));
        self.json("/batches", r).await
    }

    async fn get(&self, id: &str) -> crate::Result<Value> {
        let r = self.req(reqwest::Method::GET, &format!("/batches/{id}"));
        self.json("/batches/{id}", r).await
    }

    /// `GET /files/{id}/content`, streamed into `dest` (atomically).
    async fn download(&self, file_id: &str, dest: &Path) -> crate::Result<()> {
        use futures_util::StreamExt;
        let what = format!("/files/{file_id}/content");
        let resp = self
            .req(reqwest::Method::GET, &what)
            .send()
            .await
            .map_err(|e| self.err(&what, &e.to_string()))?;
        if !resp.status().is_success() {
            return Err(self.err(&what, &format!("HTTP {}", resp.status().as_u16())));
        }
        let dir = dest.parent().unwrap_or(Path::new("."));
        let mut tmp = tempfile::Builder::new()
            .prefix(".handoff-")
            .suffix(".tmp")
            .tempfile_in(dir)
            .map_err(|e| crate::Error::io(dir, e))?;
        let mut stream = resp.bytes_stream();
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| self.err(&what, &e.to_string()))?;
            tmp.write_all(&chunk)
                .map_err(|e| crate::Error::io(dest, e))?;
        }
        tmp.as_file()
            .sync_all()
            .map_err(|e| crate::Error::io(dest, e))?;
        tmp.persist(dest)
            .map_err(|e| crate::Error::io(dest, e.error))?;
        Ok(())
    }
}

fn custom_id_of_path(p: &Path) -> String {
    let d = aws_lc_rs::digest::digest(
        &aws_lc_rs::digest::SHA256,
        p.display().to_string().as_bytes(),
    );
    super::hex(d.as_ref())[..16].to_string()
}

type ByteStream = std::pin::Pin<
    Box<dyn futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + 'static>,
>;

/// The multipart body: the head, the file in chunks, the tail; and the head+tail length.
fn multipart_stream(head: Vec<u8>, file: tokio::fs::File, tail: Vec<u8>) -> (ByteStream, usize) {
    use tokio::io::AsyncReadExt;
    let extra = head.len() + tail.len();
    enum St {
        Head(Vec<u8>, tokio::fs::File, Vec<u8>),
        Body(tokio::fs::File, Vec<u8>),
        End,
    }
    let s = futures_util::stream::unfold(St::Head(head, file, tail), |st| async move {
        match st {
            St::Head(h, f, t) => Some((Ok(h), St::Body(f, t))),
            St::Body(mut f, t) => {
                let mut buf = vec![0u8; 256 * 1024];
                match f.read(&mut buf).await {
                    Ok(0) => Some((Ok(t), St::End)),
                    Ok(n) => {
                        buf.truncate(n);
                        Some((Ok(buf), St::Body(f, t)))
                    }
                    Err(e) => Some((Err(e), St::End)),
                }
            }
            St::End => None,
        }
    });
    (Box::pin(s), extra)
}

/// `--via openai-batch`.
pub(super) fn via_batch_api(
    args: &Options,
    ctx: Arc<Ctx>,
    jobs: usize,
    started: Instant,
) -> crate::Result<Outcome> {
    let cfg = client(&ctx)?.config().clone();
    let api = Api::new(&cfg)?;
    let exchange = ctx.out.join(EXCHANGE_DIR);
    std::fs::create_dir_all(&exchange).map_err(|e| crate::Error::io(&exchange, e))?;
    let say = |m: String| {
        if !args.quiet {
            eprintln!("handoff: batch: {m}");
        }
    };
    let mut batches = Manifest::open(&ctx.out)?.open_batches();
    let mut outcome = Outcome::Clean;
    if batches.is_empty() {
        let mut warnings = Vec::new();
        let candidates = super::discover_all(args, &mut warnings)?;
        super::report_warnings(&warnings);
        let list = candidates.into_iter().map(Job::Export).collect();
        let stamp = chrono::Utc::now().format("%Y%m%d-%H%M%S");
        let (files, failed) = export(
            args,
            &ctx,
            list,
            jobs,
            &exchange.join(format!("{stamp}-input.jsonl")),
            started,
        )?;
        if failed > 0 {
            outcome = Outcome::Findings;
        }
        for f in files {
            let file_id = ctx.rt.block_on(api.upload(&f))?;
            let b = ctx.rt.block_on(api.create(&file_id))?;
            let id = b["id"]
                .as_str()
                .ok_or_else(|| api.err("/batches", "the answer has no batch id"))?
                .to_string();
            let rec = BatchRecord {
                at: super::now_text(),
                status: BatchStatus::Submitted,
                batch_id: id.clone(),
                input_file_id: file_id,
                input_file: f.display().to_string(),
                server_status: b["status"].as_str().map(str::to_string),
            };
            Manifest::open(&ctx.out)?.append(Line::Batch(rec.clone()))?;
            say(format!("submitted {id} ({})", f.display()));
            batches.push(rec);
        }
    } else {
        for b in &batches {
            say(format!(
                "resuming {} from {}",
                b.batch_id,
                super::manifest::FILE
            ));
        }
    }
    for b in batches {
        let server = poll(&ctx, &api, &b.batch_id, args.poll_interval, &say)?;
        let status = server["status"].as_str().unwrap_or("unknown").to_string();
        let mut files = Vec::new();
        for (field, suffix) in [("output_file_id", "output"), ("error_file_id", "errors")] {
            if let Some(id) = server[field].as_str().filter(|s| !s.is_empty()) {
                let dest = exchange.join(format!("{}-{suffix}.jsonl", b.batch_id));
                ctx.rt.block_on(api.download(id, &dest))?;
                files.push(dest);
            }
        }
        let snapshot = Manifest::open(&ctx.out)?;
        let mut warnings = Vec::new();
        let mut list = read_results(&files, &snapshot, &mut warnings)?;
        super::report_warnings(&warnings);
        // Requests of this batch with no result line: the batch ended before they ran.
        let answered: BTreeSet<String> = list
            .iter()
            .filter_map(|j| match j {
                Job::Import(r, _) => r.custom_id.clone(),
                _ => None,
            })
            .collect();
        let why = match status.as_str() {
            "failed" => format!(
                "the batch failed: {}",
                server["errors"]["data"]
                    .as_array()
                    .map(|a| a
                        .iter()
                        .filter_map(|e| e["message"].as_str())
                        .collect::<Vec<_>>()
                        .join("; "))
                    .unwrap_or_default()
            ),
            s => format!("the batch ended {s} before this request ran"),
        };
        for id in input_ids(Path::new(&b.input_file))? {
            if !answered.contains(&id)
                && let Some(r) = snapshot.exported(&id)
            {
                list.push(Job::Import(r.clone(), Err(why.clone())));
            }
        }
        drop(snapshot);
        if super::finish_run(args, &ctx, list, jobs, started)? == Outcome::Findings {
            outcome = Outcome::Findings;
        }
        Manifest::open(&ctx.out)?.append(Line::Batch(BatchRecord {
            at: super::now_text(),
            status: BatchStatus::Imported,
            server_status: Some(status),
            ..b
        }))?;
    }
    Ok(outcome)
}

/// The custom ids of an input file.
fn input_ids(path: &Path) -> crate::Result<Vec<String>> {
    let file = std::fs::File::open(path).map_err(|e| crate::Error::io(path, e))?;
    let mut ids = Vec::new();
    for line in BufReader::new(file).lines() {
        let line = line.map_err(|e| crate::Error::io(path, e))?;
        if let Ok(v) = serde_json::from_str::<Value>(&line)
            && let Some(id) = v["custom_id"].as_str()
        {
            ids.push(id.to_string());
        }
    }
    Ok(ids)
}

/// Polls a batch until it ends (completed, expired, failed or cancelled), waiting longer each
/// time up to a minute.
fn poll(ctx: &Ctx, api: &Api, id: &str, first: f64, say: &dyn Fn(String)) -> crate::Result<Value> {
    let mut wait = Duration::from_secs_f64(first.max(0.01));
    let mut last = String::new();
    loop {
        let b = ctx.rt.block_on(api.get(id))?;
        let status = b["status"].as_str().unwrap_or("unknown").to_string();
        let counts = &b["request_counts"];
        let line = format!(
            "{id}: {status} ({}/{} done, {} failed)",
            counts["completed"].as_u64().unwrap_or(0),
            counts["total"].as_u64().unwrap_or(0),
            counts["failed"].as_u64().unwrap_or(0)
        );
        if line != last {
            say(line.clone());
            last = line;
        }
        if matches!(
            status.as_str(),
            "completed" | "expired" | "failed" | "cancelled"
        ) {
            return Ok(b);
        }
        std::thread::sleep(wait);
        wait = (wait.mul_f64(1.5)).min(MAX_POLL);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn results_lines_of_every_shape() {
        let ok = json!({"id":"r1","custom_id":"c","response":{"status_code":200,"request_id":"q","body":{"choices":[]}},"error":null});
        assert_eq!(answer_of(&ok).unwrap(), json!({"choices":[]}));
        let http = json!({"custom_id":"c","response":{"status_code":400,"body":{"error":{"message":"bad"}}},"error":null});
        assert!(answer_of(&http).unwrap_err().contains("HTTP 400: bad"));
        let expired = json!({"custom_id":"c","response":null,"error":{"code":"batch_expired","message":"This request could not be executed before the completion window expired."}});
        assert!(answer_of(&expired).unwrap_err().contains("batch_expired"));
        // vLLM docs show a bare completion as the response.
        let bare = json!({"custom_id":"c","response":{"id":"x","choices":[1]}});
        assert_eq!(answer_of(&bare).unwrap()["choices"][0], 1);
    }

    #[test]
    fn input_files_split_at_the_limit() {
        let dir = tempfile::tempdir().unwrap();
        let mut w = SplitWriter::new(&dir.path().join("in.jsonl"));
        w.current = None;
        for i in 0..3 {
            w.push(&format!("{{\"n\":{i}}}")).unwrap();
        }
        // Pretend the first file is full.
        if let Some((_, lines, _)) = &mut w.current {
            *lines = MAX_REQUESTS_PER_FILE;
        }
        w.push("{\"n\":3}").unwrap();
        let files = w.finish().unwrap();
        assert_eq!(files.len(), 2);
        assert!(files[1].ends_with("in-2.jsonl"));
        assert_eq!(
            std::fs::read_to_string(&files[0]).unwrap().lines().count(),
            3
        );
        assert_eq!(std::fs::read_to_string(&files[1]).unwrap(), "{\"n\":3}\n");
    }
}
