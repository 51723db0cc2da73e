//! `DIR/manifest.jsonl`: one JSON line per outcome, appended, never rewritten. The latest line
//! for a session's key (content hash, drafter, model, prompt version) is its state. A line is
//! appended only after its note is on disk, with one `write`, so a run killed at any moment
//! leaves at worst a torn last line, which the next run skips. Lines are synced to the disk at
//! most [`SYNC_EVERY`] apart and at the end of a run: a power cut may lose the last ones, and
//! the next run finds those notes by the key in their sidecars.

use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// Longest time an appended line waits for its fsync.
pub(crate) const SYNC_EVERY: std::time::Duration = std::time::Duration::from_millis(200);

/// File name of the manifest inside the output folder.
pub(crate) const FILE: &str = "manifest.jsonl";

/// What identifies one note: the same session content summarized the same way.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(crate) struct Key {
    /// `sha256:<hex>` of the transcript file.
    pub content_hash: String,
    /// `offline` or `llm`.
    pub drafter: String,
    /// Model name (none offline).
    pub model: Option<String>,
    /// Version of the prompt (or of the offline drafter).
    pub prompt_version: String,
}

/// A session's state after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Status {
    /// The note is written.
    Done,
    /// The session could not be summarized; `error` says why.
    Failed,
    /// The request was written to a Batch API input file and awaits its result.
    Exported,
}

/// One line about a session.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct SessionRecord {
    /// When the line was written (RFC 3339).
    pub at: String,
    /// Outcome.
    pub status: Status,
    /// The transcript file.
    pub source: String,
    /// Session id, when the agent records one.
    pub session: Option<String>,
    /// Agent (transcript format) name.
    pub agent: String,
    /// The session's project folder, when known.
    pub project: Option<String>,
    /// When the session started (RFC 3339), for the index.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date: Option<String>,
    /// The key.
    #[serde(flatten)]
    pub key: Key,
    /// Prompt tokens the model reported.
    pub tokens_in: u64,
    /// Completion tokens the model reported.
    pub tokens_out: u64,
    /// The note, relative to the output folder.
    pub note: Option<String>,
    /// Why it failed.
    pub error: Option<String>,
    /// The request's id in a Batch API file.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub custom_id: Option<String>,
}

/// A Batch API batch's state.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum BatchStatus {
    /// Created on the server; not imported yet.
    Submitted,
    /// Its results are imported.
    Imported,
}

/// One line about a Batch API batch (`--via openai-batch`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub(crate) struct BatchRecord {
    /// When the line was written.
    pub at: String,
    /// State.
    pub status: BatchStatus,
    /// The server's batch id.
    pub batch_id: String,
    /// The input file on the server.
    pub input_file_id: String,
    /// The same file here (its custom ids say which sessions the batch holds).
    pub input_file: String,
    /// The server's last status word (`completed`, `expired`…), once known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_status: Option<String>,
}

/// One manifest line.
// One line at a time: boxing the bigger variant would buy nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum Line {
    /// About a session.
    Session(SessionRecord),
    /// About a batch.
    Batch(BatchRecord),
}

/// The manifest as read at the start of a run, and the handle lines are appended through.
#[derive(Debug)]
pub(crate) struct Manifest {
    path: PathBuf,
    file: File,
    /// Latest record per key.
    latest: HashMap<Key, SessionRecord>,
    /// Latest exported record per custom id.
    by_custom_id: HashMap<String, SessionRecord>,
    /// Latest line per batch id, in first-seen order.
    batches: Vec<BatchRecord>,
    /// Lines that could not be read (a torn last line after a crash).
    pub skipped: usize,
    synced: std::time::Instant,
}

impl Manifest {
    /// Opens (creating) `dir/manifest.jsonl` and reads what it holds.
    pub(crate) fn open(dir: &Path) -> crate::Result<Manifest> {
        let path = dir.join(FILE);
        let mut file = OpenOptions::new()
            .create(true)
            .read(true)
            .append(true)
            .open(&path)
            .map_err(|e| crate::Error::io(&path, e))?;
        let mut m = Manifest {
            path: path.clone(),
            file: file.try_clone().map_err(|e| crate::Error::io(&path, e))?,
            latest: HashMap::new(),
            by_custom_id: HashMap::new(),
            batches: Vec::new(),
            skipped: 0,
            synced: std::time::Instant::now(),
        };
        file.seek(SeekFrom::Start(0))
            .map_err(|e| crate::Error::io(&path, e))?;
        let mut reader = BufReader::new(&mut file);
        let mut buf = Vec::new();
        loop {
            buf.clear();
            let n = reader
                .read_until(b'\n', &mut buf)
                .map_err(|e| crate::Error::io(&path, e))?;
            if n == 0 {
                break;
            }
            let text = String::from_utf8_lossy(&buf);
            if text.trim().is_empty() {
                continue;
            }
            match serde_json::from_str::<Line>(text.trim()) {
                Ok(line) => m.remember(line),
                Err(_) => m.skipped += 1,
            }
        }
        m.end_with_newline()?;
        Ok(m)
    }

