//! Writing notes: atomically (temp file in the same folder, then rename), never overwriting an
//! existing note unless asked, with the JSON sidecar next to it.
//!
//! Replacing a file (`--force`, `validate --write`) only ever replaces a regular file (through a
//! symlink, its target), and keeps its permissions. Temp files are named after the writing
//! process (`.handoff-<pid>-….tmp`): one left behind by a run that was killed before its
//! rename is removed by the next write into the same folder, once its writer is gone.

use crate::evidence::Evidence;
use crate::note::Note;
use crate::validate::Report;
use crate::{Error, Result};
use serde::{Deserialize, Serialize};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Folder of notes in the repository root (the one `summarize` and the hooks write to), left
/// out of the git evidence.
pub(crate) const DEFAULT_DIR: &str = crate::evidence::git::NOTE_DIR;

/// The JSON sidecar written next to each note (`NOTE.json`).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub(crate) struct Sidecar {
    /// The note as data, every claim with its citations and validator flag.
    pub note: Note,
    /// The validator's report.
    pub report: Report,
    /// What evidence the note was built from.
    pub evidence: EvidenceSummary,
    /// The repair round, when one ran (a model draft with findings).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub repair: Option<crate::pipeline::Repair>,
}

/// Counts and ids of the evidence behind a note (the full bundle is `handoff collect --json`).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct EvidenceSummary {
    /// Repository root, branch and HEAD id, when there is a repository.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub git: Option<GitSummary>,
    /// Test runs: `T*` id, command, verdict and counts.
    pub tests: Vec<TestSummaryLine>,
    /// Transcript source and counts, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<TranscriptSummary>,
    /// Collection warnings.
    pub warnings: Vec<String>,
}

/// The `G` item in short.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct GitSummary {
    /// Worktree root.
    pub root: String,
    /// Branch, `None` when detached.
    pub branch: Option<String>,
    /// HEAD id, `None` on an unborn branch.
    pub head: Option<String>,
    /// Paths in `git status`.
    pub changed: usize,
}

/// One `T*` item in short.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TestSummaryLine {
    /// Evidence id.
    pub id: String,
    /// Command line, when known.
    pub command: Option<String>,
    /// Passed as a whole.
    pub ok: bool,
    /// Tests passed.
    pub passed: u64,
    /// Tests failed.
    pub failed: u64,
}

/// The transcript in short: source and how many items of each id family it holds.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct TranscriptSummary {
    /// File read.
    pub source: String,
    /// Format name.
    pub agent: Option<String>,
    /// Session id.
    pub session_id: Option<String>,
    /// Messages `M1…Mn`.
    pub messages: usize,
    /// Commands `C1…Cn`.
    pub commands: usize,
    /// Edits `E1…En`.
    pub edits: usize,
}

impl EvidenceSummary {
    /// Summarises `ev`.
    pub(crate) fn of(ev: &Evidence) -> Self {
        EvidenceSummary {
            git: ev.git.as_ref().map(|g| GitSummary {
                root: g.root.clone(),
                branch: g.branch.clone(),
                head: g.head.as_ref().map(|h| h.id.clone()),
                changed: g.status.len(),
            }),
            tests: ev
                .tests
                .iter()
                .map(|t| TestSummaryLine {
                    id: t.id.clone(),
                    command: t.command.clone(),
                    ok: t.ok,
                    passed: t.passed,
                    failed: t.failed,
                })
                .collect(),
            transcript: ev.transcript.as_ref().map(|t| TranscriptSummary {
                source: t.session.source.clone(),
                agent: t.session.agent.map(|a| a.name().to_string()),
                session_id: t.session.id.clone(),
                messages: t.message_count() as usize,
                commands: t.commands.len(),
                edits: t.edits.len(),
            }),
            warnings: ev.warnings.clone(),
        }
    }
}

