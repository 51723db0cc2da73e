//! Where batch notes go (`DIR/<project>/<date>-<agent>-<session>.md` plus the JSON sidecar), how
//! a note is placed so that a run killed at any moment and started again ends with the same
//! notes, and `DIR/index.md`.

use super::manifest::{Key, Status};
use crate::write::{numbered, persist, sanitize, sidecar_path, temp_with, write_atomic};
use serde_json::Value;
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

/// Folder used when a session's project is unknown.
pub(crate) const UNKNOWN_PROJECT: &str = "unknown-project";
/// The index file inside the output folder.
pub(crate) const INDEX: &str = "index.md";
/// Most `-N` suffixes tried for one stem.
const MAX_SUFFIX: usize = 1000;
/// Key of the batch facts added to a sidecar.
const SIDECAR_KEY: &str = "batch";

/// The folder (relative to the output folder) and file stem of a session's note.
pub(crate) fn layout(
    project: Option<&str>,
    date: Option<chrono::DateTime<chrono::Utc>>,
    agent: &str,
    session: &str,
) -> (String, String) {
    let folder = project
        .map(|p| p.replace('\\', "/"))
        .and_then(|p| p.trim_end_matches('/').rsplit('/').next().map(sanitize))
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| UNKNOWN_PROJECT.to_string());
    let day = date
        .map(|d| d.format("%Y-%m-%d").to_string())
        .unwrap_or_else(|| "undated".to_string());
    let session = match sanitize(session) {
        s if s.is_empty() => "session".to_string(),
        s => s,
    };
    (folder, format!("{day}-{agent}-{session}"))
}

/// The sidecar JSON with the batch key added, so that a later run can recognise the note.
/// Re-serialising undoes the pipeline's escaping of hidden characters, so it is applied again.
pub(crate) fn tag_sidecar(sidecar_json: &str, key: &Key) -> crate::Result<String> {
    let mut v: Value = serde_json::from_str(sidecar_json)
        .map_err(|e| crate::Error::Usage(format!("the sidecar is not JSON: {e}")))?;
    if let Value::Object(map) = &mut v {
        map.insert(
            SIDECAR_KEY.to_string(),
            serde_json::to_value(key).unwrap_or(Value::Null),
        );
    }
    let text = serde_json::to_string_pretty(&v)
        .map_err(|e| crate::Error::Usage(format!("cannot serialise the sidecar: {e}")))?;
    Ok(format!("{}\n", crate::escape::json(&text)))
}

/// The batch key recorded in a sidecar, if any.
fn sidecar_key(side: &Path) -> Option<Key> {
    let file = std::fs::File::open(side).ok()?;
    let v: Value = serde_json::from_reader(std::io::BufReader::new(file)).ok()?;
    serde_json::from_value(v.get(SIDECAR_KEY)?.clone()).ok()
}

/// A note and its sidecar written to synced temp files in their folder, ready to be [`place`]d.
/// Writing them is the slow part (two fsyncs); it needs no lock.
pub(crate) struct Prepared {
    note: tempfile::NamedTempFile,
    sidecar: tempfile::NamedTempFile,
}

/// Writes `markdown` and `sidecar` to temp files in `dir`.
pub(crate) fn prepare(dir: &Path, markdown: &str, sidecar: &str) -> crate::Result<Prepared> {
    std::fs::create_dir_all(dir).map_err(|e| {
        crate::Error::input(
            dir,
            format!("cannot create the notes folder ({e}); check --out"),
        )
    })?;
    let probe = dir.join("note.md");
    Ok(Prepared {
        note: temp_with(&probe, markdown.as_bytes())?,
        sidecar: temp_with(&probe, sidecar.as_bytes())?,
    })
}

/// Puts a prepared note and sidecar under `dir/stem.md` (or `stem-N.md` when a different note has
/// the name), or finds them already there from a run that was killed before its manifest line
/// (the temp files are then dropped). A half pair left by a crash (a note without its sidecar or
/// the reverse) is replaced. Callers serialise calls for one folder. Returns the note's path.
pub(crate) fn place(
    dir: &Path,
    stem: &str,
    key: &Key,
    prepared: Prepared,
) -> crate::Result<PathBuf> {
    for n in 1..=MAX_SUFFIX {
        let note = dir.join(numbered(stem, n));
        let side = sidecar_path(&note);
        let overwrite = match (note.exists(), side.exists()) {
            (true, true) => {
                if sidecar_key(&side).as_ref() == Some(key) {
                    return Ok(note);
                }
                continue;
            }
            (false, false) => false,
            _ => true,
        };
        // The sidecar first: a note on disk always has its sidecar, and a sidecar alone is a
        // half pair that the next run replaces.
        persist(prepared.sidecar, &side, overwrite)?;
        persist(prepared.note, &note, overwrite)?;
        return Ok(note);
    }
    Err(crate::Error::input(
        dir,
        format!("{MAX_SUFFIX} notes named {stem}* already exist"),
    ))
}

/// One row of the index.
#[derive(Debug, Clone)]
struct Row {
    date: String,
    project: String,
    agent: String,
    goal: String,
    open_loops: usize,
    counts: String,
    link: String,
}