    /// A torn last line (no newline) gets one, so the next line starts clean.
    fn end_with_newline(&mut self) -> crate::Result<()> {
        let len = self
            .file
            .metadata()
            .map_err(|e| crate::Error::io(&self.path, e))?
            .len();
        if len == 0 {
            return Ok(());
        }
        let mut last = [0u8; 1];
        let mut f = File::open(&self.path).map_err(|e| crate::Error::io(&self.path, e))?;
        f.seek(SeekFrom::Start(len - 1))
            .and_then(|_| f.read_exact(&mut last))
            .map_err(|e| crate::Error::io(&self.path, e))?;
        if last[0] != b'\n' {
            self.file
                .write_all(b"\n")
                .map_err(|e| crate::Error::io(&self.path, e))?;
        }
        Ok(())
    }

    fn remember(&mut self, line: Line) {
        match line {
            Line::Session(r) => {
                if let Some(id) = &r.custom_id
                    && r.status == Status::Exported
                {
                    self.by_custom_id.insert(id.clone(), r.clone());
                }
                self.latest.insert(r.key.clone(), r);
            }
            Line::Batch(b) => match self.batches.iter_mut().find(|x| x.batch_id == b.batch_id) {
                Some(x) => *x = b,
                None => self.batches.push(b),
            },
        }
    }

    /// Appends `line` (one write; an fsync when the last was [`SYNC_EVERY`] ago) and remembers it.
    pub(crate) fn append(&mut self, line: Line) -> crate::Result<()> {
        let mut text = serde_json::to_string(&line)
            .map_err(|e| crate::Error::Usage(format!("cannot serialise a manifest line: {e}")))?;
        text.push('\n');
        self.file
            .write_all(text.as_bytes())
            .map_err(|e| crate::Error::io(&self.path, e))?;
        self.remember(line);
        if self.synced.elapsed() >= SYNC_EVERY {
            self.sync()?;
        }
        Ok(())
    }

    /// Syncs the appended lines to the disk.
    pub(crate) fn sync(&mut self) -> crate::Result<()> {
        self.synced = std::time::Instant::now();
        self.file
            .sync_data()
            .map_err(|e| crate::Error::io(&self.path, e))
    }

    /// The latest record for `key`.
    pub(crate) fn get(&self, key: &Key) -> Option<&SessionRecord> {
        self.latest.get(key)
    }

    /// The latest exported record with this custom id.
    pub(crate) fn exported(&self, custom_id: &str) -> Option<&SessionRecord> {
        self.by_custom_id.get(custom_id)
    }

    /// Every session's latest record.
    pub(crate) fn records(&self) -> impl Iterator<Item = &SessionRecord> {
        self.latest.values()
    }

    /// Batches not imported yet.
    pub(crate) fn open_batches(&self) -> Vec<BatchRecord> {
        self.batches
            .iter()
            .filter(|b| b.status == BatchStatus::Submitted)
            .cloned()
            .collect()
    }
}

impl Drop for Manifest {
    /// The lines appended since the last sync reach the disk when the run lets go of the file.
    fn drop(&mut self) {
        let _ = self.file.sync_data();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rec(hash: &str, status: Status) -> Line {
        Line::Session(SessionRecord {
            at: "2026-01-01T00:00:00Z".into(),
            status,
            source: "/s.jsonl".into(),
            session: Some("s".into()),
            agent: "claude-code".into(),
            project: None,
            date: None,
            key: Key {
                content_hash: hash.into(),
                drafter: "offline".into(),
                model: None,
                prompt_version: "p".into(),
            },
            tokens_in: 0,
            tokens_out: 0,
            note: Some("x/n.md".into()),
            error: None,
            custom_id: None,
        })
    }

    #[test]
    fn latest_line_wins_and_a_torn_line_is_skipped() {
        let dir = tempfile::tempdir().unwrap();
        let mut m = Manifest::open(dir.path()).unwrap();
        m.append(rec("a", Status::Failed)).unwrap();
        m.append(rec("a", Status::Done)).unwrap();
        drop(m);
        // A crash mid-line.
        let path = dir.path().join(FILE);
        let mut f = OpenOptions::new().append(true).open(&path).unwrap();
        f.write_all(b"{\"kind\":\"session\",\"at\":\"20").unwrap();
        drop(f);
        let mut m = Manifest::open(dir.path()).unwrap();
        assert_eq!(m.skipped, 1);
        let key = |h: &str| Key {
            content_hash: h.into(),
            drafter: "offline".into(),
            model: None,
            prompt_version: "p".into(),
        };
        assert_eq!(m.get(&key("a")).unwrap().status, Status::Done);
        m.append(rec("b", Status::Done)).unwrap();
        drop(m);
        let m = Manifest::open(dir.path()).unwrap();
        assert_eq!(m.skipped, 1, "the next line starts on its own line");
        assert!(m.get(&key("b")).is_some());
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(text.lines().count(), 4);
        assert!(
            text.lines()
                .next()
                .unwrap()
                .starts_with("{\"kind\":\"session\"")
        );
    }
}