/// Where a note goes.
#[derive(Debug, Clone)]
pub(crate) enum Target {
    /// Into this folder, under the default name `<stem>.md` (`-2`, `-3`… when taken).
    Dir(PathBuf),
    /// Exactly this file; an existing file is an error unless `force`.
    File {
        /// The note's path.
        path: PathBuf,
        /// Replace an existing note (and sidecar).
        force: bool,
    },
}

/// The paths written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Written {
    /// The Markdown note.
    pub note: PathBuf,
    /// The JSON sidecar.
    pub sidecar: PathBuf,
}

/// Most `-N` suffixes tried before giving up on a default name.
const MAX_SUFFIX: usize = 1000;

/// Writes the note and its sidecar to `target`. Both are written to temp files in the
/// destination folder first and then renamed, so a crash never leaves half a note.
pub(crate) fn write_note(
    target: &Target,
    stem: &str,
    markdown: &str,
    sidecar: &str,
) -> Result<Written> {
    match target {
        Target::Dir(dir) => {
            create_dir(dir)?;
            for n in 1..=MAX_SUFFIX {
                let note = dir.join(numbered(stem, n));
                let side = sidecar_path(&note);
                if note.exists() || side.exists() {
                    continue;
                }
                match write_pair(&note, &side, markdown, sidecar, false) {
                    Ok(w) => return Ok(w),
                    // Another writer took the name between the check and the rename.
                    Err(Error::Io { source, .. })
                        if source.kind() == std::io::ErrorKind::AlreadyExists =>
                    {
                        continue;
                    }
                    Err(e) => return Err(e),
                }
            }
            Err(Error::input(
                dir,
                format!("{MAX_SUFFIX} notes named {stem}* already exist; choose another --out"),
            ))
        }
        Target::File { path, force } => {
            let side = sidecar_path(path);
            if !force {
                for p in [path, &side] {
                    if p.exists() {
                        return Err(Error::input(
                            p,
                            "already exists; handoff never overwrites a note (pass --force to replace it, or choose another --out)",
                        ));
                    }
                }
            }
            if let Some(parent) = path.parent().filter(|p| !p.as_os_str().is_empty()) {
                create_dir(parent)?;
            }
            write_pair(path, &side, markdown, sidecar, *force).map_err(|e| match e {
                Error::Io { path, source }
                    if source.kind() == std::io::ErrorKind::AlreadyExists =>
                {
                    Error::input(path, "already exists; pass --force to replace it")
                }
                other => other,
            })
        }
    }
}

/// What the note folder's own `.gitignore` holds: everything in it, itself included, so the
/// notes never show in the user's `git status` (as tools that keep a cache folder in the
/// repository do).
pub(crate) const NOTE_DIR_GITIGNORE: &str =
    "# Written by handoff: its notes stay out of git. Empty this file to commit them.\n*\n";

/// Creates the note folder `dir` if needed, with a `.gitignore` ignoring everything in it when
/// it has none. An existing `.gitignore` is left as the user made it (emptied, to commit notes).
pub(crate) fn ignore_note_dir(dir: &Path) -> Result<()> {
    create_dir(dir)?;
    match write_atomic(
        &dir.join(".gitignore"),
        NOTE_DIR_GITIGNORE.as_bytes(),
        false,
    ) {
        Err(Error::Io { source, .. }) if source.kind() == std::io::ErrorKind::AlreadyExists => {
            Ok(())
        }
        other => other,
    }
}

/// The `n`th name for a note with this stem: `stem.md`, then `stem-2.md`, `stem-3.md`…
pub(crate) fn numbered(stem: &str, n: usize) -> String {
    if n == 1 {
        format!("{stem}.md")
    } else {
        format!("{stem}-{n}.md")
    }
}

/// The sidecar of `NOTE.md` is `NOTE.json` (or `NOTE.md.json` if the note itself ends in `.json`).
pub(crate) fn sidecar_path(note: &Path) -> PathBuf {
    let side = note.with_extension("json");
    if side == note {
        let mut s = note.as_os_str().to_owned();
        s.push(".sidecar.json");
        PathBuf::from(s)
    } else {
        side
    }
}