/// Regenerates `DIR/index.md` from the manifest's done records (newest first), reading each
/// note's sidecar for its goal, open loops and validator counts. Returns how many notes it lists.
pub(crate) fn write_index<'a>(
    dir: &Path,
    records: impl Iterator<Item = &'a super::manifest::SessionRecord>,
) -> crate::Result<usize> {
    let mut rows: Vec<Row> = Vec::new();
    for r in records.filter(|r| r.status == Status::Done) {
        let Some(rel) = &r.note else { continue };
        let note = dir.join(rel);
        if !note.exists() {
            continue;
        }
        let side: Value = std::fs::File::open(sidecar_path(&note))
            .ok()
            .and_then(|f| serde_json::from_reader(std::io::BufReader::new(f)).ok())
            .unwrap_or(Value::Null);
        let n = &side["note"];
        let c = &n["header"]["counts"];
        let num = |k: &str| c[k].as_u64().unwrap_or(0);
        rows.push(Row {
            date: r
                .date
                .as_deref()
                .map(|d| d.chars().take(10).collect())
                .unwrap_or_else(|| "undated".into()),
            project: r
                .project
                .as_deref()
                .map(|p| {
                    p.replace('\\', "/")
                        .trim_end_matches('/')
                        .rsplit('/')
                        .next()
                        .unwrap_or(p)
                        .to_string()
                })
                .unwrap_or_else(|| "—".into()),
            agent: cell(&r.agent, 40),
            goal: cell(n["goal"]["text"].as_str().unwrap_or("—"), 90),
            open_loops: n["open_loops"].as_array().map(Vec::len).unwrap_or(0),
            counts: format!(
                "{} ✓ · {} ? · {} ✗",
                num("verified"),
                num("unverified"),
                num("contradicted")
            ),
            link: rel.replace('\\', "/"),
        });
    }
    rows.sort_by(|a, b| b.date.cmp(&a.date).then_with(|| a.link.cmp(&b.link)));
    let mut out = String::from("# Session notes\n\n");
    let _ = writeln!(
        out,
        "{} note(s), newest first. Validator counts: ✓ verified · ? unverified · ✗ contradicted. Written by `handoff batch`; regenerated at the end of every run.\n",
        rows.len()
    );
    out.push_str("| date | project | agent | goal | open loops | validator | note |\n");
    out.push_str("|---|---|---|---|---|---|---|\n");
    for r in &rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {} | {} | [{}]({}) |",
            r.date,
            cell(&r.project, 40),
            r.agent,
            r.goal,
            r.open_loops,
            r.counts,
            r.link.rsplit('/').next().unwrap_or(&r.link),
            r.link.replace(' ', "%20")
        );
    }
    write_atomic(&dir.join(INDEX), out.as_bytes(), true)?;
    Ok(rows.len())
}

/// Text made safe for one table cell: one line, no pipes, bounded.
fn cell(s: &str, max: usize) -> String {
    // Escaped like every field of a note: no control characters, bidi overrides or raw HTML.
    let flat = crate::escape::markdown_text(s).replace('|', "\\|");
    crate::redact::clip(&flat, max).into_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(h: &str) -> Key {
        Key {
            content_hash: h.into(),
            drafter: "offline".into(),
            model: None,
            prompt_version: "p".into(),
        }
    }

    #[test]
    fn layout_names_project_date_agent_session() {
        let d = "2026-03-04T05:06:07Z".parse().ok();
        assert_eq!(
            layout(Some("/home/u/my app/"), d, "codex", "abc/../x"),
            (
                "my-app".to_string(),
                "2026-03-04-codex-abc-..-x".to_string()
            )
        );
        assert_eq!(
            layout(None, None, "aider", ""),
            (
                UNKNOWN_PROJECT.to_string(),
                "undated-aider-session".to_string()
            )
        );
        assert_eq!(layout(Some("C:\\src\\Web"), d, "cline", "1").0, "Web");
    }

    #[test]
    fn tagged_sidecar_keeps_hidden_characters_escaped() {
        let tagged = tag_sidecar("{\"note\":{\"title\":\"a\\u202eb\"}}", &key("h")).unwrap();
        assert!(!tagged.contains('\u{202e}'), "{tagged}");
        assert!(tagged.contains("\\u202e"), "{tagged}");
        let back: Value = serde_json::from_str(&tagged).unwrap();
        assert_eq!(back["note"]["title"], "a\u{202e}b");
    }

    #[test]
    fn place_adopts_its_own_note_replaces_half_pairs_and_suffixes_others() {
        let dir = tempfile::tempdir().unwrap();
        let side = |k: &Key| tag_sidecar("{\"note\":{}}", k).unwrap();
        let put = |k: &Key, text: &str| {
            let p = prepare(dir.path(), text, &side(k)).unwrap();
            place(dir.path(), "s", k, p).unwrap()
        };
        let a = put(&key("a"), "A");
        assert!(a.ends_with("s.md"));
        // Same key again (a killed run's note): adopted, not rewritten.
        let again = put(&key("a"), "A2");
        assert_eq!(again, a);
        assert_eq!(std::fs::read_to_string(&a).unwrap(), "A");
        // Another key (the transcript grew): a new note.
        let b = put(&key("b"), "B");
        assert!(b.ends_with("s-2.md"));
        // A half pair from a crash is replaced.
        std::fs::remove_file(sidecar_path(&b)).unwrap();
        let b2 = put(&key("b"), "B2");
        assert_eq!(b2, b);
        assert_eq!(std::fs::read_to_string(&b).unwrap(), "B2");
        assert!(sidecar_path(&b).exists());
        // The adopted note's temp files are gone.
        let temps = std::fs::read_dir(dir.path())
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        assert_eq!(temps, 0);
    }
}