/// The default file stem `<YYYYMMDD-HHMMSS>-<agent>-<session>` for a note of `session` (its
/// agent and [`Session::name`](crate::evidence::transcript::Session::name)), or
/// `<YYYYMMDD-HHMMSS>-<NO_TRANSCRIPT>` when no transcript was read.
pub(crate) fn default_stem(
    now: chrono::DateTime<chrono::Utc>,
    session: Option<&crate::evidence::transcript::Session>,
) -> String {
    let time = now.format("%Y%m%d-%H%M%S");
    let Some(session) = session else {
        return format!("{time}-{NO_TRANSCRIPT}");
    };
    let agent = session.agent.map_or("session", |f| f.name());
    match sanitize(&session.name()) {
        name if name.is_empty() => format!("{time}-{agent}"),
        name => format!("{time}-{agent}-{name}"),
    }
}

/// The name of a note written from git and test evidence alone, with no transcript.
pub(crate) const NO_TRANSCRIPT: &str = "manual";

/// A session id made safe as part of a file name: ASCII letters, digits, `-`, `_` and `.`
/// (no leading dot), everything else `-`, at most 64 characters.
pub(crate) fn sanitize(id: &str) -> String {
    let mapped: String = id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.') {
                c
            } else {
                '-'
            }
        })
        .collect();
    let mut out = String::new();
    for c in mapped.chars() {
        if c == '-' && out.ends_with('-') {
            continue;
        }
        out.push(c);
    }
    let trimmed = out.trim_matches(['-', '.']);
    trimmed.chars().take(64).collect()
}

/// Writes `bytes` to `path` through a temporary file in the same directory, renamed into place,
/// so that a reader never sees half a file; with `overwrite` false an existing file is never
/// replaced (the error kind is `AlreadyExists`), with `overwrite` true only a regular file is
/// (through a symlink, its target), keeping its permissions. The one atomic write: notes,
/// sidecars, and the notes `handoff validate --write` annotates.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8], overwrite: bool) -> Result<()> {
    let path = if overwrite {
        replaceable(path)?
    } else {
        path.to_path_buf()
    };
    let tmp = temp_file(&path, bytes, |dir, e| Error::io(dir, e))?;
    persist(tmp, &path, overwrite)
}

/// The file to write when replacing `path`: `path` itself (or, for a symlink, its target) when
/// it is missing or a regular file; an input error for anything else (a device, a FIFO, a
/// folder, a socket), which `--force` must never replace.
fn replaceable(path: &Path) -> Result<PathBuf> {
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => {
            std::fs::canonicalize(path).map_err(|e| Error::io(path, e))?
        }
        Ok(_) => path.to_path_buf(),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(path.to_path_buf()),
        Err(e) => return Err(Error::io(path, e)),
    };
    match std::fs::metadata(&target) {
        Ok(m) if m.is_file() => Ok(target),
        Ok(_) => Err(Error::input(
            path,
            "is not a regular file; handoff only ever replaces a regular file (choose another --out)",
        )),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(target),
        Err(e) => Err(Error::io(path, e)),
    }
}

fn write_pair(
    note: &Path,
    side: &Path,
    markdown: &str,
    sidecar: &str,
    overwrite: bool,
) -> Result<Written> {
    let (note, side) = if overwrite {
        (&replaceable(note)?, &replaceable(side)?)
    } else {
        (&note.to_path_buf(), &side.to_path_buf())
    };
    let note_tmp = temp_with(note, markdown.as_bytes())?;
    let side_tmp = temp_with(side, sidecar.as_bytes())?;
    persist(note_tmp, note, overwrite)?;
    if let Err(e) = persist(side_tmp, side, overwrite) {
        // Keep the pair consistent: a note whose sidecar could not be written is taken back.
        if !overwrite {
            let _ = std::fs::remove_file(note);
        }
        return Err(e);
    }
    Ok(Written {
        note: note.to_path_buf(),
        sidecar: side.to_path_buf(),
    })
}

/// Temp files start with this, then the writer's process id and `-`.
const TEMP_PREFIX: &str = ".handoff-";
/// Temp files end with this.
const TEMP_SUFFIX: &str = ".tmp";

/// `bytes` in a synced temp file next to `dest`, to be [`persist`]ed; a failure is reported
/// as a note that cannot be written there.
pub(crate) fn temp_with(dest: &Path, bytes: &[u8]) -> Result<tempfile::NamedTempFile> {
    temp_file(dest, bytes, unwritable)
}

/// A synced temporary file holding `bytes`, in `dest`'s directory; `fail` names the error.
fn temp_file(
    dest: &Path,
    bytes: &[u8],
    fail: fn(&Path, std::io::Error) -> Error,
) -> Result<tempfile::NamedTempFile> {
    let dir = match dest.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    sweep_stale_temps(dir);
    let mut tmp = tempfile::Builder::new()
        .prefix(&format!("{TEMP_PREFIX}{}-", std::process::id()))
        .suffix(TEMP_SUFFIX)
        .tempfile_in(dir)
        .map_err(|e| fail(dir, e))?;
    if let Ok(meta) = std::fs::metadata(dest) {
        tmp.as_file()
            .set_permissions(meta.permissions())
            .map_err(|e| fail(dir, e))?;
    }
    tmp.write_all(bytes)
        .and_then(|()| tmp.as_file().sync_all())
        .map_err(|e| fail(dir, e))?;
    Ok(tmp)
}

/// Removes the temp files in `dir` whose writer is no longer running (killed before it could
/// rename or remove them). A file another live process is writing is left alone; a failure to
/// remove one is not this run's problem.
fn sweep_stale_temps(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let Some(pid) = name.to_str().and_then(temp_writer) else {
            continue;
        };
        if pid != std::process::id()
            && !running(pid)
            && entry.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// The process id in a temp file name `.handoff-<pid>-<random>.tmp`.
fn temp_writer(name: &str) -> Option<u32> {
    let rest = name.strip_prefix(TEMP_PREFIX)?.strip_suffix(TEMP_SUFFIX)?;
    rest.split_once('-')?.0.parse().ok()
}

/// Whether a process with this id exists (signal 0 checks without sending anything; EPERM
/// means it exists under another user).
fn running(pid: u32) -> bool {
    let Ok(pid) = libc::pid_t::try_from(pid) else {
        return false;
    };
    // SAFETY: kill with signal 0 only checks whether the process exists.
    let rc = unsafe { libc::kill(pid, 0) };
    rc == 0 || std::io::Error::last_os_error().raw_os_error() == Some(libc::EPERM)
}

/// Renames a [`temp_with`] file to `dest` (with `overwrite` false, never over an existing file;
/// with `overwrite` true, never over anything but a regular file).
pub(crate) fn persist(tmp: tempfile::NamedTempFile, dest: &Path, overwrite: bool) -> Result<()> {
    if overwrite {
        replaceable(dest)?;
    }
    let done = if overwrite {
        tmp.persist(dest).map(|_| ())
    } else {
        tmp.persist_noclobber(dest).map(|_| ())
    };
    done.map_err(|e| Error::io(dest, e.error))
}

fn create_dir(dir: &Path) -> Result<()> {
    if dir.is_dir() {
        return Ok(());
    }
    std::fs::create_dir_all(dir).map_err(|e| unwritable(dir, e))
}

fn unwritable(dir: &Path, e: std::io::Error) -> Error {
    Error::input(
        dir,
        format!("cannot write the note there ({e}); choose a writable folder with --out"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn session_ids_are_sanitised() {
        assert_eq!(sanitize("4774e917-cdfa-4bd4"), "4774e917-cdfa-4bd4");
        assert_eq!(sanitize("../../etc/passwd"), "etc-passwd");
        assert_eq!(sanitize("a b/c\\d:e*f"), "a-b-c-d-e-f");
        assert_eq!(sanitize("...."), "");
        assert_eq!(sanitize(&"x".repeat(200)).len(), 64);
    }

    #[test]
    fn notes_are_named_after_agent_and_session() {
        use crate::evidence::transcript::{Format, Session};
        let now = "2026-05-04T06:15:48Z".parse().unwrap();
        let session = |agent: Format, id: Option<&str>, source: &str| Session {
            id: id.map(str::to_string),
            agent: Some(agent),
            source: source.to_string(),
            ..Session::default()
        };
        let cases = [
            (
                session(Format::ClaudeCode, Some("id/1"), "/p/x.jsonl"),
                "20260504-061548-claude-code-id-1",
            ),
            // No id: the transcript's name.
            (
                session(Format::SweAgent, None, "/runs/django__django-11099.traj"),
                "20260504-061548-swe-agent-django__django-11099",
            ),
            (
                session(Format::Plain, None, "notes/session log.md"),
                "20260504-061548-plain-session-log",
            ),
            (
                session(
                    Format::Cline,
                    None,
                    "/t/tasks/1712345678901/ui_messages.json",
                ),
                "20260504-061548-cline-1712345678901",
            ),
            (
                session(Format::Aider, None, "/p/.aider.chat.history.md"),
                "20260504-061548-aider-chat-history",
            ),
            (
                session(Format::Plain, None, "<stdin>"),
                "20260504-061548-plain-stdin",
            ),
            // An id that sanitises to nothing falls back to the agent alone.
            (
                session(Format::Codex, Some("//"), "/p/r.jsonl"),
                "20260504-061548-codex",
            ),
        ];
        for (s, want) in cases {
            assert_eq!(default_stem(now, Some(&s)), want, "{s:?}");
            assert!(!default_stem(now, Some(&s)).contains(NO_TRANSCRIPT));
        }
        assert_eq!(default_stem(now, None), "20260504-061548-manual");
    }

    #[test]
    fn never_overwrites_and_picks_new_names() {
        let dir = tempfile::tempdir().unwrap();
        let target = Target::Dir(dir.path().join("notes"));
        let a = write_note(&target, "s", "one", "{}").unwrap();
        let b = write_note(&target, "s", "two", "{}").unwrap();
        let c = write_note(&target, "s", "three", "{}").unwrap();
        assert!(a.note.ends_with("notes/s.md") && a.sidecar.ends_with("notes/s.json"));
        assert!(b.note.ends_with("notes/s-2.md"));
        assert!(c.note.ends_with("notes/s-3.md"));
        assert_eq!(std::fs::read_to_string(&a.note).unwrap(), "one");
        let file = Target::File {
            path: a.note.clone(),
            force: false,
        };
        let err = write_note(&file, "", "new", "{}").unwrap_err().to_string();
        assert!(
            err.contains("already exists") && err.contains("--force"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(&a.note).unwrap(), "one");
        let forced = Target::File {
            path: a.note.clone(),
            force: true,
        };
        write_note(&forced, "", "new", "{\"x\":1}").unwrap();
        assert_eq!(std::fs::read_to_string(&a.note).unwrap(), "new");
        assert_eq!(std::fs::read_to_string(&a.sidecar).unwrap(), "{\"x\":1}");
        // No temp files left behind.
        let leftovers = std::fs::read_dir(dir.path().join("notes"))
            .unwrap()
            .filter(|e| {
                e.as_ref()
                    .unwrap()
                    .file_name()
                    .to_string_lossy()
                    .ends_with(".tmp")
            })
            .count();
        assert_eq!(leftovers, 0);
    }

    #[test]
    fn unwritable_folder_is_a_clear_input_error() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("plain-file");
        std::fs::write(&file, "x").unwrap();
        let err = write_note(&Target::Dir(file.join("sub")), "s", "n", "{}").unwrap_err();
        assert!(matches!(err, Error::Input { .. }));
        assert!(
            err.to_string().contains("choose a writable folder"),
            "{err}"
        );
        let err = write_note(
            &Target::Dir(PathBuf::from("/proc/self/handoff-notes")),
            "s",
            "n",
            "{}",
        )
        .unwrap_err();
        assert!(
            err.to_string().contains("/proc/self/handoff-notes"),
            "{err}"
        );
    }

    #[test]
    fn sidecar_sits_next_to_the_note() {
        assert_eq!(
            sidecar_path(Path::new("a/NOTE.md")),
            PathBuf::from("a/NOTE.json")
        );
        assert_eq!(sidecar_path(Path::new("NOTE")), PathBuf::from("NOTE.json"));
        assert_eq!(
            sidecar_path(Path::new("n.json")),
            PathBuf::from("n.json.sidecar.json")
        );
    }

    #[test]
    fn replacing_keeps_the_mode_and_only_replaces_regular_files() {
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let note = dir.path().join("NOTE.md");
        std::fs::write(&note, "old").unwrap();
        std::fs::set_permissions(&note, std::fs::Permissions::from_mode(0o640)).unwrap();
        write_atomic(&note, b"new", true).unwrap();
        let meta = std::fs::metadata(&note).unwrap();
        assert_eq!(meta.permissions().mode() & 0o777, 0o640);
        // Through a symlink, the target is replaced and the link kept.
        let link = dir.path().join("link.md");
        std::os::unix::fs::symlink(&note, &link).unwrap();
        write_atomic(&link, b"newer", true).unwrap();
        assert!(
            std::fs::symlink_metadata(&link)
                .unwrap()
                .file_type()
                .is_symlink()
        );
        assert_eq!(std::fs::read_to_string(&note).unwrap(), "newer");
        // A device (through a link: the test must not touch /dev/null itself) and a folder.
        let device = dir.path().join("device.md");
        std::os::unix::fs::symlink("/dev/null", &device).unwrap();
        let folder = dir.path().join("folder.md");
        std::fs::create_dir(&folder).unwrap();
        for p in [&device, &folder] {
            let err = write_atomic(p, b"x", true).unwrap_err();
            assert!(err.to_string().contains("not a regular file"), "{err}");
        }
        assert!(
            std::fs::symlink_metadata(&device)
                .unwrap()
                .file_type()
                .is_symlink()
        );
    }

    #[test]
    fn temp_files_of_writers_that_are_gone_are_swept() {
        let dir = tempfile::tempdir().unwrap();
        let mut gone = std::process::Command::new("true").spawn().unwrap();
        let gone_pid = gone.id();
        gone.wait().unwrap();
        let name = |pid: u32| format!("{TEMP_PREFIX}{pid}-x1y2z3{TEMP_SUFFIX}");
        for n in [
            name(gone_pid),
            name(std::process::id()),
            name(1),
            ".handoff-notapid.tmp".to_string(),
            "keep.md".to_string(),
        ] {
            std::fs::write(dir.path().join(n), "x").unwrap();
        }
        write_atomic(&dir.path().join("NOTE.md"), b"note", false).unwrap();
        let mut left: Vec<String> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name().into_string().unwrap())
            .collect();
        left.sort();
        let mut want = vec![
            ".handoff-notapid.tmp".to_string(),
            name(1),
            name(std::process::id()),
            "NOTE.md".to_string(),
            "keep.md".to_string(),
        ];
        want.sort();
        assert_eq!(left, want);
        assert_eq!(temp_writer(&name(42)), Some(42));
        assert_eq!(temp_writer(".handoff-x.tmp"), None);
    }
}
